import Glibc
import ReaderApp

/// `reader notes BOOK [--format md|json]` prints the book's highlights and notes
/// (docs/ANNOTATIONS.md, "Export and import"); `reader notes import BOOK FILE.json` merges
/// an exported file back into the book's state.
enum NotesCommand {
    static let specs: [Arguments.Spec] = [
        .init(name: "format", short: nil, takesValue: true),
        .init(name: "encoding", short: nil, takesValue: true),
    ]

    enum Format { case markdown, json }

    static func run(_ args: [String]) throws {
        let a = try Arguments(args, specs: specs)
        if a.positionals.first == "import" { return try importNotes(a) }
        guard a.positionals.count == 1 else {
            throw CLIError.usage(a.positionals.isEmpty ? "notes needs a BOOK" : "notes takes one BOOK (or: notes import BOOK FILE)")
        }
        let format = try a.choice("format", ["md": Format.markdown, "json": .json], default: "md")
        let session = try Sessions.open(a.positionals[0], BookOpenOptions(encoding: a.value("encoding")))
        if let note = session.stateWarning { Diagnostics.warning(note) }
        let document = session.notesDocument()
        var out = Output()
        switch format {
        case .markdown: out.write(NotesMarkdown.render(document))
        case .json: out.write(String(decoding: try document.json(), as: UTF8.self) + "\n")
        }
        out.flush()
        Sessions.outputDone(session)
    }

    /// `notes import BOOK FILE`: one line on stdout says what was added.
    static func importNotes(_ a: Arguments) throws {
        guard a.positionals.count == 3 else { throw CLIError.usage("notes import needs a BOOK and a FILE.json") }
        let document: NotesDocument
        do { document = try BookSession.readNotes(at: a.positionals[2]) } catch let e as BookSession.NotesFileError {
            throw CLIError.other(e.message, access(a.positionals[2], R_OK) == 0 ? .invalidNotes : .unreadable)
        }
        let session = try Sessions.open(a.positionals[1], BookOpenOptions(encoding: a.value("encoding")))
        if let note = session.stateWarning { Diagnostics.warning(note) }
        let result: BookSession.NotesImport
        do { result = try session.importNotes(document) } catch let e as BookSession.NotesFileError {
            throw CLIError.other(e.message, .internalError)
        } catch {
            throw CLIError.other("\(a.positionals[1]): cannot save the highlights: \(error)", .outputFailed)
        }
        var out = Output()
        out.write("\(result.added) added, \(result.updated) updated, \(result.unchanged) already there, \(result.notFound) not found in the book\n")
        out.flush()
    }
}
