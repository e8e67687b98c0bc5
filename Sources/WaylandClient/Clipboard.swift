// The clipboard and drops: wl_data_device_manager, a data device per seat that keeps what the compositor offers as the
// seat's selection and takes drags from other programs into our windows, the data source we offer, and the reader
// that takes an offer's bytes on the event loop without blocking it.
import CShims
import CWaylandClient
import CWaylandProtocols
import Dispatch
import Geometry
import Glibc
import Localization

/// What a program puts on the clipboard: the same content in one or more MIME types, each as its bytes.
public struct ClipboardContent: Sendable {
    /// The MIME types and their bytes, in the order of preference.
    public var representations: [(mimeType: String, bytes: [UInt8])]

    /// Content in these representations.
    public init(_ representations: [(mimeType: String, bytes: [UInt8])]) {
        self.representations = representations
    }
}

/// Why the clipboard was not set or read, or a drop's content not read.
public enum ClipboardFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The compositor offers no `wl_data_device_manager`.
    case notOffered
    /// No key, button, touch or pen has been pressed in a window yet: the compositor takes a selection only with
    /// the serial of an input event.
    case noInputYet
    /// The clipboard holds nothing, or nothing as the type asked for.
    case empty
    /// What the clipboard holds is larger than the reader takes, in bytes.
    case tooLarge(limit: Int)
    /// Reading the clipboard's bytes failed with this `errno`.
    case readFailed(errno: Int32)
    /// Another read of the clipboard was asked for before this one ended.
    case superseded

    /// One line for the user.
    public var description: String {
        switch self {
        case .notOffered: localized("this desktop offers no clipboard")
        case .noInputYet: localized("the clipboard takes a copy only after a touch, click or key")
        case .empty: localized("the clipboard is empty")
        // Translators: why a paste or a drop failed: "it" is what the clipboard (or the drop) holds; %d a number of MiB.
        case let .tooLarge(limit): localized("it is larger than %d MiB", limit / (1 << 20))
        // Translators: why a paste or a drop failed: "it" is what the clipboard (or the drop) holds; %s the system's
        // reason.
        case let .readFailed(code): localized("it could not be read (%s)", String(cString: strerror(code)))
        // Translators: why a paste failed: another paste was asked for before this one ended.
        case .superseded: localized("another paste was asked for")
        }
    }
}

/// `wl_data_device_manager` and a `wl_data_device` for each seat: we offer the clipboard's content as a source,
/// keep each seat's selection offer so that it can be read when the program pastes, and take drags into our windows.
final class DataDevices {
    private unowned let display: Display
    private let manager: OpaquePointer
    private let version: UInt32
    private var devices: [OpaquePointer: DataDevice] = [:]
    /// The source on the clipboard now, until the compositor cancels it (something else was copied).
    private var source: DataSource?

    init(display: Display, manager: OpaquePointer, version: UInt32) {
        self.display = display
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
        let device = DataDevice(display: display, pointer: wl_data_device_manager_get_data_device(manager, seat)!,
                                version: version)
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

    /// What `seat`'s clipboard offers now: the offer of its selection, `nil` when it holds nothing. Without a seat,
    /// the first seat's that holds something.
    func selection(of seat: OpaquePointer?) -> DataOffer? {
        if let seat { return devices[seat]?.selection }
        return devices.values.lazy.compactMap(\.selection).first
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

/// One seat's `wl_data_device`: it keeps the offer the compositor names as the selection (the clipboard), and takes
/// drags from other programs into our windows.
///
/// A drag's `enter` asks the window under it which of the offered types it takes (``ToplevelWindow``'s delegate):
/// that type is accepted (`wl_data_offer.accept`) with the copy action (`set_actions`, version 3), or none, which
/// refuses the drag. At the `drop` the content is read as that type through a pipe on the event loop, the offer
/// finished (version 3) once it came, and the window told. A `leave` before the drop gives the drag up; one after it
/// leaves the read alone.
final class DataDevice {
    /// The most bytes a drop reads: a list of files is a few hundred; a picture dragged from a browser, megabytes.
    static let largestDrop = 256 << 20

    let pointer: OpaquePointer
    private unowned let display: Display
    private let version: UInt32
    private let listener: UnsafeMutablePointer<wl_data_device_listener>
    /// Offers introduced by `data_offer` and not yet named as the selection or a drag's.
    private var introduced: [OpaquePointer: DataOffer] = [:]
    /// The clipboard's content now, as the compositor offers it; `nil` when it holds nothing.
    private(set) var selection: DataOffer?
    /// A drag over one of our windows, from its enter to its leave or drop: the offer, the window, where it is
    /// and the type the window takes (`nil`: refused).
    private var drag: (offer: DataOffer, window: ToplevelWindow?, location: Point, mimeType: String?)?
    /// The read of the last drop's content, until it comes.
    private var dropReader: ClipboardReader?

    init(display: Display, pointer: OpaquePointer, version: UInt32) {
        self.display = display
        self.pointer = pointer
        self.version = version
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_data_device_listener(
            data_offer: { data, _, offer in
                guard let offer else { return }
                DataDevice.from(data).introduce(offer)
            },
            enter: { data, _, serial, surface, x, y, offer in
                let location = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
                DataDevice.from(data).dragEntered(serial: serial, surface: surface, at: location, offer: offer)
            },
            leave: { data, _ in DataDevice.from(data).drag = nil },
            motion: { data, _, _, x, y in
                DataDevice.from(data).drag?.location = Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
            },
            drop: { data, _ in DataDevice.from(data).dropped() },
            selection: { data, _, offer in DataDevice.from(data).select(offer) }
        ))
        wl_data_device_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        introduced.removeAll()
        selection = nil
        drag = nil
        dropReader = nil
        if version >= 2 { wl_data_device_release(pointer) } else { wl_data_device_destroy(pointer) }
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> DataDevice {
        Unmanaged<DataDevice>.fromOpaque(data!).takeUnretainedValue()
    }

    private func introduce(_ offer: OpaquePointer) {
        introduced[offer] = DataOffer(pointer: offer)
    }

    /// A drag came over `surface`: the window under it says which type it takes, accepted with the copy action, or
    /// none (refused). A drag over a surface that is not a window of ours is refused.
    private func dragEntered(serial: UInt32, surface: OpaquePointer?, at location: Point, offer: OpaquePointer?) {
        drag = nil
        guard let offer, let dataOffer = introduced.removeValue(forKey: offer) else { return }
        let window = display.window(for: surface)
        let taken = window?.dragEntered(offering: dataOffer.mimeTypes, at: location)
        let mimeType = taken.flatMap { dataOffer.mimeTypes.contains($0) ? $0 : nil }
        wl_data_offer_accept(offer, serial, mimeType)
        if version >= 3 {
            let copy = mimeType == nil ? 0 : WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
            wl_data_offer_set_actions(offer, copy, copy)
        }
        drag = (dataOffer, window, location, mimeType)
    }

    /// The drag was dropped: its content is read as the type taken, then the window is told (a refused drag's offer
    /// just goes).
    private func dropped() {
        guard let drag else { return }
        self.drag = nil
        guard let mimeType = drag.mimeType, let window = drag.window else { return }
        dropReader?.cancel()
        let offer = drag.offer, location = drag.location, finishes = version >= 3
        do {
            let fd = try offer.receive(mimeType)
            dropReader = ClipboardReader(display: display, fd: fd, limit: Self.largestDrop) { [weak self, weak window] result in
                // The offer is finished only when its content came (the protocol's "successfully finished").
                if finishes, case .success = result { wl_data_offer_finish(offer.pointer) }
                withExtendedLifetime(offer) {}
                if let self, self.dropReader?.isFinished ?? false { self.dropReader = nil }
                // A drop that came before this one's content did says what it did.
                if case .failure(.superseded) = result { return }
                window?.dropped(result, as: mimeType, at: location)
            }
        } catch {
            window.dropped(.failure(error), as: mimeType, at: location)
        }
        _ = wl_display_flush(display.pointer)
    }

    /// The selection is `offer` now (`nil`: nothing); the one before it is destroyed.
    private func select(_ offer: OpaquePointer?) {
        selection = offer.flatMap { introduced.removeValue(forKey: $0) }
        // Offers introduced and never named are stale now.
        introduced.removeAll()
    }
}

/// An offer of the compositor's: the MIME types the clipboard's owner (another program, or this one) offers.
final class DataOffer {
    /// The most MIME types an offer keeps, and the longest type kept, in bytes: an offer with more is not ours to
    /// read whole.
    static let maximumTypes = 256, maximumTypeBytes = 1024

    let pointer: OpaquePointer
    /// The types offered, in the order the owner offered them.
    private(set) var mimeTypes: [String] = []
    private let listener: UnsafeMutablePointer<wl_data_offer_listener>

    init(pointer: OpaquePointer) {
        self.pointer = pointer
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_data_offer_listener(
            offer: { data, _, type in
                guard let type else { return }
                let offer = Unmanaged<DataOffer>.fromOpaque(data!).takeUnretainedValue()
                let mimeType = String(cString: type)
                guard offer.mimeTypes.count < DataOffer.maximumTypes, mimeType.utf8.count <= DataOffer.maximumTypeBytes,
                      !offer.mimeTypes.contains(mimeType) else { return }
                offer.mimeTypes.append(mimeType)
            },
            source_actions: { _, _, _ in },
            action: { _, _, _ in }
        ))
        wl_data_offer_add_listener(pointer, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_data_offer_destroy(pointer)
        listener.deallocate()
    }

    /// Asks the owner to write the content as `mimeType` into a new pipe; returns its reading end, non-blocking.
    func receive(_ mimeType: String) throws(ClipboardFailure) -> Int32 {
        var ends: [Int32] = [-1, -1]
        guard CShims_pipeForReading(&ends) == 0 else { throw .readFailed(errno: errno) }
        wl_data_offer_receive(pointer, mimeType, ends[1])
        // The request holds a copy of the writing end until it is sent; ours goes now, so the reader sees the end
        // of the content when the owner closes its copy.
        close(ends[1])
        return ends[0]
    }
}

/// Reads what the clipboard's owner writes into a pipe, on the display's event loop as the bytes come (never
/// blocking it), up to a limit; tells its completion once, with the bytes or why not.
final class ClipboardReader: EventSource {
    private weak var display: Display?
    private let fd: Int32
    private let limit: Int
    private var bytes: [UInt8] = []
    private var completion: ((Result<[UInt8], ClipboardFailure>) -> Void)?

    init(display: Display, fd: Int32, limit: Int, completion: @escaping (Result<[UInt8], ClipboardFailure>) -> Void) {
        self.display = display
        self.fd = fd
        self.limit = limit
        self.completion = completion
        display.register(self, fd: fd)
    }

    deinit {
        guard completion != nil else { return }
        display?.unregister(fd: fd)
        close(fd)
    }

    /// Whether the content came, or the read failed: the completion was told.
    var isFinished: Bool { completion == nil }

    /// Stops reading: the completion is told ``ClipboardFailure/superseded``.
    func cancel() {
        finish(.failure(.superseded))
    }

    func readable() {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while completion != nil {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 {
                guard bytes.count + count <= limit else { return finish(.failure(.tooLarge(limit: limit))) }
                bytes += chunk[..<count]
            } else if count == 0 {
                return finish(.success(bytes))
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                return
            } else {
                return finish(.failure(.readFailed(errno: errno)))
            }
        }
    }

    /// Stops reading and tells the completion, once.
    private func finish(_ result: Result<[UInt8], ClipboardFailure>) {
        guard let completion else { return }
        self.completion = nil
        display?.unregister(fd: fd)
        close(fd)
        bytes = []
        completion(result)
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
