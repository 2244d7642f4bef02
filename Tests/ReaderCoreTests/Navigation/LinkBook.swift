import TextContent
@testable import ReaderCore

/// A book with every kind of link, for the link, popup and hint tests: chapter 1 has a
/// note reference (note 1, short, with a "↩" backlink), a link to chapter 2, a link out
/// of the book, a broken link and a reference to a long note (note 2); chapter 2 has a
/// link back to chapter 1 far down; chapter 3 holds the notes.
enum LinkBook {
    static let url = "https://example.org/a?b=c"
    static let shortNote = "The first note says little."
    static let longNoteSentences = 90

    static func filler(_ n: Int, _ tag: String) -> String {
        (1...n).map { "\(tag)word\($0)" }.joined(separator: " ")
    }

    static func linked(_ b: inout TextContentBuilder, _ style: InlineStyle, _ text: String, to key: String?) {
        let t = b.beginStyle(style, targetKey: key)
        b.append(text)
        b.endStyle(t)
    }

    static func book() -> TextContent {
        var b = TextContentBuilder(metadata: BookMetadata(title: "Links", format: .epub))
        b.beginChapter(title: "Chapter 1", source: "c1")
        b.defineTarget("c1start")
        b.beginBlock(.heading, level: 1); b.append("Chapter 1")
        b.beginBlock(.paragraph); b.append("Opening words with a note")
        b.defineTarget("ref1"); linked(&b, .noteReference, "1", to: "n1"); b.append(" and more text.")
        b.beginBlock(.paragraph); b.append("Go "); linked(&b, .link, "to chapter two", to: "c2"); b.append(" now.")
        b.beginBlock(.paragraph); b.append("Visit "); linked(&b, .link, "the website", to: nil); b.append(" or ")
        linked(&b, .link, "nowhere", to: "missing"); b.append(".")
        b.beginBlock(.paragraph); b.append("A long note"); linked(&b, .noteReference, "2", to: "n2"); b.append(" here.")
        for p in 1...30 { b.beginBlock(.paragraph); b.append(filler(12, "a\(p)")) }
        b.beginChapter(title: "Chapter 2", source: "c2")
        b.defineTarget("c2")
        b.beginBlock(.heading, level: 1); b.append("Chapter 2")
        for p in 1...40 { b.beginBlock(.paragraph); b.append(filler(12, "b\(p)")) }
        b.beginBlock(.paragraph); b.append("Back "); linked(&b, .link, "to the start", to: "c1start"); b.append(".")
        b.beginChapter(title: "Notes", source: "notes")
        b.beginBlock(.heading, level: 1); b.append("Notes")
        b.defineTarget("n1")
        b.beginBlock(.footnote); b.append(shortNote + " "); linked(&b, .backlink, "↩", to: "ref1")
        b.defineTarget("n2")
        b.beginBlock(.footnote)
        b.append((1...longNoteSentences).map { "Long note sentence \($0)." }.joined(separator: " "))
        b.beginBlock(.paragraph); b.append("After the notes.")
        var content = b.finish()
        let i = content.styles.firstIndex { content.string(in: $0.range) == "the website" }!
        content.styles[i].url = url
        return content
    }

    /// A reader on the book at its start.
    static func model(columns: Int = 60, rows: Int = 16) -> ReaderModel {
        ReaderModel(content: book(), position: .zero, columns: columns, rows: rows)
    }
}
