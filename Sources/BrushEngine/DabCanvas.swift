// Dabs drawn into pixels as libmypaint's own surfaces draw them: each dab an ellipse whose opacity falls from its
// centre by its hardness (two straight pieces against the squared distance), antialiased when small, put over what
// is there or taking it away by its eraser value; and the colour under a dab read back, as a brush that picks colour
// up (smudge) reads it. Contract: plain memory, premultiplied RGBA as floats from 0 to 1, no Cairo, no Wayland; a
// canvas is a value, drawn on one thread at a time (docs/brushes.md).
import Glibc

/// Pixels that dabs are drawn into, premultiplied RGBA from 0 to 1, row after row from the top.
public struct DabCanvas: Hashable, Sendable {
    /// The width and height in pixels.
    public let width: Int
    public let height: Int
    /// `width * height * 4` channels: red, green, blue (each already times alpha), alpha.
    public private(set) var channels: [Float]

    /// The largest side a canvas has.
    public static let largestSide = 8192

    /// A clear canvas; `nil` for a side below 1 or above ``largestSide``.
    public init?(width: Int, height: Int) {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else { return nil }
        self.width = width
        self.height = height
        channels = [Float](repeating: 0, count: width * height * 4)
    }

    /// A canvas of these pixels (``channels``' layout), as a layer's pixels under a stroke: each alpha kept within
    /// 0...1 and each colour channel within 0 and its alpha (not a number is 0); `nil` for a side as
    /// ``init(width:height:)`` refuses it or a count of channels that is not `width * height * 4`.
    public init?(width: Int, height: Int, channels: [Float]) {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height),
              channels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.channels = channels
        for index in stride(from: 0, to: channels.count, by: 4) {
            let alpha = channels[index + 3].unit
            self.channels[index + 3] = alpha
            for channel in index..<(index + 3) { self.channels[channel] = Swift.min(channels[channel].unit, alpha) }
        }
    }

    /// Fills the whole canvas with one colour (straight, not premultiplied; each kept within 0...1), as paper.
    public mutating func fill(red: Float, green: Float, blue: Float, alpha: Float = 1) {
        let a = alpha.unit, pixel = [red.unit * a, green.unit * a, blue.unit * a, a]
        for index in stride(from: 0, to: channels.count, by: 4) {
            channels.replaceSubrange(index..<(index + 4), with: pixel)
        }
    }

    /// Puts `other`'s pixels over this canvas's from its column `x` and row `y` on (its pixel (0, 0) there), as they
    /// are; those falling outside the canvas are left out.
    public mutating func copy(_ other: DabCanvas, toX x: Int, y: Int) {
        let left = Swift.max(x, 0), right = Swift.min(x + other.width, width)
        let top = Swift.max(y, 0), bottom = Swift.min(y + other.height, height)
        guard left < right, top < bottom else { return }
        for row in top..<bottom {
            let from = ((row - y) * other.width + left - x) * 4, to = (row * width + left) * 4, count = (right - left) * 4
            channels.replaceSubrange(to..<(to + count), with: other.channels[from..<(from + count)])
        }
    }

    /// Draws `dab`, whose place and radius are in this canvas's pixels (a pixel's centre is at its index plus a
    /// half). A dab of no hardness, no opacity or a radius under a tenth of a pixel draws nothing.
    public mutating func draw(_ dab: BrushDab) {
        // The part of the dab that paints normally: what locks alpha or colourizes is not drawn here.
        let normal = (1 - dab.lockAlpha.unit) * (1 - dab.colorize.unit)
        let radius = dab.radius, hardness = dab.hardness.unit
        let opacity = dab.opacity.unit * normal
        guard radius.isFinite, radius >= 0.1, radius <= 1000, hardness > 0, opacity > 0,
              dab.x.isFinite, dab.y.isFinite else { return }
        let fringe = radius + 1
        let left = max(Int((dab.x - fringe).rounded(.down).clamped(to: -1...Float(width))), 0)
        let right = min(Int((dab.x + fringe).rounded(.down).clamped(to: -1...Float(width))), width - 1)
        let top = max(Int((dab.y - fringe).rounded(.down).clamped(to: -1...Float(height))), 0)
        let bottom = min(Int((dab.y + fringe).rounded(.down).clamped(to: -1...Float(height))), height - 1)
        guard left <= right, top <= bottom else { return }
        let shape = DabShape(dab, radius: radius, hardness: hardness)
        let colour = (dab.red.unit, dab.green.unit, dab.blue.unit)
        let keeps = dab.alphaEraser.unit
        for row in top...bottom {
            for column in left...right {
                let covered = shape.opacity(atPixel: column, row) * opacity
                guard covered > 0 else { continue }
                // Over what is there by the dab's cover; of that, `keeps` is paint, the rest takes paint away.
                let paint = covered * keeps, rest = 1 - covered
                let index = (row * width + column) * 4
                channels[index] = paint * colour.0 + rest * channels[index]
                channels[index + 1] = paint * colour.1 + rest * channels[index + 1]
                channels[index + 2] = paint * colour.2 + rest * channels[index + 2]
                channels[index + 3] = paint + rest * channels[index + 3]
            }
        }
    }

    /// The colour under a soft round dab at `x`, `y` of `radius` (at least 1; a pixel's centre is at its index plus
    /// a half), as libmypaint's legacy sampling reads it for a brush that picks colour up: the pixels the dab
    /// would cover at hardness 0.5, each weighted by that cover, averaged (beyond the canvas, clear), the colour made
    /// straight again. The colour is black where the average is clear.
    public func color(underX x: Float, y: Float, radius: Float) -> (red: Float, green: Float, blue: Float, alpha: Float) {
        let radius = radius.isFinite ? Swift.min(Swift.max(radius, 1), 1000) : 1
        guard x.isFinite, y.isFinite else { return (0, 0, 0, 0) }
        let dab = BrushDab(x: x, y: y, radius: radius, red: 0, green: 0, blue: 0, opacity: 1, hardness: 0.5,
                           alphaEraser: 1, aspectRatio: 1, angle: 0, lockAlpha: 0, colorize: 0)
        let shape = DabShape(dab, radius: radius, hardness: 0.5)
        let fringe = radius + 1
        let left = Int((x - fringe).rounded(.down).clamped(to: -2e4...2e4))
        let right = Int((x + fringe).rounded(.down).clamped(to: -2e4...2e4))
        let top = Int((y - fringe).rounded(.down).clamped(to: -2e4...2e4))
        let bottom = Int((y + fringe).rounded(.down).clamped(to: -2e4...2e4))
        var weight: Float = 0, sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
        for row in top...bottom {
            for column in left...right {
                let cover = shape.opacity(atPixel: column, row)
                guard cover > 0 else { continue }
                weight += cover
                guard (0..<width).contains(column), (0..<height).contains(row) else { continue }
                let index = (row * width + column) * 4
                sums.0 += cover * channels[index]
                sums.1 += cover * channels[index + 1]
                sums.2 += cover * channels[index + 2]
                sums.3 += cover * channels[index + 3]
            }
        }
        guard weight > 0 else { return (0, 0, 0, 0) }
        let alpha = (sums.3 / weight).unit
        guard alpha > 0 else { return (0, 0, 0, 0) }
        return ((sums.0 / weight / alpha).unit, (sums.1 / weight / alpha).unit, (sums.2 / weight / alpha).unit, alpha)
    }

    /// A canvas of one clear pixel, to stand in for one moved elsewhere.
    static let placeholder = DabCanvas(oneClearPixel: ())

    private init(oneClearPixel: Void) {
        width = 1
        height = 1
        channels = [0, 0, 0, 0]
    }

    /// The pixel at a column and row as bytes (red, green, blue, alpha; premultiplied), rounded as a 16-bit
    /// surface's values are to 8 bits; zeros outside the canvas.
    public func bytes(atColumn column: Int, row: Int) -> [UInt8] {
        guard (0..<width).contains(column), (0..<height).contains(row) else { return [0, 0, 0, 0] }
        let index = (row * width + column) * 4
        return (0..<4).map { UInt8((channels[index + $0].unit * 255).rounded()) }
    }
}

/// How much of a pixel a dab covers before its opacity: libmypaint's two straight pieces of opacity against the
/// squared distance from the centre (scaled so the edge is at 1), the distance measured in the ellipse's own axes.
private struct DabShape {
    let x: Float, y: Float
    let cosine: Float, sine: Float
    let aspect: Float
    let inverseRadiusSquared: Float
    let hardness: Float
    /// Where antialiasing starts, as a squared distance in pixels; below 3 pixels of radius only.
    let antialiasStart: Float?

    init(_ dab: BrushDab, radius: Float, hardness: Float) {
        x = dab.x
        y = dab.y
        let angle = (dab.angle.isFinite ? dab.angle : 0) / 360 * 2 * .pi
        cosine = cos(angle)
        sine = sin(angle)
        aspect = dab.aspectRatio.isFinite ? max(dab.aspectRatio, 1) : 1
        inverseRadiusSquared = 1 / (radius * radius)
        self.hardness = hardness
        if radius < 3 {
            let start = max(radius - 1, 0)
            antialiasStart = start * start / aspect
        } else {
            antialiasStart = nil
        }
    }

    /// The squared distance, scaled, of a point (relative to the centre) in the ellipse's axes.
    private func scaled(_ dx: Float, _ dy: Float) -> Float {
        let across = (dy * cosine - dx * sine) * aspect, along = dy * sine + dx * cosine
        return (across * across + along * along) * inverseRadiusSquared
    }

    /// The cover of the pixel at `column`, `row`, from 0 to 1.
    func opacity(atPixel column: Int, _ row: Int) -> Float {
        let distance = antialiasStart.map { antialiased(column, row, start: $0) }
            ?? scaled(Float(column) + 0.5 - x, Float(row) + 0.5 - y)
        guard distance <= 1 else { return 0 }
        if distance <= hardness { return 1 - distance * (1 / hardness - 1) }
        return (hardness - distance * hardness) / (1 - hardness)
    }

    /// A small dab's scaled squared distance at a pixel: from the pixel's point nearest the dab's axis, softened
    /// by how much farther a point a pixel's area away lies, so a thin line covers pixels by how much it crosses them.
    private func antialiased(_ column: Int, _ row: Int, start: Float) -> Float {
        // The pixel's edges relative to the centre, the centre at zero.
        let right = x - Float(column), bottom = y - Float(row)
        let left = right - 1, top = bottom - 1
        let middleX = right - 0.5, middleY = bottom - 0.5
        var nearX: Float = 0, nearY: Float = 0
        let near: Float
        if left < 0, right > 0, top < 0, bottom > 0 {
            near = 0
        } else {
            // The point of the dab's axis nearest the pixel's middle, kept within the pixel.
            let along = middleX * cosine + middleY * sine
            nearX = min(max(cosine * along, left), right)
            nearY = min(max(sine * along, top), bottom)
            near = scaled(nearX, nearY)
        }
        guard near <= 1 else { return near }
        // Which side of the axis the pixel's middle is on, then a point a unit area's radius farther that way.
        let side = (middleX - cosine) * sine - cosine * (middleY + sine)
        let reach = (1 / Float.pi).squareRoot()
        let farX = side < 0 ? nearX - sine * reach : nearX + sine * reach
        let farY = side < 0 ? nearY + cosine * reach : nearY - cosine * reach
        let far = scaled(farX, farY)
        if far / inverseRadiusSquared < start { return (far + near) / 2 }
        return 1 - (1 - near) / (1 + far - near)
    }
}

extension Float {
    /// The value kept within 0...1, as libmypaint clamps a dab's values; 0 for a value that is not a number (which
    /// no comparison would keep out).
    fileprivate var unit: Float { isNaN ? 0 : Swift.min(Swift.max(self, 0), 1) }

    /// The value kept within `range`; the range's lower end for a value that is not a number.
    fileprivate func clamped(to range: ClosedRange<Float>) -> Float {
        isNaN ? range.lowerBound : Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
