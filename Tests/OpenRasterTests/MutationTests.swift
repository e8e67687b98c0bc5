// Random damage to valid files: flipped bytes, cuts, insertions and copies anywhere, in the zip's structure, in
// stack.xml (stored, so that the damage reaches the parser) and in the PNGs. Each read gives an image within the
// limits or one of the reader's errors; none traps.
import Foundation
import OpenRaster
import PropertyBased
import Testing

@Suite struct MutationTests {
    /// Valid files of every kind we read: ours (stack.xml deflated), and one of another program's shape with
    /// stack.xml stored, groups, filters and odd attributes.
    static func seeds() throws -> [[UInt8]] {
        let png = TestPictures.solid(.init(red: 200, green: 10, blue: 10, alpha: 128), width: 2, height: 2)
        let ours = try OpenRasterWriter.bytes(for: OpenRasterImage(
            width: 8, height: 6,
            layers: [OpenRasterLayer(name: "Paper", png: png),
                     OpenRasterLayer(name: "Ink & <notes>", png: png, opacity: 0.5, isVisible: false, blendMode: .multiply,
                                     isLocked: true, x: 3, y: -1)],
            currentLayerIndex: 1, mergedImagePNG: png, thumbnailPNG: png))
        let stack = """
            <?xml version="1.0"?><image w="8" h="6" version="0.0.1"><stack name="">
            <layer name="Top" src="data/a.png" composite-op="svg:plus" opacity="0.3" selected="true"/>
            <stack name="Group" opacity="0.5" x="1" y="2"><layer name="In" src="data/a.png" visibility="hidden" edit-locked="1"/></stack>
            <filter name="Blur" type="applications:krita:blur"/><layer name="Last" src="./data/a.png" x="-2.5"/>
            </stack></image>
            """
        let others = try TestPictures.openRaster(stack: stack, files: [("data/a.png", png), ("mergedimage.png", png)])
        return [ours, others]
    }

    @Test func damagedFilesReadOrThrowButNeverTrap() async throws {
        let seeds = try Self.seeds()
        if let folder = ProcessInfo.processInfo.environment["OPENRASTER_KEEP"] {
            for (index, seed) in seeds.enumerated() {
                try Data(seed).write(to: URL(fileURLWithPath: folder + "/seed\(index).ora"))
            }
        }
        for seed in seeds { #expect(throws: Never.self) { try OpenRasterReader().read(seed) } }
        let damage = Gen.int(in: 0...Int.max).array(of: 1...6)
        await propertyCheck(count: 500, input: zip(Gen.int(in: 0...1), damage, Gen.bool)) { which, numbers, skipping in
            var bytes = seeds[which]
            for number in numbers where !bytes.isEmpty {
                let offset = (number >> 4) % bytes.count
                switch number % 5 {
                case 0: bytes[offset] ^= UInt8(truncatingIfNeeded: 1 + (number >> 24) % 255)
                case 1: bytes.removeLast(bytes.count - offset)
                case 2: bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF, 0, 0x50, 0x4B].prefix((number >> 20) % 8), at: offset)
                case 3: bytes[offset] = UInt8(truncatingIfNeeded: number >> 32)
                default:
                    let length = min((number >> 12) % 64, bytes.count - offset)
                    bytes.insert(contentsOf: bytes[offset..<(offset + length)], at: (number >> 20) % bytes.count)
                }
            }
            do throws(OpenRasterError) {
                let image = try OpenRasterReader(skipsDamagedLayers: skipping).read(bytes)
                #expect((1...16384).contains(image.width) && (1...16384).contains(image.height) && image.layers.count <= 1000)
                #expect(image.layers.allSatisfy { (0...1).contains($0.opacity) })
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}
