// swift-tools-version: 6.2
// The finger-painting client, its touch and gesture core, and the tools around them.
import PackageDescription

let package = Package(
    name: "FingerPaint",
    // The libraries are the gesture library's API (docs/api-review.md): the core, its geometry, the seat-event
    // stream and the translator, its test support, and a window for apps on the compositor. The programs' own
    // modules are not products.
    products: [
        .library(name: "Geometry", targets: ["Geometry"]),
        .library(name: "TouchUI", targets: ["TouchUI"]),
        .library(name: "SeatStream", targets: ["SeatStream"]),
        .library(name: "SeatInput", targets: ["SeatInput"]),
        .library(name: "TouchUITesting", targets: ["TouchUITesting"]),
        .library(name: "WaylandApp", targets: ["WaylandApp"]),
        .executable(name: "touch-replay", targets: ["touch-replay"]),
        .executable(name: "wayland-hello", targets: ["wayland-hello"]),
        .executable(name: "fingerpaint", targets: ["fingerpaint"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        // `make docs`: the DocC catalogs of TouchUI, SeatInput and TouchUITesting as a static site.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    // Every executable target is named as its command (`touch-replay`, `fingerpaint`), its sources in
    // Sources/ under the command's name in UpperCamelCase (Sources/TouchReplay, Sources/FingerPaint).
    targets: [
        // Points, sizes, rectangles in logical points and in device pixels, timestamps: for every module below.
        .target(name: "Geometry"),
        // Locks, conditions and threads on pthreads (which ThreadSanitizer sees), for modules without Foundation.
        .target(name: "Threading", dependencies: ["CShims"]),
        // The platform-free touch and gesture core: touches, views, windows, recognizers. Imports Foundation at most;
        // re-exports Geometry.
        .target(name: "TouchUI", dependencies: ["Geometry"]),
        // The seat-event stream as plain values and its trace format (reading and writing): what a Wayland seat or a
        // recording says. Depends on Geometry only, so the Wayland client links no gesture code.
        .target(name: "SeatStream", dependencies: ["Geometry"]),
        // The translator of seat events into TouchUI touches, and device recordings into traces; re-exports
        // SeatStream.
        .target(name: "SeatInput", dependencies: ["SeatStream", "TouchUI"]),
        // The painter's own language: messages through glibc's gettext, the language chosen as GNU programs do.
        .target(name: "Localization", dependencies: ["CShims"]),
        // The messages of the sources as a gettext template, and the check of their marking (docs/translations.md).
        .executableTarget(
            name: "message-catalogue",
            dependencies: ["Localization", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/MessageCatalogue"
        ),
        // What the programs' command lines share: the version, the canvas size, usage errors with status 2.
        .target(
            name: "CommandLineSupport",
            dependencies: ["Localization", "Geometry", "SeatInput", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Prints what a trace does to the touch core, one line per touch call: for checking traces by eye.
        .executableTarget(
            name: "touchdump",
            dependencies: [
                "SeatInput", "TouchUI", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/TouchDump"
        ),
        // Plays a trace through KWin's real input path with its fake input device (docs/kwin-replay.md).
        .executableTarget(
            name: "kwin-replay",
            dependencies: ["Localization",
                "SeatInput", "CWaylandClient", "CWaylandProtocols", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/KWinReplay"
        ),
        // The gesture demo: every recognizer on one canvas, its log and its drawing; and its program.
        .target(
            name: "GestureDemoKit", dependencies: ["Localization", "TouchUI", "SeatInput", "CCairo", "PaintRender", "WaylandApp", "WaylandClient"]
        ),
        .executableTarget(name: "gesture-demo",
            dependencies: ["Localization",
                "GestureDemoKit", "PaintModel", "SeatInput", "TouchUI", "WaylandApp", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/GestureDemo"),

        // The example app (docs/examples.md) is an outside package of its own, Examples/UndoGesture, on the library
        // products; its program runs here on touch-replay, built from that package (scripts/check-undo-gesture.sh).
        .testTarget(name: "UndoGestureProgramTests", dependencies: ["ProcessTesting", "SeatInput", "TouchUI", "TouchUITesting"]),

        // Wayland, input and drawing libraries of the system (Debian: libwayland-dev, libxkbcommon-dev, libcairo2-dev).
        .systemLibrary(name: "CWaylandClient", pkgConfig: "wayland-cursor", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libpng and libjpeg-turbo (Debian: libpng-dev, libjpeg-dev), called by CImageCodecs alone (and by the tests,
        // which write JPEG files with it).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg-dev"])]),
        // libpng and libjpeg behind setjmp, since they report errors by longjmp: a thin shim, one step a call.
        .target(name: "CImageCodecs", dependencies: ["CPNG", "CJPEG"]),
        // PNG and JPEG pictures as premultiplied ARGB32 images (Cairo's layout), the PNG writer, thumbnails
        // (docs/images.md). Knows nothing of Wayland or of the document.
        .target(name: "ImageDecoding", dependencies: ["Localization", "CImageCodecs", "Geometry"]),
        // GLib alone (Debian: libglib2.0-dev): GChecksum's MD5 for the thumbnail cache's and tile store's file names.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libmypaint (Debian: libmypaint-dev), linked by name: its pkg-config flags carry -fopenmp, which SwiftPM
        // refuses. Its presets come from Debian's mypaint-brushes.
        .systemLibrary(name: "CMyPaint", providers: [.apt(["libmypaint-dev"])]),
        // Brushes that look like paint: a MyPaint preset and the dabs a stroke makes with it (docs/brushes.md).
        .target(name: "BrushEngine", dependencies: ["Localization", "CMyPaint"]),
        // zlib (Debian: zlib1g-dev): raw deflate and inflate for OpenRaster's zip container.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // GIO's D-Bus client, for test support only: input into headless mutter through its remote-desktop API.
        // GLib's flags, GIO's libraries linked by name (module.modulemap): gio-2.0's pkg-config flags carry -pthread,
        // which SwiftPM warns of and drops.
        .systemLibrary(name: "CGio", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // Protocol code generated by `make generate` from the system's XML (protocols/README.md). A binary links
        // CWaylandProtocols (clients) or CWaylandServerProtocols (compositors), never both: duplicate xdg_* symbols.
        .target(name: "CWaylandProtocols", dependencies: ["CWaylandClient"]),
        .target(name: "CWaylandServerProtocols", dependencies: ["CWaylandServer"]),
        // The desktop's portal (xdg-desktop-portal) over GDBus on a thread of its own: dark style, file dialogs
        // (docs/portal.md). Imports CGio and Foundation only.
        .target(name: "DesktopPortal", dependencies: ["Localization", "CGio", "Threading"]),
        // A stand-in for xdg-desktop-portal on a private test bus: Settings and FileChooser. Not installed.
        .executableTarget(
            name: "fake-portal",
            dependencies: ["CGio", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/FakePortal"
        ),
        // What Swift cannot import from Glibc (GNU-only memfd_create and file seals).
        .target(name: "CShims"),
        // Test support for the programs: child processes, private folders, headless weston and sway, PNG (read
        // with Cairo) and PPM pixels. Not a product.
        .target(name: "ProcessTesting", dependencies: ["CWaylandClient", "CCairo", "CGio"]),
        // Test support shipped with the core: scripted touches, realistic traces, logs of recognizers and views.
        .target(name: "TouchUITesting", dependencies: ["TouchUI", "SeatInput", "SeatStream"]),
        // A headless compositor that plays a trace into a client and saves its window (docs/touch-replay.md). It
        // links CWaylandServerProtocols, so tests run it as a child process and never link it.
        .executableTarget(
            name: "touch-replay",
            dependencies: ["Localization",
                "SeatInput", "Geometry", "PaintModel", "CWaylandServer", "CWaylandServerProtocols", "CXKBCommon", "CCairo",
                "CShims", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/TouchReplay"
        ),
        // The Wayland client: display and event loop, registry, outputs, shm buffers, xdg-shell windows, seats.
        // Emits SeatStream's values and knows nothing of the gesture core.
        .target(
            name: "WaylandClient",
            dependencies: ["Localization",
                "SeatStream", "Geometry", "Threading", "CWaylandClient", "CWaylandProtocols", "CShims", "CXKBCommon", "CCairo",
            ]
        ),
        // A program's window on the compositor: input, frames, timers and the ways out, and a TouchUI window in it
        // ready-made (TouchContent); for the package's own programs also recording, replay and frame tuning.
        .target(name: "WaylandApp", dependencies: ["WaylandClient", "SeatInput", "TouchUI", "CCairo"]),
        // A tiny window that paints touches as dots: for manual checks and the compositor tests.
        .executableTarget(
            name: "wayland-hello",
            dependencies: [
                "WaylandClient", "Geometry", "CCairo", "CommandLineSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/WaylandHello"
        ),
        // Strokes, brushes, smoothing, undo and the document format. Plain Swift: no Cairo.
        .target(name: "PaintModel", dependencies: ["Localization", "Geometry", "Threading", "CCRC32", "CShims", "ImageDecoding"]),
        // CRC-32 folded with carry-less multiplication where the processor has it: PaintModel's long checksums.
        .target(name: "CCRC32"),
        // OpenRaster (.ora) files as values (docs/openraster.md): its zip container (ours, over zlib's deflate), stack.xml
        // (GLib's GMarkup), layers as PNG bytes; no pixels decoded, no Cairo, nothing of the document.
        .target(name: "OpenRaster", dependencies: ["Localization", "PaintModel", "CZlib", "CGLib"]),
        // A drawing as OpenRaster: each layer drawn alone (PaintRender), cropped and written as PNG (ImageDecoding).
        .target(name: "DrawingOpenRaster", dependencies: ["Localization", "OpenRaster", "ImageDecoding", "PaintRender", "PaintModel", "Geometry"]),
        // A drawing made from another program's file, only read: a PNG or JPEG picture, an OpenRaster painting.
        .target(name: "DrawingImport", dependencies: ["Localization", "OpenRaster", "ImageDecoding", "PaintModel", "Geometry", "CCairo", "CGLib"]),
        // The Cairo canvas renderer: committed strokes drawn once, strokes in progress drawn incrementally.
        .target(name: "PaintRender", dependencies: ["Localization", "PaintModel", "ImageDecoding", "CCairo", "CGLib", "CShims", "Geometry", "Threading",
                                                   "BrushEngine"]),
        // The painting app's interface drawn over the renderer's frame: the overlay's description and its drawing (bar,
        // icons, panels, gallery, banner, loupe), thumbnails and their cache, PNG text, the font's warm-up.
        .target(name: "PaintUI", dependencies: ["Localization", "PaintRender", "PaintModel", "Geometry", "Threading", "CCairo", "BrushEngine"]),
        // The painting app without a compositor: canvas and palette views, keys, autosave, headless replay.
        .target(
            name: "FingerPaintCore",
            dependencies: ["Localization",
                "TouchUI", "SeatInput", "PaintModel", "PaintRender", "PaintUI", "CommandLineSupport", "Threading", "CXKBCommon",
                "DrawingImport", "ImageDecoding", "Geometry", "BrushEngine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `fingerpaint` program.
        .executableTarget(
            name: "fingerpaint",
            dependencies: ["Localization",
                "FingerPaintCore", "PaintModel", "PaintRender", "PaintUI", "SeatInput", "TouchUI", "WaylandApp", "WaylandClient",
                "DesktopPortal", "CShims", "CommandLineSupport", "Threading", "DrawingOpenRaster", "DrawingImport", "Geometry",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/FingerPaint"
        ),
        // What the fuzzers run on arbitrary bytes (docs/reliability.md, "Fuzzing"), and one libFuzzer executable per
        // target: `make fuzz` builds them with `--sanitize=fuzzer`; a normal build leaves them entry points only.
        .target(
            name: "FuzzTargets", dependencies: ["Localization", "BrushEngine", "FingerPaintCore", "GestureDemoKit", "ImageDecoding", "OpenRaster", "DrawingImport", "Geometry", "PaintModel", "PaintRender", "SeatInput", "TouchUI"],
            path: "Fuzz/Targets"
        ),
        .executableTarget(name: "fuzz-document", dependencies: ["FuzzTargets"], path: "Fuzz/document"),
        .executableTarget(name: "fuzz-trace", dependencies: ["FuzzTargets"], path: "Fuzz/trace"),
        .executableTarget(name: "fuzz-seat-events", dependencies: ["FuzzTargets"], path: "Fuzz/seat-events"),
        .executableTarget(name: "fuzz-round-trip", dependencies: ["FuzzTargets"], path: "Fuzz/round-trip"),
        .executableTarget(name: "fuzz-openraster", dependencies: ["FuzzTargets"], path: "Fuzz/openraster"),
        .executableTarget(name: "fuzz-image", dependencies: ["FuzzTargets"], path: "Fuzz/image"),
        .executableTarget(name: "fuzz-import", dependencies: ["FuzzTargets"], path: "Fuzz/import"),
        .executableTarget(name: "fuzz-brush-preset", dependencies: ["FuzzTargets"], path: "Fuzz/brush-preset"),
        .executableTarget(name: "fuzz-settings", dependencies: ["FuzzTargets"], path: "Fuzz/settings"),
        .executableTarget(name: "fuzz-paste", dependencies: ["FuzzTargets"], path: "Fuzz/paste"),
        .executableTarget(name: "fuzz-catalogue", dependencies: ["FuzzTargets"], path: "Fuzz/catalogue"),
        // Counts a thread's heap allocations by defining malloc and its kin: for the allocation test and
        // paint-benchmark only, never the programs (Sources/CAllocationCounter/include/CAllocationCounter.h).
        .target(name: "CAllocationCounter"),
        // `swift run -c release paint-benchmark`: render cost per frame against drawing and canvas size.
        .executableTarget(
            name: "paint-benchmark",
            dependencies: [
                "FingerPaintCore", "PaintRender", "PaintUI", "PaintModel", "SeatInput", "TouchUI", "CShims", "CAllocationCounter",
                "CommandLineSupport", "DrawingImport", "ImageDecoding", "CCairo", "BrushEngine", "Geometry",
            ],
            path: "Sources/PaintBenchmark"
        ),
        // `swift run -c release image-benchmark FILE...`: decoding time of pictures, the median of three runs.
        .executableTarget(
            name: "image-benchmark",
            dependencies: ["ImageDecoding", "CommandLineSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/ImageBenchmark"
        ),
        // The messages' catalogues (po/): every message marked and translated, the catalogues valid; the filling of
        // a message's arguments.
        .testTarget(
            name: "TranslationTests",
            dependencies: ["Localization", "ProcessTesting", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "TouchUITests",
            dependencies: ["TouchUI", "SeatInput", "TouchUITesting", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "GestureDemoTests",
            dependencies: ["GestureDemoKit", "SeatInput", "TouchUI", "TouchUITesting", "ProcessTesting"]
        ),
        .testTarget(
            name: "SeatStreamTests",
            dependencies: ["SeatStream", "Geometry", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "SeatInputTests",
            dependencies: ["SeatInput", "TouchUI", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // Links client and server core libraries with the client protocol code; see protocols/README.md for why
        // CWaylandServerProtocols cannot be linked into the (single, shared) test binary too.
        .testTarget(
            name: "WaylandSmokeTests",
            dependencies: ["CWaylandClient", "CWaylandServer", "CWaylandProtocols", "CShims", "CCairo", "CXKBCommon"]
        ),
        // Runs the built touch-replay binary as a child process; depends on none of its code.
        .testTarget(name: "TouchReplayTests", dependencies: ["SeatInput", "TouchUI", "ProcessTesting"]),
        // The Wayland client's pure parts alone, and the client against headless weston and sway.
        .testTarget(
            name: "WaylandClientTests",
            dependencies: [
                "WaylandClient", "SeatInput", "TouchUI", "CWaylandClient", "CWaylandServer", "CWaylandProtocols", "CCairo",
                "CXKBCommon", "CShims", "ProcessTesting", .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "WaylandAppTests", dependencies: ["WaylandApp", "WaylandClient", "SeatInput", "TouchUI"]),
        // The programs in their windows on touch-replay's compositor (as child processes).
        .testTarget(
            name: "ProgramTests", dependencies: ["ProcessTesting", "BrushEngine", "PaintModel", "PaintRender", "ImageDecoding", "PaintUI", "SeatInput", "TouchUI", "FingerPaintCore", "GestureDemoKit"]
        ),
        // The Debian package (make deb) linted, installed into a clean bookworm root and removed; run by make test.
        .testTarget(name: "PackageTests", dependencies: ["ProcessTesting"]),
        // The portal module against fake-portal on a private dbus-daemon (child processes).
        .testTarget(name: "DesktopPortalTests", dependencies: ["DesktopPortal", "ProcessTesting"]),
        // The image codecs' own tests: files made by the encoder, Cairo, libjpeg and by hand, decoded.
        .testTarget(
            name: "BrushEngineTests",
            dependencies: ["BrushEngine", "CMyPaint", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "ImageDecodingTests",
            dependencies: [
                "ImageDecoding", "Geometry", "CCairo", "CJPEG", "CAllocationCounter", "PaintModel",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The OpenRaster module alone, and its files read by Krita and MyPaint (child processes).
        .testTarget(
            name: "OpenRasterTests",
            dependencies: [
                "OpenRaster", "DrawingOpenRaster", "DrawingImport", "ImageDecoding", "PaintModel", "PaintRender", "Geometry", "CCairo",
                "ProcessTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "PaintModelTests",
            dependencies: ["PaintModel", "Geometry", "ImageDecoding", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The renderer's own tests: its parts alone, no app.
        .testTarget(
            name: "PaintRenderTests",
            dependencies: [
                "PaintRender", "PaintModel", "Geometry", "Threading", "CCairo", "ImageDecoding", "BrushEngine",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The interface's own tests: the overlay drawn over a renderer's frame, its bar images, fonts; no app.
        .testTarget(
            name: "PaintUITests",
            dependencies: [
                "PaintUI", "PaintRender", "PaintModel", "Geometry", "CCairo",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "FingerPaintTests",
            dependencies: [
                "FingerPaintCore", "FuzzTargets", "PaintRender", "PaintUI", "PaintModel", "SeatInput", "TouchUI", "Threading", "CAllocationCounter",
                "ImageDecoding", "Geometry", "BrushEngine",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            // Reference pictures, read by path (#filePath), not bundled.
            exclude: ["Reference"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
