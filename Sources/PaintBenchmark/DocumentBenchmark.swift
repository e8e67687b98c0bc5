// `paint-benchmark documents`: what saving and opening a drawing document cost as the drawing grows.
import FingerPaintCore
import Foundation
import PaintModel
import SeatInput
import TouchUI

/// Times what the user waits for with documents at 50 000 strokes: the main thread's part of saving a completed
/// stroke, the bytes a stroke puts on disk (compaction included), and opening the document.
func runDocumentBenchmark() {
    print("paint-benchmark documents: \(ProcessInfo.processInfo.activeProcessorCount) cores")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paint-benchmark-documents-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let canvas = Size(width: 3840, height: 2160)
    let existing = randomStrokes(50_000, in: canvas, seed: 11)
    let url = folder.appendingPathComponent("big.fpdraw")

    // A 50 000-stroke document with its history (every stroke added one by one), written compacted.
    var drawing = Drawing()
    for stroke in existing { drawing.add(stroke) }
    let compact = DrawingDocument.encode(drawing)
    guard FileManager.default.createFile(atPath: url.path, contents: Data(compact)) else { return }
    print("   a 50 000-stroke document with its history: \(compact.count / 1024) KiB")

    // Opening: reading and replaying the journal (not drawing it), as the program does before its first frame.
    var openTimes: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        guard let opened = try? DocumentFile.open(url, create: false), opened.drawing.strokes.count == 50_000 else {
            print("   open failed")
            return
        }
        openTimes.append(milliseconds(since: start))
        opened.journal?.close()
    }
    print("   open (read, check, replay the journal): median \(format(percentile(openTimes, 0.5))) ms of 5")

    // A session of 1 000 strokes with undos, redos and clears mixed in, through the app as the window runs it.
    guard let opened = try? DocumentFile.open(url, create: false) else { return }
    let document = PaintDocument(opened, library: DocumentLibrary(environment: ["HOME": folder.path]))
    let app = FingerPaintApp(size: Size(width: 800, height: 600), drawing: opened.drawing, document: document)
    let session = randomStrokes(1_000, in: Size(width: 800, height: 600), seed: 12)
    var strokeBytes = 0
    var mainThread: [Double] = []
    let before = try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    for (index, stroke) in session.enumerated() {
        let time = Double(index) * 1000
        for (sample, point) in stroke.points.enumerated() {
            let t = time + Double(sample) * 16.7
            app.handle(SeatEvent(time: t, sample == 0 ? .touchDown(id: 1, location: point.location)
                                                     : .touchMotion(id: 1, location: point.location)))
            app.handle(SeatEvent(time: t, .touchFrame))
        }
        // The lift completes the stroke: the drawing takes it, the canvas draws it, the document saves it.
        let start = DispatchTime.now().uptimeNanoseconds
        app.handle(SeatEvent(time: time + 500, .touchUp(id: 1)))
        app.handle(SeatEvent(time: time + 500, .touchFrame))
        mainThread.append(milliseconds(since: start))
        if let last = app.drawing.strokes.last { strokeBytes += DrawingDocument.record(.add(last)).count }
        if index % 50 == 49 {
            app.perform(.undo)
            app.perform(.redo)
        }
    }
    app.waitForSaves()
    let statistics = document.statistics ?? DocumentJournal.Statistics()
    let written = statistics.appendedBytes + statistics.rewrittenBytes
    print("   1 000 strokes saved one by one (with 20 undo and redo pairs): main thread per stroke p50 "
          + "\(format(percentile(mainThread, 0.5))) ms, p99 \(format(percentile(mainThread, 0.99))) ms, max \(format(mainThread.max() ?? 0)) ms")
    print("   bytes written: \(written) for \(strokeBytes) bytes of stroke records = "
          + "\(String(format: "%.2f", Double(written) / Double(strokeBytes)))x (\(statistics.rewrites) rewrites); "
          + "file grew \(((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) - (before ?? 0)) bytes")
    app.finishDocument()
}
