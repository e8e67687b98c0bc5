import Foundation
import Testing
import FingerPaintCore

/// Where PNG exports go: `xdg-user-dir PICTURES`, then `$XDG_PICTURES_DIR`, then `~/Pictures`, then home. Each test
/// gives the environment in full, its `PATH` included, so the machine's own `xdg-user-dir` and folders play no part.
@Suite struct PicturesFolderTests {
    /// A home folder with a `Pictures` and a `Bilder` folder in it, and a `bin` folder for `PATH`.
    private func home() throws -> (home: URL, bin: URL) {
        let home = temporaryFolder()
        for name in ["Pictures", "Bilder", "bin"] {
            try FileManager.default.createDirectory(at: home.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        return (home, home.appendingPathComponent("bin"))
    }

    /// An `xdg-user-dir` in `bin` that prints `answer`.
    private func fakeUserDirTool(in bin: URL, answering answer: String) throws {
        let tool = bin.appendingPathComponent("xdg-user-dir")
        try "#!/bin/sh\necho '\(answer)'\n".write(to: tool, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
    }

    @Test func xdgPicturesDirWinsOverPicturesInHome() throws {
        let (home, bin) = try home()
        let chosen = picturesFolder(environment: [
            "HOME": home.path, "PATH": bin.path, "XDG_PICTURES_DIR": home.appendingPathComponent("Bilder").path,
        ])
        #expect(chosen.path == home.appendingPathComponent("Bilder").path)
    }

    @Test func xdgPicturesDirMayNameHome() throws {
        let (home, bin) = try home()
        let chosen = picturesFolder(environment: ["HOME": home.path, "PATH": bin.path, "XDG_PICTURES_DIR": "$HOME/Bilder"])
        #expect(chosen.path == home.appendingPathComponent("Bilder").path)
    }

    @Test func aMissingXDGPicturesDirFallsBackToPicturesThenHome() throws {
        let (home, bin) = try home()
        let environment = ["HOME": home.path, "PATH": bin.path, "XDG_PICTURES_DIR": home.appendingPathComponent("Nope").path]
        #expect(picturesFolder(environment: environment).path == home.appendingPathComponent("Pictures").path)
        try FileManager.default.removeItem(at: home.appendingPathComponent("Pictures"))
        #expect(picturesFolder(environment: environment).path == home.path)
    }

    @Test func xdgUserDirAnswersFirst() throws {
        let (home, bin) = try home()
        let elsewhere = temporaryFolder()
        try fakeUserDirTool(in: bin, answering: elsewhere.path)
        let chosen = picturesFolder(environment: [
            "HOME": home.path, "PATH": bin.path, "XDG_PICTURES_DIR": home.appendingPathComponent("Bilder").path,
        ])
        #expect(chosen.path == elsewhere.path)
    }

    @Test func xdgUserDirAnsweringHomeIsPassedOver() throws {
        // xdg-user-dir prints the home folder when nothing is configured: no pictures folder is set.
        let (home, bin) = try home()
        try fakeUserDirTool(in: bin, answering: home.path)
        let chosen = picturesFolder(environment: ["HOME": home.path, "PATH": bin.path])
        #expect(chosen.path == home.appendingPathComponent("Pictures").path)
    }
}
