// Reading a trace as a stream: a file read in chunks, one line parsed at a time (docs/trace-format.md, "Reading").
import FoundationEssentials
import Glibc
import Geometry

/// Reads a trace file as a stream: the file in chunks of ``chunkSize`` bytes, its lines parsed one at a time by the
/// same rules and with the same `FILE:LINE` errors as ``Trace/init(parsing:file:)``, its events handed out in order.
///
/// The reader holds at most one chunk and the line being read (a line longer than ``Trace/longestLine`` is refused),
/// never the file's events, so a trace of any length is read in a few hundred KiB. The canvas line is read when the
/// reader is made. Iterating the reader (`for event in reader`) stops at the first error and keeps it in
/// ``failure``; ``nextEvent()`` throws it instead.
public final class TraceReader: Sequence, IteratorProtocol {
    /// How many bytes are read from the file at a time, unless a reader is made with another size.
    public static let chunkSize = 64 * 1024

    /// The file's path, as errors name it.
    public let file: String
    /// The logical size of the surface the trace was recorded on, when its canvas line says.
    public var canvasSize: Size? { parser.canvasSize }
    /// Where the canvas's top-left corner was on the window's surface, when its canvas line says.
    public var canvasOrigin: Point? { parser.canvasOrigin }
    /// The error that ended iterating the reader, if one did.
    public private(set) var failure: TraceError?
    /// The most bytes the reader has held at once: at most its chunk size plus the longest line it has read.
    package private(set) var mostBytesHeld = 0

    private var descriptor: Int32
    private let bytesPerRead: Int
    /// Bytes read and not yet handed out as lines: from `lineStart` to the end.
    private var buffer: [UInt8] = []
    private var lineStart = 0
    /// How far the current line has been searched for its newline.
    private var searched = 0
    private var reachedEnd = false
    private var lineNumber = 0
    private var parser: TraceLineParser
    /// The first event, read while looking for the canvas line.
    private var pending: SeatEvent?

    /// Why a trace that is played is refused when it is not a regular file.
    static let notARegularFile = "not a regular file (a trace is read twice: checked, then played)"

    /// Opens a trace file and reads up to its first event (and so its canvas line); throws when it cannot be
    /// opened or a line before the first event is wrong. `chunkSize` is how many bytes a read asks for.
    ///
    /// With `requiresRegularFile` (a trace that is played: ``TraceSummary/init(validating:)`` and the reader that
    /// plays it), anything else — a FIFO, a socket, a device — is refused at once with `notARegularFile`: the file
    /// is looked at before it is opened, and opened without waiting (a FIFO with no writer would hold `open` forever;
    /// one put there after the look is caught by `fstat`). Without it a FIFO is read as the stream it is (touchdump).
    public init(contentsOf url: URL, chunkSize: Int = TraceReader.chunkSize,
                requiresRegularFile: Bool = false) throws(TraceError) {
        file = url.path
        parser = TraceLineParser(file: url.path)
        bytesPerRead = Swift.max(1, chunkSize)
        var status = stat()
        if requiresRegularFile, stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw TraceError(file: url.path, line: 0, message: Self.notARegularFile)
        }
        descriptor = open(url.path, O_RDONLY | O_CLOEXEC | (requiresRegularFile ? O_NONBLOCK : 0))
        guard descriptor >= 0 else {
            let code = errno
            throw TraceError(file: url.path, line: 0, message: "cannot read the file: \(Self.reason(code))")
        }
        // O_NONBLOCK changes nothing for a regular file's reads.
        if requiresRegularFile, fstat(descriptor, &status) != 0 || status.st_mode & S_IFMT != S_IFREG {
            closeFile()
            throw TraceError(file: url.path, line: 0, message: Self.notARegularFile)
        }
        do {
            pending = try readEvent()
        } catch {
            closeFile()
            throw error
        }
    }

    deinit { closeFile() }

    /// The next event, or `nil` at the end of the file; throws, with the file and line, for a line that is wrong.
    public func nextEvent() throws(TraceError) -> SeatEvent? {
        if let event = pending {
            pending = nil
            return event
        }
        return try readEvent()
    }

    /// The next event; `nil` at the end of the file or at the first error, which is then kept in ``failure``.
    public func next() -> SeatEvent? {
        guard failure == nil else { return nil }
        do {
            return try nextEvent()
        } catch {
            failure = error
            return nil
        }
    }

    // MARK: - Lines

    private func readEvent() throws(TraceError) -> SeatEvent? {
        while let line = try nextLine() {
            guard let text = String(validating: line, as: UTF8.self) else {
                throw TraceError(file: file, line: lineNumber, message: "not UTF-8 text")
            }
            if let event = try parser.parse(Substring(text), number: lineNumber) { return event }
        }
        return nil
    }

    /// The next line's bytes without its newline, or `nil` at the end of the file.
    private func nextLine() throws(TraceError) -> ArraySlice<UInt8>? {
        while true {
            if let newline = newlineIndex() {
                let line = buffer[lineStart..<newline]
                lineStart = newline + 1
                searched = lineStart
                lineNumber += 1
                return line
            }
            searched = buffer.count
            if reachedEnd {
                guard lineStart < buffer.count else { return nil }
                let line = buffer[lineStart...]
                lineStart = buffer.count
                searched = lineStart
                lineNumber += 1
                return line
            }
            guard buffer.count - lineStart <= Trace.longestLine else {
                throw TraceError(file: file, line: lineNumber + 1, message: Trace.longLineMessage)
            }
            // Only the line being read is kept before the next chunk comes.
            buffer.removeSubrange(0..<lineStart)
            searched -= lineStart
            lineStart = 0
            try readChunk()
        }
    }

    /// Where the next newline is from `searched` on, if the buffer has one.
    private func newlineIndex() -> Int? {
        buffer.withUnsafeBytes { bytes in
            guard searched < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + searched, Int32(UInt8(ascii: "\n")), bytes.count - searched)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
    }

    private func readChunk() throws(TraceError) {
        let held = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: bytesPerRead))
        var count = -1
        while count < 0 {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + held, bytesPerRead) }
            if count < 0, errno != EINTR {
                let code = errno
                buffer.removeSubrange(held...)
                throw TraceError(file: file, line: 0, message: "cannot read the file: \(Self.reason(code))")
            }
        }
        buffer.removeSubrange((held + count)...)
        mostBytesHeld = Swift.max(mostBytesHeld, buffer.count)
        if count == 0 {
            reachedEnd = true
            closeFile()
        }
    }

    private func closeFile() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Why a file could not be opened or read, in plain words.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "there is no such file"
        case EACCES, EPERM: "you do not have permission to read it"
        case EISDIR: "it is a folder"
        case ENOTDIR: "a part of its path is not a folder"
        case ENAMETOOLONG: "its name is too long"
        case ELOOP: "its path has too many symbolic links"
        case EIO: "the disk could not be read"
        case ENOMEM: "there is not enough memory"
        case EMFILE, ENFILE: "too many files are open"
        default: String(cString: strerror(code))
        }
    }
}

/// What a whole trace holds, found by reading it once as a stream with no event kept: its canvas, its first time,
/// how many events, and the keys it types.
public struct TraceSummary: Sendable {
    /// The logical size of the surface the trace was recorded on, when it says.
    public var canvasSize: Size?
    /// Where the canvas's top-left corner was on the window's surface, when it says.
    public var canvasOrigin: Point?
    /// How many events the trace holds.
    public var eventCount = 0
    /// The first event's time, in milliseconds; `nil` for a trace without events.
    public var firstMilliseconds: Double?
    /// The last event's time, in milliseconds; `nil` for a trace without events.
    public var lastMilliseconds: Double?
    /// The first event that names each key chord the trace types or holds, in the order they come.
    public var keyEvents: [SeatEvent] = []

    /// Reads the whole trace at `url` as a stream and checks every line; throws the first error with its file and
    /// line. A trace that is played is read twice — checked here, then played — so it must be a regular file.
    public init(validating url: URL) throws(TraceError) {
        let reader = try TraceReader(contentsOf: url, requiresRegularFile: true)
        canvasSize = reader.canvasSize
        canvasOrigin = reader.canvasOrigin
        var keys: Set<KeyChord> = []
        while let event = try reader.nextEvent() {
            eventCount += 1
            if firstMilliseconds == nil { firstMilliseconds = event.time.milliseconds }
            lastMilliseconds = event.time.milliseconds
            switch event.kind {
            case .key(let chord), .keyState(let chord, _):
                if keys.insert(chord).inserted { keyEvents.append(event) }
            default:
                break
            }
        }
    }
}

/// Parses a trace's lines one at a time, keeping what the rules between lines need: whether the canvas line and
/// an event have come, and the latest time.
struct TraceLineParser {
    /// Names the file in errors.
    let file: String
    private(set) var canvasSize: Size?
    private(set) var canvasOrigin: Point?
    private var latest = -Double.infinity
    private var hasEvents = false

    init(file: String) {
        self.file = file
    }

    /// The event on a line (counting from 1), `nil` for a blank line, the canvas line, or a line with a time and
    /// no event this version knows; throws for a line that is wrong.
    mutating func parse(_ line: Substring, number lineNumber: Int) throws(TraceError) -> SeatEvent? {
        func fail(_ message: String) -> TraceError { TraceError(file: file, line: lineNumber, message: message) }
        guard line.utf8.count <= Trace.longestLine else { throw fail(Trace.longLineMessage) }
        let trimmed = Substring(trimming(line, \.isFoundationWhitespaceOrNewline))
        if trimmed.isEmpty { return nil }
        let object: [String: Any]
        do {
            guard let parsed = try TraceJSON.parse(trimmed) as? [String: Any] else {
                throw fail("not a JSON object")
            }
            object = parsed
        } catch let error as TraceError {
            throw error
        } catch {
            throw fail("not valid JSON")
        }
        if object["t"] == nil, let canvas = object["canvas"] {
            guard !hasEvents, canvasSize == nil else { throw fail("the canvas line must come first") }
            guard let size = canvas as? [Any], size.count == 2, let width = Trace.number(size[0]),
                  let height = Trace.number(size[1]), width > 0, height > 0, width.isFinite, height.isFinite
            else { throw fail("\"canvas\" must be [width, height] with positive numbers") }
            guard width <= Trace.largestCanvasSide, height <= Trace.largestCanvasSide else {
                let largest = Trace.format(Trace.largestCanvasSide)
                throw fail("\"canvas\" is \(Trace.format(width))x\(Trace.format(height)); the largest is \(largest)x\(largest)")
            }
            if let origin = object["origin"] {
                guard let point = origin as? [Any], point.count == 2, let x = Trace.number(point[0]), let y = Trace.number(point[1]),
                      (0...Trace.largestCanvasSide).contains(x), (0...Trace.largestCanvasSide).contains(y)
                else { throw fail("\"origin\" must be [x, y] from 0 to \(Trace.format(Trace.largestCanvasSide))") }
                canvasOrigin = Point(x: x, y: y)
            }
            canvasSize = Size(width: width, height: height)
            return nil
        }
        guard let rawTime = object["t"] else { throw fail("no \"t\" (milliseconds since the start)") }
        guard let time = Trace.number(rawTime), time.isFinite else { throw fail("\"t\" must be a number") }
        guard time <= Trace.latestTime else {
            throw fail("\"t\" is \(Trace.format(time)) ms; a trace may last at most \(Trace.format(Trace.latestTime)) ms (a day)")
        }
        guard time >= latest else { throw fail("\"t\" goes backwards (\(Trace.format(time)) after \(Trace.format(latest)))") }
        latest = time
        do {
            guard let kind = try Trace.kind(of: object) else { return nil }
            hasEvents = true
            return SeatEvent(time: .milliseconds(time), kind)
        } catch let message as Trace.FieldError {
            throw fail(message.text)
        } catch {
            throw fail("\(error)")
        }
    }
}

extension Trace {
    /// The longest line a trace may have, in bytes: 1 MiB. An event's line is under 200 bytes; a longer line is
    /// refused rather than held in memory without bound.
    public static let longestLine = 1 << 20

    static let longLineMessage = "the line is longer than 1 MiB (1048576 bytes); a trace's lines are one event each"
}
