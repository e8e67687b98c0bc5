// The desktop portal module against fake-portal on a private dbus-daemon: settings, a live change, file dialogs,
// and no portal or no bus at all.
@testable import DesktopPortal
import Foundation
import ProcessTesting
import Synchronization
import Testing

/// The portal's answers, awaited from the portal's thread.
extension DesktopPortal {
    func colorScheme() async -> Result<ColorScheme, PortalUnavailable> {
        await withCheckedContinuation { continuation in readColorScheme { continuation.resume(returning: $0) } }
    }

    func save(_ request: FileDialogRequest) async -> FileChoice {
        await withCheckedContinuation { continuation in saveFile(request) { continuation.resume(returning: $0) } }
    }

    func open(_ request: FileDialogRequest) async -> FileChoice {
        await withCheckedContinuation { continuation in openFile(request) { continuation.resume(returning: $0) } }
    }
}

@Suite("Desktop portal", .serialized)
struct DesktopPortalTests {
    @Test("The colour scheme is read with ReadOne")
    func readsColorScheme() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "1"])
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.colorScheme() == .success(.dark))
        #expect(fake.log.contains("ReadOne org.freedesktop.appearance color-scheme"))
    }

    @Test("A portal without ReadOne is read with Read, whose value is wrapped twice")
    func readsOldSettings() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "2", "--old-settings"])
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.colorScheme() == .success(.light))
        #expect(fake.log.contains("\nRead org.freedesktop.appearance color-scheme"))
    }

    @Test("A change of the colour scheme comes live through SettingChanged")
    func followsChanges() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--color-scheme", "2"])
        let portal = DesktopPortal(busAddress: bus.address)
        let (changes, continuation) = AsyncStream.makeStream(of: ColorScheme.self)
        portal.watchColorScheme { continuation.yield($0) }
        // Answered after the subscription was made: the portal's thread does its work in order.
        #expect(await portal.colorScheme() == .success(.light))
        try fake.changeColorScheme(to: 1)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .dark)
        try fake.changeColorScheme(to: 0)
        #expect(await iterator.next() == .noPreference)
    }

    @Test("SaveFile suggests the name and offers PNG, SVG and PDF; the chosen file comes back")
    func savesChosenFile() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--choose", "file:///tmp/some%20where/Sunset.svg"])
        let portal = DesktopPortal(busAddress: bus.address)
        let request = FileDialogRequest(title: "Export", suggestedName: "Sunset.png", filters: FileFilter.pictures)
        #expect(await portal.save(request) == .chosen(URL(fileURLWithPath: "/tmp/some where/Sunset.svg")))
        let line = try #require(fake.log.split(separator: "\n").first { $0.hasPrefix("SaveFile") })
        #expect(line.contains("parent_window= title=Export current_name='Sunset.png'"))
        #expect(line.contains("('PNG image', [(0, '*.png'), (1, 'image/png')])"))
        #expect(line.contains("('SVG image', [(0, '*.svg'), (1, 'image/svg+xml')])"))
        #expect(line.contains("('PDF document', [(0, '*.pdf'), (1, 'application/pdf')])"))
        #expect(line.contains("current_filter=('PNG image'"))
        #expect(line.contains("modal=true"))
    }

    @Test("OpenFile returns the chosen file")
    func opensChosenFile() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--choose", "file:///home/me/Drawing.fpdraw"])
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.open(FileDialogRequest(title: "Open")) == .chosen(URL(fileURLWithPath: "/home/me/Drawing.fpdraw")))
        #expect(fake.log.contains("OpenFile parent_window= title=Open current_name=-"))
    }

    @Test("A cancelled dialog is cancelled")
    func cancels() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--cancel"])
        let portal = DesktopPortal(busAddress: bus.address)
        #expect(await portal.save(FileDialogRequest(title: "Export", suggestedName: "a.png")) == .cancelled)
        #expect(fake.log.contains("Response cancelled"))
    }

    @Test("A chosen URI that is not a local file is refused")
    func refusesRemoteFile() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--choose", "https://example.com/a.png"])
        let portal = DesktopPortal(busAddress: bus.address)
        guard case .unavailable(let reason) = await portal.save(FileDialogRequest(title: "Export")) else {
            Issue.record("a remote URI was accepted")
            return
        }
        #expect(fake.log.contains("Response https://example.com/a.png"))
        #expect(reason.reason.contains("not a local file"))
    }

    @Test("A portal that goes away with its dialog open is unavailable, not waited for")
    func portalVanishes() async throws {
        let bus = try PrivateBus()
        let fake = try FakePortal(bus: bus, arguments: ["--vanish"])
        let portal = DesktopPortal(busAddress: bus.address)
        // Waited for a minute at most: without the watch on the portal's name no answer would ever come.
        let answer = Mutex<FileChoice?>(nil)
        let answered = DispatchSemaphore(value: 0)
        portal.saveFile(FileDialogRequest(title: "Export")) { choice in
            answer.withLock { $0 = choice }
            answered.signal()
        }
        guard answered.wait(timeout: .now() + 60) == .success else {
            Issue.record("no answer after the portal went away")
            return
        }
        guard case .unavailable(let reason)? = answer.withLock({ $0 }) else {
            Issue.record("a file came from a portal that went away")
            return
        }
        #expect(reason.reason.contains("went away"))
        #expect(fake.log.contains("Vanished"))
    }

    @Test("Without a portal on the bus, the answers are unavailable")
    func noPortal() async throws {
        let bus = try PrivateBus()
        let portal = DesktopPortal(busAddress: bus.address)
        guard case .failure = await portal.colorScheme() else {
            Issue.record("a colour scheme came from no portal")
            return
        }
        guard case .unavailable = await portal.save(FileDialogRequest(title: "Export")) else {
            Issue.record("a file came from no portal")
            return
        }
    }

    @Test("Without a bus, the answers are unavailable", arguments: [nil, "unix:path=/nonexistent/fingerpaint-bus"])
    func noBus(address: String?) async throws {
        let portal = DesktopPortal(busAddress: address)
        guard case .failure(let failure) = await portal.colorScheme() else {
            Issue.record("a colour scheme came from no bus")
            return
        }
        #expect(failure.reason.contains("no session bus"))
        #expect(await portal.open(FileDialogRequest(title: "Open")) == .unavailable(failure))
    }

    @Test("The request path drops the unique name's colon and turns its dots to underscores")
    func requestPath() {
        #expect(DesktopPortal.requestPath(sender: ":1.42", token: "fingerpaint1_7")
                == "/org/freedesktop/portal/desktop/request/1_42/fingerpaint1_7")
    }
}
