import XCTest
import TextContent
@testable import TextLayout
import TestSupport

/// Hyphenation follows the language the book marks on a run of text (`LanguageSpan`): a
/// word in a span of another language is hyphenated with that language's hyphenator, or
/// not at all when there is none; a span in the book's own language (same primary subtag)
/// keeps the setting's.
final class LanguageHyphenationTests: XCTestCase {
    /// A point after every second letter of words of four letters or more, counting calls.
    final class EverySecond: WordHyphenating, @unchecked Sendable {
        var asked = 0
        func points(in word: UnsafeBufferPointer<UInt8>, into points: inout [Int]) {
            asked += 1
            guard word.count >= 4 else { return }
            for p in stride(from: 2, to: word.count - 1, by: 2) { points.append(p) }
        }
    }

    final class Source: HyphenatorSource, @unchecked Sendable {
        let french = EverySecond()
        var languagesAsked: [String] = []
        func hyphenator(for language: String) -> (any WordHyphenating)? {
            languagesAsked.append(language)
            return language == "fr" ? french : nil
        }
    }

    /// A paragraph of one long word repeated, the words from `marked` on in a span of `tag`.
    func book(words: Int, marked: Range<Int>, tag: String) -> TextContent {
        let word = "abcdefghijklmnopqrstuv"
        var text = ""
        var span = (0, 0)
        for i in 0..<words {
            if i == marked.lowerBound { span.0 = text.utf8.count }
            text += word
            if i == marked.upperBound - 1 { span.1 = text.utf8.count }
            if i < words - 1 { text += " " }
        }
        var b = TextContentBuilder(metadata: BookMetadata(title: "t", language: "en-US", format: .epub))
        b.beginBlock(.paragraph); b.append(text); b.endBlock()
        var content = b.finish()
        content.languages = marked.isEmpty ? [] : [LanguageSpan(range: ByteRange(span.0, span.1), tag: tag)]
        XCTAssertEqual(content.validate(), [])
        return content
    }

    func hyphenatedLines(_ content: TextContent, _ setting: HyphenationSetting, width: Int = 30) -> [Line] {
        TextLayout.layout(content, range: content.fullRange, options: LayoutOptions(width: width, wrap: .optimal, hyphenation: setting))
            .lines.filter { $0.flags.contains(.hyphen) }
    }

    func testAWordInAnotherLanguageUsesThatLanguagesHyphenator() {
        let english = EverySecond(), source = Source()
        let setting = HyphenationSetting(language: "en-us", patterns: "t", hyphenator: english, otherLanguages: source)
        let content = book(words: 12, marked: 0..<12, tag: "fr")
        XCTAssertFalse(hyphenatedLines(content, setting).isEmpty, "the French words are hyphenated")
        XCTAssertEqual(english.asked, 0, "no word went to the English hyphenator")
        XCTAssertGreaterThan(source.french.asked, 0)
        XCTAssertEqual(Set(source.languagesAsked), ["fr"])
    }

    func testAWordInALanguageWithoutPatternsIsNotHyphenated() {
        let english = EverySecond()
        let withSource = HyphenationSetting(language: "en-us", patterns: "t", hyphenator: english, otherLanguages: Source())
        let withoutSource = HyphenationSetting(language: "en-us", patterns: "t", hyphenator: english)
        for setting in [withSource, withoutSource] {
            let content = book(words: 12, marked: 0..<12, tag: "la")
            XCTAssertEqual(hyphenatedLines(content, setting), [], "Latin has no hyphenator here")
        }
        XCTAssertEqual(english.asked, 0)
        // The same text unmarked is hyphenated (so the test above can fail).
        XCTAssertFalse(hyphenatedLines(book(words: 12, marked: 0..<0, tag: ""), withoutSource).isEmpty)
    }

    func testASpanInTheBooksOwnLanguageKeepsTheSettingsHyphenator() {
        let english = EverySecond(), source = Source()
        let setting = HyphenationSetting(language: "en-us", patterns: "t", hyphenator: english, otherLanguages: source)
        XCTAssertFalse(hyphenatedLines(book(words: 12, marked: 0..<12, tag: "EN-GB"), setting).isEmpty)
        XCTAssertGreaterThan(english.asked, 0)
        XCTAssertEqual(source.languagesAsked, [], "en-GB in an en-US setting is the setting's own language")
    }

    func testOnlyTheMarkedWordsChangeLanguage() {
        let english = EverySecond(), source = Source()
        let setting = HyphenationSetting(language: "en-us", patterns: "t", hyphenator: english, otherLanguages: source)
        let content = book(words: 30, marked: 10..<20, tag: "la")
        let lines = TextLayout.layout(content, range: content.fullRange,
                                      options: LayoutOptions(width: 30, wrap: .optimal, hyphenation: setting)).lines
        let span = content.languages[0].range
        for line in lines where line.flags.contains(.hyphen) {
            XCTAssertFalse(span.contains(line.range.upperBound - 1), "a hyphen inside the Latin words at \(line.range)")
        }
        XCTAssertGreaterThan(english.asked, 0, "the English words around them are asked")
    }
}
