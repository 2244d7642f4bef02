import XCTest
@testable import TextLayout
import UnicodeData
import TestSupport

/// `LineBreaks.collect` (compiled, minimized pair table; UTF-8 decoded inline) must agree with
/// a direct evaluation of the rules, context by context, on random mixed-script text.
final class LineBreakCollectTests: XCTestCase {

    /// Characters of every line-break class, in several scripts and UTF-8 lengths.
    static let pool: [Unicode.Scalar] = [
        "a", "Z", "e", " ", " ", "\n", "\r", "\t", "-", ".", ",", "!", "?", "/", "(", ")", "[", "]", "{", "}",
        "\"", "'", "$", "%", "+", "#", "0", "1", "9", "\u{00A0}", "\u{00B4}", "\u{00AD}", "\u{2014}", "\u{2026}",
        "\u{2025}", "\u{200B}", "\u{2060}", "\u{200D}", "\u{0301}", "\u{0308}", "\u{FFFC}", "\u{000B}", "\u{0085}",
        "\u{201C}", "\u{201D}", "\u{2018}", "\u{2019}", "\u{00AB}", "\u{00BB}", "\u{2010}", "\u{2013}", "\u{00B0}",
        "\u{2103}", "\u{00A5}", "\u{20AC}", "\u{2116}",
        "用", "的", "中", "国", "。", "、", "，", "：", "；", "！", "？", "「", "」", "『", "』", "（", "）", "【", "】",
        "ぁ", "ょ", "っ", "ー", "ゝ", "ゞ", "々", "〜", "゠", "・", "ア", "ン", "％", "＄", "￥",
        "한", "국", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{AC00}", "\u{AC01}",
        "ب", "ي", "ت", "\u{064E}", "٣", "،", "؟", "א", "ב", "ש",
        "ก", "า", "\u{0E31}", "\u{0E48}", "ไ",
        "😀", "👍", "\u{1F3FB}", "\u{1F1EF}", "\u{1F1F5}", "\u{1FAF8}", "\u{20000}", "\u{2F800}", "\u{1F46A}",
        "\u{0378}", "\u{E000}", "\u{FEFF}", "\u{3000}", "\u{17D6}", "\u{0F0B}", "\u{1680}",
    ]

    /// The breaks by evaluating the rules directly (no table, no minimization).
    static func reference(_ scalars: [Unicode.Scalar], set: LineBreakRuleSet) -> [Int] {
        var result: [Int] = []
        var context = LineBreakContext.startOfText
        var offset = 0
        var deferred = 0
        for s in scalars {
            let c = LineBreakClassTable.shared.resolvedClass(s.value)
            let (decision, _, _) = LineBreakPairTable.decide(context, c, set)
            let next = LineBreakPairTable.transition(context, c, decision, set)
            if context.pendingNumberOpen {
                let absorbed = next.pendingNumberOpen && decision != .deferred
                if !absorbed && set.kind(c) != .NU { result.append(deferred << 1) }
            }
            switch decision {
            case .prohibited: break
            case .allowed: result.append(offset << 1)
            case .mandatory: result.append(offset << 1 | 1)
            case .deferred: deferred = offset
            }
            context = next
            offset += String(s).utf8.count
        }
        if offset > 0 {
            if context.pendingNumberOpen { result.append(deferred << 1) }
            result.append(offset << 1 | 1)
        }
        return result
    }

    func testCollectAgreesWithRulesOnRandomText() {
        var rng = SplitMix64(state: 0x5EED)
        var out: [Int] = []
        for round in 0..<3000 {
            let length = Int.random(in: 0...40, using: &rng)
            let scalars = (0..<length).map { _ in Self.pool.randomElement(using: &rng)! }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            for set in LineBreakRuleSet.allCases {
                let expected = Self.reference(scalars, set: set)
                var copy = text
                copy.withUTF8 { LineBreaks.collect($0, set: set, dictionary: false, into: &out) }
                if out != expected {
                    XCTFail("round \(round), \(set): \(scalars.map { String($0.value, radix: 16) }) collect \(out) rules \(expected)")
                    return
                }
                let opportunities = set == .uax14 ? LineBreaks.opportunities(in: text)
                    : LineBreaks.opportunities(in: text, style: [.strict, .normal, .loose][set.rawValue - 1])
                // The styles add ICU's dictionary breaks inside SA runs (DictionaryBreakTests
                // checks those against ICU); everywhere else they are the rules'.
                let inner = set == .uax14 ? [] : Self.insideRuns(text)
                XCTAssertEqual(opportunities.map { $0.offset << 1 | ($0.isMandatory ? 1 : 0) }.filter { !inner.contains($0 >> 1) },
                               expected)
            }
        }
    }

    /// The offsets strictly inside the SA runs of `text`.
    static func insideRuns(_ text: String) -> Set<Int> {
        var copy = text
        var inner = Set<Int>()
        copy.withUTF8 { bytes in
            DictionaryBreaks.forEachRun(bytes, from: 0) { run, _ in inner.formUnion(run.dropFirst()) }
        }
        return inner
    }

    func testCollectReplacesContentsAndHandlesLargeInput() {
        var out = [42, 43]
        let big = String(repeating: "用iPhone 16拍的照片，“好”。\n", count: 5000)
        var copy = big
        copy.withUTF8 { LineBreaks.collect($0, style: .strict, into: &out) }
        XCTAssertEqual(out, LineBreaks.opportunities(in: big, style: .strict).map { $0.offset << 1 | ($0.isMandatory ? 1 : 0) })
        XCTAssertEqual(out.last, big.utf8.count << 1 | 1)
        UnsafeBufferPointer<UInt8>(start: nil, count: 0).withMemoryRebound(to: UInt8.self) {
            LineBreaks.collect($0, style: .normal, into: &out)
        }
        XCTAssertEqual(out, [])
    }

    func testPairTablesAreSmall() {
        for set in LineBreakRuleSet.allCases {
            let states = LineBreakPairTable.table(set).contexts.count
            XCTAssertLessThanOrEqual(states, 128, "\(set)")
            print("line-break states, \(set): \(states)")
        }
    }
}

extension LineBreakCollectTests {
    func testMalformedUTF8StaysInBounds() {
        var rng = SplitMix64(state: 7)
        var out: [Int] = []
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 1...24, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            bytes.withUnsafeBufferPointer { LineBreaks.collect($0, style: .strict, into: &out) }
            XCTAssertEqual(out.last, bytes.count << 1 | 1)
            XCTAssertTrue(out.allSatisfy { $0 >> 1 <= bytes.count })
        }
    }
}
