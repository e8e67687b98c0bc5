import Foundation
import Glibc
import PaintModel
import PropertyBased
import Testing
import Geometry

/// Writes bytes to a new file in a new folder and returns its URL.
private func file(_ bytes: [UInt8], named name: String = "drawing.fpdraw") throws -> URL {
    let url = temporaryFolder().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
}

private func bytes(of url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

/// The file names in a document's folder.
private func folderContents(_ url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path).sorted()
}

/// Waits (up to 10 s) until `condition` holds; for what the journal does on its own queue and timers. Sleeps as a
/// task, so that other tests' tasks run meanwhile.
private func eventually(_ condition: () throws -> Bool) async rethrows -> Bool {
    for _ in 0..<1_000 {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

@Suite struct DocumentFileTests {
    @Test(arguments: ["a folder", "a PNG", "a newer version", "text", "an empty file"])
    func whatIsNotAReadableDrawingIsRefusedAndLeftExactlyAsItWas(kind: String) throws {
        let url: URL
        switch kind {
        case "a folder":
            url = temporaryFolder().appendingPathComponent("photos.fpdraw")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        case "a PNG": url = try file([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 7, count: 100))
        case "a newer version":
            var newer = DrawingDocument.encode(sampleDrawing())
            newer.replaceSubrange(0..<DrawingDocument.headerSize, with: DrawingDocument.header(version: DrawingDocument.version + 1))
            url = try file(newer)
        case "text": url = try file(Array("shopping list\n".utf8))
        default: url = try file([])
        }
        let before = kind == "a folder" ? [] : try bytes(of: url)
        let listing = try folderContents(url)
        #expect {
            _ = try DocumentFile.open(url, create: true)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix(url.path) && !message.contains("\n") && message.contains("left as it was")
                && (kind != "a folder" || message.contains("is a folder"))
                && (kind != "a newer version" || message.contains("version \(DrawingDocument.version + 1)"))
        }
        if kind != "a folder" { #expect(try bytes(of: url) == before) }
        #expect(try folderContents(url) == listing)
    }

    /// A journal of 300 undoable edits (as a fingerpaint without the bound wrote them): it opens with every stroke,
    /// and undo reaches back ``Drawing/undoLimit`` edits; what a compaction writes of it reads back the same, with
    /// the history bounded, and a clear that fell out of reach no longer in it.
    @Test func aDocumentOfMoreEditsThanTheLimitReopensWithTheSameStrokesAndTheLimitOfUndos() throws {
        var edits = (0..<20).map { DrawingEdit.add(stroke(Double($0))) }
        edits.append(.clear)
        edits += (20..<299).map { DrawingEdit.add(stroke(Double($0), color: $0 % 9)) }
        let url = try file(journalBytes(edits))
        let opened = try DocumentFile.open(url, create: false)
        var drawing = opened.drawing
        #expect(drawing.strokes == (20..<299).map { stroke(Double($0), color: $0 % 9) })
        #expect(drawing.compactEdits.count == Drawing.undoLimit)
        // The compaction: base strokes and the edits undo reaches; the clear and the strokes it removed are gone.
        let compacted = DrawingDocument.encode(drawing)
        #expect(compacted.count < journalBytes(edits).count - 20 * DrawingDocument.record(.add(stroke(0))).count)
        let reread = try DrawingDocument.read(compacted)
        #expect(reread.drawing == drawing)
        var undos = 0
        while drawing.undo() != nil { undos += 1 }
        #expect(undos == Drawing.undoLimit)
        #expect(drawing.strokes == (20..<49).map { stroke(Double($0), color: $0 % 9) })
        opened.journal?.close()
    }

    @Test func aMissingFolderIsRefusedAndNothingIsCreated() throws {
        let url = temporaryFolder().appendingPathComponent("no/such/drawing.fpdraw")
        #expect(throws: DocumentOpenError(path: url.path, reason: .noSuchFolder)) { try DocumentFile.open(url, create: true) }
    }

    @Test func aMissingDocumentIsCreatedAndEveryEditIsAppended() throws {
        let url = temporaryFolder().appendingPathComponent("new.fpdraw")
        let opened = try DocumentFile.open(url, create: true)
        #expect(opened.wasCreated && opened.drawing == Drawing())
        let journal = try #require(opened.journal)
        var drawing = Drawing()
        for edit in [DrawingEdit.add(sampleStrokes[0]), .add(sampleStrokes[1]), .undo, .clear, .undo] {
            drawing.apply(edit)
            journal.record(edit)
        }
        #expect(journal.flush(drawing) == nil)
        #expect(try bytes(of: url) == journalBytes([.add(sampleStrokes[0]), .add(sampleStrokes[1]), .undo, .clear, .undo]))
        #expect(try DocumentFile.read(url).drawing == drawing)
        journal.close()
    }

    @Test func aDocumentIsWrittenByOneWindowAtATime() throws {
        let url = try file(DrawingDocument.encode(sampleDrawing()))
        let first = try DocumentFile.open(url, create: false)
        #expect(first.journal != nil && first.readOnlyReason == nil)
        let second = try DocumentFile.open(url, create: false)
        #expect(second.journal == nil && second.readOnlyReason == .openInAnotherWindow)
        #expect(second.drawing == sampleDrawing())
        first.journal?.close()
        let third = try DocumentFile.open(url, create: false)
        #expect(third.journal != nil)
        third.journal?.close()
    }

    @Test func aTornLastRecordIsCutOffAfterTheOriginalIsKeptAndTheNextEditFollowsTheLastWholeOne() throws {
        let earlier: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1])]
        let torn = Array(journalBytes(earlier + [.add(sampleStrokes[2])]).dropLast(9))
        let url = try file(torn)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let opened = try DocumentFile.open(url, create: false, now: now)
        #expect(opened.drawing == Drawing(edits: earlier))
        #expect(try bytes(of: url) == journalBytes(earlier))
        // Bytes were cut off: the original is kept beside it, byte for byte, and the notice says what was lost.
        let copy = url.deletingLastPathComponent().appendingPathComponent("drawing.fpdraw.damaged-20270115T080000Z")
        #expect(try bytes(of: copy) == torn)
        let damage = try #require(opened.damage)
        #expect(damage.tornEnd == .stroke && !damage.hasDamagedRecords && damage.strokesRead == 2)
        #expect(damage.original == .keptAs(copy))
        #expect(opened.notices == ["\(url.path) was cut short: recovered 2 strokes; a stroke cut short at the end could "
            + "not be read, nor anything after it; the original is kept as \(copy.path)"])
        #expect(damage.summary == "The end of drawing is missing: 2 strokes came back; a stroke cut short at the end "
            + "could not be read, nor anything after it. The original is kept as \(copy.lastPathComponent).")
        let journalWriter = try #require(opened.journal)
        var drawing = opened.drawing
        drawing.apply(.undo)
        journalWriter.record(.undo)
        #expect(journalWriter.flush(drawing) == nil)
        #expect(try bytes(of: url) == journalBytes(earlier + [.undo]))
        journalWriter.close()
    }

    /// Damage in the middle (a byte of the second stroke), or in the last record's header (its length, 64 KiB more:
    /// it runs past the end as an append cut short does, but its header's check says it is wrong, so the file is not
    /// cut back as a torn append would be, which would lose those bytes without a word).
    @Test(arguments: [(record: 1, byte: 30, mask: 0x40 as UInt8), (record: 2, byte: 2, mask: 0x01)])
    func aDamagedDocumentKeepsItsOriginalBytesBesideItAndIsRewrittenFromWhatWasValid(record: Int, byte: Int, mask: UInt8) throws {
        let edits: [DrawingEdit] = [.add(sampleStrokes[0]), .add(sampleStrokes[1]), .add(sampleStrokes[2])]
        var damaged = journalBytes(edits)
        damaged[journalBytes(Array(edits.prefix(record))).count + byte] ^= mask
        let url = try file(damaged)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let opened = try DocumentFile.open(url, create: false, now: now)
        #expect(opened.drawing.strokes == sampleStrokes.prefix(3).enumerated().filter { $0.offset != record }.map(\.element))
        let notice = try #require(opened.notices.first)
        #expect(notice.contains("recovered 2 strokes"))
        let copy = url.deletingLastPathComponent().appendingPathComponent("drawing.fpdraw.damaged-20270115T080000Z")
        #expect(notice.contains(copy.path))
        #expect(try bytes(of: copy) == damaged)
        #expect(opened.journal?.flush(opened.drawing) == nil)
        let reread = try DrawingDocument.read(try bytes(of: url))
        #expect(!reread.isDamaged && reread.drawing == opened.drawing)
        opened.journal?.close()
    }

    /// The document is read, and its original copied, a chunk (1 MiB) at a time: a damaged document of several
    /// chunks is kept byte for byte, its records cut by the chunks' ends read once.
    @Test func aDamagedDocumentOfSeveralChunksIsKeptByteForByte() throws {
        var strokes: [Stroke] = []
        for index in 0..<1200 {
            var stroke = Stroke(color: Brush.palette[index % 9], width: Double(1 + index % 20))
            for step in 0..<100 {
                stroke.append(StrokePoint(Point(x: Double(step), y: Double(index)), time: Timestamp(milliseconds: Double(step))))
            }
            strokes.append(stroke)
        }
        let edits = strokes.map { DrawingEdit.add($0) }
        var damaged = journalBytes(edits)
        #expect(damaged.count > 2 * DrawingDocument.Decoder.chunkSize)
        // Damage in the second chunk: the stroke there is lost, every other one kept.
        let lost = 600
        damaged[journalBytes(Array(edits.prefix(lost))).count + 60] ^= 0x01
        let url = try file(damaged)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let opened = try DocumentFile.open(url, create: false, now: now)
        #expect(opened.drawing.strokes == strokes.enumerated().filter { $0.offset != lost }.map(\.element))
        let copy = url.deletingLastPathComponent().appendingPathComponent("drawing.fpdraw.damaged-20270115T080000Z")
        #expect(try bytes(of: copy) == damaged)
        opened.journal?.close()
    }

    @Test func aFirstVersionDocumentIsUnchangedByOpeningAndBecomesAJournalAtTheFirstEdit() throws {
        let old = DrawingDocument.encodeVersion1(sampleStrokes)
        let url = try file(old)
        let opened = try DocumentFile.open(url, create: false)
        #expect(try bytes(of: url) == old)
        let journalWriter = try #require(opened.journal)
        var drawing = opened.drawing
        let stroke = Stroke(points: [StrokePoint(Point(x: 5, y: 5))], color: .black, width: 4)
        drawing.add(stroke)
        journalWriter.record(.add(stroke))
        #expect(journalWriter.flush(drawing) == nil)
        let contents = try DocumentFile.read(url)
        #expect(contents.version == DrawingDocument.version && contents.drawing == drawing)
        var undone = contents.drawing
        undone.undo()
        #expect(undone.strokes == sampleStrokes && !undone.canUndo)
        journalWriter.close()
    }

    @Test func aJournalGrownWellPastItsDrawingIsCompactedAndStaysLocked() throws {
        let url = temporaryFolder().appendingPathComponent("busy.fpdraw")
        let opened = try DocumentFile.open(url, create: true)
        let journalWriter = try #require(opened.journal)
        let big = Stroke(points: (0..<400).map { StrokePoint(Point(x: Double($0), y: 1), time: Timestamp(milliseconds: Double($0))) },
                         color: .black, width: 3)
        var drawing = Drawing()
        drawing.add(sampleStrokes[0])
        journalWriter.record(.add(sampleStrokes[0]))
        // Strokes drawn and undone: dead records, about 10 KB each.
        for _ in 0..<20 {
            drawing.add(big)
            journalWriter.record(.add(big))
            drawing.undo()
            journalWriter.record(.undo)
        }
        #expect(journalWriter.flush(drawing) == nil)
        #expect(journalWriter.statistics.rewrites >= 1)
        let size = try bytes(of: url).count
        #expect(size < 2 * DrawingDocument.encode(drawing).count + DocumentJournal.compactionSlack)
        #expect(try DocumentFile.read(url).drawing == drawing)
        // The compacted file is as locked as the one it replaced.
        #expect(try DocumentFile.open(url, create: false).readOnlyReason == .openInAnotherWindow)
        #expect(try folderContents(url) == ["busy.fpdraw"])
        journalWriter.close()
    }

    @Test func aSaveThatFailsIsReportedKeptAndWrittenOnceItCanBe() async throws {
        let folder = temporaryFolder().appendingPathComponent("drawings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        let url = folder.appendingPathComponent("drawing.fpdraw")
        let opened = try DocumentFile.open(url, create: true)
        let journalWriter = try #require(opened.journal)
        var drawing = Drawing()
        drawing.add(sampleStrokes[0])
        journalWriter.record(.add(sampleStrokes[0]))
        journalWriter.waitUntilIdle()
        // The folder goes away with the document in it.
        try FileManager.default.removeItem(at: folder)
        drawing.add(sampleStrokes[1])
        journalWriter.record(.add(sampleStrokes[1]))
        journalWriter.waitUntilIdle()
        let failure = try #require(journalWriter.currentFailure)
        #expect(failure.path == url.path && failure.code == ENOENT)
        #expect(journalWriter.takeEvents() == [.failed(failure)])
        // The folder comes back: the next try writes everything.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        // The document is gone with its folder: the journal asks for the drawing to write it anew.
        #expect(journalWriter.needsDrawing)
        journalWriter.supply(drawing)
        #expect(await eventually { journalWriter.currentFailure == nil })
        #expect(journalWriter.takeEvents() == [.recovered])
        #expect(try DocumentFile.read(url).drawing == drawing)
        journalWriter.close()
    }
}

@Suite struct DocumentLibraryTests {
    @Test func foldersFollowXDGAndFallBackToHome() {
        let library = DocumentLibrary(environment: ["XDG_DATA_HOME": "/data", "XDG_STATE_HOME": "/state", "HOME": "/home/u"])
        #expect(library.dataFolder.path == "/data/fingerpaint" && library.stateFolder.path == "/state/fingerpaint")
        let fallback = DocumentLibrary(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "relative"])
        #expect(fallback.dataFolder.path == "/home/u/.local/share/fingerpaint")
        #expect(fallback.stateFolder.path == "/home/u/.local/state/fingerpaint")
        #expect(fallback.legacyAutosave.path == "/home/u/.local/share/fingerpaint/drawing.fpdraw")
    }

    @Test func theDocumentUsedLastIsReopenedAndTheOldAutosaveIsTheFirstOne() throws {
        let home = temporaryFolder()
        let library = DocumentLibrary(environment: ["HOME": home.path])
        #expect(library.documentToReopen() == nil)
        try FileManager.default.createDirectory(at: library.dataFolder, withIntermediateDirectories: true)
        try Data(DrawingDocument.encodeVersion1(sampleStrokes)).write(to: library.legacyAutosave)
        #expect(library.documentToReopen()?.path == library.legacyAutosave.path)
        let other = home.appendingPathComponent("mine.fpdraw")
        try Data(DrawingDocument.header()).write(to: other)
        library.remember(other)
        #expect(library.documentToReopen()?.path == other.path)
        // A document deleted since is not brought back.
        try FileManager.default.removeItem(at: other)
        #expect(library.documentToReopen()?.path == library.legacyAutosave.path)
    }

    @Test func untitledDocumentsGetUniqueNames() throws {
        let library = DocumentLibrary(environment: ["HOME": temporaryFolder().path])
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try library.newUntitledDocument(now: now)
        #expect(FileManager.default.createFile(atPath: first.path, contents: Data(DrawingDocument.header())))
        let second = try library.newUntitledDocument(now: now)
        #expect(first != second && library.isUntitled(first) && library.isUntitled(second))
        #expect(first.pathExtension == "fpdraw" && first.lastPathComponent.hasPrefix("Drawing "))
        #expect(!library.isUntitled(URL(fileURLWithPath: "/tmp/x.fpdraw")))
    }

    @Test func untitledNamesCarryTheLocalTimeAsADateFormatterWritesIt() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH.mm.ss"
        for seconds in [1_800_000_000.0, 1_800_000_059.999, 946_684_799.5, 0.25, 4_102_444_800.0] {
            let library = DocumentLibrary(environment: ["HOME": temporaryFolder().path])
            let now = Date(timeIntervalSince1970: seconds)
            let name = try library.newUntitledDocument(now: now).lastPathComponent
            #expect(name == "Drawing \(formatter.string(from: now)).fpdraw")
        }
    }
}

/// Random sessions of strokes, undos, redos, clears and crashes (the file cut at a random point, then reopened).
@Suite struct JournalPropertyTests {
    static let sessions = Gen.int(in: 0...Int.max).array(of: 1...40)

    // Without shrinking, so that a failure reports its own expectation rather than only the input.
    @Test(.shrinking(false)) func aSessionCutShortAtAnyPointReopensToTheStateOfItsLastCompleteRecord() async throws {
        await propertyCheck(count: 60, input: Self.sessions) { numbers in
            Self.play(numbers)
        }
    }

    /// Plays a session: each number an edit or a crash.
    static func play(_ numbers: [Int]) {
        let url = temporaryFolder().appendingPathComponent("drawing.fpdraw")
        let maybeOpened: OpenedDocument
        do { maybeOpened = try DocumentFile.open(url, create: true) } catch {
            Issue.record("cannot open \(url.path): \(error)")
            return
        }
        var opened = maybeOpened
        guard var journalWriter = opened.journal else {
            Issue.record("opened without a journal")
            return
        }
        var drawing = opened.drawing
        // The state after each whole record, by the file length that holds it.
        var states: [(length: Int, drawing: Drawing)] = [(DrawingDocument.headerSize, drawing)]
        for number in numbers {
            let edit: DrawingEdit
            switch number % 10 {
            case 0...4:
                let count = 1 + (number / 10) % 5
                edit = .add(Stroke(points: (0..<count).map { StrokePoint(Point(x: Double($0 * 7 + number % 50), y: Double(number % 97))) },
                                   color: Brush.palette[number % 9], width: Double(1 + number % 16)))
            case 5, 6: edit = .undo
            case 7: edit = .redo
            case 8: edit = .clear
            default:
                // A crash: the file is cut anywhere after its header, and the program starts again.
                journalWriter.close()
                let length = states.last?.length ?? DrawingDocument.headerSize
                let cut = DrawingDocument.headerSize + (number / 10) % (length - DrawingDocument.headerSize + 1)
                guard truncate(url.path, off_t(cut)) == 0 else { Issue.record("cannot cut"); return }
                states.removeAll { $0.length > cut }
                guard let reopened = try? DocumentFile.open(url, create: false), let writer = reopened.journal else {
                    Issue.record("cannot reopen after a cut at \(cut)")
                    return
                }
                #expect(reopened.drawing == states.last?.drawing, "cut at \(cut) of \(length)")
                opened = reopened
                journalWriter = writer
                drawing = reopened.drawing
                continue
            }
            guard drawing.apply(edit) != nil else { continue }
            journalWriter.record(edit)
            journalWriter.waitUntilIdle()
            states.append((DrawingDocument.headerSize + (states.last.map { $0.length - DrawingDocument.headerSize } ?? 0)
                               + DrawingDocument.record(edit).count, drawing))
        }
        journalWriter.close()
        let contents = try? DocumentFile.read(url)
        #expect(contents?.drawing == drawing)
        // What the reader counts as live is exactly what a compaction writes.
        #expect(contents.map { $0.liveBytes == DrawingDocument.encode($0.drawing).count } == true)
        _ = opened
    }
}

/// A compaction is written beside the document and renamed over it: when it cannot be written whole (a full disk),
/// the document is as it was, every record in it.
@Suite(.enabled(if: getuid() == 0, "mounting a small tmpfs needs root"))
struct CompactionOnAFullDiskTests {
    private func run(_ program: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func aCompactionThatCannotBeWrittenLeavesTheDocumentWhole() async throws {
        let disk = temporaryFolder()
        try #require(try run("/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", disk.path]) == 0)
        defer { _ = umount2(disk.path, Int32(MNT_DETACH)) }
        let url = disk.appendingPathComponent("busy.fpdraw")
        let opened = try DocumentFile.open(url, create: true)
        let journalWriter = try #require(opened.journal)
        let big = Stroke(points: (0..<400).map { StrokePoint(Point(x: Double($0), y: 1), time: Timestamp(milliseconds: Double($0))) },
                         color: .black, width: 3)
        // Live strokes, then dead records (drawn and undone) up to just below the compaction's threshold.
        var drawing = Drawing()
        for _ in 0..<8 {
            drawing.add(big)
            journalWriter.record(.add(big))
        }
        for _ in 0..<8 {
            drawing.add(big)
            journalWriter.record(.add(big))
            drawing.undo()
            journalWriter.record(.undo)
        }
        #expect(journalWriter.flush(drawing) == nil)
        let before = try Data(contentsOf: url)
        #expect(journalWriter.statistics.rewrites == 0)
        // The disk fills up, leaving room for a few appends but not for a compacted copy of the document.
        let filler = disk.appendingPathComponent("filler")
        let fd = open(filler.path, O_WRONLY | O_CREAT, 0o644)
        let block = [UInt8](repeating: 0, count: 4096)
        var filled = 0
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 { filled += block.count }
        ftruncate(fd, off_t(filled - 40_960))
        close(fd)
        // More dead records: compaction is due, and its copy cannot be written.
        for _ in 0..<2 {
            drawing.add(big)
            journalWriter.record(.add(big))
            drawing.undo()
            journalWriter.record(.undo)
        }
        journalWriter.waitUntilIdle()
        if journalWriter.needsDrawing { journalWriter.supply(drawing) }
        journalWriter.waitUntilIdle()
        #expect(journalWriter.currentFailure?.code == ENOSPC)
        // The document still holds every record it had, and whole ones after them: nothing was written over it.
        let contents = try DrawingDocument.read(Array(try Data(contentsOf: url)))
        #expect(!contents.isDamaged && contents.tornBytes == 0 && (8...9).contains(contents.drawing.strokes.count))
        #expect(try Data(contentsOf: url).starts(with: before))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).sorted() == ["busy.fpdraw", "filler"])
        // Room again: the compaction lands.
        try FileManager.default.removeItem(at: filler)
        #expect(journalWriter.flush(drawing) == nil)
        #expect(journalWriter.statistics.rewrites >= 1)
        #expect(try DocumentFile.read(url).drawing == drawing)
        journalWriter.close()
    }
}
