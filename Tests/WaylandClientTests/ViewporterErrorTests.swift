import CShims
import CWaylandClient
import CWaylandProtocols
import Foundation
import Glibc
import ProcessTesting
import Testing

/// touch-replay's `wp_viewporter` answers bad requests with the protocol's errors (docs/touch-replay.md): a raw
/// client connects beside the one touch-replay starts and sends them.
@Suite struct ViewporterErrorTests {
    /// A connection to a compositor with its globals bound by name, speaking libwayland directly.
    final class RawClient {
        let display: OpaquePointer
        private let registry: OpaquePointer
        private let listener: UnsafeMutablePointer<wl_registry_listener>
        var globals: [String: UInt32] = [:]

        init?(socket: String) {
            guard let display = wl_display_connect(socket) else { return nil }
            self.display = display
            registry = wl_display_get_registry(display)
            listener = .allocate(capacity: 1)
            listener.initialize(to: wl_registry_listener(global: { data, _, name, interface, _ in
                guard let data, let interface else { return }
                Unmanaged<RawClient>.fromOpaque(data).takeUnretainedValue().globals[String(cString: interface)] = name
            }, global_remove: { _, _, _ in }))
            wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
            wl_display_roundtrip(display)
        }

        deinit {
            wl_registry_destroy(registry)
            wl_display_disconnect(display)
            listener.deallocate()
        }

        func bind(_ name: String, _ interface: UnsafePointer<wl_interface>) throws -> OpaquePointer {
            let global = try #require(globals[name], "\(name) is not offered: \(globals.keys.sorted())")
            return try #require(OpaquePointer(wl_registry_bind(registry, global, interface, 1)))
        }

        /// The protocol error the compositor sent, after a round trip: its interface's name and code.
        func protocolError() -> (interface: String, code: UInt32)? {
            wl_display_roundtrip(display)
            guard wl_display_get_error(display) == EPROTO else { return nil }
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let code = wl_display_get_protocol_error(display, &interface, &id)
            return (interface.map { String(cString: $0.pointee.name) } ?? "", code)
        }
    }

    /// touch-replay with a client that never shows a window, and the socket a second client reaches it at.
    static func withTouchReplay(_ body: (String) throws -> Void) throws {
        let scratch = try TemporaryDirectory()
        let trace = try scratch.write("idle.jsonl", "{\"t\": 0, \"tick\": true}\n")
        let socketFile = scratch.path("socket")
        let process = try SpawnedProcess(
            ChildProcess.product("touch-replay"),
            ["--trace", trace, "--output", scratch.path("o.png"), "--map-timeout", "60", "--", "/bin/sh", "-c",
             "echo \"$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY\" > \(socketFile); exec sleep 60"],
            environment: ["PATH": "/usr/bin:/bin"], log: scratch.path("log"))
        defer { process.kill() }
        #expect(waitUntil(timeout: .seconds(30)) { !scratch.read("socket").isEmpty || process.hasExited })
        let socket = scratch.read("socket").trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!socket.isEmpty, "touch-replay said: \(scratch.read("log"))")
        try body(socket)
    }

    @Test func badValuesTwoViewportsAGoneSurfaceAndASourceOutsideTheBufferAreProtocolErrors() throws {
        try Self.withTouchReplay { socket in
            /// A fresh connection, a surface and its viewport; `send` makes the mistake.
            func expectError(_ code: UInt32, on interface: String = "wp_viewport",
                             _ send: (RawClient, OpaquePointer, OpaquePointer, OpaquePointer) throws -> Void) throws {
                let client = try #require(RawClient(socket: socket))
                let compositor = try client.bind("wl_compositor", CWaylandProtocols_wl_compositor_interface())
                let viewporter = try client.bind("wp_viewporter", CWaylandProtocols_wp_viewporter_interface())
                let surface: OpaquePointer = wl_compositor_create_surface(compositor)
                let viewport: OpaquePointer = wp_viewporter_get_viewport(viewporter, surface)
                try send(client, viewporter, surface, viewport)
                let error = client.protocolError()
                #expect(error?.interface == interface && error?.code == code, "\(String(describing: error))")
            }
            // A negative source position, an empty source, a destination of 0.
            try expectError(WP_VIEWPORT_ERROR_BAD_VALUE.rawValue) { _, _, _, viewport in
                wp_viewport_set_source(viewport, wl_fixed_from_int(-2), 0, wl_fixed_from_int(4), wl_fixed_from_int(4))
            }
            try expectError(WP_VIEWPORT_ERROR_BAD_VALUE.rawValue) { _, _, _, viewport in
                wp_viewport_set_source(viewport, 0, 0, 0, wl_fixed_from_int(4))
            }
            try expectError(WP_VIEWPORT_ERROR_BAD_VALUE.rawValue) { _, _, _, viewport in
                wp_viewport_set_destination(viewport, 0, 5)
            }
            // Unsetting is not a mistake: a round trip later the connection is fine.
            let fine = try #require(RawClient(socket: socket))
            let viewporter = try fine.bind("wp_viewporter", CWaylandProtocols_wp_viewporter_interface())
            let compositor = try fine.bind("wl_compositor", CWaylandProtocols_wl_compositor_interface())
            let viewport: OpaquePointer = wp_viewporter_get_viewport(viewporter, wl_compositor_create_surface(compositor))
            wp_viewport_set_source(viewport, wl_fixed_from_int(-1), wl_fixed_from_int(-1), wl_fixed_from_int(-1), wl_fixed_from_int(-1))
            wp_viewport_set_destination(viewport, -1, -1)
            #expect(fine.protocolError() == nil)
            // A second viewport for the surface.
            try expectError(WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue, on: "wp_viewporter") { _, viewporter, surface, _ in
                _ = wp_viewporter_get_viewport(viewporter, surface)
            }
            // The surface destroyed, then the viewport used.
            try expectError(WP_VIEWPORT_ERROR_NO_SURFACE.rawValue) { _, _, surface, viewport in
                wl_surface_destroy(surface)
                wp_viewport_set_destination(viewport, 10, 10)
            }
            // A source reaching outside a 4x4 buffer, at commit.
            try expectError(WP_VIEWPORT_ERROR_OUT_OF_BUFFER.rawValue) { client, _, surface, viewport in
                let shm = try client.bind("wl_shm", CWaylandProtocols_wl_shm_interface())
                let fd = CShims_memfd_create("viewport-test", CShims_MFD_CLOEXEC)
                defer { close(fd) }
                ftruncate(fd, 64)
                let pool = try #require(wl_shm_create_pool(shm, fd, 64))
                let buffer = try #require(wl_shm_pool_create_buffer(pool, 0, 4, 4, 16, WL_SHM_FORMAT_XRGB8888.rawValue))
                wp_viewport_set_source(viewport, wl_fixed_from_int(2), 0, wl_fixed_from_int(4), wl_fixed_from_int(4))
                wp_viewport_set_destination(viewport, 8, 8)
                wl_surface_attach(surface, buffer, 0, 0)
                wl_surface_commit(surface)
            }
        }
    }
}
