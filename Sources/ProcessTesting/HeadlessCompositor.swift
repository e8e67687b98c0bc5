// Headless weston, sway, mutter (GNOME) and KWin (KDE) for the compositor tests: started in their own runtime
// folders, killed when released.
import CWaylandClient
import Foundation
import Glibc

/// A headless compositor the client can connect to by the absolute path of its socket.
public final class HeadlessCompositor {
    public let runtime: TemporaryDirectory
    public let process: SpawnedProcess
    /// The absolute path of the Wayland socket.
    public let socket: String
    public let logName = "compositor.log"
    /// The user the compositor runs as (sway refuses root), for helpers like grim.
    public let user: (uid: uid_t, gid: gid_t)?

    public static func isInstalled(_ executable: String) -> Bool {
        access(executable, X_OK) == 0
    }

    /// weston with the headless backend and the pixman renderer, as root, with animations off.
    public static func weston(width: Int = 800, height: Int = 600, scale: Int = 1) throws -> HeadlessCompositor {
        let runtime = try TemporaryDirectory(prefix: "wayland-client-weston")
        let config = try runtime.write("weston.ini", """
            [core]
            idle-time=0
            [shell]
            animation=none
            startup-animation=none
            close-animation=none
            focus-animation=none

            """)
        let process = try SpawnedProcess(
            "/usr/bin/weston",
            [
                "--backend=headless-backend.so", "--use-pixman", "--socket=wayland-test", "--width=\(width)",
                "--height=\(height)", "--scale=\(scale)", "--idle-time=0", "--config=\(config)",
            ],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin"],
            log: runtime.path + "/compositor.log"
        )
        return try HeadlessCompositor(runtime: runtime, process: process, socketName: "wayland-test", user: nil)
    }

    /// The unprivileged user sway runs as; made once if missing.
    public static let swayUserName = "fingerpaint-test"

    /// sway with the headless wlroots backend and the pixman renderer, as ``swayUserName``.
    public static func sway() throws -> HeadlessCompositor {
        let user = try ensureUser(swayUserName)
        let runtime = try TemporaryDirectory(prefix: "wayland-client-sway")
        chown(runtime.path, user.uid, user.gid)
        let config = try runtime.write("sway.config", """
            xwayland disable
            output * background #000000 solid_color

            """)
        chown(config, user.uid, user.gid)
        let process = try SpawnedProcess(
            "/usr/bin/setpriv",
            ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", "/usr/bin/sway", "-c", config],
            environment: [
                "XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "PATH": "/usr/bin:/bin",
                "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
            ],
            log: runtime.path + "/compositor.log"
        )
        return try HeadlessCompositor(runtime: runtime, process: process, socketName: "wayland-1", user: user)
    }

    /// The session bus address of a compositor started inside `dbus-run-session` (mutter, KWin), once written.
    public var sessionBusAddress: String? {
        let address = runtime.read(Self.busAddressFile).trimmingCharacters(in: .whitespacesAndNewlines)
        return address.isEmpty ? nil : address
    }

    static let busAddressFile = "session-bus"

    /// The size of the virtual monitor mutter and KWin are given.
    public static let desktopOutputSize = (width: 1024, height: 768)

    /// Whether mutter and `dbus-run-session` are installed.
    public static var isMutterInstalled: Bool {
        isInstalled("/usr/bin/mutter") && isInstalled("/usr/bin/dbus-run-session")
    }

    /// Whether KWin and `dbus-run-session` are installed.
    public static var isKWinInstalled: Bool {
        isInstalled("/usr/bin/kwin_wayland") && isInstalled("/usr/bin/dbus-run-session")
    }

    /// mutter 43 (GNOME's compositor) headless, as root, with one 1024x768 virtual monitor, in a session bus of its
    /// own (`dbus-run-session`; its address is written to ``sessionBusAddress``). It offers no xdg-decoration and has
    /// no input devices.
    public static func mutter() throws -> HeadlessCompositor {
        let runtime = try TemporaryDirectory(prefix: "wayland-client-mutter")
        let size = desktopOutputSize
        let process = try SpawnedProcess(
            "/usr/bin/dbus-run-session",
            ["--", "/bin/sh", "-c", "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \"$XDG_RUNTIME_DIR/\(busAddressFile)\"; exec \"$@\"", "sh",
             "/usr/bin/mutter", "--headless", "--wayland", "--no-x11", "--virtual-monitor", "\(size.width)x\(size.height)",
             "--wayland-display=wayland-test"],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "PATH": "/usr/bin:/bin",
                          "XDG_CONFIG_HOME": runtime.path("config"), "GSETTINGS_BACKEND": "memory"],
            log: runtime.path + "/compositor.log", ownProcessGroup: true
        )
        return try HeadlessCompositor(runtime: runtime, process: process, socketName: "wayland-test", user: nil,
                                      startTimeout: .seconds(60))
    }

    /// KWin 5.27 (KDE's compositor) on its virtual backend, as root, with a 1024x768 output, in a session bus of its
    /// own, with `org_kde_kwin_fake_input` offered to every client (`KWIN_WAYLAND_NO_PERMISSION_CHECKS=1`).
    ///
    /// `/usr/bin/kwin_wayland` carries file capabilities, which our containers refuse to exec: a plain copy is run
    /// instead, under the same name (KWin's built-in Qt platform plugin checks it).
    ///
    /// With a `scale` (1.5), the output is that many times larger in pixels than ``desktopOutputSize`` and KWin
    /// offers its fractional scale to windows (`wp_fractional_scale_v1.preferred_scale`).
    public static func kwin(scale: Double = 1) throws -> HeadlessCompositor {
        let runtime = try TemporaryDirectory(prefix: "wayland-client-kwin")
        let binary = try kwinCopy.get()
        let size = desktopOutputSize
        let process = try SpawnedProcess(
            "/usr/bin/dbus-run-session",
            ["--", "/bin/sh", "-c", "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \"$XDG_RUNTIME_DIR/\(busAddressFile)\"; exec \"$@\"", "sh",
             binary, "--virtual", "--width", "\(Int(Double(size.width) * scale))",
             "--height", "\(Int(Double(size.height) * scale))", "--scale", "\(scale)", "--no-lockscreen",
             "--socket", "wayland-test"],
            environment: ["XDG_RUNTIME_DIR": runtime.path, "HOME": runtime.path, "PATH": "/usr/bin:/bin",
                          "XDG_CONFIG_HOME": runtime.path("config"), "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1"],
            log: runtime.path + "/compositor.log", ownProcessGroup: true
        )
        return try HeadlessCompositor(runtime: runtime, process: process, socketName: "wayland-test", user: nil,
                                      startTimeout: .seconds(60))
    }

    /// `/usr/bin/kwin_wayland` copied once per test process into a folder of its own, without its file
    /// capabilities. Written through a close-on-exec descriptor and renamed into place: a descriptor open for writing
    /// that a child forked meanwhile inherited would make exec fail with ETXTBSY.
    private static let kwinCopy: Result<String, CompositorFailure> = {
        // The copies of test processes that have ended are removed first.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: "/tmp")) ?? []
        where name.hasPrefix("fingerpaint-kwin-") {
            guard let pid = pid_t(name.dropFirst("fingerpaint-kwin-".count)), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: "/tmp/" + name)
        }
        let folder = "/tmp/fingerpaint-kwin-\(getpid())"
        let binary = folder + "/kwin_wayland"
        mkdir(folder, 0o755)
        guard let data = FileManager.default.contents(atPath: "/usr/bin/kwin_wayland") else {
            return .failure(CompositorFailure(message: "cannot read /usr/bin/kwin_wayland"))
        }
        let temporary = binary + ".part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { return .failure(CompositorFailure(message: "cannot write \(temporary)")) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == data.count, rename(temporary, binary) == 0 else {
            return .failure(CompositorFailure(message: "cannot copy /usr/bin/kwin_wayland to \(binary)"))
        }
        return .success(binary)
    }()

    private init(runtime: TemporaryDirectory, process: SpawnedProcess, socketName: String, user: (uid_t, gid_t)?,
                 startTimeout: Duration = .seconds(10)) throws {
        self.runtime = runtime
        self.process = process
        self.user = user
        socket = runtime.path + "/" + socketName
        // The socket file appears at bind, a moment before listen: wait until a connection is accepted.
        let socket = self.socket
        func accepts() -> Bool {
            guard access(socket, F_OK) == 0, let probe = wl_display_connect(socket) else { return false }
            wl_display_disconnect(probe)
            return true
        }
        guard waitUntil(timeout: startTimeout, { accepts() || process.hasExited }), !process.hasExited
        else {
            throw CompositorFailure(message: "\(process.executable) did not start: \(runtime.read(logName))")
        }
    }

    /// Runs a KWin script (JavaScript, KWin 5's scripting API) in this KWin, through its session bus: loads it
    /// (`org.kde.kwin.Scripting.loadScript`) and starts it. Returns whether both calls succeeded.
    public func runKWinScript(_ source: String) throws -> Bool {
        guard let bus = sessionBusAddress else { throw CompositorFailure(message: "no session bus address was written") }
        let name = "script-\(UUID().uuidString)"
        let file = try runtime.write(name + ".js", source)
        for call in [["/Scripting", "org.kde.kwin.Scripting.loadScript", "string:\(file)", "string:\(name)"],
                     ["/Scripting", "org.kde.kwin.Scripting.start"]] {
            let sender = try SpawnedProcess(
                "/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.kde.KWin"] + call,
                environment: ["DBUS_SESSION_BUS_ADDRESS": bus, "PATH": "/usr/bin:/bin"], log: runtime.path("dbus-send.log"))
            guard sender.waitForExit(timeout: .seconds(30)) == 0 else { return false }
        }
        return true
    }

    /// The path of sway's IPC socket, once it made one.
    public var swayIPCSocket: String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
        return names.first { $0.hasPrefix("sway-ipc.") }.map { runtime.path($0) }
    }

    /// Runs a helper (grim) as the compositor's user, with its environment, and waits for it.
    public func runClient(_ executable: String, _ arguments: [String], timeout: Duration) throws -> Int32? {
        var command = executable
        var argv = arguments
        if let user {
            command = "/usr/bin/setpriv"
            argv = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", executable] + arguments
        }
        let child = try SpawnedProcess(
            command, argv,
            environment: [
                "XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": (socket as NSString).lastPathComponent,
                "PATH": "/usr/bin:/bin",
            ],
            log: runtime.path + "/client.log"
        )
        return child.waitForExit(timeout: timeout)
    }

    private static func ensureUser(_ name: String) throws -> (uid: uid_t, gid: gid_t) {
        if let entry = getpwnam(name) { return (entry.pointee.pw_uid, entry.pointee.pw_gid) }
        let directory = try TemporaryDirectory(prefix: "useradd")
        let useradd = try SpawnedProcess(
            "/usr/sbin/useradd", ["-m", name], environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin"],
            log: directory.path + "/useradd.log"
        )
        _ = useradd.waitForExit(timeout: .seconds(10))
        guard let entry = getpwnam(name) else {
            throw CompositorFailure(message: "cannot create the user \(name): \(directory.read("useradd.log"))")
        }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
}

public struct CompositorFailure: Error, CustomStringConvertible {
    public init(message: String) { self.message = message }
    public var message: String
    public var description: String { message }
}

/// A binary PPM (P6) image, as `grim -t ppm` writes it.
public struct PPMImage {
    public let width: Int
    public let height: Int
    private let pixels: [UInt8]

    public init?(contentsOf path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        // Header: "P6", width, height, maxval, each separated by whitespace, then one whitespace byte.
        var fields: [String] = []
        var index = 0
        while fields.count < 4 && index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 { index += 1 }
            let start = index
            while index < bytes.count, bytes[index] != 0x20 && bytes[index] != 0x0A && bytes[index] != 0x09 { index += 1 }
            fields.append(String(decoding: bytes[start..<index], as: UTF8.self))
        }
        index += 1
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
              fields[3] == "255", bytes.count - index >= width * height * 3
        else { return nil }
        self.width = width
        self.height = height
        pixels = Array(bytes[index..<(index + width * height * 3)])
    }

    /// The colour at (x, y) as 0xRRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        let offset = (y * width + x) * 3
        return UInt32(pixels[offset]) << 16 | UInt32(pixels[offset + 1]) << 8 | UInt32(pixels[offset + 2])
    }

    /// How many pixels have exactly this colour.
    public func count(of colour: UInt32) -> Int {
        var count = 0
        for y in 0..<height {
            for x in 0..<width where pixel(x: x, y: y) == colour { count += 1 }
        }
        return count
    }
}
