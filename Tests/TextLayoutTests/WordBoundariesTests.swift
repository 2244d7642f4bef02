import TextLayout
import XCTest

/// Words and sentences of `WordBoundaries` / `SentenceBoundaries` on examples a reader
/// meets: the standard rules, the hyphen tailoring, dictionary words, malformed bytes.
final class WordBoundariesTests: XCTestCase {
    private func segments(_ text: String, dictionary: Bool = true) -> [WordSegment] {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { WordBoundaries.segments(in: UnsafeBufferPointer($0), dictionary: dictionary) }
    }

    /// The words (segments with `isWord`) of `text` as strings.
    private func words(_ text: String, dictionary: Bool = true) -> [String] {
        let bytes = Array(text.utf8)
        return segments(text, dictionary: dictionary).filter(\.isWord).map {
            String(decoding: bytes[$0.range], as: UTF8.self)
        }
    }

    private func sentences(_ text: String) -> [String] {
        var bytes = Array(text.utf8)
        let starts = bytes.withUnsafeMutableBufferPointer { SentenceBoundaries.starts(in: UnsafeBufferPointer($0)) }
        return zip(starts, starts.dropFirst() + [bytes.count]).map { String(decoding: bytes[$0..<$1], as: UTF8.self) }
    }

    /// The segments cover the buffer in order with no gap.
    private func assertCovers(_ segments: [WordSegment], count: Int, file: StaticString = #filePath, line: UInt = #line) {
        var at = 0
        for s in segments {
            XCTAssertEqual(s.range.lowerBound, at, file: file, line: line)
            XCTAssertFalse(s.range.isEmpty, file: file, line: line)
            at = s.range.upperBound
        }
        XCTAssertEqual(at, count, file: file, line: line)
    }

    func testEnglishWordsKeepApostrophesAndDecimals() {
        XCTAssertEqual(words("I don't know."), ["I", "don't", "know"])
        XCTAssertEqual(words("Pi is 3.14, not 3,15."), ["Pi", "is", "3.14", "not", "3,15"])
        XCTAssertEqual(words("It\u{2019}s fine"), ["It\u{2019}s", "fine"])
    }

    func testSpacesAndPunctuationAreNotWords() {
        let s = segments("Hi,  you!")
        XCTAssertEqual(s.map(\.isWord), [true, false, false, true, false])
        XCTAssertEqual(s.map(\.range), [0..<2, 2..<3, 3..<5, 5..<8, 8..<9])
    }

    func testHyphenBetweenLettersJoinsTheWord() {
        XCTAssertEqual(words("Send an e-mail to a well\u{2010}known friend."), ["Send", "an", "e-mail", "to", "a", "well\u{2010}known", "friend"])
        XCTAssertEqual(words("a-b-c"), ["a-b-c"])
        // Digits and a hyphen with spaces do not join; the untailored rules split.
        XCTAssertEqual(words("3-4"), ["3", "4"])
        XCTAssertEqual(words("yes - no"), ["yes", "no"])
        XCTAssertEqual(words("-e-"), ["e"])
        var bytes = Array("e-mail".utf8)
        let pure = bytes.withUnsafeMutableBufferPointer {
            WordBoundaries.boundaries(in: UnsafeBufferPointer($0), dictionary: false, tailored: false)
        }
        XCTAssertEqual(pure, [0, 1, 2, 6])
    }

    func testJapaneseDictionaryWords() {
        XCTAssertEqual(words("私は学生です"), ["私", "は", "学生", "です"])
        // Without the dictionary each ideograph and hiragana is a word (UAX #29 WB999).
        XCTAssertEqual(words("私は学生です", dictionary: false), ["私", "は", "学", "生", "で", "す"])
        // Katakana stays together by WB13 in both modes; digits and Latin keep their rules.
        XCTAssertEqual(words("カタカナ", dictionary: false), ["カタカナ"])
        XCTAssertEqual(words("2024年にRustを学ぶ").first, "2024")
        XCTAssertTrue(words("2024年にRustを学ぶ").contains("Rust"))
    }

    func testThaiDictionaryWords() {
        let thai = "สวัสดีครับ"
        let split = words(thai)
        XCTAssertEqual(split.joined(), thai)
        XCTAssertGreaterThan(split.count, 1, "ICU's dictionary splits สวัสดี / ครับ")
        XCTAssertEqual(split, ["สวัสดี", "ครับ"])
        // Without it, UAX #29 breaks between the Thai letters (marks stay on theirs).
        XCTAssertGreaterThan(words(thai, dictionary: false).count, split.count)
    }

    func testArabicWords() {
        XCTAssertEqual(words("كتب الولد"), ["كتب", "الولد"])
        XCTAssertEqual(words("كَتَبَ الوَلَدُ"), ["كَتَبَ", "الوَلَدُ"], "harakat stay in their word (WB4)")
    }

    func testEmptyBuffer() {
        XCTAssertEqual(segments(""), [])
        XCTAssertEqual(sentences(""), [])
        var none: [UInt8] = []
        none.withUnsafeMutableBufferPointer {
            XCTAssertEqual(WordBoundaries.boundaries(in: UnsafeBufferPointer($0)), [])
            XCTAssertEqual(SentenceBoundaries.starts(in: UnsafeBufferPointer($0)), [])
        }
    }

    func testMalformedBytesAreCovered() {
        let cases: [[UInt8]] = [
            [0xFF], [0x80, 0x80], [0x61, 0xE3, 0x81], [0xE3, 0x81, 0x61], [0xF0, 0x9F, 0x98],
            [0xED, 0xA0, 0x80], [0xC0, 0xAF, 0x61], [0x61, 0xF4, 0x90, 0x80, 0x80, 0x62],
            Array("私は".utf8) + [0xE3] + Array("学生".utf8), Array("สวัส".utf8) + [0xE0, 0xB8],
        ]
        for var bytes in cases {
            bytes.withUnsafeMutableBufferPointer { buffer in
                let b = UnsafeBufferPointer(buffer)
                for dictionary in [false, true] {
                    assertCovers(WordBoundaries.segments(in: b, dictionary: dictionary), count: b.count)
                }
                let starts = SentenceBoundaries.starts(in: b)
                XCTAssertEqual(starts.first, 0)
                XCTAssertEqual(starts, starts.sorted())
                XCTAssertTrue(starts.allSatisfy { $0 < b.count })
            }
        }
    }

    func testSegmentsCoverMixedText() {
        let text = "Hello, 世界! これはテストです。สวัสดีครับ 🇯🇵🇫🇷 👨‍👩‍👧 e\u{301}t\u{E9} 12.5%\r\n"
        let s = segments(text)
        assertCovers(s, count: text.utf8.count)
        XCTAssertTrue(words(text).contains("Hello"))
        XCTAssertTrue(words(text).contains("テスト"))
    }

    func testSentences() {
        XCTAssertEqual(sentences("Smith came. He sat down! Did he? Yes."),
                       ["Smith came. ", "He sat down! ", "Did he? ", "Yes."])
        // Untailored UAX #29: no list of abbreviations, so "Mr." ends a sentence before a
        // capital (SB11), and "?" before a lower-case word too (SB8 is for ATerm only).
        XCTAssertEqual(sentences("Mr. Smith"), ["Mr. ", "Smith"])
        XCTAssertEqual(sentences("It was 3.14 exactly. \u{201C}Really?\u{201D} she asked."),
                       ["It was 3.14 exactly. ", "\u{201C}Really?\u{201D} ", "she asked."])
        XCTAssertEqual(sentences("He said \u{201C}no.\u{201D} and left"), ["He said \u{201C}no.\u{201D} and left"])
        XCTAssertEqual(sentences("e.g. this one. Next"), ["e.g. this one. ", "Next"])
        XCTAssertEqual(sentences("私は学生です。あなたは？はい。"), ["私は学生です。", "あなたは？", "はい。"])
        XCTAssertEqual(sentences("One.\nTwo"), ["One.\n", "Two"])
    }
}
