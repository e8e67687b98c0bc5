import Foundation
import ProcessTesting
import Testing

/// The drawings' file type as a file manager sees it: shared-mime-info reads our package and the desktop file claims it.
@Suite struct FileTypeTests {
    static let assets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("assets")

    @Test func sharedMimeInfoReadsTheDrawingTypeByNameAndByContent() async throws {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: scratch.path("mime/packages"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.assets.appendingPathComponent("fingerpaint-mime.xml").path,
                                         toPath: scratch.path("mime/packages/fingerpaint.xml"))
        let result = try await ChildProcess.run("/usr/bin/update-mime-database", ["-V", scratch.path("mime")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.lowercased().contains("error") && !result.standardError.contains("warning"),
                "\(result.standardError)")
        #expect(scratch.read("mime/globs2").contains("application/x-fingerpaint-drawing:*.fpdraw"))
        let magic = try Data(contentsOf: URL(fileURLWithPath: scratch.path("mime/magic")))
        #expect(magic.range(of: Data("application/x-fingerpaint-drawing".utf8)) != nil)
        #expect(magic.range(of: Data("FPDRAW\r\n".utf8)) != nil)
    }

    @Test func theDesktopFileOpensDrawings() throws {
        let desktop = try String(contentsOf: Self.assets.appendingPathComponent("\(FingerPaintWindowTests.appID).desktop"), encoding: .utf8)
        let lines = desktop.split(separator: "\n")
        #expect(lines.contains("MimeType=application/x-fingerpaint-drawing;"))
        #expect(lines.contains("Exec=fingerpaint %f"))
    }

    /// The desktop files `make install` installs, named after the programs' app_id.
    static let desktopFiles = [FingerPaintWindowTests.appID, GestureDemoWindowTests.appID].map { "\($0).desktop" }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate"),
                   "desktop-file-validate is not installed (apt-get install desktop-file-utils)"),
          arguments: desktopFiles)
    func theDesktopFileIsValid(name: String) async throws {
        let result = try await ChildProcess.run("/usr/bin/desktop-file-validate", [Self.assets.appendingPathComponent(name).path])
        #expect(result.status == 0 && result.standardOutput.isEmpty && result.standardError.isEmpty,
                "\(result.standardOutput)\(result.standardError)")
    }

    @Test(arguments: desktopFiles)
    func theDesktopFileAndItsIconAreNamedAfterAReverseDNSApplicationID(name: String) throws {
        let id = String(name.dropLast(".desktop".count))
        // freedesktop's rules for an application ID: reverse DNS, at least three elements.
        #expect(id.split(separator: ".").count >= 3 && id.hasPrefix("io.github."))
        let desktop = try String(contentsOf: Self.assets.appendingPathComponent(name), encoding: .utf8)
        #expect(desktop.split(separator: "\n").contains("Icon=\(id)"[...]))
        #expect(FileManager.default.fileExists(atPath: Self.assets.appendingPathComponent("\(id).svg").path))
    }
}
