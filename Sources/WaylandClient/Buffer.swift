// One wl_shm buffer: a sealed memfd, mapped, wrapped as a wl_buffer and as a Cairo image surface.
import CCairo
import CShims
import CWaylandClient
import CWaylandProtocols
import Dispatch
import Geometry
import Glibc

/// A buffer of XRGB8888 pixels (or ARGB8888, premultiplied, for a window with transparent parts) shared with the
/// compositor, to draw into with Cairo.
///
/// The window hands a buffer to its draw callback only while the compositor does not hold it. Draw in logical
/// points through ``cairoSurface``: its device scale is the buffer scale, so one point covers `scale` pixels.
public final class Buffer {
    /// The size in pixels.
    public let pixelWidth: Int32
    public let pixelHeight: Int32
    /// Bytes from one row to the next.
    public let stride: Int32
    /// Pixels per logical point (the window's buffer scale).
    public let scale: Int32
    /// The pixels: `stride × pixelHeight` bytes, native-endian 32-bit XRGB (Cairo's RGB24), or premultiplied
    /// ARGB (Cairo's ARGB32) when ``isTranslucent``.
    public let pixels: UnsafeMutableRawPointer
    /// A Cairo image surface over ``pixels`` (`CAIRO_FORMAT_RGB24`, or `CAIRO_FORMAT_ARGB32` when
    /// ``isTranslucent``), with device scale ``scale``.
    public let cairoSurface: OpaquePointer
    /// Whether the compositor reads the pixels' alpha (`WL_SHM_FORMAT_ARGB8888`): what is drawn with alpha 0 shows
    /// what lies behind the window.
    public let isTranslucent: Bool

    let pointer: OpaquePointer
    /// Strong: the connection must outlive the `wl_buffer`, which may be released after the window.
    private let display: Display
    private let byteCount: Int
    private let listener: UnsafeMutablePointer<wl_buffer_listener>
    /// Called on `wl_buffer.release`.
    var onRelease: (() -> Void)?
    /// The buffer whose pixels this one holds a copy of (the spare the pool warmed from the first frame's buffer),
    /// while neither was drawn again since: a renderer that remembers what each buffer shows can take this one to
    /// show what that one shows, rather than copy it all again (docs/frame-pacing.md, "The spare buffer").
    public internal(set) weak var warmedFrom: Buffer?

    /// The size in logical points.
    public var width: Int { Int(pixelWidth / scale) }
    public var height: Int { Int(pixelHeight / scale) }

    init(display: Display, shm: OpaquePointer, width: Int32, height: Int32, scale: Int32,
         isTranslucent: Bool = false) throws(WaylandError) {
        self.display = display
        self.isTranslucent = isTranslucent
        let cairoFormat = isTranslucent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        pixelWidth = width
        pixelHeight = height
        self.scale = scale
        let stride = cairo_format_stride_for_width(cairoFormat, width)
        let byteCount = Int(stride) * Int(height)
        self.stride = stride
        self.byteCount = byteCount

        let fd = try checkedSystemCall("memfd_create") {
            CShims_memfd_create("wayland-client-buffer", CShims_MFD_CLOEXEC | CShims_MFD_ALLOW_SEALING)
        }
        defer { close(fd) }
        try checkedSystemCall("ftruncate") { ftruncate(fd, off_t(byteCount)) }
        // The compositor maps the file; sealing its size means we can never make its mapping fault (SIGBUS).
        try checkedSystemCall("fcntl(F_ADD_SEALS)") {
            fcntl(fd, CShims_F_ADD_SEALS, CShims_F_SEAL_SHRINK | CShims_F_SEAL_GROW | CShims_F_SEAL_SEAL)
        }
        guard let memory = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), memory != MAP_FAILED else {
            throw .systemCall(name: "mmap", errno: errno)
        }
        pixels = memory

        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))!
        let shmFormat = isTranslucent ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888
        pointer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, shmFormat.rawValue)!
        // The buffer keeps the memory; the pool is not needed once it is made.
        wl_shm_pool_destroy(pool)

        cairoSurface = cairo_image_surface_create_for_data(
            memory.assumingMemoryBound(to: UInt8.self), cairoFormat, width, height, stride
        )
        cairo_surface_set_device_scale(cairoSurface, Double(scale), Double(scale))

        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            Unmanaged<Buffer>.fromOpaque(data!).takeUnretainedValue().onRelease?()
        }))
        wl_buffer_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Has the second core fault in the buffer's pages (`MADV_POPULATE_WRITE`, Linux 5.14; without it nothing
    /// happens), so that the first frame drawn into it does not: at 3840x2160 that is 8 100 pages of a fresh memfd,
    /// 20 to 100 ms on the Wayland thread. The pages' contents are not touched, so drawing may start at any time;
    /// a page not faulted in yet is faulted in by the drawing as before.
    func faultInPagesInBackground() {
        let address = UInt(bitPattern: pixels), count = byteCount
        DispatchQueue.global(qos: .userInitiated).async {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: address), count, Self.populateWrite)
        }
    }

    /// Copies every pixel of `source`, a buffer of the same size and format, into this one on the second core;
    /// `done` is left when the copy is complete. Neither buffer may be drawn into until then.
    func copyPixelsInBackground(from source: Buffer, done: DispatchGroup) {
        guard source.byteCount == byteCount, source.stride == stride else { return }
        cairo_surface_flush(cairoSurface)
        let target = UInt(bitPattern: pixels), origin = UInt(bitPattern: source.pixels), count = byteCount
        done.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            if let target = UnsafeMutableRawPointer(bitPattern: target), let origin = UnsafeRawPointer(bitPattern: origin) {
                target.copyMemory(from: origin, byteCount: count)
            }
            done.leave()
        }
    }

    /// `MADV_POPULATE_WRITE` from <linux/mman.h>, which Glibc's module does not export.
    private static let populateWrite: Int32 = 23

    /// Sets the alpha of every pixel in `rect` (buffer pixels, clipped to the buffer) to opaque, keeping the
    /// colour: for parts drawn as RGB24 (which leaves alpha undefined) into a translucent buffer. Nothing to do in
    /// an opaque buffer.
    public func makeOpaque(_ rect: PixelRect) {
        guard isTranslucent else { return }
        let left = max(rect.x, 0), right = min(rect.x + rect.width, Int(pixelWidth))
        let top = max(rect.y, 0), bottom = min(rect.y + rect.height, Int(pixelHeight))
        guard left < right, top < bottom else { return }
        cairo_surface_flush(cairoSurface)
        for row in top..<bottom {
            let pixel = (pixels + row * Int(stride)).assumingMemoryBound(to: UInt32.self)
            for column in left..<right { pixel[column] |= 0xFF00_0000 }
        }
        cairo_surface_mark_dirty(cairoSurface)
    }

    deinit {
        cairo_surface_destroy(cairoSurface)
        wl_buffer_destroy(pointer)
        munmap(pixels, byteCount)
        listener.deallocate()
    }
}

/// A reduced frame's image (``ToplevelWindowDelegate/toplevelWindow(_:drawReduced:)``): the top-left part of a full-size buffer, ``reduction``
/// times fewer pixels each way (rounded up), which the compositor crops and scales up to the window through
/// `wp_viewport` (its source this part, its destination the window's logical size). No buffer of its own: the
/// window's buffers are all a zoom step needs (docs/rendering.md, "The zoom step at reduced resolution").
public final class ReducedImage {
    /// The full-size buffer whose top-left part this is: the same object for every frame drawn into that buffer.
    public let buffer: Buffer
    /// How many times fewer pixels each way than the buffer: 2 (half) to ``reductions``' upper bound.
    public let reduction: Int32
    /// The reductions an image can have; a value asked for outside them is taken to the nearest.
    public static let reductions: ClosedRange<Int32> = 2...8
    /// The size in pixels: the buffer's divided by ``reduction``, rounded up.
    public let pixelWidth: Int32
    public let pixelHeight: Int32
    /// Pixels per logical point: the buffer's scale divided by ``reduction``.
    public let pixelsPerPoint: Double
    /// A Cairo image surface over this part of the buffer's pixels (rows the buffer's ``Buffer/stride`` apart), with
    /// device scale ``pixelsPerPoint``: draw in logical points.
    public let cairoSurface: OpaquePointer

    /// The top-left part of `buffer`, `reduction` (taken into ``reductions``) times fewer pixels each way.
    init(buffer: Buffer, reduction: Int) {
        self.buffer = buffer
        self.reduction = Int32(min(max(reduction, Int(Self.reductions.lowerBound)), Int(Self.reductions.upperBound)))
        pixelWidth = (buffer.pixelWidth + self.reduction - 1) / self.reduction
        pixelHeight = (buffer.pixelHeight + self.reduction - 1) / self.reduction
        pixelsPerPoint = Double(buffer.scale) / Double(self.reduction)
        cairoSurface = cairo_image_surface_create_for_data(
            buffer.pixels.assumingMemoryBound(to: UInt8.self), buffer.isTranslucent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24,
            pixelWidth, pixelHeight, buffer.stride)
        cairo_surface_set_device_scale(cairoSurface, pixelsPerPoint, pixelsPerPoint)
    }

    deinit {
        cairo_surface_flush(cairoSurface)
        cairo_surface_destroy(cairoSurface)
    }

    /// The size in logical points.
    public var width: Int { Int((Double(pixelWidth) / pixelsPerPoint).rounded(.down)) }
    public var height: Int { Int((Double(pixelHeight) / pixelsPerPoint).rounded(.down)) }
}
