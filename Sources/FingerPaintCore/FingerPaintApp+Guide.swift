// The guide to the gestures (docs/interface.md, "The guide"): the card the first window shows by itself, and the one
// the "?" button, F1 and `?` show with the keys. Contract: the card never blocks painting — it lies above the bar,
// beside the strip, within the lower third of the window (half with the keys); it goes at a tap on it, at the first
// stroke, at Escape, and, shown by itself, after ``FingerPaintApp/guideTime``.
import Geometry
import PaintUI

extension FingerPaintApp {
    /// How long the card the first window shows stays, untouched.
    public static let guideTime = Duration.seconds(10)

    /// The gestures the card shows, a picture and a line each.
    public static let guideRows: [Overlay.Guide.Row] = [
        .init(picture: .fingers, text: "Paint with several fingers at once"),
        .init(picture: .twoFingerTap, text: "Tap with two fingers to undo, three to redo"),
        .init(picture: .hand, text: "The hand button moves the paper"),
        .init(picture: .pinch, text: "With the hand, pinch to zoom and turn"),
        .init(picture: .shape, text: "Hold still at a line's end for a shape"),
        .init(picture: .gallery, text: "The gallery keeps all your drawings"),
    ]

    /// The keys the "?" button's card adds.
    public static let guideKeys = [
        "Ctrl+Z  undo", "Ctrl+Shift+Z  redo", "b  brush", "e  eraser", "s  lasso", "f  fill", "i  pick a colour",
        "l  layers", "g  gallery", "[ ]  width", "1–9  colours", "Ctrl+V  paste", "Ctrl+S  save", "Ctrl+O  open",
        "F11  full screen", "F1 or ?  this card",
    ]

    /// Whether the guide's card shows.
    public var isShowingGuide: Bool { guideShowsKeys != nil }

    /// Shows the guide's card: by itself (the first window), taken down after ``guideTime``; or asked for, with the
    /// keys, until a tap or a stroke takes it down.
    public func showGuide(withKeys: Bool) {
        if let guideTimer { window.timers.cancel(guideTimer) }
        guideTimer = nil
        guideShowsKeys = withKeys
        report("fingerpaint: showing the guide\(withKeys ? " with the keys" : "")")
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
        report("fingerpaint: the guide went")
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
