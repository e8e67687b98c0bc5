// A drawing as SVG with its layers: each visible layer a group of its own with its name, opacity and CSS
// `mix-blend-mode`, over a paper rectangle (docs/export.md). Cairo's SVG surface (SVG 1.1) has no blend modes and
// would draw a layered drawing as one flat image; each layer alone is only vector paths and embedded PNGs for it.
import CCairo
import Localization
import PaintModel

extension DrawingPicture {
    /// The SVG document: the paper, then each layer drawn alone by Cairo's SVG surface (strokes as paths, a
    /// picture as an embedded PNG) inside a `<g>` labelled with the layer's name (Inkscape's layer attributes),
    /// styled with its opacity and blend mode. The ids of each layer's part are prefixed with the layer's number,
    /// so that no two parts share one.
    func layeredSVG() throws(RenderError) -> [UInt8] {
        let width = Self.number(area.width), height = Self.number(area.height)
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
            xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="\(width)pt" height="\(height)pt" \
            viewBox="0 0 \(width) \(height)" version="1.1">
            <rect x="0" y="0" width="\(width)" height="\(height)" style="fill:\(Self.rgb(paper));stroke:none;"/>

            """
        for (number, layer) in layers.enumerated() where !layer.isEmpty {
            var alone = layer
            alone.opacity = 1
            alone.blendMode = .normal
            let part = try Self.svgBody(of: DrawingPicture(layers: [alone], paper: paper, area: area), prefix: "l\(number + 1)-")
            var style = "isolation:isolate"
            if layer.blendMode != .normal { style += ";mix-blend-mode:\(layer.blendMode.cssName)" }
            if layer.opacity < 1 { style += ";opacity:\(Self.number(layer.opacity))" }
            text += "<g id=\"layer\(number + 1)\" inkscape:groupmode=\"layer\" inkscape:label=\"\(XMLText.attribute(layer.name))\" "
                + "style=\"\(style)\">\n\(part)</g>\n"
        }
        text += "</svg>\n"
        return Array(text.utf8)
    }

    /// What Cairo's SVG surface writes for a picture drawn without its paper, inside its root element, with every
    /// id and reference to one prefixed.
    private static func svgBody(of picture: DrawingPicture, prefix: String) throws(RenderError) -> String {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface = cairo_svg_surface_create_for_stream(ByteSink.write, closure, picture.area.width, picture.area.height)!
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
        let context = cairo_create(surface)!
        picture.draw(into: context, pixelsPerPoint: 1, onPaper: false, brushScale: DrawingPicture.vectorBrushScale)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let status = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        withExtendedLifetime(sink) {}
        guard status == CAIRO_STATUS_SUCCESS else {
            // Translators: %1$s is a kind of file, "png", "svg" or "pdf"; %2$s Cairo's reason.
            throw RenderError(message: localized("cannot make the %1$s: %2$s", "svg", String(cString: cairo_status_to_string(status))))
        }
        let document = String(decoding: sink.bytes, as: UTF8.self)
        // Inside `<svg ...>` and `</svg>`: Cairo writes one root, after the XML declaration.
        guard let root = document.firstRange(of: "<svg"), let opened = document[root.upperBound...].firstIndex(of: ">"),
              let closing = document.ranges(of: "</svg>").last, opened < closing.lowerBound
        else { return "" }
        return String(document[document.index(after: opened)..<closing.lowerBound])
            .replacing("id=\"", with: "id=\"\(prefix)")
            .replacing("url(#", with: "url(#\(prefix)")
            .replacing("href=\"#", with: "href=\"#\(prefix)")
    }

    /// A number as SVG takes it: whole numbers without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A colour as CSS's `rgb()` in percent, as Cairo writes it.
    private static func rgb(_ color: Color) -> String {
        "rgb(\(number(color.red * 100))%,\(number(color.green * 100))%,\(number(color.blue * 100))%)"
    }
}
