// Reading `libinput record` YAML and `evemu-record` text: the subset those tools write, nothing more.

extension DeviceRecording {
    /// Reads a recording of one device, telling the format by its content: `libinput record` YAML (a `devices:`
    /// list) or an `evemu-record` file (`N:`, `A:`, `E:` lines).
    ///
    /// Only what those tools write is read (docs/recordings.md): for libinput record, the first device's `name`,
    /// `codes` and `absinfo` maps and its `events` list of `evdev` items, each a list of
    /// `[sec, usec, type, code, value]`; `libinput` items, comments and every other key are skipped. For evemu,
    /// `N:`, `B:` (key bits), `A:` and `E:` lines. Anything else of the YAML language (anchors, flow maps, multi-line
    /// strings) is not read.
    ///
    /// - Throws: ``DeviceRecordingError`` with the file and line of the first thing that cannot be read.
    public init(parsing text: String, file: String = "<recording>") throws(DeviceRecordingError) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        let isEvemu = lines.contains { line in
            line.hasPrefix("# EVEMU") || line.hasPrefix("E: ") || line.hasPrefix("A: ") || line.hasPrefix("N: ")
        }
        if isEvemu {
            self = try EvemuParser(file: file).parse(lines)
        } else {
            self = try LibinputRecordParser(file: file).parse(lines)
        }
    }
}

/// Numbers as the two formats write them.
private enum Numbers {
    static func int32(_ text: Substring) -> Int32? {
        Int32(text.trimmingCharacters(in: " \t"))
    }

    static func code(_ text: Substring, radix: Int) -> UInt16? {
        UInt16(text.trimmingCharacters(in: " \t"), radix: radix)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var result = self
        while let first = result.first, set.contains(first) { result = result.dropFirst() }
        while let last = result.last, set.contains(last) { result = result.dropLast() }
        return result
    }

    /// The line without a YAML comment (a `#` outside quotes, at the start or after a space).
    fileprivate var withoutComment: Substring {
        var inQuotes = false
        var previous: Character = " "
        for index in indices {
            let character = self[index]
            if character == "\"" { inQuotes.toggle() }
            if character == "#", !inQuotes, previous == " " || previous == "\t" { return self[..<index] }
            previous = character
        }
        return self
    }

    fileprivate var indentation: Int { prefix { $0 == " " }.count }
}

/// The restricted YAML reader for `libinput record` files (version 1).
private struct LibinputRecordParser {
    let file: String

    func error(_ line: Int, _ message: String) -> DeviceRecordingError {
        DeviceRecordingError(file: file, line: line, message)
    }

    /// `[a, b, c]` as whole numbers.
    func list(_ text: Substring, line: Int) throws(DeviceRecordingError) -> [Int32] {
        let trimmed = text.trimmingCharacters(in: " \t")
        guard trimmed.first == "[", trimmed.last == "]" else { throw error(line, "expected a list of numbers, [a, b, …]") }
        let inner = trimmed.dropFirst().dropLast()
        if inner.trimmingCharacters(in: " \t").isEmpty { return [] }
        var numbers: [Int32] = []
        for item in inner.split(separator: ",", omittingEmptySubsequences: false) {
            guard let number = Numbers.int32(item) else {
                throw error(line, "\"\(item.trimmingCharacters(in: " \t"))\" is not a whole number within 32 bits")
            }
            numbers.append(number)
        }
        return numbers
    }

    /// `key: value` with a whole-number key.
    func numberedEntry(_ text: Substring, line: Int) throws(DeviceRecordingError) -> (UInt16, Substring) {
        guard let colon = text.firstIndex(of: ":"), let key = Numbers.code(text[..<colon], radix: 10) else {
            throw error(line, "expected \"CODE: [...]\"")
        }
        return (key, text[text.index(after: colon)...])
    }

    enum Section { case none, codes(Int), absinfo(Int), events(Int) }

    /// What the lines read so far hold, and where in the file the next one is.
    struct Reading {
        var name = ""
        var axes: [UInt16: DeviceRecording.AxisRange] = [:]
        var keys: Set<UInt16> = []
        var events: [DeviceRecording.Event] = []
        var sawDevices = false
        var deviceIndent: Int?
        var section = Section.none
        /// In the events list: whether the current item is an `evdev` one (its entries are read).
        var inEvdevItem = false
        var itemIndent = 0
    }

    func parse(_ lines: [Substring]) throws(DeviceRecordingError) -> DeviceRecording {
        var reading = Reading()
        for (index, raw) in lines.enumerated() {
            guard try read(raw, number: index + 1, into: &reading) else { break }
        }
        guard reading.deviceIndent != nil else {
            throw error(1, "not a libinput record file: no device under \"devices:\" (and no evemu \"E:\" lines)")
        }
        return DeviceRecording(format: .libinputRecord, name: reading.name, axes: reading.axes, keys: reading.keys,
                               events: reading.events)
    }

    /// Reads line `number`; `false` when it ends the first device (the reading stops there).
    private func read(_ raw: Substring, number: Int, into reading: inout Reading) throws(DeviceRecordingError) -> Bool {
        let content = raw.withoutComment
        let stripped = content.trimmingCharacters(in: " \t")
        if stripped.isEmpty { return true }
        if raw.contains("\t") && raw.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") {
            throw error(number, "a tab in the indentation (YAML allows spaces only)")
        }
        let indent = content.indentation
        if indent == 0, !stripped.hasPrefix("- ") {
            // A top-level key; after the device was read, the end of it.
            if reading.deviceIndent != nil { return false }
            reading.section = .none
            reading.sawDevices = stripped == "devices:"
            return true
        }
        guard reading.sawDevices else { return true }
        // A device item: "- node: …" (YAML lets a list sit at its key's indentation). The first is read; a
        // second ends the reading.
        if stripped.hasPrefix("- "), reading.deviceIndent == nil || indent == reading.deviceIndent {
            if reading.deviceIndent != nil { return false }
            reading.deviceIndent = indent
            reading.section = .none
            return true
        }
        guard let deviceIndent = reading.deviceIndent, indent > deviceIndent else { return true }
        if case let .events(level) = reading.section, indent == level, stripped.hasPrefix("- "), !stripped.hasPrefix("- [") {
            // An item of the events list at the list's key's indentation: "- evdev:" or "- libinput:" (skipped).
            reading.inEvdevItem = stripped == "- evdev:"
            reading.itemIndent = indent
            return true
        }
        if try readEntry(stripped, indent: indent, number: number, into: &reading) { return true }
        reading.section = .none
        switch stripped {
        case "codes:": reading.section = .codes(indent)
        case "absinfo:": reading.section = .absinfo(indent)
        case "events:":
            reading.section = .events(indent)
            reading.inEvdevItem = false
        default:
            if stripped.hasPrefix("name:") {
                reading.name = String(stripped.dropFirst(5).trimmingCharacters(in: " \t\"").prefix(200))
            }
        }
        return true
    }

    /// Reads `stripped`, indented by `indent`, as an entry of the section under way; `false` when it is not one
    /// (it is a key of the device's).
    private func readEntry(_ stripped: Substring, indent: Int, number: Int,
                           into reading: inout Reading) throws(DeviceRecordingError) -> Bool {
        switch reading.section {
        case let .codes(level) where indent > level:
            let (type, value) = try numberedEntry(stripped, line: number)
            let codes = try list(value, line: number)
            if type == Evdev.evKey { reading.keys.formUnion(codes.compactMap { UInt16(exactly: $0) }) }
        case let .absinfo(level) where indent > level:
            let (axis, value) = try numberedEntry(stripped, line: number)
            let numbers = try list(value, line: number)
            guard numbers.count == 5 else { throw error(number, "absinfo has 5 numbers: [min, max, fuzz, flat, resolution]") }
            guard numbers[0] <= numbers[1] else { throw error(number, "absinfo's minimum \(numbers[0]) is above its maximum \(numbers[1])") }
            reading.axes[axis] = DeviceRecording.AxisRange(minimum: numbers[0], maximum: numbers[1], resolution: numbers[4])
        case let .events(level) where indent > level:
            if stripped.hasPrefix("- ") && !stripped.hasPrefix("- [") {
                // An item of the events list: "- evdev:" or "- libinput:" (skipped).
                reading.inEvdevItem = stripped == "- evdev:"
                reading.itemIndent = indent
                return true
            }
            guard reading.inEvdevItem, indent >= reading.itemIndent else { return true }
            guard stripped.hasPrefix("- [") else {
                if stripped.hasPrefix("- {") || stripped.contains(":") { return true }
                throw error(number, "expected an event, - [sec, usec, type, code, value]")
            }
            reading.events.append(try event(stripped.dropFirst(2), line: number))
        default:
            return false
        }
        return true
    }

    /// `[sec, usec, type, code, value]` as an event.
    private func event(_ text: Substring, line number: Int) throws(DeviceRecordingError) -> DeviceRecording.Event {
        let numbers = try list(text, line: number)
        guard numbers.count == 5 else { throw error(number, "an event has 5 numbers: [sec, usec, type, code, value]") }
        guard numbers[0] >= 0, (0..<1_000_000).contains(numbers[1]),
              let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3])
        else { throw error(number, "an event's time, type or code is out of range") }
        return DeviceRecording.Event(time: Double(numbers[0]) + Double(numbers[1]) / 1_000_000,
                                     type: type, code: code, value: numbers[4], line: number)
    }
}

/// The reader for `evemu-record` files (EVEMU 1.x).
private struct EvemuParser {
    let file: String

    func error(_ line: Int, _ message: String) -> DeviceRecordingError {
        DeviceRecordingError(file: file, line: line, message)
    }

    func parse(_ lines: [Substring]) throws(DeviceRecordingError) -> DeviceRecording {
        var name = ""
        var axes: [UInt16: DeviceRecording.AxisRange] = [:]
        var keyBytes: [UInt8] = []
        var events: [DeviceRecording.Event] = []
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            // A comment after the fields ("# EV_ABS / …") is not part of them.
            let line = raw.hasPrefix("#") ? "" : (raw.firstIndex(of: "#").map { raw[..<$0] } ?? raw)
            let stripped = line.trimmingCharacters(in: " \t")
            if stripped.isEmpty { continue }
            guard stripped.count >= 2, stripped.dropFirst().first == ":" else {
                throw error(number, "expected an evemu line (N:, I:, P:, B:, A:, L:, S:, E:)")
            }
            let fields = stripped.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
            switch stripped.first {
            case "N":
                name = String(stripped.dropFirst(2).trimmingCharacters(in: " \t").prefix(200))
            case "B":
                // B: TYPE BYTE…, the device's bits for an event type, eight bytes a line, in order.
                guard let type = fields.first.flatMap({ UInt8($0, radix: 16) }) else { throw error(number, "expected B: TYPE BYTES… in hex") }
                var bytes: [UInt8] = []
                for field in fields.dropFirst() {
                    guard let byte = UInt8(field, radix: 16) else { throw error(number, "\"\(field)\" is not a byte in hex") }
                    bytes.append(byte)
                }
                if UInt16(type) == Evdev.evKey { keyBytes += bytes }
            case "A":
                // A: CODE MIN MAX FUZZ FLAT [RESOLUTION]
                guard fields.count == 5 || fields.count == 6, let axis = Numbers.code(fields[0], radix: 16) else {
                    throw error(number, "expected A: CODE MIN MAX FUZZ FLAT RESOLUTION")
                }
                var numbers: [Int32] = []
                for field in fields.dropFirst() {
                    guard let value = Numbers.int32(field) else { throw error(number, "\"\(field)\" is not a whole number within 32 bits") }
                    numbers.append(value)
                }
                guard numbers[0] <= numbers[1] else { throw error(number, "the axis's minimum \(numbers[0]) is above its maximum \(numbers[1])") }
                axes[axis] = DeviceRecording.AxisRange(minimum: numbers[0], maximum: numbers[1],
                                                       resolution: numbers.count == 5 ? numbers[4] : 0)
            case "E":
                // E: SEC.USEC TYPE CODE VALUE
                guard fields.count == 4 else { throw error(number, "expected E: SEC.USEC TYPE CODE VALUE") }
                let time = fields[0].split(separator: ".", omittingEmptySubsequences: false)
                guard time.count == 2, let seconds = UInt32(time[0]), time[1].count <= 6, let micro = UInt32(time[1]) else {
                    throw error(number, "\"\(fields[0])\" is not a time, SECONDS.MICROSECONDS")
                }
                guard let type = Numbers.code(fields[1], radix: 16), let code = Numbers.code(fields[2], radix: 16) else {
                    throw error(number, "the event's type and code are 16-bit hex numbers")
                }
                guard let value = Numbers.int32(fields[3]) else { throw error(number, "\"\(fields[3])\" is not a whole number within 32 bits") }
                let fraction = Double(micro) / Double([1, 10, 100, 1000, 10_000, 100_000, 1_000_000][time[1].count])
                events.append(DeviceRecording.Event(time: Double(seconds) + fraction, type: type, code: code, value: value,
                                                    line: number))
            case "I", "P", "L", "S":
                continue
            default:
                throw error(number, "\"\(stripped.prefix(2))\" is not an evemu line")
            }
        }
        var keys: Set<UInt16> = []
        for (byteIndex, byte) in keyBytes.enumerated() where byte != 0 && byteIndex < 0x300 / 8 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { keys.insert(UInt16(byteIndex * 8 + bit)) }
        }
        return DeviceRecording(format: .evemu, name: name, axes: axes, keys: keys, events: events)
    }
}
