import Foundation
import TextLayout
import UnicodeData
import XCTest

/// `CellWidth` against the Python `wcwidth` package (0.2.13, Unicode 15.0 tables) for
/// every code point, through the committed reference `Fixtures/unicode/wcwidth-15.0.txt`
/// (written by `Tools/unicode/wcwidth_reference.py`), plus the cluster width rules.
final class CellWidthTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/unicode/wcwidth-15.0.txt")

    /// The deliberate differences from `wcwidth`, exactly as listed in docs/UNICODE.md:
    /// code point range, wcwidth's value, ours.
    static let deliberateDifferences: [(ClosedRange<UInt32>, wcwidth: Int, ours: Int, reason: String)] = [
        (0x01...0x1F, -1, 0, "C0 controls: wcwidth says -1 (not printable); the layout handles TAB/line ends and never draws controls"),
        (0x7F...0x9F, -1, 0, "DEL and C1 controls: same"),
        (0x1F3FB...0x1F3FF, 0, 2, "emoji modifiers: wcwidth zeroes them so that wcswidth of a modifier sequence is 2; they are East Asian Wide and show as a 2-cell swatch when alone; our cluster rules give modifier sequences 2"),
    ]

    /// Parses `first..last;width` lines into a width per code point.
    func loadReference() throws -> [Int8] {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        XCTAssertTrue(text.contains("unicode_version='15.0.0'"), "reference must be for Unicode 15.0")
        var widths = [Int8](repeating: 99, count: 0x110000)
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: ";")
            let range = parts[0].split(separator: ".", omittingEmptySubsequences: true)
            let first = Int(range[0], radix: 16)!, last = Int(range[1], radix: 16)!
            let w = Int8(parts[1])!
            for cp in first...last { widths[cp] = w }
        }
        XCTAssertFalse(widths.contains(99), "the reference must cover U+0000..U+10FFFF")
        return widths
    }

    func testEveryCodePointAgreesWithWcwidthExceptTheListedDifferences() throws {
        let reference = try loadReference()
        var compared = 0
        var differences: [UInt32: (wcwidth: Int, ours: Int)] = [:]
        for cp in UInt32(0)...0x10FFFF {
            // Surrogates are compared through the code point API (a Unicode.Scalar
            // can't hold one); everything else through the Unicode.Scalar API too.
            let ours = CellWidth.of(codePoint: cp)
            if let scalar = Unicode.Scalar(cp) { XCTAssertEqual(CellWidth.of(scalar), ours) }
            compared += 1
            if Int(reference[Int(cp)]) != ours { differences[cp] = (Int(reference[Int(cp)]), ours) }
        }
        XCTAssertEqual(compared, 0x110000)
        var expected: [UInt32: (wcwidth: Int, ours: Int)] = [:]
        for (range, wc, ours, _) in Self.deliberateDifferences {
            for cp in range { expected[cp] = (wc, ours) }
        }
        XCTAssertEqual(differences.count, expected.count, "number of differing code points")
        for (cp, d) in differences.sorted(by: { $0.key < $1.key }) {
            guard let e = expected[cp] else {
                XCTFail(String(format: "U+%04X: wcwidth %d, ours %d — not a listed difference", cp, d.wcwidth, d.ours))
                continue
            }
            XCTAssertTrue(e == d, String(format: "U+%04X: listed as %d→%d, is %d→%d", cp, e.wcwidth, e.ours, d.wcwidth, d.ours))
        }
        for cp in expected.keys where differences[cp] == nil {
            XCTFail(String(format: "U+%04X is listed as a difference but agrees with wcwidth", cp))
        }
    }

    func testScalarWidths() {
        XCTAssertEqual(CellWidth.of("a" as Unicode.Scalar), 1)
        XCTAssertEqual(CellWidth.of("\t" as Unicode.Scalar), 0)
        XCTAssertEqual(CellWidth.of("\u{0}" as Unicode.Scalar), 0)
        XCTAssertEqual(CellWidth.of("\u{301}" as Unicode.Scalar), 0)
        XCTAssertEqual(CellWidth.of("漢" as Unicode.Scalar), 2)
        XCTAssertEqual(CellWidth.of("\u{AD}" as Unicode.Scalar), 0)
        XCTAssertEqual(CellWidth.of(codePoint: 0xD800), 1)
    }

    /// Bit 28 of the record (used by the lone-mark rule) is Default_Ignorable_Code_Point.
    func testDefaultIgnorableBit() {
        for cp: UInt32 in [0xAD, 0x34F, 0x200B, 0x200D, 0xFE0F, 0xE0061, 0xE0100] {
            XCTAssertTrue(UnicodeProperties.shared.record(cp).isDefaultIgnorable, String(cp, radix: 16))
        }
        for cp: UInt32 in [0x41, 0x301, 0x93F, 0x1161, 0x6F22] {
            XCTAssertFalse(UnicodeProperties.shared.record(cp).isDefaultIgnorable, String(cp, radix: 16))
        }
    }

    /// Each example: text, expected width, what it shows.
    static let clusterExamples: [(String, Int, String)] = [
        ("e\u{301}", 1, "é as e + COMBINING ACUTE"),
        ("\u{E9}", 1, "é precomposed"),
        ("漢", 2, "CJK ideograph"),
        ("漢字abc", 7, "CJK and ASCII"),
        ("Hello, world", 12, "ASCII"),
        ("👍", 2, "emoji"),
        ("👍🏽", 2, "emoji modifier sequence"),
        ("☝\u{1F3FD}", 2, "text-default modifier base + modifier"),
        ("\u{1F3FD}", 2, "lone emoji modifier (a swatch)"),
        ("👨\u{200D}👩\u{200D}👧", 2, "emoji ZWJ sequence"),
        ("🏳\u{FE0F}\u{200D}🌈", 2, "ZWJ sequence with text-default first pictograph"),
        ("🇯🇵", 2, "flag: regional-indicator pair"),
        ("🇯🇵🇫", 3, "flag + lone regional indicator"),
        ("\u{1F1EF}", 1, "lone regional indicator"),
        ("☺\u{FE0E}", 1, "text presentation of a text-default emoji"),
        ("☺\u{FE0F}", 2, "emoji presentation sequence"),
        ("☺", 1, "text-default emoji"),
        ("❤\u{FE0F}", 2, "red heart, emoji presentation"),
        ("❤", 1, "heavy black heart, text default"),
        ("⌚\u{FE0E}", 2, "emoji-default (wide) + VS15 keeps 2"),
        ("1\u{FE0F}\u{20E3}", 2, "keycap"),
        ("\u{1112}\u{1161}\u{11AB}", 2, "한 as conjoining jamo L V T"),
        ("\u{1112}\u{1161}", 2, "하 as conjoining jamo L V"),
        ("한", 2, "precomposed Hangul"),
        ("\u{1161}", 1, "lone Hangul medial vowel"),
        ("\u{301}", 1, "lone combining mark gets a cell"),
        ("\u{FE0F}", 0, "lone variation selector is invisible"),
        ("\u{200D}", 0, "lone ZWJ"),
        ("\u{200B}", 0, "zero width space"),
        ("a\u{AD}b", 2, "soft hyphen is invisible"),
        ("a\tb", 2, "TAB is 0: the layout handles it"),
        ("a\r\nb", 2, "CR LF is one zero-width cluster"),
        ("بِسْمِ", 3, "Arabic with harakat: 3 letters"),
        ("السَّلَامُ", 6, "Arabic with shadda and harakat"),
        ("क्षि", 2, "Devanagari conjunct क्ष + ि: two clusters in Unicode 15.0"),
        ("नमस्ते", 4, "Devanagari: न म स्  ते"),
        ("สวัสดี", 4, "Thai with above vowels and tone marks"),
        ("น้ำ", 1, "Thai: SARA AM is a SpacingMark, one cluster"),
        ("กรุงเทพฯ", 7, "Thai: below vowel"),
        ("\u{1000}\u{102B}", 2, "Myanmar vowel sign TALL AA (Mc, outside the cluster): a lone visible mark"),
        ("\u{E01}\u{E33}", 1, "Thai SARA AM joins as a SpacingMark"),
        ("\u{2A6E0}", 2, "unassigned code point of CJK Extension B's block: wide, as in wcwidth"),
    ]

    func testClusterWidths() {
        for (text, width, what) in Self.clusterExamples {
            XCTAssertEqual(CellWidth.of(text), width, "\(what): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertEqual(CellWidth.of(Substring(text)), width, what)
        }
    }

    func testSubstringWidth() {
        let s = "xx漢字👍🏽yy"
        let sub = s.dropFirst(2).dropLast(2)
        XCTAssertEqual(CellWidth.of(sub), 6)
    }
}
