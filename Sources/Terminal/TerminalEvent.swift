/// What `TerminalSession.nextEvent(timeoutMilliseconds:)` returns.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report (only with mouse reporting on).
    case mouse(MouseEvent)
    /// The window changed size (SIGWINCH); carries the new size. Re-layout, then redraw
    /// from scratch (encode with `previous: nil`).
    case resize(TerminalSize)
    /// The screen content is lost (e.g. resumed after Ctrl-Z / SIGCONT; raw mode and the
    /// alternate screen have already been re-entered). Redraw from scratch.
    case redraw
    /// The timeout passed without input.
    case timeout
    /// The input reached end of file (the terminal went away). Save and exit.
    case inputClosed
}
