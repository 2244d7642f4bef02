import Glibc
import ReaderCore
import ReaderState
import Support
import TextContent

/// `reader notes import BOOK FILE.json`: highlights from a notes document merged into the
/// book's state, each found in this book by its offsets, quote and context.
extension BookSession {
    /// What an import did.
    public struct NotesImport: Equatable, Sendable {
        /// New highlights, highlights changed (the file's copy was newer), highlights the
        /// book already had as they are, and ones whose text is not in this book.
        public var added = 0, updated = 0, unchanged = 0, notFound = 0
    }

    /// Why a notes file cannot be imported (its message names the file).
    public struct NotesFileError: Error, Equatable {
        public var message: String
    }

    /// Largest notes file read.
    public static let maxNotesFileSize = 64 << 20

    /// The notes document in the file at `path`.
    public static func readNotes(at path: String) throws -> NotesDocument {
        let bytes = try notesFileBytes(at: path)
        guard bytes.count <= maxNotesFileSize else { throw NotesFileError(message: "\(path): notes file larger than 64 MB") }
        guard let document = try? JSONTextDecoder().decode(NotesDocument.self, from: bytes), document.format == NotesDocument.formatName else {
            throw NotesFileError(message: "\(path): not a notes file written by 'reader notes --format json'")
        }
        guard document.version <= 1 else { throw NotesFileError(message: "\(path): notes format version \(document.version) is newer than this reader's") }
        return document
    }

    /// At most `maxNotesFileSize + 1` bytes of the file at `path`. A file that opens but
    /// cannot be read (a folder) gives no bytes, so "not a notes file", as with
    /// Foundation's `FileHandle`; one that does not open is "cannot read".
    static func notesFileBytes(at path: String) throws -> [UInt8] {
        do {
            return try FileSystem.readPrefix(path, count: maxNotesFileSize + 1)
        } catch {
            let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw NotesFileError(message: "\(path): cannot read the notes file") }
            close(fd)
            return []
        }
    }

    /// Merges `document`'s highlights into the book's state and saves it: a highlight with
    /// an id (or a range and quote) the book has replaces it when the file's copy is newer.
    public func importNotes(_ document: NotesDocument) throws -> NotesImport {
        guard !isPartial else { throw NotesFileError(message: "the book is not loaded whole") }
        var result = NotesImport()
        var list = state.highlights ?? []
        for imported in document.highlights {
            let incoming = Self.cleaned(imported.stored)
            guard let (_, range) = Self.anchored([incoming], in: content).first else {
                result.notFound += 1
                continue
            }
            let mark = TextHighlight(id: incoming.id, range: range, color: HighlightColor(name: incoming.color) ?? .yellow, note: incoming.note)
            let placed = stored(mark, created: incoming.created, updated: incoming.updated)
            if let i = list.firstIndex(where: { $0.id == placed.id || ($0.start == placed.start && $0.end == placed.end) }) {
                let same = list[i].color == placed.color && list[i].note == placed.note && list[i].start == placed.start && list[i].end == placed.end
                if same || list[i].updated > placed.updated { result.unchanged += 1; continue }
                list[i] = StoredHighlight(id: list[i].id, start: placed.start, end: placed.end, chapter: placed.chapter, color: placed.color,
                                          note: placed.note, quote: placed.quote, created: list[i].created, updated: placed.updated,
                                          before: placed.before, after: placed.after)
                result.updated += 1
            } else {
                list.append(placed)
                result.added += 1
            }
        }
        guard result.added + result.updated > 0 else { return result }
        var state = self.state
        state.highlights = list.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
        try store.save(state)
        loadedState.state = state
        return result
    }

    /// A highlight from a file, made safe: text sanitised, an id of at most 64 letters,
    /// digits, `-` and `_` (a new one if none is left), a known colour.
    static func cleaned(_ h: StoredHighlight) -> StoredHighlight {
        var h = h
        let id = String(h.id.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") }
            .prefix(64).map(Character.init))
        h.id = id.isEmpty ? newHighlightID() : id
        h.color = HighlightColor(name: h.color)?.name ?? HighlightColor.yellow.name
        h.note = h.note.map(TextSanitizer.sanitize).flatMap { $0.isEmpty ? nil : $0 }
        h.quote = TextSanitizer.sanitize(h.quote)
        h.before = h.before.map(TextSanitizer.sanitize)
        h.after = h.after.map(TextSanitizer.sanitize)
        return h
    }
}
