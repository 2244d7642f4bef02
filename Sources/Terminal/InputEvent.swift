/// One decoded unit of terminal input: a key press or a mouse report.
public enum InputEvent: Hashable, Sendable {
    /// A key press.
    case key(KeyEvent)
    /// A mouse report.
    case mouse(MouseEvent)
}
