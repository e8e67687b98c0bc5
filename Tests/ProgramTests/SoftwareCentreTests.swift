import Foundation
import ProcessTesting
import Testing

/// The software centre's listings (AppStream metainfo) as GNOME Software and KDE Discover read them: written by
/// scripts/metainfo.sh, valid for `appstreamcli validate --strict`, their releases those of CHANGELOG.md, installed
/// by `make install-data`.
@Suite struct SoftwareCentreTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let components = ["io.github.fingerpaint.FingerPaint", "io.github.fingerpaint.GestureDemo"]

    /// The listings as scripts/metainfo.sh writes them, in a scratch folder.
    static func written(in scratch: TemporaryDirectory) async throws -> [String: String] {
        let made = try await ChildProcess.run(root.appendingPathComponent("scripts/metainfo.sh").path, [scratch.path("metainfo")])
        try #require(made.status == 0, "\(made.standardError)")
        var listings: [String: String] = [:]
        for component in components {
            listings[component] = scratch.read("metainfo/\(component).metainfo.xml")
        }
        return listings
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/appstreamcli"),
                   "appstreamcli is not installed (apt-get install appstream)"),
          arguments: components)
    func appstreamcliValidatesTheListingStrictly(_ component: String) async throws {
        let scratch = try TemporaryDirectory()
        _ = try await Self.written(in: scratch)
        let result = try await ChildProcess.run("/usr/bin/appstreamcli",
                                                ["validate", "--strict", "--no-net", scratch.path("metainfo/\(component).metainfo.xml")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
    }

    @Test func theReleasesAreTheChangelogsNewestFirstAndTheFirstIsThisVersion() async throws {
        let scratch = try TemporaryDirectory()
        let listings = try await Self.written(in: scratch)
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let sections = changelog.split(separator: "\n").filter { $0.hasPrefix("## ") }.compactMap { line in
            line.firstMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/).map { String($0.output) }
        }
        let version = try await ChildProcess.run(ChildProcess.product("fingerpaint"), ["--version"])
        #expect(sections.first == version.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
        for component in Self.components {
            let listing = try #require(listings[component])
            let releases = listing.matches(of: /<release version="([^"]+)" date="([0-9]{4}-[0-9]{2}-[0-9]{2})"/).map { String($0.output.1) }
            #expect(releases == sections, "\(component)")
            #expect(!listing.contains("@"), "a placeholder left in \(component)")
            // The screenshots are of this version, and the desktop file it launches is the one installed.
            #expect(listing.contains("/screenshots/\(sections.first ?? "")/"), "\(component)")
            #expect(listing.contains("<launchable type=\"desktop-id\">\(component).desktop</launchable>"))
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("assets/\(component).desktop").path))
        }
    }

    @Test func thePaintingProgramSaysItTakesTouchAndPensAndProvidesItsFileType() async throws {
        let scratch = try TemporaryDirectory()
        let listing = try #require(try await Self.written(in: scratch)["io.github.fingerpaint.FingerPaint"])
        let supports = try #require(listing.firstMatch(of: /<supports>([\s\S]*?)<\/supports>/)).output.1
        for control in ["touch", "tablet", "pointing", "keyboard"] {
            #expect(supports.contains("<control>\(control)</control>"), "\(control)")
        }
        #expect(listing.contains("<mediatype>application/x-fingerpaint-drawing</mediatype>"))
        #expect(listing.contains("<content_rating type=\"oars-1.1\"/>"))
        #expect(listing.matches(of: /<screenshot[ >]/).count == 2)
    }

    @Test func makeInstallDataInstallsBothListings() async throws {
        let scratch = try TemporaryDirectory()
        let installed = try await ChildProcess.run("/usr/bin/make", ["-C", Self.root.path, "install-data",
                                                                     "DESTDIR=\(scratch.path("root"))", "PREFIX=/usr"])
        #expect(installed.status == 0, "\(installed.standardError)")
        for component in Self.components {
            let listing = scratch.read("root/usr/share/metainfo/\(component).metainfo.xml")
            #expect(listing.contains("<id>\(component)</id>"), "\(component)")
        }
    }
}
