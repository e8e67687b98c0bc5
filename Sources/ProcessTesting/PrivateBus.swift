// A private D-Bus session bus for a test, and the fake desktop portal on it: never the machine's session bus.
import Foundation
import Glibc

/// A `dbus-daemon` of the test's own, listening on a socket in a private folder, with a minimal configuration
/// (no service activation: nothing starts on it but what the test starts). Killed when released.
public final class PrivateBus {
    /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
    public let address: String
    private let folder: TemporaryDirectory
    private let daemon: SpawnedProcess

    /// Starts the bus and waits (up to 20 s, a loaded machine is slow) for its socket.
    public init() throws {
        folder = try TemporaryDirectory(prefix: "fingerpaint-bus")
        let socket = folder.path("bus")
        address = "unix:path=\(socket)"
        let configuration = try folder.write("bus.conf", """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """)
        daemon = try SpawnedProcess("/usr/bin/dbus-daemon", ["--config-file=\(configuration)", "--nofork", "--nopidfile"],
                                    environment: ["PATH": "/usr/bin:/bin"], log: folder.path("dbus.log"))
        guard waitUntil(timeout: .seconds(20), { FileManager.default.fileExists(atPath: socket) || daemon.hasExited }),
              !daemon.hasExited
        else { throw Failure(description: "dbus-daemon did not start: \(folder.read("dbus.log"))") }
    }

    /// A failure to start, with what the process said.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}

/// The `fake-portal` test program on a ``PrivateBus``: answers Settings and FileChooser as told, logs each call.
public final class FakePortal {
    private let folder: TemporaryDirectory
    private let process: SpawnedProcess
    private let changesPath: String
    private var changes: FileHandle?

    /// Starts fake-portal on `bus` with `arguments` (`--color-scheme N`, `--choose URI`, `--old-settings`…) and
    /// waits until it owns the portal's name.
    public init(bus: PrivateBus, arguments: [String] = [], filePath: String = #filePath) throws {
        folder = try TemporaryDirectory(prefix: "fingerpaint-portal")
        changesPath = folder.path("changes")
        guard mkfifo(changesPath, 0o600) == 0 else { throw PrivateBus.Failure(description: "mkfifo failed") }
        process = try SpawnedProcess(ChildProcess.product("fake-portal", filePath: filePath),
                                     arguments + ["--changes", changesPath],
                                     environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], log: folder.path("log"))
        guard waitUntil(timeout: .seconds(20), { log.contains("ready\n") || process.hasExited }), !process.hasExited else {
            throw PrivateBus.Failure(description: "fake-portal did not start: \(log)")
        }
    }

    /// What fake-portal printed: one line per call.
    public var log: String { folder.read("log") }

    /// Changes the colour scheme the portal reports (0 none, 1 dark, 2 light) and emits `SettingChanged`.
    public func changeColorScheme(to value: Int) throws {
        if changes == nil {
            guard let handle = FileHandle(forWritingAtPath: changesPath) else {
                throw PrivateBus.Failure(description: "cannot open fake-portal's changes")
            }
            changes = handle
        }
        changes?.write(Data("color-scheme \(value)\n".utf8))
    }
}
