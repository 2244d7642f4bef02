import XCTest
@testable import TextLayout
import UnicodeData

/// The CSS `line-break` tailorings (strict / normal / loose) on Japanese, Chinese and mixed text.
final class LineBreakTailoringTests: XCTestCase {
    /// The text with "|" at every allowed (non-final) break.
    func marked(_ text: String, _ style: LineBreakStyle?) -> String {
        let breaks = style.map { LineBreaks.opportunities(in: text, style: $0) } ?? LineBreaks.opportunities(in: text)
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var last = 0
        for b in breaks where b.offset < bytes.count {
            result += bytes[last..<b.offset] + Array("|".utf8)
            last = b.offset
        }
        result += bytes[last...]
        return String(decoding: result, as: UTF8.self)
    }

    func check(_ text: String, uax14: String? = nil, strict: String, normal: String? = nil, loose: String? = nil,
               file: StaticString = #filePath, line: UInt = #line) {
        if let uax14 { XCTAssertEqual(marked(text, nil), uax14, "UAX #14 default", file: file, line: line) }
        XCTAssertEqual(marked(text, .strict), strict, "strict", file: file, line: line)
        XCTAssertEqual(marked(text, .normal), normal ?? strict, "normal", file: file, line: line)
        XCTAssertEqual(marked(text, .loose), loose ?? normal ?? strict, "loose", file: file, line: line)
    }

    func testSmallKanaAndProlongedSoundMark() {
        // CJ: a nonstarter for strict (and UAX #14 by default), ID for normal and loose.
        check("ちょっと待って。", uax14: "ちょっ|と|待っ|て。", strict: "ちょっ|と|待っ|て。", normal: "ち|ょ|っ|と|待|っ|て。")
        check("コーヒー", uax14: "コー|ヒー", strict: "コー|ヒー", normal: "コ|ー|ヒ|ー")
    }

    func testIterationMarks() {
        check("時々雨", strict: "時々|雨", normal: "時々|雨", loose: "時|々|雨")
        check("いすゞ", strict: "い|すゞ", loose: "い|す|ゞ")
    }

    func testCenteredPunctuation() {
        check("東京・大阪", strict: "東|京・|大|阪", loose: "東|京|・|大|阪")
        check("本当！", strict: "本|当！", loose: "本|当|！")
        check("注意：危険", strict: "注|意：|危|険", loose: "注|意|：|危|険")
    }

    func testCJKHyphens() {
        check("10時〜12時", strict: "10|時〜|12|時", normal: "10|時|〜|12|時")
        // English hyphens are not affected.
        check("well‐known", strict: "well‐|known")
    }

    func testEllipsesAndNumericAffixes() {
        check("彼は……", strict: "彼|は……", loose: "彼|は|…|…")
        check("五％", strict: "五％", loose: "五|％")
        check("￥百", strict: "￥百", loose: "￥|百")
        check("50％増", strict: "50％|増")
    }

    func testClosingPunctuationNeverStartsALine() {
        for style in LineBreakStyle.allCases {
            let text = "「はい」、と言った。（本当に）【注】"
            let marks = marked(text, style)
            for forbidden in ["|」", "|、", "|。", "|）", "|】"] {
                XCTAssertFalse(marks.contains(forbidden), "\(style): \(marks)")
            }
            for forbidden in ["「|", "（|", "【|"] {
                XCTAssertFalse(marks.contains(forbidden), "\(style): line ends with an opening bracket: \(marks)")
            }
        }
        check("你好，世界。", strict: "你|好，|世|界。")
    }

    func testChineseQuotationMarks() {
        // UAX #14 15.0 glues QU to both neighbours; the tailorings let “ start and ” end a
        // line next to East Asian text.
        check("他说：“你好。”我笑了。", uax14: "他|说：“你|好。”我|笑|了。",
              strict: "他|说：|“你|好。”|我|笑|了。", loose: "他|说|：|“你|好。”|我|笑|了。")
        // Western use is unchanged.
        check("He said “hi” to me", strict: "He |said |“hi” |to |me")
    }

    func testClosingQuoteBeforeNonstarter() {
        // Issue #13 (14): the QU tailoring relaxes LB19 only; a nonstarter after ” still
        // never starts a line (LB21 × NS, as in Unicode 16 where LB19a leaves LB21 in force).
        check("称他做“美髯公”；原是", strict: "称|他|做|“美|髯|公”；|原|是",
              loose: "称|他|做|“美|髯|公”；|原|是")
        check("公”：原", strict: "公”：|原")
        check("公”…原", strict: "公”…|原")
        check("うん”ー", strict: "う|ん”ー", normal: "う|ん”|ー")
        // Closing punctuation and ！ were already held by LB13.
        check("公”。原", strict: "公”。|原")
        check("公”！原", strict: "公”！|原")
    }

    func testMixedScripts() {
        check("用iPhone 16拍的照片", uax14: "用|iPhone |16|拍|的|照|片", strict: "用|iPhone |16|拍|的|照|片")
        check("我在Apple Store买了MacBook Pro。", strict: "我|在|Apple |Store|买|了|MacBook |Pro。")
        check("日本語とEnglishの混在", strict: "日|本|語|と|English|の|混|在")
    }

    func testMandatoryBreaksAndEndOfText() {
        let text = "a b\r\nc\n"
        let breaks = LineBreaks.opportunities(in: text)
        XCTAssertEqual(breaks, [
            LineBreakOpportunity(offset: 2, isMandatory: false),
            LineBreakOpportunity(offset: 5, isMandatory: true),
            LineBreakOpportunity(offset: 7, isMandatory: true),
        ])
        XCTAssertEqual(LineBreaks.opportunities(in: "x"), [LineBreakOpportunity(offset: 1, isMandatory: true)])
        XCTAssertEqual(LineBreaks.opportunities(in: ""), [])
    }
}
