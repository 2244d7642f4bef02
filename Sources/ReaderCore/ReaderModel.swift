import TextContent
import TextLayout

/// A bookmark as the reader core sees it (the host persists it).
public struct Mark: Hashable, Sendable {
    /// Where it points.
    public var offset: ByteOffset
    /// Label shown in the list.
    public var label: String

    public init(offset: ByteOffset, label: String) {
        self.offset = offset
        self.label = label
    }
}

/// What the screen shows besides the text.
public enum Mode: Hashable, Sendable {
    /// Reading.
    case reading
    /// The table of contents with a selected entry.
    case contents(selected: Int)
    /// The bookmark list with a selected entry.
    case bookmarks(selected: Int)
    /// The key help, scrolled by `scroll` lines.
    case help(scroll: Int)
    /// Typing a search pattern (`/`) or a command (`:`).
    case prompt(PromptKind, text: String)
}

/// The kind of line being typed.
public enum PromptKind: Hashable, Sendable {
    case search, command
}

/// The reader's whole state and its reaction to input: a state machine with no I/O.
///
/// The host feeds `Input`s and resizes, performs the returned `Effect`s (saving, quitting)
/// and renders the model into a screen buffer after each change.
public final class ReaderModel {
    /// The book.
    public let content: TextContent
    /// Layouts of chapters for the current width.
    public let layouts: ChapterLayouts
    /// Scrolling state; `pager.anchor` is the reading position.
    public internal(set) var pager: Pager
    /// Current mode.
    public private(set) var mode: Mode = .reading
    /// Terminal size in cells.
    public private(set) var columns: Int
    /// Terminal size in rows.
    public private(set) var screenRows: Int
    /// Maximum text column width requested by the user (`--width`).
    public let preferredWidth: Int
    /// The active search, if any.
    public private(set) var search: BookSearch?
    /// The current match (highlighted).
    public private(set) var currentMatch: ByteRange?
    /// Bookmarks.
    public private(set) var marks: [Mark]
    /// A one-line message for the status line (errors, "search wrapped", …).
    public private(set) var message: String?
    /// Options other than the width (line-break style, indent…).
    public let baseOptions: LayoutOptions
    /// The paced reveal, while it is on (see `ReaderModel+Reveal.swift`).
    public internal(set) var reveal: RevealState?

    /// Creates a reader at `position` in a terminal of `columns` × `rows`.
    public init(content: TextContent, position: ByteOffset, columns: Int, rows: Int, preferredWidth: Int = 80,
                baseOptions: LayoutOptions = LayoutOptions(), marks: [Mark] = []) {
        self.content = content
        self.columns = max(1, columns)
        self.screenRows = max(2, rows)
        self.preferredWidth = max(1, preferredWidth)
        self.baseOptions = baseOptions
        self.marks = marks
        let clamped = ByteOffset(min(max(0, position.rawValue), content.bytes.count))
        layouts = ChapterLayouts(content: content, options: Self.options(base: baseOptions, width: Self.textWidth(columns: columns, preferred: preferredWidth)))
        pager = Pager(anchor: clamped, rows: max(1, rows - 1))
    }

    /// The text column width for a terminal width: at most `preferred`, leaving a margin
    /// of 2 cells each side when the terminal is wide enough.
    public static func textWidth(columns: Int, preferred: Int) -> Int {
        let margin = columns >= 24 ? 2 : 0
        return max(1, min(preferred, columns - 2 * margin))
    }

    static func options(base: LayoutOptions, width: Int) -> LayoutOptions {
        var o = base
        o.width = width
        return o
    }

    /// Width of the text column now.
    public var textWidth: Int { layouts.options.width }
    /// Rows of text (the last row is the status line).
    public var textRows: Int { max(1, screenRows - 1) }
    /// Progress at the reading position.
    public var progress: Progress { Progress(offset: pager.anchor, in: content) }
    /// Title of the chapter at the reading position.
    public var chapterTitle: String {
        guard let i = content.chapterIndex(containing: pager.anchor) else { return content.metadata.title }
        let t = content.chapters[i].title
        return t.isEmpty ? content.metadata.title : t
    }

    /// Shows a one-line message on the status line until the next input.
    public func showMessage(_ text: String) {
        message = text
    }

    /// The terminal was resized: lay out again at the new width, keeping the reading position.
    public func resize(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.screenRows = max(2, rows)
        layouts.setOptions(Self.options(base: baseOptions, width: Self.textWidth(columns: self.columns, preferred: preferredWidth)))
        pager.rows = textRows
    }

    /// Applies one input; returns what the host must do.
    @discardableResult
    public func handle(_ input: Input) -> [Effect] {
        message = nil
        switch mode {
        case .reading: return handleReading(input)
        case .contents(let selected): return handleContents(input, selected: selected)
        case .bookmarks(let selected): return handleBookmarks(input, selected: selected)
        case .help(let scroll): return handleHelp(input, scroll: scroll)
        case .prompt(let kind, let text): return handlePrompt(input, kind: kind, text: text)
        }
    }

    // MARK: Reading

    private func handleReading(_ input: Input) -> [Effect] {
        let before = pager.anchor
        let page = textRows
        switch input {
        case .character(" "), .character("f"), .pageDown, .control("f"), .right:
            pager.scroll(by: page, in: layouts)
        case .character("b"), .pageUp, .control("b"), .left, .backspace:
            pager.scroll(by: -page, in: layouts)
        case .character("j"), .down, .enter, .control("e"), .control("n"):
            pager.scroll(by: 1, in: layouts)
        case .character("k"), .up, .control("y"), .control("p"):
            pager.scroll(by: -1, in: layouts)
        case .wheelDown:
            pager.scroll(by: 3, in: layouts)
        case .wheelUp:
            pager.scroll(by: -3, in: layouts)
        case .character("d"), .control("d"):
            pager.scroll(by: max(1, page / 2), in: layouts)
        case .character("u"), .control("u"):
            pager.scroll(by: -max(1, page / 2), in: layouts)
        case .character("]"):
            jumpToChapter(progress.chapter + 1)
        case .character("["):
            // To the start of this chapter, or the previous one when already there.
            let c = progress.chapter
            let start = content.chapters[c].range.lowerBound
            jumpToChapter(pager.top(in: layouts).line == 0 || pager.anchor <= start ? c - 1 : c)
        case .character("g"), .home, .character("<"):
            pager.jump(to: .zero)
        case .character("G"), .end, .character(">"):
            pager.setTop(pager.lastPageTop(in: layouts), in: layouts)
        case .character("t"):
            mode = .contents(selected: currentTOCIndex())
        case .character("'"):
            mode = .bookmarks(selected: 0)
        case .character("m"):
            addMark()
            return [.bookmarksChanged]
        case .character("/"):
            mode = .prompt(.search, text: "")
        case .character(":"):
            mode = .prompt(.command, text: "")
        case .character("?"):
            mode = .help(scroll: 0)
        case .character("n"):
            findNext(forward: true)
        case .character("N"):
            findNext(forward: false)
        case .character("q"), .character("Q"), .control("c"):
            return [.positionChanged, .quit]
        case .escape:
            currentMatch = nil
        default:
            break
        }
        return pager.anchor != before ? [.positionChanged] : []
    }

    /// Jumps to the start of chapter `index` (clamped).
    public func jumpToChapter(_ index: Int) {
        guard !content.chapters.isEmpty else { return }
        let i = min(max(0, index), content.chapters.count - 1)
        pager.jump(to: content.chapters[i].range.lowerBound)
    }

    /// Jumps to a byte offset (clamped to the text).
    public func jump(to offset: ByteOffset) {
        pager.jump(to: ByteOffset(min(max(0, offset.rawValue), content.bytes.count)))
    }

    // MARK: Table of contents

    /// Entries shown by `t`: the TOC when the book has one, else the chapters.
    public var contentsEntries: [TOCEntry] {
        if !content.toc.isEmpty { return content.toc }
        return content.chapters.map { TOCEntry(title: $0.title, level: $0.level, target: $0.range.lowerBound, source: $0.source) }
    }

    private func currentTOCIndex() -> Int {
        let entries = contentsEntries
        var best = 0
        for (i, e) in entries.enumerated() where e.target <= pager.anchor { best = i }
        return best
    }

    private func handleContents(_ input: Input, selected: Int) -> [Effect] {
        let entries = contentsEntries
        let last = max(0, entries.count - 1)
        switch input {
        case .character("j"), .down, .control("n"), .wheelDown: mode = .contents(selected: min(last, selected + 1))
        case .character("k"), .up, .control("p"), .wheelUp: mode = .contents(selected: max(0, selected - 1))
        case .pageDown, .character(" "), .control("f"): mode = .contents(selected: min(last, selected + textRows - 2))
        case .pageUp, .character("b"), .control("b"): mode = .contents(selected: max(0, selected - (textRows - 2)))
        case .character("g"), .home: mode = .contents(selected: 0)
        case .character("G"), .end: mode = .contents(selected: last)
        case .enter, .character("l"):
            mode = .reading
            if selected < entries.count {
                pager.jump(to: entries[selected].target)
                return [.positionChanged]
            }
        case .escape, .character("q"), .character("t"), .character("h"):
            mode = .reading
        default: break
        }
        return []
    }

    // MARK: Bookmarks

    private func addMark() {
        let top = pager.visibleLines(in: layouts).first
        var label = ""
        if let line = top?.line {
            label = String(content.string(in: line.range).drop(while: { $0 == " " || $0 == "\t" })
                .reversed().drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" }).reversed())
        }
        if label.count > 60 { label = String(label.prefix(60)) + "…" }
        let mark = Mark(offset: pager.anchor, label: "\(chapterTitle) — \(label)")
        if !marks.contains(where: { $0.offset == mark.offset }) {
            marks.append(mark)
            marks.sort { $0.offset < $1.offset }
        }
        message = "Bookmark added (\(marks.count) in all; ' lists them)"
    }

    private func handleBookmarks(_ input: Input, selected: Int) -> [Effect] {
        let last = max(0, marks.count - 1)
        switch input {
        case .character("j"), .down, .wheelDown: mode = .bookmarks(selected: min(last, selected + 1))
        case .character("k"), .up, .wheelUp: mode = .bookmarks(selected: max(0, selected - 1))
        case .enter:
            mode = .reading
            if selected < marks.count {
                pager.jump(to: marks[selected].offset)
                return [.positionChanged]
            }
        case .character("d"), .character("x"):
            if selected < marks.count {
                marks.remove(at: selected)
                mode = .bookmarks(selected: max(0, min(selected, marks.count - 1)))
                return [.bookmarksChanged]
            }
        case .escape, .character("q"), .character("'"):
            mode = .reading
        default: break
        }
        return []
    }

    // MARK: Help

    private func handleHelp(_ input: Input, scroll: Int) -> [Effect] {
        switch input {
        case .character("j"), .down, .wheelDown: mode = .help(scroll: min(scroll + 1, max(0, KeyHelp.lines.count - textRows)))
        case .character("k"), .up, .wheelUp: mode = .help(scroll: max(0, scroll - 1))
        default: mode = .reading
        }
        return []
    }

    // MARK: Prompt

    private func handlePrompt(_ input: Input, kind: PromptKind, text: String) -> [Effect] {
        switch input {
        case .character(let c):
            mode = .prompt(kind, text: text + String(c))
        case .backspace:
            if text.isEmpty { mode = .reading } else { mode = .prompt(kind, text: String(text.dropLast())) }
        case .escape, .control("c"), .control("g"):
            mode = .reading
        case .enter:
            mode = .reading
            let before = pager.anchor
            switch kind {
            case .search: startSearch(text)
            case .command: runCommand(text)
            }
            return pager.anchor != before ? [.positionChanged] : []
        default:
            break
        }
        return []
    }

    private func startSearch(_ pattern: String) {
        guard !pattern.isEmpty else {
            if search != nil { findNext(forward: true) }
            return
        }
        do {
            search = try BookSearch(pattern: pattern, content: content)
            findNext(forward: true, fromTop: true)
        } catch {
            message = "Not a valid regular expression: \(pattern)"
        }
    }

    private func findNext(forward: Bool, fromTop: Bool = false) {
        guard let search else { message = "No search yet: type / and a pattern"; return }
        let visible = pager.visibleLines(in: layouts)
        let from: ByteOffset
        if forward {
            if fromTop { from = visible.first?.line.start ?? pager.anchor }
            else if let m = currentMatch { from = m.lowerBound + 1 }
            else { from = visible.first?.line.start ?? pager.anchor }
        } else {
            from = currentMatch?.lowerBound ?? pager.anchor
        }
        let found = forward ? search.next(from: from) : search.previous(before: from)
        guard let match = found else {
            message = "Pattern not found: \(search.pattern)"
            currentMatch = nil
            return
        }
        if forward && match.lowerBound < from { message = "Search wrapped to the start" }
        if !forward && match.lowerBound >= from { message = "Search wrapped to the end" }
        currentMatch = match
        // Keep the page if the match is already visible; otherwise put its line at the top.
        let onScreen = visible.contains { $0.line.range.contains(match.lowerBound) }
        if !onScreen { pager.jump(to: lineStart(containing: match.lowerBound)) }
    }

    private func lineStart(containing offset: ByteOffset) -> ByteOffset {
        guard let c = content.chapterIndex(containing: offset) else { return offset }
        let lines = layouts.lines(ofChapter: c)
        guard !lines.isEmpty else { return offset }
        return lines[lines.lineIndex(containing: offset)].start
    }

    /// Runs a `:` command: `chapter N`, `offset B`, `N%`, `q`.
    public func runCommand(_ command: String) {
        let words = command.split(separator: " ").map(String.init)
        guard let verb = words.first else { return }
        if verb.hasSuffix("%"), let p = Double(verb.dropLast()), p >= 0, p <= 100 {
            pager.jump(to: lineStart(containing: Progress.offset(forPercent: p, in: content)))
            return
        }
        switch verb {
        case "chapter", "c", "ch":
            if words.count == 2, let n = Int(words[1]), n >= 1, n <= content.chapters.count {
                jumpToChapter(n - 1)
            } else {
                message = "Usage: :chapter N (1–\(content.chapters.count))"
            }
        case "offset", "o":
            if words.count == 2, let b = Int(words[1]), b >= 0, b <= content.bytes.count {
                jump(to: ByteOffset(b))
            } else {
                message = "Usage: :offset B (0–\(content.bytes.count))"
            }
        case "q", "quit":
            message = "Press q to quit"
        default:
            if let n = Int(verb), n >= 1, n <= content.chapters.count {
                jumpToChapter(n - 1)
            } else {
                message = "Unknown command: \(command)  (try :chapter N, :offset B, :42%)"
            }
        }
    }
}
