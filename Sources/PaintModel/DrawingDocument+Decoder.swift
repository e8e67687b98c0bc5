// The one reader of the document format: bytes as they come, a chunk at a time, decoded record by record.
import Localization

extension DrawingDocument {
    /// Reads a document from its bytes as they come, a chunk at a time: each record is decoded as soon as its last
    /// byte has come, and a record cut by a chunk's end waits in the decoder for the rest. Only the bytes not
    /// decoded yet are kept (one buffer, reused), so opening a document never holds its bytes whole beside its
    /// strokes. This is the only reader of the format: ``DrawingDocument/read(_:)`` feeds it from an array.
    ///
    /// Whatever the chunks' sizes, ``finish()`` gives the same contents, or throws the same error, as the bytes
    /// fed all at once. A decision that needs bytes not yet come (a record's checksum, whether bytes are the torn
    /// end of the file) waits for them, or for ``finish()``, which says there are no more.
    ///
    /// Memory: the buffer holds the longest record (or, in a version-1 document, stroke) that is not decoded yet
    /// and the last chunk. In a damaged journal, a wrong record header whose checksum happens to match (one
    /// position in 2^16 with a known kind) keeps the bytes up to the length it claims, at most the rest of the file.
    public struct Decoder {
        /// The size of the chunks a file is read in.
        public static let chunkSize = 1 << 20

        /// Where the reading is.
        private enum Stage {
            /// Waiting for the header.
            case header
            /// A document of version 1: one list of strokes and a checksum of the whole file.
            case version1(Version1)
            /// A journal: records one after the other.
            case journal(Journal)
            /// Decided: nothing that comes later changes the outcome.
            case done(Result<Contents, ReadError>)
        }

        private struct Version1 {
            /// How many strokes the document says it holds; `nil` until its bytes have come.
            var count: UInt32?
            var strokes: [Stroke] = []
            /// Where the next stroke starts (before the count is read, where the count is).
            var offset = magic.count + 4
            /// The CRC-32 of the bytes before `checked`.
            var checksum: UInt32 = 0
            var checked = 0
        }

        private struct Journal {
            var contents: Contents
            var version: UInt16
            /// The layers and strokes that come first; the drawing is made from them when the first edit comes. A
            /// base stroke before any base layer record makes the one layer a drawing starts with.
            var baseLayers: [Layer] = []
            var drawing: Drawing?
            /// Where the next record should start.
            var offset = headerSize
            var isInDamage = false
            /// Looking for the next valid record after `offset`, which holds none: the next place to try, and the
            /// first bytes at `offset` (up to a record header's), to tell a torn end from damage.
            var search: (candidate: Int, header: [UInt8])?
        }

        private var stage = Stage.header
        /// The bytes from `base` on that are still needed.
        private var buffer: [UInt8] = []
        /// The offset in the document of `buffer`'s first byte.
        private var base = 0
        /// How many bytes have come.
        public private(set) var byteCount = 0
        private var isAtEnd = false

        /// A decoder before the document's first byte.
        public init() {}

        /// Whether more bytes can change the outcome: `false` once the bytes are known not to be a drawing this
        /// program reads (a foreign file is not read further).
        public var wantsMore: Bool {
            if case .done = stage { return false }
            return !isAtEnd
        }

        /// Takes the next bytes of the document and decodes every record they complete.
        public mutating func feed(_ bytes: ArraySlice<UInt8>) {
            guard wantsMore, !bytes.isEmpty else { return }
            buffer.append(contentsOf: bytes)
            byteCount += bytes.count
            advance()
        }

        /// Says the document has no more bytes: what it holds, or why it is not a drawing this program reads.
        public mutating func finish() throws(ReadError) -> Contents {
            isAtEnd = true
            advance()
            guard case let .done(result) = stage else { preconditionFailure("the decoder left undecided at the end") }
            return try result.get()
        }

        // MARK: - Decoding

        /// Decodes as far as the bytes come so far allow, then lets go of the bytes no longer needed.
        private mutating func advance() {
            switch stage {
            case .header: decideHeader()
            case .version1, .journal, .done: break
            }
            switch stage {
            case .header, .done: break
            case var .version1(state):
                stage = .header  // not a copy kept while the state changes
                stage = decode(&state)
            case var .journal(state):
                stage = .header
                stage = decode(&state)
            }
            let needed: Int
            switch stage {
            case .header: needed = 0
            case .done: needed = byteCount
            case let .version1(state): needed = min(state.offset, state.checked)
            case let .journal(state): needed = state.search?.candidate ?? state.offset
            }
            if needed > base {
                buffer.removeSubrange(0..<(min(needed, byteCount) - base))
                base = min(needed, byteCount)
            }
        }

        /// The byte at an offset in the document, which must still be in the buffer.
        private func byte(at offset: Int) -> UInt8 { buffer[offset - base] }

        /// The bytes from `start` to `end` in the document, as a slice of the buffer (indexed in the buffer).
        private func bytes(_ start: Int, _ end: Int) -> ArraySlice<UInt8> { buffer[(start - base)..<(end - base)] }

        /// Reads the header once it has come (or the document ended before it): its version chooses the reading.
        private mutating func decideHeader() {
            guard byteCount >= headerSize || isAtEnd else { return }
            let header = bytes(0, min(byteCount, headerSize))
            guard header.count >= magic.count + 2 else {
                let isTruncated = magic.starts(with: header) && !header.isEmpty
                stage = .done(.failure(isTruncated ? .truncated : .notADrawing))
                return
            }
            guard header.starts(with: magic) else {
                stage = .done(.failure(.notADrawing))
                return
            }
            let version = UInt16(header[8]) | UInt16(header[9]) << 8
            let headerIsWhole = header.count >= headerSize
                && CRC32.checksum(header[..<12]) == ByteReader(bytes: header[12...]).peekUInt32()
            switch version {
            case 1:
                stage = .version1(Version1())
            case 2...DrawingDocument.version:
                guard header.count >= headerSize else {
                    stage = .done(.failure(.truncated))
                    return
                }
                guard headerIsWhole else {
                    stage = .done(.failure(.damaged(localized("header checksum mismatch"))))
                    return
                }
                let contents = Contents(drawing: Drawing(), version: version, validLength: headerSize, tornBytes: 0,
                                        damagedRuns: 0)
                stage = .journal(Journal(contents: contents, version: version))
            default:
                // The version is believed only when the header's checksum says the header is whole: a damaged byte
                // there is damage, not a drawing of a newer fingerpaint.
                stage = .done(.failure(headerIsWhole ? .unsupportedVersion(version) : .damaged(localized("header checksum mismatch"))))
            }
        }

        /// Decodes the journal's records that have come; the next stage.
        private func decode(_ state: inout Journal) -> Stage {
            while true {
                if let search = state.search {
                    // Not a record at `offset`: look for the next one. None later means the tail was torn, if it
                    // is the start of a record cut short; a whole record that is wrong is damage.
                    var candidate = search.candidate
                    var found = false
                    searching: while true {
                        if byteCount - candidate < recordOverhead {
                            guard isAtEnd else { break }
                            state.search = nil
                            if isTornAppend(header: search.header[...], remaining: byteCount - state.offset) {
                                state.contents.tornBytes = byteCount - state.offset
                                state.contents.tornEnd = tornEnd(header: search.header[...])
                            } else if !state.isInDamage {
                                state.contents.damagedRuns += 1
                            }
                            return .done(.success(finished(state)))
                        }
                        switch check(at: candidate) {
                        case .valid:
                            found = true
                            break searching
                        case .invalid:
                            candidate += 1
                        case .needsMore:
                            break searching
                        }
                    }
                    guard found else {
                        state.search = (candidate, search.header)
                        return .journal(state)
                    }
                    if !state.isInDamage { state.contents.damagedRuns += 1 }
                    state.isInDamage = true
                    state.offset = candidate
                    state.search = nil
                }
                guard state.offset < byteCount else {
                    return isAtEnd ? .done(.success(finished(state))) : .journal(state)
                }
                switch check(at: state.offset) {
                case .needsMore:
                    return .journal(state)
                case let .valid(kind, payload):
                    if let meaning = try? meaning(of: kind, payload: buffer[payload], afterEdits: state.drawing != nil,
                                                  version: state.version, brushes: state.contents.brushes.presets) {
                        let size = payload.count + recordOverhead
                        // A valid record whose meaning has no place here is damage, as an invalid one is.
                        var isPlaced = true
                        switch meaning {
                        case let .base(stroke):
                            if state.baseLayers.isEmpty { state.baseLayers = [.first()] }
                            state.baseLayers[state.baseLayers.count - 1].strokes.append(stroke)
                            state.contents.ledger.addBaseStroke(recordSize: size)
                        case let .baseLayer(attributes):
                            state.baseLayers.append(Layer(attributes: attributes))
                            state.contents.ledger.addBaseStroke(recordSize: size)
                        case let .baseImage(image):
                            // A layer's picture comes after its layer record and before its strokes.
                            if let last = state.baseLayers.indices.last, state.baseLayers[last].isEmpty {
                                state.baseLayers[last].image = image
                                state.contents.ledger.addBaseStroke(recordSize: size)
                            } else {
                                isPlaced = false
                            }
                        case let .brush(preset):
                            if state.contents.brushes.add(preset).isNew {
                                state.contents.ledger.addBaseStroke(recordSize: size)
                            }
                        case let .edit(edit):
                            if state.drawing == nil { state.drawing = Drawing(layers: state.baseLayers) }
                            if state.drawing?.apply(edit) != nil { state.contents.ledger.apply(edit, recordSize: size) }
                        }
                        if isPlaced {
                            state.offset += size
                            state.contents.validLength = state.offset
                            state.isInDamage = false
                            continue
                        }
                    }
                case .invalid:
                    break
                }
                let header = Array(bytes(state.offset, min(state.offset + recordHeaderSize, byteCount)))
                state.search = (state.offset + 1, header)
            }
        }

        private func finished(_ state: Journal) -> Contents {
            var contents = state.contents
            contents.drawing = state.drawing ?? Drawing(layers: state.baseLayers)
            return contents
        }

        /// Whether a whole record whose checksums match starts at `offset`, or its bytes have not all come.
        private func check(at offset: Int) -> RecordCheck {
            let available = byteCount - offset
            guard available >= recordOverhead else { return isAtEnd ? .invalid : .needsMore }
            let length = Int(ByteReader(bytes: bytes(offset, offset + 4)).peekUInt32())
            let kindValue = UInt16(byte(at: offset + 4)) | UInt16(byte(at: offset + 5)) << 8
            let check = UInt16(byte(at: offset + 6)) | UInt16(byte(at: offset + 7)) << 8
            guard UInt16(truncatingIfNeeded: CRC32.checksum(bytes(offset, offset + 6))) == check,
                  let kind = RecordKind(rawValue: kindValue)
            else { return .invalid }
            guard length <= available - recordOverhead else { return isAtEnd ? .invalid : .needsMore }
            let end = offset + recordHeaderSize + length
            guard CRC32.checksum(bytes(offset, end)) == ByteReader(bytes: bytes(end, end + 4)).peekUInt32() else {
                return .invalid
            }
            return .valid(kind, (offset + recordHeaderSize - base)..<(end - base))
        }

        /// Decodes the strokes of a version-1 document that have come; the next stage.
        ///
        /// The last four bytes of the document are its checksum, so a stroke is read only from bytes at least four
        /// before the last that has come; until the end, a stroke cut short waits for more.
        private func decode(_ state: inout Version1) -> Stage {
            // The bytes that are surely not the checksum: all but the last four.
            let strokeEnd = max(byteCount - 4, 0)
            if state.checked < strokeEnd {
                state.checksum = bytes(state.checked, strokeEnd).withUnsafeBytes {
                    CRC32.checksum($0, continuing: state.checksum)
                }
                state.checked = strokeEnd
            }
            guard byteCount >= magic.count + 8 + 4 else {  // header and checksum
                return isAtEnd ? .done(.failure(.truncated)) : .version1(state)
            }
            let count: UInt32
            if let known = state.count {
                count = known
            } else {
                count = ByteReader(bytes: bytes(magic.count + 4, magic.count + 8)).peekUInt32()
                state.count = count
                state.offset = magic.count + 8
            }
            var checksumMatches: Bool {
                state.checksum == ByteReader(bytes: bytes(byteCount - 4, byteCount)).peekUInt32()
            }
            while state.strokes.count < Int(count) {
                var reader = ByteReader(bytes: bytes(state.offset, max(strokeEnd, state.offset)))
                do throws(ReadError) {
                    state.strokes.append(try readStroke(from: &reader, version: 1))
                    state.offset = reader.offset + base
                } catch {
                    // A stroke cut short waits for its bytes; at the end a short file reads its checksum from the
                    // middle of a stroke: call it what it is.
                    guard error == .truncated else { return .done(.failure(error)) }
                    guard isAtEnd else { return .version1(state) }
                    return .done(.failure(checksumMatches ? .damaged(localized("stroke data ends early")) : .truncated))
                }
            }
            guard state.offset == strokeEnd else {
                // More bytes than the strokes and the checksum are extra whatever comes; fewer wait for the end.
                if state.offset < strokeEnd { return .done(.failure(.damaged(localized("extra bytes after the strokes")))) }
                return isAtEnd ? .done(.failure(.damaged(localized("extra bytes after the strokes")))) : .version1(state)
            }
            guard isAtEnd else { return .version1(state) }
            guard checksumMatches else { return .done(.failure(.damaged(localized("checksum mismatch")))) }
            var contents = Contents(drawing: Drawing(strokes: state.strokes), version: 1, validLength: byteCount,
                                    tornBytes: 0, damagedRuns: 0)
            for stroke in state.strokes { contents.ledger.addBaseStroke(recordSize: recordSize(of: .add(stroke))) }
            return .done(.success(contents))
        }
    }
}
