import CICUBreak
import XCTest
import Foundation
import TextContent
@testable import TextLayout
import UnicodeData

/// Dictionary breaks in Thai, Lao, Khmer and Burmese (UAX #14 class SA): inside SA runs the
/// styled breaker's opportunities are exactly ICU's, as recorded independently (PyICU, on
/// whole sentences) by `Tools/fixtures/make_sa_fixtures.py` in `Fixtures/linebreak/sa-*.txt`;
/// everywhere else they are the pair table's; the untailored UAX #14 path has none.
final class DictionaryBreakTests: XCTestCase {
    struct Case {
        let text: String
        /// ICU's opportunities, UTF-8 byte offsets (0 and the end excluded).
        let icu: Set<Int>
    }

    static func cases(_ language: String) throws -> [Case] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/linebreak/sa-\(language).txt")
        let file = try String(contentsOf: url, encoding: .utf8)
        return file.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let offsets = fields.count > 1 ? fields[1].split(separator: " ").compactMap { Int($0) } : []
            return Case(text: String(fields[0]), icu: Set(offsets))
        }
    }

    /// The script block of an SA code point, written out here apart from `DictionaryScript`.
    static func block(_ v: UInt32) -> Int {
        switch v {
        case 0x0E00...0x0E7F: return 1
        case 0x0E80...0x0EFF: return 2
        case 0x1780...0x17FF: return 3
        case 0x1000...0x109F: return 4
        default: return 0
        }
    }

    /// Offsets between two code points of Line_Break SA (raw property) of the same script:
    /// the positions inside an SA run.
    static func innerPositions(_ text: String) -> Set<Int> {
        var inner = Set<Int>()
        var offset = 0
        var previous: UInt32?
        for s in text.unicodeScalars {
            let isSA = UnicodeProperties.shared.record(s.value).lineBreak == .SA
            if isSA, let p = previous, block(p) == block(s.value), block(p) != 0 { inner.insert(offset) }
            previous = isSA ? s.value : nil
            offset += String(s).utf8.count
        }
        return inner
    }

    static func offsets(_ text: String, style: LineBreakStyle) -> [Int] {
        LineBreaks.opportunities(in: text, style: style).map(\.offset)
    }

    /// The pair table alone (no dictionary breaks).
    static func tableOffsets(_ text: String, style: LineBreakStyle) -> [Int] {
        var copy = text
        var out: [Int] = []
        copy.withUTF8 { LineBreaks.collect($0, set: LineBreakRuleSet(style), dictionary: false, into: &out) }
        return out.map { $0 >> 1 }
    }

    func checkLanguage(_ language: String) throws {
        let cases = try Self.cases(language)
        XCTAssertGreaterThanOrEqual(cases.count, 3, language)
        var dictionaryBreaks = 0
        for c in cases {
            let inner = Self.innerPositions(c.text)
            let icuInner = c.icu.intersection(inner)
            dictionaryBreaks += icuInner.count
            for style in LineBreakStyle.allCases {
                let ours = Self.offsets(c.text, style: style)
                XCTAssertEqual(Set(ours).intersection(inner), icuInner, "\(language) \(style): \(c.text)")
                XCTAssertEqual(ours.filter { !inner.contains($0) }, Self.tableOffsets(c.text, style: style),
                               "\(language) \(style) outside SA runs: \(c.text)")
            }
            // The conformance path (UAX #14 without a style) keeps LB1: no break inside a run.
            XCTAssertTrue(Set(LineBreaks.opportunities(in: c.text).map(\.offset)).isDisjoint(with: inner), c.text)
        }
        // Several words a sentence: the fixture is not trivially empty.
        XCTAssertGreaterThan(dictionaryBreaks, 2 * cases.count, language)
    }

    /// The fixtures were recorded with the ICU the engine links (its version is in the
    /// cache key): another ICU needs them recorded again.
    func testFixturesNameTheLinkedICU() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/linebreak/sa-th.txt")
        let header = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").first ?? ""
        XCTAssertFalse(TextLayout.dictionaryVersion.isEmpty)
        XCTAssertTrue(header.hasPrefix("# ICU \(TextLayout.dictionaryVersion) "), "\(header) vs \(TextLayout.dictionaryVersion)")
    }

    /// The cache key's version is the headers' (so a key does not load ICU); the library
    /// the wrappers load must be that version.
    func testTheKeysICUVersionIsTheLoadedOnes() {
        var loaded = [CChar](repeating: 0, count: 32)
        reader_icu_runtime_version(&loaded)
        XCTAssertEqual(TextLayout.dictionaryVersion, String(cString: loaded))
    }

    func testThaiMatchesICU() throws { try checkLanguage("th") }
    func testLaoMatchesICU() throws { try checkLanguage("lo") }
    func testKhmerMatchesICU() throws { try checkLanguage("km") }
    func testBurmeseMatchesICU() throws { try checkLanguage("my") }

    /// The scan reports the first SA letter, and only then is ICU asked: text without one
    /// (any script, SA letters of scripts without a dictionary aside) never calls it.
    func testOnlyTextWithSALettersGoesToICU() {
        func firstLetter(_ text: String, _ set: LineBreakRuleSet) -> Int {
            var copy = text
            var out: [Int] = []
            return copy.withUTF8 { LineBreaks.scan($0, set: set, into: &out) }
        }
        for text in ["Hello, world.", "我们用iPhone 16拍的照片。", "吾輩は猫である", "مرحبا بالعالم", "नमस्ते ๑๒๓ ฿", ""] {
            for set in LineBreakRuleSet.allCases { XCTAssertEqual(firstLetter(text, set), -1, text) }
        }
        let mixed = "Read ภาษาไทย now"
        XCTAssertEqual(firstLetter(mixed, .strict), 5)
        XCTAssertEqual(firstLetter(mixed, .loose), 5)
        XCTAssertEqual(firstLetter(mixed, .uax14), -1)   // the conformance path never asks
    }

    func testThaiWordsWithoutSpaces() {
        // ภาษา|ไทย|เป็น|ภาษา|ราชการ|ของ|ประเทศไทย (ICU's words, fixture sa-th.txt line 1).
        let text = "ภาษาไทยเป็นภาษาราชการของประเทศไทย"
        XCTAssertEqual(Self.offsets(text, style: .strict), [12, 21, 33, 45, 63, 72, 99])
        XCTAssertEqual(LineBreaks.opportunities(in: text).map(\.offset), [99])
    }

    func testMixedThaiAndEnglishParagraph() {
        let text = "ฉันชอบอ่าน books ทุกวัน, every day."
        let ours = Self.offsets(text, style: .strict)
        // English and the spaces as before; ฉัน|ชอบ|อ่าน and ทุก|วัน from the dictionary
        // (the same as ICU on the whole paragraph: 9 18 31 37 46 57 63).
        let thaiEnd = "ฉันชอบอ่าน ".utf8.count
        let booksEnd = thaiEnd + "books ".utf8.count
        XCTAssertEqual(ours, [9, 18, thaiEnd, booksEnd, booksEnd + 9,
                              booksEnd + "ทุกวัน, ".utf8.count, booksEnd + "ทุกวัน, every ".utf8.count, text.utf8.count])
    }

    func testThaiInsideCJKParagraph() {
        let thai = "ภาษาไทยเป็นภาษาราชการของประเทศไทย"
        let text = "我们学习" + thai + "。好"
        let prefix = "我们学习".utf8.count
        let ours = Self.offsets(text, style: .strict)
        // 我|们|学|习|ภาษา…ไทย。|好: CJK as before (no break before 。), ICU inside the Thai
        // (ICU on the whole paragraph agrees: 3 6 9 12 24 33 45 57 75 84 114).
        let expected = [3, 6, 9, prefix] + [12, 21, 33, 45, 63, 72].map { prefix + $0 }
            + [prefix + thai.utf8.count + 3, text.utf8.count]
        XCTAssertEqual(ours, expected)
        XCTAssertEqual(ours.filter { !Self.innerPositions(text).contains($0) }, Self.tableOffsets(text, style: .strict))
    }

    func testLayoutBreaksThaiBetweenWords() throws {
        let paragraphs = try ["th", "lo", "km", "my"].map { try Self.cases($0).map(\.text).joined(separator: " ") }
        let content = LineFittingTests.content(paragraphs)
        for width in [12, 16, 20, 37, 80] {
            let options = LayoutOptions(width: width)
            let lines = TextLayout.layout(content, range: content.fullRange, options: options)
            var insideRuns = 0
            for block in content.blocks {
                let text = content.string(in: block.range)
                let opportunities = Set(Self.offsets(text, style: .strict))
                let inner = Self.innerPositions(text)
                for line in lines.lines where block.range.contains(line.start) && !line.flags.contains(.blank) {
                    XCTAssertLessThanOrEqual(line.totalWidth, width, "width \(width): \(content.string(in: line.range))")
                    XCTAssertEqual(LineFittingTests.placedWidth(line, content, options), line.width)
                    let end = line.range.upperBound.rawValue - block.range.lowerBound.rawValue
                    guard end < text.utf8.count, !line.flags.contains(.emergencyBreak) else { continue }
                    XCTAssertTrue(opportunities.contains(end), "width \(width): line ends off an opportunity")
                    if inner.contains(end) { insideRuns += 1 }
                }
            }
            // Between words, not only at spaces.
            XCTAssertGreaterThan(insideRuns, 0, "width \(width)")
        }
    }

    func testIdenticalOnSeveralThreads() throws {
        let text = try Self.cases("th").map(\.text).joined(separator: " ")
        let expected = Self.offsets(text, style: .strict)
        let results = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 8)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 8) { k in
            var ok = true
            for _ in 0..<50 { ok = ok && Self.offsets(text, style: .strict) == expected }
            results[k] = ok
        }
        XCTAssertEqual(Array(results), Array(repeating: true, count: 8))
    }
}
