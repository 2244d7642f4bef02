import XCTest
@testable import BookFormats

/// `XMLTree.check` (the XML parser's verdict without building the tree) against
/// `XMLTree.parseXML` (the verdict with it): the walker confirms the HTML parser's
/// complaints with the first, and must reach the same conclusion as with the second.
final class XMLTreeTests: XCTestCase {
    static let wellFormed = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html [ <!ENTITY author "Natsume S&#x14D;seki"> ]>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>T</title><meta charset="utf-8"></meta></head>
        <body><!-- a comment --><?pi data?>
        <p class="a">One &author; &amp; <em>two</em> <![CDATA[<raw>]]></p>
        <aside epub:type="footnote" id="n1"><p>Note &#x2014; text.</p></aside>
        <ul><li>x</li><li>y</li></ul></body></html>
        """

    static let documents: [String] = [
        wellFormed,
        "",
        "just text",
        "<p>unclosed",
        "<p>one</b></p>",
        "<p>a &nbsp; b</p>",
        "<p>a &unknown; b</p>",
        "<a:b:c>x</a:b:c>",
        "<p><x:y>undeclared prefix</x:y></p>",
        "<p xmlns:q=\"relative\"><q:r/></p>",
        "<p a=\"1\" a=\"2\">duplicate attribute</p>",
        "<p>\u{1}control</p>",
        "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY e \"<b>bold</b>\">]><p>&e; &e;</p>",
        "<?xml version=\"1.0\"?><!DOCTYPE p [<!ENTITY e \"<b>unclosed\">]><p>&e;</p>",
        "<p>one</p><p>two roots</p>",
        "<p><![CDATA[ unterminated </p>",
        "<!-- only a comment -->",
    ]

    func verdict(ofTree text: String) -> XMLVerdict? {
        guard let tree = XMLTree.parseXML(Array(text.utf8), name: "t.xhtml") else { return nil }
        return XMLVerdict(wellFormed: tree.wellFormed, namespaceWellFormed: tree.namespaceWellFormed,
                          firstError: tree.firstError, fatalError: tree.fatalError, namespaceError: tree.namespaceError)
    }

    func verdict(ofCheck text: String) -> XMLVerdict? {
        Array(text.utf8).withUnsafeBufferPointer { XMLTree.check($0, name: "t.xhtml") }
    }

    /// The verdict as `XHTMLWalker.warnAboutRecoveredMarkup` reads it: the namespace
    /// error counts only in a document without damage (well-formed, or no fatal error).
    func walkersView(_ verdict: XMLVerdict?) -> XMLVerdict? {
        guard let v = verdict else { return nil }
        let nsCounts = v.wellFormed || v.fatalError == nil
        return XMLVerdict(wellFormed: v.wellFormed, namespaceWellFormed: nsCounts ? v.namespaceWellFormed : true,
                          firstError: v.firstError, fatalError: v.fatalError, namespaceError: nsCounts ? v.namespaceError : nil)
    }

    func testTheCheckAgreesWithTheTreeOnHandWrittenDocuments() {
        for text in Self.documents {
            XCTAssertEqual(verdict(ofCheck: text), verdict(ofTree: text), text)
        }
        // The cases mean something: some are well-formed, some not, one breaks the namespace rules.
        XCTAssertEqual(verdict(ofCheck: Self.wellFormed)?.wellFormed, true)
        XCTAssertNil(verdict(ofCheck: Self.wellFormed)?.fatalError)
        XCTAssertEqual(verdict(ofCheck: "<p>one</b></p>")?.wellFormed, false)
        XCTAssertNotNil(verdict(ofCheck: "<p>one</b></p>")?.fatalError)
        XCTAssertNotNil(verdict(ofCheck: "<a:b:c>x</a:b:c>")?.namespaceError)
        XCTAssertNil(verdict(ofCheck: "<p>a &nbsp; b</p>")?.fatalError, "an HTML entity is not damage")
    }

    /// The well-formed document damaged at random: a byte left out, doubled or replaced by
    /// one of `<>&/";:` — 600 documents, most of them broken in a different place. Where
    /// recovery makes the tree builder warn about a namespace, the check has no such
    /// warning (`XMLTree.check`); the walker does not read it there, so neither does this.
    func testTheCheckAgreesWithTheTreeOnDamagedDocuments() {
        var rng = SystemRandomNumberGenerator()
        let base = Array(Self.wellFormed.utf8)
        let marks = Array("<>&/\";:".utf8)
        var broken = 0
        for _ in 0..<600 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes.remove(at: i)
                case 1: bytes.insert(bytes[i], at: i)
                default: bytes[i] = marks.randomElement(using: &rng)!
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let checked = verdict(ofCheck: text)
            XCTAssertEqual(walkersView(checked), walkersView(verdict(ofTree: text)), text)
            if checked?.wellFormed == false { broken += 1 }
        }
        XCTAssertGreaterThan(broken, 100, "the damage should break most documents")
    }
}
