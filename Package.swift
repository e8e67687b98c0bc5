// swift-tools-version: 6.2
// The finger-painting client, its touch and gesture core, and the tools around them.
import PackageDescription

let package = Package(
    name: "FingerPaint",
    products: [
        .library(name: "TouchUI", targets: ["TouchUI"]),
        .library(name: "SeatInput", targets: ["SeatInput"]),
        .library(name: "TouchUITesting", targets: ["TouchUITesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // The platform-free touch and gesture core: touches, views, windows, recognizers. Imports Foundation at most.
        .target(name: "TouchUI"),
        // The platform-free seat-event stream, its trace format, and the translator into TouchUI touches.
        .target(name: "SeatInput", dependencies: ["TouchUI"]),
        // Test support shipped with the core: scripted touches, realistic traces, logs of recognizers and views.
        .target(name: "TouchUITesting", dependencies: ["TouchUI", "SeatInput"]),
        .testTarget(
            name: "TouchUITests",
            dependencies: ["TouchUI", "SeatInput", "TouchUITesting", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SeatInputTests",
            dependencies: ["SeatInput", "TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
