import Testing
@testable import TouchUI

/// What a touch's view hears, as `ViewDelivery` decides it: rows written out, then every short sequence.
@Suite struct ViewDeliveryTests {
    typealias Holds = ViewDelivery.Holds
    private static let free = Holds()
    private static let taken = Holds(isTaken: true)
    private static let holdsBegan = Holds(holdsBegan: true)
    private static let holdsEnded = Holds(holdsEnded: true)

    @Test(arguments: [
        // (from, phase, holds, to, heard)
        (ViewDelivery.undelivered, Touch.Phase.began, free, ViewDelivery.began, Touch.Phase?.some(.began)),
        (.undelivered, .began, taken, .finished, nil),
        (.undelivered, .began, holdsBegan, .beganHeld(endedToo: false), nil),
        (.undelivered, .began, Holds(isTaken: true, holdsBegan: true), .finished, nil),
        (.began, .moved, holdsEnded, .began, .moved),
        (.began, .stationary, free, .began, nil),
        (.beganHeld(endedToo: false), .moved, free, .beganHeld(endedToo: false), nil),
        (.began, .ended, free, .finished, .ended),
        (.began, .ended, holdsEnded, .endedHeld, nil),
        (.beganHeld(endedToo: false), .ended, free, .beganHeld(endedToo: true), nil),
        (.began, .cancelled, holdsEnded, .finished, .cancelled),
        (.endedHeld, .cancelled, free, .finished, .cancelled),
        (.beganHeld(endedToo: false), .cancelled, free, .finished, nil),
        (.excluded, .began, free, .excluded, nil),
        (.excluded, .ended, free, .excluded, nil),
        (.finished, .moved, free, .finished, nil),
        (.finished, .ended, free, .finished, nil),
    ])
    func aPhaseMovesTheDeliveryOn(from: ViewDelivery, phase: Touch.Phase, holds: Holds, to: ViewDelivery,
                                  heard: Touch.Phase?) {
        var delivery = from
        let told = delivery.deliver(phase, holds)
        #expect(told == heard)
        #expect(delivery == to)
    }

    @Test func takingATouchCancelsItInTheViewOnlyWhenTheViewHeardItBegin() {
        for (from, cancels) in [(ViewDelivery.undelivered, false), (.began, true), (.endedHeld, true),
                                (.beganHeld(endedToo: true), false), (.excluded, false), (.finished, false)] {
            var delivery = from
            let cancelled = delivery.take()
            #expect(cancelled == cancels, "\(from)")
            #expect(delivery == (from == .excluded ? .excluded : .finished), "\(from)")
        }
    }

    @Test func heldPhasesGoOnlyWhenNothingHoldsThemAndBeganFirst() {
        var delivery = ViewDelivery.beganHeld(endedToo: true)
        var released = [
            delivery.releaseEnded(holdsEnded: false),  // its began has not gone yet
            delivery.releaseBegan(holdsBegan: true),
        ]
        #expect(released == [false, false])
        released = [delivery.releaseBegan(holdsBegan: false)]
        #expect(released == [true] && delivery == .endedHeld)
        released = [delivery.releaseEnded(holdsEnded: true), delivery.releaseEnded(holdsEnded: false)]
        #expect(released == [false, true] && delivery == .finished)
        released = [delivery.releaseBegan(holdsBegan: false), delivery.releaseEnded(holdsEnded: false)]
        #expect(released == [false, false])
    }

    /// Every sequence began, moved or stationary twice, then ended or cancelled, with every combination of holds
    /// at each step and a take or a release (nothing held) or neither after each: the view hears nothing, or began,
    /// moves, and one end — never a move or an end without its began, nothing after the end — and once nothing
    /// holds the touch any more, it has heard an end exactly when it heard the began.
    @Test func everyShortSequenceGivesTheViewAWellFormedStory() {
        let allHolds = [false, true].flatMap { taken in
            [false, true].flatMap { began in [false, true].map { Holds(isTaken: taken, holdsBegan: began, holdsEnded: $0) } }
        }
        enum Step { case none, take, release }
        var checked = 0
        for middle in [[Touch.Phase.moved, .moved], [.moved, .stationary], [.stationary, .stationary]] {
            for end in [Touch.Phase.ended, .cancelled] {
                let phases = [Touch.Phase.began] + middle + [end]
                func run(_ index: Int, _ delivery: ViewDelivery, _ heard: [Touch.Phase]) {
                    guard index < phases.count else {
                        // Finally nothing holds it: what is left goes.
                        var delivery = delivery, heard = heard
                        if delivery.releaseBegan(holdsBegan: false) { heard.append(.began) }
                        if delivery.releaseEnded(holdsEnded: false) { heard.append(.ended) }
                        check(heard, delivery)
                        checked += 1
                        return
                    }
                    for holds in allHolds {
                        var next = delivery, story = heard
                        if let phase = next.deliver(phases[index], holds) { story.append(phase) }
                        for step in [Step.none, .take, .release] {
                            var after = next, told = story
                            switch step {
                            case .none: break
                            case .take: if after.take() { told.append(.cancelled) }
                            case .release:
                                if after.releaseBegan(holdsBegan: false) { told.append(.began) }
                                if after.releaseEnded(holdsEnded: false) { told.append(.ended) }
                            }
                            run(index + 1, after, told)
                        }
                    }
                }
                run(0, .undelivered, [])
            }
        }
        #expect(checked > 100_000)
    }

    private func check(_ heard: [Touch.Phase], _ final: ViewDelivery) {
        guard let first = heard.first else { return }
        let story = heard.map(\.description).joined(separator: " ")
        #expect(first == .began, "\(story)")
        #expect(heard.dropFirst().dropLast().allSatisfy { $0 == .moved }, "\(story)")
        #expect(heard.count >= 2 && [.ended, .cancelled].contains(heard.last), "began and never ended: \(story)")
        #expect(final == .finished, "\(story)")
    }
}
