// A brush preset's settings from anywhere (a drawing made elsewhere keeps them, docs/brushes.md): read by libmypaint
// or refused, never a trap; a preset read draws a short stroke of dabs that are all numbers, and paints it onto a
// small canvas of two colours, reading the colour under it as a smudge brush does, keeping every pixel in range.
import BrushEngine

extension FuzzTargets {
    /// ``BrushPreset`` on arbitrary bytes taken as its settings' text, resized, then a stroke of twenty samples with it.
    public static func brushPreset(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self),
              let preset = try? BrushPreset(name: "fuzz/preset", settings: text) else { return }
        let samples = (0..<20).map { step in
            BrushSample(x: 10 + 3 * Double(step), y: 20, pressure: Double(step) / 19, time: Double(step) / 100)
        }
        // Any size asked gives a preset of a size within libmypaint's range, its settings read again.
        let asked = Double(bytes.count % 1000) / 7
        let resized = preset.resized(toRadius: asked)
        precondition(asked == 0 || abs(resized.radius - min(max(asked, BrushPreset.radii.lowerBound),
                                                         BrushPreset.radii.upperBound)) <= 1e-3 * max(asked, 1),
                     "a resized preset of another size")
        precondition((try? BrushPreset(name: resized.name, settings: resized.settings)) == resized, "a resized preset unread")
        let dabs = preset.dabs(along: samples, color: BrushColor(hue: 0.6, saturation: 0.8, value: 0.5))
        precondition(dabs.count <= BrushPreset.largestDabCount, "more dabs than the limit")
        precondition(dabs.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.radius.isFinite && $0.opacity.isFinite },
                     "a dab that is not a number")
        let channels = (0..<(96 * 48)).flatMap { pixel -> [Float] in pixel % 96 < 48 ? [0.9, 0.1, 0, 1] : [0, 0, 0.4, 0.5] }
        guard var canvas = DabCanvas(width: 96, height: 48, channels: channels) else { return }
        preset.paint(along: samples, color: BrushColor(hue: 0.1, saturation: 1, value: 1), onto: &canvas)
        precondition(stride(from: 0, to: canvas.channels.count, by: 4).allSatisfy { pixel in
            let alpha = canvas.channels[pixel + 3]
            return (0...1).contains(alpha) && (0..<3).allSatisfy { (0...alpha + 1e-5).contains(canvas.channels[pixel + $0]) }
        }, "a pixel out of range")
    }
}
