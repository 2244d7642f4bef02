import XCTest
import UnicodeData
@testable import TextLayout

/// The generated fit-kind table against its rules, computed here from the property records
/// for every BMP code point (the computation the fitter ran at start before the table was
/// generated), and a few code points whose kind is known.
final class FitKindTests: XCTestCase {
    private func expected(_ cp: Int) -> UInt8 {
        let r = UnicodeProperties.shared.record(UInt32(cp)).raw
        let gcb = (r >> 6) & 0xF
        let w = UInt8((r >> 11) & 3)
        let kind: UInt8
        if gcb == 0 && (w == 1 || w == 2) && r & (RecordBits.extendedPictographic | RecordBits.emojiPresentation) == 0 {
            kind = FitKind.base
        } else if gcb == 4 && w == 0 && cp != 0xFE0E && cp != 0xFE0F {
            kind = FitKind.mark
        } else if (gcb == 1 || gcb == 2 || gcb == 3) && (w == 0 || w == 3) {
            kind = FitKind.control
        } else {
            kind = FitKind.complex
        }
        return kind << 2 | (kind == FitKind.base ? w : 0)
    }

    func testEveryBMPCodePointFollowsTheRules() {
        var wrong: [String] = []
        for cp in 0..<0x10000 where FitKind.table[cp] != expected(cp) {
            wrong.append(String(format: "U+%04X: %d, expected %d", cp, FitKind.table[cp], expected(cp)))
        }
        XCTAssertEqual(wrong.count, 0, wrong.prefix(10).joined(separator: "; "))
    }

    func testKnownCodePoints() {
        let table = FitKind.table
        XCTAssertEqual(table[0x61], FitKind.base << 2 | 1, "a: a base of one cell")
        XCTAssertEqual(table[0x5B57], FitKind.base << 2 | 2, "字: a base of two cells")
        XCTAssertEqual(table[0x0301], FitKind.mark << 2, "a combining acute: a mark")
        XCTAssertEqual(table[0x0A], FitKind.control << 2, "LF: a control")
        XCTAssertEqual(table[0xFE0F], FitKind.complex << 2, "VS16: the full rules")
        XCTAssertEqual(table[0x2764], FitKind.complex << 2, "❤ (Extended_Pictographic): the full rules")
        XCTAssertEqual(table[0x1100], FitKind.complex << 2, "a Hangul leading consonant (L): the full rules")
    }
}
