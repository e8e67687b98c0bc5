// A surface presenter alone, on a bare wl_surface of the fake compositor (no toplevel: as a popup would use it).
import Geometry
import Testing
@testable import WaylandClient

/// The presenter's owner: it records the damage of each draw and each frame sent.
private final class PresenterOwner: SurfacePresenterDelegate {
    var damages: [[PixelRect]] = []
    var sentFrames = 0

    func presenterReductionOfNextFrame(_ presenter: SurfacePresenter) -> Int? { nil }
    func presenter(_ presenter: SurfacePresenter, draw buffer: Buffer, damage: [PixelRect]) -> [PixelRect] {
        damages.append(damage)
        return []
    }
    func presenter(_ presenter: SurfacePresenter, drawPart buffer: Buffer,
                   damage: [PixelRect]) -> (changed: [PixelRect], isComplete: Bool) {
        (self.presenter(presenter, draw: buffer, damage: damage), true)
    }
    func presenter(_ presenter: SurfacePresenter, drawReduced image: ReducedImage) {}
    func presenterDidSendFrame(_ presenter: SurfacePresenter) { sentFrames += 1 }
    func presenter(_ presenter: SurfacePresenter, frame: Int, was presentation: FramePresentation) {}
    func presenterDescribeLastDraw(_ presenter: SurfacePresenter) -> String? { nil }
}

/// A presenter of a 100x50 surface on a fresh fake compositor that holds its frame callbacks.
private final class PresenterFixture {
    let fake: FakeCompositor
    let display: Display
    let presenter: SurfacePresenter
    let owner = PresenterOwner()

    init() throws {
        fake = try FakeCompositor()
        fake.holdsFrameCallbacks = true
        display = try Display(name: fake.socket)
        let compositor = try #require(display.registry.compositor)
        let shm = try #require(display.registry.shm)
        let surface = Surface(display: display, compositor: compositor.pointer)
        presenter = SurfacePresenter(display: display, surface: surface, shm: shm.pointer, viewport: nil,
                                     usesFractionalScale: false, width: 100, height: 50, scale: 1)
        presenter.delegate = owner
    }

    deinit {
        presenter.close()
        fake.stop()
    }

    /// Event-loop iterations for the presenter alone (the display drives only windows): dispatch, then what the
    /// loop does for a window at the end of one, until `condition` holds or `iterations` have run.
    @discardableResult
    func iterate(_ iterations: Int = 200, until condition: () -> Bool = { false }) throws -> Bool {
        for _ in 0..<iterations {
            if condition() { return true }
            try display.dispatch(timeout: .milliseconds(2))
            presenter.checkFrameWatchdog(now: MonotonicClock.now)
            presenter.redrawIfDue()
            presenter.queuedRequestsSent()
        }
        return condition()
    }
}

@Suite("A surface presenter on a bare surface")
struct SurfacePresenterTests {
    static let whole = PixelRect(x: 0, y: 0, width: 100, height: 50)

    @Test("Nothing is drawn before the configure, which draws the whole surface at once")
    func theConfigureDrawsFirst() throws {
        let fixture = try PresenterFixture()
        try fixture.iterate(20)
        #expect(fixture.presenter.committedFrameCount == 0)
        #expect(fixture.presenter.needsDisplay)
        fixture.presenter.configured()
        #expect(fixture.presenter.committedFrameCount == 1)
        #expect(fixture.owner.damages == [[Self.whole]])
        // A configure with nothing to redraw is a bare commit.
        fixture.presenter.configured()
        #expect(fixture.presenter.committedFrameCount == 1)
    }

    @Test("One frame per frame callback: what is asked meanwhile waits for it, and goes in the next frame's damage")
    func oneFramePerCallback() throws {
        let fixture = try PresenterFixture()
        fixture.presenter.configured()
        #expect(try fixture.iterate { fixture.fake.heldFrameCallbackCount == 1 })
        let first = Rect(x: 10, y: 10, width: 5, height: 5), second = Rect(x: 60, y: 20, width: 10, height: 10)
        fixture.presenter.setNeedsDisplay([first])
        fixture.presenter.setNeedsDisplay([second])
        try fixture.iterate(50)
        #expect(fixture.presenter.committedFrameCount == 1)
        #expect(fixture.owner.sentFrames == 1)
        fixture.fake.releaseFrameCallbacks()
        #expect(try fixture.iterate { fixture.presenter.committedFrameCount == 2 })
        try fixture.iterate(20)
        #expect(fixture.presenter.committedFrameCount == 2)
        // The second buffer is new: it is painted whole. The third is the first again, lacking both rectangles.
        fixture.presenter.setNeedsDisplay([first])
        fixture.fake.releaseFrameCallbacks()
        #expect(try fixture.iterate { fixture.presenter.committedFrameCount == 3 })
        #expect(fixture.owner.damages.count == 3)
        #expect(Set(fixture.owner.damages.last ?? []) == [PixelRect(covering: first, scale: 1),
                                                           PixelRect(covering: second, scale: 1)])
    }

    @Test("With no frame callback coming, the watchdog draws what waits after its interval")
    func theWatchdogDraws() throws {
        let fixture = try PresenterFixture()
        fixture.presenter.configured()
        let deadline = try #require(fixture.presenter.frameWatchdogDeadline)
        fixture.presenter.setNeedsDisplay()
        fixture.presenter.checkFrameWatchdog(now: deadline - .milliseconds(1))
        #expect(fixture.presenter.committedFrameCount == 1)
        fixture.presenter.checkFrameWatchdog(now: deadline)
        #expect(fixture.presenter.committedFrameCount == 2)
        #expect(fixture.presenter.frameWatchdogDeadline != nil)
    }
}
