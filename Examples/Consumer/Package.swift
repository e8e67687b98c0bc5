// swift-tools-version: 6.2
// A package that uses the gesture library as another project would: through its library products only, by path.
// `scripts/check-consumer.sh` (run by `make test`) builds it and checks that nothing of the programs' Wayland and
// Cairo code was built for it (docs/examples.md, "A consumer of the library products").
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is whatever the repository was cloned into.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "consumer",
            dependencies: [.product(name: "TouchUI", package: library), .product(name: "SeatInput", package: library)]
        ),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [.product(name: "TouchUI", package: library), .product(name: "TouchUITesting", package: library)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
