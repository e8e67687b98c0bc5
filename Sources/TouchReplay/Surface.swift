// wl_compositor, wl_surface and wl_region: surfaces with double-buffered state, frame callbacks and buffer scale.
import CWaylandServer
import CWaylandServerProtocols
import Geometry

/// A client's `wl_surface`: the pending state its requests build up, and what its last commit made current.
///
/// The `wl_surface` resource (and the xdg-shell resources made for it) hold a retained reference in their user
/// data, released when the resource is destroyed.
final class Surface {
    unowned let compositor: Compositor
    let resource: WLResource
    let client: OpaquePointer

    /// The role the surface was given (xdg-shell or wl_subcompositor).
    enum Role { case none, toplevel, popup, subsurface }
    var role = Role.none
    var xdgSurface: WLResource?
    var xdgToplevel: WLResource?
    /// Whether the initial configure went out (sent on the first commit after the role was given).
    var hasSentConfigure = false
    /// The `xdg_toplevel.state` values the client asked for and got (maximized, fullscreen), in order.
    var windowStates: [UInt32] = []
    /// The serial the client acknowledged last.
    var ackedConfigureSerial: UInt32?
    /// Whether a buffer was committed since the toplevel got its role.
    private(set) var isMapped = false

    // Pending state, made current by commit.
    private var pendingBuffer: BufferReference?
    private var hasPendingAttach = false
    private var pendingBufferScale: Int32?
    /// The surface's `wp_viewport`, while it has one (a second is the protocol's `viewport_exists`).
    var viewport: WLResource?
    /// The viewport's source and destination as the client set them, applied at commit.
    var pendingViewport = ViewportState()
    /// Whether the `wl_surface` resource is gone (a viewport's requests are then `no_surface`).
    private(set) var isDestroyed = false
    var pendingFrameCallbacks: [WLResource] = []

    // Current state.
    private(set) var currentBuffer: BufferReference?
    /// The integer scale of the committed buffer (`wl_surface.set_buffer_scale`).
    private(set) var bufferScale: Int32 = 1
    /// The `wp_viewport` source and destination of the last commit.
    private(set) var viewportState = ViewportState()
    /// The `wp_viewport` destination in logical points, if the client set one.
    var viewportDestination: (width: Int32, height: Int32)? { viewportState.destination }
    /// A copy of the last committed buffer's pixels.
    private(set) var image: ShmImage?
    /// Damage since the last commit, in buffer pixels (`damage_buffer`).
    private var pendingBufferDamage: [PixelRect] = []
    /// Damage since the last commit, in surface coordinates (`damage`), converted at commit.
    private var pendingSurfaceDamage: [(x: Int32, y: Int32, width: Int32, height: Int32)] = []
    /// What the last commit that took a buffer changed, in buffer pixels: its damage clipped to the buffer (the
    /// whole buffer when the client gave none, or the buffer's size changed).
    private(set) var committedDamage: [PixelRect] = []

    /// ``committedDamage`` in surface coordinates (logical points): through the viewport or the buffer scale.
    var committedDamageInSurfaceCoordinates: [Rect] {
        guard let image else { return [] }
        let map = bufferMapping(width: image.width, height: image.height, viewport: viewportState)
        return committedDamage.map {
            Rect(x: (Double($0.x) - map.originX) / map.ratioX, y: (Double($0.y) - map.originY) / map.ratioY,
                 width: Double($0.width) / map.ratioX, height: Double($0.height) / map.ratioY)
        }
    }

    /// How surface coordinates map onto a buffer of a size: buffer pixel = origin + surface coordinate × ratio.
    private func bufferMapping(width: Int, height: Int, viewport: ViewportState)
        -> (originX: Double, originY: Double, ratioX: Double, ratioY: Double) {
        viewport.bufferMapping(width: width, height: height, bufferScale: bufferScale)
    }

    init(compositor: Compositor, resource: WLResource, client: OpaquePointer) {
        self.compositor = compositor
        self.resource = resource
        self.client = client
    }

    /// The wl_surface resource went away.
    func destroyed() {
        isDestroyed = true
        currentBuffer?.release()
        currentBuffer = nil
        compositor.remove(self)
    }

    func attach(_ buffer: WLResource?) {
        hasPendingAttach = true
        pendingBuffer = buffer.map { compositor.reference(toBuffer: $0) }
    }

    func commit() {
        compositor.counters.commits += 1
        if let scale = pendingBufferScale {
            bufferScale = scale
            pendingBufferScale = nil
        }
        if let viewport, !checkViewport(pendingViewport, viewport: viewport) { return }
        viewportState = pendingViewport
        compositor.commitFrameCallbacks(pendingFrameCallbacks)
        pendingFrameCallbacks = []
        compositor.presentation?.surfaceCommitted(self)

        var tookBuffer = false
        if hasPendingAttach {
            hasPendingAttach = false
            let new = pendingBuffer
            pendingBuffer = nil
            if let new, let bufferResource = new.resource, let damage = takeDamage(for: bufferResource),
               ShmImage.update(&image, from: bufferResource, damage: damage) {
                committedDamage = damage
                tookBuffer = true
                if compositor.buffersLeftToHold > 0, !new.isHeld {
                    new.isHeld = true
                    compositor.buffersLeftToHold -= 1
                }
            }
            // The previous buffer's contents are copied already; a new one replaces it, so it goes back.
            if let previous = currentBuffer, previous !== new { previous.release() }
            currentBuffer = new
            if new == nil, role == .toplevel { isMapped = false }
        }

        if role == .toplevel {
            if !hasSentConfigure {
                compositor.shell.sendConfigure(to: self)
            } else if tookBuffer {
                isMapped = true
            }
        }
        if !tookBuffer {
            pendingBufferDamage = []
            pendingSurfaceDamage = []
        }
        if tookBuffer { compositor.surfaceCommittedBuffer(self) }
    }

    /// Whether the viewport's state may be committed with the buffer that will be current: a source rectangle
    /// within the buffer (`out_of_buffer`), and a whole size to show when no destination is set (`bad_size`).
    /// Posts the error otherwise.
    private func checkViewport(_ state: ViewportState, viewport: WLResource) -> Bool {
        guard let source = state.source else { return true }
        if state.destination == nil, source.width != source.width.rounded() || source.height != source.height.rounded() {
            CShims_wl_resource_post_error(viewport, WP_VIEWPORT_ERROR_BAD_SIZE.rawValue,
                                          "a source of fractional size needs a destination")
            return false
        }
        let buffer = hasPendingAttach ? pendingBuffer?.resource : currentBuffer?.resource
        guard let buffer, let shm = wl_shm_buffer_get(buffer) else { return true }
        let width = Double(wl_shm_buffer_get_width(shm)) / Double(pendingBufferScale ?? bufferScale)
        let height = Double(wl_shm_buffer_get_height(shm)) / Double(pendingBufferScale ?? bufferScale)
        guard source.x + source.width <= width, source.y + source.height <= height else {
            CShims_wl_resource_post_error(viewport, WP_VIEWPORT_ERROR_OUT_OF_BUFFER.rawValue,
                                          "the source rectangle reaches outside the buffer")
            return false
        }
        return true
    }

    /// The damage of the commit under way in buffer pixels, clipped to the buffer, and forgotten for the next one;
    /// the whole buffer when there is none or the image has another size. `nil` for a buffer that is not shm.
    private func takeDamage(for buffer: WLResource) -> [PixelRect]? {
        defer {
            pendingBufferDamage = []
            pendingSurfaceDamage = []
        }
        guard let shm = wl_shm_buffer_get(buffer) else { return nil }
        let width = Int(wl_shm_buffer_get_width(shm)), height = Int(wl_shm_buffer_get_height(shm))
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        guard let image, image.width == width, image.height == height else { return [whole] }
        // Surface coordinates to buffer pixels: through the viewport, or the buffer scale.
        let map = bufferMapping(width: width, height: height, viewport: viewportState)
        var damage = pendingBufferDamage
        for rect in pendingSurfaceDamage {
            let x0 = Int((map.originX + Double(rect.x) * map.ratioX).rounded(.down))
            let y0 = Int((map.originY + Double(rect.y) * map.ratioY).rounded(.down))
            let x1 = Int(map.originX + (Double(rect.x) + Double(rect.width)) * map.ratioX + 0.999)
            let y1 = Int(map.originY + (Double(rect.y) + Double(rect.height)) * map.ratioY + 0.999)
            damage.append(PixelRect(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0)))
        }
        let clipped = damage.compactMap { $0.intersection(whole) }
        return clipped.isEmpty && damage.isEmpty ? [whole] : clipped
    }

    // MARK: - Request tables

    static func compositorTable() -> wl_compositor_interface {
        wl_compositor_interface(
            create_surface: { client, compositorResource, id in
                let compositor = resourceObject(compositorResource, as: Compositor.self)
                let version = wl_resource_get_version(compositorResource)
                guard let resource = wl_resource_create(client, CWaylandServerProtocols_wl_surface_interface(), version, id)
                else { return wl_client_post_no_memory(client) }
                let surface = Surface(compositor: compositor, resource: resource, client: client!)
                compositor.add(surface)
                wl_resource_set_implementation(
                    resource, compositor.surfaceImplementation.pointer, Unmanaged.passRetained(surface).toOpaque()
                ) { resource in
                    let surface = Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(resource)!)
                    surface.takeUnretainedValue().destroyed()
                    surface.release()
                }
            },
            create_region: { client, compositorResource, id in
                let compositor = resourceObject(compositorResource, as: Compositor.self)
                let version = wl_resource_get_version(compositorResource)
                guard let resource = wl_resource_create(client, CWaylandServerProtocols_wl_region_interface(), version, id)
                else { return wl_client_post_no_memory(client) }
                // Regions only matter for input and opacity, which a headless single-window compositor ignores.
                wl_resource_set_implementation(resource, compositor.regionImplementation.pointer, nil, nil)
            }
        )
    }

    static func regionTable() -> wl_region_interface {
        wl_region_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            add: { _, _, _, _, _, _ in },
            subtract: { _, _, _, _, _, _ in }
        )
    }

    static func surfaceTable() -> wl_surface_interface {
        wl_surface_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            attach: { _, resource, buffer, _, _ in
                resourceObject(resource, as: Surface.self).attach(buffer)
            },
            damage: { _, resource, x, y, width, height in
                resourceObject(resource, as: Surface.self).pendingSurfaceDamage.append((x, y, width, height))
            },
            frame: { client, resource, id in
                let surface = resourceObject(resource, as: Surface.self)
                guard let callback = wl_resource_create(client, CWaylandServerProtocols_wl_callback_interface(), 1, id)
                else { return wl_client_post_no_memory(client) }
                wl_resource_set_implementation(
                    callback, nil, Unmanaged.passUnretained(surface.compositor).toOpaque()
                ) { callback in
                    resourceObject(callback, as: Compositor.self).forget(frameCallback: callback!)
                }
                surface.pendingFrameCallbacks.append(callback)
            },
            set_opaque_region: { _, _, _ in },
            set_input_region: { _, _, _ in },
            commit: { _, resource in
                resourceObject(resource, as: Surface.self).commit()
            },
            set_buffer_transform: { _, _, _ in },
            set_buffer_scale: { _, resource, scale in
                guard scale >= 1 else {
                    return CShims_wl_resource_post_error(
                        resource, WL_SURFACE_ERROR_INVALID_SCALE.rawValue, "buffer scale must be at least 1"
                    )
                }
                resourceObject(resource, as: Surface.self).pendingBufferScale = scale
            },
            damage_buffer: { _, resource, x, y, width, height in
                guard width > 0, height > 0 else { return }
                resourceObject(resource, as: Surface.self).pendingBufferDamage.append(
                    PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
            },
            offset: { _, _, _, _ in }
        )
    }
}

/// A `wl_buffer` the compositor has seen attached; it notices when the client destroys the buffer.
final class BufferReference {
    /// The buffer resource; `nil` once the client destroyed it.
    private(set) var resource: WLResource?
    /// A held buffer is never released (`--hold-buffers`).
    var isHeld = false
    private unowned let compositor: Compositor
    /// A `wl_listener` followed by the unretained pointer to this object.
    private let listenerBlock: UnsafeMutableRawPointer

    init(resource: WLResource, compositor: Compositor) {
        self.resource = resource
        self.compositor = compositor
        let listenerSize = MemoryLayout<wl_listener>.stride
        listenerBlock = .allocate(byteCount: listenerSize + MemoryLayout<UnsafeMutableRawPointer>.stride, alignment: 16)
        let listener = listenerBlock.bindMemory(to: wl_listener.self, capacity: 1)
        listener.initialize(to: wl_listener(link: wl_list(), notify: { listener, _ in
            let raw = UnsafeMutableRawPointer(listener!)
            let owner = raw.load(fromByteOffset: MemoryLayout<wl_listener>.stride, as: UnsafeMutableRawPointer.self)
            Unmanaged<BufferReference>.fromOpaque(owner).takeUnretainedValue().bufferDestroyed()
        }))
        (listenerBlock + listenerSize).storeBytes(of: Unmanaged.passUnretained(self).toOpaque(), as: UnsafeMutableRawPointer.self)
        wl_resource_add_destroy_listener(resource, listener)
    }

    deinit {
        if resource != nil {
            wl_list_remove(&listenerBlock.assumingMemoryBound(to: wl_listener.self).pointee.link)
        }
        listenerBlock.deallocate()
    }

    /// Sends `wl_buffer.release` unless the buffer is held or gone.
    func release() {
        guard let resource, !isHeld else { return }
        wl_buffer_send_release(resource)
    }

    private func bufferDestroyed() {
        let listener = listenerBlock.assumingMemoryBound(to: wl_listener.self)
        wl_list_remove(&listener.pointee.link)
        wl_list_init(&listener.pointee.link)
        guard let destroyed = resource else { return }
        resource = nil
        compositor.bufferReferences[destroyed] = nil
    }
}

extension Compositor {
    /// The one reference object for a buffer resource.
    func reference(toBuffer buffer: WLResource) -> BufferReference {
        if let existing = bufferReferences[buffer] { return existing }
        let reference = BufferReference(resource: buffer, compositor: self)
        bufferReferences[buffer] = reference
        return reference
    }
}
