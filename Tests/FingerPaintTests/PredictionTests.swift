import Testing
import FingerPaintCore
import PaintModel
import SeatInput
import TouchUI

/// The predicted tail of a stroke in progress: shown for a frame, never in the drawing.
@Suite struct PredictionTests {
    /// One finger moving right 10 points a frame (600 pt/s) along y = 100, from x = 50 to x = 150, still down.
    private func movingFinger(_ painter: Painter) {
        painter.drag([(1, point(50, 100), point(150, 100))], steps: 10, lift: false)
    }

    @Test func aMovingFingersInkRunsAheadOfItButTheDrawingHasOnlyRealSamples() throws {
        let painter = Painter()
        movingFinger(painter)
        // The brush is 8 wide: the real stroke ends at x = 154. The tail reaches about 10 points further.
        #expect(painter.isPainted(157, 100))
        #expect(painter.committed(157, 100) == paper)
        let tail = try #require(painter.app.canvasView.predictedTails().values.first)
        #expect(tail.allSatisfy { $0.x > 150 && $0.x < 165 && abs($0.y - 100) < 0.5 }, "\(tail)")
        #expect(painter.app.canvasView.liveStrokes.values.first?.points.map(\.location.x).max() == 150)
        // Lifted: the stroke is its real samples, and the tail is gone from the frame.
        painter.send(.touchUp(id: 1), .touchFrame)
        #expect(painter.app.drawing.strokes.first?.points.map(\.location.x).max() == 150)
        #expect(!painter.isPainted(157, 100))
        #expect(painter.app.canvasView.predictedTails().isEmpty)
    }

    @Test func theTailReachesWhereTheFingerIsPredictedToBeWhenTheFrameIsCommitted() throws {
        let painter = Painter()
        movingFinger(painter)
        let newest = try #require(painter.app.window.activeTouches.first?.timestamp)
        // Committed as the newest sample came: no tail. Half a frame later: 600 pt/s × 8 ms ahead. Later than the
        // prediction reaches: all of it (16 ms).
        #expect(painter.app.canvasView.predictedTails(at: newest).isEmpty)
        let halfFrame = try #require(painter.app.canvasView.predictedTails(at: newest + .milliseconds(8)).values.first?.last)
        #expect(abs(halfFrame.x - 154.8) < 0.6 && abs(halfFrame.y - 100) < 0.5, "\(halfFrame)")
        let whole = try #require(painter.app.canvasView.predictedTails(at: newest + .milliseconds(40)).values.first?.last)
        #expect(abs(whole.x - 159.6) < 1, "\(whole)")
    }

    @Test func thePKeyTurnsThePredictionOffAndOn() throws {
        let painter = Painter()
        painter.key("p")
        movingFinger(painter)
        #expect(!painter.isPainted(157, 100))
        #expect(painter.app.canvasView.predictedTails().isEmpty)
        painter.key("p")
        for x in [160.0, 170, 180] { painter.send(.touchMotion(id: 1, location: point(x, 100)), .touchFrame) }
        #expect(painter.isPainted(187, 100))
        #expect(!painter.app.canvasView.predictedTails().isEmpty)
    }

    @Test func theTailOfAStrokeThatStopsIsTakenAway() throws {
        let painter = Painter()
        movingFinger(painter)
        #expect(painter.isPainted(157, 100))
        // The finger rests: the next samples are where it is, and nothing is predicted past them.
        for _ in 0..<4 { painter.send(.touchMotion(id: 1, location: point(150, 100)), .touchFrame) }
        #expect(!painter.isPainted(157, 100))
    }
}
