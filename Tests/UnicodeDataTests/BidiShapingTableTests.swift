import Foundation
import XCTest
import UnicodeData

/// Checks the bidi bracket, mirroring and Arabic shaping tables against the UCD files.
final class BidiShapingTableTests: XCTestCase {
    static let ucd = "/usr/share/unicode"

    /// Data lines of a UCD file as (fields) with comments stripped; a missing file fails.
    func dataLines(_ path: String) throws -> [[String]] {
        let full = "\(Self.ucd)/\(path)"
        guard let text = try? String(contentsOfFile: full, encoding: .utf8) else {
            XCTFail("\(full) is missing or unreadable: install Debian's unicode-data package (apt-get install unicode-data)")
            throw CocoaError(.fileNoSuchFile)
        }
        return text.split(separator: "\n").compactMap { line in
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = body.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            return fields.count >= 2 && !fields[0].isEmpty ? fields : nil
        }
    }

    func testPairedBracketsMatchBidiBrackets() throws {
        var listed = Set<UInt32>()
        for f in try dataLines("BidiBrackets.txt") {
            let cp = UInt32(f[0], radix: 16)!
            listed.insert(cp)
            XCTAssertEqual(BidiPairedBrackets.pairedBracket(of: cp), UInt32(f[1], radix: 16)!, f[0])
            XCTAssertEqual(BidiPairedBrackets.type(of: cp), f[2] == "o" ? .open : .close, f[0])
        }
        XCTAssertEqual(listed.count, 128)
        for cp in UInt32(0)..<0x110000 where !listed.contains(cp) {
            if BidiPairedBrackets.type(of: cp) != .none { XCTFail(String(format: "U+%04X is not a bracket", cp)); break }
        }
        XCTAssertEqual(BidiPairedBrackets.canonical(0x2329), 0x3008)
        XCTAssertEqual(BidiPairedBrackets.canonical(0x232A), 0x3009)
        XCTAssertEqual(BidiPairedBrackets.canonical(0x28), 0x28)
    }

    func testMirroringGlyphsMatchBidiMirroring() throws {
        var listed = [UInt32: UInt32]()
        for f in try dataLines("BidiMirroring.txt") { listed[UInt32(f[0], radix: 16)!] = UInt32(f[1], radix: 16)! }
        XCTAssertEqual(listed.count, 428)
        var wrong = 0
        for cp in UInt32(0)..<0x110000 where BidiMirroringGlyph.glyph(of: cp) != listed[cp] { wrong += 1 }
        XCTAssertEqual(wrong, 0)
        XCTAssertEqual(BidiMirroringGlyph.glyph(of: Unicode.Scalar("(")), ")")
        XCTAssertEqual(BidiMirroringGlyph.glyph(of: Unicode.Scalar("«")), "»")
    }

    /// Joining_Type for every code point against extracted/DerivedJoiningType.txt (which
    /// lists the T characters explicitly), and the explicit entries of ArabicShaping.txt.
    func testJoiningTypeForEveryCodePoint() throws {
        var expected = [String](repeating: "U", count: 0x110000)
        for f in try dataLines("extracted/DerivedJoiningType.txt") {
            let bounds = f[0].components(separatedBy: "..")
            for cp in UInt32(bounds[0], radix: 16)!...UInt32(bounds.last!, radix: 16)! { expected[Int(cp)] = f[1] }
        }
        for f in try dataLines("ArabicShaping.txt") {
            XCTAssertEqual(expected[Int(UInt32(f[0], radix: 16)!)], f[2], "ArabicShaping.txt vs DerivedJoiningType.txt at \(f[0])")
        }
        var wrong: [String] = []
        for cp in UInt32(0)..<0x110000 where "\(ArabicShapingData.joiningType(of: cp))" != expected[Int(cp)] {
            if wrong.count < 10 { wrong.append(String(format: "U+%04X", cp)) }
        }
        XCTAssertEqual(wrong, [])
        XCTAssertEqual(ArabicShapingData.joiningType(of: 0x0628), .D)   // beh
        XCTAssertEqual(ArabicShapingData.joiningType(of: 0x0627), .R)   // alef
        XCTAssertEqual(ArabicShapingData.joiningType(of: 0x064E), .T)   // fatha (Mn, unlisted)
        XCTAssertEqual(ArabicShapingData.joiningType(of: 0x0640), .C)   // tatweel
        XCTAssertEqual(ArabicShapingData.joiningType(of: 0x200D), .C)   // ZWJ
    }

    /// Every <isolated>/<final>/<initial>/<medial> decomposition of one code point in
    /// UnicodeData.txt, and the eight lam-alef ligatures.
    func testPresentationFormsMatchUnicodeData() throws {
        let tags = ["<isolated>": ArabicShapingData.Form.isolated, "<final>": .final, "<initial>": .initial, "<medial>": .medial]
        var checked = 0, lamAlef = 0
        for f in try dataLines("UnicodeData.txt") {
            let cp = UInt32(f[0], radix: 16)!
            let parts = f[5].split(separator: " ")
            guard let tag = parts.first, let form = tags[String(tag)] else { continue }
            let args = parts.dropFirst().map { UInt32($0, radix: 16)! }
            if args.count == 1 {
                XCTAssertEqual(ArabicShapingData.presentationForm(of: args[0], form), cp, f[0])
                checked += 1
            } else if (0xFEF5...0xFEFC).contains(cp) {
                XCTAssertEqual(args[0], 0x644)
                XCTAssertEqual(ArabicShapingData.lamAlefLigature(alef: args[1], final: form == .final), cp, f[0])
                lamAlef += 1
            }
        }
        XCTAssertEqual(checked, 242)
        XCTAssertEqual(lamAlef, 8)
        XCTAssertEqual(ArabicShapingData.presentationForm(of: 0x0628, .initial), 0xFE91)
        XCTAssertNil(ArabicShapingData.presentationForm(of: 0x0627, .initial))
    }
}
