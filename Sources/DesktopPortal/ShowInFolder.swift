// "Show in folder": the desktop's file manager shows a file, through the portal's OpenURI or FileManager1.
import CGio
import Foundation
import Glibc

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
            func names(_ method: String, _ parameters: OpaquePointer?) -> GVariantReply? {
                guard case .success(let reply) = thread.call(to: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                                             "org.freedesktop.DBus", method, parameters) else { return nil }
                return reply.child(0)
            }
            let owned = names("NameHasOwner", tuple([g_variant_new_string(Self.fileManagerName)]))
                .map { g_variant_get_boolean($0.variant) != 0 } ?? false
            let activatable = names("ListActivatableNames", nil)?.strings?.contains(Self.fileManagerName) ?? false
            completion(owned || activatable ? .fileManager : nil)
        }
    }

    /// Asks the desktop to show `file` in its folder, the way ``findFolderShowing(_:)`` found, with `parentWindow`
    /// (`wayland:HANDLE` or empty) for the portal. `completion` gets `nil` once asked, or why it could not be.
    public func showInFolder(_ file: URL, way: FolderShowing, parentWindow: String = "",
                             completion: @escaping @Sendable (PortalUnavailable?) -> Void) {
        let thread = thread
        let path = file.path
        thread.perform {
            switch way {
            case .openURI:
                let descriptor = open(path, O_RDONLY | O_CLOEXEC)
                guard descriptor >= 0 else {
                    return completion(PortalUnavailable("it cannot be opened: \(String(cString: strerror(errno)))"))
                }
                let options = array([entry("handle_token", g_variant_new_string(RequestToken.next()))], type: "a{sv}")
                let result = thread.call(to: Self.busName, path: Self.objectPath, Self.openURIInterface, "OpenDirectory",
                                         tuple([g_variant_new_string(parentWindow), g_variant_new_handle(0), options]),
                                         descriptors: [descriptor])
                if case .failure(let failure) = result { return completion(failure) }
                completion(nil)
            case .fileManager:
                let uri = URL(fileURLWithPath: path).absoluteString
                let uris = array([g_variant_new_string(uri)], type: "as")
                let result = thread.call(to: Self.fileManagerName, path: "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1",
                                         "ShowItems", tuple([uris, g_variant_new_string("")]), startsService: true)
                if case .failure(let failure) = result { return completion(failure) }
                completion(nil)
            }
        }
    }
}
