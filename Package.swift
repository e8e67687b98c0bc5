// swift-tools-version: 6.2
// The finger-painting client, its touch and gesture core, and the tools around them.
import PackageDescription

let package = Package(
    name: "FingerPaint",
    products: [
        .library(name: "TouchUI", targets: ["TouchUI"]),
        .library(name: "SeatInput", targets: ["SeatInput"]),
        .library(name: "PaintModel", targets: ["PaintModel"]),
        .library(name: "PaintRender", targets: ["PaintRender"]),
        .library(name: "FingerPaintCore", targets: ["FingerPaintCore"]),
        .executable(name: "fingerpaint", targets: ["FingerPaint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The platform-free touch and gesture core: touches, views, windows, recognizers. Imports Foundation at most.
        .target(name: "TouchUI"),
        // The platform-free seat-event stream, its trace format, and the translator into TouchUI touches.
        .target(name: "SeatInput", dependencies: ["TouchUI"]),
        // Cairo, from the system (pkg-config).
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // Strokes, brushes, smoothing, undo and the document format. Plain Swift: no Cairo.
        .target(name: "PaintModel", dependencies: ["TouchUI"]),
        // The Cairo canvas renderer: committed strokes drawn once, strokes in progress drawn incrementally.
        .target(name: "PaintRender", dependencies: ["PaintModel", "CCairo", "TouchUI"]),
        // The painting app without a compositor: canvas and palette views, keys, autosave, headless replay.
        .target(name: "FingerPaintCore", dependencies: ["TouchUI", "SeatInput", "PaintModel", "PaintRender"]),
        // The `fingerpaint` program.
        .executableTarget(name: "FingerPaint", dependencies: ["FingerPaintCore", "PaintModel", "SeatInput", "TouchUI"]),
        // `swift run -c release paint-benchmark`: render cost per frame against drawing and canvas size.
        .executableTarget(
            name: "paint-benchmark", dependencies: ["FingerPaintCore", "PaintRender", "PaintModel", "SeatInput", "TouchUI"],
            path: "Sources/PaintBenchmark"
        ),
        .testTarget(
            name: "TouchUITests",
            dependencies: ["TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SeatInputTests",
            dependencies: ["SeatInput", "TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(name: "PaintModelTests", dependencies: ["PaintModel", "TouchUI"]),
        .testTarget(
            name: "FingerPaintTests",
            dependencies: ["FingerPaintCore", "PaintRender", "PaintModel", "SeatInput", "TouchUI"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
