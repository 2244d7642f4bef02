import Support
import TextContent

/// Chapters of a MOBI book that has no usable table of contents, from its structure.
///
/// The NCX (KF8, or MOBI 6 with an INDX) goes the EPUB way (`EPUBChapters`). Without one,
/// a MOBI 6 book is a single document, so one chapter per document would be one giant
/// chapter; instead:
/// * with `<mbp:pagebreak/>`s: a chapter at each page break that has text after it,
///   titled by a heading among its first blocks (else "Chapter N");
/// * else (or with a single page break, when there are headings) with headings: a chapter at each heading of the highest level that occurs at
///   least twice (one heading alone is the book's title, not a chapter);
/// * else one chapter.
/// Text before the first heading or break without a heading of its own is titled by the
/// book's title.
/// The table of contents is then the chapters.
enum MOBIChapters {
    /// How many blocks after a page break are looked at for the chapter's title.
    static let titleLookahead = 3

    /// Replaces `content`'s chapters and TOC by structural ones, when there is structure.
    static func assignFromStructure(_ content: inout TextContent, pageBreaks: [ByteOffset], source: String) {
        let byBreaks = pageBreakStarts(content.blocks, pageBreaks), byHeadings = headingStarts(content.blocks)
        // One page break (after a title page, say) is no chapter structure; headings may be.
        let usesBreaks = byBreaks.count >= 2 || byHeadings.isEmpty
        let starts = usesBreaks ? byBreaks : byHeadings
        guard !starts.isEmpty else { return }
        var chapters: [Chapter] = []
        var bounds = starts.filter { $0 > 0 }
        bounds.insert(0, at: 0)
        for (i, first) in bounds.enumerated() {
            let lower = i == 0 ? 0 : content.blocks[first].range.lowerBound.rawValue
            let upper = i + 1 < bounds.count ? content.blocks[bounds[i + 1]].range.lowerBound.rawValue : content.bytes.count
            let limit = i + 1 < bounds.count ? bounds[i + 1] : content.blocks.count
            let title = heading(in: content, blocks: first..<min(limit, first + titleLookahead))
                ?? (i == 0 ? content.metadata.title : "Chapter \(i + 1)")
            chapters.append(Chapter(title: TextSanitizer.sanitizeLabel(title), level: 1, range: ByteRange(lower, upper),
                                    source: "\(source)#@\(lower)"))
        }
        guard chapters.count > 1 else { return }
        content.chapters = chapters
        content.toc = chapters.map { TOCEntry(title: $0.title, level: 1, target: $0.range.lowerBound, source: $0.source) }
    }

    /// The first block at or after each page break (distinct, ascending).
    static func pageBreakStarts(_ blocks: [Block], _ pageBreaks: [ByteOffset]) -> [Int] {
        var out: [Int] = []
        for offset in pageBreaks {
            let i = blocks.partitioningIndex { $0.range.lowerBound >= offset }
            if i < blocks.count, out.last != i { out.append(i) }
        }
        return out
    }

    /// The heading blocks of the highest level that occurs at least twice.
    static func headingStarts(_ blocks: [Block]) -> [Int] {
        var counts = [Int](repeating: 0, count: 7)
        for b in blocks where b.kind == .heading { counts[Int(min(max(b.level, 1), 6))] += 1 }
        guard let level = (1...6).first(where: { counts[$0] >= 2 }) else { return [] }
        return blocks.indices.filter { blocks[$0].kind == .heading && Int(min(max(blocks[$0].level, 1), 6)) == level }
    }

    /// The text of the first heading among `range`'s blocks, if any.
    private static func heading(in content: TextContent, blocks range: Range<Int>) -> String? {
        for b in content.blocks[range] where b.kind == .heading {
            let text = String(decoding: content.bytes[b.range.lowerBound.rawValue..<b.range.upperBound.rawValue], as: UTF8.self)
                .collapsingSpaces()
            if !text.isEmpty { return text.count > 200 ? String(text.prefix(200)) : text }
        }
        return nil
    }
}
