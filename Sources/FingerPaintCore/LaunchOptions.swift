// The command line of `fingerpaint`.
import ArgumentParser
import BrushEngine
import CommandLineSupport
import FoundationEssentials
import Localization
import PaintModel
import PaintRender
import PaintUI
import SeatInput
import TouchUI

/// What `fingerpaint` was asked to do: its command line, parsed by swift-argument-parser.
///
///     fingerpaint [FILE | --open FILE | --new] [--replay TRACE] [--record FILE] [--brush NAME] [--stats]
///     fingerpaint --replay TRACE --output OUT.png [--overwrite] [--size WxH] [--brush NAME] [--stats] [--open FILE]
///     fingerpaint --export OUT FILE [--overwrite]
///     fingerpaint --thumbnail SIZE IN OUT
///     fingerpaint --list-brushes
public struct LaunchOptions: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "fingerpaint",
        abstract: localized("Paint with every finger at once; every stroke is saved to the drawing as it is made."),
        usage: """
            fingerpaint [FILE | --new] [--replay TRACE] [--record FILE] [--brush NAME] [--stats]
            fingerpaint --replay TRACE --output OUT.png [--overwrite] [--size WxH] [--brush NAME] [--stats] [--open FILE]
            fingerpaint --export OUT FILE [--overwrite]
            fingerpaint --thumbnail SIZE IN OUT
            fingerpaint --list-brushes
            """,
        // The help's paragraphs, each a message of its own.
        discussion: [
            // Translators: fingerpaint --help's paragraph of the keys and gestures. Key names (Ctrl+Z, Page Up) are
            // the keys' labels; docs/... are file names, not translated.
            localized("""
                Keys: Ctrl+Z undo; Ctrl+Shift+Z or Ctrl+Y redo; Ctrl+S saves and exports a PNG to the pictures \
                folder; Ctrl+Shift+S exports as PNG, SVG or PDF through the desktop's save dialog (the pictures folder \
                without one); Ctrl+O opens a drawing through the desktop's open dialog (the gallery without one); \
                Ctrl+C copies the selection (as strokes, PNG and SVG), or the drawing (PNG and SVG, as the palette's \
                copy button does); Ctrl+X cuts the selection; Ctrl+V pastes strokes, a PNG, JPEG or SVG picture, or a \
                picture file copied in the file manager (also the More menu's Paste), and a picture file dragged from \
                the file manager is placed where it is dropped; Delete clears \
                (undoable), or deletes the selection; s chooses the lasso: a loop around strokes of the current layer \
                selects them, one finger drags them, two pinch and turn them, a long press opens their menu \
                (copy, cut, paste, duplicate, flip, up or down a layer, select all, invert, delete; docs/selection.md), Ctrl+D duplicates them, Escape ends the selection; f chooses the fill tool: a tap fills the region the \
                visible lines enclose with the brush's colour, small gaps closed (docs/selection.md); 1 to 9 choose a colour; [ and ] narrow and widen the brush (with the fill tool, the gap it closes); Ctrl+plus and Ctrl+minus zoom, \
                Ctrl+0 fits the drawing, Ctrl+1 shows it at 100 %%; r and Shift+R turn the view 15° clockwise and \
                counter-clockwise, Ctrl+R turns it upright; F11 full screen; \
                Ctrl+Q quits; p turns the predicted tail of strokes in progress on and off; e switches fingers to the \
                eraser (whole strokes) and back, b to the brush; Shift+B opens the brush panel (a tap on the bar's brush \
                while painting with it does too: pencil, ink pen, marker, airbrush, watercolour, charcoal, smudge, each \
                brush's size and opacity; a tap on the eraser while erasing, what it erases with: whole strokes or a \
                brush; docs/brushes.md); i picks a colour from the drawing (the palette's pipette); g opens the \
                gallery of your drawings (the palette's first button: open, new, duplicate, export, show in folder, move to the Trash; \
                docs/gallery.md) and Escape closes it; F1 or ? shows the guide to the gestures and keys (the palette's ?). \
                Ctrl+Shift+N or Insert adds a layer above the current one; \
                Page Up and Page Down paint on the layer above or below; l opens the layers panel (docs/layers.md). A quick \
                two-finger tap undoes, a three-finger tap redoes. A stroke held still at its end for half a second \
                becomes the line, ellipse, rectangle or triangle it looks like; undo gives the freehand stroke back \
                (docs/shapes.md). The brush, and each brush's size and opacity, are remembered (docs/settings.md). The \
                mouse's left button paints as one more finger; the palette's hand switches fingers to moving the view. A pen paints with its pressure and its eraser end erases; palms \
                and fingers near a pen paint nothing (docs/pen-and-palm.md).
                """),
            // Translators: fingerpaint --help; %s names the trace format's documentation (a file name).
            localized("""
                Without FILE, the drawing used last is reopened. Documents: docs/document-format.md. \
                Traces (--replay, --record): %s.
                """, FormatPages.traceFormat),
            // Translators: fingerpaint --help's paragraph of the exit statuses.
            localized("""
                Exit status: 0 done; 1 the drawing could not be saved (it went to a recovery document), or the \
                compositor or a trace failed; 2 a usage error, or a FILE that is not a drawing this program can read \
                (left as it was).
                """),
        ].joined(separator: "\n\n"),
        version: ProgramVersion.current
    )

    @Argument(help: ArgumentHelp(localized("The drawing to paint (.fpdraw), created when it does not exist; every edit is saved to it. A PNG, JPEG or SVG picture, or an OpenRaster painting (.ora), makes a new drawing named after it in $XDG_DATA_HOME/fingerpaint (the picture as its bottom layer, or the painting's layers); the file itself is only read.")))
    var file: String?

    // Translators: --open's help; FILE is the argument's name in the usage lines, not translated.
    @Option(name: .customLong("open"), help: ArgumentHelp(localized("The same as FILE."), valueName: "FILE"))
    var openedFile: String?

    /// Start a new untitled document.
    @Flag(name: .customLong("new"), help: ArgumentHelp(localized("Start a new untitled drawing (in $XDG_DATA_HOME/fingerpaint).")))
    public var startsBlank = false

    /// A trace to replay: into the window as live input, or with ``output`` with no compositor.
    @Option(help: ArgumentHelp(localized("Play a seat-event trace (JSON Lines): into the window as live input, or, with --output, with no compositor."), valueName: "TRACE"))
    public var replay: String?

    /// A trace file that the window session's seat events are written to.
    @Option(help: ArgumentHelp(localized("Write the window session's seat events to FILE as a trace (a new file: an existing one only with --overwrite, a drawing never)."), valueName: "FILE"))
    public var record: String?

    /// The PNG a replay writes.
    @Option(help: ArgumentHelp(localized("Where the replay writes the canvas (a .png: a new file, an existing one only with --overwrite, a drawing never)."), valueName: "OUT.png"))
    public var output: String?

    /// The picture `--export` writes from ``document``: a .png, .svg, .pdf or .ora.
    @Option(help: ArgumentHelp(localized("Write FILE's drawing, with no window, as a picture of its strokes at 100 %%: PNG, SVG or PDF by OUT's extension, or OpenRaster (.ora) with its layers for Krita, MyPaint and GIMP (docs/export.md, docs/openraster.md). FILE may be a drawing, a PNG, JPEG or SVG picture, or an OpenRaster painting, which is flattened."), valueName: "OUT"))
    public var export: String?

    /// Whether `--export`, `--record` and `--output` may replace an existing file (never a drawing).
    @Flag(help: ArgumentHelp(localized("Let --export, --record or --output replace an existing file (a drawing is never replaced).")))
    public var overwrite = false

    /// `--thumbnail SIZE IN OUT`: the freedesktop thumbnailer's command.
    @Option(name: .customLong("thumbnail"), parsing: .upToNextOption,
            help: ArgumentHelp(localized("Write a PNG of the drawing IN to OUT, its longer side at most SIZE pixels (the file manager's thumbnailer; OUT is replaced unless it is a drawing)."), valueName: "SIZE IN OUT"))
    var thumbnailArguments: [String] = []

    /// What `--thumbnail SIZE IN OUT` asks for.
    public var thumbnail: (size: Int, input: String, output: String)? {
        guard thumbnailArguments.count == 3, let size = Int(thumbnailArguments[0]) else { return nil }
        return (size, thumbnailArguments[1], thumbnailArguments[2])
    }

    /// The brush to start with, by a name `--list-brushes` prints; `nil`: the round brush.
    @Option(name: .customLong("brush"), help: ArgumentHelp(localized("Paint with this brush: round (fingerpaint's own, the default) or a MyPaint preset, as --list-brushes names them (classic/pencil); in the window and in a replay to a PNG (docs/brushes.md)."), valueName: "NAME"))
    public var brushName: String?

    /// The brush `--brush` names: `nil` for none or `round`, else the preset as a stroke keeps it; throws for a
    /// name `--list-brushes` does not print, or a preset that cannot be read.
    public func brushPreset() throws(BrushPreset.Failure) -> StrokeBrush? {
        guard let brushName else { return nil }
        return try BrushCatalog.brush(named: brushName)
    }

    /// Whether to print the brushes' names (``BrushCatalog/names(presetsIn:)``), one a line, and do nothing else.
    @Flag(name: .customLong("list-brushes"), help: ArgumentHelp(localized("Print the brushes' names, one a line: round (fingerpaint's own), then the MyPaint presets installed, as collection/name (docs/brushes.md).")))
    public var listsBrushes = false

    /// The canvas size of a replay.
    @Option(help: ArgumentHelp(localized("The canvas size (default: the trace's canvas line, else 800x600 for a replay, 1024x700 for a window)."), valueName: "WxH"),
            transform: CanvasSizeArgument.parse)
    public var size: Size?

    /// Whether strokes in progress are drawn without their predicted tail.
    @Flag(name: .customLong("no-prediction"), help: ArgumentHelp(localized("Draw strokes in progress without their predicted tail (the p key toggles it).")))
    public var withoutPrediction = false

    /// The palette's and panels' colours; `nil` follows the desktop's style (docs/portal.md).
    @Option(help: ArgumentHelp(localized("The palette's and panels' colours: light or dark (the canvas stays white). Default: the desktop's style, followed live through its portal; light without one."), valueName: "light|dark"))
    public var style: OverlayStyle?

    /// Whether a flicked pan stops with the fingers instead of gliding on.
    @Flag(name: .customLong("no-momentum"), help: ArgumentHelp(localized("In navigate mode, a flicked pan stops when the fingers lift instead of gliding on.")))
    public var withoutMomentum = false

    /// Whether fingers paint at the brush's width whatever their contact size.
    @Flag(name: .customLong("no-contact-size"), help: ArgumentHelp(localized("Fingers paint at the brush's width, not wider the larger their contact (where the compositor reports contact size).")))
    public var withoutContactSize = false

    /// Whether fingers paint while a pen is near the screen.
    @Flag(name: .customLong("fingers-near-pen"), help: ArgumentHelp(localized("Fingers paint while a pen is near the screen (by default they paint nothing then, as on iPadOS).")))
    public var fingersPaintNearPen = false

    /// The contact rules the flags ask for (docs/pen-and-palm.md).
    public var contactRules: ContactRules {
        var rules = ContactRules()
        rules.widthFollowsContactSize = !withoutContactSize
        rules.ignoresFingersNearPen = !fingersPaintNearPen
        return rules
    }

    /// Whether the window prints debug lines (also `FINGERPAINT_DEBUG=1`).
    @Flag(help: ArgumentHelp(localized("Print debug lines about the compositor and the window (as FINGERPAINT_DEBUG=1 does).")))
    public var verbose = false

    /// Whether a replay prints its frame figures, and a window its input-to-presentation figures when it closes.
    @Flag(name: .customLong("stats"), help: ArgumentHelp(localized("After a replay, print one JSON line of frame figures; in a window, one line of input-to-presentation figures at exit.")))
    public var printsStatistics = false

    /// The options of a bare `fingerpaint`: the window, on the document used last.
    public init() {}

    /// The document to paint (`FILE` or `--open FILE`), created when it does not exist; with a replay to a PNG,
    /// the drawing it starts from. `nil`: the document used last.
    public var document: String? { file ?? openedFile }

    public func validate() throws {
        if file != nil, openedFile != nil {
            // Translators: %1$s and %2$s are the two drawings' paths given on the command line.
            throw ValidationError(localized("one drawing at a time: %1$s and %2$s", file ?? "", openedFile ?? ""))
        }
        if output != nil, replay == nil {
            throw ValidationError(localized("--output needs --replay TRACE"))
        }
        if output != nil, record != nil {
            throw ValidationError(localized("--record records a window session; a replay with --output has none"))
        }
        if startsBlank, document != nil {
            throw ValidationError(localized("--new starts a new drawing; it does not go with a FILE"))
        }
        if export != nil {
            guard document != nil else { throw ValidationError(localized("--export OUT needs the drawing: fingerpaint --export OUT FILE")) }
            guard replay == nil, record == nil, !startsBlank else {
                throw ValidationError(localized("--export writes a picture of FILE with no window; it goes with nothing else"))
            }
        } else if overwrite, record == nil, output == nil {
            throw ValidationError(localized("--overwrite goes with --export, --record or --output"))
        }
        if !thumbnailArguments.isEmpty {
            guard let thumbnail, (1...DrawingPicture.largestThumbnail).contains(thumbnail.size) else {
                // Translators: SIZE IN OUT are the option's value names (as --help shows them); %d is the largest size.
                throw ValidationError(localized("--thumbnail takes SIZE IN OUT: a size in pixels from 1 to %d, the drawing, the PNG to write",
                                                DrawingPicture.largestThumbnail))
            }
            guard document == nil, export == nil, replay == nil, record == nil, !startsBlank else {
                throw ValidationError(localized("--thumbnail SIZE IN OUT goes with nothing else"))
            }
        }
        if listsBrushes {
            guard document == nil, export == nil, replay == nil, record == nil, !startsBlank, thumbnailArguments.isEmpty,
                  !overwrite, brushName == nil else {
                throw ValidationError(localized("--list-brushes goes with nothing else"))
            }
        }
        if brushName != nil {
            guard export == nil, thumbnailArguments.isEmpty else {
                throw ValidationError(localized("--brush paints in the window or a replay; it does not go with --export or --thumbnail"))
            }
            do {
                _ = try brushPreset()
            } catch {
                throw ValidationError("\(error)")
            }
        }
        if let output, !output.lowercased().hasSuffix(".png") {
            // Translators: %s is the name given to --output.
            throw ValidationError(localized("--output writes a PNG: its name must end in .png (got %s)", output))
        }
    }
}

extension OverlayStyle: ExpressibleByArgument {}
