/// A key on the keyboard, without modifiers (see `KeyEvent`).
public enum Key: Hashable, Sendable {
    /// A printable character (any Unicode scalar that is not a control character).
    /// Ctrl-letters are `.character("a"…"z")` with `.control` in the modifiers; Ctrl-Space
    /// (NUL) is `.character(" ")` with `.control`.
    case character(Character)
    /// Enter / Return (CR, and LF which Ctrl-J also sends).
    case enter
    /// Tab (Ctrl-I); Shift-Tab (`CSI Z`) is `.tab` with `.shift`.
    case tab
    /// Backspace (DEL 0x7F, and BS 0x08 which Ctrl-H also sends).
    case backspace
    /// A lone Escape key press (decided after the escape timeout, see `KeyDecoder.flush()`).
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key F1…F20.
    case function(Int)
}
