// What the gallery asks of its owner: a drawing to open, a new drawing, a long press's action, a rename, the close
// button, "Open…", and that what it shows changed. One method per event; the app implements them all.
import PaintModel

/// The owner of a ``GalleryView``: it opens and makes the drawings the gallery only shows. The gallery holds it
/// weakly (``GalleryView/delegate``); each method is called on the thread that delivers touches.
public protocol GalleryViewDelegate: AnyObject {
    /// A tap on a drawing's tile asks for it to be opened.
    func galleryView(_ gallery: GalleryView, didOpen drawing: LibraryDrawing)
    /// A tap on the new-drawing tile asks for a new drawing.
    func galleryViewDidAskForNewDrawing(_ gallery: GalleryView)
    /// A long press's menu chose `action` for `drawing`.
    func galleryView(_ gallery: GalleryView, didChoose action: GalleryView.Action, for drawing: LibraryDrawing)
    /// The rename panel's Rename (or Enter) asks for `drawing` to be renamed to `name`, as typed. The panel stays
    /// until ``GalleryView/endRenaming()`` or a new list of drawings closes it, so that a name refused can be mended.
    func galleryView(_ gallery: GalleryView, didAskToRename drawing: LibraryDrawing, to name: String)
    /// The header's close button was tapped: back to the drawing.
    func galleryViewDidClose(_ gallery: GalleryView)
    /// The header's "Open…" was tapped (shown while ``GalleryView/offersOpenFile``): the desktop's open dialog is to
    /// be asked for a drawing.
    func galleryViewDidAskToOpenFile(_ gallery: GalleryView)
    /// What the gallery shows changed (a scroll, a press, the menu, the drawings): a frame is needed.
    func galleryViewDidChange(_ gallery: GalleryView)
}
