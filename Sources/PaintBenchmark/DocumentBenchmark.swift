// `paint-benchmark documents`: what saving and opening a drawing document cost as the drawing grows.
import Dispatch
import FingerPaintCore
import FoundationEssentials
import Geometry
import Glibc
import PaintModel
import SeatInput
import TouchUI

/// Times what the user waits for with documents at 50 000 strokes: opening the document, the main thread's part of
/// saving a completed stroke, the lift that completes a stroke in the window, and the bytes a stroke puts on disk
/// (compaction included) — beside what the whole-file save of version 1 cost in the same run.
func runDocumentBenchmark() {
    print("paint-benchmark documents: \(ProcessInfo.processInfo.activeProcessorCount) cores; times in ms")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paint-benchmark-documents-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = DocumentLibrary(environment: ["HOME": folder.path])
    let canvas = Size(width: 800, height: 600)

    // A 50 000-stroke document with its history (every stroke added one by one), written compacted.
    var drawing = Drawing()
    for stroke in randomStrokes(50_000, in: Size(width: 3840, height: 2160), seed: 11) { drawing.add(stroke) }
    let url = folder.appendingPathComponent("big.fpdraw")
    let compact = DrawingDocument.encode(drawing)
    guard FileManager.default.createFile(atPath: url.path, contents: Data(compact)) else { return }
    print("1. a 50 000-stroke document with its history: \(compact.count / 1024) KiB")
    benchmarkOpening(url, drawing: drawing, folder: folder)
    guard benchmarkSession(on: url, library: library, canvas: canvas),
          benchmarkStrokeSaves(on: url, canvas: canvas) else { return }
    benchmarkChurn(in: folder, canvas: canvas)
}

/// Section 1: opening the 50 000-stroke document at `url`, and the whole-file save of version 1 of `drawing` (in
/// `folder`) for comparison.
private func benchmarkOpening(_ url: URL, drawing: Drawing, folder: URL) {
    // Opening: reading, checking and replaying the journal (not drawing it), as the program does first.
    let openTimes = (0..<5).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        let opened = try? DocumentFile.open(url, create: false)
        let elapsed = milliseconds(since: start)
        precondition(opened?.drawing.strokes.count == 50_000, "the document did not open")
        opened?.journal?.close()
        return elapsed
    }
    print("   open: median \(format(percentile(openTimes, 0.5))) of 5")

    // The whole-file save of version 1, for comparison: encode everything, write it, fsync, rename.
    let wholeFile = (0..<3).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        let bytes = DrawingDocument.encodeVersion1(drawing.strokes)
        let encoded = milliseconds(since: start)
        let path = folder.appendingPathComponent("whole.fpdraw").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let fd = open(path, O_RDONLY)
        fsync(fd)
        close(fd)
        return (encoded, milliseconds(since: start), bytes.count)
    }
    print("   a whole-file save (version 1) of the same strokes: \(wholeFile[0].2 / 1024) KiB written; main thread "
          + "(encoding) \(format(wholeFile.map(\.0).sorted()[1])), with write and fsync \(format(wholeFile.map(\.1).sorted()[1]))")
}

/// Section 2: a session of strokes on the document at `url` through the app; `false` when it cannot be opened.
private func benchmarkSession(on url: URL, library: DocumentLibrary, canvas: Size) -> Bool {
    // 2. A session of 1 000 strokes on it, through the app as the window runs it, with undo and redo pairs.
    guard let opened = try? DocumentFile.open(url, create: false) else { return false }
    let document = PaintDocument(opened, library: library)
    let app = FingerPaintApp(size: canvas, drawing: opened.drawing, document: document)
    var lifts: [Double] = []
    var strokeBytes = 0
    for (index, stroke) in randomStrokes(1_000, in: Size(width: 800, height: 540), seed: 12).enumerated() {
        let time = Double(index) * 1000
        for (sample, point) in stroke.points.enumerated() {
            let t = time + Double(sample) * 16.7
            app.handle(SeatEvent(time: .milliseconds(t), sample == 0 ? .touchDown(id: 1, location: point.location)
                                                     : .touchMotion(id: 1, location: point.location)))
            app.handle(SeatEvent(time: .milliseconds(t), .touchFrame))
        }
        // The lift completes the stroke: the drawing takes it, the canvas draws it, the document saves it.
        let count = app.drawing.strokes.count
        let start = DispatchTime.now().uptimeNanoseconds
        app.handle(SeatEvent(time: .milliseconds(time + 500), .touchUp(id: 1)))
        app.handle(SeatEvent(time: .milliseconds(time + 500), .touchFrame))
        lifts.append(milliseconds(since: start))
        if app.drawing.strokes.count > count, let last = app.drawing.strokes.last {
            strokeBytes += DrawingDocument.record(.add(last)).count
        }
        if index % 50 == 49 {
            app.perform(.undo)
            app.perform(.redo)
        }
    }
    app.waitForSaves()
    let written = document.statistics.map { $0.appendedBytes + $0.rewrittenBytes } ?? 0
    print("2. 1 000 strokes painted on it (and 20 undo and redo pairs), through the app:")
    print("   the lift that completes a stroke (drawing, canvas, document): p50 \(format(percentile(lifts, 0.5))), "
          + "p99 \(format(percentile(lifts, 0.99)))")
    print("   bytes written \(written) for \(strokeBytes) bytes of stroke records: "
          + "\(cFormat("%.2f", Double(written) / Double(strokeBytes)))x, \(document.statistics?.rewrites ?? 0) compactions")
    app.finishDocument()
    return true
}

/// The main thread's part of saving a stroke alone, on the document at `url`; `false` when it cannot be opened.
private func benchmarkStrokeSaves(on url: URL, canvas: Size) -> Bool {
    // The main thread's part of saving a stroke alone: encoding its record and handing it over.
    guard let again = try? DocumentFile.open(url, create: false), let journal = again.journal else { return false }
    var current = again.drawing
    var saves: [Double] = []
    for stroke in randomStrokes(1_000, in: canvas, seed: 13) {
        current.add(stroke)
        let start = DispatchTime.now().uptimeNanoseconds
        journal.record(.add(stroke))
        saves.append(milliseconds(since: start))
    }
    journal.waitUntilIdle()
    print("   the main thread's part of saving one stroke (encode the record, hand it over): p50 "
          + "\(format(percentile(saves, 0.5))), p99 \(format(percentile(saves, 0.99))), max \(format(saves.max() ?? 0))")
    journal.close()
    return true
}

/// Section 3: churn on a new document in `folder`.
private func benchmarkChurn(in folder: URL, canvas: Size) {
    // 3. Churn: 1 000 strokes on an empty document where every other one is undone and replaced, so that dead
    // records pile up and compaction runs.
    let churnURL = folder.appendingPathComponent("churn.fpdraw")
    guard let churn = try? DocumentFile.open(churnURL, create: true), let churnJournal = churn.journal else { return }
    var churned = Drawing()
    var churnBytes = 0
    for (index, stroke) in randomStrokes(1_000, in: canvas, seed: 14).enumerated() {
        churned.add(stroke)
        churnJournal.record(.add(stroke))
        churnBytes += DrawingDocument.record(.add(stroke)).count
        if index % 2 == 1 {
            churned.undo()
            churnJournal.record(.undo)
            if churnJournal.needsDrawing { churnJournal.supply(churned) }
        }
    }
    churnJournal.flush(churned)
    let churnWritten = churnJournal.statistics.appendedBytes + churnJournal.statistics.rewrittenBytes
    let size = (try? FileManager.default.attributesOfItem(atPath: churnURL.path)[.size] as? Int) ?? 0
    print("3. 1 000 strokes, every other one undone and replaced: bytes written \(churnWritten) for \(churnBytes) bytes of "
          + "stroke records: \(cFormat("%.2f", Double(churnWritten) / Double(churnBytes)))x, "
          + "\(churnJournal.statistics.rewrites) compactions; file \(size / 1024) KiB for "
          + "\(DrawingDocument.encode(churned).count / 1024) KiB of drawing")
    churnJournal.close()
}
