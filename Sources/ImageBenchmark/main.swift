// `image-benchmark [--runs N] FILE...`: how long ImageDecoding takes to decode each picture, then to write it again
// as PNG, in a release build (`swift run -c release image-benchmark FILE...`); prints each run and the median, for
// docs/images.md.
import Glibc
import ImageDecoding

/// Writes `message` to standard error.
func complain(_ message: String) {
    var text = message
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

var runs = 3
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let count = arguments.popFirst().flatMap({ Int($0) }), count >= 1 {
        runs = count
    } else if argument.hasPrefix("-") {
        complain("usage: image-benchmark [--runs N] FILE...\n")
        exit(2)
    } else {
        files.append(argument)
    }
}
guard !files.isEmpty else {
    complain("usage: image-benchmark [--runs N] FILE...\n")
    exit(2)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

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

for path in files {
    guard let bytes = contents(of: path) else {
        complain("image-benchmark: cannot read \(path)\n")
        exit(1)
    }
    var times: [Double] = []
    var size = ""
    for _ in 0..<runs {
        let start = now()
        do {
            let image = try RasterImage(decoding: bytes)
            times.append(now() - start)
            size = "\(image.width)x\(image.height)"
        } catch {
            complain("image-benchmark: \(path): \(error)\n")
            exit(1)
        }
    }
    report("\(path) \(size) \(bytes.count) bytes: decoding", times)
    guard let image = try? RasterImage(decoding: bytes) else { continue }
    for compression in [PNGCompression.fast, .small] {
        var encodeTimes: [Double] = []
        var encodedCount = 0
        for _ in 0..<runs {
            let start = now()
            guard let png = try? image.pngData(compression: compression) else {
                complain("image-benchmark: \(path): cannot write it as PNG\n")
                exit(1)
            }
            encodeTimes.append(now() - start)
            encodedCount = png.count
        }
        report("\(path) written as PNG, \(compression) (\(encodedCount) bytes)", encodeTimes)
    }
}
