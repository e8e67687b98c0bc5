// `paint-benchmark photo [--file PATH] [--runs N]`: what a drawing made from a 12-megapixel photo costs (issue #36):
// making it from the file (read, decode, write the document), opening it (read, check, decode the picture once) and
// compacting it (the whole document written again, as a save that compacts does). Figures in docs/performance.md,
// "Pictures".
import Dispatch
import DrawingImport
import FoundationEssentials
import Glibc
import ImageDecoding
import PaintModel

/// A 4000x3000 PNG that compresses as a photo does, not as a flat colour: a gradient under noise. `nil` when it
/// cannot be made.
private func syntheticPhoto() -> [UInt8]? {
    let width = 4000, height = 3000
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var pixels = [UInt32](repeating: 0, count: width * height)
    for y in 0..<height {
        for x in 0..<width {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let noise = UInt32(truncatingIfNeeded: state) & 0x1F
            let red = UInt32(x * 200 / width) + noise, green = UInt32(y * 200 / height) + noise
            let blue = UInt32((x + y) * 100 / (width + height)) + noise
            pixels[y * width + x] = 0xFF00_0000 | red << 16 | green << 8 | blue
        }
    }
    return (try? RasterImage(width: width, height: height, pixels: pixels)?.pngData()) ?? nil
}

/// Runs `paint-benchmark photo`.
func runPhotoBenchmark(arguments: [String]) {
    let runs = runCount(in: arguments, default: 5)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paint-benchmark-photo-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo: URL
    if let index = arguments.firstIndex(of: "--file"), index + 1 < arguments.count {
        photo = URL(fileURLWithPath: arguments[index + 1])
    } else {
        photo = folder.appendingPathComponent("photo.png")
        guard let bytes = syntheticPhoto(), FileManager.default.createFile(atPath: photo.path, contents: Data(bytes)) else {
            print("paint-benchmark photo: cannot make the photo")
            exit(1)
        }
    }
    var status = stat()
    let size = stat(photo.path, &status) == 0 ? Int(status.st_size) : 0
    print("photo: a drawing made from \(photo.lastPathComponent) (\(size / 1024) KiB); ms, median [range] of \(runs)")
    let library = DocumentLibrary(environment: ["HOME": folder.path])
    var made: [Double] = [], opened: [Double] = [], compacted: [Double] = []
    var documentBytes = 0
    for _ in 0..<runs {
        var start = DispatchTime.now().uptimeNanoseconds
        guard let document = try? ForeignDrawing.makeDocument(from: photo, in: library).document else {
            print("paint-benchmark photo: cannot make a drawing of \(photo.path)")
            exit(1)
        }
        made.append(milliseconds(since: start))
        start = DispatchTime.now().uptimeNanoseconds
        guard let open = try? DocumentFile.open(document, create: false), open.drawing.layers.first?.image != nil else {
            print("paint-benchmark photo: the drawing made does not open with its picture")
            exit(1)
        }
        opened.append(milliseconds(since: start))
        open.journal?.close()
        start = DispatchTime.now().uptimeNanoseconds
        let bytes = DrawingDocument.encode(open.drawing)
        let path = folder.appendingPathComponent("compacted.fpdraw").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let descriptor = Glibc.open(path, O_RDONLY)
        fsync(descriptor)
        close(descriptor)
        compacted.append(milliseconds(since: start))
        documentBytes = bytes.count
        try? FileManager.default.removeItem(at: document)
    }
    func summary(_ values: [Double]) -> String {
        "\(format(percentile(values, 0.5))) [\(format(values.min() ?? 0))–\(format(values.max() ?? 0))]"
    }
    print("   made from the file (read, decode, document written): \(summary(made))")
    print("   opened (read, checked, picture decoded): \(summary(opened))")
    print("   compacted (encoded whole, written, fsync): \(summary(compacted)); document \(documentBytes / 1024) KiB")
    print("   peak resident memory \(format(memory().peak)) MiB")
}
