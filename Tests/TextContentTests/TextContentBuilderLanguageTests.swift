import XCTest
@testable import TextContent

/// `TextContentBuilder.beginLanguage`/`endLanguage` → `TextContent.languages`.
final class TextContentBuilderLanguageTests: XCTestCase {
    private func builder(language: String = "en") -> TextContentBuilder {
        TextContentBuilder(metadata: BookMetadata(title: "T", language: language, format: .epub))
    }

    /// Each span as "text|tag".
    private func spans(_ c: TextContent) -> [String] {
        XCTAssertEqual(c.validate(), [])
        return c.languages.map { "\(c.string(in: $0.range))|\($0.tag)" }
    }

    func testANestedLanguageSplitsTheOuterSpan() {
        var b = builder()
        b.append("a ")
        b.beginLanguage("fr")
        b.append("b ")
        b.beginLanguage("de")
        b.append("c")
        b.endLanguage()
        b.append(" d")
        b.endLanguage()
        b.append(" e")
        let c = b.finish()
        XCTAssertEqual(spans(c), ["b |fr", "c|de", " d|fr"])
        XCTAssertEqual(c.languages.map(\.range), [ByteRange(2, 4), ByteRange(4, 5), ByteRange(5, 7)])
    }

    func testContiguousRunsWithTheSameTagMergeAndEmptyOnesAreDropped() {
        var b = builder()
        b.beginLanguage("fr")
        b.append("un ")
        b.beginLanguage("fr")
        b.append("deux")
        b.beginLanguage("de")   // empty: nothing recorded, nothing split
        b.endLanguage()
        b.endLanguage()
        b.endLanguage()
        b.beginLanguage("fr")
        b.append(" trois")
        b.endLanguage()
        b.beginLanguage("it")
        b.endLanguage()
        XCTAssertEqual(spans(b.finish()), ["un deux trois|fr"])
    }

    func testAnEmptyOrInvalidTagIsUnknownButStillSplits() {
        var b = builder()
        b.beginLanguage("fr")
        b.append("x")
        for tag in ["", "not a tag", "fr;", String(repeating: "a", count: 36), "é"] {
            b.beginLanguage(tag)
            b.append("?")
            b.endLanguage()
            b.append("y")
        }
        b.endLanguage()
        XCTAssertEqual(spans(b.finish()), ["x|fr", "y|fr", "y|fr", "y|fr", "y|fr", "y|fr"])
    }

    func testTheBooksOwnLanguageIsNoSpanButSplitsAForeignOne() {
        var b = builder(language: "en-US")
        b.beginLanguage("EN")       // <html xml:lang="EN">
        b.append("Hello ")
        b.beginLanguage("fr_CA")
        b.append("bonjour ")
        b.beginLanguage("en-GB")
        b.append("hi")
        b.endLanguage()
        b.append(" salut")
        b.endLanguage()
        b.endLanguage()
        XCTAssertEqual(spans(b.finish()), ["bonjour |fr-CA", " salut|fr-CA"])
    }

    func testWithoutABookLanguageEveryTaggedRunIsASpan() {
        var b = builder(language: "")
        b.beginLanguage("en")
        b.append("Hello")
        XCTAssertEqual(spans(b.finish()), ["Hello|en"], "an open language closes at finish")
    }

    func testSpansStayOutOfSeparatorsAndTrimmedSpaces() {
        var b = builder()
        b.beginLanguage("de")
        b.beginBlock(.paragraph)
        b.appendCollapsingWhitespace("Eins ")
        b.endBlock()
        b.beginBlock(.paragraph)
        b.appendCollapsingWhitespace("Zwei  ")
        b.appendLineBreak()
        b.appendCollapsingWhitespace("Drei ")
        b.beginBlock(.paragraph)
        b.endBlock()   // empty: its separator goes again
        b.endLanguage()
        let c = b.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "Eins\nZwei\nDrei")
        XCTAssertEqual(spans(c), ["Eins|de", "Zwei\nDrei|de"])
    }

    func testASpanEndingInTrimmedTextIsCut() {
        var b = builder()
        b.beginBlock(.paragraph)
        b.appendCollapsingWhitespace("a ")
        b.beginLanguage("fr")
        b.appendCollapsingWhitespace(" ")   // only a space, trimmed at the block's end
        b.endLanguage()
        b.beginLanguage("de")
        b.appendCollapsingWhitespace("b ")
        b.endLanguage()
        b.appendLineBreak()
        b.append("c")
        let c = b.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "a b\nc")
        XCTAssertEqual(spans(c), ["b|de"])
    }

    func testConcatenationShiftsSpans() {
        var first = builder()
        first.beginLanguage("la")
        first.append("Lorem")
        var second = builder()
        second.append("x ")
        second.beginLanguage("la")
        second.append("ipsum")
        first.append(second)
        first.append("more")
        first.endLanguage()
        first.append(" tail")
        let c = first.finish()
        XCTAssertEqual(c.string(in: c.fullRange), "Lorem\nx ipsum\nmore tail")
        XCTAssertEqual(spans(c), ["Lorem|la", "ipsum|la", "more|la"], "the open language does not take the appended \"x \"")
    }

    func testTagSanitising() {
        XCTAssertEqual(TextContentBuilder.sanitizedLanguageTag(" de_CH "), "de-CH")
        XCTAssertEqual(TextContentBuilder.sanitizedLanguageTag("zh-Hant-TW"), "zh-Hant-TW")
        XCTAssertEqual(TextContentBuilder.sanitizedLanguageTag("en\u{202E}"), "")
        XCTAssertEqual(TextContentBuilder.sanitizedLanguageTag(String(repeating: "a", count: 35)).count, 35)
        XCTAssertEqual(TextContentBuilder.primarySubtag("EN_gb"), "en")
        XCTAssertEqual(TextContentBuilder.primarySubtag("x y"), "")
    }
}
