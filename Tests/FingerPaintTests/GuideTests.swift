@testable import FingerPaintCore
import Foundation
import Geometry
import PaintModel
import PaintUI
import SeatInput
import Testing

/// The guide to the gestures (docs/interface.md, "The guide"): the card the first window shows in the lower third,
/// gone at a tap on it, at the first stroke (which paints) or after ten seconds; the "?" button's card with the keys.
@Suite struct GuideTests {
    /// Whether `outer` holds `inner`, to a hundredth of a point.
    static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 0.01 && inner.minY >= outer.minY - 0.01 && inner.maxX <= outer.maxX + 0.01
            && inner.maxY <= outer.maxY + 0.01
    }

    static let sizes = [Size(width: 1024, height: 768), Size(width: 420, height: 700), Size(width: 800, height: 600)]

    @Test(arguments: sizes)
    func theFirstCardLiesInTheLowerThirdAboveTheBarAndBesideTheStrip(size: Size) throws {
        let painter = Painter(size: size)
        painter.app.showGuide(withKeys: false)
        painter.app.renderFrame()
        let guide = try #require(painter.app.renderer.overlay?.guide)
        let layout = painter.app.paletteView.layout
        #expect(guide.frame.minY >= size.height * 2 / 3 - 0.01, "\(guide.frame) in \(size)")
        #expect(guide.frame.maxY <= layout.bar.minY)
        if let strip = layout.strip { #expect(guide.frame.intersection(strip) == nil, "\(guide.frame) over \(strip)") }
        #expect(guide.rows.count == 6 && guide.keys.isEmpty)
        #expect(guide.factor >= Overlay.Guide.smallestFactor)
        // Every row within the card.
        for row in guide.rowFrames { #expect(Self.holds(guide.frame, row), "\(row)") }
    }

    @Test func aTapOnTheCardTakesItDownAndPaintsNothing() throws {
        let painter = Painter(size: Size(width: 1024, height: 768))
        painter.app.showGuide(withKeys: false)
        painter.app.renderFrame()
        let card = try #require(painter.app.guideView.guide).frame
        painter.tap(1, at: card.center)
        #expect(!painter.app.isShowingGuide)
        #expect(painter.app.drawing.strokes.isEmpty, "the tap went to the card, not the paper")
    }

    @Test func aStrokeMadeWhileTheCardShowsIsPaintedAndTakesItDown() throws {
        let painter = Painter(size: Size(width: 1024, height: 768))
        painter.app.showGuide(withKeys: false)
        painter.drag([(id: 1, from: Point(x: 200, y: 200), to: Point(x: 600, y: 220))])
        #expect(!painter.app.isShowingGuide)
        #expect(painter.app.drawing.strokes.count == 1)
        #expect(painter.isPainted(400, 210))
    }

    @Test func theFirstCardGoesAfterTenSecondsAndTheAskedForOneStays() throws {
        let painter = Painter(size: Size(width: 1024, height: 768))
        painter.app.showGuide(withKeys: false)
        painter.app.advanceTime(to: painter.app.window.timers.now + .milliseconds(9_900))
        #expect(painter.app.isShowingGuide)
        painter.app.advanceTime(to: painter.app.window.timers.now + .milliseconds(200))
        #expect(!painter.app.isShowingGuide)
        painter.tap(2, at: painter.paletteCenter(of: .showGuide))
        #expect(painter.app.isShowingGuide)
        painter.app.advanceTime(to: painter.app.window.timers.now + .seconds(30))
        #expect(painter.app.isShowingGuide, "asked for, it stays until a tap or a stroke")
        painter.key("Escape")
        #expect(!painter.app.isShowingGuide)
    }

    @Test(arguments: sizes)
    func theQuestionMarksCardAddsTheKeysWithinHalfTheWindow(size: Size) throws {
        let painter = Painter(size: size)
        painter.key("F1")
        painter.app.renderFrame()
        let guide = try #require(painter.app.guideView.guide)
        #expect(guide.keys == FingerPaintApp.guideKeys)
        #expect(guide.frame.minY >= size.height / 2 - 0.01 && guide.frame.maxY <= painter.app.paletteView.layout.bar.minY)
        for key in guide.keyFrames { #expect(Self.holds(guide.frame, key), "\(key) outside \(guide.frame)") }
        #expect(painter.app.paletteView.items.contains { $0.command == .showGuide } || painter.app.paletteView.layout.overflow.contains(.showGuide))
        painter.key("F1")
        #expect(!painter.app.isShowingGuide, "the key again takes it down")
    }

    @Test func theQuestionMarksLabelSaysWhatItShows() {
        #expect(PaintCommand.showGuide.label() == "Gestures and keys")
        #expect(KeyChord(parsing: "F1").flatMap(PaintCommand.init(key:)) == .showGuide)
    }
}
