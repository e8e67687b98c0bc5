// Pointer and keyboard input into headless mutter, which has no input devices: a session of its remote-desktop API.
internal import CGio

/// A session of mutter's `org.gnome.Mutter.RemoteDesktop` on the compositor's session bus: a virtual pointer and
/// keyboard whose events go through mutter's own input path, as a user's would.
///
/// Without a screen-cast stream (PipeWire) only relative pointer motion, buttons, axes and keys are possible: no
/// absolute positions and no touch (`NotifyTouchDown` takes a stream). To aim, push the pointer into a corner of
/// the output (mutter clamps it there), then move from it. The session lives as long as this object's connection.
public final class MutterRemoteDesktop {
    /// A call that failed, with GIO's message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let connection: OpaquePointer
    private let session: String

    /// Connects to the session bus at `address` and starts a remote-desktop session.
    public init(busAddress address: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw Self.failure("connect to \(address)", error)
        }
        self.connection = connection
        let reply = try Self.call(connection, path: "/org/gnome/Mutter/RemoteDesktop",
                                  method: "org.gnome.Mutter.RemoteDesktop.CreateSession", [])
        defer { g_variant_unref(reply) }
        guard let path = g_variant_get_child_value(reply, 0) else { throw Failure(description: "CreateSession gave no session") }
        defer { g_variant_unref(path) }
        session = String(cString: g_variant_get_string(path, nil))
        try send("Start", [])
    }

    deinit {
        _ = try? send("Stop", [])
        g_object_unref(UnsafeMutableRawPointer(connection))
    }

    /// Moves the pointer by `dx`, `dy` logical pixels (clamped to the outputs by mutter).
    public func movePointer(dx: Double, dy: Double) throws {
        try send("NotifyPointerMotionRelative", [g_variant_new_double(dx), g_variant_new_double(dy)])
    }

    /// Presses or releases a pointer button by its Linux code (`BTN_LEFT` is 0x110).
    public func pointerButton(_ code: Int32 = 0x110, isPressed: Bool) throws {
        try send("NotifyPointerButton", [g_variant_new_int32(code), g_variant_new_boolean(isPressed ? 1 : 0)])
    }

    /// A left click: press and release.
    public func click() throws {
        try pointerButton(isPressed: true)
        try pointerButton(isPressed: false)
    }

    private func send(_ method: String, _ arguments: [OpaquePointer?]) throws {
        g_variant_unref(try Self.call(connection, path: session, method: "org.gnome.Mutter.RemoteDesktop.Session." + method,
                                      arguments))
    }

    /// Calls a method of mutter's remote desktop synchronously (a 30 s timeout: a loaded machine is slow).
    private static func call(_ connection: OpaquePointer, path: String, method: String,
                             _ arguments: [OpaquePointer?]) throws -> OpaquePointer {
        let dot = method.lastIndex(of: ".") ?? method.startIndex
        let interface = String(method[..<dot]), name = String(method[method.index(after: dot)...])
        var error: UnsafeMutablePointer<GError>?
        let parameters = arguments.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        guard let reply = g_dbus_connection_call_sync(
            connection, "org.gnome.Mutter.RemoteDesktop", path, interface, name, parameters, nil,
            G_DBUS_CALL_FLAGS_NONE, 30_000, nil, &error)
        else { throw failure(method, error) }
        return reply
    }

    private static func failure(_ what: String, _ error: UnsafeMutablePointer<GError>?) -> Failure {
        defer { if let error { g_error_free(error) } }
        return Failure(description: "\(what): \(error.map { String(cString: $0.pointee.message) } ?? "failed")")
    }
}
