/// The key reference shown by `?` (also in docs/KEYS.md): every key the layers handle,
/// grouped by where it works. `KeyHelpTests` checks that each key a layer handles is
/// listed in its section, so the two cannot drift apart.
public enum KeyHelp {
    /// One binding: the keys (as shown, e.g. `Ctrl-F`, `PgDn`, `Space`, `mouse wheel`; a
    /// `/` separates two groups of keys, as in "down / up") and what they do.
    public struct Entry: Hashable, Sendable {
        /// The keys, in the order shown.
        public var keys: [String]
        /// What they do.
        public var action: String

        /// Creates an entry.
        public init(_ keys: [String], _ action: String) {
            self.keys = keys
            self.action = action
        }
    }

    /// A group of bindings under a heading.
    public struct Section: Hashable, Sendable {
        /// The heading.
        public var title: String
        /// The bindings.
        public var entries: [Entry]
    }

    /// The headings of the sections, for the tests that find a layer's section.
    public enum Title {
        /// The help's own keys.
        public static let help = "Help (?)"
        /// Reading keys.
        public static let reading = "Reading"
        /// Search keys.
        public static let search = "Search"
        /// Keys that go elsewhere in the book.
        public static let places = "Going places"
        /// The contents list's keys.
        public static let contents = "Contents list (t)"
        /// The bookmark list's keys.
        public static let bookmarks = "Bookmark list (')"
        /// Keys while typing a pattern or a command.
        public static let prompt = "Typing after / or :"
        /// The paced reveal's keys.
        public static let reveal = "Paced reveal (typewriter)"
        /// Links and notes on the page.
        public static let links = "Links and notes"
        /// The note popup's keys.
        public static let note = "Note popup"
        /// The dictionary popup's keys.
        public static let lookUp = "Dictionary popup (Enter in visual mode)"
        /// Keys while the links are labelled (`F`).
        public static let hints = "Link labels (F)"
        /// Display settings while reading.
        public static let settings = "Settings"
        /// The settings panel's keys.
        public static let settingsPanel = "Settings panel (o)"
        /// Visual mode's keys.
        public static let visual = "Visual mode (v): select, copy, highlight"
        /// The highlight list's keys.
        public static let highlights = "Highlight list (\")"
    }

    /// Every binding, grouped.
    public static let sections: [Section] = [
        Section(title: Title.help, entries: [
            Entry(["?"], "this help"),
            Entry(["j", "↓", "/", "k", "↑", "mouse wheel"], "scroll the help down / up"),
            Entry(["any other key"], "close the help"),
        ]),
        Section(title: Title.reading, entries: [
            Entry(["Space", "f", "PgDn", "→", "Ctrl-F"], "next page (← in a right-to-left book)"),
            Entry(["b", "PgUp", "←", "Backspace", "Ctrl-B"], "previous page (→ in a right-to-left book)"),
            Entry(["j", "↓", "Enter", "Ctrl-E", "Ctrl-N"], "one line down"),
            Entry(["k", "↑", "Ctrl-Y", "Ctrl-P"], "one line up"),
            Entry(["d", "Ctrl-D", "/", "u", "Ctrl-U"], "half a page down / up"),
            Entry(["mouse wheel"], "three lines"),
            Entry(["]"], "next chapter"),
            Entry(["["], "start of the chapter (again: the previous)"),
            Entry(["g", "Home", "<", "/", "G", "End", ">"], "start / end of the book"),
            Entry(["q", "Q", "Ctrl-C"], "quit (the position is saved)"),
        ]),
        Section(title: Title.settings, entries: [
            Entry(["+", "/", "-"], "wider / narrower text (reveal: speed)"),
            Entry(["="], "text width back to the default"),
            Entry(["c"], "next theme (dark, light, plain)"),
            Entry(["z"], "fixed-layout pages: fit page / width"),
            Entry(["V"], "vertical text (columns) / lines"),
            Entry(["o"], "settings panel (justify, hyphens…)"),
            Entry([], "(changes are remembered for this book)"),
        ]),
        Section(title: Title.settingsPanel, entries: [
            Entry(["j", "↓", "Tab", "/", "k", "↑", "Shift-Tab", "mouse wheel"], "next / previous setting"),
            Entry(["→", "l", "Enter", "Space", "/", "←", "h"], "next / previous value (applied at once)"),
            Entry(["Esc", "q", "o"], "close"),
        ]),
        Section(title: Title.search, entries: [
            Entry(["/"], "search: type a pattern, then Enter"),
            Entry([], "(regex; all lower case ignores case)"),
            Entry(["n", "/", "N"], "next / previous match (across chapters)"),
            Entry(["Esc"], "clear the highlights (then n / N: again)"),
        ]),
        Section(title: Title.places, entries: [
            Entry(["t"], "table of contents"),
            Entry(["m"], "add a bookmark at the top line"),
            Entry(["'"], "bookmark list"),
            Entry(["v"], "visual mode: select, copy, highlight"),
            Entry(["\""], "list of highlights and notes"),
            Entry([":"], "go to: :12 (chapter), :offset 123456, :42%"),
            Entry(["Ctrl-O", "Alt-←", "/", "Alt-→"], "back from a jump / forward again"),
        ]),
        Section(title: Title.links, entries: [
            Entry(["Tab", "/", "Shift-Tab"], "select the next / previous link"),
            Entry(["Enter"], "follow it (a note opens in a popup)"),
            Entry(["F"], "label the links: type a label to follow"),
            Entry(["mouse click"], "follow the link clicked"),
            Entry(["mouse drag", "double click", "triple click"], "select text / a word / a paragraph"),
            Entry(["Ctrl-click", "Alt-click"], "look the word up in the dictionaries"),
            Entry(["Esc"], "clear the selection and highlights"),
        ]),
        Section(title: Title.note, entries: [
            Entry(["j", "↓", "Ctrl-N", "Ctrl-E", "/", "k", "↑", "Ctrl-P", "Ctrl-Y"], "scroll a line down / up"),
            Entry(["Space", "f", "d", "PgDn", "Ctrl-F", "Ctrl-D"], "scroll a box down"),
            Entry(["b", "u", "PgUp", "Ctrl-B", "Ctrl-U", "Backspace"], "scroll a box up"),
            Entry(["mouse wheel"], "three lines"),
            Entry(["Enter", "g"], "go to the note in the book"),
            Entry(["Esc", "q", "mouse click"], "close (a click outside the box)"),
        ]),
        Section(title: Title.lookUp, entries: [
            Entry(["j", "↓", "Ctrl-N", "Ctrl-E", "/", "k", "↑", "Ctrl-P", "Ctrl-Y"], "scroll a line down / up"),
            Entry(["Space", "f", "d", "PgDn", "Ctrl-F", "Ctrl-D"], "scroll a box down"),
            Entry(["b", "u", "PgUp", "Ctrl-B", "Ctrl-U", "Backspace"], "scroll a box up"),
            Entry(["mouse wheel"], "three lines"),
            Entry(["Esc", "q", "Enter", "K", "Ctrl-G", "mouse click"], "close (a click outside the box)"),
        ]),
        Section(title: Title.hints, entries: [
            Entry(["a", "s", "d", "f", "g", "h", "j", "k", "l"], "type a label: follow its link"),
            Entry(["Backspace"], "take back a letter"),
            Entry(["Esc"], "cancel (so does any other key)"),
        ]),
        Section(title: Title.contents, entries: [
            Entry(["j", "↓", "Ctrl-N", "/", "k", "↑", "Ctrl-P"], "next / previous entry"),
            Entry(["Space", "PgDn", "Ctrl-F"], "a page of entries down"),
            Entry(["b", "PgUp", "Ctrl-B"], "a page of entries up"),
            Entry(["g", "Home", "/", "G", "End"], "first / last entry"),
            Entry(["Enter", "l"], "go there"),
            Entry(["Esc", "q", "t", "h"], "close"),
            Entry(["mouse wheel"], "move the selection"),
        ]),
        Section(title: Title.bookmarks, entries: [
            Entry(["j", "↓", "/", "k", "↑", "mouse wheel"], "next / previous bookmark"),
            Entry(["Enter"], "go there"),
            Entry(["d", "x"], "delete the bookmark"),
            Entry(["Esc", "q", "'"], "close"),
        ]),
        Section(title: Title.prompt, entries: [
            Entry(["Enter"], "search, run the command, save the note"),
            Entry(["Alt-Enter"], "a new line (in a note)"),
            Entry(["Backspace"], "delete a character (empty line: cancel)"),
            Entry(["Esc", "Ctrl-C", "Ctrl-G"], "cancel"),
        ]),
        Section(title: Title.visual, entries: [
            Entry(["w", "/", "b", "/", "e"], "next word / word start / word end"),
            Entry([")", "/", "("], "next sentence / sentence start"),
            Entry(["}", "/", "{"], "next paragraph / paragraph start"),
            Entry(["j", "↓", "/", "k", "↑"], "line down / up (same column)"),
            Entry(["l", "→", "/", "←", "Backspace"], "a character on / back"),
            Entry(["o"], "move the other end"),
            Entry(["y"], "copy the text to the clipboard"),
            Entry(["h", "/", "H"], "highlight / next colour (5 colours)"),
            Entry(["a"], "note on the highlight (Alt-Enter: new line)"),
            Entry(["d", "x"], "remove the highlights in the selection"),
            Entry(["Enter", "K"], "look the word (or the phrase) up"),
            Entry(["mouse drag", "mouse click", "Ctrl-click"], "move the end / start again / look up"),
            Entry(["Esc", "v", "Ctrl-G"], "leave visual mode"),
        ]),
        Section(title: Title.highlights, entries: [
            Entry(["j", "↓", "/", "k", "↑", "mouse wheel"], "next / previous highlight"),
            Entry(["g", "Home", "/", "G", "End"], "first / last"),
            Entry(["Enter"], "go there"),
            Entry(["d", "x"], "delete the highlight (and its note)"),
            Entry(["Esc", "q", "\""], "close"),
        ]),
        Section(title: Title.reveal, entries: [
            Entry(["r"], "reveal on / off"),
            Entry(["Space", "Enter"], "rest of the page at once (again: next page)"),
            Entry(["+", "=", "/", "-", "_"], "faster / slower"),
            Entry(["p"], "pause / resume"),
            Entry([">"], "fast-forward (10×) on / off"),
            Entry(["Esc"], "leave reveal mode (full page)"),
        ]),
    ]

    /// The width of the keys column.
    static let keysWidth = 31

    /// The help as lines: each heading, then its bindings indented, a blank line between
    /// sections.
    public static let lines: [String] = {
        var lines: [String] = []
        for section in sections {
            if !lines.isEmpty { lines.append("") }
            lines.append(section.title)
            for entry in section.entries {
                let keys = entry.keys.joined(separator: "  ")
                if keys.count >= keysWidth {   // too long for the column: the action on the next line
                    lines.append("  " + keys)
                    lines.append("  " + String(repeating: " ", count: keysWidth) + entry.action)
                } else {
                    lines.append("  " + keys + String(repeating: " ", count: keysWidth - keys.count) + entry.action)
                }
            }
        }
        return lines
    }()
}
