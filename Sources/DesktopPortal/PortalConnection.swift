// A GDBus connection to the session bus that lives on its own thread, with its own GLib main context.
import CGio
import FoundationEssentials
import Localization
import Threading

/// Why the desktop's portal could not answer: no session bus, no portal on it, a call that failed or timed out.
public struct PortalUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// A plain sentence for the user or the log.
    public var reason: String
    /// The reason `reason`.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// A pointer GLib owns, handed between the caller's thread and the portal thread; only the portal thread uses it.
struct GPointer: @unchecked Sendable {
    let raw: OpaquePointer
}

/// The portal thread: a GLib main context and loop of its own, and the bus connection made on it.
///
/// Everything GDBus does for ``DesktopPortal`` happens on this thread; a caller hands it work with ``perform(_:)``
/// and never waits for it. Without a bus the connection is `nil` and ``failure`` says why.
final class PortalThread: @unchecked Sendable {
    /// How long a method call may take before the portal counts as absent, in milliseconds.
    static let callTimeout: Int32 = 2_000

    private let context: GPointer
    private let loop: GPointer
    // Set once on the portal thread before any work runs there; read only on that thread.
    private(set) var connection: OpaquePointer?
    private(set) var failure = PortalUnavailable(localized("not connected"))

    init(busAddress: String?) {
        let context = g_main_context_new()!
        self.context = GPointer(raw: context)
        loop = GPointer(raw: g_main_loop_new(context, 0))
        startThread(named: "desktop-portal") { [self] in self.run(busAddress: busAddress) }
    }

    /// Ends the loop; the thread closes the connection and ends.
    func stop() {
        g_main_loop_quit(loop.raw)
    }

    private func run(busAddress: String?) {
        g_main_context_push_thread_default(context.raw)
        if let busAddress, !busAddress.isEmpty {
            var error: UnsafeMutablePointer<GError>?
            let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                             | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
            connection = g_dbus_connection_new_for_address_sync(busAddress, flags, nil, nil, &error)
            if connection == nil { failure = PortalUnavailable(localized("no session bus: %s", Self.message(error))) }
        } else {
            failure = PortalUnavailable(localized("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"))
        }
        g_main_loop_run(loop.raw)
        if let connection {
            g_dbus_connection_close_sync(connection, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(connection))
        }
        g_main_context_pop_thread_default(context.raw)
        g_main_loop_unref(loop.raw)
        g_main_context_unref(context.raw)
    }

    /// Runs `work` on the portal thread, after the connection was tried.
    func perform(_ work: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        g_main_context_invoke(context.raw, { data in
            Unmanaged<WorkBox>.fromOpaque(data!).takeRetainedValue().work()
            return 0
        }, box)
    }

    /// Calls `interface.method` on the portal's object with `parameters` (a tuple, consumed), waiting at most
    /// ``callTimeout``. Portal thread only.
    func call(_ interface: String, _ method: String, _ parameters: OpaquePointer?) -> Result<GVariantReply, PortalUnavailable> {
        call(to: DesktopPortal.busName, path: DesktopPortal.objectPath, interface, method, parameters)
    }

    /// Calls `interface.method` on `destination`'s object at `path` with `parameters` (a tuple, consumed) and the
    /// file descriptors `descriptors` (taken over: closed with the call), waiting at most ``callTimeout``; a
    /// service that is not running is not started unless `startsService`. Portal thread only.
    func call(to destination: String, path: String, _ interface: String, _ method: String, _ parameters: OpaquePointer?,
              descriptors: [Int32] = [], startsService: Bool = false) -> Result<GVariantReply, PortalUnavailable> {
        let fdList = descriptors.isEmpty ? nil : descriptors.withUnsafeBufferPointer {
            g_unix_fd_list_new_from_array($0.baseAddress, gint($0.count))
        }
        defer { if let fdList { g_object_unref(UnsafeMutableRawPointer(fdList)) } }
        guard let connection else {
            if let parameters { g_variant_unref(g_variant_ref_sink(parameters)) }
            return .failure(failure)
        }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_with_unix_fd_list_sync(
            connection, destination, path, interface, method, parameters, nil,
            startsService ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START, Self.callTimeout, fdList, nil, nil, &error)
        else {
            // Translators: %1$s is a D-Bus method's name, as "OpenFile", %2$s GIO's message.
            return .failure(PortalUnavailable(localized("the desktop portal did not answer %1$s: %2$s", method, Self.message(error))))
        }
        return .success(GVariantReply(reply))
    }

    /// GIO's message, freeing the error.
    static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        // Translators: a D-Bus call's failure when GIO gives no message of its own.
        guard let error else { return localized("failed") }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

private final class WorkBox {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}

/// An owned reference to a GVariant, released with the value.
final class GVariantReply {
    let variant: OpaquePointer
    init(_ variant: OpaquePointer) { self.variant = variant }
    deinit { g_variant_unref(variant) }

    /// Child `index` of a container.
    func child(_ index: Int) -> GVariantReply? {
        guard g_variant_is_container(variant) != 0, index < g_variant_n_children(variant) else { return nil }
        return GVariantReply(g_variant_get_child_value(variant, gsize(index)))
    }

    /// The type string, e.g. "u" or "a{sv}".
    var typeString: String { String(cString: g_variant_get_type_string(variant)) }

    /// The value inside any number of variant wrappers.
    var unwrapped: GVariantReply {
        var value = self
        while value.typeString == "v" { value = GVariantReply(g_variant_get_variant(value.variant)) }
        return value
    }

    /// A string, object path or signature's text.
    var string: String? {
        ["s", "o", "g"].contains(typeString) ? String(cString: g_variant_get_string(variant, nil)) : nil
    }

    /// An unsigned or signed 32-bit number as a UInt32 (negative numbers are nil).
    var uint32: UInt32? {
        switch typeString {
        case "u": g_variant_get_uint32(variant)
        case "i": UInt32(exactly: g_variant_get_int32(variant))
        default: nil
        }
    }

    /// The strings of an `as`.
    var strings: [String]? {
        guard typeString == "as" else { return nil }
        return (0..<g_variant_n_children(variant)).compactMap { child(Int($0))?.string }
    }

    /// The value of `key` in an `a{sv}`, unwrapped.
    func lookup(_ key: String) -> GVariantReply? {
        guard typeString == "a{sv}", let value = g_variant_lookup_value(variant, key, nil) else { return nil }
        return GVariantReply(value).unwrapped
    }
}

/// A signal subscription's handler; it returns true when it wants no more signals.
private final class SignalBox {
    let handler: (GVariantReply) -> Bool
    var id: guint = 0
    weak var thread: PortalThread?
    init(_ handler: @escaping (GVariantReply) -> Bool) { self.handler = handler }
}

extension PortalThread {
    /// Subscribes `handler` to `interface.member` signals at `path` (from `sender`, with first argument `arg0`,
    /// when given); it gets the signal's parameters and returns true to unsubscribe. Portal thread only; without a connection, nothing (0).
    func subscribe(sender: String? = nil, interface: String, member: String, path: String, arg0: String? = nil,
                   _ handler: @escaping (GVariantReply) -> Bool) -> guint {
        guard let connection else { return 0 }
        let box = SignalBox(handler)
        box.thread = self
        let data = Unmanaged.passRetained(box).toOpaque()
        box.id = g_dbus_connection_signal_subscribe(
            connection, sender, interface, member, path, arg0, G_DBUS_SIGNAL_FLAGS_NONE,
            { _, _, _, _, _, parameters, data in
                let box = Unmanaged<SignalBox>.fromOpaque(data!).takeUnretainedValue()
                guard let parameters, box.id != 0 else { return }
                if box.handler(GVariantReply(g_variant_ref(parameters))) {
                    let id = box.id
                    box.id = 0
                    box.thread?.unsubscribe(id)
                }
            },
            data,
            { data in Unmanaged<SignalBox>.fromOpaque(data!).release() })
        return box.id
    }

    /// Ends a subscription made by ``subscribe(sender:interface:member:path:arg0:_:)``. Portal thread only.
    func unsubscribe(_ id: guint) {
        guard id != 0, let connection else { return }
        g_dbus_connection_signal_unsubscribe(connection, id)
    }
}
