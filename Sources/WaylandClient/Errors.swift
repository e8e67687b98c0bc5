// The Wayland client's errors, and the one place where errno becomes a Swift error.
import Glibc
import Localization

/// Why the Wayland client failed. Every description is one line, fit for a log or a program's last words.
public enum WaylandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `wl_display_connect` found no compositor; carries the environment that decided where it looked.
    case compositorUnavailable(waylandDisplay: String?, runtimeDirectory: String?, errno: Int32)
    /// The compositor reported a protocol error on one of our objects (`wl_display_get_protocol_error`).
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The compositor closed the connection or went away (EPIPE, hang-up); carries the errno seen.
    case connectionLost(errno: Int32)
    /// A global the client cannot work without is not offered, or only in a version too old.
    case missingGlobal(interface: String, minimumVersion: UInt32)
    /// A system call failed.
    case systemCall(name: String, errno: Int32)
    /// libwayland, xkbcommon or Cairo refused to create something.
    case creationFailed(what: String)

    /// One line saying what failed, with the values that explain it.
    public var description: String {
        switch self {
        case let .compositorUnavailable(display, runtime, code):
            // Translators: %1$s is the socket's name WAYLAND_DISPLAY gives (or why there is none), %2$s the folder
            // XDG_RUNTIME_DIR names (or "unset"), %3$s the system's reason.
            localized("cannot connect to a Wayland compositor (WAYLAND_DISPLAY=%1$s, XDG_RUNTIME_DIR=%2$s): %3$s",
                      // Translators: what WAYLAND_DISPLAY=… says when the variable is not set (wayland-0 is a socket's name).
                      display ?? localized("unset, so wayland-0"),
                      // Translators: what XDG_RUNTIME_DIR=… says when the variable is not set.
                      runtime ?? localized("unset"), Self.message(code))
        case let .protocolError(interface, objectID, code):
            // Translators: %1$s is a Wayland interface's name, %2$d the object's number (interface@number is how
            // Wayland names an object), %3$d the protocol's error code.
            localized("Wayland protocol error on %1$s@%2$d: error code %3$d", interface, objectID, code)
        case let .connectionLost(code):
            // Translators: %s is the system's reason.
            localized("the Wayland compositor closed the connection: %s", Self.message(code))
        case let .missingGlobal(interface, version):
            // Translators: %1$s is a Wayland interface's name, %2$d its version.
            localized("the compositor does not offer %1$s version %2$d or later", interface, version)
        case let .systemCall(name, code):
            // Translators: %1$s is a system call's name (poll, mmap…), %2$s the system's reason.
            localized("%1$s failed: %2$s", name, Self.message(code))
        case let .creationFailed(what):
            // Translators: %s is what could not be made (a Cairo surface, an xkb context…).
            localized("could not create %s", what)
        }
    }

    private static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// Runs a system call that returns -1 and sets errno on failure, retrying on EINTR, and throws every other error
/// as ``WaylandError/systemCall(name:errno:)``. `EAGAIN` is returned as `nil` when `wouldBlockIsNil` is set.
@discardableResult
func systemCall<Result: BinaryInteger>(
    _ name: String, wouldBlockIsNil: Bool = false, _ body: () -> Result
) throws(WaylandError) -> Result? {
    while true {
        let result = body()
        if result != -1 { return result }
        let code = errno
        if code == EINTR { continue }
        if wouldBlockIsNil && (code == EAGAIN || code == EWOULDBLOCK) { return nil }
        throw .systemCall(name: name, errno: code)
    }
}

/// ``systemCall(_:wouldBlockIsNil:_:)`` for calls that never report EAGAIN.
@discardableResult
func checkedSystemCall<Result: BinaryInteger>(_ name: String, _ body: () -> Result) throws(WaylandError) -> Result {
    // A nil comes only with wouldBlockIsNil.
    try systemCall(name, body)!
}
