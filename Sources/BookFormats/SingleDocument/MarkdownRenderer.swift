import CCmark
import Glibc
import Support

/// Markdown → HTML through cmark-gfm (CommonMark plus GitHub's tables, strikethrough,
/// autolinks, task lists and footnotes; smart punctuation), for the content walker.
///
/// cmark-gfm's footnotes (`<sup class="footnote-ref"><a href="#fn-1" … data-footnote-ref>`,
/// `<section class="footnotes" data-footnotes>`, `data-footnote-backref`) are given the
/// DPUB-ARIA roles the walker knows (`doc-noteref`, `doc-endnotes`, `doc-backlink`), so
/// they open in the note popup like an EPUB's; headings get GitHub's ids
/// (`HeadingAnchors`), so `[see](#a-heading)` links inside the file are followed.
enum MarkdownRenderer {
    /// The HTML of `markdown`, or nil when cmark fails.
    static func html(_ markdown: [UInt8]) -> [UInt8]? {
        let rendered: [UInt8]? = markdown.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buf.count, 1)) { text in
                guard let out = reader_markdown_to_html(text, buf.count) else { return nil }
                defer { free(out) }
                return Array(UnsafeBufferPointer(start: UnsafeRawPointer(out).assumingMemoryBound(to: UInt8.self), count: strlen(out)))
            }
        }
        return rendered.map(Self.markFootnotes).map(HeadingAnchors.add)
    }

    private static let replacements: [(String, String)] = [
        ("data-footnote-ref", "role=\"doc-noteref\""),
        ("data-footnote-backref", "role=\"doc-backlink\""),
        ("data-footnotes", "role=\"doc-endnotes\""),
    ]

    /// Adds the roles to cmark-gfm's footnote attributes (a no-op without footnotes).
    static func markFootnotes(_ html: [UInt8]) -> [UInt8] {
        guard contains(html, Array("data-footnote".utf8)) else { return html }
        var s = String(decoding: html, as: UTF8.self)
        for (from, to) in replacements { s = s.replacingBytes(from + " ", with: to + " ").replacingBytes(from + ">", with: to + ">") }
        return Array(s.utf8)
    }

    /// Whether `needle` (not empty) occurs in `hay`.
    private static func contains(_ hay: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return false }
        var i = 0
        while let found = hay[i...].firstIndex(of: first), found + needle.count <= hay.count {
            if hay[found..<(found + needle.count)].elementsEqual(needle) { return true }
            i = found + 1
        }
        return false
    }
}
