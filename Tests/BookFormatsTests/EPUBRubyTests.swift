import XCTest
import TextContent
@testable import BookFormats

/// `<ruby>` readings and CSS `text-emphasis` from EPUB content documents (issue #17).
final class EPUBRubyTests: XCTestCase {
    /// Walks `body` as one XHTML document and checks the result's invariants.
    func walk(_ body: String, classes: [String: EmphasisMark] = [:], file: StaticString = #filePath, line: UInt = #line) -> TextContent {
        var builder = TextContentBuilder(metadata: BookMetadata(title: "t", format: .epub))
        builder.defineTarget("t.xhtml")
        let walker = XHTMLWalker(builder: builder, entryPath: "t.xhtml", emphasisClasses: classes)
        let data = Array(TestEPUBWriter.xhtml(body).utf8)
        XCTAssertTrue(data.withUnsafeBufferPointer { walker.parse($0) }, file: file, line: line)
        var b = walker.takeBuilder()
        let content = b.finish()
        XCTAssertEqual(content.validate(), [], file: file, line: line)
        return content
    }

    /// (base, reading) of every annotation.
    func rubies(_ c: TextContent) -> [[String]] {
        c.rubies.map { [c.string(in: $0.base), c.reading(of: $0)] }
    }

    func marks(_ c: TextContent) -> [[String]] {
        c.emphasisMarks.map { [c.string(in: $0.range), "\($0.mark)"] }
    }

    // MARK: Ruby

    func testMonoRubyIsOneAnnotationPerBase() {
        let c = walk("<p>前<ruby>漢<rt>かん</rt>字<rt>じ</rt></ruby>後</p>")
        XCTAssertEqual(c.blockTexts, ["前漢字後"], "readings are not in the text")
        XCTAssertEqual(rubies(c), [["漢", "かん"], ["字", "じ"]])
        XCTAssertEqual(String(decoding: c.rubyText, as: UTF8.self), "かんじ")
    }

    func testGroupRuby() {
        let c = walk("<p><ruby>漢字<rt>かんじ</rt></ruby>です</p>")
        XCTAssertEqual(c.blockTexts, ["漢字です"])
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]])
    }

    func testRubyBasesPairWithReadingsInOrder() {
        let c = walk("<p><ruby><rb>漢</rb><rb>字</rb><rt>かん</rt><rt>じ</rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["漢字"])
        XCTAssertEqual(rubies(c), [["漢", "かん"], ["字", "じ"]])
        // More bases than readings: the last base has none.
        let d = walk("<p><ruby><rb>漢</rb><rb>字</rb><rt>かんじ</rt></ruby></p>")
        XCTAssertEqual(rubies(d), [["漢", "かんじ"]])
    }

    func testRubyParenthesesAreIgnored() {
        let c = walk("<p><ruby>漢字<rp>（</rp><rt>かんじ</rt><rp>）</rp></ruby>を</p>")
        XCTAssertEqual(c.blockTexts, ["漢字を"])
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]])
        let d = walk("<p><ruby>東<rp>(</rp><rt>とう</rt><rp>)</rp>京<rp>(</rp><rt>きょう</rt><rp>)</rp></ruby></p>")
        XCTAssertEqual(d.blockTexts, ["東京"])
        XCTAssertEqual(rubies(d), [["東", "とう"], ["京", "きょう"]])
    }

    func testRtcIsASecondLevelIgnoredUnlessItIsTheOnlyOne() {
        let c = walk("<p><ruby>漢<rt>かん</rt>字<rt>じ</rt><rtc><rt>Chinese characters</rt></rtc></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["漢字"])
        XCTAssertEqual(rubies(c), [["漢", "かん"], ["字", "じ"]])
        let d = walk("<p><ruby>漢字<rtc><rt>かんじ</rt></rtc></ruby></p>")
        XCTAssertEqual(rubies(d), [["漢字", "かんじ"]])
        let e = walk("<p><ruby>漢字<rtc>かんじ</rtc></ruby></p>")
        XCTAssertEqual(rubies(e), [["漢字", "かんじ"]], "text directly in the rtc")
    }

    func testStylesInsideTheBaseStillApply() {
        let c = walk("<p><ruby><span>漢</span><em>字</em><rt>かんじ</rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["漢字"])
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]])
        XCTAssertEqual(c.styles.map { c.string(in: $0.range) }, ["字"])
        XCTAssertEqual(c.styles.first?.style, .emphasis)
    }

    func testWhitespaceBetweenRubyElementsIsIgnored() {
        let c = walk("<p>あ<ruby>\n  <rb>漢</rb>\n  <rb>字</rb>\n  <rp>(</rp><rt> かん </rt>\n <rt>\n じ\n </rt>\n</ruby>い</p>")
        XCTAssertEqual(c.blockTexts, ["あ漢字い"])
        XCTAssertEqual(rubies(c), [["漢", "かん"], ["字", "じ"]])
    }

    func testReadingsCollapseWhitespaceAndDecodeEntities() {
        let c = walk("<p><ruby>AT&amp;T<rt>a  t\n&amp; <b>t</b></rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["AT&T"])
        XCTAssertEqual(rubies(c), [["AT&T", "a t & t"]])
        XCTAssertTrue(c.styles.isEmpty, "markup inside a reading styles nothing")
    }

    func testRtOutsideRubyIsShownInParentheses() {
        let c = walk("<p>漢字<rt>かんじ</rt>です</p>")
        XCTAssertEqual(c.blockTexts, ["漢字（かんじ）です"])
        XCTAssertTrue(c.rubies.isEmpty)
    }

    func testRubyWithoutBaseShowsTheReadingInParentheses() {
        let c = walk("<p>あ<ruby><rt>かんじ</rt></ruby>い</p>")
        XCTAssertEqual(c.blockTexts, ["あ（かんじ）い"])
        XCTAssertTrue(c.rubies.isEmpty)
        let d = walk("<p><ruby><rp>(</rp><rt>よみ</rt><rp>)</rp></ruby></p>")
        XCTAssertEqual(d.blockTexts, ["（よみ）"])
        // A second reading without a base of its own.
        let e = walk("<p><ruby>漢<rt>かん</rt><rt>じ</rt></ruby></p>")
        XCTAssertEqual(e.blockTexts, ["漢（じ）"])
        XCTAssertEqual(rubies(e), [["漢", "かん"]])
    }

    func testEmptyReadingIsNoAnnotation() {
        let c = walk("<p><ruby>漢字<rt></rt></ruby> <ruby>仮名<rt>  </rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["漢字 仮名"])
        XCTAssertTrue(c.rubies.isEmpty)
    }

    func testNestedRubyKeepsTheOuterReadings() {
        let c = walk("<p><ruby><ruby>漢<rt>かん</rt></ruby>字<rt>かんじ</rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["漢字"], "the inner reading is dropped, its base joins the outer one")
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]])
        // Unclosed rubies deep down: no crash, valid content.
        _ = walk("<p>" + String(repeating: "<ruby>a<rt>b</rt>", count: 300) + "</p>")
        _ = walk("<p>" + String(repeating: "<rt>a<ruby>b", count: 300) + "</p>")
    }

    func testBaseNeverSpansALineBreak() {
        let c = walk("<p><ruby>上の<br/>漢字<rt>かんじ</rt></ruby></p>")
        XCTAssertEqual(c.blockTexts, ["上の\n漢字"])
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]], "the base is cut to its last line")
        let d = walk("<p><ruby>漢字<br/><rt>かんじ</rt></ruby>次</p>")
        XCTAssertEqual(d.blockTexts, ["漢字\n（かんじ）次"], "nothing after the break: the reading is shown")
        XCTAssertTrue(d.rubies.isEmpty)
    }

    func testBaseAcrossABlockStaysInTheLastBlock() {
        let c = walk("<div><ruby>前<p>漢字</p><rt>かんじ</rt></ruby></div>")
        XCTAssertEqual(c.blockTexts, ["前", "漢字", "（かんじ）"], "the base's block closed: the reading is shown")
        XCTAssertTrue(c.rubies.isEmpty)
    }

    func testHTMLOptionalEndTagsInsideRuby() {
        let c = walk("<p><ruby>漢<rp>(<rt>かん<rp>)</rp>字<rt>じ</ruby>後</p>")
        XCTAssertEqual(c.blockTexts, ["漢字後"])
        XCTAssertEqual(rubies(c), [["漢", "かん"], ["字", "じ"]])
        let d = walk("<p><ruby><rb>漢<rb>字<rt>かん<rt>じ</ruby></p>")
        XCTAssertEqual(d.blockTexts, ["漢字"])
        XCTAssertEqual(rubies(d), [["漢", "かん"], ["字", "じ"]])
        let e = walk("<p><ruby>漢字<rtc><rt>かん<rt>じ</rtc></ruby></p>")
        XCTAssertEqual(rubies(e), [["漢字", "かん"]], "an rt does not end its rtc; the second reading has no base")
        XCTAssertEqual(e.blockTexts, ["漢字（じ）"])
        let f = walk("<p><ruby>漢<rt>か<span>ん<rt>x</rt>字</span>じ</ruby>後<rt>y</rt></p>")
        XCTAssertEqual(f.validate(), [])
    }

    func testRubyInsideHeadingsAndLinksAndFirstInABlock() {
        let c = walk("<h1><ruby>草<rt>くさ</rt></ruby>枕</h1><p><a href='#x'><ruby>智<rt>ち</rt></ruby></a>に働けば</p>")
        XCTAssertEqual(c.blockTexts, ["草枕", "智に働けば"])
        XCTAssertEqual(rubies(c), [["草", "くさ"], ["智", "ち"]])
    }

    // MARK: Emphasis

    func testTextEmphasisInAStyleAttribute() {
        let c = walk("""
            <p>a<span style="text-emphasis: filled sesame">傍点</span>b\
            <em style="-epub-text-emphasis-style: open circle">白丸</em>c\
            <span style="color: red; -webkit-text-emphasis-style: triangle">三角</span>d\
            <span style="text-emphasis-style: sesame">胡麻</span><span style="text-emphasis: none">無</span>\
            <span style='text-emphasis-style: "*"'>星</span><span style="TEXT-EMPHASIS: filled double-circle red">二重</span>\
            <span style="text-emphasis: open dot">点</span></p>
            """)
        XCTAssertEqual(marks(c), [["傍点", "sesame"], ["白丸", "whiteCircle"], ["三角", "blackTriangle"],
                                  ["胡麻", "sesame"], ["星", "sesame"], ["二重", "doubleCircle"], ["点", "whiteCircle"]])
    }

    func testEmphasisCoversNestedTextAndRubyBases() {
        let c = walk("<p><span style=\"text-emphasis: sesame\">こ<b>れ</b> <ruby>漢<rt>かん</rt></ruby></span>外</p>")
        XCTAssertEqual(c.blockTexts, ["これ 漢外"])
        XCTAssertEqual(marks(c), [["これ", "sesame"], ["漢", "sesame"]], "not over the space, nor over the reading")
        XCTAssertEqual(rubies(c), [["漢", "かん"]])
    }

    func testEmphasisByClass() {
        let c = walk("<p><span class=\"x em-sesame\">傍点</span>と<span class=\"em-dot\">丸</span>と<span class=\"other\">無</span></p>",
                     classes: ["em-sesame": .sesame, "em-dot": .blackCircle])
        XCTAssertEqual(marks(c), [["傍点", "sesame"], ["丸", "blackCircle"]])
    }

    func testStylesheetClassRules() {
        let css = """
            @charset "utf-8";
            /* Dendenkit */ .em-sesame { -epub-text-emphasis-style: filled sesame; text-emphasis-style: filled sesame; }
            .em-dot, span.em-circle { text-emphasis: filled circle }
            @media screen { .em-triangle { -webkit-text-emphasis-style: open triangle } }
            p .descendant { text-emphasis: sesame } .a.b { text-emphasis: sesame }
            .gone { text-emphasis: sesame } .gone { text-emphasis: none }
            .plain { color: red } .str { content: "}"; text-emphasis: "x" }
            @font-face { font-family: x; src: url(a.otf) }
            .unterminated { text-emphasis: sesame
            """
        var classes: [String: EmphasisMark] = [:]
        TextEmphasisCSS.addEmphasisClasses(in: Array(css.utf8), to: &classes)
        XCTAssertEqual(classes, ["em-sesame": .sesame, "em-dot": .blackCircle, "em-circle": .blackCircle,
                                 "em-triangle": .whiteTriangle, "str": .sesame, "unterminated": .sesame])
    }

    func testHostileStylesheetsAreBounded() {
        var classes: [String: EmphasisMark] = [:]
        for css in ["{{{{", "}}}}", "/*", "\"", ".a{\"", String(repeating: "@media{", count: 10000),
                    String(repeating: ".a{", count: 10000), String(repeating: "/*/", count: 10000)] {
            TextEmphasisCSS.addEmphasisClasses(in: Array(css.utf8), to: &classes)
        }
        var many = ""
        for i in 0..<3000 { many += ".c\(i){text-emphasis:sesame}" }
        TextEmphasisCSS.addEmphasisClasses(in: Array(many.utf8), to: &classes)
        XCTAssertEqual(classes.count, TextEmphasisCSS.maximumClasses)
    }

    /// The committed fixture (`Tools/fixtures/make_epub_fixtures.py`, `ruby()`).
    func testRubyFixture() throws {
        let c = try EPUBFixtures.read("ruby.epub")
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(c.blockTexts, ["草枕", "山路を登りながら、こう考えた。", "智に働けば角が立つ。情に棹させば流される。",
                                      "東京と漢字、明日。", "傍点と白丸と胡麻と三角。", "迷子の読み（まいご）と（よみ）と上\n下。"])
        XCTAssertEqual(rubies(c), [["草", "くさ"], ["枕", "まくら"], ["登", "のぼ"], ["智", "ち"], ["角", "かど"], ["情", "じょう"],
                                   ["棹", "さお"], ["東", "とう"], ["京", "きょう"], ["漢字", "かんじ"], ["明日", "あした"], ["下", "した"]])
        XCTAssertEqual(marks(c), [["傍点", "sesame"], ["白丸", "whiteCircle"], ["胡麻", "sesame"], ["三角", "blackTriangle"]])
        XCTAssertEqual(c.chapters.first?.title, "草枕", "a heading's title is its base text")
    }

    func testStylesheetsOfTheBookApply() throws {
        let dir = TestEPUBWriter.temporaryDirectory()
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("css.epub").path
        let body = "<p>普通<span class=\"bouten\">強調</span>と<ruby>漢字<rt>かんじ</rt></ruby></p>"
        try TestEPUBWriter.write(path, [
            .init("META-INF/container.xml", TestEPUBWriter.container),
            .init("content.opf", TestEPUBWriter.opf([("c1", "c1.xhtml")],
                                                    extraManifest: "<item id=\"css\" href=\"style/book.css\" media-type=\"text/css\"/>")),
            .init("style/book.css", "span.bouten { -epub-text-emphasis-style: filled sesame; }"),
            .init("c1.xhtml", TestEPUBWriter.xhtml(body)),
        ])
        let c = try EPUBReader.read(path: path)
        XCTAssertEqual(c.validate(), [])
        XCTAssertEqual(marks(c), [["強調", "sesame"]])
        XCTAssertEqual(rubies(c), [["漢字", "かんじ"]])
        // Through the lazy path too.
        let one = try EPUBPackage(path: path).document(at: 0)
        XCTAssertEqual(marks(one), [["強調", "sesame"]])
    }
}

/// The Kusamakura EPUB of the shared corpus (`../shared/corpus/epub`, next to the
/// repository), when it is there: every `<rt>` becomes an annotation. The unit tests
/// above do not depend on it.
final class EPUBRubyCorpusTests: XCTestCase {
    func testKusamakuraHasAnAnnotationPerReading() throws {
        let path = EPUBFixtures.directory.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/epub/idpf_kusamakura-ja-vertical.epub").path
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("no corpus at \(path)") }
        let package = try EPUBPackage(path: path)
        let zip = try ZipArchive(path: path)
        var readings = 0
        for item in package.spine {
            let text = String(decoding: try zip.read(item.entryPath), as: UTF8.self)
            readings += text.components(separatedBy: "<rt>").count - 1
        }
        let content = try package.readAll()
        print("Kusamakura: \(readings) <rt>, \(content.rubies.count) annotations, \(content.emphasisMarks.count) emphasis runs")
        XCTAssertEqual(content.validate(), [])
        XCTAssertEqual(content.rubies.count, readings)
        XCTAssertGreaterThan(content.emphasisMarks.count, 0, "strong.sesame_dot in the book's CSS")
    }
}
