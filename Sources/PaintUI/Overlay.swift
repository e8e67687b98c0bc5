// What is drawn over the canvas in the window (the palette bar), described without Cairo.
import PaintModel
import Geometry

/// The colours the controls are drawn in: light (the default) or dark (`--style dark`, the desktop's dark style).
/// The canvas stays paper-white in both.
public enum OverlayStyle: String, CaseIterable, Hashable, Sendable {
    case light, dark

    /// The bar's and panels' background.
    var surface: (Double, Double, Double) { self == .light ? (0.93, 0.93, 0.95) : (0.17, 0.18, 0.21) }
    /// The bar's top edge and the panels' outline.
    var edge: (Double, Double, Double) { self == .light ? (0.75, 0.75, 0.78) : (0.32, 0.33, 0.37) }
    /// Icons, enabled and disabled.
    func ink(isEnabled: Bool) -> Double { self == .light ? (isEnabled ? 0.2 : 0.7) : (isEnabled ? 0.9 : 0.45) }
    /// The ring around a colour swatch and a width dot: darker than the light bar, lighter than the dark one, so
    /// that a colour as light or as dark as the bar still shows on it.
    var outline: (Double, Double, Double) { self == .light ? (0.42, 0.42, 0.45) : (0.78, 0.78, 0.82) }
}

/// Controls drawn on top of the shown frame, never into the canvas: the palette bar, and a banner when there is
/// something to say. Logical points.
public struct Overlay: Hashable, Sendable {
    /// A line of text in a box over the top of the canvas, with a close mark at its right end.
    public struct Banner: Hashable, Sendable {
        /// What it says.
        public var text: String
        /// Where it is, in logical window points.
        public var frame: Rect
        /// Whether it reports something done (dark slate) rather than something wrong (dark red).
        public var isNotice: Bool
        /// A button's title at its right end, before the close mark ("Undo"); `nil` for none.
        public var action: String?

        /// A banner saying `text` in `frame`, with an action button when `action` is given.
        public init(text: String, frame: Rect, isNotice: Bool = false, action: String? = nil) {
            self.text = text
            self.frame = frame
            self.isNotice = isNotice
            self.action = action
        }

        /// The banner's height, in points: its action and its close mark are targets as tall.
        public static let height = 44.0
        /// The space between the banner and the window's edges, or a header above it, in points.
        public static let margin = 8.0
        /// The width of the action button, in points.
        public static let actionWidth = 76.0

        /// Where a banner goes in a window of `size`: across the top inside the margins, below the first `top`
        /// points (a header the banner must leave uncovered, such as the gallery's with its close button).
        public static func frame(in size: Size, below top: Double = 0) -> Rect {
            // A side or a header that is not finite or below zero counts as none.
            func length(_ value: Double) -> Double { value.isFinite ? max(value, 0) : 0 }
            let windowHeight = length(size.height), top = min(length(top), windowHeight)
            let room = max(windowHeight - top - 2 * margin, 0)
            return Rect(x: margin, y: top + margin, width: max(length(size.width) - 2 * margin, 0),
                        height: min(height, room))
        }

        /// The close mark's target: a square as tall as the banner at its right end. A tap anywhere on the banner
        /// but its action closes it; the mark shows that it does.
        public var closeFrame: Rect {
            let side = min(frame.height, frame.width)
            return Rect(x: frame.maxX - side, y: frame.minY, width: side, height: frame.height)
        }

        /// Where the action button is: at the right end, before the close mark, as tall as the banner; `nil`
        /// without an action.
        public var actionFrame: Rect? {
            action.map { _ in
                let width = min(Self.actionWidth, max(closeFrame.minX - frame.minX, 0))
                return Rect(x: closeFrame.minX - width, y: frame.minY, width: width, height: frame.height)
            }
        }

        /// Where the text goes: from 12 points in from the left end to the action, or to the close mark.
        public var textFrame: Rect {
            let end = actionFrame?.minX ?? closeFrame.minX
            return Rect(x: frame.minX + 12, y: frame.minY, width: max(end - frame.minX - 12, 0), height: frame.height)
        }
    }

    /// The gallery: every drawing of the user's as a tile over the whole window, and a tile that starts a new one.
    public struct Gallery: Hashable, Sendable {
        /// One tile.
        public struct Tile: Hashable, Sendable {
            /// What the tile shows.
            public enum Content: Hashable, Sendable {
                /// The tile that starts a new drawing: a plus.
                case newDrawing
                /// A drawing: its thumbnail (by the key the renderer's ``CanvasRenderer/galleryThumbnails`` holds
                /// it under, `nil` while it is being made), its name and when it changed. `isDamaged` marks one
                /// that opens with what could be recovered, `isUnreadable` one that cannot be read at all.
                case drawing(name: String, detail: String, thumbnail: String?, isDamaged: Bool, isUnreadable: Bool,
                             isOpen: Bool)
            }
            /// What the tile shows.
            public var content: Content
            /// Where it is, in window points (scrolled).
            public var frame: Rect
            /// Whether a finger is on it.
            public var isPressed: Bool

            public init(content: Content, frame: Rect, isPressed: Bool = false) {
                self.content = content
                self.frame = frame
                self.isPressed = isPressed
            }

            /// The thumbnail's place: the tile above its caption.
            public var pictureFrame: Rect {
                Rect(x: frame.minX, y: frame.minY, width: frame.width, height: max(frame.height - Gallery.captionHeight, 0))
            }
        }

        /// The actions a long press on a drawing offers, as a column of buttons.
        public struct Menu: Hashable, Sendable {
            /// The buttons' titles and frames, top to bottom; a destructive one (delete) in red.
            public var items: [(title: String, frame: Rect, isDestructive: Bool)]
            /// Where the menu is.
            public var frame: Rect

            public init(items: [(title: String, frame: Rect, isDestructive: Bool)], frame: Rect) {
                self.items = items
                self.frame = frame
            }

            public static func == (lhs: Menu, rhs: Menu) -> Bool {
                lhs.frame == rhs.frame && lhs.items.map(\.title) == rhs.items.map(\.title)
                    && lhs.items.map(\.frame) == rhs.items.map(\.frame)
                    && lhs.items.map(\.isDestructive) == rhs.items.map(\.isDestructive)
            }

            public func hash(into hasher: inout Hasher) {
                hasher.combine(frame)
                hasher.combine(items.map(\.title))
            }
        }

        /// The panel that renames a drawing: its text field with the name typed so far, and two buttons.
        public struct RenamePanel: Hashable, Sendable {
            /// Where the panel is.
            public var frame: Rect
            /// The text field.
            public var field: Rect
            /// The name typed so far.
            public var text: String
            /// Whether the name is selected whole (the first key typed replaces it); else the caret follows it.
            public var isTextSelected: Bool
            /// The button that renames the drawing to the name typed.
            public var renameButton: Rect
            /// The button that closes the panel, renaming nothing.
            public var cancelButton: Rect

            public init(frame: Rect, field: Rect, text: String, isTextSelected: Bool, renameButton: Rect, cancelButton: Rect) {
                self.frame = frame
                self.field = field
                self.text = text
                self.isTextSelected = isTextSelected
                self.renameButton = renameButton
                self.cancelButton = cancelButton
            }
        }

        /// The whole gallery: the window.
        public var frame: Rect
        /// The header across the top, with the title and the close button.
        public var header: Rect
        /// The close button, back to the drawing.
        public var closeButton: Rect
        /// The "Open…" button (the desktop's open dialog), where there is one.
        public var openButton: Rect?
        /// The title ("Drawings") and how many there are.
        public var title: String
        /// The tiles at least partly in view, below the header.
        public var tiles: [Tile]
        /// The long press's actions, while shown.
        public var menu: Menu?
        /// The rename panel, while shown.
        public var renamePanel: RenamePanel?
        /// The scroll bar's thumb at the right edge while there is more than a screenful; `nil` otherwise.
        public var scrollThumb: Rect?
        /// The buttons that scroll a page up and down by tap, while there is more that way; `nil` otherwise.
        public var pageUp: Rect?, pageDown: Rect?

        /// The height of a tile's caption under its picture: its name on up to two lines, and its date.
        public static let captionHeight = 60.0
        /// The height of one line of a caption's name.
        static let captionLineHeight = 16.0

        public init(frame: Rect, header: Rect, closeButton: Rect, openButton: Rect? = nil, title: String, tiles: [Tile],
                    menu: Menu? = nil, renamePanel: RenamePanel? = nil, scrollThumb: Rect? = nil) {
            self.frame = frame
            self.header = header
            self.closeButton = closeButton
            self.openButton = openButton
            self.title = title
            self.tiles = tiles
            self.menu = menu
            self.renamePanel = renamePanel
            self.scrollThumb = scrollThumb
        }
    }

    /// The eyedropper's loupe: a disc above the finger showing the drawing around it magnified, ringed in the
    /// colour under the finger.
    public struct Loupe: Hashable, Sendable {
        /// The point under the finger, in logical window points.
        public var target: Point
        /// The colour there.
        public var color: Color

        /// The radius of the disc showing the drawing, in points.
        public static let radius = 44.0
        /// How much larger the loupe shows the drawing.
        public static let magnification = 4.0
        /// The width of the ring in the picked colour, centred on the disc's edge, in points.
        static let ringWidth = 8.0
        /// The width of the dark line around the ring (so that a pick of the paper's white shows), in points.
        static let outlineWidth = 1.0
        /// The radius of that line's middle: it lies just outside the ring.
        static let outlineRadius = radius + ringWidth / 2 + outlineWidth / 2
        /// How far beyond a line's edge antialiasing can tint pixels: one buffer pixel, a point at most.
        static let antialiasing = 1.0
        /// How far from its centre the loupe draws anything, in points: the outline's outer edge and the
        /// antialiasing past it. ``frame``, the rectangle redrawn and damaged, is made from it, so that nothing the
        /// loupe drew is left behind when it moves.
        static let reach = outlineRadius + outlineWidth / 2 + antialiasing

        /// A loupe over `target`, whose colour is `color`.
        public init(target: Point, color: Color) {
            self.target = target
            self.color = color
        }

        /// The disc's centre: above the finger (below it near the window's top), so the finger never hides it.
        public var center: Point {
            let distance = 40 + Self.radius + Self.ringWidth / 2
            let isAbove = target.y - distance - Self.radius >= 0
            return Point(x: target.x, y: isAbove ? target.y - distance : target.y + distance)
        }

        /// Everything the loupe draws: the square around its ring's outer edge, antialiasing included.
        public var frame: Rect {
            Rect(x: center.x - Self.reach, y: center.y - Self.reach, width: 2 * Self.reach, height: 2 * Self.reach)
        }
    }

    /// A small preview of the brush under a hovering pen: a disc as wide as the brush paints on screen, in its
    /// colour, ringed so that it shows on any paper; for the pen's eraser end, an empty ring as wide as the eraser.
    public struct BrushPreview: Hashable, Sendable {
        /// The pen's point, in logical window points.
        public var center: Point
        /// The disc's radius on screen, in points.
        public var radius: Double
        /// The brush's colour; `nil` for the eraser's ring.
        public var color: Color?

        /// A preview at `center`, `radius` points across half its width, in `color` (`nil`: the eraser's ring).
        public init(center: Point, radius: Double, color: Color?) {
            self.center = center
            self.radius = radius
            self.color = color
        }

        /// What it covers, its ring included.
        public var frame: Rect {
            let reach = radius + 2
            return Rect(x: center.x - reach, y: center.y - reach, width: 2 * reach, height: 2 * reach)
        }
    }

    /// The colour panel: a square of saturation (across) and value (up) at the chosen hue, a bar of hues beside
    /// it, the palette's swatches and the places of the recent colours under them, and the chosen colour last.
    public struct ColorChooser: Hashable, Sendable {
        /// The panel, in logical window points.
        public var frame: Rect
        /// The chosen hue, saturation and value, each 0 to 1.
        public var hue: Double, saturation: Double, value: Double
        /// The palette's colours, in its order.
        public var palette: [Color] = []
        /// The recent colours of the user's own, newest first: at most ``recentPlaces``, the places left empty
        /// drawn as empty outlines.
        public var recent: [Color] = []
        /// The swatch showing the brush's colour (an index into ``swatches``), `nil` for none.
        public var selectedSwatch: Int?

        /// A chooser in `frame` showing a colour.
        public init(frame: Rect, hue: Double, saturation: Double, value: Double) {
            self.frame = frame
            self.hue = hue
            self.saturation = saturation
            self.value = value
        }

        /// The panel's size for ``swatchColumns`` swatches a row.
        public static let size = Size(width: 296, height: 392)
        /// The swatches a row.
        public static let swatchColumns = 6
        /// The places for recent colours, in a row of their own under the palette's.
        public static let recentPlaces = 4
        /// A swatch's side, and the distance from one row of them to the next.
        static let swatchSide = 40.0, swatchRow = 44.0

        /// The square of saturation and value.
        public var square: Rect { Rect(x: frame.minX + 16, y: frame.minY + 16, width: frame.width - 104, height: 168) }
        /// The bar of hues, top to bottom.
        public var hueBar: Rect { Rect(x: square.maxX + 24, y: square.minY, width: 48, height: square.height) }
        /// The swatches' frames: the palette's, then the recent colours' places, each row from the left.
        public var swatches: [Rect] {
            let columns = Self.swatchColumns
            let paletteRows = (palette.count + columns - 1) / columns
            let step = (frame.width - 32 - Self.swatchSide) / Double(columns - 1)
            func place(_ row: Int, _ column: Int) -> Rect {
                Rect(x: frame.minX + 16 + Double(column) * step, y: square.maxY + 16 + Double(row) * Self.swatchRow,
                     width: Self.swatchSide, height: Self.swatchSide)
            }
            return palette.indices.map { place($0 / columns, $0 % columns) }
                + (0..<Self.recentPlaces).map { place(paletteRows + $0 / columns, $0 % columns) }
        }
        /// The swatch of the chosen colour, which closes the chooser when tapped.
        public var swatch: Rect {
            let below = swatches.last.map { $0.maxY + 8 } ?? square.maxY + 16
            return Rect(x: frame.minX + 16, y: below, width: frame.width - 32, height: 40)
        }
    }

    /// A button's label, shown above it while it is held down: white text on a dark tip.
    public struct Label: Hashable, Sendable {
        /// What it says.
        public var text: String
        /// Where it is, in logical window points: above the button, inside the window.
        public var frame: Rect

        /// A label with its text in a frame.
        public init(text: String, frame: Rect) {
            self.text = text
            self.frame = frame
        }

        /// The label for a button's frame in a window's bounds (its width reckoned generously for the font).
        public init(text: String, button: Rect, window: Rect) {
            self.text = text
            let width = min(16 + 8 * Double(text.count), window.width), height = 30.0
            let x = min(max(button.midX - width / 2, window.minX), window.maxX - width)
            frame = Rect(x: x, y: max(button.minY - height - 10, window.minY), width: width, height: height)
        }
    }

    /// One control of the bar.
    public struct Item: Hashable, Sendable {
        /// What the control shows.
        public enum Content: Hashable, Sendable {
            /// A colour swatch.
            case swatch(Color)
            /// A width step, shown as a dot in the brush's colour whose size grows with the width (every step a
            /// different size, whatever the button's size).
            case width(Double, Color)
            /// The undo, redo, clear, save, copy and paste buttons, each drawn as an icon.
            case undo, redo, clear, save, copy, paste
            /// The navigate toggle: a hand, selected while fingers move the view instead of painting.
            case hand
            /// The eraser tool: a tilted eraser block, selected while fingers erase whole strokes.
            case eraser
            /// The selection tool: a lasso's dashed loop, selected while fingers select and move what is painted.
            case lasso
            /// The fill tool: a paint bucket pouring, selected while a tap fills a region.
            case bucket
            /// Full screen on and off: four corners, selected in full screen (the way back by touch).
            case fullscreen
            /// The colour well: the brush's colour in a ring of hues; it opens the colour panel.
            case colorWell(Color)
            /// The brush tool: a round brush, selected while fingers paint.
            case brush
            /// The More menu's button: three dots.
            case more
            /// A setting turned on and off: a switch, on while selected.
            case toggle
            /// The eyedropper: a pipette, selected while the next touch picks a colour.
            case eyedropper
            /// The gallery of the user's drawings: four small tiles.
            case gallery
            /// The guide to the gestures and keys: a question mark.
            case help
            /// The layers panel's button: three sheets stacked; a layer's row in the panel.
            case layers
            /// A layer's visibility: an open eye, greyed while the layer is hidden.
            case eye
            /// A layer's lock: a padlock, closed and marked while the layer is locked.
            case lock
            /// A new layer: a plus.
            case plus
            /// A layer moved up (`true`) or down the stack: an arrow.
            case arrow(up: Bool)
            /// A layer's row in the layers panel: the layer's thumbnail on paper (by the key the renderer's
            /// ``CanvasRenderer/galleryThumbnails`` holds it under; `nil` while there is none), then its name.
            case layerThumbnail(String?)
            /// A brush's row in the brush panel: its preview stroke (by the key the renderer's
            /// ``CanvasRenderer/galleryThumbnails`` holds it under, ``BrushPreviews``; `nil` while there is none) in
            /// a box ``brushPreviewAspect`` times as wide as the row is tall, then its name.
            case brushPreview(String?)
        }

        /// How much wider than tall a brush's preview is in its row.
        public static let brushPreviewAspect = 2.6

        /// What the control shows.
        public var content: Content
        /// Where the control is, in logical window points.
        public var frame: Rect
        /// Whether the control shows the brush's current choice.
        public var isSelected: Bool
        /// Whether the control can be used now (undo with nothing to undo cannot).
        public var isEnabled: Bool
        /// The words beside the icon, for a row of a menu; `nil` for a button of the bar or the strip. A row's
        /// icon takes the square at its left end (a layer's thumbnail a box 1.35 times as wide), its words the rest.
        public var title: String?

        /// A control showing `content` in `frame`, with `title` beside its icon for a menu's row.
        public init(content: Content, frame: Rect, isSelected: Bool = false, isEnabled: Bool = true, title: String? = nil) {
            self.content = content
            self.frame = frame
            self.isSelected = isSelected
            self.isEnabled = isEnabled
            self.title = title
        }
    }

    /// The strip of controls standing against the window's left or right edge, drawn once into an image as the bar
    /// is (``BarImage``): a square band with an edge line on its three other sides.
    public struct Strip: Hashable, Sendable {
        /// The strip, in logical window points.
        public var frame: Rect
        /// Its controls, drawn in order.
        public var items: [Item]
        /// Whether it stands against the right edge (the left-handed) rather than the left.
        public var isAtRightEdge: Bool

        /// A strip in `frame` with its controls, against the left or the right edge.
        public init(frame: Rect, items: [Item], isAtRightEdge: Bool = false) {
            self.frame = frame
            self.items = items
            self.isAtRightEdge = isAtRightEdge
        }
    }

    /// Controls on a panel of their own over the canvas: the More menu.
    public struct Panel: Hashable, Sendable {
        /// The panel, in logical window points.
        public var frame: Rect
        /// Its controls, drawn in order.
        public var items: [Item]
        /// A row a finger drags (the layers panel's): its controls are drawn last, over a raised box; `nil` for none.
        public var liftedRow: Rect?
        /// Its sliders (the brush panel's size and opacity), drawn after its controls.
        public var sliders: [Slider] = []

        /// A panel in `frame` with its controls, and a row lifted over them while a finger drags it.
        public init(frame: Rect, items: [Item], liftedRow: Rect? = nil) {
            self.frame = frame
            self.items = items
            self.liftedRow = liftedRow
        }
    }

    /// A slider (a layer's opacity, a brush's size): its words ("Opacity 60 %"), its row and its value.
    public struct Slider: Hashable, Sendable {
        /// What it says, the value included.
        public var title: String
        /// The whole row, in window points: the words above, the track below.
        public var frame: Rect
        /// The track the knob runs along.
        public var track: Rect
        /// The value shown, 0 to 1.
        public var value: Double

        public init(title: String, frame: Rect, track: Rect, value: Double) {
            self.title = title
            self.frame = frame
            self.track = track
            self.value = value
        }
    }

    /// The menu a long press on a layer's row opens (docs/layers.md): its actions, its opacity slider, the list of
    /// blend modes or the rename panel, over the layers panel. The selection's menu (docs/selection.md) is drawn as
    /// one too: a heading over rows.
    public struct LayerMenu: Hashable, Sendable {
        /// One button of the menu: an action, a blend mode.
        public struct Row: Hashable, Sendable {
            /// Its words.
            public var title: String
            /// Where it is, in window points.
            public var frame: Rect
            /// Whether it is drawn in red (delete).
            public var isDestructive: Bool
            /// Whether it is marked as the choice made (the layer's blend mode).
            public var isSelected: Bool
            /// Whether it can be used now (delete while another layer remains); greyed otherwise.
            public var isEnabled: Bool

            public init(title: String, frame: Rect, isDestructive: Bool = false, isSelected: Bool = false,
                        isEnabled: Bool = true) {
                self.title = title
                self.frame = frame
                self.isDestructive = isDestructive
                self.isSelected = isSelected
                self.isEnabled = isEnabled
            }
        }

        /// Where the menu is, in window points.
        public var frame: Rect
        /// The heading: the layer's name, or what the rows choose.
        public var title: String
        /// The buttons, top to bottom.
        public var rows: [Row]
        /// The opacity slider, in the menu of actions; `nil` elsewhere.
        public var slider: Overlay.Slider?
        /// The rename panel, while the layer's name is typed; `nil` otherwise.
        public var renamePanel: Gallery.RenamePanel?

        public init(frame: Rect, title: String, rows: [Row], slider: Overlay.Slider? = nil,
                    renamePanel: Gallery.RenamePanel? = nil) {
            self.frame = frame
            self.title = title
            self.rows = rows
            self.slider = slider
            self.renamePanel = renamePanel
        }
    }

    /// The bar's rectangle, filled behind the items.
    public var frame: Rect
    /// The controls, drawn in order.
    public var items: [Item]
    /// The banner, drawn last; `nil` for none.
    public var banner: Banner?
    /// The colour chooser's panel over the canvas, while it is open.
    public var colorChooser: ColorChooser?
    /// The eyedropper's loupe, while a finger picks a colour.
    public var loupe: Loupe?
    /// The brush's preview under a hovering pen, drawn over the canvas (never into the document).
    public var brushPreview: BrushPreview?
    /// A held button's label.
    public var label: Label?
    /// The view indicator (the zoom and the angle while they change), drawn over the canvas; `nil` while hidden.
    public var indicator: Label?
    /// The gallery over the whole window, while it is open: drawn over the bar and the panels, under the banner.
    public var gallery: Gallery?
    /// The guide's card above the bar, while it shows: drawn over the panels, under the banner.
    public var guide: Guide?
    /// The colours the controls are drawn in.
    public var style = OverlayStyle.light
    /// The strip at the window's side, drawn after the bar; `nil` for none.
    public var strip: Strip?
    /// The panels of controls over the canvas (the More menu), drawn after the bar and the strip, in order.
    public var panels: [Panel] = []
    /// A layer's menu, or the selection's, over the panels, while it is open.
    public var layerMenu: LayerMenu?
    /// The selection's outline, or the lasso's loop being drawn, over the canvas; `nil` for none.
    public var selection: Selection?

    /// A selection's outline over the canvas, or a lasso's loop being drawn: a dashed line, black and white so that
    /// it shows over any paint, its dashes marching as ``dashPhase`` grows.
    public struct Selection: Hashable, Sendable {
        /// The line's points, in window points.
        public var outline: [Point]
        /// Whether the line closes back to its first point (a selection's outline; a loop being drawn is open).
        public var isClosed: Bool
        /// How far along the dashes start, in points.
        public var dashPhase: Double
        /// The square handles that scale the selection, in window points (its corners); none while a loop is drawn.
        public var handles: [Point]
        /// The round handle that turns it, joined to the middle of the outline's first edge; `nil` for none.
        public var rotationHandle: Point?

        /// The side of a square handle, and the diameter of the round one, in points.
        public static let handleSide = 11.0

        /// A line through `outline`, closed or not, its dashes starting `dashPhase` points along, with its handles.
        public init(outline: [Point], isClosed: Bool, dashPhase: Double = 0, handles: [Point] = [],
                    rotationHandle: Point? = nil) {
            self.outline = outline
            self.isClosed = isClosed
            self.dashPhase = dashPhase
            self.handles = handles
            self.rotationHandle = rotationHandle
        }

        /// The rectangle the line and the handles cover; `nil` for a line of no point.
        public var frame: Rect? {
            let points = outline + handles + (rotationHandle.map { [$0] } ?? [])
            guard let first = points.first else { return nil }
            var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
            for point in points.dropFirst() {
                (minX, minY, maxX, maxY) = (min(minX, point.x), min(minY, point.y), max(maxX, point.x), max(maxY, point.y))
            }
            let reach = Self.handleSide
            return Rect(x: minX - reach, y: minY - reach, width: maxX - minX + 2 * reach, height: maxY - minY + 2 * reach)
        }
    }

    /// A bar in `frame` with its controls, and a banner when there is one.
    public init(frame: Rect, items: [Item], banner: Banner? = nil) {
        self.frame = frame
        self.items = items
        self.banner = banner
    }

    /// Every rectangle the overlay covers: the bar's, the strip's, the panels', and the banner's, the guide's and the
    /// others' when there are.
    public var frames: [Rect] {
        [frame] + [strip?.frame].compactMap { $0 } + panels.map(\.frame)
            + [layerMenu?.frame, layerMenu?.frame.offsetBy(dx: 0, dy: 3)].compactMap { $0 }
            + [banner?.frame, colorChooser?.frame, loupe?.frame, brushPreview?.frame, label?.frame, indicator?.frame,
               gallery?.frame, selection?.frame, guide?.frame]
            .compactMap { $0 }
    }
}
