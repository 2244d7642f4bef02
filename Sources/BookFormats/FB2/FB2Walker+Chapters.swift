import TextContent

/// Sections and titles → chapters and TOC entries.
///
/// A section (and a body) opens a *pending* chapter at its start; its `<title>` names it.
/// Without a title it is named by the first words of its text when the next section opens
/// or it closes, and a section with neither title nor text of its own before its first
/// subsection is no chapter (its subsections are). A notes body is one chapter ("Notes",
/// or its title); the sections inside it are its notes, not chapters. Chapter levels are
/// section depths (a body's own title: level 1).
extension FB2Walker {
    /// Longest chapter title kept (characters).
    static let maximumTitleLength = 200
    /// Characters of text that name an untitled section.
    static let untitledLabelLength = 40

    func startSection(_ a: FB2Attributes, anchor: Int) {
        ctx.sectionDepth += 1
        ctx.kind = ctx.notes ? .footnote : .paragraph
        ctx.level = 0
        ctx.verse = false
        ctx.heading = false
        ctx.inline = false
        ctx.placement = BlockPlacement()
        beginBoundary(anchor: anchor)
        guard ctx.inBody, !ctx.inAnnotation, !ctx.inRow else { return }
        commitPending(ownerCloses: false)
        guard !ctx.notes else { return }
        pending = PendingChapter(start: builder.offsetOfNextText.rawValue, level: ctx.sectionDepth + (bodyTitled ? 1 : 0),
                                 source: chapterSource(a.id, anchor), owner: frames.count - 1, label: nil,
                                 waitsForText: false, title: nil)
    }

    /// `<title>`: a heading (level 1 for a body's, else one below its section), its
    /// paragraphs lines of the one block. A section's or body's title names its chapter.
    func startTitle(anchor: Int) {
        guard !ctx.inRow else { return }
        let parent = frames.count >= 2 ? frames[frames.count - 2].tag : .other
        let level: Int
        switch parent {
        case .body: level = 1
        case .section: level = ctx.sectionDepth + 1
        default: level = ctx.sectionDepth + 2
        }
        ctx.kind = ctx.notes && parent != .body ? .footnote : .heading
        ctx.level = ctx.kind == .heading ? UInt8(min(level, 6)) : 0
        ctx.verse = false
        ctx.inline = false
        ctx.placement = BlockPlacement()
        beginBoundary(anchor: anchor)
        ctx.heading = true
        if parent == .body || parent == .section, pending?.owner == frames.count - 2 {
            frames[frames.count - 1].titleStart = builder.offsetOfNextText.rawValue
        }
    }

    /// A chapter's title closed (its block too): the heading's lines, joined, name the
    /// pending chapter, which is added.
    func titleEnded(textStart: Int) {
        guard var p = pending, p.owner == frames.count - 1 else { return }
        let bytes = builder.bytes
        guard textStart < bytes.count else { return }
        let lines = String(decoding: bytes[textStart...], as: UTF8.self).split(separator: "\n")
            .map { $0.collapsingSpaces() }.filter { !$0.isEmpty }
        var title = ""
        for line in lines {
            if !title.isEmpty { title += title.last.map { ".!?:;…".contains($0) } == true ? " " : ". " }
            title += line
        }
        guard !title.isEmpty else { return }
        p.title = String(title.prefix(Self.maximumTitleLength))
        if frames.last?.tag == .body { bodyTitled = true }
        pending = p
        commitPending(ownerCloses: false)
    }

    /// Adds the pending chapter, if it has a title or text (a notes body waits for its text
    /// until it closes); a chapter with neither is dropped.
    func commitPending(ownerCloses: Bool) {
        guard let p = pending else { return }
        let hasText = builder.bytes.count > p.start
        if p.title == nil && !hasText {
            if p.waitsForText && !ownerCloses { return }
            pending = nil
            return
        }
        let title = p.title ?? p.label ?? label(from: p.start)
        builder.addChapter(title: title, level: p.level, at: ByteOffset(p.start), source: p.source)
        builder.addTOCEntry(title: title, level: p.level, target: ByteOffset(p.start), source: p.source)
        pending = nil
    }

    /// The first words of the text from `start` (its first line, cut at a word).
    private func label(from start: Int) -> String {
        let bytes = builder.bytes
        guard start < bytes.count else { return "…" }
        let line = bytes[start...].prefix { $0 != 0x0A }.prefix(4 * Self.untitledLabelLength)
        let text = String(decoding: line, as: UTF8.self).collapsingSpaces()
        guard text.count > Self.untitledLabelLength else { return text.isEmpty ? "…" : text }
        var cut = String(text.prefix(Self.untitledLabelLength))
        if let space = cut.lastIndex(of: " "), space > cut.startIndex { cut = String(cut[..<space]) }
        return cut + "…"
    }

    /// A chapter's source: `name#id`, else `name@offset` of its start tag.
    func chapterSource(_ id: String?, _ anchor: Int) -> String {
        if let id, !id.isEmpty { return sourceName + "#" + String(id.prefix(256)) }
        return sourceName + "@\(anchor)"
    }
}
