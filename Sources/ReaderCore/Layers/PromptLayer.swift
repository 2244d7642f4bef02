/// The kind of line being typed.
public enum PromptKind: Hashable, Sendable {
    /// `/`: a search pattern.
    case search
    /// `:`: a command (`ReaderCommand`).
    case command
}

/// Typing a search pattern (`/`) or a command (`:`) on the status line: characters are
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
        case .backspace:
            if text.isEmpty { return .pop() }
            text.removeLast()
        case .escape, .control("c"), .control("g"):
            return .pop()
        case .enter:
            let before = context.pager.anchor
            switch kind {
            case .search: context.startSearch(text)
            case .command:
                ReaderCommand.parse(text, chapterCount: context.content.chapters.count, textLength: context.content.bytes.count)?
                    .run(in: context)
            }
            return .pop(context.pager.anchor != before ? [.positionChanged] : [])
        default:
            break
        }
        return .consumed()
    }

    /// Puts the line being typed on the status line.
    public func compose(into snapshot: inout PageSnapshot, context: ReadingContext) {
        snapshot.status.prompt = (kind == .search ? "/" : ":") + text
    }
}
