// "Show in folder" through fake-portal: the portal's OpenURI.OpenDirectory, else FileManager1.ShowItems, else none.
@testable import DesktopPortal
import Foundation
import ProcessTesting
import Testing

extension DesktopPortal {
    func folderShowing() async -> FolderShowing? {
        await withCheckedContinuation { continuation in findFolderShowing { continuation.resume(returning: $0) } }
    }

    func show(_ file: URL, way: FolderShowing, parentWindow: String = "") async -> PortalUnavailable? {
        await withCheckedContinuation { continuation in
            showInFolder(file, way: way, parentWindow: parentWindow) { continuation.resume(returning: $0) }
        }
    }
}

@Suite("Show in folder", .serialized)
struct ShowInFolderTests {
    @Test("A portal with OpenURI is asked OpenDirectory with the file itself open")
    func opensTheDirectoryThroughThePortal() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--open-uri", "--file-manager"])
        let folder = try TemporaryDirectory()
        let file = try folder.write("my drawing.fpdraw", "x")
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.folderShowing() == .openURI)
        #expect(await portal.show(URL(fileURLWithPath: file), way: .openURI, parentWindow: "wayland:abc") == nil)
        #expect(fake.log.contains("OpenDirectory parent_window=wayland:abc path=\(file)\n"), "\(fake.log)")
    }

    @Test("Without OpenURI, the file manager's ShowItems is asked with the file's URI")
    func showsTheItemThroughTheFileManager() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--file-manager"])
        let folder = try TemporaryDirectory()
        let file = try folder.write("my drawing.fpdraw", "x")
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.folderShowing() == .fileManager)
        #expect(await portal.show(URL(fileURLWithPath: file), way: .fileManager) == nil)
        let uri = URL(fileURLWithPath: file).absoluteString
        #expect(uri.contains("my%20drawing"))
        #expect(fake.log.contains("ShowItems uris=['\(uri)'] startup_id=\n"), "\(fake.log)")
    }

    @Test("A portal that cannot open the folder hands the file to the file manager's ShowItems")
    func fallsBackToTheFileManager() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--open-uri", "--open-directory-response", "2", "--file-manager"])
        let folder = try TemporaryDirectory()
        let file = try folder.write("kept.fpdraw", "x")
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.show(URL(fileURLWithPath: file), way: .openURI) == nil)
        #expect(fake.log.contains("OpenDirectory parent_window= path=\(file)\n"), "\(fake.log)")
        #expect(fake.log.contains("ShowItems uris=['\(URL(fileURLWithPath: file).absoluteString)']"), "\(fake.log)")
    }

    @Test("A portal that cannot open the folder, with no file manager either, is a failure to report")
    func failsWithoutAFileManager() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--open-uri", "--open-directory-response", "2"])
        let folder = try TemporaryDirectory()
        let file = try folder.write("kept.fpdraw", "x")
        let failure = await DesktopPortal(busAddress: bus.address).show(URL(fileURLWithPath: file), way: .openURI)
        #expect(failure?.reason == "the desktop could not open its folder")
        #expect(!fake.log.contains("ShowItems"), "\(fake.log)")
    }

    @Test("A portal whose user dismisses its choice of application is no failure, and nothing else is asked")
    func dismissedIsNoFailure() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--open-uri", "--open-directory-response", "1", "--file-manager"])
        let folder = try TemporaryDirectory()
        let file = try folder.write("kept.fpdraw", "x")
        #expect(await DesktopPortal(busAddress: bus.address).show(URL(fileURLWithPath: file), way: .openURI) == nil)
        #expect(!fake.log.contains("ShowItems"), "\(fake.log)")
    }

    @Test("With neither, or no bus, there is no way to show a file")
    func noWay() async throws {
        let bus = try PrivateBus()
        _ = try FakePortal(bus: bus)
        #expect(await DesktopPortal(busAddress: bus.address).folderShowing() == nil)
        #expect(await DesktopPortal(busAddress: nil).folderShowing() == nil)
    }
}
