// Folders of the user's own cache made as needed, readable by the user alone (mode 0700).
import FoundationEssentials
import Glibc

/// The folders of a private cache: the thumbnails' (`PaintUI.ThumbnailCache`) and the tile store's
/// (docs/tile-cache.md).
///
/// - A folder that is there is taken as it is, whatever its mode.
/// - A missing folder is made with every missing parent, each mode 0700.
/// - A file where a folder should be is a failure, never replaced.
package enum PrivateFolder {
    /// Makes `folder` and any missing parent, each new one mode 0700; whether it is a folder now.
    package static func make(_ folder: URL) -> Bool {
        var status = stat()
        if stat(folder.path, &status) == 0 { return status.st_mode & S_IFMT == S_IFDIR }
        let parent = folder.deletingLastPathComponent()
        guard parent.path != folder.path, make(parent) else { return false }
        return mkdir(folder.path, 0o700) == 0 || errno == EEXIST
    }
}
