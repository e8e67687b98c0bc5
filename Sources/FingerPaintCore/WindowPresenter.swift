// The one entry point the Wayland window plugs into.

/// Shows a ``FingerPaintApp`` in a window and runs until the user quits.
///
/// The Wayland client implements this: it creates the surface, feeds seat events to ``FingerPaintApp/handle(_:)``,
/// renders on frame callbacks with ``FingerPaintApp/renderFrame()`` and
/// ``FingerPaintApp/composite(into:stride:width:height:rects:)``, forwards configure and scale changes to
/// ``FingerPaintApp/resize(to:scale:)``, and calls ``FingerPaintApp/saveNow()`` on quit, SIGINT and SIGTERM.
public protocol WindowPresenter {
    /// Runs the window for the app; returns the process's exit status.
    func run(_ app: FingerPaintApp) -> Int32
}
