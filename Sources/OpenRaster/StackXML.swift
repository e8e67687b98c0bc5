// stack.xml, OpenRaster's list of layers: parsed by GLib's GMarkup into a tree of elements (bounded in count and
// depth while parsing), and written with every attribute value escaped.

import CGLib
import Localization

/// An element of `stack.xml`: its name, attributes and child elements (text is of no use to OpenRaster).
struct XMLElement: Equatable {
    var name: String
    var attributes: [String: String]
    var children: [XMLElement] = []
}

enum StackXML {
    /// The deepest nesting of elements taken: deeper is damage, not a painting.
    static let maximumDepth = 64

    /// The root element of `text`, parsed by GMarkup, with at most `layers` `layer` elements and `layers` others.
    static func parse(_ text: [UInt8], layers: Int) throws(OpenRasterError) -> XMLElement {
        let builder = TreeBuilder(layerLimit: layers)
        var parser = GMarkupParser()
        parser.start_element = { _, name, names, values, user, error in
            guard let user, let name else { return }
            let builder = Unmanaged<TreeBuilder>.fromOpaque(user).takeUnretainedValue()
            var attributes: [String: String] = [:]
            if let names, let values {
                var index = 0
                while let attribute = names[index], let value = values[index] {
                    attributes[String(cString: attribute)] = String(cString: value)
                    index += 1
                }
            }
            if let failure = builder.start(XMLElement(name: String(cString: name), attributes: attributes)) {
                let code = Int32(G_MARKUP_ERROR_INVALID_CONTENT.rawValue)
                g_set_error_literal(error, g_markup_error_quark(), code, failure)
            }
        }
        parser.end_element = { _, _, user, _ in
            guard let user else { return }
            Unmanaged<TreeBuilder>.fromOpaque(user).takeUnretainedValue().end()
        }
        let message: String? = withUnsafePointer(to: &parser) { parser in
            let context = g_markup_parse_context_new(parser, GMarkupParseFlags(rawValue: 0),
                                                     Unmanaged.passUnretained(builder).toOpaque(), nil)
            defer { g_markup_parse_context_free(context) }
            var error: UnsafeMutablePointer<GError>?
            let parsed = text.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: gchar.self) { characters in
                    g_markup_parse_context_parse(context, characters.baseAddress, gssize(characters.count), &error) != 0
                }
            }
            if parsed { _ = g_markup_parse_context_end_parse(context, &error) }
            guard let error else { return nil }
            defer { g_error_free(error) }
            return error.pointee.message.map { String(cString: $0) } ?? localized("is not valid XML")
        }
        if builder.tooManyLayers { throw .tooManyLayers(limit: layers) }
        if let message { throw .damagedStack(localized("is not valid XML (%s)", String(message.prefix(120)))) }
        guard let root = builder.root else { throw .damagedStack(localized("is empty")) }
        return root
    }
}

/// Builds the tree from GMarkup's callbacks, counting elements as they come.
private final class TreeBuilder {
    private let layerLimit: Int
    private var open: [XMLElement] = []
    private var layers = 0
    private var others = 0
    private(set) var root: XMLElement?
    private(set) var tooManyLayers = false

    init(layerLimit: Int) { self.layerLimit = layerLimit }

    /// Opens an element; a reason to stop parsing when past a limit.
    func start(_ element: XMLElement) -> String? {
        if element.name == "layer" { layers += 1 } else { others += 1 }
        if layers > layerLimit || others > layerLimit + 1 {
            tooManyLayers = true
            return localized("too many layers")
        }
        guard open.count < StackXML.maximumDepth else { return localized("groups nested too deeply") }
        open.append(element)
        return nil
    }

    func end() {
        guard let element = open.popLast() else { return }
        if open.isEmpty {
            if root == nil { root = element }
        } else {
            open[open.count - 1].children.append(element)
        }
    }
}
