import CLibXML2
import Glibc
import TextContent

/// Turns a FictionBook 2 document into a `TextContentBuilder`: `<description>` into
/// metadata (`FB2Description`; the annotation and the cover into a front chapter), the
/// bodies' nested sections into chapters and TOC entries, and their elements into blocks,
/// styles, note targets and links.
///
/// The document goes through libxml2's XML parser in SAX2 mode, streamed from an
/// `FB2Source` (no tree, nothing held but the text): libxml2 decodes the declared
/// encoding itself, recovers damaged markup (one warning), and reports undefined entities
/// (`&FBReaderVersion;`), which are kept as text (one warning); entities are never
/// substituted and no DTD is loaded. Element nesting is an explicit stack; past `maxDepth`
/// elements lose their structure (their text is kept), and libxml2 itself stops reading at
/// 256 levels (a warning says the rest was not read). `<binary>` data streams past without
/// being kept.
///
/// Source map: every block gets an anchor at the `<` of the start tag of the element that
/// opened it, as an offset into the document's UTF-8 form (the file's byte offset when it
/// is UTF-8); offsets inside a block map to it (`isExact == false`).
final class FB2Walker {
    /// Elements deeper than this are plain containers of their text (libxml2 stops at 256).
    static let maxDepth = 128

    var builder: TextContentBuilder
    /// The other builder: the annotation's while the body is built, and the other way round
    /// while the annotation is walked (they are swapped).
    var aside: TextContentBuilder
    var info = FB2Description()
    /// The document's name in the source map and in chapter sources.
    let sourceName: String
    /// The title when the description names none (the file name).
    let fallbackTitle: String
    /// Stop reading at the end of `<description>` (`FB2Reader.metadata`).
    let stopsAfterDescription: Bool

    /// What the elements around the current point say about the next block.
    struct Context {
        var kind: BlockKind = .paragraph
        var level: UInt8 = 0
        var verse = false
        var skip = false
        var inDescription = false
        var inTitleInfo = false
        var inAuthor = false
        var inCoverpage = false
        var field: FB2Description.Field?
        /// Inside a section's or body's `<title>`: its paragraphs are lines of one heading.
        var heading = false
        /// Inside a paragraph-like element: an `<image>` is inline text.
        var inline = false
        var inBody = false
        var notes = false
        var inAnnotation = false
        var inRow = false
        var sectionDepth = 0
        var placement = BlockPlacement()
    }

    struct Frame {
        var saved: Context
        var tag: FB2Tag
        var styleToken = -1
        var boundary = false
        var targetKey: String?
        var language = false
        /// A section's or body's title: where its text starts.
        var titleStart: Int?
        /// The title-info annotation: the builders were swapped when it opened.
        var swapped = false
    }

    /// A chapter whose start is known but whose title is not yet (see FB2Walker+Chapters).
    struct PendingChapter {
        var start: Int
        var level: Int
        var source: String
        /// The frame (index) of the section or body that opened it.
        var owner: Int
        /// The label when it has no title; nil: the first words of its text.
        var label: String?
        /// A notes body: kept until its text comes, even past the note sections.
        var waitsForText: Bool
        var title: String?
    }

    var ctx = Context()
    var frames: [Frame] = []
    var pending: PendingChapter?
    var parser: xmlParserCtxtPtr?
    var pendingAnchor: Int?
    var pendingCellSeparator = false
    var lastBlankLineEnd = -1
    var sawRoot = false
    var sawDescription = false
    var sawTitleInfo = false
    var sawAnnotation = false
    var descriptionDone = false
    var bodies = 0
    /// The open main body has a title: its sections' chapters are one level below it.
    var bodyTitled = false
    var sectionCount = 0
    var depthWarned = false
    var markupErrors = 0
    var firstMarkupError: String?
    var depthHalted = false
    var unknownEntities = 0
    var firstUnknownEntity: String?

    init(sourceName: String, fallbackTitle: String, stopsAfterDescription: Bool = false) {
        self.sourceName = sourceName
        self.fallbackTitle = fallbackTitle
        self.stopsAfterDescription = stopsAfterDescription
        let metadata = BookMetadata(title: fallbackTitle, format: .fb2)
        builder = TextContentBuilder(metadata: metadata)
        aside = TextContentBuilder(metadata: metadata)
    }

    // MARK: Parsing

    /// Parses the document `source` holds. Returns false when libxml2 could not start.
    func parse(_ source: FB2Source) -> Bool {
        XMLTree.prepareThread()
        var sax = Self.saxHandler()
        let read: xmlInputReadCallback = { context, buffer, length in
            guard let context, let buffer else { return -1 }
            return Unmanaged<FB2Source>.fromOpaque(context).takeUnretainedValue().read(into: buffer, count: Int(length))
        }
        let created = xmlCreateIOParserCtxt(&sax, Unmanaged.passUnretained(self).toOpaque(), read, nil,
                                            Unmanaged.passUnretained(source).toOpaque(), XML_CHAR_ENCODING_NONE)
        guard let ctxt = created else { return false }
        defer {
            if let doc = ctxt.pointee.myDoc { xmlFreeDoc(doc) }
            xmlFreeParserCtxt(ctxt)
        }
        xmlCtxtUseOptions(ctxt, XMLTree.xmlOptions)
        parser = ctxt
        xmlParseDocument(ctxt)
        while !frames.isEmpty { endElement() }
        builder.endBlock()
        parser = nil
        if !descriptionDone { finishDescription() }
        warnAboutRecoveredMarkup()
        return true
    }

    /// The walker behind libxml2's user data. libxml2 drops every entity reference —
    /// `&amp;` and `&lt;` too — once a document is known not to be well-formed, so each
    /// event marks it well-formed again: recovery keeps the text after the damage whole
    /// (the walker counts the errors itself).
    private static func walker(_ user: UnsafeMutableRawPointer) -> FB2Walker {
        let walker = Unmanaged<FB2Walker>.fromOpaque(user).takeUnretainedValue()
        walker.parser?.pointee.wellFormed = 1
        return walker
    }

    private static func saxHandler() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        sax.startElementNs = { user, localname, _, uri, _, _, count, _, attributes in
            guard let user, let localname else { return }
            FB2Walker.walker(user).startElement(localname, uri: uri, attributes: attributes, count: Int(count))
        }
        sax.endElementNs = { user, _, _, _ in
            guard let user else { return }
            FB2Walker.walker(user).endElement()
        }
        let characters: charactersSAXFunc = { user, ch, length in
            guard let user, let ch, length > 0 else { return }
            FB2Walker.walker(user).characters(UnsafeBufferPointer(start: ch, count: Int(length)))
        }
        sax.characters = characters
        sax.ignorableWhitespace = characters
        sax.cdataBlock = characters
        sax.serror = { user, error in
            guard let user, let error else { return }
            FB2Walker.walker(user).parserError(error.pointee)
        }
        return sax
    }

    // MARK: Errors

    /// libxml2 reports a problem. An undefined entity is kept as text where it stood;
    /// namespace complaints (an undeclared `l:` prefix) and control characters (dropped
    /// anyway) are no damage; reaching libxml2's depth limit ends the document.
    private func parserError(_ error: xmlError) {
        let code = error.code
        if code == Int32(XML_ERR_UNDECLARED_ENTITY.rawValue) || code == Int32(XML_WAR_UNDECLARED_ENTITY.rawValue) {
            let name = error.str1.map { String(cString: $0) } ?? "?"
            keepUnknownEntity(name)
            return
        }
        if error.domain == Int32(XML_FROM_NAMESPACE.rawValue) || code == Int32(XML_ERR_INVALID_CHAR.rawValue) { return }
        let message = error.message.map { String(cString: $0).trimmingSpaces() } ?? "not well-formed"
        if message.hasPrefix("Excessive depth") {
            depthHalted = true
            return
        }
        markupErrors += 1
        if firstMarkupError == nil { firstMarkupError = "line \(error.line): " + message }
    }

    /// `&name;` that no DTD defines: the reference stays in the text as it was written.
    private func keepUnknownEntity(_ name: String) {
        unknownEntities += 1
        if firstUnknownEntity == nil { firstUnknownEntity = name }
        var text = "&" + String(name.prefix(64)) + ";"
        text.withUTF8 { characters($0) }
    }

    /// One warning for recovered markup, one for unknown entities, one for a document
    /// libxml2 stopped reading at its depth limit.
    private func warnAboutRecoveredMarkup() {
        if depthHalted {
            builder.warn("elements nested deeper than 256 levels: the rest of the document was not read")
        }
        if markupErrors > 0 {
            builder.warn("damaged XML was recovered (\(firstMarkupError ?? "not well-formed"))")
        }
        if let name = firstUnknownEntity {
            builder.warn(unknownEntities == 1 ? "unknown entity &\(name); kept as text"
                         : "\(unknownEntities) unknown entity references kept as text (the first: &\(name);)")
        }
    }

    // MARK: Positions

    /// Where the parser is in the document's UTF-8 form.
    var position: Int {
        guard let input = parser?.pointee.input else { return 0 }
        let i = input.pointee
        guard let cur = i.cur, let base = i.base else { return Int(i.consumed) }
        return Int(i.consumed) + (cur - base)
    }

    /// The offset of the `<` of the start tag the parser has just read.
    var tagStart: Int {
        guard let input = parser?.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return position }
        var p = cur
        while p > base && cur - p < 65536 && p.pointee != UInt8(ascii: "<") { p -= 1 }
        return Int(input.pointee.consumed) + (p - base)
    }

    /// The encoding libxml2 decodes the document from: the declared one, the one a BOM
    /// said, else UTF-8.
    func detectedEncoding() -> String {
        guard let ctxt = parser else { return "UTF-8" }
        if let input = ctxt.pointee.input, let e = input.pointee.encoding { return String(cString: e).uppercased() }
        if let e = ctxt.pointee.encoding { return String(cString: e).uppercased() }
        if let input = ctxt.pointee.input, let buf = input.pointee.buf, let encoder = buf.pointee.encoder,
           let name = encoder.pointee.name {
            return String(cString: name).uppercased()
        }
        return "UTF-8"
    }

    /// Stops libxml2 (the metadata has been read).
    func stopParsing() {
        if let parser { xmlStopParser(parser) }
    }

    // MARK: Text

    func openBlockIfNeeded() {
        guard !builder.isInBlock else { return }
        builder.beginBlock(ctx.kind, level: ctx.level, isVerse: ctx.verse, placement: ctx.placement)
        builder.anchor(source: sourceName, offset: pendingAnchor ?? position, linear: false)
        pendingAnchor = nil
    }

    func characters(_ text: UnsafeBufferPointer<UInt8>) {
        if ctx.skip { return }
        if ctx.inDescription {
            if let field = ctx.field { info.capture(text, for: field) }
            return
        }
        var hasNonSpace = false
        for b in text where !(b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D) { hasNonSpace = true; break }
        if !builder.isInBlock {
            guard hasNonSpace else { return }
            openBlockIfNeeded()
        }
        if pendingCellSeparator && hasNonSpace {
            pendingCellSeparator = false
            builder.append(" | ")
        }
        if UTF8Validation.isValid(text) {
            builder.appendCollapsingWhitespace(utf8: text)
        } else {
            builder.appendCollapsingWhitespace(String(decoding: text, as: UTF8.self))
        }
    }

    /// Hands the builder back (the walker must not be used afterwards).
    func takeBuilder() -> TextContentBuilder { builder }
}
