import FingerPaintCore
import Geometry
import PaintModel
import PropertyBased
import Testing

/// The layout of the window's controls (docs/interface.md) at many window sizes, without a window: every control
/// inside the window, none over another, every target at least 40 points, every tool on the bar, the strip or in
/// the More menu, and the menu and panels inside the window beside their buttons.
@Suite struct InterfaceLayoutTests {
    /// The sizes a window can have: from fingerpaint's smallest (320 × 240) to beyond 4K.
    static let widths = Gen.double(in: 320...4000), heights = Gen.double(in: 240...2500)

    private func window(_ layout: InterfaceLayout) -> Rect {
        Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxX <= outer.maxX + 1e-9
            && inner.maxY <= outer.maxY + 1e-9
    }

    private func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    @Test func everyControlIsInsideTheWindowApartFromTheOthersAndLargeEnoughForAFinger() async {
        await propertyCheck(count: 400, input: Self.widths, Self.heights, Gen.bool) { width, height, isLeftHanded in
            let layout = InterfaceLayout(size: Size(width: width, height: height), isLeftHanded: isLeftHanded)
            let frames = layout.controls.map(\.frame)
            for frame in frames {
                #expect(contains(window(layout), frame), "\(frame) in \(layout.size)")
                #expect(frame.width >= InterfaceLayout.minimumTarget && frame.height >= InterfaceLayout.minimumTarget)
            }
            for (index, a) in frames.enumerated() {
                for b in frames[(index + 1)...] { #expect(!overlap(a, b), "\(a) over \(b) in \(layout.size)") }
            }
            if let strip = layout.strip {
                #expect(contains(window(layout), strip) && !overlap(strip, layout.bar))
                #expect(isLeftHanded ? strip.maxX == width : strip.minX == 0)
            }
        }
    }

    @Test func everyToolIsOnTheBarTheStripOrInTheMoreMenuOnceAndMoreIsAlwaysThere() async {
        await propertyCheck(count: 400, input: Self.widths, Self.heights, Gen.bool) { width, height, isLeftHanded in
            let layout = InterfaceLayout(size: Size(width: width, height: height), isLeftHanded: isLeftHanded)
            let shown = layout.controls.map(\.command)
            #expect(Set(shown).count == shown.count && Set(layout.overflow).count == layout.overflow.count)
            // More, the gallery and the way out of full screen are always on the bar.
            #expect(shown.contains(.openMore) && shown.contains(.toggleFullscreen) && shown.contains(.openGallery))
            #expect(layout.overflow.contains(.toggleLeftHanded))
            for command in InterfaceLayout.allControls {
                let places = (shown.contains(command) ? 1 : 0) + (layout.overflow.contains(command) ? 1 : 0)
                // A swatch left off the bar is in the colour panel, which holds every colour.
                #expect(places == 1 || (places == 0 && InterfaceLayout.isSwatch(command)), "\(command) at \(layout.size)")
            }
            #expect(Set(shown + layout.overflow).isSubset(of: Set(InterfaceLayout.allControls + [.paste, .placeImage, .toggleLeftHanded, .togglePrediction, .toggleStabilizer])))
        }
    }

    @Test func theMoreMenuAndTheColourPanelOpenInsideTheWindowBesideTheirButtons() async {
        await propertyCheck(count: 300, input: Self.widths, Gen.double(in: 480...2500), Gen.bool) { width, height, isLeftHanded in
            let layout = InterfaceLayout(size: Size(width: width, height: height), isLeftHanded: isLeftHanded)
            let menu = layout.moreMenu, more = layout.frame(of: .openMore)
            #expect(contains(window(layout), menu.frame) && !overlap(menu.frame, layout.bar))
            #expect(more.map { !overlap($0, menu.frame) } == true)
            for row in menu.rows {
                #expect(contains(menu.frame, row.frame) && row.frame.height >= InterfaceLayout.minimumTarget)
            }
            for (index, a) in menu.rows.enumerated() {
                for b in menu.rows[(index + 1)...] { #expect(!overlap(a.frame, b.frame)) }
            }
            let panel = layout.panel(of: ColorChooserView.size, openedBy: .openColorChooser)
            #expect(contains(window(layout), panel))
            if let well = layout.frame(of: .openColorChooser), height >= ColorChooserView.size.height + 80 {
                #expect(!overlap(panel, well) && !overlap(panel, layout.bar))
            }
        }
    }

    /// The sizes the issue names, and what a painter finds there.
    @Test(arguments: [Size(width: 420, height: 700), Size(width: 1024, height: 700), Size(width: 960, height: 540),
                      Size(width: 1920, height: 1080), Size(width: 3840, height: 2160)])
    func atEachSizeTheToolsThePainterNeedsMostAreOnTheWindow(size: Size) throws {
        let width = size.width, height = size.height
        let layout = InterfaceLayout(size: Size(width: width, height: height))
        for command: PaintCommand in [.openGallery, .useBrush, .toggleEraser, .toggleNavigation, .openColorChooser,
                                      .toggleFullscreen, .openMore, .undo, .redo] {
            #expect(layout.frame(of: command) != nil, "\(command) at \(width)×\(height)")
        }
        if width >= 1024 {
            for command: PaintCommand in [.pickColor, .exportAs, .copy, .clear] { #expect(layout.frame(of: command) != nil) }
        }
        let strip = try #require(layout.strip)
        #expect(strip.minX == 0 && layout.frame(of: .selectWidth(0)).map { strip.contains($0.center) } == true)
    }

    @Test func theLeftHandedLayoutMovesOnlyTheStripAndWhatItHolds() throws {
        let size = Size(width: 1024, height: 700)
        let right = InterfaceLayout(size: size), left = InterfaceLayout(size: size, isLeftHanded: true)
        let stripCommands = Set(Brush.widths.indices.map { PaintCommand.selectWidth($0) } + [.undo, .redo])
        for placed in right.controls {
            let other = try #require(left.frame(of: placed.command))
            if stripCommands.contains(placed.command) {
                #expect(other.minX == size.width - placed.frame.maxX && other.minY == placed.frame.minY)
            } else {
                #expect(other == placed.frame)
            }
        }
    }

    @Test func noSizeOrValueTrapsTheLayout() async {
        let odd = Gen<Double>.oneOf(Gen.double(in: -100...100_000), Gen.always(0), Gen.always(.nan), Gen.always(.infinity),
                                    Gen.always(-.infinity), Gen.always(.greatestFiniteMagnitude))
        await propertyCheck(count: 300, input: odd, odd, Gen.bool) { width, height, isLeftHanded in
            let layout = InterfaceLayout(size: Size(width: width, height: height), isLeftHanded: isLeftHanded)
            _ = layout.moreMenu
            _ = layout.panel(of: Size(width: width, height: height), openedBy: .openColorChooser)
            for placed in layout.controls { #expect(placed.frame.minX.isFinite && placed.frame.minY.isFinite) }
        }
    }
}
