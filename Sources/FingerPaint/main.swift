// `fingerpaint`: the finger-painting program, in a window on the compositor or replaying a trace into a PNG.
import CommandLineSupport
import DrawingImport
import DrawingOpenRaster
import FingerPaintCore
import Dispatch
import FoundationEssentials
import Geometry
import Glibc
import Localization
import PaintModel
import PaintRender
import SeatInput
import TouchUI
import WaylandApp
import WaylandClient

/// Prints a line to standard error.
func complain(_ message: String) {
    writeAll(STDERR_FILENO, message + "\n")
}

/// `--replay TRACE --output OUT`: the trace is checked whole as a stream (1 and nothing written when a line is
/// wrong), then read again and played as it is read, so its events are never all in memory (docs/trace-format.md).
/// OUT is written as every option's file is (PaintModel's `OutputFile`): 2, said before anything is read, when it
/// may not be (a drawing; an existing file without `--overwrite`).
func runReplay(_ options: LaunchOptions) -> Int32 {
    let output = options.output!
    do {
        try OutputFile.check(output, overwrite: options.overwrite)
    } catch {
        complain("fingerpaint: \(error)")
        return 2
    }
    let url = URL(fileURLWithPath: options.replay!)
    let summary: TraceSummary
    do {
        summary = try TraceSummary(validating: url)
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
    var drawing = Drawing()
    if let path = options.document {
        do {
            drawing = try DocumentFile.read(URL(fileURLWithPath: path)).drawing
        } catch {
            complain("fingerpaint: \(error)")
            return 2
        }
    }
    let events: TraceReader
    do {
        events = try TraceReader(contentsOf: url, requiresRegularFile: true)
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
    var replayer = Replay(trace: Trace(canvasSize: summary.canvasSize, canvasOrigin: summary.canvasOrigin), size: options.size)
    replayer.rules = options.contactRules
    replayer.keepsStatistics = options.printsStatistics
    replayer.brushPreset = try? options.brushPreset()
    let (app, statistics) = replayer.run(events, from: drawing)
    // The file changed after it was checked.
    if let failure = events.failure {
        // Translators: %s says which line of the trace is wrong, and how.
        complain("fingerpaint: " + localized("%s (the file changed while it was played); nothing was written", failure))
        return 1
    }
    do {
        try OutputFile.write(output, overwrite: options.overwrite) { try app.renderer.canvas.writePNG(to: $0) }
    } catch {
        complain("fingerpaint: \(error)")
        return error.wasRefused ? 2 : 1
    }
    if options.printsStatistics { print(statistics.jsonLine) }
    return 0
}

/// `--export OUT FILE`: FILE's drawing (a drawing, or a picture or OpenRaster painting made one) as a picture,
/// with no window. 2 when FILE cannot be read or OUT may not be written (both left as they were), 1 when writing
/// failed.
func runExport(to output: String, from path: String, overwrite: Bool) -> Int32 {
    let drawing: Drawing
    do {
        let url = URL(fileURLWithPath: path)
        if ForeignDrawing.kind(ofFileAt: url) != nil {
            let imported = try ForeignDrawing.read(url)
            for note in imported.notes { complain("fingerpaint: \(path): \(note)") }
            drawing = imported.drawing
        } else {
            drawing = try DocumentFile.read(url).drawing
        }
    } catch {
        complain("fingerpaint: \(error)")
        return 2
    }
    let format = PictureFormat(path: output)
    let isOpenRaster = output.split(separator: "/").last?.lowercased().hasSuffix(".ora") == true
    guard format != nil || isOpenRaster else {
        complain("fingerpaint: " + localized("cannot write %s: a picture's name ends in .png, .svg, .pdf or .ora; nothing was written", output))
        return 2
    }
    do {
        try OutputFile.write(output, overwrite: overwrite) { temporary in
            if let format {
                try DrawingPicture(drawing: drawing).write(to: temporary, format: format)
            } else {
                // Layers and all, for Krita, MyPaint and GIMP (docs/openraster.md).
                try OutputFile.writeNew(try DrawingOpenRaster.bytes(of: drawing), to: temporary)
            }
        }
    } catch {
        complain("fingerpaint: \(error)")
        return error.wasRefused ? 2 : 1
    }
    return 0
}

/// `--thumbnail SIZE IN OUT`: the file manager's thumbnailer. OUT is replaced (the thumbnail cache hands over a
/// file it made), unless it is a drawing or not a regular file (2, left as it was).
func runThumbnail(size: Int, from path: String, to output: String) -> Int32 {
    let contents: DrawingDocument.Contents
    do {
        contents = try DocumentFile.read(URL(fileURLWithPath: path))
    } catch {
        complain("fingerpaint: \(error)")
        return 2
    }
    do {
        try OutputFile.write(output, overwrite: true) {
            try DrawingPicture.thumbnail(of: contents.drawing, fitting: size).writePNG(to: $0)
        }
    } catch {
        complain("fingerpaint: \(error)")
        return error.wasRefused ? 2 : 1
    }
    return 0
}

/// Opens the document the window paints: FILE (created when missing; a picture or an OpenRaster painting made a
/// new drawing named after it, the file left as it was, with what the painting lost in `notes`), else the one used
/// last, else a new untitled one, with why the one used last could not be reopened. `nil`, after saying why, when
/// FILE cannot be opened. A journal is checked only as far as its header here (what can refuse it); its records
/// are read after the window shows (docs/loading.md).
func openDocument(_ options: LaunchOptions, library: DocumentLibrary)
    -> (beginning: DocumentFile.Beginning, notReopened: DocumentOpenError?, notes: [String])? {
    do {
        if let path = options.document {
            let url = URL(fileURLWithPath: path)
            guard ForeignDrawing.kind(ofFileAt: url) != nil else {
                return (try DocumentFile.begin(url, create: true), nil, [])
            }
            let (made, notes) = try ForeignDrawing.makeDocument(from: url, in: library)
            // Translators: the new drawing's path, then the path of the picture or painting it was made from.
            complain("fingerpaint: " + localized("made the drawing %s from %s, which is left as it was", made.path, path))
            return (try DocumentFile.begin(made, create: false), nil, notes)
        }
        var notReopened: DocumentOpenError?
        if !options.startsBlank, let last = library.documentToReopen() {
            do {
                return (try DocumentFile.begin(last, create: true), nil, [])
            } catch {
                // Not asked for by name: say why (here, and in the window), and start a new drawing rather than
                // not at all.
                // Translators: %s says why the drawing used last cannot be reopened.
                complain("fingerpaint: " + localized("%s; starting a new drawing", error))
                notReopened = error
            }
        }
        return (try DocumentFile.begin(try library.newUntitledDocument(), create: true), notReopened, [])
    } catch {
        complain("fingerpaint: \(error)")
        return nil
    }
}

/// The trace `--replay` plays into the window (`nil` without it): checked whole first, then played as it is read
/// (docs/trace-format.md).
func openReplay(_ options: LaunchOptions) throws -> (summary: TraceSummary, events: TraceReader)? {
    guard let path = options.replay else { return nil }
    let url = URL(fileURLWithPath: path)
    return (try TraceSummary(validating: url), try TraceReader(contentsOf: url, requiresRegularFile: true))
}

/// The app for the document begun, set up as `options` say, and the window's title.
///
/// - A journal's records are read on another thread once the window is there (`opening`): its first frame shows
///   paper and the palette meanwhile (docs/loading.md).
/// - Anything else (created, empty, version 1) is opened already (`opened`).
func makeApp(_ options: LaunchOptions, beginning: DocumentFile.Beginning, size: Size, library: DocumentLibrary)
    -> (app: FingerPaintApp, title: String, opening: DocumentOpening?, opened: OpenedDocument?) {
    let made: (app: FingerPaintApp, title: String, opening: DocumentOpening?, opened: OpenedDocument?)
    switch beginning {
    case var .opened(whole):
        library.remember(whole.url)
        let document = PaintDocument(whole, library: library)
        let app = FingerPaintApp(size: size, drawing: whole.drawing, document: document, exportFolder: picturesFolder())
        let title = windowTitle(document.title)
        // The app's drawing is the only one now: the first stroke copies nothing.
        whole.drawing = Drawing()
        made = (app, title, nil, whole)
    case let .reading(begun):
        library.remember(begun.url)
        let app = FingerPaintApp(size: size, drawing: Drawing(), exportFolder: picturesFolder())
        made = (app, windowTitle(PaintDocument.title(of: begun.url, isReadOnly: begun.readOnlyReason != nil)), begun, nil)
    }
    made.app.canvasView.predictsTouches = !options.withoutPrediction
    made.app.canvasView.rules = options.contactRules
    made.app.canvasView.glidesAfterPan = !options.withoutMomentum
    made.app.style = options.style ?? .light
    return made
}

/// The window session's configuration: its title and size, the recording `--record` makes, the events `--replay`
/// plays.
func sessionConfiguration(_ options: LaunchOptions, title: String, size: Size,
                          replayEvents events: TraceReader?) -> LiveSession.Configuration {
    var configuration = LiveSession.Configuration(title: title, appID: "io.github.fingerpaint.FingerPaint", size: size)
    if let record = options.record {
        // Opened once the compositor is there, by the rule checked above (again: the file may have changed since).
        configuration.openRecording = { try OutputFile.create(record, overwrite: options.overwrite) }
    }
    if let events {
        // A line that became wrong after the check (the file changed) ends the replay; what was drawn stays.
        configuration.replayEvents = AnyIterator {
            guard let event = events.next() else {
                if let failure = events.failure {
                    // Translators: %s says which line of the trace is wrong, and how.
                    complain("fingerpaint: " + localized("%s (the file changed while it was played); the replay stops", failure))
                }
                return nil
            }
            return event
        }
    }
    return configuration
}

func runWindow(_ options: LaunchOptions) -> Int32 {
    LiveSession.blockExitSignals()
    let replay: (summary: TraceSummary, events: TraceReader)?
    do {
        replay = try openReplay(options)
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
    // Said before anything is opened: a drawing, or a file without --overwrite, is never replaced by a recording.
    if let record = options.record, let refusal = OutputFile.refusal(toWrite: record, overwrite: options.overwrite) {
        // Translators: the recording's path, then why it may not be written.
        complain("fingerpaint: " + localized("cannot record to %s: %s; nothing was opened", record, refusal))
        return 2
    }
    let library = DocumentLibrary()
    guard let (beginning, notReopened, notes) = openDocument(options, library: library) else { return 2 }
    let size = options.size ?? replay?.summary.canvasSize ?? Size(width: 1024, height: 700)
    let (app, title, opening, opened) = makeApp(options, beginning: beginning, size: size, library: library)
    let debug: (String) -> Void = DebugLevel.isOn(verbose: options.verbose) ? { complain("fingerpaint: debug: \($0)") } : { _ in }
    // The desktop's portal: its dark style unless --style says, its file dialog for Export… (docs/portal.md).
    let desktop = DesktopLink(app: app, followsStyle: options.style == nil, debug: debug)
    defer { withExtendedLifetime(desktop) {} }
    // The app's host from here on: what it says goes to standard error, its banners to the debug lines.
    let live = FingerPaintLive(app: app)
    live.debug = debug
    live.launchedAt = launchedAt
    defer { withExtendedLifetime(live) {} }
    // The brush, tool and recent colours of the last session (docs/settings.md), remembered as they change.
    if let settingsFile = BrushSettings.fileURL() {
        app.brushSettings = BrushSettings.load(from: settingsFile)
        live.settingsFile = settingsFile
    }
    // --brush over the brush remembered (checked when the options were).
    if let brushName = options.brushName { try? app.useBrush(named: brushName) }
    if let opened { app.announce(opened) }
    if let notReopened { app.couldNotReopenLastDrawing(notReopened) }
    app.sayWhatImportLost(notes)
    let session: LiveSession
    do {
        session = try LiveSession(
            content: live,
            configuration: sessionConfiguration(options, title: title, size: size, replayEvents: replay?.events),
            log: { complain("fingerpaint: \($0)") },
            debug: debug
        )
    } catch {
        // Nothing was drawn: the document is closed as it was (one this run made, untitled or named, is removed;
        // one not read yet is let go unread).
        opening?.abandon()
        app.finishDocument(windowNeverOpened: true)
        complain("fingerpaint: \(error)")
        return 1
    }
    // The first window that opens shows the guide to the gestures (docs/interface.md, "The guide").
    if library.takeFirstGuide() { app.showGuide(withKeys: false) }
    // The records read on another thread from now on; a file that cannot be read after all closes the window.
    if let opening {
        app.load(opening, library: library, on: loadQueue(debug: debug))
    }
    desktop.attach(to: session)
    if options.printsStatistics { session.measurePresentation() }
    defer { if options.printsStatistics, let latencies = session.presentationLatencies { printStatistics(latencies) } }
    do {
        return try session.run()
    } catch {
        complain("fingerpaint: \(error)")
        return 1
    }
}

/// The queue the launch's document is read on. `FINGERPAINT_LOAD_GATE=FILE` (for tests) holds the reading until no
/// other process holds an exclusive `flock` on FILE: a test keeps the document loading for as long as it needs.
func loadQueue(debug: (String) -> Void) -> DispatchQueue {
    let queue = DispatchQueue(label: "fingerpaint.document-read", qos: .userInitiated)
    guard let gate = ProcessInfo.processInfo.environment["FINGERPAINT_LOAD_GATE"] else { return queue }
    debug("the document's reading waits for \(gate)")
    queue.async {
        let fd = open(gate, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        while flock(fd, LOCK_SH) != 0, errno == EINTR {}
        close(fd)
    }
    return queue
}

/// The `--stats` line of a window session.
func printStatistics(_ latencies: PresentationLatencies) {
    print(WindowStatistics(
        frames: latencies.frames,
        inputToPresentation: latencies.isPresentationOffered ? latencies.inputToPresentation : nil,
        inputToCommit: latencies.inputToCommit,
        discardedFrames: latencies.discardedFrames,
        discardedInputs: latencies.discardedInputs
    ).jsonLine)
}

/// The window's title: the document's name, then the program's.
func windowTitle(_ documentTitle: String) -> String {
    // Translators: the window's title: the drawing's name, then the program's.
    localized("%s — Finger paint", documentTitle)
}

/// When the program started, for the start-up figures `--verbose` prints.
let launchedAt = MonotonicClock.timestamp
// The user's language for every message, --help included (docs/translations.md).
Localization.start()
let options = LaunchOptions.parseCommandLine(Array(CommandLine.arguments.dropFirst()))
if options.listsBrushes {
    print(BrushCatalog.names().joined(separator: "\n"))
    exit(0)
}
if let output = options.export, let path = options.document {
    exit(runExport(to: output, from: path, overwrite: options.overwrite))
}
if let thumbnail = options.thumbnail {
    exit(runThumbnail(size: thumbnail.size, from: thumbnail.input, to: thumbnail.output))
}
exit(options.output != nil ? runReplay(options) : runWindow(options))
