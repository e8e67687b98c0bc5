// Smoke tests for the Wayland build infrastructure: the system libraries link, the generated client protocol code
// works against a real libwayland-server peer, and the C shims do what they say.
import CCairo
import CShims
import CWaylandClient
import CWaylandProtocols
import CWaylandServer
import CXKBCommon
import Foundation
import Glibc
import Testing

/// A private runtime folder (mode 0700, like XDG_RUNTIME_DIR) holding one server socket.
///
/// The socket is named by absolute path (libwayland 1.21 accepts that on both sides) instead of setting
/// XDG_RUNTIME_DIR, because setenv while other tests run in parallel threads is unsafe.
private final class RuntimeDir {
    let path: String
    init() throws {
        var template = Array("\(NSTemporaryDirectory())/wayland-smoke-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        path = String(cString: made)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// What the test server saw: the wl_resource a client bound to our xdg_wm_base global.
private final class ServerState {
    var boundWmBase: UnsafeMutablePointer<wl_resource>?
}

/// What the client saw: the registry's globals, by interface name, with their numeric names and versions.
private final class ClientState {
    var globals: [String: (name: UInt32, version: UInt32)] = [:]
    var shmFormats: Set<UInt32> = []
}

/// Runs client and server on this one thread until a wl_display.sync sent now is answered or the client fails.
/// Returns the client's wl_display_get_error (0 when the roundtrip succeeded).
private func roundtrip(client: OpaquePointer, server: OpaquePointer) throws -> Int32 {
    var done = false
    var listener = wl_callback_listener(done: { data, _, _ in data!.assumingMemoryBound(to: Bool.self).pointee = true })
    let callback = wl_display_sync(client)
    defer { wl_callback_destroy(callback) }
    return try withUnsafeMutablePointer(to: &done) { donePointer in
        wl_callback_add_listener(callback, &listener, donePointer)
        let loop = wl_display_get_event_loop(server)
        let deadline = Date().addingTimeInterval(5)
        while !donePointer.pointee && wl_display_get_error(client) == 0 {
            guard Date() < deadline else { throw CancellationError() }
            _ = wl_display_flush(client)
            _ = wl_event_loop_dispatch(loop, 10)
            wl_display_flush_clients(server)
            while wl_display_prepare_read(client) != 0 { _ = wl_display_dispatch_pending(client) }
            var pfd = pollfd(fd: wl_display_get_fd(client), events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10) > 0 { _ = wl_display_read_events(client) } else { wl_display_cancel_read(client) }
            _ = wl_display_dispatch_pending(client)
        }
        return wl_display_get_error(client)
    }
}

/// A sealed memfd of `size` bytes, as a client hands to wl_shm.create_pool.
private func sealedMemfd(size: Int) throws -> Int32 {
    let fd = CShims_memfd_create("wayland-smoke", CShims_MFD_CLOEXEC | CShims_MFD_ALLOW_SEALING)
    guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    guard ftruncate(fd, off_t(size)) == 0,
          fcntl(fd, CShims_F_ADD_SEALS, CShims_F_SEAL_SHRINK | CShims_F_SEAL_GROW | CShims_F_SEAL_SEAL) == 0
    else {
        let error = errno
        close(fd)
        throw POSIXError(.init(rawValue: error) ?? .EIO)
    }
    return fd
}

@Suite("Wayland smoke tests")
struct WaylandSmokeTests {
    @Test("A libwayland-client connection sees, binds and uses the globals of a libwayland-server display")
    func clientSeesServerGlobals() throws {
        let runtime = try RuntimeDir()
        let socket = runtime.path + "/wayland-smoke"

        let server = try #require(wl_display_create())
        defer { wl_display_destroy(server) }
        #expect(wl_display_init_shm(server) == 0)
        // An xdg_wm_base global; its interface struct comes from the client's generated code (the same data the
        // server's generated code holds, which this binary must not link).
        let serverState = ServerState()
        let wmBaseGlobal = wl_global_create(
            server, CWaylandProtocols_xdg_wm_base_interface(), 2, Unmanaged.passUnretained(serverState).toOpaque()
        ) { client, data, version, id in
            let state = Unmanaged<ServerState>.fromOpaque(data!).takeUnretainedValue()
            state.boundWmBase = wl_resource_create(client, CWaylandProtocols_xdg_wm_base_interface(), Int32(version), id)
        }
        #expect(wmBaseGlobal != nil)
        #expect(wl_display_add_socket(server, socket) == 0)
        var status = stat()
        #expect(stat(runtime.path, &status) == 0 && status.st_mode & 0o777 == 0o700)

        let client = try #require(wl_display_connect(socket))
        defer { wl_display_disconnect(client) }
        let clientState = ClientState()
        let context = Unmanaged.passUnretained(clientState).toOpaque()

        var registryListener = wl_registry_listener(
            global: { data, _, name, interface, version in
                let state = Unmanaged<ClientState>.fromOpaque(data!).takeUnretainedValue()
                state.globals[String(cString: interface!)] = (name, version)
            },
            global_remove: { _, _, _ in }
        )
        let registry = try #require(wl_display_get_registry(client))
        defer { wl_registry_destroy(registry) }
        wl_registry_add_listener(registry, &registryListener, context)
        #expect(try roundtrip(client: client, server: server) == 0)

        let shmGlobal = try #require(clientState.globals["wl_shm"])
        let wmBase = try #require(clientState.globals["xdg_wm_base"])
        #expect(wmBase.version == 2)

        // Bind wl_shm and read its formats; the interface pointer must be libwayland-client's real global.
        var shmListener = wl_shm_listener(format: { data, _, format in
            _ = Unmanaged<ClientState>.fromOpaque(data!).takeUnretainedValue().shmFormats.insert(format)
        })
        let shm = try #require(
            OpaquePointer(wl_registry_bind(registry, shmGlobal.name, CWaylandProtocols_wl_shm_interface(), 1))
        )
        defer { wl_shm_destroy(shm) }
        wl_shm_add_listener(shm, &shmListener, context)
        #expect(try roundtrip(client: client, server: server) == 0)
        #expect(clientState.shmFormats.isSuperset(of: [WL_SHM_FORMAT_ARGB8888.rawValue, WL_SHM_FORMAT_XRGB8888.rawValue]))

        // A buffer in a pool over a sealed memfd: the server maps it without complaint.
        let width: Int32 = 16, height: Int32 = 16
        let fd = try sealedMemfd(size: Int(width * height * 4))
        defer { close(fd) }
        let pool = try #require(wl_shm_create_pool(shm, fd, width * height * 4))
        let buffer = try #require(
            wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_ARGB8888.rawValue)
        )
        wl_shm_pool_destroy(pool)
        #expect(try roundtrip(client: client, server: server) == 0)
        wl_buffer_destroy(buffer)

        // Bind xdg_wm_base with the generated client code; the server posts a protocol error on it, and the client
        // reports that error against the very interface struct the accessor returned.
        let xdgWmBase = try #require(
            OpaquePointer(wl_registry_bind(registry, wmBase.name, CWaylandProtocols_xdg_wm_base_interface(), 2))
        )
        defer { xdg_wm_base_destroy(xdgWmBase) }
        #expect(try roundtrip(client: client, server: server) == 0)
        let resource = try #require(serverState.boundWmBase)
        #expect(wl_resource_get_version(resource) == 2)
        CShims_wl_resource_post_error(resource, XDG_WM_BASE_ERROR_ROLE.rawValue, "smoke test error")
        #expect(try roundtrip(client: client, server: server) == EPROTO)
        var errorInterface: UnsafePointer<wl_interface>?
        var errorObjectID: UInt32 = 0
        #expect(wl_display_get_protocol_error(client, &errorInterface, &errorObjectID) == XDG_WM_BASE_ERROR_ROLE.rawValue)
        #expect(errorInterface == CWaylandProtocols_xdg_wm_base_interface())
        #expect(errorObjectID == wl_proxy_get_id(xdgWmBase))
    }

    @Test("CShims_memfd_create gives a sealable memfd, and the seals hold")
    func memfdSeals() throws {
        let fd = try sealedMemfd(size: 4096)
        defer { close(fd) }
        let seals = fcntl(fd, CShims_F_GET_SEALS)
        #expect(seals == CShims_F_SEAL_SHRINK | CShims_F_SEAL_GROW | CShims_F_SEAL_SEAL)
        #expect(ftruncate(fd, 8192) == -1 && errno == EPERM)
        #expect(ftruncate(fd, 1024) == -1 && errno == EPERM)
        #expect(fcntl(fd, CShims_F_ADD_SEALS, CShims_F_SEAL_WRITE) == -1 && errno == EPERM)
        // Still writable and mappable: a client draws into it.
        let memory = try #require(mmap(nil, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0))
        #expect(memory != MAP_FAILED)
        memory.storeBytes(of: 0xFF00_FF00 as UInt32, as: UInt32.self)
        #expect(memory.load(as: UInt32.self) == 0xFF00_FF00)
        munmap(memory, 4096)
    }

    @Test("Cairo draws into a memfd-backed ARGB32 buffer, as a wl_shm client does")
    func cairoDrawsIntoMemfd() throws {
        let width: Int32 = 8, height: Int32 = 8
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width)
        let size = Int(stride * height)
        let fd = try sealedMemfd(size: size)
        defer { close(fd) }
        let memory = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0))
        #expect(memory != MAP_FAILED)
        defer { munmap(memory, size) }
        let surface = try #require(
            cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, width, height, stride)
        )
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        cairo_set_source_rgba(cr, 0, 0, 1, 1)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        #expect(memory.load(as: UInt32.self) == 0xFF00_00FF)  // premultiplied ARGB32, native endian: opaque blue
    }

    @Test("xkbcommon compiles the default keymap and maps a key to a keysym")
    func xkbcommonKeymap() throws {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try #require("us".withCString { layout in
            var names = xkb_rule_names(rules: nil, model: nil, layout: layout, variant: nil, options: nil)
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        })
        defer { xkb_keymap_unref(keymap) }
        let state = try #require(xkb_state_new(keymap))
        defer { xkb_state_unref(state) }
        // Evdev KEY_A is 30; XKB keycodes are evdev + 8.
        #expect(xkb_state_key_get_one_sym(state, 30 + 8) == UInt32(XKB_KEY_a))
    }
}
