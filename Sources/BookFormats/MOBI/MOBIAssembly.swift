import Glibc
import TextContent

/// Walks a MOBI book's rebuilt parts, in order, into one `TextContentBuilder`, then
/// decides chapters and the table of contents.
///
/// Each part is a document named as libmobi names it (`part00000.html`), so the NCX's
/// targets and the rebuilt links (`part00001.html#id`, `#0000001234`) resolve as in an
/// EPUB. The parts are walked one after the other in the same builder (they are in memory
/// already; there is no zip to read in parallel).
struct MOBIAssembly {
    var book: TextContentBuilder
    let cp1252: Bool
    private(set) var spine: [EPUBSpineItem] = []
    private var starts: [ByteOffset] = []
    private var titles: [String] = []
    private var readableFlags: [Bool] = []
    private(set) var readable = 0
    private var pageBreaks: [ByteOffset] = []

    /// `markupSize`: the parts' total size, reserved for the text (text is shorter than
    /// its markup, and untouched reserved pages cost nothing).
    init(metadata: BookMetadata, cp1252: Bool, markupSize: Int) {
        book = TextContentBuilder(metadata: metadata)
        book.reserveCapacity(markupSize)
        self.cp1252 = cp1252
    }

    /// The cover (EXTH 201: `source`, the resource's name) as the book's first block, so the
    /// first page shows it (issue #19) — for a book whose text does not show it itself.
    mutating func addCover(source: String) {
        book.beginBlock(.image)
        book.anchor(source: source, offset: 0, linear: false)
        book.recordImage(source: source)
        book.append("[image: cover]")
        book.endBlock()
    }

    /// Whether `parts` name the resource `source` (an `<img src>` of the rebuilt markup).
    static func mention(_ source: String, in parts: [MOBIReader.Part]) -> Bool {
        let needle = Array(source.utf8)
        guard let first = needle.first else { return false }
        return parts.contains { part in
            guard let base = part.data.baseAddress else { return false }
            var from = 0
            while from + needle.count <= part.data.count, let hit = memchr(base + from, Int32(first), part.data.count - from) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if i + needle.count <= part.data.count && memcmp(base + i, needle, needle.count) == 0 { return true }
                from = i + 1
            }
            return false
        }
    }

    /// Walks one part (converted to UTF-8 first when it is not), a long one in pieces
    /// (`MOBIMarkup.pieces`).
    mutating func add(_ part: MOBIReader.Part) {
        var warnings: [String] = []
        let converted = MOBIMarkup.prepared(part.data, cp1252: cp1252, entry: part.entry, warnings: &warnings)
        for w in warnings { book.warn(w) }
        book.defineTarget(part.entry)
        let start = book.offsetOfNextText
        var heading: String?, title: String?
        var ok = false
        func walk(_ data: UnsafeBufferPointer<UInt8>) {
            for piece in MOBIMarkup.pieces(data) {
                let walker = XHTMLWalker(builder: book, entryPath: part.entry)
                walker.sourceOffset = piece.lowerBound
                book = TextContentBuilder(metadata: book.metadata)   // the walker holds the only reference
                if walker.parse(UnsafeBufferPointer(rebasing: data[piece])) { ok = true }
                book = walker.takeBuilder()
                heading = heading ?? walker.firstHeading
                title = title ?? walker.documentTitle
                pageBreaks += walker.pageBreaks
            }
        }
        if let converted { converted.withUnsafeBufferPointer { walk($0) } } else { walk(part.data) }
        if !ok { book.warn("skipped \(part.entry): the part is empty or could not be parsed") }
        spine.append(EPUBSpineItem(id: part.entry, entryPath: part.entry, mediaType: "application/xhtml+xml", isLinear: true,
                                   uncompressedSize: part.data.count, isPresent: true))
        starts.append(start)
        titles.append(heading ?? title ?? "Chapter \(starts.count)")
        readableFlags.append(ok)
        if ok { readable += 1 }
    }

    /// Chapters from the NCX (`EPUBChapters`: its resolved entries, else one per part),
    /// else from page breaks and headings (`MOBIChapters`), and the finished book.
    mutating func finish(toc: [EPUBTOCItem]) -> TextContent {
        let entries = toc.map { EPUBTOCItem(title: TextSanitizer.sanitizeLabel($0.title), level: $0.level, targetKey: $0.targetKey, href: $0.href) }
        EPUBChapters.assign(to: &book, toc: entries, spine: spine, documentStarts: starts, documentTitles: titles, readable: readableFlags)
        for e in entries { book.addTOCEntry(title: e.title, level: e.level, targetKey: e.targetKey, source: e.href) }
        var content = book.finish()
        if content.toc.isEmpty && content.chapters.count <= 1 {
            MOBIChapters.assignFromStructure(&content, pageBreaks: pageBreaks, source: spine.first?.entryPath ?? "")
        }
        return content
    }
}
