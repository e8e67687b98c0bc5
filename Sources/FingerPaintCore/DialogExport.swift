// Export… through the desktop's save dialog (the host asks the portal), and the file it chose written (docs/portal.md).
import FoundationEssentials
import PaintModel
import PaintRender

extension FingerPaintApp {
    /// The name the save dialog suggests: the drawing's name (else "Drawing") with `.png`.
    public var suggestedExportName: String {
        (document.map { $0.url.deletingPathExtension().lastPathComponent } ?? "Drawing") + ".png"
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
            refusal = "a file of that name is there already"
        }
        if let refusal {
            report("fingerpaint: cannot export to \(url.path): \(refusal)")
            showBanner("Cannot export the drawing to \(url.lastPathComponent): \(refusal).")
            return nil
        }
        guard let format = PictureFormat(path: url.path) else {
            report("fingerpaint: cannot export to \(url.path): not a .png, .svg or .pdf name")
            showBanner("Cannot export as .\(url.pathExtension): choose a PNG, SVG or PDF name.")
            return nil
        }
        let picture = DrawingPicture(drawing: drawing)
        do {
            try OutputFile.write(url.path, overwrite: replaces) { temporary in
                try picture.write(to: temporary, format: format)
            }
        } catch {
            report("fingerpaint: cannot export: \(error)")
            showBanner("Cannot export the drawing to \(url.lastPathComponent): \(error.reason).")
            return nil
        }
        report("fingerpaint: exported the drawing to \(url.path)")
        showNotice("Exported the drawing to \(url.lastPathComponent) in \(url.deletingLastPathComponent().path).")
        return url
    }
}
