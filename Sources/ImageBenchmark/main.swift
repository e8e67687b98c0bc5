// `image-benchmark [--runs N] FILE...`: how long ImageDecoding takes to decode each picture, in a release build
// (`swift run -c release image-benchmark FILE...`); prints each run and the median, for docs/images.md.
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
    let milliseconds = times.map { ($0 * 1000).rounded() }
    let median = milliseconds.sorted()[milliseconds.count / 2]
    print("\(path) \(size) \(bytes.count) bytes: runs \(milliseconds.map { "\(Int($0)) ms" }.joined(separator: ", ")); median \(Int(median)) ms")
}
