// The Debian package as someone without a Swift toolchain gets it (docs/packaging.md): lintian's verdict, what its
// control file asks for, and the package installed with apt into a clean Debian bookworm root made by mmdebstrap,
// its programs run there, then removed. They run when FINGERPAINT_DEB names the package: `make test` builds it with
// `make deb` and then runs this suite alone.
import Foundation
import Glibc
import ProcessTesting
import Testing

/// The package under test: FINGERPAINT_DEB, relative to the package's root or absolute.
enum PackageUnderTest {
    static let path = ProcessInfo.processInfo.environment["FINGERPAINT_DEB"].flatMap { $0.isEmpty ? nil : $0 }
}

@Suite(.serialized, .enabled(if: PackageUnderTest.path != nil, "FINGERPAINT_DEB names no package (make test sets it)"))
struct DebianPackageTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let programs = ["fingerpaint", "gesture-demo", "touch-replay", "kwin-replay"]

    static func debianPackage() throws -> String {
        let path = try #require(PackageUnderTest.path)
        return path.hasPrefix("/") ? path : root.appendingPathComponent(path).path
    }

    /// The version the package's name gives (out/fingerpaint_VERSION_ARCH.deb).
    static func versionInName() throws -> String {
        let name = URL(fileURLWithPath: try debianPackage()).lastPathComponent
        return String(try #require(name.split(separator: "_").dropFirst().first))
    }

    @Test func lintianReportsNoErrorAndOnlyTheWarningsPackagingMdExplains() async throws {
        let result = try await ChildProcess.run("/usr/bin/lintian", ["--tag-display-limit", "0", try Self.debianPackage()],
                                                timeout: 300)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("E:") }, "\(result.standardOutput)")
        let explained = try String(contentsOf: Self.root.appendingPathComponent("docs/packaging.md"), encoding: .utf8)
        for warning in lines where warning.hasPrefix("W:") {
            let tag = warning.split(separator: " ").dropFirst(2).first.map(String.init) ?? ""
            #expect(explained.contains("`\(tag)`"), "lintian warns \(warning), which docs/packaging.md does not explain")
        }
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func theControlFileNamesTheLibrariesAndDataTheProgramsUse() async throws {
        let fields = try await ChildProcess.run("/usr/bin/dpkg-deb", ["--field", try Self.debianPackage(), "Version", "Depends"])
        #expect(fields.status == 0, "\(fields.standardError)")
        #expect(fields.standardOutput.contains("Version: \(try Self.versionInName())-1"))
        for needed in ["libc6", "libwayland-client0", "libxkbcommon0", "libcairo2", "libmypaint-1.5-1", "libglib2.0-0",
                       "libpng16-16", "libjpeg62-turbo", "fonts-dejavu-core", "mypaint-brushes", "librsvg2-2"] {
            #expect(fields.standardOutput.contains(needed), "Depends lacks \(needed): \(fields.standardOutput)")
        }
        #expect(!fields.standardOutput.lowercased().contains("swift"))
    }

    @Test func makeDebMadeEveryScreenshotTheListingsNameAtItsSize() async throws {
        let shots = Self.root.appendingPathComponent("out/screenshots").path
        var bars: [RGBA] = []
        for component in ["io.github.fingerpaint.FingerPaint", "io.github.fingerpaint.GestureDemo"] {
            let template = try String(contentsOf: Self.root.appendingPathComponent("assets/\(component).metainfo.xml.in"), encoding: .utf8)
            let images = template.matches(of: /<image type="source" width="([0-9]+)" height="([0-9]+)">[^<]*\/([^\/<]+\.png)<\/image>/)
            #expect(!images.isEmpty, "\(component)")
            for image in images {
                // The palette's background, left of its first button, tells light from dark.
                let shot = try await PNGReader.pixels(in: "\(shots)/\(image.output.3)", at: [(2, 740)])
                #expect(shot.width == Int(image.output.1) && shot.height == Int(image.output.2), "\(image.output.3)")
                if component.hasSuffix("FingerPaint") { bars.append(shot.pixels[0]) }
            }
        }
        #expect(bars.count == 2 && bars[0].red > 180 && bars[1].red < 80, "light then dark palette: \(bars)")
    }

    @Test(.enabled(if: getuid() == 0, "a clean root needs mmdebstrap --mode=root and chroot: run as root"),
          .timeLimit(.minutes(10)))
    func installsIntoACleanBookwormRootRunsThereAndRemovesEverythingOfOurs() async throws {
        let scratch = try TemporaryDirectory(prefix: "fingerpaint-bookworm")
        let system = scratch.path("root")
        let made = try await ChildProcess.run("/usr/bin/mmdebstrap", ["--mode=root", "--variant=apt", "bookworm", system],
                                              timeout: 400)
        try #require(made.status == 0, "\(made.standardError)")
        try FileManager.default.copyItem(atPath: try Self.debianPackage(), toPath: "\(system)/tmp/fingerpaint.deb")
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Fuzz/corpus/document/brushes.fpdraw").path,
                                         toPath: "\(system)/tmp/brushes.fpdraw")
        // One finger across the middle of an 800x600 canvas.
        let trace = (0...30).map { step -> String in
            let kind = step == 0 ? "down" : step == 30 ? "up" : "motion"
            let position = step == 30 ? "" : ", \"x\": \(100 + step * 20), \"y\": 300"
            return "{\"t\": \(Double(step) * 8), \"touch\": \"\(kind)\", \"id\": 0\(position)}\n{\"t\": \(Double(step) * 8), \"touch\": \"frame\"}"
        }
        try ("{\"canvas\": [800, 600]}\n" + trace.joined(separator: "\n") + "\n")
            .write(toFile: "\(system)/tmp/line.jsonl", atomically: false, encoding: .utf8)

        // The programs read their arguments through /proc, as on any running system.
        let mounted = try await ChildProcess.run("/usr/bin/mount", ["-t", "proc", "proc", "\(system)/proc"])
        try #require(mounted.status == 0, "\(mounted.standardError)")
        do {
            try await Self.installRunAndRemove(in: system)
        } catch {
            _ = try? await ChildProcess.run("/usr/bin/umount", ["\(system)/proc"])
            throw error
        }
        let unmounted = try await ChildProcess.run("/usr/bin/umount", ["\(system)/proc"])
        try #require(unmounted.status == 0, "\(unmounted.standardError): \(system)/proc is still mounted")
    }

    /// Runs a shell command in the root, as root with a home of its own.
    static func inRoot(_ system: String, _ command: String, timeout: Double = 60) async throws -> ProcessResult {
        try await ChildProcess.run("/usr/sbin/chroot", [system, "/bin/sh", "-c", command],
                                   environment: ["HOME": "/tmp/home", "DEBIAN_FRONTEND": "noninteractive", "LC_ALL": "C.UTF-8",
                                                 "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
                                   timeout: timeout)
    }

    static func installRunAndRemove(in system: String) async throws {
        let installed = try await inRoot(system, "apt-get update -qq && apt-get install -y -qq /tmp/fingerpaint.deb", timeout: 400)
        try #require(installed.status == 0, "\(installed.standardOutput)\(installed.standardError)")
        let files = try await inRoot(system, "dpkg -L fingerpaint")
        for file in ["/usr/bin/fingerpaint", "/usr/share/applications/io.github.fingerpaint.FingerPaint.desktop",
                     "/usr/share/metainfo/io.github.fingerpaint.FingerPaint.metainfo.xml",
                     "/usr/share/metainfo/io.github.fingerpaint.GestureDemo.metainfo.xml",
                     "/usr/share/man/man1/fingerpaint.1.gz", "/usr/share/doc/fingerpaint/copyright",
                     "/usr/share/locale/fr/LC_MESSAGES/fingerpaint.mo", "/usr/share/locale/pt_BR/LC_MESSAGES/fingerpaint.mo",
                     "/usr/share/doc/fingerpaint/changelog.Debian.gz", "/usr/share/thumbnailers/io.github.fingerpaint.FingerPaint.thumbnailer"] {
            #expect(files.standardOutput.split(separator: "\n").contains(Substring(file)), "the package lacks \(file)")
        }
        // Debian's trigger, not a script of ours, put the drawings' type into the MIME database.
        #expect(FileManager.default.fileExists(atPath: "\(system)/usr/share/mime/application/x-fingerpaint-drawing.xml"))

        // No Swift library anywhere on the machine, and none wanted by the programs.
        let swiftLibraries = try await inRoot(system, "find / -xdev \\( -name 'libswift*' -o -name 'libFoundation*' -o -name 'libdispatch*' \\) -print")
        #expect(swiftLibraries.standardOutput.isEmpty, "\(swiftLibraries.standardOutput)")
        for program in programs {
            let libraries = try await inRoot(system, "ldd /usr/bin/\(program)")
            #expect(libraries.status == 0, "\(libraries.standardError)")
            #expect(!libraries.standardOutput.contains("not found") && !libraries.standardOutput.lowercased().contains("swift"),
                    "\(program): \(libraries.standardOutput)")
        }

        let version = try await inRoot(system, "fingerpaint --version")
        #expect(version.standardOutput == "\(try versionInName())\n", "\(version.standardError)")
        let replay = try await inRoot(system, "mkdir -p /tmp/home && fingerpaint --replay /tmp/line.jsonl --output /tmp/line.png")
        #expect(replay.status == 0, "\(replay.standardError)")
        let line = try await PNGReader.pixels(in: "\(system)/tmp/line.png", at: [(400, 300), (400, 100)])
        #expect(line.pixels[0].red < 100 && line.pixels[0].alpha == 255, "no ink where the finger went: \(line.pixels[0])")
        #expect(line.pixels[1] == RGBA(red: 255, green: 255, blue: 255, alpha: 255), "ink where no finger went")

        let export = try await inRoot(system, "fingerpaint /tmp/brushes.fpdraw --export /tmp/brushes.ora && fingerpaint /tmp/brushes.fpdraw --export /tmp/brushes.svg")
        #expect(export.status == 0, "\(export.standardError)")
        let ora = try Data(contentsOf: URL(fileURLWithPath: "\(system)/tmp/brushes.ora"))
        #expect(ora.prefix(2) == Data("PK".utf8) && ora.range(of: Data("image/openraster".utf8)) != nil)
        #expect((try? String(contentsOfFile: "\(system)/tmp/brushes.svg", encoding: .utf8))?.contains("<svg") == true)
        // An SVG picture, drawn by the librsvg the package depends on (fingerpaint loads it itself).
        try "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"30\"><rect width=\"40\" height=\"30\" fill=\"#ff0000\"/></svg>"
            .write(toFile: "\(system)/tmp/red.svg", atomically: false, encoding: .utf8)
        let drawn = try await inRoot(system, "fingerpaint /tmp/red.svg --export /tmp/red.png")
        #expect(drawn.status == 0, "\(drawn.standardError)")
        let red = try await PNGReader.pixels(in: "\(system)/tmp/red.png", at: [(20, 15)])
        #expect(red.pixels[0] == RGBA(red: 255, green: 0, blue: 0, alpha: 255), "\(red.pixels[0])")
        let thumbnail = try await inRoot(system, "fingerpaint --thumbnail 128 /tmp/brushes.fpdraw /tmp/thumbnail.png")
        #expect(thumbnail.status == 0, "\(thumbnail.standardError)")
        let small = try await PNGReader.pixels(in: "\(system)/tmp/thumbnail.png", at: [(0, 0)])
        #expect(max(small.width, small.height) <= 128 && max(small.width, small.height) > 0)

        // The translations it installed: in C.UTF-8 (every Debian has it) with LANGUAGE=fr, a file that is not a
        // drawing is refused in French, and left as it was.
        try "a shopping list\n".write(toFile: "\(system)/tmp/notes.txt", atomically: false, encoding: .utf8)
        let french = try await inRoot(system, "LANGUAGE=fr fingerpaint /tmp/notes.txt")
        #expect(french.status == 2 && french.standardError == "fingerpaint: /tmp/notes.txt\u{00A0}: pas un dessin fingerpaint\u{202F}; le fichier a été laissé tel quel\n",
                "\(french.standardError)")
        #expect(try String(contentsOfFile: "\(system)/tmp/notes.txt", encoding: .utf8) == "a shopping list\n")

        let removed = try await inRoot(system, "apt-get remove -y -qq fingerpaint", timeout: 200)
        try #require(removed.status == 0, "\(removed.standardOutput)\(removed.standardError)")
        // Nothing named after us, and no file that mentions us (a cache a trigger wrote included), outside what apt and
        // dpkg keep of their own history and our scratch files in /tmp.
        let named = try await inRoot(system, "find / -xdev -iname '*fingerpaint*' -not -path '/tmp/*' -not -path '/var/lib/dpkg/*' -not -path '/var/log/*' -not -path '/var/cache/*' -not -path '/var/lib/apt/*'")
        #expect(named.standardOutput.isEmpty, "left behind: \(named.standardOutput)")
        let mentioned = try await inRoot(system, "grep -rlis fingerpaint /usr /etc || true")
        #expect(mentioned.standardOutput.isEmpty, "left behind: \(mentioned.standardOutput)")
    }
}
