// The buffer history alone: what a buffer lacks after the frames it missed, its pixels moved for a pan, pixels taken
// from a buffer showing a later frame, and when it must be drawn whole.
import Geometry
import PaintModel
@testable import PaintRender
import Testing

@Suite struct BufferHistoryTests {
    /// A buffer's owner: the history remembers a buffer while this lives.
    private final class Owner {}

    private static let width = 64, height = 48
    private static let whole = PixelRect(x: 0, y: 0, width: width, height: height)
    private let bothCores = BothCores()

    /// A frame of the upright view at 1 pixel a point, the buffer's corner at `offset`, changing `document`.
    private func frame(_ history: BufferHistory, offset: (x: Int, y: Int) = (0, 0), pixelsPerPoint: Double = 1,
                       isWhole: Bool = false, document: [PixelRect] = []) -> FrameRecord {
        FrameRecord(number: history.nextNumber, pixelsPerPoint: pixelsPerPoint, rotation: 0, offsetX: offset.x,
                    offsetY: offset.y, width: Self.width, height: Self.height, isWhole: isWhole, document: document,
                    screen: [], overlay: [])
    }

    /// Records a frame and brings `image` (of `owner`) up to it; notes the buffer shown.
    private func draw(_ record: FrameRecord, into image: ImageSurface, owner: AnyObject, copyOf: AnyObject? = nil,
                      history: inout BufferHistory) -> BufferHistory.CatchUp {
        _ = history.record(record)
        let caughtUp = history.catchUp(image, owner: owner, copyOf: copyOf,
                                       placement: BufferPlacement(offsetX: record.offsetX, offsetY: record.offsetY,
                                                                  rotation: 0),
                                       whole: Self.whole, drawable: Self.whole, bothCores: bothCores)
        history.noteShown(owner, image: image)
        return caughtUp
    }

    private func image(_ color: Color = .white) -> ImageSurface {
        ImageSurface(width: Self.width, height: Self.height, fill: color)
    }

    @Test func aBufferNeverDrawnLacksEverything() {
        var history = BufferHistory()
        let caughtUp = draw(frame(history, isWhole: true), into: image(), owner: Owner(), history: &history)
        #expect(caughtUp.lacking == [Self.whole])
        #expect(!caughtUp.isCopiedWhole)
    }

    @Test func aBufferAFrameBehindLacksOnlyWhatThatFrameChanged() {
        var history = BufferHistory()
        let owner = Owner(), buffer = image()
        _ = draw(frame(history, isWhole: true), into: buffer, owner: owner, history: &history)
        let stroke = PixelRect(x: 10, y: 12, width: 8, height: 5)
        let caughtUp = draw(frame(history, document: [stroke]), into: buffer, owner: owner, history: &history)
        #expect(caughtUp.lacking == [stroke])
        #expect(caughtUp.movedX == 0 && caughtUp.movedY == 0)
    }

    @Test func aPanMovesTheBuffersPixelsAndLeavesOnlyWhatCameIntoView() {
        var history = BufferHistory()
        let owner = Owner(), buffer = image()
        _ = draw(frame(history, isWhole: true), into: buffer, owner: owner, history: &history)
        buffer.fill(PixelRect(x: 20, y: 20, width: 1, height: 1), with: .black)
        // The view moves 5 pixels right and 3 down over the document: what the buffer showed moves up and left.
        let caughtUp = draw(frame(history, offset: (5, 3)), into: buffer, owner: owner, history: &history)
        #expect(caughtUp.movedX == -5 && caughtUp.movedY == -3)
        #expect(buffer.pixel(x: 15, y: 17) == 0x000000)
        #expect(buffer.pixel(x: 20, y: 20) == 0xFFFFFF)
        let lacking = Set(caughtUp.lacking.flatMap(pixels))
        let exposed = Set([PixelRect(x: 59, y: 0, width: 5, height: 48), PixelRect(x: 0, y: 45, width: 64, height: 3)]
            .flatMap(pixels))
        #expect(lacking == exposed)
    }

    @Test func aBufferBehindTakesWhatAnotherBufferShowsAndDrawsOnlyTheNewestChange() {
        var history = BufferHistory()
        let first = Owner(), second = Owner()
        let a = image(), b = image()
        _ = draw(frame(history, isWhole: true), into: a, owner: first, history: &history)
        _ = draw(frame(history), into: b, owner: second, copyOf: first, history: &history)
        // Frame 3 into `a` paints a stroke; frame 4 into `b` must take it from `a`, and draw only frame 4's change.
        let stroke = PixelRect(x: 4, y: 4, width: 10, height: 6), later = PixelRect(x: 40, y: 30, width: 6, height: 6)
        _ = draw(frame(history, document: [stroke]), into: a, owner: first, history: &history)
        a.fill(stroke, with: .black)
        let caughtUp = draw(frame(history, document: [later]), into: b, owner: second, history: &history)
        #expect(caughtUp.copied == [stroke])
        #expect(caughtUp.lacking == [later])
        #expect(b.pixel(x: 8, y: 7) == 0x000000)
    }

    @Test func aNewBufferIsGivenTheLatestCompleteBuffersPixels() {
        var history = BufferHistory()
        let first = Owner(), a = image(.black)
        _ = draw(frame(history, isWhole: true), into: a, owner: first, history: &history)
        let fresh = image()
        let caughtUp = draw(frame(history), into: fresh, owner: Owner(), history: &history)
        #expect(caughtUp.isCopiedWhole)
        #expect(caughtUp.lacking.isEmpty)
        #expect(fresh.pixel(x: 63, y: 47) == 0x000000)
    }

    @Test func aChangeOfZoomOrAFrameDrawnWholeLeavesEveryBufferLackingEverything() {
        var history = BufferHistory()
        let owner = Owner(), buffer = image()
        _ = draw(frame(history, isWhole: true), into: buffer, owner: owner, history: &history)
        let zoomed = draw(frame(history, pixelsPerPoint: 2), into: buffer, owner: owner, history: &history)
        #expect(zoomed.lacking == [Self.whole])
        let other = Owner(), second = image()
        _ = draw(frame(history, pixelsPerPoint: 2), into: second, owner: other, history: &history)
        let drawnWhole = draw(frame(history, pixelsPerPoint: 2, isWhole: true), into: buffer, owner: owner,
                              history: &history)
        #expect(drawnWhole.lacking == [Self.whole])
        #expect(!drawnWhole.isCopiedWhole)
    }

    @Test func aBufferMoreFramesBehindThanRememberedLacksEverything() {
        var history = BufferHistory()
        let behind = Owner(), current = Owner(), old = image(), new = image()
        _ = draw(frame(history, isWhole: true), into: old, owner: behind, history: &history)
        for _ in 0...BufferHistory.rememberedFrames {
            _ = draw(frame(history, document: [PixelRect(x: 1, y: 1, width: 2, height: 2)]), into: new, owner: current,
                     history: &history)
        }
        #expect(history.continuableFrame(from: 1, width: Self.width, height: Self.height) == nil)
        history.forget(current)
        let caughtUp = draw(frame(history), into: old, owner: behind, history: &history)
        #expect(caughtUp.lacking == [Self.whole])
    }

    /// Every pixel of a rectangle, each as one number (1 000 × y + x).
    private func pixels(_ rect: PixelRect) -> [Int] {
        (rect.y..<rect.maxY).flatMap { y in (rect.x..<rect.maxX).map { x in y * 1_000 + x } }
    }
}
