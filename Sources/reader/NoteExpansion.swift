import TextContent

/// `--notes inline|end|off` of `dump` and pipe mode: where a note's text is printed.
enum NotesMode: String, CaseIterable {
    /// Not at all (the book as it is; the default).
    case off
    /// After each note reference, in brackets, as part of its paragraph:
    /// `…Petersburg.1 [The most fascinating woman in Petersburg.]`.
    case inline
    /// After each reference its number in the chapter, `[3]`; at the end of the chapter the
    /// notes, one paragraph each: `[3] The most fascinating woman…`.
    case end
}

/// The book with its notes' texts put where `NotesMode` says, for printing: a note's
/// text is `excerpt(noteRange(at: target))` (its own links kept, backlinks left out), its
/// blocks joined with a space. Notes are not expanded inside inserted notes (a loop of
/// notes pointing at each other prints each once per reference).
enum NoteExpansion {
    /// The book with the notes put in.
    static func expand(_ content: TextContent, mode: NotesMode) -> TextContent {
        insertions(for: content, mode: mode).apply(to: content)
    }

    /// What `expand` puts into the book (none for `.off`).
    static func insertions(for content: TextContent, mode: NotesMode) -> TextInsertions {
        var insertions = TextInsertions()
        var numbers: [Int: Int] = [:]  // chapter index → the last number given
        var endNotes: [Int: [(number: Int, text: Note)]] = [:]
        for run in content.styles where run.style == .noteReference {
            guard let target = run.target, let note = Note(content, target: target) else { continue }
            switch mode {
            case .off: break
            case .inline:
                insertions.add(note.piece(at: run.range.upperBound, prefix: " [", suffix: "]"))
            case .end:
                let chapter = content.chapterIndex(containing: run.range.lowerBound) ?? 0
                let n = (numbers[chapter] ?? 0) + 1
                numbers[chapter] = n
                insertions.add(.init(at: run.range.upperBound, bytes: Array(" [\(n)]".utf8)))
                endNotes[chapter, default: []].append((n, note))
            }
        }
        for (chapter, notes) in endNotes {
            if let piece = endPiece(notes, chapter: content.chapters[chapter], in: content) { insertions.add(piece) }
        }
        return insertions
    }

    /// The notes of a chapter as paragraphs after its last block: `[n] text` each.
    private static func endPiece(_ notes: [(number: Int, text: Note)], chapter: Chapter, in content: TextContent) -> TextInsertions.Piece? {
        let inside = content.blocks(in: chapter.range)
        guard let last = inside.last else { return nil }
        var piece = TextInsertions.Piece(at: last.range.upperBound, bytes: [])
        for (number, note) in notes {
            let p = note.piece(at: .zero, prefix: "[\(number)] ", suffix: "")
            piece.bytes.append(0x0A)
            let start = piece.bytes.count
            piece.bytes += p.bytes
            piece.styles += p.styles.map { StyleRun(style: $0.style, range: $0.range.shifted(by: start), target: $0.target, url: $0.url) }
            piece.blocks.append(Block(kind: .paragraph, range: ByteRange(start, piece.bytes.count)))
        }
        return piece
    }

    /// A note's text: its blocks joined by one space (hard line breaks too), with its runs.
    struct Note {
        var bytes: [UInt8]
        var styles: [StyleRun]

        init?(_ content: TextContent, target: ByteOffset) {
            guard let range = content.noteRange(at: target) else { return nil }
            let excerpt = content.excerpt(range)
            bytes = excerpt.bytes.map { $0 == 0x0A ? 0x20 : $0 }
            styles = excerpt.styles
        }

        /// The note as a piece at `at`, between `prefix` and `suffix`.
        func piece(at: ByteOffset, prefix: String, suffix: String) -> TextInsertions.Piece {
            let head = Array(prefix.utf8)
            let runs = styles.map { StyleRun(style: $0.style, range: $0.range.shifted(by: head.count), target: $0.target, url: $0.url) }
            return TextInsertions.Piece(at: at, bytes: head + bytes + Array(suffix.utf8), styles: runs)
        }
    }
}
