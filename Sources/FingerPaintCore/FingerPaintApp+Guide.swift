// The guide to the gestures (docs/interface.md, "The guide"): the card the first window shows by itself, and the one
// the "?" button, F1 and `?` show with the keys. Contract: the card never blocks painting — it lies above the bar,
// beside the strip, within the lower third of the window (half with the keys); it goes at a tap on it, at the first
// stroke, at Escape, and, shown by itself, after ``FingerPaintApp/guideTime``.
import Geometry
import Localization
import PaintUI

extension FingerPaintApp {
    /// How long the card the first window shows stays, untouched.
    public static let guideTime = Duration.seconds(10)

    /// The gestures the card shows, a picture and a line each, in the painter's language.
    public static var guideRows: [Overlay.Guide.Row] {
        [
            // Translators: a line of the guide's card, beside a picture of the gesture: keep it short (about 40
            // characters at most).
            .init(picture: .fingers, text: localized("Paint with several fingers at once")),
            // Translators: a line of the guide's card (see "Paint with several fingers at once").
            .init(picture: .twoFingerTap, text: localized("Tap with two fingers to undo, three to redo")),
            // Translators: a line of the guide's card (see "Paint with several fingers at once").
            .init(picture: .hand, text: localized("The hand button moves the paper")),
            // Translators: a line of the guide's card (see "Paint with several fingers at once").
            .init(picture: .pinch, text: localized("With the hand, pinch to zoom and turn")),
            // Translators: a line of the guide's card (see "Paint with several fingers at once").
            .init(picture: .shape, text: localized("Hold still at a line's end for a shape")),
            // Translators: a line of the guide's card (see "Paint with several fingers at once").
            .init(picture: .gallery, text: localized("The gallery keeps all your drawings")),
        ]
    }

    /// The keys the "?" button's card adds, each a key, two spaces and what it does, in the painter's language.
    public static var guideKeys: [String] {
        [
            // Translators: a key of the guide's card: the key as on the keyboard (Ctrl may be written as your
            // keyboards label it, the letters are the keys to press), two spaces, and what it does, in a cell 150
            // points wide (about 20 characters at most).
            localized("Ctrl+Z  undo"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("Ctrl+Shift+Z  redo"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("b  brush"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("e  eraser"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("s  lasso"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("f  fill"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("i  pick a colour"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("l  layers"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("g  gallery"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("[ ]  width"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("1–9  colours"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("Ctrl+V  paste"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("Ctrl+S  save"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("Ctrl+O  open"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("F11  full screen"),
            // Translators: a key of the guide's card (see "Ctrl+Z  undo").
            localized("F1 or ?  this card"),
        ]
    }

    /// Whether the guide's card shows.
    public var isShowingGuide: Bool { guideShowsKeys != nil }

    /// Shows the guide's card: by itself (the first window), taken down after ``guideTime``; or asked for, with the
    /// keys, until a tap or a stroke takes it down.
    public func showGuide(withKeys: Bool) {
        if let guideTimer { window.timers.cancel(guideTimer) }
        guideTimer = nil
        guideShowsKeys = withKeys
        report("fingerpaint: " + (withKeys ? localized("showing the guide with the keys") : localized("showing the guide")))
        if !withKeys {
            guideTimer = window.timers.schedule(after: Self.guideTime) { [unowned self] in
                guideTimer = nil
                dismissGuide()
            }
        }
        updateOverlay()
    }

    /// Takes the guide's card down.
    public func dismissGuide() {
        guard isShowingGuide else { return }
        if let guideTimer { window.timers.cancel(guideTimer) }
        guideTimer = nil
        guideShowsKeys = nil
        report("fingerpaint: " + localized("the guide went"))
        updateOverlay()
    }

    /// The card placed in the window as the layout now is, handed to its view; `nil` while hidden.
    func placedGuide() -> Overlay.Guide? {
        guard let withKeys = guideShowsKeys else {
            guideView.guide = nil
            return nil
        }
        let layout = paletteView.layout, margin = 8.0
        var left = margin, right = layout.size.width - margin
        if let strip = layout.strip {
            if layout.isLeftHanded { right = min(right, strip.minX - margin) } else { left = max(left, strip.maxX + margin) }
        }
        let share = withKeys ? 0.5 : 1.0 / 3
        let top = layout.size.height * (1 - share), bottom = layout.bar.minY - margin
        let area = Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
        let guide = Overlay.Guide(rows: Self.guideRows, keys: withKeys ? Self.guideKeys : [], area: area)
        guideView.guide = guide
        return guide
    }
}
