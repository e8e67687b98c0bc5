// The Wayland client's errors, and the one place where errno becomes a Swift error.
import Glibc

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
            "cannot connect to a Wayland compositor (WAYLAND_DISPLAY=\(display ?? "unset, so wayland-0"), "
                + "XDG_RUNTIME_DIR=\(runtime ?? "unset")): \(Self.message(code))"
        case let .protocolError(interface, objectID, code):
            "Wayland protocol error on \(interface)@\(objectID): error code \(code)"
        case let .connectionLost(code):
            "the Wayland compositor closed the connection: \(Self.message(code))"
        case let .missingGlobal(interface, version):
            "the compositor does not offer \(interface) version \(version) or later"
        case let .systemCall(name, code):
            "\(name) failed: \(Self.message(code))"
        case let .creationFailed(what):
            "could not create \(what)"
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
