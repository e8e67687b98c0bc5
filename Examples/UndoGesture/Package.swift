// swift-tools-version: 6.2
// The example app, built as another project would build it: a package of its own that depends on the repository by
// path and uses its library products only (TouchUI, SeatInput, WaylandApp; TouchUITesting for its tests), with
// its own binding of the system's Cairo. `scripts/check-undo-gesture.sh` (run by `make test`) builds it, runs its
// tests and checks what was compiled for it (docs/examples.md).
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is whatever the repository was cloned into.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "UndoGesture",
    dependencies: [
        .package(path: "../.."),
        // The same command-line parser as the repository's programs, so both resolve to one version.
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // The board: the gesture decisions, on the core alone. The part to copy.
        .target(name: "UndoGestureBoard", dependencies: [.product(name: "TouchUI", package: library)], path: "Board"),
        // The program: the board in a window on the compositor, drawn with Cairo.
        .executableTarget(
            name: "undo-gesture",
            dependencies: [
                "UndoGestureBoard", "Cairo",
                .product(name: "TouchUI", package: library), .product(name: "SeatInput", package: library),
                .product(name: "WaylandApp", package: library),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "App"
        ),
        // The system's Cairo (Debian: libcairo2-dev). The repository's own binding is not a product.
        .systemLibrary(name: "Cairo", path: "Cairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // The board fed realistic seat-event streams. The program's own tests, on touch-replay, are the
        // repository's (Tests/UndoGestureProgramTests): they run its built program.
        .testTarget(
            name: "UndoGestureTests",
            dependencies: [
                "UndoGestureBoard", .product(name: "TouchUI", package: library),
                .product(name: "SeatInput", package: library), .product(name: "TouchUITesting", package: library),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
