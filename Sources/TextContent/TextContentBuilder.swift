/// Builds a `TextContent` incrementally while a parser walks a book, maintaining its
/// invariants: sanitised text, non-overlapping blocks separated by one `\n`, chapters
/// that cover the text, sorted style runs, resolved link and TOC targets.
public struct TextContentBuilder {
    /// The text so far.
    public private(set) var bytes: [UInt8] = []
    /// Metadata of the book being built.
    public var metadata: BookMetadata
    /// Problems that did not stop the book from opening.
    public var warnings: [String] = []

    private var blocks: [Block] = []
    private var openBlock: (kind: BlockKind, level: UInt8, direction: TextDirection, start: Int)?
    private var styles: [StyleRun] = []
    private var openStyles: [Int: (style: InlineStyle, start: Int, targetKey: String?)] = [:]
    private var nextStyleToken = 0
    private var pendingStyleTargets: [(index: Int, key: String)] = []
    private var targets: [String: ByteOffset] = [:]
    private var chapterStarts: [(title: String, level: Int, start: Int, source: String)] = []
    private var tocEntries: [(title: String, level: Int, target: ByteOffset?, key: String?, source: String)] = []
    private var sourceMap = SourceMap()
    private var sourceIndexCache: [String: Int] = [:]

    /// Starts an empty book.
    public init(metadata: BookMetadata) {
        self.metadata = metadata
    }

    /// Where the next byte will go.
    public var currentOffset: ByteOffset { ByteOffset(bytes.count) }

    /// Whether a block is open.
    public var isInBlock: Bool { openBlock != nil }

    /// Reserves room for `byteCount` bytes of text (a parser that knows the size of the
    /// book avoids repeated reallocation of the buffer).
    public mutating func reserveCapacity(_ byteCount: Int) {
        bytes.reserveCapacity(byteCount)
    }

    // MARK: Blocks

    /// Opens a block (closing any open one: blocks do not nest). A `\n` separator is
    /// written before it when text precedes.
    public mutating func beginBlock(_ kind: BlockKind, level: UInt8 = 0, direction: TextDirection = .unspecified) {
        if openBlock != nil { endBlock() }
        if !blocks.isEmpty && bytes.last != 0x0A { bytes.append(0x0A) }
        openBlock = (kind, level, direction, bytes.count)
    }

    /// Closes the open block. Trailing spaces are trimmed (except in preformatted blocks);
    /// an empty block is dropped.
    public mutating func endBlock() {
        guard let b = openBlock else { return }
        openBlock = nil
        if b.kind != .preformatted {
            while bytes.count > b.start, let last = bytes.last, last == 0x20 || last == 0x0A || last == 0x09 {
                bytes.removeLast()
            }
        }
        if bytes.count == b.start {
            // Empty: remove the separator written for it, if any.
            if !blocks.isEmpty && bytes.last == 0x0A && bytes.count == blocks.last!.range.upperBound.rawValue + 1 {
                bytes.removeLast()
            }
            clampStyles(to: bytes.count)
            return
        }
        clampStyles(to: bytes.count)
        blocks.append(Block(kind: b.kind, level: b.level, direction: b.direction, range: ByteRange(b.start, bytes.count)))
    }

    private mutating func clampStyles(to end: Int) {
        var i = styles.count - 1
        while i >= 0 && styles[i].range.upperBound.rawValue > end {
            let lower = min(styles[i].range.lowerBound.rawValue, end)
            styles[i].range = ByteRange(lower, end)
            i -= 1
        }
        for (token, s) in openStyles where s.start > end { openStyles[token] = (s.style, end, s.targetKey) }
    }

    // MARK: Text

    /// Appends text verbatim (sanitised). Opens a paragraph if no block is open.
    public mutating func append<S: StringProtocol>(_ text: S) {
        if openBlock == nil { beginBlock(.paragraph) }
        var s = String(text)
        s.withUTF8 { TextSanitizer.append($0, to: &bytes) }
    }

    /// Appends UTF-8 bytes verbatim (sanitised; must be valid UTF-8). Opens a paragraph if needed.
    public mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        if openBlock == nil { beginBlock(.paragraph) }
        TextSanitizer.append(utf8, to: &bytes)
    }

    /// Appends text with HTML whitespace collapsing: runs of space, tab, CR, LF and form
    /// feed become one space, and no space is written at the start of a block or after a
    /// space or line break. Opens a paragraph if needed (unless the text is all whitespace).
    public mutating func appendCollapsingWhitespace<S: StringProtocol>(_ text: S) {
        var s = String(text)
        s.withUTF8 { buf in
            var hasNonSpace = false
            for b in buf where !Self.isCollapsibleSpace(b) { hasNonSpace = true; break }
            if openBlock == nil {
                guard hasNonSpace else { return }
                beginBlock(.paragraph)
            }
            var collapsed: [UInt8] = []
            collapsed.reserveCapacity(buf.count)
            var lastWasSpace = atLineStartOrSpace
            for b in buf {
                if Self.isCollapsibleSpace(b) {
                    if !lastWasSpace { collapsed.append(0x20); lastWasSpace = true }
                } else {
                    collapsed.append(b)
                    lastWasSpace = false
                }
            }
            TextSanitizer.append(collapsed, to: &bytes)
        }
    }

    /// Whether the next collapsed space would be dropped (block start, after space or `\n`).
    private var atLineStartOrSpace: Bool {
        guard let b = openBlock else { return true }
        if bytes.count == b.start { return true }
        let last = bytes[bytes.count - 1]
        return last == 0x20 || last == 0x0A
    }

    @inline(__always) private static func isCollapsibleSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    /// Appends a hard line break (`<br>`) inside the current block, trimming a space before it.
    public mutating func appendLineBreak() {
        if openBlock == nil { beginBlock(.paragraph) }
        if let b = openBlock, bytes.count > b.start, bytes.last == 0x20 { bytes.removeLast() }
        bytes.append(0x0A)
    }

    // MARK: Styles

    /// Starts an inline style at the current offset; returns a token for `endStyle`.
    /// `targetKey` (e.g. `"OEBPS/notes.xhtml#n1"`) is resolved with `defineTarget` keys.
    public mutating func beginStyle(_ style: InlineStyle, targetKey: String? = nil) -> Int {
        let token = nextStyleToken
        nextStyleToken += 1
        openStyles[token] = (style, bytes.count, targetKey)
        return token
    }

    /// Ends a style started with `beginStyle`. Empty runs are dropped.
    public mutating func endStyle(_ token: Int) {
        guard let s = openStyles.removeValue(forKey: token) else { return }
        let start = min(s.start, bytes.count)
        guard bytes.count > start else { return }
        let run = StyleRun(style: s.style, range: ByteRange(start, bytes.count))
        // Keep `styles` sorted by lower bound (nested runs end in reverse order).
        var i = styles.count
        while i > 0 && styles[i - 1].range.lowerBound.rawValue > start { i -= 1 }
        styles.insert(run, at: i)
        if let key = s.targetKey {
            for j in pendingStyleTargets.indices where pendingStyleTargets[j].index >= i { pendingStyleTargets[j].index += 1 }
            pendingStyleTargets.append((i, key))
        }
    }

    // MARK: Targets, chapters, TOC

    /// Records that `key` (an entry path, or `path#id`) points at the current offset.
    /// The first definition wins.
    public mutating func defineTarget(_ key: String) {
        if targets[key] == nil { targets[key] = offsetOfNextText }
    }

    /// The offset where the next text will land (after a pending block separator).
    private var offsetOfNextText: ByteOffset {
        if openBlock == nil && !blocks.isEmpty && bytes.last != 0x0A { return ByteOffset(bytes.count + 1) }
        return ByteOffset(bytes.count)
    }

    /// The offset recorded for a target key, if defined.
    public func target(_ key: String) -> ByteOffset? { targets[key] }

    /// Starts a chapter at the next text.
    public mutating func beginChapter(title: String, level: Int = 1, source: String) {
        chapterStarts.append((TextSanitizer.sanitize(title), level, offsetOfNextText.rawValue, source))
    }

    /// Adds a TOC entry pointing at a target key resolved when the book is finished.
    public mutating func addTOCEntry(title: String, level: Int, targetKey: String, source: String) {
        tocEntries.append((TextSanitizer.sanitize(title), level, nil, targetKey, source))
    }

    /// Adds a TOC entry pointing at a known offset.
    public mutating func addTOCEntry(title: String, level: Int, target: ByteOffset, source: String) {
        tocEntries.append((TextSanitizer.sanitize(title), level, target, nil, source))
    }

    // MARK: Source map

    /// Records that the next text comes from `source` at `offset`; `linear` when the
    /// following bytes are copied verbatim from the source.
    public mutating func anchor(source: String, offset: Int, linear: Bool) {
        let idx: Int
        if let i = sourceIndexCache[source] { idx = i } else {
            idx = sourceMap.sourceIndex(for: source)
            sourceIndexCache[source] = idx
        }
        sourceMap.addAnchor(content: ByteOffset(bytes.count), source: idx, sourceOffset: offset, linear: linear)
    }

    /// Records a problem that did not stop the book from opening.
    public mutating func warn(_ message: String) {
        warnings.append(TextSanitizer.sanitize(message))
    }

    // MARK: Finish

    /// Closes open blocks and styles, resolves targets, makes chapters cover the text.
    public mutating func finish() -> TextContent {
        endBlock()
        for token in openStyles.keys.sorted() { endStyle(token) }
        let end = bytes.count
        for (index, key) in pendingStyleTargets {
            if let t = targets[key] { styles[index].target = ByteOffset(min(t.rawValue, end)) }
        }
        var chapters: [Chapter] = []
        let starts = chapterStarts.map { (title: $0.title, level: $0.level, start: min($0.start, end), source: $0.source) }
        if starts.isEmpty {
            chapters = [Chapter(title: metadata.title, level: 1, range: ByteRange(0, end), source: sourceMap.sources.first ?? "")]
        } else {
            for (i, c) in starts.enumerated() {
                let lower = i == 0 ? 0 : max(c.start, chapters[i - 1].range.lowerBound.rawValue)
                chapters.append(Chapter(title: c.title, level: c.level, range: ByteRange(lower, lower), source: c.source))
            }
            for i in chapters.indices {
                let upper = i + 1 < chapters.count ? chapters[i + 1].range.lowerBound : ByteOffset(end)
                chapters[i].range = ByteRange(chapters[i].range.lowerBound, upper)
            }
        }
        var toc: [TOCEntry] = []
        for e in tocEntries {
            var target = e.target
            if target == nil, let key = e.key {
                target = targets[key]
                if target == nil, let hash = key.firstIndex(of: "#") { target = targets[String(key[..<hash])] }
            }
            guard let t = target else {
                warnings.append("table of contents entry \"\(e.title)\" points to \(e.key ?? "?"), which is not in the book")
                continue
            }
            toc.append(TOCEntry(title: e.title, level: e.level, target: ByteOffset(min(t.rawValue, end)), source: e.source))
        }
        return TextContent(bytes: bytes, chapters: chapters, blocks: blocks, styles: styles, toc: toc,
                           metadata: metadata, sourceMap: sourceMap, warnings: warnings)
    }
}
