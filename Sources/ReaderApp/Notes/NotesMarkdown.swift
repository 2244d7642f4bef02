/// A notes document as Markdown (`reader notes --format md`): the book's title and
/// authors, a heading per chapter, each quote as a blockquote with its note under it and
/// its position; highlights not found in this version of the book at the end.
public enum NotesMarkdown {
    /// The Markdown text.
    public static func render(_ document: NotesDocument) -> String {
        var out = "# \(inline(document.book.title))\n"
        if !document.book.authors.isEmpty { out += "\n*\(inline(document.book.authors.joined(separator: ", ")))*\n" }
        var chapter: Int?
        for h in document.highlights where h.found {
            if h.chapter != chapter {
                chapter = h.chapter
                out += "\n## \(inline(h.chapterTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "Chapter \(h.chapter + 1)"))\n"
            }
            out += entry(h)
        }
        let lost = document.highlights.filter { !$0.found }
        if !lost.isEmpty {
            out += "\n## Not found in this version of the book\n"
            for h in lost { out += entry(h) }
        }
        return out
    }

    /// One highlight: the blockquote, the note, the position line.
    static func entry(_ h: NotesDocument.Highlight) -> String {
        var out = "\n" + blockquote(h.quote) + "\n"
        if let note = h.note, !note.isEmpty {
            out += "\n" + note.split(separator: "\n", omittingEmptySubsequences: false).map { escapeLine(String($0)) }
                .joined(separator: "  \n") + "\n"
        }
        let chapter = h.chapterTitle.flatMap { $0.isEmpty ? nil : $0 } ?? "chapter \(h.chapter + 1)"
        out += "\n<sub>\(inline(chapter)) · \(percent(h.percent)) · \(h.color)</sub>\n"
        return out
    }

    /// `text` as a blockquote: `> ` before every line, `>` alone between paragraphs.
    static func blockquote(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? ">" : "> " + escapeLine(String(line))
        }.joined(separator: "\n>\n")
    }

    /// A line whose start Markdown would read as markup (a heading, a list, a rule, a
    /// quote, a fence, HTML) gets a backslash in front; `<` is escaped everywhere (but where
    /// a combining mark is on it, as Foundation's replacement left it: `replacingUnmarked`).
    static func escapeLine(_ line: String) -> String {
        let escaped = line.replacingUnmarked("<", with: "&lt;")
        guard let first = escaped.first else { return escaped }
        if "#>-+*=`~|".contains(first) { return "\\" + escaped }
        if first.isNumber, let dot = escaped.firstIndex(where: { !$0.isNumber }), ".)".contains(escaped[dot]) {
            return escaped[..<dot] + "\\" + escaped[dot...]
        }
        return escaped
    }

    /// A title or label on one line (headings): line breaks become spaces.
    static func inline(_ text: String) -> String {
        escapeLine(text.replacingUnmarked("\n", with: " ")).replacingUnmarked("*", with: "\\*")
    }

    static func percent(_ p: Double) -> String {
        p == p.rounded() ? "\(Int(p)) %" : "\(p) %"
    }
}
