// What a key or a palette button asks of the painting app (PaintCommand): one switch, each case one method.
import Localization
import PaintModel

extension FingerPaintApp {
    /// Does what a key or a palette button asked for.
    public func perform(_ command: PaintCommand) {
        let settingsBefore = brushSettings
        defer { if brushSettings != settingsBefore { delegate?.fingerPaintApp(self, didChangeBrush: brushSettings) } }
        // One switch over every command: the table reads better whole than split by concern; each case calls the
        // method of the file its concern lives in (+Documents, +Navigation, +Colors, +Gallery).
        switch command {
        case .undo: edit(.undo)
        case .redo: edit(.redo)
        case .clear: selection == nil ? edit(.clear) : deleteSelection()
        case .save: saveAndExport()
        case let .selectColor(index): useColor { $0.selectColor(at: index) }
        case let .selectWidth(index): canvasView.isFilling ? selectFillGap(at: index) : selectWidth(at: index)
        case .widen: canvasView.isFilling ? stepFillGap(by: 1) : stepWidth(by: 1)
        case .narrow: canvasView.isFilling ? stepFillGap(by: -1) : stepWidth(by: -1)
        case .toggleFullscreen: delegate?.fingerPaintAppDidAskForFullscreen(self)
        case .quit: delegate?.fingerPaintAppDidAskToQuit(self)
        case .toggleNavigation:
            canvasView.isNavigating.toggle()
            if canvasView.isNavigating {
                putAwaySelectionTool()
                canvasView.isFilling = false
            }
        case .zoomIn: zoom(by: Self.zoomStep)
        case .zoomOut: zoom(by: 1 / Self.zoomStep)
        case .zoomToFit: zoomToFit()
        case .actualSize: zoomToActualSize()
        case .togglePrediction: canvasView.predictsTouches.toggle()
        case .toggleEraser: toggleEraser()
        case .copy: copy()
        case .cut: cut()
        case .paste: paste()
        case .exportAs: exportWithDialog()
        case .openFile: openFile()
        case .placeImage: askForImageToPlace()
        case let .selectRecentColor(index): selectRecentColor(at: index)
        case .openColorChooser: toggleColorChooser()
        case .pickColor: toggleEyedropper()
        case .rotateClockwise: rotate(by: Self.rotationStep)
        case .rotateCounterclockwise: rotate(by: -Self.rotationStep)
        case .resetRotation: resetRotation()
        case .resetView: resetView()
        case .openGallery: toggleGallery()
        case .closePanel: closeTopPanel()
        case .useBrush: useBrush()
        case .openMore:
            if !paletteView.isShowingMore { clearNoticeForMenu() }
            paletteView.toggleMore()
        case .toggleLeftHanded: toggleLeftHanded()
        case .toggleStabilizer: toggleStabilizer()
        case .newLayer: addLayerAboveCurrent()
        case .selectLayerAbove: selectLayer(at: drawing.currentLayerIndex + 1)
        case .selectLayerBelow: selectLayer(at: drawing.currentLayerIndex - 1)
        case let .selectLayer(position): selectLayer(at: position)
        case let .toggleLayerVisibility(position): changeLayer(at: position) { $0.isVisible.toggle() }
        case let .toggleLayerLock(position): changeLayer(at: position) { $0.isLocked.toggle() }
        case .openLayers: toggleLayersPanel()
        case .openBrushes: toggleBrushPanel()
        case let .selectBrush(index): selectBrush(at: index)
        case .moveLayerUp: moveCurrentLayer(by: 1)
        case .moveLayerDown: moveCurrentLayer(by: -1)
        case .deleteLayer: deleteCurrentLayer()
        case .useSelection: toggleSelectionTool()
        case .useFill: toggleFillTool()
        case .duplicateSelection: duplicateSelection()
        case .showGuide: isShowingGuide ? dismissGuide() : showGuide(withKeys: true)
        }
        updateOverlay()
    }

    /// Ctrl+S: every edit written now, and the picture exported.
    private func saveAndExport() {
        saveNow()
        exportPNG()
    }

    /// The brush becomes the eraser, or the eraser the brush; either way fingers paint or erase (the hand and the
    /// eyedropper are put away).
    private func toggleEraser() {
        canvasView.tool = canvasView.tool == .eraser ? .brush : .eraser
        putAwayOtherTools()
    }

    /// Opens the layers panel, or closes it (the brush panel makes way for it).
    private func toggleLayersPanel() {
        layersPanelView.isHidden.toggle()
        if !layersPanelView.isHidden { brushPanelView.isHidden = true }
    }

    /// Whether fingers paint or erase with `tool` now: it is the tool, and the hand and the eyedropper are away.
    func isInUse(_ tool: CanvasView.Tool) -> Bool {
        canvasView.tool == tool && !canvasView.isNavigating && !canvasView.isPickingColor && !canvasView.isFilling
    }

    /// The brush is the tool, and fingers paint with it.
    private func useBrush() {
        canvasView.tool = .brush
        putAwayOtherTools()
    }

    /// Fingers paint again: the hand and the eyedropper are put away, so that the tool chosen is the one in use.
    func putAwayOtherTools() {
        canvasView.isNavigating = false
        canvasView.isPickingColor = false
        canvasView.isFilling = false
        putAwaySelectionTool()
    }

    /// The strip of widths, undo and redo moves to the other side, and the colour panel with it.
    private func toggleLeftHanded() {
        paletteView.isLeftHanded.toggle()
        placeColorChooser()
    }

    /// The stabilizer's strength that Steady lines turns on.
    static let stabilizerStrength = 0.5

    /// The stabilizer on at half strength, or off: the settings file can say another strength (docs/settings.md).
    private func toggleStabilizer() {
        canvasView.stabilizerStrength = canvasView.isStabilizing ? 0 : Self.stabilizerStrength
    }

    /// The desktop's open dialog where there is one; the gallery otherwise (docs/portal.md).
    private func openFile() {
        if desktopServices.contains(.openDialog), let desktop {
            desktop.fingerPaintAppDidAskToOpenDrawing(self)
        } else if galleryView.isHidden {
            openGallery()
        }
    }

    /// The desktop's open dialog for a picture to place; without one, the banner says how else to bring one in.
    private func askForImageToPlace() {
        if desktopServices.contains(.openDialog), let desktop {
            desktop.fingerPaintAppDidAskToPlaceImage(self)
        } else {
            // Translators: "Place image…" is the More menu's item; "fingerpaint photo.png" is a command, as typed.
            showNotice(localized("""
                Place image… needs the desktop's file dialog, which did not answer. To paint over a picture, open it: \
                fingerpaint photo.png.
                """))
        }
    }

    /// Opens the gallery, or closes it when open.
    private func toggleGallery() {
        galleryView.isHidden ? openGallery() : closeGallery()
    }

    /// Escape: closes what is over the canvas, the topmost first (the More menu, the gallery's menu, the gallery, a
    /// layer's menu, the layers panel, the brush panel, the colour chooser), ends the selection, or puts the eyedropper
    /// away.
    private func closeTopPanel() {
        if isShowingGuide {
            dismissGuide()
        } else if paletteView.isShowingMore {
            paletteView.closeMore()
        } else if galleryView.isShowingMenu {
            galleryView.closeMenu()
        } else if !galleryView.isHidden {
            closeGallery()
        } else if layerMenuView.isOpen {
            layerMenuView.close()
        } else if !layersPanelView.isHidden {
            layersPanelView.isHidden = true
        } else if !brushPanelView.isHidden {
            brushPanelView.isHidden = true
        } else if !colorChooserView.isHidden {
            toggleColorChooser()
        } else if selection != nil {
            endSelection()
        } else {
            canvasView.isPickingColor = false
        }
    }
}
