import XCTest
@testable import BookFormats
import TextContent

/// Aozora Bunko markup filling the model: ruby, emphasis marks, styles, placement, page
/// breaks, gaiji, the colophon chapter and broken markup.
final class TXTAozoraModelTests: XCTestCase {
    /// A book: an Aozora header (title, author, the symbol block) and `body` lines.
    static func book(_ body: [String], colophon: [String] = []) throws -> TextContent {
        let header = ["試験の本", "試験太郎", "", "-------------------------------------------------------",
                      "【テキスト中に現れる記号について】", "《》：ルビ", "［＃］：入力者注", "-------------------------------------------------------", ""]
        let text = (header + body + ["", ""] + colophon).joined(separator: "\r\n") + "\r\n"
        let content = try PlainTextReader.read(bytes: Array(text.utf8), name: "aozora.txt", encoding: "UTF-8")
        XCTAssertEqual(content.validate(), [])
        return content
    }

    /// The blocks' texts after the title and author.
    static func body(_ c: TextContent) -> [String] {
        c.blocks.dropFirst(2).map { c.string(in: $0.range) }
    }

    /// (base, reading) of every ruby.
    static func rubies(_ c: TextContent) -> [[String]] {
        c.rubies.map { [c.string(in: $0.base), c.reading(of: $0)] }
    }

    func testRubyBaseDetection() throws {
        let c = try Self.book([
            "吾輩《わがはい》は猫である。",
            "お嬢様《おじょうさま》が来た。",
            "一番｜獰悪《どうあく》な種族",
            "人々《ひとびと》と一ヶ月《いっかげつ》と〆切《しめきり》",
            "カタカナ《かたかな》、ひらがな《ヒラガナ》とＡＢＣ《えーびーしー》とabc《エービーシー》",
            "フ※［＃小書き片仮名ヒ、1-6-84］の漢※［＃「てへん＋劣」、U+6318、45-6］《かんもう》だ",
            "漢字《かんじ》漢字《かんじ》",
            "𠮷野家《よしのや》",
        ])
        XCTAssertEqual(Self.body(c), ["吾輩は猫である。", "お嬢様が来た。", "一番獰悪な種族", "人々と一ヶ月と〆切",
                                      "カタカナ、ひらがなとＡＢＣとabc", "フㇶの漢挘だ", "漢字漢字", "𠮷野家"])
        XCTAssertEqual(Self.rubies(c), [
            ["吾輩", "わがはい"], ["嬢様", "おじょうさま"], ["獰悪", "どうあく"],
            ["人々", "ひとびと"], ["一ヶ月", "いっかげつ"], ["〆切", "しめきり"],
            ["カタカナ", "かたかな"], ["ひらがな", "ヒラガナ"], ["ＡＢＣ", "えーびーしー"], ["abc", "エービーシー"],
            ["漢挘", "かんもう"], ["漢字", "かんじ"], ["漢字", "かんじ"], ["𠮷野家", "よしのや"],
        ])
    }

    func testReadingWithGaijiAndBarWithoutRuby() throws {
        let c = try Self.book([
            "鼾《※［＃「言＋墟のつくり」、第4水準2-88-74］き》をかく",
            "｜ただの縦線",
            "縦｜線《せん》と｜ふたつ｜目《め》",
        ])
        XCTAssertEqual(Self.body(c), ["鼾をかく", "｜ただの縦線", "縦線と｜ふたつ目"])
        XCTAssertEqual(Self.rubies(c), [["鼾", "\u{8B43}き"], ["線", "せん"], ["目", "め"]])
    }

    func testBrokenRubyIsText() throws {
        let c = try Self.book([
            "閉じない《ルビ",
            "孤独な》括弧",
            "「《よみ》」と行頭",
            "《ぎょうとう》",
            "空《》のルビ",
        ])
        XCTAssertEqual(Self.body(c), ["閉じない《ルビ", "孤独な》括弧", "「《よみ》」と行頭", "《ぎょうとう》", "空のルビ"])
        XCTAssertTrue(c.rubies.isEmpty)
        XCTAssertTrue(c.warnings.contains { $0.contains("empty Aozora ruby") }, "\(c.warnings)")
    }

    func testEmphasisVariants() throws {
        let names = ["傍点", "白ゴマ傍点", "丸傍点", "白丸傍点", "黒三角傍点", "白三角傍点", "二重丸傍点", "蛇の目傍点",
                     "ばつ傍点", "傍線", "二重傍線", "鎖線", "破線", "波線"]
        let marks: [EmphasisMark] = [.sesame, .whiteSesame, .blackCircle, .whiteCircle, .blackTriangle, .whiteTriangle,
                                     .doubleCircle, .bullseye, .cross, .sideLine, .doubleSideLine, .sideLine, .sideLine, .sideLine]
        let lines = names.map { "前の語と後の語［＃「後の語」に\($0)］。" }
            + ["左側［＃「左側」の左に傍点］", "始め［＃傍点］ここから［＃傍点終わり］後", "範囲［＃丸傍点］行末まで",
               "次の行も［＃丸傍点終わり］終わり", "前の語と前［＃「前の語」に傍点］"]
        let c = try Self.book(lines)
        XCTAssertFalse(c.string(in: c.fullRange).contains("［＃"))
        let runs = c.emphasisMarks.map { [c.string(in: $0.range), "\($0.mark)"] }
        XCTAssertEqual(runs, marks.map { ["後の語", "\($0)"] } + [
            ["左側", "sesame"], ["ここから", "sesame"], ["行末まで", "blackCircle"], ["次の行も", "blackCircle"],
            ["前の語", "sesame"],
        ])
    }

    func testStyles() throws {
        let c = try Self.book([
            "太い字［＃「太い字」は太字］と［＃太字］範囲［＃太字終わり］",
            "斜め［＃「斜め」は斜体］",
            "Ｔ１［＃「１」は下付き小文字］とｘ２［＃「２」は上付き小文字］",
        ])
        XCTAssertEqual(Self.body(c), ["太い字と範囲", "斜め", "Ｔ１とｘ２"])
        let styles = c.styles.map { [c.string(in: $0.range), "\($0.style)"] }
        XCTAssertEqual(styles, [["太い字", "strong"], ["範囲", "strong"], ["斜め", "emphasis"],
                                ["１", "subscript"], ["２", "superscript"]])
    }

    func testPlacementAndPageBreaks() throws {
        let c = try Self.book([
            "［＃２字下げ］二字下げの段落",
            "［＃ここから三字下げ］",
            "中の一",
            "中の二",
            "［＃ここで字下げ終わり］",
            "［＃ここから１字下げ、折り返して３字下げ］",
            "折り返し",
            "［＃ここで字下げ終わり］",
            "地に付く［＃地付き］",
            "［＃地から２字上げ］上げる",
            "［＃ここから地付き］",
            "地の一",
            "［＃ここで地付き終わり］",
            "普通",
            "［＃改ページ］",
            "新しいページ",
            "前の文［＃改丁］",
            "次の文",
            "［＃天から１０字下げ］十字",
        ])
        let placed = c.blocks.dropFirst(2).map { b -> String in
            let p = b.placement
            return "\(c.string(in: b.range)) \(p.firstIndent)/\(p.restIndent) \(p.endGap.map { "\($0)" } ?? "-") \(p.startsPage)"
        }
        XCTAssertEqual(placed, [
            "二字下げの段落 4/4 - false", "中の一 6/6 - false", "中の二 6/6 - false", "折り返し 2/6 - false",
            "地に付く 0/0 0 false", "上げる 0/0 4 false", "地の一 0/0 0 false", "普通 0/0 - false",
            "新しいページ 0/0 - true", "前の文 0/0 - false", "次の文 0/0 - true", "十字 20/20 - false",
        ])
    }

    func testHeadingsWithPlacementAndColophonChapter() throws {
        let c = try Self.book([
            "［＃８字下げ］一［＃「一」は中見出し］",
            "本文《ほんぶん》です。",
            "［＃８字下げ］二［＃「二」は中見出し］",
            "二の本文。",
        ], colophon: ["底本：「試験の本」架空書房", "入力：読書機テスト"])
        XCTAssertEqual(c.metadata.title, "試験の本")
        XCTAssertEqual(c.metadata.authors, ["試験太郎"])
        XCTAssertEqual(c.chapters.map(\.title), ["試験の本", "一", "二", "底本"])
        let colophon = c.chapters.last!
        XCTAssertEqual(c.string(in: colophon.range), "底本：「試験の本」架空書房\n入力：読書機テスト")
        let heading = c.blocks.first { c.string(in: $0.range) == "一" }!
        XCTAssertEqual(heading.kind, .heading)
        XCTAssertEqual(heading.placement.firstIndent, 16)
        XCTAssertEqual(Self.rubies(c), [["本文", "ほんぶん"]])
    }

    func testNoAnnotationSurvives() throws {
        let forms = [
            "字［＃「字」に傍点］", "［＃傍点］字［＃傍点終わり］", "字［＃「字」は太字］", "［＃２字下げ］字",
            "［＃ここから２字下げ］", "［＃ここで字下げ終わり］", "［＃地付き］字", "［＃地から１字上げ］字",
            "［＃改ページ］", "［＃改丁］", "［＃改段］", "［＃改見開き］", "字［＃「字」は中見出し］",
            "※［＃「言＋墟のつくり」、第4水準2-88-74］", "※［＃「てへん＋劣」、U+6318、45-6］", "※［＃未知の外字］",
            "※［＃「足へん＋厨」、第3水準1-92-39］", "字［＃「字」は底本では「宇」］", "字［＃ルビの「じ」は底本では「し」］",
            "字［＃「外［＃入れ子］」に傍点］", "［＃］", "字《じ［＃注］》", "閉じない［＃注記", "字［＃「字」は縦中横］",
            "［＃ここから太字］", "字", "［＃ここで太字終わり］",
        ]
        let c = try Self.book(forms)
        let text = c.string(in: c.fullRange)
        XCTAssertFalse(text.contains("［＃"), text)
        XCTAssertFalse(text.contains("］"), text)
        XCTAssertTrue(text.contains("\u{8B43}"))
        XCTAssertTrue(text.contains("\u{8E70}"), text)  // 第3水準1-92-39 → 蹰
        XCTAssertTrue(c.warnings.contains { $0.contains("without ］") }, "\(c.warnings)")
    }

    func testLineTransformNumbers() {
        XCTAssertEqual(AozoraAnnotation.number("８"), 8)
        XCTAssertEqual(AozoraAnnotation.number("十二"), 12)
        XCTAssertEqual(AozoraAnnotation.number("二十"), 20)
        XCTAssertEqual(AozoraAnnotation.number("10"), 10)
        XCTAssertNil(AozoraAnnotation.number("字"))
        XCTAssertEqual(AozoraAnnotation.parse("ここから２字下げ、折り返して３字下げ"), .blockIndent(first: 4, rest: 6))
        XCTAssertEqual(AozoraAnnotation.parse("地から３字上げ"), .lineEndGap(6))
        XCTAssertEqual(AozoraAnnotation.parse("「あ」の左に白丸傍点"), .target("あ", .emphasis(.whiteCircle)))
    }
}

extension TXTAozoraModelTests {
    func testGaijiThenEmphasisOnTheSameLine() throws {
        let c = try Self.book(["前［＃「前」に傍点］と※［＃「てへん＋劣」、U+6318、45-6］字［＃「挘字」に傍点］"])
        XCTAssertEqual(c.emphasisMarks.map { c.string(in: $0.range) }, ["前", "挘字"])
    }

    func testHostileLinesStayLinear() throws {
        // Many ｜ with no ruby, many 《 without 》, deep nesting, many targets: all quick.
        let bars = String(repeating: "｜字", count: 10000)
        let opens = String(repeating: "字《", count: 10000)
        let nested = String(repeating: "［＃「", count: 2000) + "字" + String(repeating: "」に傍点］", count: 2000)
        let targets = "字" + String(repeating: "［＃「無い」に傍点］", count: 5000)
        let start = Date()
        let c = try Self.book([bars, opens, nested, targets])
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        XCTAssertEqual(c.string(in: c.blocks[2].range), bars)
        XCTAssertEqual(c.string(in: c.blocks[3].range), opens)
        XCTAssertFalse(c.string(in: c.fullRange).contains("［＃"))
    }
}
