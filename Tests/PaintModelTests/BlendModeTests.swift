// The blend modes' names in OpenRaster and CSS, and their stored codes.
import PaintModel
import Testing

@Suite struct BlendModeTests {
    @Test func openRastersNamesAreSVGsCompositingOperations() {
        #expect(BlendMode.allCases.map(\.compositeOp) == [
            "svg:src-over", "svg:multiply", "svg:screen", "svg:overlay", "svg:darken", "svg:lighten",
            "svg:color-dodge", "svg:color-burn", "svg:hard-light", "svg:soft-light", "svg:difference",
            "svg:exclusion", "svg:hue", "svg:saturation", "svg:color", "svg:luminosity",
        ])
        #expect(BlendMode.colorDodge.cssName == "color-dodge")
    }

    @Test func everyNameAndCodeReadsBackAndOthersAreNotModes() {
        for mode in BlendMode.allCases {
            #expect(BlendMode(compositeOp: mode.compositeOp) == mode)
            #expect(BlendMode(code: mode.code) == mode)
        }
        for other in ["svg:plus", "svg:dst-in", "svg:normal", "multiply", "svg:", "", "svg:Multiply", "krita:burn"] {
            #expect(BlendMode(compositeOp: other) == nil, "\(other)")
        }
        #expect(BlendMode(code: 16) == nil)
        #expect(BlendMode(code: 255) == nil)
    }
}
