import TextContent
/// The kind of line being typed.
public enum PromptKind: Hashable, Sendable {
    /// `/`: a search pattern.
    case search
    /// `:`: a command (`ReaderCommand`).
    case command
    /// `a` in visual mode: the note on the selection's highlight (Alt-Enter starts a new
    /// line of it; an empty note removes the note, not the highlight).
    case note
}

/// Typing a search pattern (`/`), a command (`:`) or a note (`a` in visual mode) on the status line: characters are
/// added, Backspace removes one (on an empty line it closes), Esc/Ctrl-C/Ctrl-G cancel,
/// Enter closes and searches or runs the command. The text stays visible above it.
public struct PromptLayer: Layer {
    /// Search or command.
    public let kind: PromptKind
    /// What has been typed (without the `/` or `:`).
    public private(set) var text: String

    /// An empty prompt of `kind`.
    public init(_ kind: PromptKind, text: String = "") {
        self.kind = kind
        self.text = text
    }

    /// The text stays visible.
    public var hidesText: Bool { false }

    /// Edits the line, cancels, or closes and runs it; consumes every input.
    public mutating func handle(_ input: Input, at time: Double, in context: ReadingContext) -> LayerResponse {
        switch input {
        case .character(let c):
            text.append(c)
        case .alt(.enter) where kind == .note:
            text.append("\n")
        case .backspace:
            if text.isEmpty && kind != .note { return .pop() }
            if !text.isEmpty { text.removeLast() }
        case .escape, .control("c"), .control("g"):
            if kind == .note { context.selection = nil }
            return .pop()
        case .enter:
            let before = context.pager.anchor
            switch kind {
            case .search: context.startSearch(text)
            case .command:
                ReaderCommand.parse(text, chapterCount: context.content.chapters.count, textLength: context.content.bytes.count)?
                    .run(in: context)
            case .note:
                context.setNoteOnSelection(text)
                context.selection = nil
                context.message = text.isEmpty ? "Note removed" : "Note saved"
                return .pop([.highlightsChanged])
            }
            return .pop(context.pager.anchor != before ? [.positionChanged] : [])
        default:
            break
        }
        return .consumed()
    }

    /// Puts the line being typed on the status line.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        switch kind {
        case .search: snapshot.status.prompt = "/" + text
        case .command: snapshot.status.prompt = ":" + text
        case .note:
            // Each line feed shown as a mark on the one status row (Alt-Enter makes them).
            snapshot.status.prompt = "Note (Enter saves, Alt-Enter new line): " + text.replacingLineFeeds()
        }
    }
}

extension String {
    /// The text with each line feed shown as "⏎ " (a prompt is one row).
    func replacingLineFeeds() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "⏎ ")
    }
}
