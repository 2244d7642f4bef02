import XCTest
@testable import BookFormats

/// Heading patterns of `ChapterDetector`.
final class TXTChapterDetectorTests: XCTestCase {
    private func title(_ line: String) -> String? {
        guard let m = ChapterDetector.match(line) else { return nil }
        return String(decoding: Array(line.utf8)[m.titleStart..<m.titleEnd], as: UTF8.self)
    }
    private func rank(_ line: String) -> Int? { ChapterDetector.match(line)?.rank }

    func testChinese() {
        XCTAssertEqual(title("《》目录 第一回　灵根育孕源流出　心性修持大道生"), "第一回　灵根育孕源流出　心性修持大道生")
        XCTAssertEqual(title(" 第01回 王教头私走延安府 九纹龙大闹史家村"), "第01回 王教头私走延安府 九纹龙大闹史家村")
        XCTAssertEqual(title("正文 第一千零二十章 终局"), "第一千零二十章 终局")
        XCTAssertEqual(title("第 12 章"), "第 12 章")
        XCTAssertEqual(title("第１２章　全角"), "第１２章　全角")
        XCTAssertEqual(title("　　第三節"), "第三節")
        XCTAssertEqual(title(" 楔子 张天师祈禳瘟疫 洪太尉误走妖魔"), "楔子 张天师祈禳瘟疫 洪太尉误走妖魔")
        XCTAssertEqual(title("卷一 风起"), "卷一 风起")
        XCTAssertEqual(rank("第一卷 风起"), 1)
        XCTAssertEqual(rank("第一部"), 0)
        XCTAssertEqual(rank("第三回"), 3)
        XCTAssertEqual(rank("第三节"), 4)
        XCTAssertEqual(rank("尾声"), ChapterDetector.specialRank)
        // Not headings.
        XCTAssertNil(title("他说：“第一回看见这盏灯的人，总会记得它。”"))
        XCTAssertNil(title("第二天他就走了。"))
        XCTAssertNil(title("第一章说到这里，"))
        XCTAssertNil(title("后记得他的人不多"))
        XCTAssertNil(title(String(repeating: "长", count: 70) + "第一章"))
    }

    func testJapaneseAndKorean() {
        XCTAssertEqual(title("第一話　灯"), "第一話　灯")
        XCTAssertEqual(rank("第十話"), 3)
        XCTAssertEqual(title("제1장 등대"), "제1장 등대")
        XCTAssertEqual(rank("제 2 부"), 1)
        XCTAssertEqual(title("プロローグ"), "プロローグ")
    }

    func testEnglish() {
        XCTAssertEqual(title("CHAPTER IV."), "CHAPTER IV.")
        XCTAssertEqual(title("Chapter 4"), "Chapter 4")
        XCTAssertEqual(title("Chapter I.]"), "Chapter I.")
        XCTAssertEqual(title("CHAPTER XIII"), "CHAPTER XIII")
        XCTAssertEqual(title("Part I: 1805"), "Part I: 1805")
        XCTAssertEqual(title("BOOK ONE"), "BOOK ONE")
        XCTAssertEqual(title("Book the First"), "Book the First")
        XCTAssertEqual(title("Chapter Twenty-One. The End"), "Chapter Twenty-One. The End")
        XCTAssertEqual(title("Letter 12"), "Letter 12")
        XCTAssertEqual(title("First Epilogue: 1813–20"), "First Epilogue: 1813–20")
        XCTAssertEqual(rank("First Epilogue: 1813–20"), 2)
        XCTAssertEqual(rank("EPILOGUE"), ChapterDetector.specialRank)
        XCTAssertEqual(rank("VOLUME II"), 0)
        XCTAssertEqual(rank("BOOK I"), 1)
        XCTAssertEqual(rank("PART II"), 2)
        XCTAssertEqual(rank("CHAPTER I"), 3)
        // Not headings.
        XCTAssertNil(title("Heading to Chapter IV.   18"))
        XCTAssertNil(title("CHAPTER IV.                                   18"))
        XCTAssertNil(title("chapter 4"))
        XCTAssertNil(title("Chapter one of his notebook was dull."))
        XCTAssertNil(title("Part of the problem"))
        XCTAssertNil(title("Book IIII"))
        XCTAssertNil(title("Chapter IC"))
        XCTAssertNil(title("Letter from home"))
        XCTAssertNil(title("Prologues are long"))
    }

    func testRomanNumerals() {
        for (s, ok) in [("I", true), ("IV", true), ("XLIX", true), ("MCMXCIV", true), ("iv", true), ("IIII", false), ("VX", false), ("Iv", false), ("", false)] {
            XCTAssertEqual(ChapterDetector.isRoman(s), ok, s)
        }
    }
}
