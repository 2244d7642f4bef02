import XCTest
@testable import BookFormats
import TextContent

/// Aozora Bunko markup.
final class TXTAozoraTests: XCTestCase {
    func testAozoraFixtureIsReadable() throws {
        for file in ["ja_aozora_sjis_crlf.txt", "ja_aozora_eucjp.txt"] {
            let content = try TXTFixtures.read(file)
            let blocks = content.blocks.map { content.string(in: $0.range) }
            XCTAssertEqual(blocks, [
                "灯台守の夜", "海野しずく", "一",
                "灯台の番人は、毎晩同じ時刻に階段を上った。",
                "古い硝子窓の向こうで、海が静かに光っていた。",
                "「今夜も風が強いね」と彼は言った。",
                "挘という字を彼は知らなかった。",
                "二",
                "朝になると、霧が港を包んだ。子供たちは浜に出て、流れ着いた板を数えた。",
                "底本：「灯台守の夜」架空書房", "2024（令和6）年1月1日第1刷発行", "入力：読書機テスト",
            ], file)
            let text = content.string(in: content.fullRange)
            for markup in ["［＃", "《", "》", "｜", "-----", "【テキスト中"] { XCTAssertFalse(text.contains(markup), "\(file): \(markup)") }
            XCTAssertEqual(content.blocks[2].kind, .heading)
            XCTAssertEqual(content.blocks[0].kind, .heading)
            XCTAssertEqual(content.rubies.map { [content.string(in: $0.base), content.reading(of: $0)] },
                           [["灯台", "とうだい"], ["硝子窓", "がらすまど"]], file)
            XCTAssertEqual(content.chapters.last?.title, "底本", file)
            XCTAssertEqual(content.validate(), [], file)
        }
    }

    func testRubyAndAnnotations() {
        func render(_ s: String) -> (String, Int?) {
            let bytes = Array(s.utf8)
            return bytes.withUnsafeBufferPointer { p in
                let line = AozoraMarkup.transform(p, 0..<bytes.count)
                var out: [UInt8] = []
                for piece in line.pieces {
                    switch piece {
                    case .source(let r): out += bytes[r]
                    case .literal(let b): out += b
                    }
                }
                return (String(decoding: out, as: UTF8.self), line.headingRank)
            }
        }
        XCTAssertEqual(render("吾輩《わがはい》は猫").0, "吾輩は猫")
        XCTAssertEqual(render("一番｜獰悪《どうあく》な").0, "一番獰悪な")
        XCTAssertEqual(render("［＃８字下げ］三［＃「三」は中見出し］").0, "三")
        XCTAssertEqual(render("［＃８字下げ］三［＃「三」は中見出し］").1, 3)
        XCTAssertEqual(render("［＃「上」は大見出し］上").1, 1)
        XCTAssertEqual(render("小［＃「小」は小見出し］").1, 4)
        XCTAssertEqual(render("※［＃「言＋墟のつくり」、第4水準2-88-74］だ").0, "譃だ")
        XCTAssertEqual(render("※［＃未知の字］だ").0, "※だ")
        XCTAssertEqual(render("※［＃「てへん＋劣」、U+6318、45-6］だ").0, "挘だ")
        XCTAssertEqual(render("外［＃「外［＃入れ子］」に傍点］側").0, "外側")
        XCTAssertEqual(render("｜ただの縦線").0, "｜ただの縦線")  // no ruby on the line: kept
        XCTAssertNil(render("普通の文。").1)
    }

    func testChineseBookTitleMarksAreNotRuby() throws {
        // 《》 in Chinese text are title marks, never Aozora ruby.
        let content = try TXTFixtures.read("zh_hans_gb18030.txt")
        XCTAssertTrue(content.string(in: content.fullRange).hasPrefix("《灯塔笔记》"))
    }
}
