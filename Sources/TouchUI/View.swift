// Views: rectangles in a tree that take touches and carry gesture recognizers.

/// A rectangular area of the window that takes touches, with subviews in front of it.
///
/// Coordinates: a view's ``frame`` is in its superview's coordinates, its ``bounds`` in its own; a bounds origin
/// other than zero scrolls the content. Views have no transform. Differs from UIKit: there is no drawing or layout
/// here; a program draws views its own way.
open class View: Responder {
    /// The view's rectangle in its own coordinates. Its origin shifts the content (as a scroll offset does).
    public var bounds: Rect
    /// The position of the view's top-left corner in its superview's coordinates.
    public var origin: Point

    /// The view's rectangle in its superview's coordinates. Setting it moves the view and resizes its bounds.
    public var frame: Rect {
        get { Rect(origin: origin, size: bounds.size) }
        set {
            origin = newValue.origin
            bounds.size = newValue.size
        }
    }

    /// The view's subviews, back to front: the last one is front-most and is hit-tested first.
    public private(set) var subviews: [View] = []
    /// The view this one is a subview of.
    public private(set) weak var superview: View?

    /// Whether the view and its subviews take touches. When false, touches fall through to the views behind.
    public var isUserInteractionEnabled = true
    /// Whether the view is hidden. A hidden view and its subviews take no touches.
    public var isHidden = false
    /// Whether the view is sent more than one touch at a time. When false (the default), the view is sent only the
    /// first of several touches that come down on it; the others are still tracked and go to its gesture
    /// recognizers.
    public var isMultipleTouchEnabled = false
    /// Whether the view takes touches to the exclusion of every other view in the window: while it has a touch,
    /// touches on other views are not delivered to them, and it gets no touch while other views have one.
    public var isExclusiveTouch = false
    /// The gesture recognizers attached to this view, in the order they were added.
    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    /// A view placed at `frame` in its superview's coordinates, with bounds of the same size at the origin.
    public init(frame: Rect = .zero) {
        self.bounds = Rect(origin: .zero, size: frame.size)
        self.origin = frame.origin
        super.init()
    }

    // MARK: - The view tree

    /// The window at the root of this view's tree, or `nil` when the view is not in a window.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// The superview: touch phases this view does not handle go there.
    open override var next: Responder? { superview }

    /// Adds a view in front of all other subviews, removing it from its previous superview first.
    public func addSubview(_ view: View) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts a view at a place in the z-order (0 is the back-most).
    public func insertSubview(_ view: View, at index: Int) {
        precondition(view !== self && !isDescendant(of: view), "a view cannot be its own subview")
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Moves a subview in front of its siblings.
    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    /// Moves a subview behind its siblings.
    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// Removes the view from its superview.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
    }

    /// Whether this view is `view` or lies below it in the tree.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    // MARK: - Gesture recognizers

    /// Attaches a gesture recognizer; it then sees the touches of this view and of its subviews before they do.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches a gesture recognizer. One in the middle of a gesture is cancelled first.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
        recognizer.abandonSequence()
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // MARK: - Hit-testing

    /// Whether a point, in this view's coordinates, lies inside the view. Override to grow or shape the area that
    /// takes touches.
    open func point(inside point: Point, with event: Event?) -> Bool {
        bounds.contains(point)
    }

    /// The front-most descendant (or this view) that contains a point given in this view's coordinates and takes
    /// touches, or `nil`.
    ///
    /// Hidden views and views with ``isUserInteractionEnabled`` false are skipped with their subviews. Subviews are
    /// tried front-most first; a point outside this view finds nothing, even over a subview that sticks out.
    open func hitTest(_ point: Point, with event: Event?) -> View? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point, with: event) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(convert(point, to: subview), with: event) {
                return hit
            }
        }
        return self
    }

    // MARK: - Coordinate conversion

    /// Converts a point from this view's coordinates to another view's, or to the window's when `view` is `nil`.
    public func convert(_ point: Point, to view: View?) -> Point {
        let inWindow = pointInRoot(point)
        guard let view else { return inWindow }
        return view.pointFromRoot(inWindow)
    }

    /// Converts a point from another view's coordinates, or from the window's when `view` is `nil`, to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inWindow = view.map { $0.pointInRoot(point) } ?? point
        return pointFromRoot(inWindow)
    }

    /// Converts a rectangle from this view's coordinates to another view's, or to the window's when `view` is `nil`.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// The offset from this view's coordinates to the root's: the window's bounds coordinates, or those of the
    /// top view of a tree that is in no window.
    private var offsetToRoot: Vector {
        var offset = Vector.zero
        var view: View = self
        while !(view is Window), let superview = view.superview {
            offset = offset + Vector(dx: view.origin.x - view.bounds.origin.x, dy: view.origin.y - view.bounds.origin.y)
            view = superview
        }
        return offset
    }

    private func pointInRoot(_ point: Point) -> Point { point + offsetToRoot }
    private func pointFromRoot(_ point: Point) -> Point { point - offsetToRoot }
}
