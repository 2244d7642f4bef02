import Foundation
import XCTest
import UnicodeData

/// Checks the generated word and sentence boundary table against the UCD files, for
/// every code point: Word_Break, Sentence_Break, Extended_Pictographic.
final class SegmentationTableTests: XCTestCase {
    static let ucd = "/usr/share/unicode"

    /// The UCD value names, in the order of the enums' cases.
    static let wordBreakNames = ["Other", "CR", "LF", "Newline", "Extend", "ZWJ", "Regional_Indicator", "Format",
                                 "Katakana", "Hebrew_Letter", "ALetter", "Single_Quote", "Double_Quote", "MidNumLet",
                                 "MidLetter", "MidNum", "Numeric", "ExtendNumLet", "WSegSpace"]
    static let sentenceBreakNames = ["Other", "CR", "LF", "Extend", "Sep", "Format", "Sp", "Lower", "Upper", "OLetter",
                                     "Numeric", "ATerm", "STerm", "Close", "SContinue"]

    /// Per-code-point values of `field` in a UCD file of ranges ("Other" where unlisted).
    func values(_ path: String, where keep: (String) -> Bool = { _ in true }) throws -> [String] {
        let full = "\(Self.ucd)/\(path)"
        guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
            XCTFail("\(full) is missing: install Debian's unicode-data package (apt-get install unicode-data)")
            throw CocoaError(.fileNoSuchFile)
        }
        var out = [String](repeating: "Other", count: 0x110000)
        for line in text.split(separator: "\n") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 2, keep(fields[1]) else { continue }
            let bounds = fields[0].components(separatedBy: "..")
            guard let a = Int(bounds[0], radix: 16), let b = Int(bounds.last!, radix: 16) else { continue }
            for cp in a...b { out[cp] = fields[1] }
        }
        return out
    }

    func testEveryCodePointMatchesTheUCD() throws {
        XCTAssertEqual(WordBreakProperty.allCases.count, Self.wordBreakNames.count)
        XCTAssertEqual(SentenceBreakProperty.allCases.count, Self.sentenceBreakNames.count)
        let wb = try values("auxiliary/WordBreakProperty.txt")
        let sb = try values("auxiliary/SentenceBreakProperty.txt")
        let pict = try values("emoji/emoji-data.txt") { $0 == "Extended_Pictographic" }
        let table = SegmentationTable.shared
        var mismatches: [String] = []
        for cp in 0..<0x110000 {
            let r = table.record(UInt32(cp))
            let got = (Self.wordBreakNames[Int(r.wordBreak.rawValue)], Self.sentenceBreakNames[Int(r.sentenceBreak.rawValue)],
                       r.isExtendedPictographic)
            if got != (wb[cp], sb[cp], pict[cp] == "Extended_Pictographic") {
                mismatches.append(String(format: "U+%04X", cp) + " \(got) UCD \(wb[cp]) \(sb[cp]) \(pict[cp])")
            }
        }
        XCTAssertEqual(mismatches.count, 0, mismatches.prefix(20).joined(separator: "\n"))
    }

    func testDictionaryScriptsAndLettersOnExamples() {
        let table = SegmentationTable.shared
        for cp: UInt32 in [0x79C1, 0x306F, 0x30AB, 0x30FC, 0x0E2A, 0x0E31, 0x0EA5, 0x1780, 0x1000] {
            XCTAssertTrue(table.record(cp).isDictionaryScript, String(format: "U+%04X", cp))
        }
        for cp: UInt32 in [0x41, 0x3002, 0x0643, 0x20, 0x31, 0xFF10] {
            XCTAssertFalse(table.record(cp).isDictionaryScript, String(format: "U+%04X", cp))
        }
        for cp: UInt32 in [0x41, 0x61, 0x31, 0x79C1, 0x0643, 0x00B2] {
            XCTAssertTrue(table.record(cp).isLetterOrNumber, String(format: "U+%04X", cp))
        }
        for cp: UInt32 in [0x20, 0x2E, 0x2D, 0x3002, 0x0301, 0x1F600] {
            XCTAssertFalse(table.record(cp).isLetterOrNumber, String(format: "U+%04X", cp))
        }
    }
}
