import XCTest
@testable import TextLayout
import UnicodeData

/// The generated resolved-class table agrees, for every code point, with the raw Line_Break
/// class after UAX #14 LB1, and with the property bits its splits are defined by.
final class ResolvedLineBreakClassTests: XCTestCase {
    func testEveryCodePointResolvesPerLB1() {
        var failures = 0
        for cp in 0..<UInt32(0x110000) {
            let record = UnicodeProperties.shared.record(cp)
            let resolved = LineBreakClassTable.shared.resolvedClass(cp)
            var raw = record.lineBreak
            switch raw {                                                       // LB1
            case .AI, .SG, .XX: raw = .AL
            case .SA: raw = record.isCombiningMark ? .CM : .AL
            case .CJ: raw = .NS
            default: break
            }
            var ok = LineBreakRuleSet.uax14.kind(resolved) == raw
            if record.lineBreak == .SA { ok = ok && (resolved == .SA || resolved == .SAMark) }
            switch resolved {
            case .OPWide, .CPWide, .CLWide: ok = ok && record.isEastAsianFWH       // LB30
            case .OP, .CP, .CL: ok = ok && !record.isEastAsianFWH
            case .IDUnassignedPictographic: ok = ok && record.isExtendedPictographic && record.isUnassigned  // LB30b
            case .CJ: ok = ok && record.lineBreak == .CJ
            case .SA: ok = ok && record.lineBreak == .SA && !record.isCombiningMark          // dictionary letters
            case .SAMark: ok = ok && record.lineBreak == .SA && record.isCombiningMark
            default: break
            }
            if !ok {
                failures += 1
                if failures < 10 { XCTFail(String(format: "U+%04X: raw %@ resolved %@", cp, "\(record.lineBreak)", "\(resolved)")) }
            }
        }
        XCTAssertEqual(failures, 0)
    }

    func testTailoringSplits() {
        let table = LineBreakClassTable.shared
        XCTAssertEqual(table.resolvedClass(0x3005), .NSIteration)     // 々
        XCTAssertEqual(table.resolvedClass(0x301C), .NSHyphen)        // 〜
        XCTAssertEqual(table.resolvedClass(0x2010), .BAHyphen)        // ‐
        XCTAssertEqual(table.resolvedClass(0x30FB), .NSCentered)      // ・
        XCTAssertEqual(table.resolvedClass(0xFF01), .EXCentered)      // ！
        XCTAssertEqual(table.resolvedClass(0x2026), .INEllipsis)      // …
        XCTAssertEqual(table.resolvedClass(0xFF05), .POWide)          // ％
        XCTAssertEqual(table.resolvedClass(0xFFE5), .PRWide)          // ￥
        XCTAssertEqual(table.resolvedClass(0x201C), .QUInitial)       // “
        XCTAssertEqual(table.resolvedClass(0x201D), .QUFinal)         // ”
        XCTAssertEqual(table.resolvedClass(0x3063), .CJ)              // っ
        XCTAssertEqual(table.resolvedClass(0x3002), .CLWide)          // 。
        XCTAssertEqual(table.resolvedClass(0x0E01), .SA)              // ก (SA: AL in the rules)
        XCTAssertEqual(table.resolvedClass(0x0E31), .SAMark)          // ั (SA, Mn: CM in the rules)
        XCTAssertEqual(LineBreakRuleSet.uax14.kind(.SA), .AL)
        XCTAssertEqual(LineBreakRuleSet.uax14.kind(.SAMark), .CM)
        for b in 0..<128 { XCTAssertEqual(table.ascii[b], table.classRaw(UInt32(b))) }
    }
}
