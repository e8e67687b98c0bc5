// What a key or a palette button asks of the painting app (PaintCommand), in one switch.
import PaintModel

extension FingerPaintApp {
    /// Does what a key or a palette button asked for.
    public func perform(_ command: PaintCommand) {
        let settingsBefore = brushSettings
        defer { if brushSettings != settingsBefore { onBrushChange?(brushSettings) } }
        switch command {
        case .undo: edit(.undo)
        case .redo: edit(.redo)
        case .clear: edit(.clear)
        case .save:
            saveNow()
            exportPNG()
        case let .selectColor(index): brush.selectColor(at: index)
        case let .selectWidth(index): brush.selectWidth(at: index)
        case .widen: brush.widen()
        case .narrow: brush.narrow()
        case .toggleFullscreen: onFullscreenRequest?()
        case .quit: onQuitRequest?()
        case .toggleNavigation: canvasView.isNavigating.toggle()
        case .zoomIn: setView(view.zoomed(by: Self.zoomStep, about: viewCenter))
        case .zoomOut: setView(view.zoomed(by: 1 / Self.zoomStep, about: viewCenter))
        case .zoomToFit: setView(.fitting(renderer.contentBounds, in: drawingArea.size))
        case .actualSize: setView(view.zoomed(to: 1, about: viewCenter))
        case .togglePrediction: canvasView.predictsTouches.toggle()
        case .toggleEraser: canvasView.tool = canvasView.tool == .eraser ? .brush : .eraser
        case .copy: copyDrawing()
        case .exportAs: exportWithDialog()
        case .openFile:
            // The desktop's open dialog where there is one; the gallery otherwise (docs/portal.md).
            if let onOpenRequest { onOpenRequest() } else if galleryView.isHidden { openGallery() }
        case let .selectRecentColor(index):
            if recentColors.indices.contains(index) { brush.choose(recentColors[index]) }
        case .openColorChooser:
            colorChooserView.isHidden.toggle()
            if !colorChooserView.isHidden {
                canvasView.isPickingColor = false
                colorChooserView.show(brush.color)
            } else {
                // Closed: the colour chosen in it is one of the recent ones now.
                chooseColor(brush.color)
            }
        case .pickColor:
            canvasView.isPickingColor.toggle()
            if canvasView.isPickingColor { colorChooserView.isHidden = true }
        case .rotateClockwise: rotate(by: Self.rotationStep)
        case .rotateCounterclockwise: rotate(by: -Self.rotationStep)
        case .resetRotation: setView(view.rotated(to: 0, about: viewCenter))
        case .resetView: setView(view.rotated(to: 0, about: viewCenter).zoomed(to: 1, about: viewCenter))
        case .openGallery: galleryView.isHidden ? openGallery() : closeGallery()
        case .closePanel:
            if galleryView.isShowingMenu {
                galleryView.closeMenu()
            } else if !galleryView.isHidden {
                closeGallery()
            } else if !colorChooserView.isHidden {
                perform(.openColorChooser)
            } else {
                canvasView.isPickingColor = false
            }
        }
        updateOverlay()
    }
}
