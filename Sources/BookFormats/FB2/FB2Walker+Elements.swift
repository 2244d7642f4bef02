import CLibXML2
import Support
import TextContent

/// The elements of an FB2 document: the root, `<description>`'s fields, and the bodies'
/// content (blocks, verse, tables, styles, links, images).
extension FB2Walker {
    func startElement(_ name: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?,
                      attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, count: Int) {
        let tag = FB2Tag.classify(name)
        frames.append(Frame(saved: ctx, tag: tag))
        if ctx.skip { return }
        if frames.count == 1 { return startRoot(name, uri: uri) }
        let a = FB2Attributes(attributes, count: count)
        if ctx.inDescription { return startDescriptionElement(tag, a) }
        if tag == .skip {
            ctx.skip = true
            return
        }
        if frames.count == 2 && tag == .description && !sawDescription {
            sawDescription = true
            ctx.inDescription = true
            return
        }
        let anchor = tagStart
        if frames.count == 2 && tag == .body {
            startBody(a, anchor: anchor)
            if ctx.skip { return }
        } else if frames.count <= Self.maxDepth {
            startContentElement(tag, a, anchor: anchor)
        } else if !depthWarned {
            depthWarned = true
            builder.warn("elements nested deeper than \(Self.maxDepth) levels were flattened")
        }
        if let id = a.id, !id.isEmpty { defineTarget(id, tag) }
        if let language = a.language {
            builder.beginLanguage(language)
            frames[frames.count - 1].language = true
        }
    }

    /// `<FictionBook>`: the version its namespace names, the encoding libxml2 found.
    private func startRoot(_ name: UnsafePointer<xmlChar>, uri: UnsafePointer<xmlChar>?) {
        sawRoot = FB2Tag.localName(name).lowercased() == "fictionbook"
        info.version = uri.map { FB2Description.version(ofNamespace: String(cString: $0)) } ?? ""
        info.encoding = detectedEncoding()
    }

    /// An element inside `<description>`: only `title-info`'s fields are read (the first
    /// `title-info`; a translator's name is no author's), and its annotation is walked into
    /// the other builder.
    private func startDescriptionElement(_ tag: FB2Tag, _ a: FB2Attributes) {
        switch tag {
        case .titleInfo where !sawTitleInfo && frames.count == 3:
            sawTitleInfo = true
            ctx.inTitleInfo = true
        case .author where ctx.inTitleInfo && frames.count == 4: ctx.inAuthor = true
        case .firstName where ctx.inAuthor: ctx.field = .firstName
        case .middleName where ctx.inAuthor: ctx.field = .middleName
        case .lastName where ctx.inAuthor: ctx.field = .lastName
        case .nickname where ctx.inAuthor: ctx.field = .nickname
        case .bookTitle where ctx.inTitleInfo: ctx.field = .bookTitle
        case .lang where ctx.inTitleInfo: ctx.field = .lang
        case .sequence where ctx.inTitleInfo && info.series == nil:
            info.series = a.name?.collapsingSpaces()
            info.seriesNumber = a.number?.trimmingSpaces()
        case .coverpage where ctx.inTitleInfo: ctx.inCoverpage = true
        case .image where ctx.inCoverpage && info.coverHref == nil: info.coverHref = a.href ?? ""
        case .annotation where ctx.inTitleInfo && frames.count == 4 && !sawAnnotation:
            sawAnnotation = true
            swap(&builder, &aside)
            frames[frames.count - 1].swapped = true
            ctx = Context()
            ctx.inAnnotation = true
        default: break
        }
    }

    /// A `<body>`: the description is over; a notes body (`name="notes"`, "comments"…)
    /// holds notes and is one chapter; another body's title names its first chapter.
    private func startBody(_ a: FB2Attributes, anchor: Int) {
        if !descriptionDone { finishDescription() }
        if stopsAfterDescription {
            stopParsing()
            ctx.skip = true
            return
        }
        bodies += 1
        bodyTitled = false
        let name = a.name?.lowercased() ?? ""
        let notes = name.containsBytes("note") || name.containsBytes("comment")
        ctx = Context()
        ctx.inBody = true
        ctx.notes = notes
        ctx.kind = notes ? .footnote : .paragraph
        beginBoundary(anchor: anchor)
        commitPending(ownerCloses: false)
        pending = PendingChapter(start: builder.offsetOfNextText.rawValue, level: 1, source: chapterSource(a.id, anchor),
                                 owner: frames.count - 1, label: notes ? "Notes" : builder.metadata.title,
                                 waitsForText: notes, title: nil)
    }

    private func startContentElement(_ tag: FB2Tag, _ a: FB2Attributes, anchor: Int) {
        let top = frames.count - 1
        switch tag {
        case .section: startSection(a, anchor: anchor)
        case .title: startTitle(anchor: anchor)
        case .subtitle:
            guard !ctx.inRow else { return }
            openContainer(ctx.notes ? .footnote : .heading, level: UInt8(min(ctx.sectionDepth + 2, 6)), anchor: anchor)
            ctx.inline = true
        case .paragraph, .verseLine: startParagraph(verseLine: tag == .verseLine, anchor: anchor)
        case .emptyLine: emptyLine(anchor: anchor)
        case .poem, .stanza:
            guard !ctx.inRow else { return }
            openContainer(ctx.kind == .heading ? .paragraph : ctx.kind, level: ctx.level, anchor: anchor)
            ctx.verse = true
        case .epigraph, .cite, .annotation:
            guard !ctx.inRow else { return }
            openContainer(ctx.notes ? .footnote : .blockquote, level: 0, anchor: anchor)
        case .textAuthor, .date:
            guard !ctx.inRow else { return }
            openContainer(ctx.kind == .heading ? .paragraph : ctx.kind, level: ctx.level, anchor: anchor)
            ctx.placement = BlockPlacement(endGap: 0)
            ctx.inline = true
        case .table: if !ctx.inRow { beginBoundary(anchor: anchor) }
        case .row: startRow(anchor: anchor)
        case .cell: if ctx.inRow && builder.isInBlock { pendingCellSeparator = true }
        case .emphasis: frames[top].styleToken = builder.beginStyle(.emphasis)
        case .strong: frames[top].styleToken = builder.beginStyle(.strong)
        case .strike: frames[top].styleToken = builder.beginStyle(.strikethrough)
        case .sup: frames[top].styleToken = builder.beginStyle(.superscript)
        case .sub: frames[top].styleToken = builder.beginStyle(.subscript)
        case .code: frames[top].styleToken = builder.beginStyle(.code)
        case .link: startLink(a)
        case .image: insertImage(a, anchor: anchor)
        default: break
        }
    }

    /// A block container (subtitle, poem, stanza, epigraph, cite, text author): the kind of
    /// the blocks inside it, and a boundary.
    private func openContainer(_ kind: BlockKind, level: UInt8, anchor: Int) {
        ctx.kind = kind
        ctx.level = kind == .heading ? level : 0
        ctx.verse = false
        ctx.heading = false
        ctx.placement = BlockPlacement()
        beginBoundary(anchor: anchor)
    }

    /// `<p>` (or `<v>`): a block of its own; a line of the heading inside a title; a line
    /// of the stanza inside verse; nothing inside a table row (its text joins the cell).
    private func startParagraph(verseLine: Bool, anchor: Int) {
        ctx.inline = true
        if ctx.inRow { return }
        if ctx.heading || ctx.verse {
            if builder.isInBlock {
                if builder.bytes.last != 0x0A { builder.appendLineBreak() }
            } else if pendingAnchor == nil {
                pendingAnchor = anchor
            }
            return
        }
        beginBoundary(anchor: anchor)
    }

    /// `<tr>`: one table-row block, its cells separated by " | ".
    private func startRow(anchor: Int) {
        guard !ctx.inRow else { return }
        ctx.inRow = true
        ctx.kind = .tableRow
        ctx.level = 0
        ctx.verse = false
        ctx.heading = false
        ctx.placement = BlockPlacement()
        pendingCellSeparator = false
        beginBoundary(anchor: anchor)
    }

    /// `<empty-line/>`: a visible blank line — an empty line inside a block, else a block
    /// holding one no-break space (blank lines do not pile up, and none opens the book).
    private func emptyLine(anchor: Int) {
        if ctx.heading || ctx.inRow { return }
        if builder.isInBlock {
            if builder.bytes.last != 0x0A { builder.appendLineBreak() }
            builder.appendLineBreak()
            return
        }
        guard builder.blockCount > 0, lastBlankLineEnd != builder.bytes.count else { return }
        insertBlock(ctx.kind == .heading ? .paragraph : ctx.kind, text: "\u{00A0}", anchor: anchor)
        lastBlankLineEnd = builder.bytes.count
    }

    /// `<a l:href>`: out of the book (http, https, mailto) a link with its URL; `#id` a link
    /// to that target, a note reference with `type="note"` (a plain link to a note becomes
    /// one when the book is finished). Links to other files are plain text.
    private func startLink(_ a: FB2Attributes) {
        guard let href = a.href?.trimmingSpaces(), !href.isEmpty else { return }
        let token: Int
        if let url = EPUBPath.externalURL(href) {
            token = builder.beginStyle(.link, url: url)
        } else if href.hasPrefix("#"), href.utf8.count > 1 {
            token = builder.beginStyle(a.type?.trimmingSpaces() == "note" ? .noteReference : .link, targetKey: href)
        } else {
            return
        }
        frames[frames.count - 1].styleToken = token
    }

    /// `<image l:href>`: "[image: ALT]" (its `alt`, else its `title`) or "[image]" — a block
    /// of its own between blocks, inline text inside a paragraph or a table row. The
    /// `<binary>` it names is not decoded.
    private func insertImage(_ a: FB2Attributes, anchor: Int) {
        let alt = (a.alt ?? a.title)?.collapsingSpaces() ?? ""
        let text = alt.isEmpty ? "[image]" : "[image: " + String(alt.prefix(200)) + "]"
        let source = a.href?.trimmingSpaces()
        guard builder.isInBlock || ctx.inline || ctx.inRow else { return insertBlock(.image, text: text, anchor: anchor, image: source) }
        openBlockIfNeeded()
        if pendingCellSeparator {
            pendingCellSeparator = false
            builder.append(" | ")
        }
        if !Self.opensText(builder.bytes) { builder.appendCollapsingWhitespace(" ") }
        if let source { builder.recordImage(source: source) }
        builder.appendCollapsingWhitespace(text)
    }

    /// Whether the text so far ends in an opening bracket or quote, after which an inline
    /// image's label takes no space ("(" + "[image]", not "( [image]").
    private static func opensText(_ bytes: [UInt8]) -> Bool {
        guard let last = bytes.last else { return true }
        if last == UInt8(ascii: "(") || last == UInt8(ascii: "[") || last == UInt8(ascii: "{") || last == UInt8(ascii: "\"") { return true }
        let n = bytes.count
        if n >= 2 && bytes[n - 2] == 0xC2 && last == 0xAB { return true }                       // «
        if n >= 3 && bytes[n - 3] == 0xE2 && bytes[n - 2] == 0x80 && [0x98, 0x9C, 0x9E].contains(last) { return true }  // ‘ “ „
        return false
    }

    /// An element with `id`: a link target ("#id"), a note inside a notes body; a block's
    /// extent ends when it closes.
    private func defineTarget(_ id: String, _ tag: FB2Tag) {
        let key = "#" + String(id.prefix(1024))
        guard builder.defineTarget(key, isNote: ctx.notes) else { return }
        if tag.hasExtent { frames[frames.count - 1].targetKey = key }
    }

    /// A block of its own with a fixed text; `image`: where the picture it stands for is
    /// (`#binary-id`).
    func insertBlock(_ kind: BlockKind, text: String, anchor: Int, image: String? = nil) {
        builder.endBlock()
        builder.beginBlock(kind)
        builder.anchor(source: sourceName, offset: anchor, linear: false)
        if let image { builder.recordImage(source: image) }
        builder.append(text)
        builder.endBlock()
    }

    func beginBoundary(anchor: Int) {
        builder.endBlock()
        pendingAnchor = anchor
        frames[frames.count - 1].boundary = true
    }

    func endElement() {
        guard let frame = frames.popLast() else { return }
        if frame.styleToken >= 0 { builder.endStyle(frame.styleToken) }
        if frame.boundary {
            builder.endBlock()
            pendingAnchor = nil
            pendingCellSeparator = false
        }
        if frame.language { builder.endLanguage() }
        if let key = frame.targetKey { builder.endTarget(key) }
        if frame.swapped {
            builder.endBlock()
            swap(&builder, &aside)
        }
        if ctx.inDescription { endDescriptionElement(frame) }
        if let start = frame.titleStart { titleEnded(textStart: start) }
        if frame.tag == .section || frame.tag == .body, pending?.owner == frames.count { commitPending(ownerCloses: true) }
        ctx = frame.saved
    }

    /// A field, an author or the description itself closed.
    private func endDescriptionElement(_ frame: Frame) {
        if let field = ctx.field, frame.saved.field == nil { info.end(field) }
        if ctx.inAuthor && !frame.saved.inAuthor { info.endAuthor() }
        if !frame.saved.inDescription {
            finishDescription()
            if stopsAfterDescription { stopParsing() }
        }
    }

    /// The description is over (or a body began without one): the metadata is the
    /// book's, and the cover and the title-info annotation (walked into `aside`) make a
    /// front chapter, "Annotation" (or "Cover" when there is no annotation). A description
    /// after a body changes nothing (`FB2Reader.metadata` stops at the first body).
    func finishDescription() {
        guard !descriptionDone else { return }
        descriptionDone = true
        builder.metadata = info.metadata(fallbackTitle: fallbackTitle)
        aside.endBlock()
        let hasAnnotation = !aside.bytes.isEmpty
        guard info.coverHref != nil || hasAnnotation else { return }
        builder.endBlock()
        let title = hasAnnotation ? "Annotation" : "Cover"
        let start = builder.offsetOfNextText
        builder.addChapter(title: title, level: 1, at: start, source: sourceName + "#annotation")
        builder.addTOCEntry(title: title, level: 1, target: start, source: sourceName + "#annotation")
        if let cover = info.coverHref { insertBlock(.image, text: "[image: cover]", anchor: 0, image: cover.trimmingSpaces()) }
        if hasAnnotation { builder.append(aside) }
        aside = TextContentBuilder(metadata: builder.metadata)
    }
}

extension FB2Tag {
    /// An element's local name as a string.
    static func localName(_ name: UnsafePointer<xmlChar>) -> String {
        let s = String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
        return s.split(separator: ":").last.map(String.init) ?? s
    }
}
