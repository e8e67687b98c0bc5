// `image-benchmark FILE...`: how long ImageDecoding takes to decode each picture, then to write it again as PNG at
// both compressions, in a release build (`swift run -c release image-benchmark FILE...`); prints each run and the
// median, for docs/images.md.
import ArgumentParser
import CommandLineSupport
import Glibc
import ImageDecoding

/// The command line, parsed by swift-argument-parser.
struct Options: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "image-benchmark",
        abstract: "Times decoding pictures (PNG, JPEG) and writing them as PNG again: each run and the median.",
        discussion: "Measure a release build: swift run -c release image-benchmark FILE... (docs/images.md, \"Speed\").",
        version: ProgramVersion.current
    )

    @Option(help: "How many times to decode and write each picture.")
    var runs = 3

    @Argument(help: ArgumentHelp("The pictures.", valueName: "FILE"))
    var files: [String]

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A file's bytes, or `nil` when it cannot be read.
func contents(of path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
}

/// Prints each run's time and the median.
func report(_ label: String, _ times: [Double]) {
    let milliseconds = times.map { Int(($0 * 1000).rounded()) }
    let median = milliseconds.sorted()[milliseconds.count / 2]
    print("\(label): runs \(milliseconds.map { "\($0) ms" }.joined(separator: ", ")); median \(median) ms")
}

let options = Options.parseCommandLine()
for path in options.files {
    guard let bytes = contents(of: path) else { Options.fail("cannot read \(path)") }
    var times: [Double] = []
    var decoded: RasterImage?
    for _ in 0..<options.runs {
        let start = now()
        do throws(ImageDecodingError) {
            decoded = try RasterImage(decoding: bytes)
        } catch {
            Options.fail("\(path): \(error)")
        }
        times.append(now() - start)
    }
    guard let image = decoded else { continue }
    report("\(path) \(image.width)x\(image.height) \(bytes.count) bytes: decoding", times)
    for compression in [PNGCompression.fast, .small] {
        var encodeTimes: [Double] = []
        var encodedCount = 0
        for _ in 0..<options.runs {
            let start = now()
            guard let png = try? image.pngData(compression: compression) else {
                Options.fail("\(path): cannot write it as PNG")
            }
            encodeTimes.append(now() - start)
            encodedCount = png.count
        }
        report("\(path) written as PNG, \(compression) (\(encodedCount) bytes)", encodeTimes)
    }
}
