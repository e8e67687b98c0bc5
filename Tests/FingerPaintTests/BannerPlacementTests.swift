// Where the banner goes and how large its targets are (issue #35): never over the gallery's header or its close
// button, every target at least 40 points each way. Contract: the painter's view of it, through the overlay the
// renderer shows and taps on the window.
import Foundation
import FingerPaintCore
import Geometry
import PaintUI
import PropertyBased
import Testing

@Suite struct BannerPlacementTests {
    /// The smallest a target a finger taps may be, in points, either way.
    static let smallestTarget = 40.0

    @Test func aBannerOverTheGalleryLeavesItsHeaderUncoveredAndATapOnTheCloseButtonClosesIt() throws {
        let (painter, home) = try GalleryTests.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        GalleryTests.openGallery(painter)
        painter.app.showBanner("Cannot export the drawing: the disk is full.")
        let gallery = try GalleryTests.gallery(painter)
        let banner = try #require(painter.app.renderer.overlay?.banner)
        #expect(banner.frame.minY >= gallery.header.maxY, "\(banner.frame) \(gallery.header)")
        #expect(banner.frame.intersection(gallery.closeButton) == nil)
        painter.tap(60, at: gallery.closeButton.center)
        #expect(!painter.app.isShowingGallery)
        // Back on the drawing, the banner is still up, at the window's top again.
        let after = try #require(painter.app.renderer.overlay?.banner)
        #expect(after.frame.minY == Overlay.Banner.margin)
        // Its close mark takes it down.
        painter.tap(65, at: after.closeFrame.center)
        #expect(painter.app.renderer.overlay?.banner == nil && painter.app.banner == nil)
        painter.app.finishDocument()
    }

    @Test func aBannerShownBeforeTheGalleryOpensMovesBelowItsHeader() throws {
        let (painter, home) = try GalleryTests.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        painter.app.showBanner("Cannot export the drawing: the disk is full.")
        GalleryTests.openGallery(painter)
        let gallery = try GalleryTests.gallery(painter)
        #expect(try #require(painter.app.renderer.overlay?.banner).frame.minY >= gallery.header.maxY)
        painter.tap(61, at: gallery.closeButton.center)
        #expect(!painter.app.isShowingGallery)
        painter.app.finishDocument()
    }

    @Test func theTrashBannersUndoAndCloseMarkAreEachAtLeastFortyPointsEachWay() throws {
        let (painter, home) = try GalleryTests.painterWithADrawing()
        defer { try? FileManager.default.removeItem(at: home) }
        let first = try #require(painter.app.document?.url)
        // A second drawing, so that the first is not the one open, then the first to the Trash.
        GalleryTests.openGallery(painter)
        painter.tap(64, at: try GalleryTests.tile(painter, named: nil).frame.center)
        GalleryTests.openGallery(painter)
        GalleryTests.longPress(painter, at: try GalleryTests.tile(painter, named: "first").frame.center)
        painter.tap(62, at: try #require(try GalleryTests.gallery(painter).menu?.items.last).frame.center)
        let banner = try #require(painter.app.renderer.overlay?.banner)
        #expect(banner.action == "Undo" && !FileManager.default.fileExists(atPath: first.path))
        let targets = [banner.frame, banner.closeFrame, try #require(banner.actionFrame)]
        for target in targets {
            #expect(min(target.width, target.height) >= Self.smallestTarget, "\(target)")
        }
        #expect(try #require(banner.actionFrame).intersection(banner.closeFrame) == nil)
        #expect(banner.frame.minY >= (try GalleryTests.gallery(painter)).header.maxY)
        // A tap near the Undo's top edge is the Undo's, not a dismissal.
        let undo = try #require(banner.actionFrame)
        painter.tap(63, at: Point(x: undo.midX, y: undo.minY + 3))
        #expect(FileManager.default.fileExists(atPath: first.path))
        painter.app.finishDocument()
    }

    /// Any window, any header height: the banner stays in the window below the header; with room for it, its
    /// targets are at least 40 points and apart; nothing is ever not finite.
    @Test func anyWindowGivesABannerBelowTheHeaderWithTargetsAFingerCanHit() async {
        let sides = Gen<Double>.oneOf(Gen.double(in: 0...5000), Gen.double(in: 0...200), Gen.always(0),
                                      Gen.always(Double.nan), Gen.always(Double.infinity), Gen.always(-100))
        await propertyCheck(count: 500, input: sides, sides, sides, Gen.bool) { width, height, top, hasAction in
            let size = Size(width: width, height: height)
            let frame = Overlay.Banner.frame(in: size, below: top)
            let banner = Overlay.Banner(text: "", frame: frame, action: hasAction ? "Undo" : nil)
            let rects = [frame, banner.closeFrame, banner.textFrame] + (banner.actionFrame.map { [$0] } ?? [])
            #expect(rects.allSatisfy { [$0.minX, $0.minY, $0.width, $0.height].allSatisfy(\.isFinite) }, "\(rects)")
            guard width.isFinite, height.isFinite, top.isFinite else { return }
            #expect(frame.minY >= top || frame.height == 0, "\(frame) below \(top)")
            #expect(frame.isEmpty || (frame.maxY <= height && frame.maxX <= width), "\(frame) in \(size)")
            let hasRoom = width >= 300 && height >= max(top, 0) + 60
            guard hasRoom else { return }
            let targets = [frame, banner.closeFrame] + (banner.actionFrame.map { [$0] } ?? [])
            #expect(targets.allSatisfy { min($0.width, $0.height) >= Self.smallestTarget }, "\(targets)")
            if let action = banner.actionFrame { #expect(action.intersection(banner.closeFrame) == nil) }
            #expect(banner.textFrame.intersection(banner.closeFrame) == nil)
        }
    }
}
