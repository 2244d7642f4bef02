import ReaderCore
import TextContent

/// A place to start reading given on the command line (`--chapter`, `--offset`, `--percent`).
public enum Jump: Equatable, Sendable {
    /// The start of chapter N (1-based).
    case chapter(Int)
    /// A byte offset into the text.
    case offset(Int)
    /// A percentage of the book (0…100).
    case percent(Double)

    /// Why a jump does not fit the book.
    public enum Failure: Error, Equatable {
        /// `--chapter N` past the last chapter.
        case noSuchChapter(Int, chapters: Int)
        /// `--offset B` past the end of the text.
        case pastTheEnd(Int, textBytes: Int)

        /// One line for the user.
        public var message: String {
            switch self {
            case let .noSuchChapter(n, count): return "--chapter \(n): the book has \(count) chapters"
            case let .pastTheEnd(b, count): return "--offset \(b) is past the end of the text (\(count) bytes)"
            }
        }
    }

    /// The offset the jumps lead to, applied in order (the last one wins), or nil when
    /// there are none.
    /// - Throws: `Jump.Failure` when one does not fit `content`.
    public static func resolve(_ jumps: [Jump], in content: TextContent) throws -> ByteOffset? {
        var position: ByteOffset?
        for jump in jumps {
            switch jump {
            case .chapter(let n):
                guard n >= 1, n <= content.chapters.count else { throw Failure.noSuchChapter(n, chapters: content.chapters.count) }
                position = content.chapters[n - 1].range.lowerBound
            case .offset(let b):
                guard b >= 0, b <= content.bytes.count else { throw Failure.pastTheEnd(b, textBytes: content.bytes.count) }
                position = ByteOffset(b)
            case .percent(let p):
                position = Progress.offset(forPercent: p, in: content)
            }
        }
        return position
    }
}
