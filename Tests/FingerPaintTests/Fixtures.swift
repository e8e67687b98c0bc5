import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import SeatInput
import TouchUI

/// The paper's colour as the renderer's pixels read.
let paper: UInt32 = 0xFFFFFF
/// The first row of the palette bar on the tests' 400x300 canvas: the shown frame has the bar below it.
let paletteTop = 300 - Int(PaletteView.height)

/// An app on a 400x300 canvas (its palette along the bottom, from y = 244) fed seat events at a virtual 60 Hz,
/// rendering a frame after each group of events as the window would.
final class Painter {
    let app: FingerPaintApp
    /// The trace clock, in milliseconds.
    var time: Double = 0
    /// What the app told its host (``FingerPaintAppDelegate``).
    var messages: [String] = []
    var titles: [String] = []
    /// The host's requests asked for: "fullscreen", "quit".
    var requests: [String] = []
    var loadFailures = 0
    var brushChanges: [BrushSettings] = []

    init(size: Size = Size(width: 400, height: 300), scale: Int = 1, drawing: Drawing = Drawing(),
         document: PaintDocument? = nil, exportFolder: URL? = nil) {
        app = FingerPaintApp(size: size, scale: scale, drawing: drawing, document: document, exportFolder: exportFolder)
        app.delegate = self
        app.renderFrame()
    }

    /// A painter on a document (created when missing), with the program's own folders under `home`.
    convenience init(opening url: URL, home: URL? = nil, exportFolder: URL? = nil,
                     size: Size = Size(width: 400, height: 300)) throws {
        let opened = try DocumentFile.open(url, create: true)
        let library = DocumentLibrary(environment: ["HOME": (home ?? url.deletingLastPathComponent()).path])
        self.init(size: size, drawing: opened.drawing, document: PaintDocument(opened, library: library),
                  exportFolder: exportFolder)
    }

    /// Sends events at the current time, then renders a frame and moves the clock on by one frame.
    func send(_ kinds: SeatEvent.Kind...) {
        for kind in kinds { app.handle(SeatEvent(time: .milliseconds(time), kind)) }
        app.renderFrame()
        time += 1000.0 / 60
    }

    /// A finger (or several at once) drawing straight lines from one point to another in `steps` frames.
    func drag(_ paths: [(id: Int32, from: Point, to: Point)], steps: Int = 10, lift: Bool = true) {
        send(contentsOf: paths.map { .touchDown(id: $0.id, location: $0.from) } + [.touchFrame])
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            send(contentsOf: paths.map { path in
                .touchMotion(id: path.id, location: Point(x: path.from.x + (path.to.x - path.from.x) * t,
                                                          y: path.from.y + (path.to.y - path.from.y) * t))
            } + [.touchFrame])
        }
        if lift { send(contentsOf: paths.map { .touchUp(id: $0.id) } + [.touchFrame]) }
    }

    func tap(_ id: Int32, at location: Point) {
        send(.touchDown(id: id, location: location), .touchFrame)
        send(.touchUp(id: id), .touchFrame)
    }

    func key(_ text: String) {
        send(.key(KeyChord(parsing: text)!))
    }

    func send(contentsOf kinds: [SeatEvent.Kind]) {
        for kind in kinds { app.handle(SeatEvent(time: .milliseconds(time), kind)) }
        app.renderFrame()
        time += 1000.0 / 60
    }

    /// The centre of a palette control, in window points: on the bar or the strip, or, for one in the More menu,
    /// its row, with the menu opened first by a tap on More.
    func paletteCenter(of command: PaintCommand) -> Point {
        let palette = app.paletteView
        if palette.layout.frame(of: command) == nil, let swatch = colorPanelSwatch(command) { return swatch }
        if palette.layout.frame(of: command) == nil, !palette.isShowingMore {
            tap(99, at: palette.convert(palette.layout.frame(of: .openMore)?.center ?? .zero, to: nil))
        }
        let frame = palette.items.first { $0.command == command }?.frame ?? .zero
        return palette.convert(frame.center, to: nil)
    }

    /// The centre of a swatch in the colour panel, opened first by a tap on the colour well; `nil` for a command that
    /// is no swatch.
    func colorPanelSwatch(_ command: PaintCommand) -> Point? {
        let index: Int
        switch command {
        case let .selectColor(palette): index = palette
        case let .selectRecentColor(recent): index = Brush.palette.count + recent
        default: return nil
        }
        if app.colorChooserView.isHidden { tap(98, at: paletteCenter(of: .openColorChooser)) }
        let swatches = app.colorChooserView.overlayChooser(for: app.brush)?.swatches ?? []
        return swatches.indices.contains(index) ? swatches[index].center : nil
    }

    /// The shown frame's pixel at a logical point.
    func shown(_ x: Double, _ y: Double) -> UInt32 {
        app.renderer.frame.pixel(x: Int(x), y: Int(y))
    }

    /// The committed canvas's pixel at a logical point.
    func committed(_ x: Double, _ y: Double) -> UInt32 {
        app.renderer.canvas.pixel(x: Int(x), y: Int(y))
    }

    /// Whether the shown frame is painted (not paper) at a point.
    func isPainted(_ x: Double, _ y: Double) -> Bool { shown(x, y) != paper }

    /// How many pixels of an image's first `rows` rows (those above the palette) are not paper.
    static func paintedPixels(of image: ImageSurface, rows: Int = paletteTop) -> Int {
        var count = 0
        for y in 0..<min(rows, image.height) {
            for x in 0..<image.width where image.pixel(x: x, y: y) != paper { count += 1 }
        }
        return count
    }
}

extension Painter: FingerPaintAppDelegate {
    func fingerPaintApp(_ app: FingerPaintApp, report line: String) { messages.append(line) }
    func fingerPaintApp(_ app: FingerPaintApp, didChangeTitle title: String) { titles.append(title) }
    func fingerPaintAppDidAskForFullscreen(_ app: FingerPaintApp) { requests.append("fullscreen") }
    func fingerPaintAppDidAskToQuit(_ app: FingerPaintApp) { requests.append("quit") }
    func fingerPaintAppCouldNotLoadDocument(_ app: FingerPaintApp) { loadFailures += 1 }
    func fingerPaintApp(_ app: FingerPaintApp, didChangeBrush settings: BrushSettings) { brushChanges.append(settings) }
}

/// The largest difference of any colour channel between two images of one size, in their first `rows` rows
/// (those above the palette).
func largestDifference(_ a: ImageSurface, _ b: ImageSurface, rows: Int = paletteTop) -> Int {
    var worst = 0
    for y in 0..<min(rows, a.height) {
        for x in 0..<a.width {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            for shift in [0, 8, 16] {
                worst = max(worst, abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)))
            }
        }
    }
    return worst
}

/// How many pixels of two images' first `rows` rows differ by more than `levels` in some colour channel.
func pixelsDiffering(_ a: ImageSurface, _ b: ImageSurface, byMoreThan levels: Int, rows: Int = paletteTop) -> Int {
    var count = 0
    for y in 0..<min(rows, a.height, b.height) {
        for x in 0..<min(a.width, b.width) {
            let p = a.pixel(x: x, y: y), q = b.pixel(x: x, y: y)
            if [0, 8, 16].contains(where: { abs(Int((p >> $0) & 0xFF) - Int((q >> $0) & 0xFF)) > levels }) { count += 1 }
        }
    }
    return count
}

func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// A fresh, empty folder under the system's temporary folder.
func temporaryFolder() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fingerpaint-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

extension Painter {
    /// Sends touch changes straight to the window (as the seat translator would) at the current time, then renders a
    /// frame and moves the clock on by one frame.
    func input(_ inputs: TouchInput...) {
        app.window.handle(inputs, at: Timestamp(milliseconds: time))
        app.renderFrame()
        time += 1000.0 / 60
    }

    /// One contact drawn through `points` (one frame each), each move carrying what `pen` gives for its step
    /// (from 0 at the first point to 1 at the last), and lifted unless `lift` is false.
    func stroke(_ contact: Int, through points: [Point], kind: Touch.Kind = .direct, majorRadius: Double = 0,
                pen: ((Double) -> PenAttributes)? = nil, lift: Bool = true) {
        let last = Double(max(points.count - 1, 1))
        input(TouchInput(contact: contact, .began(points[0], majorRadius: majorRadius, kind: kind, pen: pen?(0))))
        for (step, location) in points.enumerated().dropFirst() {
            input(TouchInput(contact: contact, .moved(location, majorRadius: majorRadius > 0 ? majorRadius : nil,
                                                      pen: pen?(Double(step) / last))))
        }
        if lift { input(TouchInput(contact: contact, .ended())) }
    }
}

/// Points along a straight line from one point to another, `count` of them, ends included.
func line(from start: Point, to end: Point, count: Int) -> [Point] {
    (0..<count).map { step in
        let t = Double(step) / Double(max(count - 1, 1))
        return Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
    }
}

/// The folder of this test target's reference pictures.
let referenceFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reference")

extension FingerPaintApp {
    /// Lets the view indicator's moment pass (it shows while the zoom or angle change and 1.5 s after), so that the
    /// frame shows the drawing alone, as a fresh renderer does; renders a frame, and the sharp one after it when the
    /// view was turned and moved (``PaintRender/CanvasRenderer/needsSharperFrame``).
    func letTheViewIndicatorGo() {
        advanceTime(to: window.timers.now + ViewIndicatorView.lingering)
        renderFrame()
        if needsFrame { renderFrame() }
    }
}
