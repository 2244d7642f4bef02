/// A mouse report (only when mouse reporting is enabled in `TerminalSession.Options`).
///
/// Coordinates are zero-based cells, like `ScreenBuffer`.
public struct MouseEvent: Hashable, Sendable {
    /// A mouse button.
    public enum Button: Hashable, Sendable {
        /// Left (primary) button.
        case left
        /// Middle button / wheel click.
        case middle
        /// Right (secondary) button.
        case right
        /// No button (motion reports) or an unknown one.
        case none
    }

    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press(Button)
        /// A button went up (with SGR 1006 reporting the button is known).
        case release(Button)
        /// Motion with a button held (only if motion reporting were enabled).
        case drag(Button)
        /// Wheel rolled up (away from the user).
        case wheelUp
        /// Wheel rolled down (towards the user).
        case wheelDown
        /// Horizontal wheel left.
        case wheelLeft
        /// Horizontal wheel right.
        case wheelRight
    }

    /// The kind of event.
    public var kind: Kind
    /// Zero-based column.
    public var column: Int
    /// Zero-based row.
    public var row: Int
    /// Modifiers held (shift, alt, control).
    public var modifiers: KeyModifiers

    /// Creates a mouse event.
    public init(_ kind: Kind, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.kind = kind
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
