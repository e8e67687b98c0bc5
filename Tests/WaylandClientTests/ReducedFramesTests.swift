import Testing
@testable import WaylandClient

/// What a window draws and commits around a zoom step drawn at half resolution (``ReducedFrames``).
@Suite struct ReducedFramesTests {
    @Test func aReducedFrameIsFollowedByTheFullFrameInPartsCommittedOnceComplete() {
        var frames = ReducedFrames()
        #expect(frames.nextFrame(programWantsReduced: false, compositorCanScale: true) == .full)
        #expect(frames.nextFrame(programWantsReduced: true, compositorCanScale: true) == .reduced)
        #expect(frames.drew(.reduced, isComplete: true) == .reducedBuffer)
        #expect(frames.phase == .reducedShown)
        // The full frame after it, in two parts: a bare commit, then the buffer with the viewport restored.
        #expect(frames.nextFrame(programWantsReduced: false, compositorCanScale: true) == .partOfFull)
        #expect(!frames.hasPartToDraw)
        #expect(frames.drew(.partOfFull, isComplete: false) == .frameCallbackOnly)
        #expect(frames.phase == .reducedShown)
        // The next part is drawn at the next frame, whatever else changes (CI once saw the reduced frame stay).
        #expect(frames.hasPartToDraw)
        #expect(frames.nextFrame(programWantsReduced: false, compositorCanScale: true) == .partOfFull)
        #expect(frames.drew(.partOfFull, isComplete: true) == .fullBuffer(restoresViewport: true))
        #expect(frames.phase == .sharp)
        #expect(!frames.hasPartToDraw)
        #expect(frames.nextFrame(programWantsReduced: false, compositorCanScale: true) == .full)
        #expect(frames.drew(.full, isComplete: true) == .fullBuffer(restoresViewport: false))
    }

    @Test func aPinchDrawsEachFrameReducedAndWithoutViewporterNone() {
        var frames = ReducedFrames()
        for _ in 0..<3 {
            #expect(frames.nextFrame(programWantsReduced: true, compositorCanScale: true) == .reduced)
            #expect(frames.drew(.reduced, isComplete: true) == .reducedBuffer)
        }
        // A compositor that cannot scale: the window draws full frames, as before.
        var plain = ReducedFrames()
        #expect(plain.nextFrame(programWantsReduced: true, compositorCanScale: false) == .full)
        #expect(plain.drew(.full, isComplete: true) == .fullBuffer(restoresViewport: false))
        #expect(plain.phase == .sharp)
    }
}
