import Foundation
import Testing
import ProcessTesting

/// The tests' PNG reader, on small PNGs written by hand (not by Cairo, which the reader uses).
@Suite struct PNGReaderTests {
    /// 3x2 RGBA: opaque red, half-transparent blue, fully transparent black; then three opaque greys.
    private static let rgba = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAHUlEQVR4nGP4z8AAQg0MIMAlIvdfw8jmv1tA1H8AYwsIPTFwHJIAAAAASUVORK5CYII="
    /// 2x1 RGB with no alpha channel: (1, 2, 3) and (250, 251, 252).
    private static let rgb = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGNgZGL+9fsPAAYDAvhOlq22AAAAAElFTkSuQmCC"

    private func file(_ base64: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("png-reader-\(UUID().uuidString).png").path
        try #require(Data(base64Encoded: base64)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsRGBAPixelsNotPremultiplied() async throws {
        let path = try file(Self.rgba)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try await PNGReader.pixels(in: path, at: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)])
        #expect(image.width == 3 && image.height == 2)
        #expect(image.pixels == [
            RGBA(red: 255, green: 0, blue: 0, alpha: 255), RGBA(red: 0, green: 0, blue: 255, alpha: 128),
            RGBA(red: 0, green: 0, blue: 0, alpha: 0), RGBA(red: 10, green: 20, blue: 30, alpha: 255),
            RGBA(red: 70, green: 80, blue: 90, alpha: 255),
        ])
    }

    @Test func readsRGBPixelsAsOpaque() async throws {
        let path = try file(Self.rgb)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try await PNGReader.pixels(in: path, at: [(0, 0), (1, 0)])
        #expect(image.width == 2 && image.height == 1)
        #expect(image.pixels == [RGBA(red: 1, green: 2, blue: 3, alpha: 255), RGBA(red: 250, green: 251, blue: 252, alpha: 255)])
    }

    @Test func aFileThatIsNotAPNGOrAPointOutsideIsAnError() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("png-reader-\(UUID().uuidString).png").path
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        await #expect(throws: PNGReader.DecodeError.self) { try await PNGReader.pixels(in: path, at: []) }
        let png = try file(Self.rgb)
        defer { try? FileManager.default.removeItem(atPath: png) }
        await #expect(throws: PNGReader.DecodeError.self) { try await PNGReader.pixels(in: png, at: [(2, 0)]) }
    }
}
