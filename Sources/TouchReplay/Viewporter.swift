// wp_viewporter: every surface may have one wp_viewport, whose source rectangle and destination size are
// double-buffered on the surface and applied at commit; the saved picture is the source scaled to the destination
// (``Surface/picture(scale:)``). Offered unless `--no-viewporter`.
import CWaylandServer
import CWaylandServerProtocols
import Foundation
import PaintModel

/// A surface's crop and scale as a `wp_viewport` sets them, in surface-local coordinates.
struct ViewportState: Equatable {
    /// The source rectangle (`set_source`, wl_fixed turned into doubles); `nil`: the whole buffer.
    var source: (x: Double, y: Double, width: Double, height: Double)?
    /// The destination size (`set_destination`); `nil`: the source's size, or the buffer's.
    var destination: (width: Int32, height: Int32)?

    static func == (lhs: ViewportState, rhs: ViewportState) -> Bool {
        lhs.source.map { [$0.x, $0.y, $0.width, $0.height] } == rhs.source.map { [$0.x, $0.y, $0.width, $0.height] }
            && lhs.destination.map { [$0.width, $0.height] } == rhs.destination.map { [$0.width, $0.height] }
    }

    /// No crop and no scale.
    var isIdentity: Bool { source == nil && destination == nil }

    /// How surface coordinates map onto a buffer of a size at a buffer scale: buffer pixel = origin + surface
    /// coordinate × ratio.
    func bufferMapping(width: Int, height: Int, bufferScale: Int32)
        -> (originX: Double, originY: Double, ratioX: Double, ratioY: Double) {
        let scale = Double(bufferScale)
        let source = source ?? (0, 0, Double(width) / scale, Double(height) / scale)
        let destination = destination.map { (Double($0.width), Double($0.height)) } ?? (source.width, source.height)
        return (source.x * scale, source.y * scale, source.width * scale / destination.0, source.height * scale / destination.1)
    }

    /// The surface's size in logical points for a buffer of a size: the destination, else the source's size, else
    /// the buffer's size over its scale.
    func surfaceSize(width: Int, height: Int, bufferScale: Int32) -> (width: Double, height: Double) {
        if let destination { return (Double(destination.width), Double(destination.height)) }
        if let source { return (source.width, source.height) }
        return (Double(width) / Double(bufferScale), Double(height) / Double(bufferScale))
    }

    /// What a surface showing `image` through this viewport shows at `scale` pixels a logical point: `image` itself
    /// when nothing crops or scales it, else the source rectangle scaled nearest-neighbour onto the surface's size
    /// times `scale`.
    func picture(of image: ShmImage, bufferScale: Int32, scale: Int) -> ShmImage {
        guard !isIdentity else { return image }
        let size = surfaceSize(width: image.width, height: image.height, bufferScale: bufferScale)
        let width = max(Int((size.width * Double(scale)).rounded()), 1)
        let height = max(Int((size.height * Double(scale)).rounded()), 1)
        let map = bufferMapping(width: image.width, height: image.height, bufferScale: bufferScale)
        // From picture pixels to buffer pixels, through logical points.
        return image.scaled(width: width, height: height, originX: map.originX, originY: map.originY,
                            stepX: map.ratioX / Double(scale), stepY: map.ratioY / Double(scale))
    }
}

/// The `wp_viewporter` global and the `wp_viewport` resources made from it. A viewport's user data is a retained
/// ``Surface``; requests on a viewport whose surface is gone are the protocol's `no_surface` error.
final class ViewporterGlobal {
    unowned let compositor: Compositor
    private let viewporterTable: ImplementationTable<wp_viewporter_interface>
    private let viewportTable: ImplementationTable<wp_viewport_interface>

    init(compositor: Compositor) {
        self.compositor = compositor
        viewporterTable = ImplementationTable(wp_viewporter_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            get_viewport: { client, resource, id, surfaceResource in
                let surface = resourceObject(surfaceResource, as: Surface.self)
                guard surface.viewport == nil else {
                    return CShims_wl_resource_post_error(
                        resource, WP_VIEWPORTER_ERROR_VIEWPORT_EXISTS.rawValue, "the surface already has a viewport"
                    )
                }
                guard let viewport = wl_resource_create(
                    client, CWaylandServerProtocols_wp_viewport_interface(), wl_resource_get_version(resource), id
                ) else { return wl_client_post_no_memory(client) }
                let global = resourceObject(resource, as: ViewporterGlobal.self)
                surface.viewport = viewport
                wl_resource_set_implementation(
                    viewport, global.viewportTable.pointer, Unmanaged.passRetained(surface).toOpaque()
                ) { viewport in
                    let surface = Unmanaged<Surface>.fromOpaque(wl_resource_get_user_data(viewport)!)
                    // Destroying the viewport unsets its source and destination at the next commit.
                    let object = surface.takeUnretainedValue()
                    if object.viewport == viewport {
                        object.viewport = nil
                        object.pendingViewport = ViewportState()
                    }
                    surface.release()
                }
            }
        ))
        viewportTable = ImplementationTable(wp_viewport_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_source: { _, resource, x, y, width, height in
                guard let surface = ViewporterGlobal.liveSurface(of: resource) else { return }
                let values = [x, y, width, height].map(wl_fixed_to_double)
                if values.allSatisfy({ $0 == -1 }) {
                    surface.pendingViewport.source = nil
                } else if values[0] >= 0, values[1] >= 0, values[2] > 0, values[3] > 0 {
                    surface.pendingViewport.source = (values[0], values[1], values[2], values[3])
                } else {
                    CShims_wl_resource_post_error(
                        resource, WP_VIEWPORT_ERROR_BAD_VALUE.rawValue,
                        "source x and y must be at least 0 and its size positive, or all -1"
                    )
                }
            },
            set_destination: { _, resource, width, height in
                guard let surface = ViewporterGlobal.liveSurface(of: resource) else { return }
                if width == -1 && height == -1 {
                    surface.pendingViewport.destination = nil
                } else if width > 0 && height > 0 {
                    surface.pendingViewport.destination = (width, height)
                } else {
                    CShims_wl_resource_post_error(
                        resource, WP_VIEWPORT_ERROR_BAD_VALUE.rawValue, "destination must be positive or -1, -1"
                    )
                }
            }
        ))
        wl_global_create(compositor.display, CWaylandServerProtocols_wp_viewporter_interface(), 1,
                         Unmanaged.passUnretained(self).toOpaque()) { client, data, version, id in
            let global = Unmanaged<ViewporterGlobal>.fromOpaque(data!).takeUnretainedValue()
            guard let resource = wl_resource_create(
                client, CWaylandServerProtocols_wp_viewporter_interface(), Int32(version), id
            ) else { return wl_client_post_no_memory(client) }
            wl_resource_set_implementation(resource, global.viewporterTable.pointer, data, nil)
        }
    }

    /// The viewport's surface, or `nil` after posting `no_surface` when the surface is gone.
    private static func liveSurface(of viewport: WLResource?) -> Surface? {
        let surface = resourceObject(viewport, as: Surface.self)
        guard !surface.isDestroyed else {
            CShims_wl_resource_post_error(viewport, WP_VIEWPORT_ERROR_NO_SURFACE.rawValue, "the wl_surface was destroyed")
            return nil
        }
        return surface
    }
}

/// `--save-commits DIR` (hidden, for tests): each buffer commit of the toplevel written as `DIR/N.png` (its picture,
/// as the saved one is made) and a line of `DIR/commits.jsonl`:
/// `{"commit": N, "buffer": [W, H], "bufferID": ID, "source": [X, Y, W, H] or null, "destination": [W, H] or null}`
/// (`bufferID`: the `wl_buffer`'s protocol id, so that a test can tell the client's buffers apart).
final class CommitLog {
    let folder: String
    private var lines = ""

    init(folder: String) {
        self.folder = folder
    }

    func record(_ number: Int, picture: ShmImage?, bufferWidth: Int, bufferHeight: Int, bufferID: UInt32,
                viewport: ViewportState) {
        func list(_ values: [Double]) -> String {
            "[" + values.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ", ") + "]"
        }
        let source = viewport.source.map { list([$0.x, $0.y, $0.width, $0.height]) } ?? "null"
        let destination = viewport.destination.map { list([Double($0.width), Double($0.height)]) } ?? "null"
        lines += "{\"commit\": \(number), \"buffer\": [\(bufferWidth), \(bufferHeight)], \"bufferID\": \(bufferID), "
            + "\"source\": \(source), "
            + "\"destination\": \(destination)}\n"
        // Replaced at each commit; a drawing at one of these names never (OutputFile).
        try? OutputFile.write(folder + "/commits.jsonl", overwrite: true) {
            try lines.write(toFile: $0, atomically: false, encoding: .utf8)
        }
        if let picture { try? OutputFile.write(folder + "/\(number).png", overwrite: true) { try picture.writePNG(to: $0) } }
    }
}
