import BookFormats
import Foundation
import ReaderApp
import ReaderState
import Storage
import TextContent

/// The executable's side of `BookSession`: opening a book with errors mapped to exit
/// codes and its warnings printed, one line each.
enum Sessions {
    /// Opens `path` (nil: the sample) for a command.
    static func open(_ path: String?, _ options: BookOpenOptions = BookOpenOptions(), directories: XDGDirectories? = nil,
                     store: PositionStore? = nil) throws -> BookSession {
        let directories = directories ?? XDGDirectories(environment: ProcessInfo.processInfo.environment)
        let session: BookSession
        do {
            session = try BookSession.open(path, options: options, directories: directories,
                                           store: store ?? FilePositionStore(StateStore(folder: directories.state)))
        } catch let e as BookError {
            throw CLIError.book(e)
        }
        if let path { for w in session.content.warnings { Diagnostics.warning("\(path): \(w)") } }
        return session
    }

    /// Where `jumps` lead in `content` (nil: none given); a jump past the book is a usage error.
    static func resolve(_ jumps: [Jump], in content: TextContent) throws -> ByteOffset? {
        do { return try Jump.resolve(jumps, in: content) } catch let e as Jump.Failure { throw CLIError.usage(e.message) }
    }
}
