import Foundation
import FingerPaintCore
import PaintModel
import PaintRender
import PaintUI
import Testing

/// A recovery document written when a quit could not save is offered the next time its document opens: a banner
/// with "Open", which opens it; an older one is not offered.
@Suite struct RecoveryOfferTests {
    @Test func aNewerRecoveryIsOfferedAndOpensFromTheBanner() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let url = home.appendingPathComponent("cat.fpdraw")
        try DocumentFile.writeNew(Drawing(), to: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: url.path)
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let recovery = try library.recoveryDocument(for: url)
        var drawing = Drawing()
        drawing.add(Stroke(points: [StrokePoint(point(50, 50)), StrokePoint(point(250, 150))], color: .black, width: 8))
        try DocumentFile.writeNew(drawing, to: recovery)
        // An older recovery of the same drawing is not the one offered.
        let older = try library.recoveryDocument(for: url, now: Date(timeIntervalSinceNow: -3600))
        try DocumentFile.writeNew(Drawing(), to: older)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -30)], ofItemAtPath: older.path)

        let painter = try Painter(opening: url, home: home)
        painter.app.offerRecovery()
        painter.app.renderFrame()
        let banner = try #require(painter.app.renderer.overlay?.banner)
        #expect(banner.text.contains("recovered copy of cat") && banner.text.contains("(1 stroke)") && banner.action == "Open")
        painter.tap(9, at: try #require(banner.actionFrame).center)
        #expect(painter.app.document?.url.standardizedFileURL == recovery.standardizedFileURL)
        #expect(painter.app.drawing.strokes == drawing.strokes && painter.isPainted(150, 100))
        painter.app.finishDocument()
    }

    @Test func aRecoveryOlderThanTheDocumentIsNotOffered() throws {
        let home = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: home) }
        let url = home.appendingPathComponent("cat.fpdraw")
        let library = DocumentLibrary(environment: ["HOME": home.path])
        let recovery = try library.recoveryDocument(for: url)
        try DocumentFile.writeNew(Drawing(), to: recovery)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: recovery.path)
        try DocumentFile.writeNew(Drawing(), to: url)
        let painter = try Painter(opening: url, home: home)
        painter.app.offerRecovery()
        #expect(painter.app.banner == nil)
        painter.app.finishDocument()
    }
}
