// Export… through the desktop's save dialog (the host asks the portal), and the file it chose written (docs/portal.md).
import FoundationEssentials
import Localization
import PaintModel
import PaintRender

extension FingerPaintApp {
    /// The name the save dialog suggests: the drawing's name (else "Drawing") with `.png`.
    public var suggestedExportName: String {
        // Translators: the file name the save dialog suggests for a drawing never saved under a name (".png" follows).
        (document.map { $0.url.deletingPathExtension().lastPathComponent } ?? localized("Drawing")) + ".png"
    }

    /// Export… (Ctrl+Shift+S): the desktop's save dialog where it has one (``DesktopServices/exportDialog``), else
    /// a PNG in the pictures folder (``exportPNG(now:)``).
    func exportWithDialog() {
        if desktopServices.contains(.exportDialog), let desktop {
            desktop.fingerPaintApp(self, chooseExportFileSuggesting: suggestedExportName)
        } else {
            exportPNG()
        }
    }

    /// Writes the drawing's picture (``PaintRender/DrawingPicture``, as `--export` makes it) to the file the user
    /// chose in the desktop's save dialog, in the format its extension names (PNG, SVG or PDF; no extension: PNG,
    /// with `.png` added, never replacing a file), and says in the banner where it went or why not.
    ///
    /// The dialog already asked about replacing an existing file, so one is replaced — but never a fingerpaint
    /// drawing, nor a folder (``PaintModel/OutputFile``).
    @discardableResult
    public func exportPicture(to chosen: URL) -> URL? {
        var url = chosen
        var replaces = true
        if url.pathExtension.isEmpty {
            url = url.appendingPathExtension("png")
            replaces = false
        }
        // A drawing (or a folder) is refused before its name is looked at: the reason the user needs is that one.
        var refusal = OutputFile.refusal(toWrite: url.path, overwrite: true)
        if refusal == nil, !replaces, OutputFile.refusal(toWrite: url.path, overwrite: false) != nil {
            // The dialog asked about replacing the name chosen, not the one with `.png` added.
            refusal = localized("a file of that name is there already")
        }
        if let refusal {
            // Translators: %1$s is a file's path, %2$s why it cannot be written.
            report("fingerpaint: " + localized("cannot export to %1$s: %2$s", url.path, refusal))
            // Translators: %1$s is a file's name, %2$s why it cannot be written.
            showBanner(localized("Cannot export the drawing to %1$s: %2$s.", url.lastPathComponent, refusal))
            return nil
        }
        guard let format = PictureFormat(path: url.path) else {
            report("fingerpaint: " + localized("cannot export to %s: not a .png, .svg or .pdf name", url.path))
            // Translators: %s is the extension of the name chosen, after its dot (".txt").
            showBanner(localized("Cannot export as .%s: choose a PNG, SVG or PDF name.", url.pathExtension))
            return nil
        }
        let picture = DrawingPicture(drawing: drawing)
        do {
            try OutputFile.write(url.path, overwrite: replaces) { temporary in
                try picture.write(to: temporary, format: format)
            }
        } catch {
            // Translators: %s is why the picture could not be written.
            report("fingerpaint: " + localized("cannot export: %s", error))
            // Translators: %1$s is a file's name, %2$s why it could not be written.
            showBanner(localized("Cannot export the drawing to %1$s: %2$s.", url.lastPathComponent, error.reason))
            return nil
        }
        report("fingerpaint: " + localized("exported the drawing to %s", url.path))
        // Translators: %1$s is the picture's file name, %2$s the folder it is in.
        showNotice(localized("Exported the drawing to %1$s in %2$s.", url.lastPathComponent, url.deletingLastPathComponent().path))
        return url
    }
}
