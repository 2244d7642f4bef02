/// A key press: a key and the modifiers held with it.
public struct KeyEvent: Hashable, Sendable {
    /// The key.
    public var key: Key
    /// Modifiers held (shift is only reported for non-character keys; for characters the
    /// shifted character itself is reported, e.g. "A").
    public var modifiers: KeyModifiers

    /// Creates a key event.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// Convenience: a plain character key.
    public static func char(_ c: Character, _ modifiers: KeyModifiers = []) -> KeyEvent {
        KeyEvent(.character(c), modifiers: modifiers)
    }

    /// Convenience: Ctrl + a character (e.g. `.ctrl("c")`).
    public static func ctrl(_ c: Character) -> KeyEvent {
        KeyEvent(.character(c), modifiers: .control)
    }
}
