import TextContent

/// Decides the chapters of a whole EPUB once its text is built.
///
/// If table-of-contents entries resolve to offsets in the text, chapters are those entries
/// in reading order (sorted by offset, keeping TOC order for ties), with their levels; text
/// before the first one belongs to the first chapter. Otherwise there is one chapter per
/// spine document that could be read, titled by its first heading, its `<title>`, or
/// "Chapter N" (N = its position in the spine).
enum EPUBChapters {
    static func assign(to book: inout TextContentBuilder, toc: [EPUBTOCItem], spine: [EPUBSpineItem],
                       documentStarts: [ByteOffset], documentTitles: [String], readable: [Bool]) {
        var resolved: [(offset: ByteOffset, order: Int, item: EPUBTOCItem)] = []
        for (i, item) in toc.enumerated() {
            var target = book.target(item.targetKey)
            if target == nil, let hash = item.targetKey.firstIndex(of: "#") {
                target = book.target(String(item.targetKey[..<hash]))
            }
            if let target { resolved.append((target, i, item)) }
        }
        if !resolved.isEmpty {
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
}
