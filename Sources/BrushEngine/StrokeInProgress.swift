// A brush stroke's dabs worked out as its samples come, for a stroke in progress: libmypaint's dynamics over each
// new sample, once. Contract: the same dabs, in the same order, as the whole stroke's samples give
// (`BrushPreset.dabs(along:)`) for a preset whose dabs do not depend on libmypaint's random numbers
// (docs/brushes.md), given the colours a brush that picks colour up read; every call goes through
// `BrushPreset.withEngine`, one at a time in the process.
import CMyPaint

/// A stroke in progress painted with a preset: its samples are added as they come, and each addition gives the dabs
/// they make. The brush of its own lives as long as the stroke.
public final class BrushStrokeInProgress {
    private let brush: OpaquePointer
    private let recorder = DabRecorder(limit: BrushPreset.largestDabCount)
    private var driver: BrushPreset.StrokeDriver?

    /// A stroke of `preset` in `color` (as an eraser with `erasing`), for a view at `viewZoom` turned by
    /// `viewRotation`, as ``BrushPreset/dabs(along:color:erasing:viewZoom:viewRotation:)`` takes them; `nil` when
    /// libmypaint cannot make a brush.
    ///
    /// A brush that picks colour up (smudge) reads it from `colorSource`, which is told of each dab as it is laid;
    /// the colours it answers are kept (``pickedColors``), so that the whole stroke's dabs can be worked out again
    /// without it. Without one, it is given `pickedColors` in turn (a stroke's, painted before), then clear paper.
    public init?(preset: BrushPreset, color: BrushColor, erasing: Bool = false, viewZoom: Double = 1,
                 viewRotation: Double = 0, colorSource: DabColorSource? = nil, pickedColors: PickedColors = []) {
        guard let brush = BrushPreset.withEngine({ preset.makeBrush(erasing: erasing) }) else { return nil }
        self.brush = brush
        let recorder = recorder
        recorder.colorSource = colorSource
        recorder.replayed = pickedColors
        driver = BrushPreset.withEngine {
            var driver: BrushPreset.StrokeDriver?
            BrushPreset.withSurface(of: recorder) { surface in
                recorder.isRecording = false
                driver = BrushPreset.StrokeDriver(brush, color: color, viewZoom: viewZoom, viewRotation: viewRotation) {
                    BrushPreset.stroke(brush, to: $0, on: surface)
                }
                recorder.isRecording = true
            }
            return driver
        }
    }

    deinit {
        let brush = brush
        BrushPreset.withEngine { mypaint_brush_unref(brush) }
    }

    /// How many dabs the stroke has made so far.
    public private(set) var dabCount = 0

    /// The colours the brush read from its source so far, in order: what
    /// ``BrushPreset/dabs(along:color:erasing:viewZoom:viewRotation:pickedColors:)`` takes to make the same dabs.
    public var pickedColors: PickedColors { recorder.pickedColors }

    /// Adds the stroke's next samples; returns the dabs they make (none past ``BrushPreset/largestDabCount`` in all).
    public func add(_ samples: some Collection<BrushSample>) -> [BrushDab] {
        guard !samples.isEmpty, var driver else { return [] }
        let recorder = recorder, brush = brush
        let dabs = BrushPreset.withEngine {
            BrushPreset.withSurface(of: recorder) { surface in
                for sample in samples {
                    guard !recorder.isFull else { break }
                    if let step = driver.step(for: sample) { BrushPreset.stroke(brush, to: step, on: surface) }
                }
            }
            return recorder.takeDabs()
        }
        self.driver = driver
        dabCount += dabs.count
        return dabs
    }
}
