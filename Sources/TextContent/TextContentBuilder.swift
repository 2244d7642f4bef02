import Support

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
    private var openBlock: (kind: BlockKind, level: UInt8, direction: TextDirection, isVerse: Bool, start: Int,
                            placement: BlockPlacement)?
    private var styles: [StyleRun] = []
    private var openStyles: [Int: (style: InlineStyle, start: Int, targetKey: String?, url: String?)] = [:]
    private var nextStyleToken = 0
    private var pendingStyleTargets: [(index: Int, key: String)] = []
    private var targets: [String: ByteOffset] = [:]
    private var extents = TargetExtents()
    private var chapterStarts: [(title: String, level: Int, start: Int, source: String)] = []
    private var tocEntries: [(title: String, level: Int, target: ByteOffset?, key: String?, source: String)] = []
    private var sourceMap = SourceMap()
    private var sourceIndexCache: [String: Int] = [:]
    private var languages: [LanguageSpan] = []
    /// The open languages, innermost last: the sanitised tag ("" unknown) and whether text
    /// in it is recorded (a known tag whose primary subtag is not the book's).
    private var languageStack: [(tag: String, records: Bool)] = []
    /// Where the text in the innermost open language began (not yet in `languages`).
    private var languageRunStart = 0
    /// Ruby annotations so far (sorted, see `addRuby`) and their readings' bytes.
    var rubies: [RubyAnnotation] = []
    var rubyText: [UInt8] = []
    /// Emphasis-mark runs so far (sorted, see `addEmphasisMarks`).
    var emphasisMarks: [EmphasisMarkRun] = []
    /// Images so far (sorted by offset, see `recordImage`).
    var images: [ImageReference] = []

    /// Starts an empty book.
    public init(metadata: BookMetadata) {
        self.metadata = metadata
    }

    /// Where the next byte will go.
    public var currentOffset: ByteOffset { ByteOffset(bytes.count) }

    /// Whether a block is open.
    public var isInBlock: Bool { openBlock != nil }

    /// Where the open block's text starts (nil when no block is open).
    public var openBlockStart: ByteOffset? { openBlock.map { ByteOffset($0.start) } }

    /// The placement of the open block (nil when none is open); setting it changes the
    /// block being built (an Aozora 地付き annotation at the start of a line).
    public var openBlockPlacement: BlockPlacement? {
        get { openBlock?.placement }
        set { if let p = newValue { openBlock?.placement = p } }
    }

    // MARK: Blocks

    /// Opens a block (closing any open one: blocks do not nest). A `\n` separator is
    /// written before it when text precedes. `isVerse` marks a stanza (`Block.isVerse`).
    public mutating func beginBlock(_ kind: BlockKind, level: UInt8 = 0, direction: TextDirection = .unspecified,
                                    isVerse: Bool = false, placement: BlockPlacement = BlockPlacement()) {
        if openBlock != nil { endBlock() }
        // The separator goes right after the previous block (which may itself end in `\n`
        // when it is preformatted).
        if let last = blocks.last, bytes.count == last.range.upperBound.rawValue { bytes.append(0x0A) }
        openBlock = (kind, level, direction, isVerse, bytes.count, placement)
        // Only the separator came since the last block's text was recorded: it is in no span.
        languageRunStart = bytes.count
    }

    /// Number of blocks closed so far (an open block is not counted).
    public var blockCount: Int { blocks.count }

    /// Makes the first block built so far start a new page (`BlockPlacement.startsPage`;
    /// an EPUB fixed-layout page document). Nothing happens when no block is closed.
    public mutating func startPageAtFirstBlock() {
        if !blocks.isEmpty { blocks[0].placement.startsPage = true }
    }

    /// Whether a block can carry a list marker: list items, and notes in a numbered list.
    private static func takesMarker(_ kind: BlockKind) -> Bool { kind == .listItem || kind == .footnote }

    /// Gives the first closed block in `indices` that can carry a marker (a list item or a
    /// note) and has none yet the marker `style`/`ordinal` (the first block of a list
    /// item). Only the first 64 blocks of the range are looked at (an item whose own text
    /// comes after a long nested list keeps no marker), so hostile nesting costs little.
    /// Returns whether one was found.
    @discardableResult
    public mutating func setListMarker(_ style: ListMarkerStyle, ordinal: Int32, inBlocks indices: Range<Int>) -> Bool {
        let lower = max(0, indices.lowerBound), upper = min(blocks.count, indices.upperBound, lower + 64)
        guard lower < upper else { return false }
        for i in lower..<upper where Self.takesMarker(blocks[i].kind) && blocks[i].marker == nil {
            blocks[i].marker = ListMarker(style: style, ordinal: ordinal)
            return true
        }
        return false
    }

    /// Adds `cells` to the indent of every closed list-item or note block from `index` on
    /// (a list closed: its marker column); those without a marker get `.none` (a later
    /// block of an item). The indent saturates at 255.
    public mutating func indentListBlocks(from index: Int, by cells: Int) {
        indentListBlocks([(max(0, index)..<blocks.count, cells)])
    }

    /// `indentListBlocks(from:by:)` for many lists at once (a list and the lists nested in
    /// it, each its block range and marker column), in one pass over the blocks whatever
    /// the nesting: each block gets the sum of the columns of the ranges holding it.
    public mutating func indentListBlocks(_ lists: [(blocks: Range<Int>, cells: Int)]) {
        let ranges = lists.map { (lower: max(0, $0.blocks.lowerBound), upper: min(blocks.count, $0.blocks.upperBound),
                                  cells: max(0, $0.cells)) }.filter { $0.lower < $0.upper }
        guard let lower = ranges.map(\.lower).min(), let upper = ranges.map(\.upper).max() else { return }
        var delta = [Int](repeating: 0, count: upper - lower + 1)
        for r in ranges {
            delta[r.lower - lower] += r.cells
            delta[r.upper - lower] -= r.cells
        }
        var indent = 0
        for i in lower..<upper {
            indent += delta[i - lower]
            guard Self.takesMarker(blocks[i].kind) else { continue }
            var marker = blocks[i].marker ?? ListMarker(style: .none)
            marker.indent = UInt8(clamping: Int(marker.indent) + indent)
            blocks[i].marker = marker
        }
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
        } else if bytes.count > b.start + 1, bytes.last == 0x0A {
            // A line break right before the end of preformatted text is not rendered.
            bytes.removeLast()
        }
        if bytes.count == b.start {
            // Empty: remove the separator written for it, if any.
            if let last = blocks.last, bytes.last == 0x0A && bytes.count == last.range.upperBound.rawValue + 1 {
                bytes.removeLast()
            }
            clampStyles(to: bytes.count)
            clampLanguages(to: bytes.count)
            clampAnnotations(to: bytes.count)
            return
        }
        clampStyles(to: bytes.count)
        clampLanguages(to: bytes.count)
        clampAnnotations(to: bytes.count)
        flushLanguageRun()
        blocks.append(Block(kind: b.kind, level: b.level, direction: b.direction, isVerse: b.isVerse,
                            range: ByteRange(b.start, bytes.count), placement: b.placement))
    }

    private mutating func clampStyles(to end: Int) {
        var i = styles.count - 1
        while i >= 0 && styles[i].range.upperBound.rawValue > end {
            let lower = min(styles[i].range.lowerBound.rawValue, end)
            styles[i].range = ByteRange(lower, end)
            i -= 1
        }
        for (token, s) in openStyles where s.start > end { openStyles[token] = (s.style, end, s.targetKey, s.url) }
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
        s.withUTF8 { appendCollapsingWhitespace(utf8: $0) }
    }

    /// `appendCollapsingWhitespace` for UTF-8 bytes (must be valid UTF-8), without
    /// intermediate copies: the hot path of the EPUB parser.
    public mutating func appendCollapsingWhitespace(utf8 buf: UnsafeBufferPointer<UInt8>) {
        if openBlock == nil {
            var hasNonSpace = false
            for b in buf where !Self.isCollapsibleSpace(b) { hasNonSpace = true; break }
            guard hasNonSpace else { return }
            beginBlock(.paragraph)
        }
        let start = bytes.count
        let initiallyAfterSpace = atLineStartOrSpace
        // Copy the bytes in (memcpy, amortised growth), then collapse them in place: the
        // write index never passes the read index. No per-byte Array calls in the loop.
        bytes.append(contentsOf: buf)
        let (written, clean): (Int, Bool) = bytes.withUnsafeMutableBufferPointer { out in
            guard let p = out.baseAddress else { return (start, true) }
            return Self.byteClasses.withUnsafeBufferPointer { classes in
                // Branch-free: a space after a space (or at the start) does not advance `w`.
                let table = classes.baseAddress!
                var w = start
                var lastWasSpace: UInt8 = initiallyAfterSpace ? 1 : 0
                var forbidden: UInt8 = 0
                var previousIsC2: UInt8 = 0
                for r in start..<out.count {
                    let b = p[r]
                    let c = table[Int(b)]
                    let isSpace = c & 1
                    p[w] = isSpace != 0 ? 0x20 : b
                    w &+= Int(1 &- (isSpace & lastWasSpace))
                    lastWasSpace = isSpace
                    // Controls, DEL and C1 (C2 80…C2 9F) need the sanitiser.
                    forbidden |= (c >> 1) | (previousIsC2 & (b &- 0x80 < 0x20 ? 1 : 0))
                    previousIsC2 = b == 0xC2 ? 1 : 0
                }
                return (w, forbidden == 0)
            }
        }
        bytes.removeLast(bytes.count - written)
        if !clean {
            let chunk = Array(bytes[start...])
            bytes.removeSubrange(start...)
            TextSanitizer.append(chunk, to: &bytes)
        }
    }

    /// Whether the next collapsed space would be dropped (block start, after space or `\n`).
    private var atLineStartOrSpace: Bool {
        guard let b = openBlock else { return true }
        if bytes.count == b.start { return true }
        let last = bytes[bytes.count - 1]
        return last == 0x20 || last == 0x0A
    }

    /// Per byte: bit 0 = collapsible HTML white space, bit 1 = control that needs the
    /// sanitiser (C0 other than TAB/LF/CR/FF… handled as space, DEL).
    private static let byteClasses: [UInt8] = (0..<256).map { b -> UInt8 in
        let byte = UInt8(b)
        if isCollapsibleSpace(byte) { return 1 }
        if byte < 0x20 || byte == 0x7F { return 2 }
        return 0
    }

    @inline(__always) private static func isCollapsibleSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C
    }

    /// Records that the next text written is the placeholder of the image whose bytes are
    /// at `source` (see `ImageReference.source`). Sources that are empty, too long or not
    /// printable are not recorded (the placeholder stays). Returns whether it was recorded.
    @discardableResult
    public mutating func recordImage(source: String) -> Bool {
        guard !source.isEmpty, source.utf8.count <= ImageReference.maximumSourceLength,
              !source.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return false }
        let offset = offsetOfNextText
        guard images.last.map({ $0.offset <= offset }) ?? true else { return false }
        images.append(ImageReference(offset: offset, source: source))
        return true
    }

    /// Appends a hard line break (`<br>`) inside the current block, trimming a space before it.
    public mutating func appendLineBreak() {
        if openBlock == nil { beginBlock(.paragraph) }
        if let b = openBlock, bytes.count > b.start, bytes.last == 0x20 {
            bytes.removeLast()
            clampLanguages(to: bytes.count)
        }
        bytes.append(0x0A)
    }

    // MARK: Languages

    /// Opens an element in language `tag` (`xml:lang`/`lang`), nested in the open ones
    /// until `endLanguage()`. The text appended while it is the innermost open language
    /// becomes a `LanguageSpan` tagged with it, unless the tag is empty or not a plain
    /// BCP 47-like tag (letters, digits, `-`/`_`, at most 35 characters: an unknown
    /// language) or has the primary subtag of the book's language (`metadata.language`):
    /// such text is recorded in no span, but still splits the span around it.
    public mutating func beginLanguage(_ tag: String) {
        flushLanguageRun()
        let clean = Self.sanitizedLanguageTag(tag)
        let book = Self.primarySubtag(metadata.language)
        languageStack.append((clean, !clean.isEmpty && (book.isEmpty || Self.primarySubtag(clean) != book)))
    }

    /// Closes the innermost language opened with `beginLanguage` (nothing when none is open).
    public mutating func endLanguage() {
        guard !languageStack.isEmpty else { return }
        flushLanguageRun()
        languageStack.removeLast()
    }

    /// Records the text since `languageRunStart` in the innermost open language, merging
    /// it into the previous span when that has the same tag and ends where it starts.
    private mutating func flushLanguageRun() {
        let start = min(languageRunStart, bytes.count), end = bytes.count
        languageRunStart = end
        guard end > start, let top = languageStack.last, top.records else { return }
        if let last = languages.last, last.tag == top.tag, last.range.upperBound.rawValue == start {
            languages[languages.count - 1].range = ByteRange(last.range.lowerBound.rawValue, end)
        } else {
            languages.append(LanguageSpan(range: ByteRange(start, end), tag: top.tag))
        }
    }

    /// After text was trimmed to `end`: spans past it are cut (empty ones dropped).
    private mutating func clampLanguages(to end: Int) {
        languageRunStart = min(languageRunStart, end)
        while let last = languages.last, last.range.upperBound.rawValue > end {
            if last.range.lowerBound.rawValue >= end {
                languages.removeLast()
            } else {
                languages[languages.count - 1].range = ByteRange(last.range.lowerBound.rawValue, end)
            }
        }
    }

    /// `tag` trimmed of ASCII spaces, `_` written `-`; "" unless it is 1…35 ASCII letters,
    /// digits and `-`.
    public static func sanitizedLanguageTag(_ tag: String) -> String {
        let utf8 = Array(tag.utf8)
        let isSpace = { (b: UInt8) in b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }),
              last - first < 35 else { return "" }
        var out: [UInt8] = []
        for b in utf8[first...last] {
            let isAlphanumeric = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
            guard isAlphanumeric || b == 0x2D || b == 0x5F else { return "" }
            out.append(b == 0x5F ? 0x2D : b)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The primary subtag of a language tag, lower-cased: `en` for `en-US`, ` EN_gb`; ""
    /// for a tag `sanitizedLanguageTag` rejects.
    public static func primarySubtag(_ tag: String) -> String {
        let clean = sanitizedLanguageTag(tag)
        return String(decoding: clean.utf8.prefix { $0 != 0x2D }, as: UTF8.self).lowercased()
    }

    // MARK: Styles

    /// Starts an inline style at the current offset; returns a token for `endStyle`.
    /// `targetKey` (e.g. `"OEBPS/notes.xhtml#n1"`) is resolved with `defineTarget` keys;
    /// a `.link` whose target is a note becomes a `.noteReference` in `finish()`. `url` is
    /// a link out of the book (`StyleRun.url`): bytes outside 0x21…0x7E are
    /// percent-encoded here.
    public mutating func beginStyle(_ style: InlineStyle, targetKey: String? = nil, url: String? = nil) -> Int {
        let token = nextStyleToken
        nextStyleToken += 1
        openStyles[token] = (style, offsetOfNextText.rawValue, targetKey, url.map(Self.printableURL))
        return token
    }

    /// `url` with every byte outside 0x21…0x7E (space, controls, DEL, non-ASCII) written
    /// as `%XX`: a URL can then never carry a control sequence or a bidi override.
    public static func printableURL(_ url: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for b in url.utf8 {
            if b >= 0x21 && b <= 0x7E {
                out.append(b)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Ends a style started with `beginStyle`. Empty runs are dropped.
    public mutating func endStyle(_ token: Int) {
        guard let s = openStyles.removeValue(forKey: token) else { return }
        let start = min(s.start, bytes.count)
        guard bytes.count > start else { return }
        let run = StyleRun(style: s.style, range: ByteRange(start, bytes.count), url: s.url)
        // Keep `styles` sorted by lower bound (nested runs end in reverse order).
        var i = styles.count
        while i > 0 && styles[i - 1].range.lowerBound.rawValue > start { i -= 1 }
        styles.insert(run, at: i)
        if i < styles.count - 1 {
            // Runs after the insertion point moved: keep pending target indices in step.
            for j in pendingStyleTargets.indices where pendingStyleTargets[j].index >= i { pendingStyleTargets[j].index += 1 }
        }
        if let key = s.targetKey { pendingStyleTargets.append((i, key)) }
    }

    // MARK: Targets, chapters, TOC

    /// Records that `key` (an entry path, or `path#id`) points at the current offset.
    /// The first definition wins: returns whether this one did. `isNote`: the element
    /// with this id is a note (a link to it becomes a `.noteReference`).
    @discardableResult
    public mutating func defineTarget(_ key: String, isNote: Bool = false) -> Bool {
        guard targets[key] == nil else { return false }
        targets[key] = offsetOfNextText
        if isNote { extents.markNote(key) }
        return true
    }

    /// Records that the element that defined `key` (and won: `defineTarget` returned
    /// true) closes here: its extent, from its target to the current offset, is the
    /// note's text when a note reference points at it. An empty extent is not kept.
    public mutating func endTarget(_ key: String) {
        extents.setEnd(currentOffset, of: key)
    }

    /// The offset where the next text will land (after a pending block separator).
    public var offsetOfNextText: ByteOffset {
        if openBlock == nil, let last = blocks.last, bytes.count == last.range.upperBound.rawValue {
            return ByteOffset(bytes.count + 1)
        }
        return ByteOffset(bytes.count)
    }

    /// The offset recorded for a target key, if defined.
    public func target(_ key: String) -> ByteOffset? { targets[key] }

    /// Starts a chapter at the next text.
    public mutating func beginChapter(title: String, level: Int = 1, source: String) {
        chapterStarts.append((TextSanitizer.sanitizeLabel(title), level, offsetOfNextText.rawValue, source))
    }

    /// Starts a chapter at a known offset (for parsers that decide chapters after the text
    /// is built, e.g. from a table of contents). Calls must come in non-decreasing offset
    /// order and after any `beginChapter` calls for earlier text.
    public mutating func addChapter(title: String, level: Int = 1, at offset: ByteOffset, source: String) {
        let start = max(offset.rawValue, chapterStarts.last?.start ?? 0)
        chapterStarts.append((TextSanitizer.sanitizeLabel(title), level, start, source))
    }

    /// Adds a TOC entry pointing at a target key resolved when the book is finished.
    public mutating func addTOCEntry(title: String, level: Int, targetKey: String, source: String) {
        tocEntries.append((TextSanitizer.sanitizeLabel(title), level, nil, targetKey, source))
    }

    /// Adds a TOC entry pointing at a known offset.
    public mutating func addTOCEntry(title: String, level: Int, target: ByteOffset, source: String) {
        tocEntries.append((TextSanitizer.sanitizeLabel(title), level, target, nil, source))
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
        // An anchor set inside trailing spaces that a block's end then trimmed points past
        // the text (TXT: a converter checkpoint before spaces and NULs; found by fuzz-mobi).
        sourceMap.removeAnchors(after: ByteOffset(bytes.count))
        sourceMap.addAnchor(content: ByteOffset(bytes.count), source: idx, sourceOffset: offset, linear: linear)
    }

    /// Most warnings a finished book keeps: a hostile book (100,000 missing spine items)
    /// must not print 100,000 lines. The rest are summarised in one last warning.
    public static let maxWarnings = 100

    static func capped(_ warnings: [String]) -> [String] {
        guard warnings.count > maxWarnings else { return warnings }
        return Array(warnings.prefix(maxWarnings - 1)) + ["… and \(warnings.count - maxWarnings + 1) more warnings"]
    }

    /// Records a problem that did not stop the book from opening.
    public mutating func warn(_ message: String) {
        warnings.append(TextSanitizer.sanitizeLabel(message))
    }

    // MARK: Concatenation

    /// Reserves room for `count` more bytes of text.
    public mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends everything another builder collected (text, blocks, styles, targets, pending
    /// link and TOC targets, chapters, source map, warnings) after the text so far, shifting
    /// its offsets. Targets defined here win over the other's (first definition wins), and
    /// link targets still unresolved in `other` are resolved by `finish()` over the whole.
    /// Returns the offset where `other`'s text starts.
    @discardableResult
    public mutating func append(_ other: TextContentBuilder) -> ByteOffset {
        var other = other
        other.endBlock()
        for token in other.openStyles.keys.sorted() { other.endStyle(token) }
        while !other.languageStack.isEmpty { other.endLanguage() }
        endBlock()
        let base: Int
        if other.bytes.isEmpty {
            base = offsetOfNextText.rawValue
        } else {
            if let last = blocks.last, bytes.count == last.range.upperBound.rawValue { bytes.append(0x0A) }
            base = bytes.count
            bytes.append(contentsOf: other.bytes)
        }
        let end = bytes.count
        func shift(_ o: Int) -> Int { min(o + base, max(end, base)) }
        for var b in other.blocks {
            b.range = b.range.shifted(by: base)
            blocks.append(b)
        }
        let styleBase = styles.count
        for r in other.styles {
            styles.append(StyleRun(style: r.style, range: r.range.shifted(by: base), target: r.target.map { $0 + base }, url: r.url))
        }
        for p in other.pendingStyleTargets { pendingStyleTargets.append((p.index + styleBase, p.key)) }
        var taken: Set<String> = []
        for (key, offset) in other.targets where targets[key] == nil {
            targets[key] = ByteOffset(shift(offset.rawValue))
            taken.insert(key)
        }
        extents.append(other.extents, taking: taken) { ByteOffset(shift($0.rawValue)) }
        for c in other.chapterStarts {
            let start = max(shift(c.start), chapterStarts.last?.start ?? 0)
            chapterStarts.append((c.title, c.level, start, c.source))
        }
        for e in other.tocEntries {
            tocEntries.append((e.title, e.level, e.target.map { ByteOffset(shift($0.rawValue)) }, e.key, e.source))
        }
        for l in other.languages {
            let range = l.range.shifted(by: base)
            if let last = languages.last, last.tag == l.tag, last.range.upperBound == range.lowerBound {
                languages[languages.count - 1].range = ByteRange(last.range.lowerBound, range.upperBound)
            } else {
                languages.append(LanguageSpan(range: range, tag: l.tag))
            }
        }
        // A language still open here does not take `other`'s text.
        languageRunStart = bytes.count
        sourceMap.append(other.sourceMap, shiftedBy: base)
        sourceIndexCache.removeAll(keepingCapacity: true)
        appendAnnotations(of: other, shiftedBy: base)
        warnings.append(contentsOf: other.warnings)
        return ByteOffset(base)
    }

    // MARK: Finish

    /// Closes open blocks and styles, resolves targets, makes chapters cover the text.
    public mutating func finish() -> TextContent {
        endBlock()
        // Metadata is shown too (status line, `info`): sanitised as labels (no controls, no
        // bidi formatting characters that could reorder the UI).
        metadata.title = TextSanitizer.sanitizeLabel(metadata.title)
        metadata.authors = metadata.authors.map(TextSanitizer.sanitizeLabel)
        metadata.language = TextSanitizer.sanitizeLabel(metadata.language)
        for token in openStyles.keys.sorted() { endStyle(token) }
        while !languageStack.isEmpty { endLanguage() }
        clampLanguages(to: bytes.count)
        let end = bytes.count
        // `clampStyles` stops at the first run that ends in time, but an outer run (sorted
        // before the runs nested in it) can still end in trimmed text: clamp every run to
        // the text once (found by the epub fuzz target: a run one byte past the end).
        for i in styles.indices where styles[i].range.upperBound.rawValue > end {
            styles[i].range = ByteRange(min(styles[i].range.lowerBound.rawValue, end), end)
        }
        let notes = resolveStyleTargets(end: end)
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
                           metadata: metadata, sourceMap: sourceMap, warnings: Self.capped(warnings), notes: notes,
                           languages: languages, rubies: rubies, rubyText: rubyText, emphasisMarks: emphasisMarks,
                           images: images.filter { $0.offset.rawValue < bytes.count })
    }

    /// Gives each link its target (text ending at `end`); a link to a note becomes a note
    /// reference. Returns the extents of the notes the note references point at, sorted,
    /// one a start (`TextContent.notes`).
    private mutating func resolveStyleTargets(end: Int) -> [ByteRange] {
        var notes: [ByteRange] = []
        for (index, key) in pendingStyleTargets {
            guard let t = targets[key] else { continue }
            let target = Self.firstTextOffset(atOrAfter: ByteOffset(min(t.rawValue, end)), blocks: blocks)
            styles[index].target = target
            if styles[index].style == .link && extents.isNote(key) { styles[index].style = .noteReference }
            if styles[index].style == .noteReference, let extent = extents.extent(of: key, start: target, textCount: end) {
                notes.append(extent)
            }
        }
        return TargetExtents.sortedUnique(notes)
    }

    /// `offset`, or when it falls between blocks (on a separator: an id defined while the
    /// block before it was still open), the start of the next block — the text a link
    /// there means. Past the last block, `offset` itself.
    static func firstTextOffset(atOrAfter offset: ByteOffset, blocks: [Block]) -> ByteOffset {
        let i = blocks.partitioningIndex { $0.range.upperBound > offset }
        return i < blocks.count ? max(offset, blocks[i].range.lowerBound) : offset
    }
}
