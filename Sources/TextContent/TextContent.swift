import Support

/// A whole book as one UTF-8 buffer, with chapters, blocks, inline styles, a table of
/// contents and a source map expressed as byte ranges into it.
///
/// Invariants (checked by `validate()` and by the tests):
/// * `bytes` is valid UTF-8 and contains no control characters except TAB and LF
///   (no ESC, no C1, no DEL): book text can never drive the terminal.
/// * `blocks` are sorted, non-overlapping, and lie inside `bytes`; consecutive blocks are
///   separated by exactly one `\n` that belongs to no block.
/// * `chapters` are in reading order and cover `0..<bytes.count` without gaps.
/// * `styles` are sorted by lower bound and lie inside `bytes`; URLs are printable ASCII.
/// * `notes` are sorted by lower bound, at most one a start, and lie inside `bytes`.
/// * `languages` are sorted, non-empty, non-overlapping, and lie inside `bytes`.
/// * `rubies` are sorted, non-overlapping, inside one block each, with a non-empty base
///   and a non-empty reading inside `rubyText` (valid UTF-8, no control characters);
///   `emphasisMarks` are sorted, non-empty, non-overlapping, inside one block each.
/// * `images` are sorted by offset, inside `bytes`, with printable sources.
public struct TextContent: Sendable {
    /// The book's text.
    public var bytes: [UInt8] { didSet { knownTextDigest = nil } }
    /// `Digest.words(bytes)` when whoever made this value computed it already (the content
    /// cache does while checking its file), so the layout cache need not read 3 MB again;
    /// nil otherwise, and again whenever `bytes` changes.
    public var knownTextDigest: UInt64?
    /// Chapters in reading order, covering the text.
    public var chapters: [Chapter]
    /// Blocks in reading order.
    public var blocks: [Block]
    /// Inline style runs sorted by start.
    public var styles: [StyleRun]
    /// The table of contents, flattened in document order.
    public var toc: [TOCEntry]
    /// Title, authors, language, format, …
    public var metadata: BookMetadata
    /// Content offset → source location.
    public var sourceMap: SourceMap
    /// Problems that did not stop the book from opening (e.g. a skipped chapter).
    public var warnings: [String]
    /// The extents of the notes that note references point at (the `<li>`, `<aside>`,
    /// `<p>` or `<div>` with the target id), sorted by lower bound, each starting at the
    /// target of at least one `.noteReference` run. A reference whose target has no extent
    /// here reads the block at its target (`noteRange(at:)`).
    public var notes: [ByteRange]
    /// The runs of text in a language the book marks (`xml:lang`), sorted, not overlapping;
    /// the rest is in `metadata.language`.
    public var languages: [LanguageSpan]
    /// Readings over runs of the text (ruby), sorted by base; see `RubyAnnotation`.
    public var rubies: [RubyAnnotation]
    /// The readings' UTF-8 text, which `RubyAnnotation.reading` ranges point into.
    public var rubyText: [UInt8]
    /// Emphasis marks (傍点, `text-emphasis`) over runs of the text, sorted.
    public var emphasisMarks: [EmphasisMarkRun]
    /// The book's images, in reading order: where each placeholder starts, where its bytes are.
    public var images: [ImageReference]

    /// Creates a text content; prefer `TextContentBuilder`, which maintains the invariants.
    public init(bytes: [UInt8], chapters: [Chapter], blocks: [Block], styles: [StyleRun],
                toc: [TOCEntry], metadata: BookMetadata, sourceMap: SourceMap, warnings: [String] = [],
                notes: [ByteRange] = [], languages: [LanguageSpan] = [], rubies: [RubyAnnotation] = [],
                rubyText: [UInt8] = [], emphasisMarks: [EmphasisMarkRun] = [], images: [ImageReference] = []) {
        self.images = images
        self.rubies = rubies
        self.rubyText = rubyText
        self.emphasisMarks = emphasisMarks
        self.bytes = bytes
        self.chapters = chapters
        self.blocks = blocks
        self.styles = styles
        self.toc = toc
        self.metadata = metadata
        self.sourceMap = sourceMap
        self.warnings = warnings
        self.notes = notes
        self.languages = languages
    }

    /// The whole text as a byte range.
    public var fullRange: ByteRange { ByteRange(0, bytes.count) }

    /// The text of a range as a `String` (for display of short ranges and for tests).
    public func string(in range: ByteRange) -> String {
        String(decoding: bytes[range.intRange], as: UTF8.self)
    }

    /// Index of the chapter containing `offset` (the last chapter for the end offset), O(log n).
    public func chapterIndex(containing offset: ByteOffset) -> Int? {
        guard !chapters.isEmpty else { return nil }
        return max(0, chapters.partitioningIndex { $0.range.lowerBound > offset } - 1)
    }

    /// Index of the first block whose end is after `offset`, O(log n).
    public func blockIndex(atOrAfter offset: ByteOffset) -> Int {
        blocks.partitioningIndex { $0.range.upperBound > offset }
    }

    /// Blocks that intersect `range`, in order.
    public func blocks(in range: ByteRange) -> ArraySlice<Block> {
        let first = blockIndex(atOrAfter: range.lowerBound)
        var last = first
        while last < blocks.count && blocks[last].range.lowerBound < range.upperBound { last += 1 }
        return blocks[first..<last]
    }

    /// Checks the invariants listed on the type; returns a description of each violation.
    public func validate() -> [String] {
        var problems: [String] = []
        // One pass (ASCII eight bytes at a time): a cache load checks 3 MB books before
        // the first frame. Forbidden: invalid UTF-8, control bytes, C1 controls.
        let check = bytes.withUnsafeBufferPointer { TextBytesCheck.check($0) }
        if let i = check.firstInvalidUTF8 { problems.append("bytes are not valid UTF-8 (at \(i))") }
        if let i = check.firstControl { problems.append("control byte 0x\(String(bytes[i], radix: 16)) at \(i)") }
        if let i = check.firstC1 { problems.append("C1 control at \(i)") }
        var previousEnd = -1
        for b in blocks {
            if b.range.upperBound.rawValue > bytes.count { problems.append("block \(b.range) past end") }
            if b.range.lowerBound.rawValue < previousEnd { problems.append("block \(b.range) overlaps") }
            previousEnd = b.range.upperBound.rawValue
        }
        if !chapters.isEmpty {
            if chapters[0].range.lowerBound != .zero { problems.append("first chapter does not start at 0") }
            if chapters.last!.range.upperBound.rawValue != bytes.count { problems.append("last chapter does not end at the end") }
            for i in 1..<chapters.count where chapters[i].range.lowerBound != chapters[i - 1].range.upperBound {
                problems.append("gap or overlap between chapters \(i - 1) and \(i)")
            }
        } else if !bytes.isEmpty {
            problems.append("text without chapters")
        }
        var previousStart = 0
        for s in styles {
            if s.range.upperBound.rawValue > bytes.count { problems.append("style \(s.range) past end") }
            if s.range.lowerBound.rawValue < previousStart { problems.append("styles not sorted") }
            previousStart = s.range.lowerBound.rawValue
            if let u = s.url, u.utf8.contains(where: { $0 <= 0x20 || $0 >= 0x7F }) { problems.append("url of style \(s.range) not printable ASCII") }
        }
        var previousNote = -1
        for n in notes {
            if n.upperBound.rawValue > bytes.count { problems.append("note \(n) past end") }
            if n.lowerBound.rawValue <= previousNote { problems.append("notes not sorted") }
            previousNote = n.lowerBound.rawValue
        }
        var previousLanguageEnd = 0
        for l in languages {
            if l.range.upperBound.rawValue > bytes.count { problems.append("language span \(l.range) past end") }
            if l.range.isEmpty || l.range.lowerBound.rawValue < previousLanguageEnd { problems.append("language spans empty, unsorted or overlapping") }
            previousLanguageEnd = l.range.upperBound.rawValue
        }
        problems += validateAnnotations()
        var previousImage = 0
        for image in images {
            if image.offset.rawValue >= max(bytes.count, 1) || image.offset.rawValue < previousImage { problems.append("image at \(image.offset) unsorted or past end") }
            if image.source.isEmpty || image.source.utf8.count > ImageReference.maximumSourceLength
                || image.source.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                problems.append("image at \(image.offset): bad source")
            }
            previousImage = image.offset.rawValue
        }
        return problems
    }
}
