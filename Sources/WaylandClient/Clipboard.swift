// The clipboard as a source: wl_data_device_manager, a data device per seat, and the data source we offer.
import CWaylandClient
import CWaylandProtocols
import Dispatch
import Glibc

/// What a program puts on the clipboard: the same content in one or more MIME types, each as its bytes.
public struct ClipboardContent: Sendable {
    /// The MIME types and their bytes, in the order of preference.
    public var representations: [(mimeType: String, bytes: [UInt8])]

    /// Content in these representations.
    public init(_ representations: [(mimeType: String, bytes: [UInt8])]) {
        self.representations = representations
    }
}

/// Why the clipboard was not set.
public enum ClipboardFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The compositor offers no `wl_data_device_manager`.
    case notOffered
    /// No key, button, touch or pen has been pressed in a window yet: the compositor takes a selection only with
    /// the serial of an input event.
    case noInputYet

    /// One line for the user.
    public var description: String {
        switch self {
        case .notOffered: "this desktop offers no clipboard"
        case .noInputYet: "the clipboard takes a copy only after a touch, click or key"
        }
    }
}

/// `wl_data_device_manager` and a `wl_data_device` for each seat. Only the source side is used: we offer, and
/// destroy every offer the compositor sends us unread.
final class DataDevices {
    private let manager: OpaquePointer
    private let version: UInt32
    private var devices: [OpaquePointer: DataDevice] = [:]
    /// The source on the clipboard now, until the compositor cancels it (something else was copied).
    private var source: DataSource?

    init(manager: OpaquePointer, version: UInt32) {
        self.manager = manager
        self.version = version
        // A reader that goes away while we write gives EPIPE, not a signal that ends the program (as foot does).
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        source = nil
        devices.removeAll()
        wl_data_device_manager_destroy(manager)
    }

    /// The data device of a seat, made the first time it is asked for.
    private func device(for seat: OpaquePointer) -> DataDevice {
        if let device = devices[seat] { return device }
        let device = DataDevice(pointer: wl_data_device_manager_get_data_device(manager, seat)!, version: version)
        devices[seat] = device
        return device
    }

    /// Makes the seat's data device for a seat bound after the manager, so that selection events are handled.
    func seatAdded(_ seat: OpaquePointer) {
        _ = device(for: seat)
    }

    func seatRemoved(_ seat: OpaquePointer) {
        devices[seat] = nil
    }

    /// Offers `content` as the selection of `seat`, quoting the serial of the input that asked.
    func setSelection(_ content: ClipboardContent, seat: OpaquePointer, serial: UInt32) {
        let new = DataSource(pointer: wl_data_device_manager_create_data_source(manager)!, content: content) { [weak self] cancelled in
            if self?.source === cancelled { self?.source = nil }
        }
        wl_data_device_set_selection(device(for: seat).pointer, new.pointer, serial)
        // The source it replaces is cancelled by the compositor; it goes now either way.
        source = new
    }
}

/// One seat's `wl_data_device`: offers from other clients are destroyed as they come (we do not paste).
final class DataDevice {
    let pointer: OpaquePointer
    private let version: UInt32
    private let listener: UnsafeMutablePointer<wl_data_device_listener>

    init(pointer: OpaquePointer, version: UInt32) {
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_data_device_listener(
            data_offer: { _, _, _ in },
            enter: { _, _, _, _, _, _, _ in },
            leave: { _, _ in },
            motion: { _, _, _, _, _ in },
            drop: { _, _ in },
            selection: { _, _, offer in if let offer { wl_data_offer_destroy(offer) } }
        ))
        wl_data_device_add_listener(pointer, listener, nil)
    }

    deinit {
        if version >= 2 { wl_data_device_release(pointer) } else { wl_data_device_destroy(pointer) }
        listener.deallocate()
    }
}

/// A `wl_data_source` offering some content: each `send` is answered by writing the bytes of the asked type into
/// the reader's pipe on a background queue, so a slow reader never holds up the Wayland thread.
final class DataSource {
    let pointer: OpaquePointer
    private let content: ClipboardContent
    private let listener: UnsafeMutablePointer<wl_data_source_listener>
    private let onCancel: (DataSource) -> Void
    private static let writers = DispatchQueue(label: "fingerpaint.clipboard", qos: .userInitiated)

    init(pointer: OpaquePointer, content: ClipboardContent, onCancel: @escaping (DataSource) -> Void) {
        self.pointer = pointer
        self.content = content
        self.onCancel = onCancel
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_data_source_listener(
            target: { _, _, _ in },
            send: { data, _, mimeType, fd in
                DataSource.from(data).send(mimeType.map { String(cString: $0) }, to: fd)
            },
            cancelled: { data, _ in
                let source = DataSource.from(data)
                source.onCancel(source)
            },
            dnd_drop_performed: { _, _ in },
            dnd_finished: { _, _ in },
            action: { _, _, _ in }
        ))
        wl_data_source_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
        for representation in content.representations { wl_data_source_offer(pointer, representation.mimeType) }
    }

    deinit {
        wl_data_source_destroy(pointer)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> DataSource {
        Unmanaged<DataSource>.fromOpaque(data!).takeUnretainedValue()
    }

    /// Writes the bytes of `mimeType` (nothing for a type we did not offer) into `fd` and closes it.
    private func send(_ mimeType: String?, to fd: Int32) {
        let bytes = content.representations.first { $0.mimeType == mimeType }?.bytes ?? []
        Self.writers.async {
            // Blocking writes on this queue: the pipe may have come non-blocking.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { break }
                offset += written
            }
            close(fd)
        }
    }
}
