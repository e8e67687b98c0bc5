// Every threshold of touch and gesture handling, in one place, with the source each follows.

/// The thresholds the window and the built-in recognizers use. Distances are in points, times are durations.
///
/// UIKit documents few of its numbers; where it is silent these follow Android's `ViewConfiguration`, Flutter's
/// `gestures/constants.dart` and GTK, and the reason is given on each.
public enum GestureDefaults {
    /// How far a touch may move from where it came down and still count as a tap: 10 pt.
    ///
    /// UIKit's tap and long-press recognizers allow about 10 pt (`UILongPressGestureRecognizer.allowableMovement`
    /// defaults to 10), and the open-source UIKit clones use the same; Android's touch slop is 8 dp.
    public static let tapSlop: Double = 10

    /// The longest time from one tap's release to the next tap's press for the two to count as one multi-tap:
    /// 300 ms. Android's `DOUBLE_TAP_TIMEOUT` and Flutter's `kDoubleTapTimeout` are 300 ms; GTK's double-click time
    /// is 400 ms, tuned for a mouse.
    public static let doubleTapInterval: Duration = .milliseconds(300)

    /// The farthest the next tap of a multi-tap may land from the previous one: 45 pt, about one fingertip target
    /// (Apple's guidelines ask for 44 pt targets). Android allows 100 dp (`DOUBLE_TAP_SLOP`), GTK 5 px for a mouse.
    /// Taps farther apart are separate single taps.
    public static let doubleTapSlop: Double = 45

    /// How long a long press must be held: 0.5 s (`UILongPressGestureRecognizer.minimumPressDuration`).
    public static let longPressDuration: Duration = .milliseconds(500)

    /// How far a long press may move before it begins: 10 pt (`UILongPressGestureRecognizer.allowableMovement`).
    public static let longPressAllowableMovement: Double = 10

    /// How long a stroke must rest at its end to be held (``StrokeHoldGestureRecognizer``): 0.5 s, a long press's
    /// duration, and "about half a second" as Procreate's QuickShape describes its hold.
    public static let strokeHoldDuration: Duration = longPressDuration

    /// How far a resting stroke's touch may wander and still be held: 6 pt, finger tremor at rest (well under a
    /// long press's 10 pt, since a slow stroke must not count as resting).
    public static let strokeHoldAllowableMovement: Double = 6

    /// How far a stroke must go before a rest can hold it: 2 × ``tapSlop``, 20 pt, so that a press in place (a long
    /// press) is not a held stroke.
    public static let strokeHoldMinimumLength: Double = 2 * tapSlop

    /// How far the touches of a pan must move before it begins: 10 pt, UIKit's observed hysteresis (Android's touch
    /// slop is 8 dp, Flutter's pan slop 36 px).
    public static let panStartDistance: Double = 10

    /// How far a swipe must travel along its direction: 50 pt. UIKit does not document it; Android samples use
    /// 50–120 px.
    public static let swipeMinimumDistance: Double = 50

    /// How long a swipe may take to cover ``swipeMinimumDistance``: 300 ms, so a swipe averages at least about
    /// 170 pt/s; slower movement is a pan. (Android's minimum fling velocity is 50 dp/s, Flutter's 50 px/s, for the
    /// release velocity; UIKit's swipe is noticeably faster than that.)
    public static let swipeMaximumDuration: Duration = .milliseconds(300)

    /// The largest angle between a swipe's movement and its direction: 30°. Movement straying farther fails it.
    public static let swipeMaximumAngle: Double = 30 * .pi / 180

    /// How much the distance between two touches must change before a pinch begins: 8 pt, about the tap slop, so
    /// a resting two-finger touch does not pinch.
    public static let pinchStartDistance: Double = 8

    /// How far two touches must turn before a rotation begins: 5° (0.087 rad), UIKit's observed hysteresis.
    public static let rotationStartAngle: Double = 5 * .pi / 180

    /// How far back velocity estimates look: 100 ms of samples (Flutter's `VelocityTracker` horizon).
    public static let velocityHorizon: Duration = .milliseconds(100)

    /// A touch that has not moved for this long is at rest and its velocity is zero: 40 ms (Flutter's
    /// `kAssumePointerMoveStoppedMilliseconds`).
    public static let velocityRestTime: Duration = .milliseconds(40)

    /// The fewest samples a velocity estimate is fitted over: 2, a line through two points. A quadratic fit needs 3
    /// and falls back to a line with fewer (Flutter's `LeastSquaresSolver` does the same).
    public static let velocityMinimumSamples: Int = 2

    /// How far ahead of its newest sample a touch is predicted: 16 ms, one frame of a 60 Hz display, the issue's
    /// bound (Windows Ink predicts 15 ms, Android's `MotionEventPredictor` about a frame). A painting program
    /// draws the prediction up to the time its frame is committed (`Touch.Sample.interpolated(_:at:)`), so the ink
    /// ends where the finger is then.
    public static let predictionHorizon: Duration = .milliseconds(16)

    /// How many predicted samples span the horizon: 4, one every 4 ms, close enough to cut at any time.
    public static let predictionSteps: Int = 4

    /// The samples a prediction is fitted over: the last 50 ms, three to six samples at 60–120 Hz. Shorter than
    /// ``velocityHorizon`` so that a change of speed shows within a frame or two (a choice, measured on the
    /// benchmark's curves).
    public static let predictionFitWindow: Duration = .milliseconds(50)

    /// A touch whose newest move is slower than this fraction of the move before it has stopped, or is braking
    /// hard, within the newest sample interval, and is not predicted: 0.5 (a choice: a finger's speed does not halve
    /// within 4–8 ms unless it is stopping; `paint-benchmark latency`'s runs and stops measure it).
    public static let predictionStopSpeedRatio: Double = 0.5

    /// A touch slower than this is stopping and is not predicted: 30 pt/s, a finger's drift when it means to rest
    /// (a choice: below it a prediction would run past the stop).
    public static let predictionMinimumSpeed: Double = 30

    /// A newest move that turns more than this from the fitted direction is a turn under way, and is not
    /// predicted: 25° (a choice: a straight-line prediction would cut the corner).
    public static let predictionMaximumTurn: Double = 25 * .pi / 180

    /// The most touches that are down at once; a further one is ignored and counted: 32, three hands' worth and
    /// more than the contact slots of the multitouch screens Linux drives (10 is usual).
    public static let maximumSimultaneousTouches: Int = 32

    /// How long each leg of a checkmark stroke must be: 20 pt, twice the ``tapSlop``, so that neither leg can be a
    /// resting finger's wobble. (Apple's custom-recognizer example only asks that the stroke turn upward.)
    public static let checkmarkMinimumLegLength: Double = 2 * tapSlop

    /// How far a checkmark stroke may wobble against its direction (back to the left, or down again on the up leg)
    /// without failing: 5 pt, half the ``tapSlop``, a fingertip's roll.
    public static let checkmarkWobbleTolerance: Double = tapSlop / 2
}

/// The durations of ``GestureDefaults`` that every event or frame reads, in seconds, converted once: a `Duration`'s
/// seconds divide its 128-bit count of attoseconds (about 190 instructions), which the prediction did a dozen times
/// a touch and frame. The same values as converting each time.
enum DefaultSeconds {
    static let velocityHorizon = GestureDefaults.velocityHorizon.seconds
    static let velocityRestTime = GestureDefaults.velocityRestTime.seconds
    static let predictionHorizon = GestureDefaults.predictionHorizon.seconds
    static let predictionFitWindow = GestureDefaults.predictionFitWindow.seconds
}
