import Hyphenation
import TestSupport
import XCTest

/// What is refused, the minimums, case mapping, apostrophes, marks and punctuation around a word.
final class WordPolicyTests: XCTestCase {
    let english = HyphenationLibrary.system.hyphenator(for: "en-US")!
    let french = HyphenationLibrary.system.hyphenator(for: "fr")!

    func testAnOrdinaryWordHasItsPoints() {
        XCTAssertEqual(english.points(in: "hyphenation"), [2, 6])        // hy-phen-ation
        XCTAssertEqual(english.points(in: "paper"), [2])
    }

    func testWordsWithDigitsAreRefused() {
        for word in ["1813", "19th", "abc1def", "hyphen2ation", "chapter٣"] {
            XCTAssertEqual(english.points(in: word), [], word)
        }
    }

    func testURLsAndEmailAddressesAreRefused() {
        for word in ["www.example.com", "user@example.org", "https://hyphenation", "and/or", "hyphenation/information", "e.g.", "etc.etera"] {
            XCTAssertEqual(english.points(in: word), [], word)
        }
    }

    func testAllCapitalsAreRefusedButCapitalisedWordsAreNot() {
        for word in ["NASA", "UNESCO", "HYPHENATION", "O'NEILL"] {
            XCTAssertEqual(english.points(in: word), [], word)
        }
        XCTAssertEqual(english.points(in: "Hyphenation"), english.points(in: "hyphenation"))
        XCTAssertEqual(english.points(in: "HyPhenation"), english.points(in: "hyphenation"))
    }

    func testWordsWithAHyphenOrASoftHyphenAreRefused() {
        for word in ["well-known", "self\u{2010}evident", "non\u{2011}breaking", "hy\u{AD}phenation", "hyphenation-"] {
            XCTAssertEqual(english.points(in: word), [], word)
        }
    }

    func testWordsShorterThanTheMinimumsAreRefused() {
        XCTAssertEqual(english.leftMinimum, 2)
        XCTAssertEqual(english.rightMinimum, 3)
        for word in ["", "a", "ba", "abcd"] {
            XCTAssertEqual(english.points(in: word), [], word)
        }
    }

    func testPunctuationAroundTheWordIsIgnoredAndOffsetsStayInTheOriginal() {
        XCTAssertEqual(english.points(in: "hyphenation."), [2, 6])
        XCTAssertEqual(english.points(in: "hyphenation,"), [2, 6])
        XCTAssertEqual(english.points(in: "(hyphenation)"), [3, 7])
        XCTAssertEqual(english.points(in: "“hyphenation”"), [5, 9])     // “ is 3 bytes
    }

    func testLowerCaseOfADifferentLengthKeepsOffsetsInTheOriginalBytes() {
        // İ (2 bytes) lowers to i + U+0307 (3 bytes): the points move by one byte, not two.
        XCTAssertEqual(english.points(in: "istanbul"), [2, 5])
        XCTAssertEqual(english.points(in: "İstanbul"), [3, 6])
        let german = HyphenationLibrary.system.hyphenator(for: "de")!
        // ẞ (3 bytes) lowers to ß (2 bytes; one byte in ISO8859-1).
        XCTAssertEqual(german.points(in: "Maßstab"), [4])
        XCTAssertEqual(german.points(in: "Maẞstab"), [5])
        XCTAssertEqual(german.points(in: "MAẞSTAB"), [])
        XCTAssertEqual(german.points(in: "Straßenbahn"), [4, 8])
    }

    func testALetterAnEightBitFileCannotSpellRefusesTheWord() {
        let german = HyphenationLibrary.system.hyphenator(for: "de")!   // ISO8859-1: no Ł
        XCTAssertEqual(german.points(in: "Łódźerstraße"), [])
        let polish = HyphenationLibrary.system.hyphenator(for: "pl")!   // ISO8859-2
        XCTAssertEqual(polish.points(in: "niezapominajka"), [3, 5, 7, 9, 12])
    }

    func testApostrophesAreHyphenatedAroundButNeverBrokenNextTo() {
        XCTAssertEqual(french.points(in: "l'éléphant"), [7])              // l'élé-phant
        XCTAssertEqual(french.points(in: "l’éléphant"), [9])              // the same with U+2019 (3 bytes)
        XCTAssertEqual(french.points(in: "aujourd'hui"), [2, 6])          // au-jour-d'hui, not aujourd-'hui
        for word in ["don't", "shouldn't", "o'clock", "Elizabeth's", "ma'am"] {
            let points = english.points(in: word)
            let bytes = Array(word.utf8)
            for p in points {
                XCTAssertNotEqual(bytes[p - 1], UInt8(ascii: "'"), word)
                XCTAssertNotEqual(bytes[p], UInt8(ascii: "'"), word)
            }
        }
    }

    func testNoBreakGoesBeforeACombiningMark() {
        let decomposed = "re\u{301}sume\u{301}"
        XCTAssertEqual(english.points(in: decomposed), [4])             // ré-sumé, after the accent
    }

    func testInvalidUTF8AndOverlongWordsGiveNoPoints() {
        var points = [99]
        let bad: [UInt8] = Array("hyphen".utf8) + [0xC3] + Array("ation".utf8)
        bad.withUnsafeBufferPointer { english.points(in: $0, into: &points) }
        XCTAssertEqual(points, [])
        XCTAssertEqual(english.points(in: String(repeating: "hyphenation", count: 30)), [])
        XCTAssertFalse(english.points(in: String(repeating: "hyphenation", count: 2)).isEmpty)
    }

    func testTheArrayIsClearedAndReused() {
        var points: [Int] = []
        "hyphenation".utf8.withContiguousStorageIfAvailable { english.points(in: $0, into: &points) }
        XCTAssertEqual(points, [2, 6])
        "NASA".utf8.withContiguousStorageIfAvailable { english.points(in: $0, into: &points) }
        XCTAssertEqual(points, [])
    }

    /// Random words of Latin, Cyrillic, Greek and CJK letters, marks, apostrophes, digits and
    /// punctuation, in every language (German has non-standard patterns): points, when any,
    /// are ascending, inside the word and on scalar boundaries; nothing crashes.
    func testRandomWordsNeverCrash() {
        var random = SplitMix64(seed: 2026)
        let pieces = Array("aeiouyäöüßẞİıéèçñłżœæøåбвгдёжщъьэюяΑαβγςσ漢字'’-.1\u{301}\u{308}ABCZ«»".unicodeScalars)
        var points: [Int] = []
        for language in ReferenceFixtureTests.languages {
            let hyphenator = HyphenationLibrary.system.hyphenator(for: language.tag)!
            for _ in 0..<300 {
                var word = String.UnicodeScalarView()
                for _ in 0..<(1 + random.below(24)) { word.append(pieces[random.below(pieces.count)]) }
                var string = String(word)
                string.withUTF8 { hyphenator.points(in: $0, into: &points) }
                let utf8 = Array(string.utf8)
                XCTAssertEqual(points, points.sorted())
                for p in points { XCTAssertTrue(p > 0 && p < utf8.count && utf8[p] & 0xC0 != 0x80, "\(string) \(p)") }
            }
        }
    }

    /// Letters and apostrophes (what the minimums count), not combining marks.
    static func units(_ bytes: ArraySlice<UInt8>) -> Int {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { scalar in
            "'’ʼ".unicodeScalars.contains(scalar)
                || (scalar.properties.isAlphabetic && ![.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory))
        }.count
    }

    /// Every point of every fixture word, in every language: ascending, inside the word, on a
    /// scalar boundary, never before a mark, and leaving the minimums on both sides.
    func testEveryPointKeepsTheMinimumsOnBothSides() throws {
        var checked = 0
        for language in ReferenceFixtureTests.languages {
            let hyphenator = HyphenationLibrary.system.hyphenator(for: language.tag)!
            for entry in try ReferenceFixtureTests.expected(language.fixture).words {
                let points = hyphenator.points(in: entry.word)
                XCTAssertEqual(points, points.sorted(), entry.word)
                let utf8 = Array(entry.word.utf8)
                for p in points {
                    XCTAssertTrue(p > 0 && p < utf8.count && utf8[p] & 0xC0 != 0x80, "\(entry.word) \(p)")
                    let before = Self.units(utf8[..<p]), after = Self.units(utf8[p...])
                    XCTAssertGreaterThanOrEqual(before, hyphenator.leftMinimum, "\(entry.word) \(p)")
                    XCTAssertGreaterThanOrEqual(after, hyphenator.rightMinimum, "\(entry.word) \(p)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 3000)
    }
}
