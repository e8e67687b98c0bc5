// "Show in folder": the desktop's file manager shows a file, through the portal's OpenURI or FileManager1.
import CGio
import FoundationEssentials
import Glibc
import Localization

/// A way the desktop offers to show a file in its folder.
public enum FolderShowing: Sendable, Equatable {
    /// The portal's `org.freedesktop.portal.OpenURI.OpenDirectory` (version 3 and later), given the file open (read-only).
    case openURI
    /// The file manager's `org.freedesktop.FileManager1.ShowItems` on the session bus.
    case fileManager
}

extension DesktopPortal {
    static let openURIInterface = "org.freedesktop.portal.OpenURI"
    static let fileManagerName = "org.freedesktop.FileManager1"

    /// Finds how the desktop can show a file in its folder: the portal's OpenURI when it has `OpenDirectory`
    /// (its `version` 3 or later), else `org.freedesktop.FileManager1` when that name has an owner or can be
    /// started; `nil` for neither (no bus, no portal, no file manager).
    public func findFolderShowing(_ completion: @escaping @Sendable (FolderShowing?) -> Void) {
        let thread = thread
        thread.perform {
            let version = thread.call(to: Self.busName, path: Self.objectPath, "org.freedesktop.DBus.Properties", "Get",
                                      tuple([g_variant_new_string(Self.openURIInterface), g_variant_new_string("version")]))
            if case .success(let reply) = version, let number = reply.child(0)?.unwrapped.uint32, number >= 3 {
                return completion(.openURI)
            }
            completion(Self.fileManagerIsOffered(on: thread) ? .fileManager : nil)
        }
    }

    /// Asks the desktop to show `file` in its folder, the way ``findFolderShowing(_:)`` found, with `parentWindow`
    /// (`wayland:HANDLE` or empty) for the portal. The portal's answer is awaited: when it could not open the folder
    /// (no file manager behind it), the file manager's `ShowItems` is tried where that name is offered.
    /// `completion` gets `nil` once shown (or when the user dismissed the portal's chooser), or why it could not be.
    public func showInFolder(_ file: URL, way: FolderShowing, parentWindow: String = "",
                             completion: @escaping @Sendable (PortalUnavailable?) -> Void) {
        let thread = thread
        let path = file.path
        thread.perform {
            switch way {
            case .openURI:
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    return completion(PortalUnavailable(localized("it cannot be opened: %s", String(cString: strerror(errno)))))
                }
                Self.request(on: thread, Self.openURIInterface, "OpenDirectory", arguments: { token in
                    let options = array([entry("handle_token", g_variant_new_string(token))], type: "a{sv}")
                    return tuple([g_variant_new_string(parentWindow), g_variant_new_handle(0), options])
                }, descriptors: [descriptor]) { answer in
                    let failure: PortalUnavailable
                    switch answer {
                    case .success(let parameters):
                        // 0: shown; 1: the user dismissed the portal's choice of application; 2: it failed.
                        let response = parameters.child(0)?.uint32 ?? 2
                        if response < 2 { return completion(nil) }
                        failure = PortalUnavailable(localized("the desktop could not open its folder"))
                    case .failure(let why):
                        failure = why
                    }
                    guard Self.fileManagerIsOffered(on: thread) else { return completion(failure) }
                    completion(Self.showItems(path, on: thread))
                }
            case .fileManager:
                completion(Self.showItems(path, on: thread))
            }
        }
    }

    /// Whether `org.freedesktop.FileManager1` has an owner or can be started. Portal thread only.
    static func fileManagerIsOffered(on thread: PortalThread) -> Bool {
        func names(_ method: String, _ parameters: OpaquePointer?) -> GVariantReply? {
            guard case .success(let reply) = thread.call(to: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                         "org.freedesktop.DBus", method, parameters) else { return nil }
            return reply.child(0)
        }
        let owned = names("NameHasOwner", tuple([g_variant_new_string(fileManagerName)]))
            .map { g_variant_get_boolean($0.variant) != 0 } ?? false
        return owned || names("ListActivatableNames", nil)?.strings?.contains(fileManagerName) ?? false
    }

    /// The file manager's `ShowItems` for the file at `path`: `nil` once asked, or why not. Portal thread only.
    static func showItems(_ path: String, on thread: PortalThread) -> PortalUnavailable? {
        let uri = URL(fileURLWithPath: path).absoluteString
        let uris = array([g_variant_new_string(uri)], type: "as")
        let result = thread.call(to: fileManagerName, path: "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1",
                                 "ShowItems", tuple([uris, g_variant_new_string("")]), startsService: true)
        if case .failure(let failure) = result { return failure }
        return nil
    }
}
