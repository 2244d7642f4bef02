import ReaderCore
import Support

/// An action of the reading layer that `map` can bind keys to (docs/CONFIG.md): its name
/// in the config file, the key it stands for (what a mapped key is turned into before the
/// reading layer gets it) and its default keys (docs/KEYS.md).
public enum KeyAction: String, CaseIterable, Sendable {
    case nextPage = "next_page", previousPage = "previous_page"
    case lineDown = "line_down", lineUp = "line_up"
    case halfPageDown = "half_page_down", halfPageUp = "half_page_up"
    case nextChapter = "next_chapter", chapterStart = "chapter_start"
    case bookStart = "book_start", bookEnd = "book_end"
    case jumpBack = "jump_back", jumpForward = "jump_forward"
    case contents, bookmarks, search, command, help
    case addBookmark = "add_bookmark"
    case nextMatch = "next_match", previousMatch = "previous_match"
    case clear
    case nextLink = "next_link", previousLink = "previous_link", linkHints = "link_hints"
    case reveal
    case wider, narrower, defaultWidth = "default_width", nextTheme = "next_theme", settings
    case fitPictures = "fit_pictures"
    case writingMode = "writing_mode"
    case revealPause = "reveal_pause"
    case quit

    /// The key the reading layer gets for this action: one that means only it (PgDn for
    /// the next page, also while revealing, where Space shows the rest of the page).
    public var input: Input {
        switch self {
        case .nextPage: return .pageDown
        case .previousPage: return .pageUp
        case .lineDown: return .down
        case .lineUp: return .up
        case .halfPageDown: return .control("d")
        case .halfPageUp: return .control("u")
        case .nextChapter: return .character("]")
        case .chapterStart: return .character("[")
        case .bookStart: return .home
        case .bookEnd: return .end
        case .jumpBack: return .control("o")
        case .jumpForward: return .alt(.right)
        case .contents: return .character("t")
        case .bookmarks: return .character("'")
        case .search: return .character("/")
        case .command: return .character(":")
        case .help: return .character("?")
        case .addBookmark: return .character("m")
        case .nextMatch: return .character("n")
        case .previousMatch: return .character("N")
        case .clear: return .escape
        case .nextLink: return .tab
        case .previousLink: return .backTab
        case .linkHints: return .character("F")
        case .reveal: return .character("r")
        case .wider: return .character("+")
        case .narrower: return .character("-")
        case .defaultWidth: return .character("=")
        case .nextTheme: return .character("c")
        case .settings: return .character("o")
        case .fitPictures: return .character("z")
        case .writingMode: return .character("V")
        case .revealPause: return .character("p")
        case .quit: return .character("q")
        }
    }

    /// The keys bound to it by default (docs/KEYS.md), as `map` writes them.
    public var defaultKeys: [String] {
        switch self {
        case .nextPage: return ["space", "f", "pgdn", "right", "ctrl+f"]
        case .previousPage: return ["b", "pgup", "left", "backspace", "ctrl+b"]
        case .lineDown: return ["j", "down", "enter", "ctrl+e", "ctrl+n"]
        case .lineUp: return ["k", "up", "ctrl+y", "ctrl+p"]
        case .halfPageDown: return ["d", "ctrl+d"]
        case .halfPageUp: return ["u", "ctrl+u"]
        case .bookStart: return ["g", "home", "<"]
        case .bookEnd: return ["G", "end", ">"]
        case .jumpBack: return ["ctrl+o", "alt+left"]
        case .narrower: return ["-", "_"]
        case .quit: return ["q", "Q", "ctrl+c"]
        default: return [KeyName.name(input)]
        }
    }

    /// What it does (for `reader config --default`).
    public var summary: String {
        switch self {
        case .lineDown: return "one line down (Enter: follows a selected link)"
        case .clear: return "clear the search highlights and the selected link"
        case .reveal: return "paced reveal on / off (Space, Enter, >, Esc while revealing: as docs/KEYS.md)"
        case .bookEnd: return "end of the book (> while revealing: fast-forward)"
        case .wider: return "text 4 cells wider (while revealing: faster)"
        case .narrower: return "text 4 cells narrower (while revealing: slower)"
        case .defaultWidth: return "text width back to the default (while revealing: faster)"
        case .nextTheme: return "next theme"
        case .settings: return "the settings panel"
        case .fitPictures: return "fixed-layout pages: whole on the screen / as wide as the text (scrolled)"
        case .writingMode: return "vertical text (columns, right to left) / lines"
        default: return rawValue.replacingBytes("_", with: " ")
        }
    }
}
