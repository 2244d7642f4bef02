import Support
import TextContent

/// Decides the chapters of a whole EPUB once its text is built.
///
/// If table-of-contents entries resolve to offsets in the text, chapters are those entries
/// in reading order (sorted by offset, keeping TOC order for ties), with their levels; text
/// before the first one belongs to the first chapter. Otherwise there is one chapter per
/// spine document that could be read, titled by its first heading, its `<title>`, or
/// "Chapter N" (N = its position in the spine).
///
/// A chapter also starts where a document's writing mode differs from the document before
/// it (`WritingModes`; a `.hltr` colophon after vertical text), so that no chapter mixes
/// lines and columns; such chapters carry their mode when it is not the book's.
enum EPUBChapters {
    static func assign(to book: inout TextContentBuilder, toc: [EPUBTOCItem], spine: [EPUBSpineItem],
                       documentStarts: [ByteOffset], documentTitles: [String], readable: [Bool],
                       modes: WritingModes = WritingModes(book: false, documents: [], readable: [])) {
        var resolved: [(offset: ByteOffset, order: Int, item: EPUBTOCItem)] = []
        for (i, item) in toc.enumerated() {
            var target = book.target(item.targetKey)
            if target == nil, let hash = item.targetKey.firstIndex(of: "#") {
                target = book.target(String(item.targetKey[..<hash]))
            }
            if let target { resolved.append((target, i, item)) }
        }
        if !resolved.isEmpty {
            // Where the mode changes and no entry starts a chapter, one starts (after the entries' order).
            let entryStarts = Set(resolved.map(\.offset))
            for i in modes.changes where i < documentStarts.count && i < spine.count && !entryStarts.contains(documentStarts[i]) {
                resolved.append((documentStarts[i], toc.count + i,
                                 EPUBTOCItem(title: documentTitles[i], level: 1, targetKey: spine[i].entryPath, href: spine[i].entryPath)))
            }
            resolved.sort { $0.offset != $1.offset ? $0.offset < $1.offset : $0.order < $1.order }
            for r in resolved {
                book.addChapter(title: r.item.title, level: r.item.level, at: r.offset, source: r.item.targetKey)
            }
            return
        }
        for (i, start) in documentStarts.enumerated() where i < spine.count && readable[i] {
            book.addChapter(title: documentTitles[i], level: 1, at: start, source: spine[i].entryPath)
        }
    }

    /// The writing mode of each document (its root's class, else the book's) and where it
    /// changes: the readable documents whose mode differs from the readable one before.
    struct WritingModes {
        /// The book's mode (`BookMetadata.verticalWriting`).
        let book: Bool
        /// Each document's mode.
        let effective: [Bool]
        /// Indexes of the documents where the mode changes (empty when the book is one way).
        let changes: [Int]

        init(book: Bool, documents: [Bool?], readable: [Bool]) {
            self.book = book
            effective = documents.map { $0 ?? book }
            var changes: [Int] = [], previous: Bool?
            for i in effective.indices where i < readable.count && readable[i] {
                if let previous, previous != effective[i] { changes.append(i) }
                previous = effective[i]
            }
            self.changes = changes
        }

        /// The mode most of the text is in (`sizes`: each document's bytes); `tie` when even.
        static func majority(_ modes: [Bool], sizes: [Int], tie: Bool) -> Bool {
            let vertical = zip(modes, sizes).reduce(0) { $0 + ($1.0 ? $1.1 : -$1.1) }
            return vertical == 0 ? tie : vertical > 0
        }

        /// Gives each chapter the mode of the document it starts in, when that is not the
        /// book's (nothing when the book is one way).
        func mark(_ chapters: inout [Chapter], documentStarts: [ByteOffset]) {
            guard !changes.isEmpty || effective.contains(where: { $0 != book }) else { return }
            for c in chapters.indices {
                let d = documentStarts.partitioningIndex { $0 > chapters[c].range.lowerBound } - 1
                guard d >= 0, d < effective.count, effective[d] != book else { continue }
                chapters[c].verticalWriting = effective[d]
            }
        }
    }
}
