import ReaderCore
import Terminal

/// Turns terminal events into the reader's inputs.
public enum InputMapping {
    /// The reader's input for a decoded key, or nil for keys it does not use.
    public static func input(for event: KeyEvent) -> Input? {
        if event.modifiers.contains(.control), case .character(let c) = event.key {
            return .control(Character(c.lowercased()))
        }
        if event.modifiers.contains(.alt) || event.modifiers.contains(.meta) {
            switch event.key {
            case .left: return .alt(.left)
            case .right: return .alt(.right)
            case .enter: return .alt(.enter)
            default: break
            }
        }
        switch event.key {
        case .character(let c): return .character(c)
        case .enter: return .enter
        case .escape: return .escape
        case .backspace: return .backspace
        case .tab: return event.modifiers.contains(.shift) ? .backTab : .tab
        case .up: return .up
        case .down: return .down
        case .left: return .left
        case .right: return .right
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home: return .home
        case .end: return .end
        case .insert, .delete, .function: return nil
        }
    }

    /// The reader's input for a mouse report: the wheel scrolls; a left press is a click
    /// (on a link it follows it; with Ctrl or Alt held it looks the word up), a move with
    /// the left button held a drag, its release a release; other buttons are not used.
    public static func input(for event: MouseEvent) -> Input? {
        switch event.kind {
        case .wheelUp: return .wheelUp
        case .wheelDown: return .wheelDown
        case .press(.left):
            if event.modifiers.contains(.control) || event.modifiers.contains(.alt) || event.modifiers.contains(.meta) {
                return .modifiedClick(row: event.row, column: event.column)
            }
            return .click(row: event.row, column: event.column)
        case .drag(.left): return .drag(row: event.row, column: event.column)
        case .release(.left), .release(.none): return .release(row: event.row, column: event.column)
        default: return nil
        }
    }
}
