import CLibXML2
import Glibc
import TextContent

/// Turns one XHTML content document into blocks, styles and targets of a
/// `TextContentBuilder`.
///
/// The document is parsed with libxml2's lenient HTML parser in SAX mode (no tree is
/// built, nothing recurses per element): real books use undeclared entities (`&nbsp;`
/// without a DTD) and malformed markup, which the HTML parser recovers from. Element
/// nesting is tracked on an explicit stack; elements nested deeper than `maxDepth` lose
/// their structure (their text is kept) so a hostile document cannot exhaust anything.
///
/// Source map precision: every block gets an anchor whose source offset is the byte
/// offset of the `<` of the start tag of the element that opened it (exact for UTF-8
/// input), or for text that continues after a nested block, the end of the markup event
/// before that text. Offsets inside a block map to the block's anchor (`isExact == false`).
final class XHTMLWalker {
    /// Elements deeper than this are treated as plain containers of text.
    static let maxDepth = 256

    private(set) var builder: TextContentBuilder
    let entryPath: String
    /// The first heading's text, for a chapter title.
    private(set) var firstHeading: String?
    /// Whether every heading is recorded in `headings` (a single-file book's chapters),
    /// not only the first.
    var collectsHeadings = false
    /// The headings met (`collectsHeadings`), in order: where the text starts, level 1–6, text.
    private(set) var headings: [WalkedHeading] = []
    /// Where `<mbp:pagebreak/>` (MOBI 6) elements ended a block: the offset the next text
    /// takes, in the builder's offsets. The MOBI reader makes chapters of them.
    private(set) var pageBreaks: [ByteOffset] = []
    /// Where the parsed bytes start in `entryPath` (a MOBI document walked in pieces): added
    /// to the source map's offsets.
    var sourceOffset = 0
    /// The `<title>` text.
    var documentTitle: String? {
        let t = String(decoding: titleBytes, as: UTF8.self).collapsingSpaces()
        return t.isEmpty ? nil : t
    }

    // MARK: State

    /// What the elements around the current point say about the next block.
    private struct Context {
        var kind: BlockKind = .paragraph
        var level: UInt8 = 0
        var container: BlockKind = .paragraph
        var containerLevel: UInt8 = 0
        var direction: TextDirection = .unspecified
        var listDepth: UInt8 = 0
        var inRow = false
        var skip = false
        var pre = false
        var captureTitle = false
        /// Inside a poem: block elements are lines of the open stanza (`Block.isVerse`).
        var verse = false
        /// Inside `<nav>`: numbered lists show no numbers (EPUB 3 renders them unstyled).
        var inNav = false
        /// Inside an `<aside>`: an id here names a note.
        var inAside = false
        /// `<ruby>` elements open around the point (inner ones' readings are dropped).
        var rubyDepth: UInt8 = 0
        /// Inside an `<rt>` (or the `<rtc>` used as the readings): text is a reading.
        var inReading = false
        var inAnnotationContainer = false
        /// The frame of the open `<rb>`, `<rt>`, `<rp>` or `<rtc>` of the innermost ruby, or -1.
        var rubyPart: Int32 = -1
        /// The emphasis marks (CSS `text-emphasis`) over the text here.
        var emphasis: EmphasisMark?
    }

    private struct Frame {
        var saved: Context
        var styleToken: Int = -1
        var boundary = false
        var heading = false
        /// The element opened a list (`lists` has its numbering).
        var list = false
        /// A line of verse (a `div`/`p` in a poem, `span class="line"`): `verseBreaks` when it opened.
        var verseLine: Int?
        /// The target key of a block element with an id: its extent ends when it closes.
        var targetKey: String?
        /// The element has `xml:lang`/`lang`: its language closes with it.
        var language = false
        /// The element's part in a ruby.
        var ruby: RubyRole = .none
    }

    private enum RubyRole: UInt8 { case none, ruby, base, text, parenthesis, container }

    private var ctx = Context()
    private var frames: [Frame] = []
    private var parser: htmlParserCtxtPtr?
    private(set) var raw = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// Source offset for the next block that opens (its element's start tag).
    private var pendingAnchor: Int?
    /// Source offset where the last markup event ended.
    private var lastEventEnd = 0
    private var pendingCellSeparator = false
    private var preJustOpened = false
    private var headingStart: Int?
    private var headingLevel = 1
    private var titleBytes: [UInt8] = []
    private var depthWarned = false
    /// The lists open around the current point, innermost last.
    private var lists: [ListNumbering] = []
    /// Lists closed inside the outermost open one (block range, marker column): indented
    /// all at once when it closes.
    private var closedLists: [(blocks: Range<Int>, cells: Int)] = []
    /// Line breaks written inside verse so far (a verse "line" that had some was a stanza).
    private var verseBreaks = 0
    /// libxml2's errors other than unknown (HTML5) tags: the markup needed recovering.
    private var markupErrors = 0
    private var firstMarkupError: String?
    /// Entity references the HTML parser does not know, kept as text (`&bogus;`).
    private var unknownEntities = 0
    private var firstUnknownEntity: String?
    /// Whether the document must be well-formed XML (an EPUB XHTML content document): it is
    /// checked with the XML parser even when the HTML parser had no complaint, and its
    /// well-formedness and namespace errors are reported.
    var requiresWellFormedXML = false
    /// The entities the document's internal subset declares (`XHTMLWalker+Entities`).
    var declaredEntities: DeclaredEntities?
    /// Where the walker is in replacing a declared entity reference.
    var pendingEntity: PendingEntity = .none
    /// Bytes of entity replacement text the document may still take.
    var entityBudget = 0
    /// References to external entities (never loaded) and the first one's name.
    var externalReferences = 0
    var firstExternalEntity: String?
    /// Whether replacement text was dropped because the budget ran out.
    var entitiesCut = false

    /// The open outermost `<ruby>`'s bases waiting for readings.
    private var ruby: RubyCollector?
    /// The text of the open `<rt>` (or `<rtc>`).
    private var reading: [UInt8] = []
    /// The book's CSS classes that set emphasis marks (`TextEmphasisCSS`).
    private let emphasisClasses: [String: EmphasisMark]
    /// The `nav`s the book's stylesheets hide.
    private let hiddenNavigation: HiddenNavigationCSS
    /// The classes whose text is set upright in one row of vertical text (`.tcy`).
    private let uprightClasses: Set<String>

    /// The document is a notes file (`notes.html`, `endnotes.xhtml`…): its ids are notes.
    private let isNotesDocument: Bool

    init(builder: TextContentBuilder, entryPath: String, emphasisClasses: [String: EmphasisMark] = [:],
         hiddenNavigation: HiddenNavigationCSS = HiddenNavigationCSS(), uprightClasses: Set<String> = []) {
        self.hiddenNavigation = hiddenNavigation
        self.uprightClasses = uprightClasses
        self.builder = builder
        self.entryPath = entryPath
        self.emphasisClasses = emphasisClasses
        isNotesDocument = EPUBPath.namesNotes(entryPath)
    }

    // MARK: Parsing

    /// Parses UTF-8 markup (`original`, or a copy of it with its DOCTYPE subset blanked).
    /// Returns false when libxml2 could not start parsing.
    func parseMarkup(_ data: UnsafeBufferPointer<UInt8>, original: UnsafeBufferPointer<UInt8>) -> Bool {
        guard data.count > 0, data.count < Int(Int32.max) else { return false }
        XMLTree.prepareThread()
        let created: htmlParserCtxtPtr? = data.baseAddress!.withMemoryRebound(to: CChar.self, capacity: data.count) {
            htmlCreateMemoryParserCtxt($0, Int32(data.count))
        }
        guard let ctxt = created else { return false }
        defer {
            if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
            htmlFreeParserCtxt(ctxt)
        }
        raw = data
        parser = ctxt
        var sax = htmlSAXHandler()
        sax.startElement = { user, name, atts in
            guard let user, let name else { return }
            Unmanaged<XHTMLWalker>.fromOpaque(user).takeUnretainedValue().startElement(name, atts)
        }
        sax.endElement = { user, _ in
            guard let user else { return }
            Unmanaged<XHTMLWalker>.fromOpaque(user).takeUnretainedValue().endElement()
        }
        let characters: charactersSAXFunc = { user, ch, len in
            guard let user, let ch, len > 0 else { return }
            Unmanaged<XHTMLWalker>.fromOpaque(user).takeUnretainedValue()
                .characters(UnsafeBufferPointer(start: ch, count: Int(len)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.serror = { user, error in
            guard let user, let error else { return }
            Unmanaged<XHTMLWalker>.fromOpaque(user).takeUnretainedValue().parserError(error.pointee)
        }
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        ctxt.pointee.sax.pointee = sax
        ctxt.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
        ctxt.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        htmlCtxtUseOptions(ctxt, XMLTree.htmlOptions)
        htmlParseDocument(ctxt)
        // Close whatever the parser left open.
        while !frames.isEmpty { endElement() }
        builder.endBlock()
        parser = nil
        warnAboutRecoveredMarkup(original)
        for warning in declaredEntityWarnings() { builder.warn(warning) }
        raw = UnsafeBufferPointer(start: nil, count: 0)
        return true
    }

    /// Counts libxml2's error. Unknown tags (every HTML5 element, to libxml2 2.9) are not
    /// damage, nor are control characters (the sanitiser drops them).
    private func parserError(_ error: xmlError) {
        guard error.code != Int32(XML_HTML_UNKNOWN_TAG.rawValue), error.code != Int32(XML_ERR_INVALID_CHAR.rawValue) else { return }
        markupErrors += 1
        if firstMarkupError == nil, let m = error.message {
            firstMarkupError = "line \(error.line): " + String(cString: m).trimmingSpaces()
        }
    }

    /// One warning for a document whose markup had to be recovered, one for its unknown
    /// entities. The HTML parser also complains about well-formed XHTML (`</meta>`, a
    /// `<div>` inside a `<p>`), so its complaints are confirmed with the XML parser first.
    private func warnAboutRecoveredMarkup(_ data: UnsafeBufferPointer<UInt8>) {
        if markupErrors > 0 || requiresWellFormedXML {
            let verdict = XMLTree.check(data, name: entryPath)
            // Without the HTML parser's complaint, only a real well-formedness error counts.
            let damaged = markupErrors > 0 ? verdict?.wellFormed != true : verdict == nil || verdict?.fatalError != nil
            if damaged {
                let detail = firstMarkupError ?? verdict?.fatalError ?? verdict?.firstError ?? "not well-formed"
                builder.warn("\(entryPath): damaged markup was recovered (\(detail))")
            } else if let problem = verdict?.namespaceError {
                builder.warn("\(entryPath): names that break the XML namespace rules were read as written (\(problem))")
            }
        }
        if let name = firstUnknownEntity {
            builder.warn(unknownEntities == 1 ? "\(entryPath): unknown entity &\(name); kept as text"
                         : "\(entryPath): \(unknownEntities) unknown entity references kept as text (the first: &\(name);)")
        }
    }

    /// Hands the builder back (the walker must not be used afterwards).
    func takeBuilder() -> TextContentBuilder { builder }

    @inline(__always) var position: Int {
        guard let parser else { return 0 }
        return max(0, Int(xmlByteConsumed(parser)))
    }

    /// The offset of the `<` that starts the tag whose end the parser is at.
    private func tagStart(before pos: Int) -> Int {
        guard raw.count > 0 else { return 0 }
        var i = max(0, min(pos, raw.count - 1))
        let limit = max(0, i - 65536)
        while i > limit && raw[i] != UInt8(ascii: "<") { i -= 1 }
        return raw[i] == UInt8(ascii: "<") ? i : max(0, pos)
    }

    // MARK: Elements

    private enum Tag: UInt8 {
        case other, skip, title, paragraph, container, aside, blockquote, list, orderedList, listItem, row, cell, nav
        case h1, h2, h3, h4, h5, h6, pre, br, hr, pageBreak, img, emphasis, strong, strike, code, sup, sub, anchor
        case ruby, rubyBase, rubyText, rubyParenthesis, rubyTextContainer
    }

    /// Tag names packed little-endian into a UInt64 (names of up to 8 bytes).
    private static let tags: [UInt64: Tag] = {
        var t: [String: Tag] = [:]
        for n in ["head", "script", "style", "template", "noscript", "object", "iframe", "audio", "video", "math"] { t[n] = .skip }
        t["title"] = .title
        for n in ["p", "div", "center", "address", "dt", "dd", "caption", "summary", "legend", "hgroup", "option"] { t[n] = .paragraph }
        t["aside"] = .aside
        for n in ["html", "body", "section", "article", "header", "footer", "main", "figure",
                  "table", "thead", "tbody", "tfoot", "dl", "details", "fieldset", "form", "svg"] { t[n] = .container }
        for n in ["ul", "menu", "dir"] { t[n] = .list }
        t["ol"] = .orderedList
        t["nav"] = .nav
        t["li"] = .listItem
        t["tr"] = .row
        t["td"] = .cell; t["th"] = .cell
        t["h1"] = .h1; t["h2"] = .h2; t["h3"] = .h3; t["h4"] = .h4; t["h5"] = .h5; t["h6"] = .h6
        for n in ["pre", "listing", "xmp"] { t[n] = .pre }
        t["br"] = .br; t["hr"] = .hr; t["img"] = .img; t["image"] = .img
        for n in ["em", "i", "cite", "dfn", "var"] { t[n] = .emphasis }
        for n in ["strong", "b"] { t[n] = .strong }
        for n in ["s", "strike", "del"] { t[n] = .strike }
        for n in ["code", "tt", "kbd", "samp"] { t[n] = .code }
        t["sup"] = .sup; t["sub"] = .sub; t["a"] = .anchor
        t["ruby"] = .ruby; t["rb"] = .rubyBase; t["rt"] = .rubyText; t["rp"] = .rubyParenthesis; t["rtc"] = .rubyTextContainer
        var packed: [UInt64: Tag] = [:]
        for (name, tag) in t {
            var key: UInt64 = 0
            for (i, b) in name.utf8.enumerated() { key |= UInt64(b) << (8 * UInt64(i)) }
            packed[key] = tag
        }
        return packed
    }()

    private static func classify(_ name: UnsafePointer<xmlChar>) -> Tag {
        // Local name: after the last ':' (svg:image, xhtml:p). The HTML parser lower-cases.
        var start = name
        var p = name
        while p.pointee != 0 {
            if p.pointee == UInt8(ascii: ":") { start = p + 1 }
            p += 1
        }
        let length = p - start
        if length > 8 {
            if equals(start, "blockquote") { return .blockquote }
            if equals(start, "figcaption") { return .paragraph }
            if equals(start, "plaintext") { return .pre }
            if equals(start, "pagebreak") { return .pageBreak }   // MOBI's <mbp:pagebreak/>
            return .other
        }
        var key: UInt64 = 0
        for i in 0..<length {
            var b = start[i]
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            key |= UInt64(b) << (8 * UInt64(i))
        }
        return tags[key] ?? .other
    }

    @inline(__always) private static func equals(_ p: UnsafePointer<xmlChar>, _ s: StaticString) -> Bool {
        strcmp(UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self),
               UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    private static let noteTypes: Set<Substring> = [
        "footnote", "endnote", "rearnote", "note", "footnotes", "endnotes", "rearnotes",
        "doc-footnote", "doc-endnote", "doc-endnotes",
    ]

    private struct Attributes {
        var id: UnsafePointer<xmlChar>?
        var dir: UnsafePointer<xmlChar>?
        var href: UnsafePointer<xmlChar>?
        var alt: UnsafePointer<xmlChar>?
        /// `src` (`<img>`); an SVG `<image>`'s picture is its `href`/`xlink:href`.
        var src: UnsafePointer<xmlChar>?
        var type: UnsafePointer<xmlChar>?
        var role: UnsafePointer<xmlChar>?
        var classes: UnsafePointer<xmlChar>?
        var start: UnsafePointer<xmlChar>?
        var value: UnsafePointer<xmlChar>?
        var listType: UnsafePointer<xmlChar>?
        var style: UnsafePointer<xmlChar>?
        /// `xml:lang`, else `lang` (an empty value: unknown language).
        var language: UnsafePointer<xmlChar>?
        var hasLanguage = false, xmlLanguage = false
        var hidden = false
        var reversed = false

        /// The words of `epub:type` and `role` (e.g. "noteref", "doc-pagebreak").
        var semanticTokens: [Substring] {
            guard type != nil || role != nil else { return [] }
            let semantic = (type.map { String(cString: $0) } ?? "") + " " + (role.map { String(cString: $0) } ?? "")
            return semantic.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        }
    }

    /// The attributes the walker uses, from libxml2's NULL-terminated name/value array.
    private static func attributes(_ atts: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) -> Attributes {
        var a = Attributes()
        guard var p = atts else { return a }
        while let n = p.pointee {
            let v = (p + 1).pointee
            // Dispatch on the first byte; most attributes (class, style…) match nothing.
            switch n.pointee {
            case UInt8(ascii: "i"): if equals(n, "id") { a.id = v }
            case UInt8(ascii: "d"): if equals(n, "dir") { a.dir = v }
            case UInt8(ascii: "h"):
                if equals(n, "href") { a.href = v } else if equals(n, "hidden") { a.hidden = true }
            case UInt8(ascii: "a"): if equals(n, "alt") { a.alt = v }
            case UInt8(ascii: "e"): if equals(n, "epub:type") { a.type = v }
            case UInt8(ascii: "r"):
                if equals(n, "role") { a.role = v } else if equals(n, "reversed") { a.reversed = true }
            case UInt8(ascii: "c"): if equals(n, "class") { a.classes = v }
            case UInt8(ascii: "s"):
                if equals(n, "start") { a.start = v } else if equals(n, "style") { a.style = v } else if equals(n, "src") { a.src = v }
            case UInt8(ascii: "v"): if equals(n, "value") { a.value = v }
            case UInt8(ascii: "t"): if equals(n, "type") { a.listType = v }
            case UInt8(ascii: "x"):
                if equals(n, "xlink:href") && a.href == nil { a.href = v }
                else if equals(n, "xml:lang") { a.language = v; a.hasLanguage = true; a.xmlLanguage = true }
            case UInt8(ascii: "l"): if equals(n, "lang") && !a.xmlLanguage { a.language = v; a.hasLanguage = true }
            default: break
            }
            p += 2
        }
        return a
    }

    private func startElement(_ name: UnsafePointer<xmlChar>, _ atts: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let pos = position
        lastEventEnd = min(pos + 1, raw.count)
        frames.append(Frame(saved: ctx))
        let tag = Self.classify(name)
        if tag.rawValue >= Tag.rubyBase.rawValue { closeOpenRubyPart(before: tag) }
        // Inside a reading, elements are only containers of its text.
        if ctx.inReading || ctx.inAnnotationContainer && tag != .rubyText && tag != .rubyParenthesis { return }
        if ctx.skip {
            // <title> sits inside the skipped <head>.
            if tag == .title && titleBytes.isEmpty { ctx.captureTitle = true }
            return
        }

        let a = Self.attributes(atts)
        let tokens = a.semanticTokens
        // A note, or a container of notes (Standard Ebooks: <section epub:type="endnotes"><ol><li>…).
        let isNote = !tokens.isEmpty && tokens.contains { Self.noteTypes.contains($0) }
        guard enter(tag, a, tokens: tokens, isNote: isNote) else { return }
        if tag == .aside { ctx.inAside = true }
        if a.style != nil || a.classes != nil && !emphasisClasses.isEmpty, let mark = emphasisMark(a) { ctx.emphasis = mark }
        let tagStartOffset = { self.tagStart(before: pos) }
        let classes = Self.verseClasses(a.classes)
        let isPoem = classes.poem || tokens.contains { Self.poemTypes.contains($0) }
        if !isPoem && !isNote && (ctx.verse && tag == .paragraph || tag == .other && classes.line) {
            openVerseLine()
            return
        }

        if tag == .other { beginUprightIfClassed(a) }

        switch tag {
        case .paragraph, .container, .aside, .blockquote, .list, .orderedList, .listItem, .nav:
            openContainer(tag, isNote: isNote, anchor: tagStartOffset)
            if isPoem { ctx.verse = true }
            if tag == .nav { ctx.inNav = true }
            if tag == .list || tag == .orderedList { openList(tag, a) }
            if tag == .listItem { openListItem(a) }
        case .row:
            if ctx.inRow { return }
            ctx.inRow = true
            ctx.kind = .tableRow
            ctx.level = 0
            pendingCellSeparator = false
            beginBoundary(anchor: tagStartOffset())
        case .cell:
            if ctx.inRow && builder.isInBlock { pendingCellSeparator = true }
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if ctx.inRow { return }
            ctx.kind = .heading
            ctx.level = tag.rawValue - Tag.h1.rawValue + 1
            beginBoundary(anchor: tagStartOffset())
            if (firstHeading == nil || collectsHeadings) && headingStart == nil {
                headingStart = builder.offsetOfNextText.rawValue
                headingLevel = Int(ctx.level)
                frames[frames.count - 1].heading = true
            }
        case .pre:
            if ctx.inRow { return }
            ctx.kind = .preformatted
            ctx.level = 0
            ctx.pre = true
            beginBoundary(anchor: tagStartOffset())
            preJustOpened = true
        case .br:
            if ctx.pre { openBlockIfNeeded(); builder.append("\n") }
            else if builder.isInBlock { builder.appendLineBreak() }
            if ctx.verse { verseBreaks += 1 }
        case .hr:
            if ctx.inRow { return }
            insertBlock(.separator, text: "* * *", anchor: tagStartOffset())
        case .pageBreak:
            if ctx.inRow { return }
            builder.endBlock()
            pageBreaks.append(builder.offsetOfNextText)
        case .img:
            insertImage(a, anchor: tagStartOffset)
        case .emphasis: frames[frames.count - 1].styleToken = builder.beginStyle(.emphasis)
        case .strong: frames[frames.count - 1].styleToken = builder.beginStyle(.strong)
        case .strike: frames[frames.count - 1].styleToken = builder.beginStyle(.strikethrough)
        case .code: frames[frames.count - 1].styleToken = builder.beginStyle(.code)
        case .sup: frames[frames.count - 1].styleToken = builder.beginStyle(.superscript)
        case .sub: frames[frames.count - 1].styleToken = builder.beginStyle(.subscript)
        case .anchor:
            guard let href = a.href else { break }
            frames[frames.count - 1].styleToken = beginLink(String(cString: href), tokens: tokens)
        case .ruby, .rubyBase, .rubyText, .rubyParenthesis, .rubyTextContainer:
            startRuby(tag)
        case .other, .skip, .title:
            if isPoem { ctx.verse = true }
            if isNote {
                ctx.container = .footnote
                ctx.containerLevel = 0
                ctx.kind = .footnote
                ctx.level = 0
                if !ctx.inRow { beginBoundary(anchor: tagStartOffset()) }
            }
        }
    }

    /// Starts an `upright` style (縦中横 in vertical text) for a span whose class the
    /// stylesheets give `text-combine-upright`.
    private func beginUprightIfClassed(_ a: Attributes) {
        guard !uprightClasses.isEmpty, let names = a.classes,
              String(cString: names).split(separator: " ").contains(where: { uprightClasses.contains(String($0)) }) else { return }
        frames[frames.count - 1].styleToken = builder.beginStyle(.upright)
    }

    /// Whether CSS hides the element: `display: none` in its `style`, or a stylesheet rule
    /// on a `nav`'s id or class (`HiddenNavigationCSS`).
    private func hiddenByCSS(_ tag: Tag, _ a: Attributes) -> Bool {
        if let style = a.style, HiddenNavigationCSS.hidesInline(Substring(String(cString: style))) { return true }
        guard tag == .nav, !hiddenNavigation.isEmpty else { return false }
        return hiddenNavigation.hides(id: a.id.map { String(cString: $0) }, classes: a.classes.map { String(cString: $0) })
    }

    /// What every element does before its own behaviour: hidden and skipped elements
    /// (page breaks, `<title>`) switch to skipping, `id` defines a link target, `dir` sets
    /// the direction, and past `maxDepth` elements are flattened. Returns whether the
    /// element's own behaviour applies.
    private func enter(_ tag: Tag, _ a: Attributes, tokens: [Substring], isNote: Bool) -> Bool {
        if tag == .skip || a.hidden || tokens.contains("pagebreak") || tokens.contains("doc-pagebreak") || hiddenByCSS(tag, a) {
            ctx.skip = true
            return false
        }
        if tag == .title {
            ctx.skip = true
            ctx.captureTitle = titleBytes.isEmpty
            return false
        }
        if let id = a.id { defineTarget(String(cString: id), tag, isNote: isNote) }
        if a.hasLanguage {
            // A valueless attribute (the HTML parser gives NULL) says no language: unknown.
            builder.beginLanguage(a.language.map { String(cString: $0) } ?? "")
            frames[frames.count - 1].language = true
        }
        if let dir = a.dir {
            switch String(cString: dir).lowercased() {
            case "rtl": ctx.direction = .rightToLeft
            case "ltr": ctx.direction = .leftToRight
            default: break
            }
        }
        if frames.count > Self.maxDepth {
            if !depthWarned {
                depthWarned = true
                builder.warn("\(entryPath): elements nested deeper than \(Self.maxDepth) levels were flattened")
            }
            return false
        }
        return true
    }

    /// A paragraph, `div`/`section`, blockquote, list or list item opens: it sets the kind
    /// of the blocks inside it (a note wins over a blockquote, a list item over a paragraph).
    private func openContainer(_ tag: Tag, isNote: Bool, anchor: () -> Int) {
        if isNote {
            ctx.container = .footnote
            ctx.containerLevel = 0
        } else if tag == .blockquote, ctx.container != .footnote {
            ctx.container = .blockquote
            ctx.containerLevel = 0
        } else if tag == .list || tag == .orderedList {
            ctx.listDepth = ctx.listDepth &+ (ctx.listDepth < 255 ? 1 : 0)
        } else if tag == .listItem, ctx.container != .footnote {
            ctx.container = .listItem
            ctx.containerLevel = max(ctx.listDepth, 1)
        }
        if ctx.inRow { return }
        if ctx.kind != .heading && ctx.kind != .preformatted || isNote {
            ctx.kind = ctx.container
            ctx.level = ctx.containerLevel
        }
        beginBoundary(anchor: anchor())
    }

    /// An image: "[image: ALT]", or "[image]" without alt text — a block of its own, or
    /// inline in a table row.
    private func insertImage(_ a: Attributes, anchor: () -> Int) {
        let alt = a.alt.map { String(cString: $0).collapsingSpaces() } ?? ""
        let text = alt.isEmpty ? "[image]" : "[image: " + alt + "]"
        let source = (a.src ?? a.href).flatMap { EPUBPath.resolve(String(cString: $0), relativeTo: entryPath)?.path }
        guard ctx.inRow else { return insertBlock(.image, text: text, anchor: anchor(), image: source) }
        openBlockIfNeeded()
        if pendingCellSeparator {
            pendingCellSeparator = false
            builder.appendCollapsingWhitespace(" | ")
        }
        builder.appendCollapsingWhitespace(" ")
        if let source { builder.recordImage(source: source) }
        builder.appendCollapsingWhitespace(text + " ")
    }

    /// A block of its own with a fixed text (`<hr>` → "* * *", `<img>` → its alt text);
    /// `image`: where the picture the block stands for is.
    private func insertBlock(_ kind: BlockKind, text: String, anchor: Int, image: String? = nil) {
        builder.endBlock()
        builder.beginBlock(kind, direction: ctx.direction)
        builder.anchor(source: entryPath, offset: sourceOffset + anchor, linear: false)
        if let image { builder.recordImage(source: image) }
        builder.append(text)
        builder.endBlock()
    }

    private func beginBoundary(anchor: Int) {
        builder.endBlock()
        pendingAnchor = anchor
        frames[frames.count - 1].boundary = true
    }

    private func endElement() {
        guard let frame = frames.popLast() else { return }
        lastEventEnd = min(position, raw.count)
        if frame.styleToken >= 0 { builder.endStyle(frame.styleToken) }
        if frame.boundary {
            builder.endBlock()
            pendingAnchor = nil
            pendingCellSeparator = false
        }
        if frame.language { builder.endLanguage() }
        if let key = frame.targetKey { builder.endTarget(key) }
        if let breaks = frame.verseLine { closeVerseLine(breaksWhenOpened: breaks) }
        if frame.ruby != .none { endRuby(frame.ruby) }
        if frame.list, let list = lists.popLast() { closeList(list) }
        if frame.heading, let start = headingStart {
            let bytes = builder.bytes
            if start < bytes.count {
                let t = String(decoding: bytes[start...], as: UTF8.self).collapsingSpaces()
                if !t.isEmpty && firstHeading == nil { firstHeading = t }
                if !t.isEmpty && collectsHeadings { headings.append(WalkedHeading(offset: ByteOffset(start), level: headingLevel, title: t)) }
            }
            headingStart = nil
        }
        ctx = frame.saved
    }

    // MARK: Links and notes

    /// An `<a href>` opens: a backlink (`epub:type="backlink"`, `role="doc-backlink"`), a
    /// note reference (`noteref`, `doc-noteref`), or a link — into the book (its target
    /// key; one to a note becomes a note reference when the book is finished) or out of it
    /// (http, https, mailto: its URL). Returns the style's token.
    private func beginLink(_ href: String, tokens: [Substring]) -> Int {
        if let url = EPUBPath.externalURL(href) { return builder.beginStyle(.link, url: url) }
        let key = EPUBPath.resolve(href, relativeTo: entryPath)?.key
        let style: InlineStyle
        if tokens.contains("backlink") || tokens.contains("doc-backlink") {
            style = .backlink
        } else if tokens.contains("noteref") || tokens.contains("doc-noteref") {
            style = .noteReference
        } else {
            style = .link
        }
        return builder.beginStyle(style, targetKey: key)
    }

    /// An element with `id` opens: its target, a note when the element or a container
    /// around it is one (`epub:type`/`role`, `<aside>`, a notes document). A block
    /// element's extent is recorded when it closes (`Frame.targetKey`).
    private func defineTarget(_ id: String, _ tag: Tag, isNote: Bool) {
        let key = entryPath + "#" + id
        let note = isNote || tag == .aside || ctx.inAside || ctx.container == .footnote || isNotesDocument
        guard builder.defineTarget(key, isNote: note) else { return }
        if Self.hasExtent(tag) || tag == .other && isNote { frames[frames.count - 1].targetKey = key }
    }

    /// Whether an element with an id is a block whose extent is recorded (not an inline
    /// `<a id>` or `<span id>`: a reference to those reads the block they are in).
    private static func hasExtent(_ tag: Tag) -> Bool {
        switch tag {
        case .paragraph, .container, .aside, .blockquote, .list, .orderedList, .listItem, .row, .nav,
             .h1, .h2, .h3, .h4, .h5, .h6, .pre: return true
        default: return false
        }
    }

    // MARK: Lists

    /// `<ol>`/`<ul>` opens (after its boundary): its numbering starts.
    private func openList(_ tag: Tag, _ a: Attributes) {
        frames[frames.count - 1].list = true
        var style = ListMarkerStyle.bullet
        if tag == .orderedList {
            style = ctx.inNav ? .none : a.listType.flatMap { ListNumbering.style(ofType: String(cString: $0)) } ?? .decimal
        }
        let start = a.start.flatMap { ListNumbering.integer(String(cString: $0)) }
        lists.append(ListNumbering(style: style, start: start, reversed: a.reversed, firstBlock: builder.blockCount))
    }

    /// `<li>` opens (after its boundary): an item of the innermost list, its blocks from
    /// here on.
    private func openListItem(_ a: Attributes) {
        guard !lists.isEmpty else { return }   // an <li> outside a list: a plain "•" item
        let value = a.value.flatMap { ListNumbering.integer(String(cString: $0)) }
        let style = a.listType.flatMap { ListNumbering.style(ofType: String(cString: $0)) }
        lists[lists.count - 1].items.append((builder.blockCount, value, style))
    }

    /// A list closed: each item's first block gets its marker, and every block of the list
    /// (nested lists' too) is indented by the list's marker column — once the outermost
    /// list closes, in one pass for all of them.
    private func closeList(_ list: ListNumbering) {
        let markers = list.markers()
        for (i, marker) in markers.enumerated() {
            let upper = i + 1 < list.items.count ? list.items[i + 1].firstBlock : builder.blockCount
            builder.setListMarker(marker.style, ordinal: marker.ordinal, inBlocks: list.items[i].firstBlock..<upper)
        }
        closedLists.append((list.firstBlock..<builder.blockCount, ListNumbering.columnWidth(of: markers)))
        if lists.isEmpty {
            builder.indentListBlocks(closedLists)
            closedLists.removeAll()
        }
    }

    // MARK: Verse

    /// `epub:type` words of a poem (Standard Ebooks' Z39.98 vocabulary).
    private static let poemTypes: Set<Substring> = ["z3998:poem", "z3998:verse", "z3998:song", "z3998:hymn", "z3998:lyrics"]

    /// What an element's `class` says about verse: a poem or stanza container
    /// (`linegroup`, `poem`, `stanza`, `verse`) or a line (`line`).
    private static func verseClasses(_ classes: UnsafePointer<xmlChar>?) -> (poem: Bool, line: Bool) {
        guard let classes else { return (false, false) }
        // Most class attributes mention none of these: one scan for "line"/"poem"/"stanza"/"verse" first.
        let c = UnsafeRawPointer(classes).assumingMemoryBound(to: CChar.self)
        guard strstr(c, "line") != nil || strstr(c, "poem") != nil || strstr(c, "stanza") != nil
                || strstr(c, "verse") != nil else { return (false, false) }
        var result = (poem: false, line: false)
        for word in String(cString: c).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            switch word {
            case "linegroup", "poem", "stanza", "verse": result.poem = true
            case "line": result.line = true
            default: break
            }
        }
        return result
    }

    /// A line of verse opens: it continues the open stanza on a new line.
    private func openVerseLine() {
        frames[frames.count - 1].verseLine = verseBreaks
        if builder.isInBlock, builder.bytes.last != 0x0A { builder.appendLineBreak() }
    }

    /// A line of verse closes. If lines or `<br>`s were inside it, it was a stanza (`<p>`
    /// of `<br>`-separated lines): the stanza ends. Otherwise the line ends.
    private func closeVerseLine(breaksWhenOpened: Int) {
        if verseBreaks > breaksWhenOpened {
            builder.endBlock()
        } else if builder.isInBlock, builder.bytes.last != 0x0A {
            builder.appendLineBreak()
        }
        verseBreaks += 1
    }

    // MARK: Ruby and emphasis

    /// A `<ruby>`, `<rb>`, `<rt>`, `<rp>` or `<rtc>` opens. `<rp>` (the parentheses for
    /// readers without ruby) is skipped; so are the readings of a `<ruby>` inside another
    /// (its base text joins the outer one's) and an `<rtc>` after `<rt>`s (a second level
    /// of readings). An `<rtc>` without `<rt>`s before it is the readings.
    private func startRuby(_ tag: Tag) {
        let top = frames.count - 1
        switch tag {
        case .ruby:
            frames[top].ruby = .ruby
            ctx.rubyPart = -1
            if ctx.rubyDepth < 255 { ctx.rubyDepth += 1 }
            if ctx.rubyDepth == 1 { ruby = RubyCollector() }
        case .rubyBase:
            guard ctx.rubyDepth == 1 else { return }
            frames[top].ruby = .base
            ctx.rubyPart = Int32(top)
            ruby?.endSegment(at: builder.bytes.count)
        case .rubyText:
            guard ctx.rubyDepth <= 1 else { ctx.skip = true; return }
            ruby?.endSegment(at: builder.bytes.count)
            ruby?.hasReadings = true
            frames[top].ruby = .text
            ctx.rubyPart = Int32(top)
            ctx.inReading = true
            reading.removeAll(keepingCapacity: true)
        case .rubyTextContainer:
            guard ctx.rubyDepth == 1, ruby?.hasReadings == false else { ctx.skip = true; return }
            ruby?.endSegment(at: builder.bytes.count)
            frames[top].ruby = .container
            ctx.rubyPart = Int32(top)
            ctx.inAnnotationContainer = true
            reading.removeAll(keepingCapacity: true)
        default:
            ctx.skip = true
            guard ctx.rubyDepth <= 1 else { return }
            frames[top].ruby = .parenthesis
            ctx.rubyPart = Int32(top)
        }
    }

    /// HTML's optional end tags, which libxml2 does not know: an `<rb>`, `<rt>`, `<rp>` or
    /// `<rtc>` ends the open `<rb>`, `<rt>` or `<rp>` of its ruby (an `<rb>` or `<rtc>` an
    /// open `<rtc>` too). The open one ends here — its frame stays until libxml2 closes
    /// it, doing nothing then — and the new element opens beside it.
    private func closeOpenRubyPart(before tag: Tag) {
        let i = Int(ctx.rubyPart), top = frames.count - 1
        guard i >= 0, i < top, ctx.rubyDepth <= 1, frames[i].ruby != .none else { return }
        let role = frames[i].ruby
        if role == .container && (tag == .rubyText || tag == .rubyParenthesis) { return }
        endRuby(role)
        frames[i].ruby = .none
        ctx = frames[i].saved
        frames[top].saved = ctx
    }

    /// A ruby element closes (`ctx` is still the element's own).
    private func endRuby(_ role: RubyRole) {
        switch role {
        case .ruby: if ctx.rubyDepth == 1 { ruby = nil }
        case .base: ruby?.endSegment(at: builder.bytes.count)
        case .text: finishReading()
        case .container: if !reading.isEmpty { finishReading() }
        case .parenthesis, .none: break
        }
    }

    /// An `<rt>` ended: its reading goes over the first base waiting for one. Without a
    /// base (an `<rt>` outside any `<ruby>`, or a `<ruby>` with no base text) the reading
    /// is shown as text in （）, so that nothing is lost. An empty reading is nothing.
    private func finishReading() {
        let text = String(decoding: reading, as: UTF8.self)
        reading.removeAll(keepingCapacity: true)
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        if ctx.rubyDepth == 1, let base = ruby?.takeBase() {
            if let range = RubyCollector.annotatable(base, in: builder.bytes, blockStart: builder.openBlockStart?.rawValue) {
                builder.addRuby(over: ByteRange(range.lowerBound, range.upperBound), reading: text)
                return
            }
        }
        openBlockIfNeeded()
        builder.appendCollapsingWhitespace("（" + text + "）")
    }

    /// The emphasis mark an element's `style` attribute or classes set, if any.
    private func emphasisMark(_ a: Attributes) -> EmphasisMark? {
        if let style = a.style, Self.mentionsEmphasis(style),
           let mark = TextEmphasisCSS.mark(inDeclarations: Substring(String(cString: style))) {
            return mark
        }
        guard let classes = a.classes, !emphasisClasses.isEmpty else { return nil }
        var found: EmphasisMark?
        for word in String(cString: classes).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            if let mark = emphasisClasses[String(word)] { found = mark }
        }
        return found
    }

    /// Whether a `style` value contains "emphasis" in any case (most say nothing of it).
    private static func mentionsEmphasis(_ style: UnsafePointer<xmlChar>) -> Bool {
        let word: [UInt8] = Array("emphasis".utf8)
        var p = style
        while p.pointee != 0 {
            var k = 0
            while k < word.count, p[k] | 0x20 == word[k] { k += 1 }
            if k == word.count { return true }
            p += 1
        }
        return false
    }

    /// Emphasis marks over the text appended since `start` (without spaces at its ends).
    private func markEmphasis(from start: Int, _ mark: EmphasisMark) {
        let bytes = builder.bytes
        var lower = start, upper = bytes.count
        while lower < upper && (bytes[lower] == 0x20 || bytes[lower] == 0x0A) { lower += 1 }
        while upper > lower && (bytes[upper - 1] == 0x20 || bytes[upper - 1] == 0x0A) { upper -= 1 }
        if lower < upper { builder.addEmphasisMarks(over: ByteRange(lower, upper), mark: mark) }
    }

    // MARK: Text

    private func openBlockIfNeeded() {
        guard !builder.isInBlock else { return }
        builder.beginBlock(ctx.kind, level: ctx.level, direction: ctx.direction, isVerse: ctx.verse)
        builder.anchor(source: entryPath, offset: sourceOffset + (pendingAnchor ?? lastEventEnd), linear: false)
        pendingAnchor = nil
        if ctx.kind == .preformatted { preJustOpened = true }
    }

    /// libxml2 hands an entity reference it does not know to `characters` as "&", then
    /// the name, leaving its ";" in the input (a known entity's "&" comes after the ";"):
    /// a lone "&" at a ";" that ends `&name` is an unknown entity, kept as text.
    private func noteUnknownEntity() {
        let end = position
        guard end < raw.count, raw[end] == UInt8(ascii: ";") else { return }
        var i = end
        while i > 0 && end - i < 64, Self.isNameByte(raw[i - 1]) { i -= 1 }
        guard i > 0, i < end, raw[i - 1] == UInt8(ascii: "&") else { return }
        unknownEntities += 1
        if firstUnknownEntity == nil { firstUnknownEntity = String(decoding: UnsafeBufferPointer(rebasing: raw[i..<end]), as: UTF8.self) }
    }

    @inline(__always) private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x5F
    }

    private func characters(_ text: UnsafeBufferPointer<UInt8>) {
        defer { lastEventEnd = min(position, raw.count) }
        var text = text
        if declaredEntities != nil {
            switch declaredEntityStep(text) {
            case .keep: break
            case .drop: return
            case .dropFirst:
                text = UnsafeBufferPointer(rebasing: text.dropFirst())
                if text.isEmpty { return }
            case let .replace(bytes):
                let entities = declaredEntities
                declaredEntities = nil  // the replacement is text, not references
                bytes.withUnsafeBufferPointer { if !$0.isEmpty { characters($0) } }
                declaredEntities = entities
                return
            }
        }
        if ctx.skip {
            if ctx.captureTitle && titleBytes.count < 1024 { titleBytes.append(contentsOf: text) }
            return
        }
        if ctx.inReading || ctx.inAnnotationContainer {
            if reading.count < 4096 { reading.append(contentsOf: text.prefix(4096 - reading.count)) }
            return
        }
        let start = builder.bytes.count
        appendText(text)
        if let mark = ctx.emphasis { markEmphasis(from: start, mark) }
    }

    /// Appends a text node: verbatim in `<pre>`, else with its whitespace collapsed
    /// (whitespace alone between the elements of a `<ruby>` is dropped).
    private func appendText(_ text: UnsafeBufferPointer<UInt8>) {
        if text.count == 1 && text[0] == UInt8(ascii: "&") { noteUnknownEntity() }
        if ctx.pre {
            openBlockIfNeeded()
            var t = text
            if preJustOpened {
                preJustOpened = false
                if t.first == 0x0D { t = UnsafeBufferPointer(rebasing: t.dropFirst()) }
                if t.first == 0x0A { t = UnsafeBufferPointer(rebasing: t.dropFirst()) }
            }
            if !t.isEmpty {
                if ctx.rubyDepth > 0 { ruby?.noteBaseText(at: builder.bytes.count) }
                builder.append(utf8: t)
            }
            return
        }
        var hasNonSpace = false
        for b in text where !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D || b == 0x0C) { hasNonSpace = true; break }
        if !builder.isInBlock || ctx.rubyDepth > 0 {
            guard hasNonSpace else { return }
            openBlockIfNeeded()
        }
        if pendingCellSeparator && hasNonSpace {
            pendingCellSeparator = false
            // White space between the cells' tags already left a space.
            builder.append(builder.bytes.last == 0x20 ? "| " : " | ")
        }
        if ctx.rubyDepth > 0 { ruby?.noteBaseText(at: builder.bytes.count) }
        builder.appendCollapsingWhitespace(utf8: text)
    }
}

/// A heading the walker met: where its text starts, its level (1–6) and its text.
struct WalkedHeading: Equatable {
    var offset: ByteOffset
    var level: Int
    var title: String
}
