// The desktop's portal (xdg-desktop-portal) over D-Bus: its appearance settings and its file dialogs.
import CGio
import FoundationEssentials
import Glibc
import Localization
import Threading

/// The desktop's colour preference, `org.freedesktop.appearance` `color-scheme`.
public enum ColorScheme: UInt32, Sendable, Equatable {
    /// No preference: the application's own default.
    case noPreference = 0
    /// Prefers dark.
    case dark = 1
    /// Prefers light.
    case light = 2
}

/// What a file dialog came back with.
public enum FileChoice: Sendable, Equatable {
    /// The user chose this local file.
    case chosen(URL)
    /// The user closed the dialog without choosing.
    case cancelled
    /// No dialog could be shown, or it ended without a usable file; the reason says which.
    case unavailable(PortalUnavailable)
}

/// A kind of file a dialog offers: a name and the globs and MIME types that match it.
public struct FileFilter: Sendable, Equatable {
    /// The name the dialog shows, e.g. "PNG image".
    public var name: String
    /// Globs such as `*.png`.
    public var globs: [String]
    /// MIME types such as `image/png`.
    public var mimeTypes: [String]

    /// A filter named `name` matching `globs` and `mimeTypes`.
    public init(name: String, globs: [String], mimeTypes: [String]) {
        self.name = name
        self.globs = globs
        self.mimeTypes = mimeTypes
    }

    /// PNG, SVG and PDF: what an exported picture may be, named in the user's language.
    public static var pictures: [FileFilter] {
        [
            // Translators: a kind of file the export dialog offers.
            FileFilter(name: localized("PNG image"), globs: ["*.png"], mimeTypes: ["image/png"]),
            // Translators: a kind of file the export dialog offers.
            FileFilter(name: localized("SVG image"), globs: ["*.svg"], mimeTypes: ["image/svg+xml"]),
            // Translators: a kind of file the export dialog offers.
            FileFilter(name: localized("PDF document"), globs: ["*.pdf"], mimeTypes: ["application/pdf"]),
        ]
    }
}

/// What a file dialog asks: its title, parent window, suggested name and the kinds of file it offers.
public struct FileDialogRequest: Sendable, Equatable {
    /// The dialog's title.
    public var title: String
    /// The parent window's handle (`wayland:HANDLE` from xdg-foreign), or empty for none.
    public var parentWindow = ""
    /// The suggested file name (SaveFile only).
    public var suggestedName: String?
    /// The kinds of file offered; the first is selected.
    public var filters: [FileFilter] = []
    /// Whether the dialog blocks its parent window.
    public var isModal = true

    /// A request titled `title`.
    public init(title: String, parentWindow: String = "", suggestedName: String? = nil, filters: [FileFilter] = [],
                isModal: Bool = true) {
        self.title = title
        self.parentWindow = parentWindow
        self.suggestedName = suggestedName
        self.filters = filters
        self.isModal = isModal
    }
}

/// The desktop's portal, `org.freedesktop.portal.Desktop` on the session bus, asked from a thread of its own.
///
/// Nothing here blocks the caller: each answer comes to a completion handler **on the portal's thread**, as a
/// `Sendable` value; post it to the Wayland loop (a `Mailbox`) to act on it. No bus, no portal or a call that takes
/// more than 2 seconds is an ordinary answer: ``PortalUnavailable`` or ``FileChoice/unavailable(_:)``.
public final class DesktopPortal: Sendable {
    static let busName = "org.freedesktop.portal.Desktop"
    static let objectPath = "/org/freedesktop/portal/desktop"
    static let settingsInterface = "org.freedesktop.portal.Settings"
    static let fileChooserInterface = "org.freedesktop.portal.FileChooser"
    static let requestInterface = "org.freedesktop.portal.Request"

    let thread: PortalThread

    /// Connects, on the portal's thread, to the session bus at `busAddress` (by default `DBUS_SESSION_BUS_ADDRESS`).
    public init(busAddress: String? = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]) {
        thread = PortalThread(busAddress: busAddress)
    }

    deinit {
        thread.stop()
    }

    // MARK: Settings

    /// Reads the desktop's colour scheme (`ReadOne`, else the older `Read`). An unknown value is no preference.
    public func readColorScheme(_ completion: @escaping @Sendable (Result<ColorScheme, PortalUnavailable>) -> Void) {
        let thread = thread
        thread.perform {
            completion(Self.readColorScheme(on: thread))
        }
    }

    private static func readColorScheme(on thread: PortalThread) -> Result<ColorScheme, PortalUnavailable> {
        func arguments() -> OpaquePointer {
            tuple([g_variant_new_string("org.freedesktop.appearance"), g_variant_new_string("color-scheme")])
        }
        var answer = thread.call(settingsInterface, "ReadOne", arguments())
        if case .failure = answer, thread.connection != nil {
            answer = thread.call(settingsInterface, "Read", arguments())
        }
        return answer.map { reply in
            ColorScheme(rawValue: reply.child(0)?.unwrapped.uint32 ?? 0) ?? .noPreference
        }
    }

    /// Calls `handler` (on the portal's thread) with each change of the desktop's colour scheme, for as long as
    /// this portal lives. Nothing comes without a bus or a portal.
    public func watchColorScheme(_ handler: @escaping @Sendable (ColorScheme) -> Void) {
        let thread = thread
        thread.perform {
            _ = thread.subscribe(interface: Self.settingsInterface, member: "SettingChanged", path: Self.objectPath) { parameters in
                guard parameters.child(0)?.string == "org.freedesktop.appearance",
                      parameters.child(1)?.string == "color-scheme" else { return false }
                handler(ColorScheme(rawValue: parameters.child(2)?.unwrapped.uint32 ?? 0) ?? .noPreference)
                return false
            }
        }
    }

    // MARK: File chooser

    /// Asks the desktop's save dialog for a file to write (`SaveFile`).
    public func saveFile(_ request: FileDialogRequest, completion: @escaping @Sendable (FileChoice) -> Void) {
        chooseFile("SaveFile", request, completion: completion)
    }

    /// Asks the desktop's open dialog for a file to read (`OpenFile`).
    public func openFile(_ request: FileDialogRequest, completion: @escaping @Sendable (FileChoice) -> Void) {
        chooseFile("OpenFile", request, completion: completion)
    }

    private func chooseFile(_ method: String, _ request: FileDialogRequest,
                            completion: @escaping @Sendable (FileChoice) -> Void) {
        let thread = thread
        thread.perform {
            Self.request(on: thread, Self.fileChooserInterface, method) { token in
                tuple([g_variant_new_string(request.parentWindow), g_variant_new_string(request.title),
                       Self.options(for: request, method: method, token: token)])
            } completion: { answer in
                switch answer {
                case .success(let parameters): completion(Self.choice(fromResponse: parameters))
                case .failure(let failure): completion(.unavailable(failure))
                }
            }
        }
    }

    /// Calls a portal method that answers through a Request object (`handle_token` in its options, made by
    /// `arguments` from the token) and hands `completion` the Request's `Response(u response, a{sv} results)`
    /// parameters, or why none will come: the call failed, or the portal went away before answering. Portal thread
    /// only.
    static func request(on thread: PortalThread, _ interface: String, _ method: String,
                        arguments: (_ token: String) -> OpaquePointer, descriptors: [Int32] = [],
                        completion: @escaping @Sendable (Result<GVariantReply, PortalUnavailable>) -> Void) {
        guard let connection = thread.connection else {
            descriptors.forEach { _ = close($0) }
            return completion(.failure(thread.failure))
        }
        let token = RequestToken.next()
        let sender = String(cString: g_dbus_connection_get_unique_name(connection))
        let expectedPath = requestPath(sender: sender, token: token)
        // Subscribed before the call, so a fast answer is not missed.
        let answered = Answered()
        var vanished: guint = 0
        let onResponse: (GVariantReply) -> Bool = { parameters in
            guard !answered.value else { return true }
            answered.value = true
            thread.unsubscribe(vanished)
            completion(.success(parameters))
            return true
        }
        var subscription = thread.subscribe(interface: requestInterface, member: "Response", path: expectedPath,
                                            onResponse)
        // A portal that goes away with its dialog open never answers: say so instead of waiting for ever.
        vanished = thread.subscribe(
            sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            path: "/org/freedesktop/DBus", arg0: busName
        ) { parameters in
            guard parameters.child(2)?.string == "", !answered.value else { return answered.value }
            answered.value = true
            thread.unsubscribe(subscription)
            completion(.failure(PortalUnavailable(localized("the desktop portal went away with its dialog open"))))
            return true
        }
        switch thread.call(to: busName, path: objectPath, interface, method, arguments(token), descriptors: descriptors) {
        case .failure(let failure):
            thread.unsubscribe(subscription)
            thread.unsubscribe(vanished)
            answered.value = true
            completion(.failure(failure))
        case .success(let reply):
            // Older portals answer on a path of their own making.
            if let handle = reply.child(0)?.string, handle != expectedPath, !answered.value {
                thread.unsubscribe(subscription)
                subscription = thread.subscribe(interface: requestInterface, member: "Response", path: handle, onResponse)
            }
        }
    }

    /// The Request object's path for `token`: the sender's unique name without ':' and with '.' as '_'.
    static func requestPath(sender: String, token: String) -> String {
        let name = String(sender.drop(while: { $0 == ":" })).replacing(".", with: "_")
        return "\(objectPath)/request/\(name)/\(token)"
    }

    /// The `a{sv}` options of a file dialog.
    private static func options(for request: FileDialogRequest, method: String, token: String) -> OpaquePointer {
        var entries = [entry("handle_token", g_variant_new_string(token)),
                       entry("modal", g_variant_new_boolean(request.isModal ? 1 : 0))]
        if method == "SaveFile", let name = request.suggestedName {
            entries.append(entry("current_name", g_variant_new_string(name)))
        }
        if !request.filters.isEmpty {
            let filters = request.filters.map(filterVariant)
            entries.append(entry("filters", array(filters, type: "a(sa(us))")))
            entries.append(entry("current_filter", filterVariant(request.filters[0])))
        }
        return array(entries, type: "a{sv}")
    }

    private static func filterVariant(_ filter: FileFilter) -> OpaquePointer? {
        let patterns = filter.globs.map { tuple([g_variant_new_uint32(0), g_variant_new_string($0)]) }
            + filter.mimeTypes.map { tuple([g_variant_new_uint32(1), g_variant_new_string($0)]) }
        return tuple([g_variant_new_string(filter.name), array(patterns, type: "a(us)")])
    }

    /// A FileChoice from a Request's `Response(u response, a{sv} results)`.
    static func choice(fromResponse parameters: GVariantReply) -> FileChoice {
        switch parameters.child(0)?.uint32 {
        case 0:
            guard let uris = parameters.child(1)?.lookup("uris")?.strings, let first = uris.first else {
                return .unavailable(PortalUnavailable(localized("the file dialog chose no file")))
            }
            guard let url = URL(string: first), url.isFileURL else {
                return .unavailable(PortalUnavailable(localized("the file dialog chose %s, which is not a local file", first)))
            }
            return .chosen(url)
        case 1:
            return .cancelled
        default:
            return .unavailable(PortalUnavailable(localized("the file dialog ended without a file")))
        }
    }
}

/// Whether a request was answered; touched only on the portal thread.
private final class Answered: @unchecked Sendable {
    var value = false
}

/// Request tokens unique within this process.
enum RequestToken {
    private static let counter = Counter()
    static func next() -> String {
        "fingerpaint\(counter.next())_\(UInt32.random(in: 0...UInt32.max))"
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = Locked(())
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

// MARK: GVariant building (GLib's non-variadic constructors; the results are floating references)

func tuple(_ children: [OpaquePointer?]) -> OpaquePointer {
    children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
}

func array(_ children: [OpaquePointer?], type: String) -> OpaquePointer {
    let elementType = g_variant_type_new(String(type.dropFirst()))
    defer { g_variant_type_free(elementType) }
    return children.withUnsafeBufferPointer { g_variant_new_array(elementType, $0.baseAddress, gsize($0.count)) }
}

func entry(_ key: String, _ value: OpaquePointer?) -> OpaquePointer? {
    g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value))
}
