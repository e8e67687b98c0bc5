// swift-tools-version: 6.2
// The finger-painting client, its touch and gesture core, and the tools around them.
import PackageDescription

let package = Package(
    name: "FingerPaint",
    products: [
        .library(name: "TouchUI", targets: ["TouchUI"]),
        .library(name: "SeatInput", targets: ["SeatInput"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The platform-free touch and gesture core: touches, views, windows, recognizers. Imports Foundation at most.
        .target(name: "TouchUI"),
        // The platform-free seat-event stream, its trace format, and the translator into TouchUI touches.
        .target(name: "SeatInput", dependencies: ["TouchUI"]),
        // Prints what a trace does to the touch core, one line per touch call: for checking traces by eye.
        .executableTarget(name: "touchdump", dependencies: ["SeatInput", "TouchUI"]),
        .testTarget(
            name: "TouchUITests",
            dependencies: ["TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SeatInputTests",
            dependencies: ["SeatInput", "TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
