import ReaderCore

/// Key names of the config file's `map` and `unmap` lines (docs/CONFIG.md): `ctrl+f`,
/// `alt+left`, `space`, `enter`, `tab`, `shift+tab`, `pgdn`, `home`, arrows, `esc`, or one
/// character (`j`, `G`, `?`).
public enum KeyName {
    private static let named: [String: Input] = [
        "space": .character(" "), "enter": .enter, "return": .enter, "tab": .tab, "shift+tab": .backTab,
        "backtab": .backTab, "esc": .escape, "escape": .escape, "backspace": .backspace,
        "up": .up, "down": .down, "left": .left, "right": .right,
        "pgdn": .pageDown, "page_down": .pageDown, "pagedown": .pageDown,
        "pgup": .pageUp, "page_up": .pageUp, "pageup": .pageUp,
        "home": .home, "end": .end, "alt+left": .alt(.left), "alt+right": .alt(.right),
    ]

    /// The input a key name stands for, or nil when it names no key the reader gets.
    public static func input(_ name: String) -> Input? {
        if name.count == 1, let c = name.first, !c.isWhitespace { return .character(c) }
        let lower = name.lowercased()
        if let input = named[lower] { return input }
        if lower.hasPrefix("ctrl+") {
            let rest = lower.dropFirst(5)
            if rest.count == 1, let c = rest.first, c.isASCII, c.isLetter { return .control(c) }
        }
        return nil
    }

    /// The name of an input, as `map` lines write it (the shortest name for named keys).
    public static func name(_ input: Input) -> String {
        switch input {
        case .character(" "): return "space"
        case .character(let c): return String(c)
        case .control(let c): return "ctrl+" + String(c)
        case .enter: return "enter"
        case .escape: return "esc"
        case .backspace: return "backspace"
        case .tab: return "tab"
        case .backTab: return "shift+tab"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        case .home: return "home"
        case .end: return "end"
        case .alt(let key): return "alt+" + name(key)
        case .wheelUp, .wheelDown, .click, .modifiedClick, .drag, .release: return "mouse"
        }
    }
}
