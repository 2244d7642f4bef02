import ReaderState
import XCTest
@testable import ReaderApp

/// The bookshelf's time left from the learned speeds: the class of the book's language.
final class LearnedReadingSpeedTests: XCTestCase {
    func testTheBookLanguageChoosesTheSpeed() {
        var sums = SpeedSums()
        sums.accumulate("alphabetic", characters: 1300 * 100, minutes: 100)
        sums.accumulate("cjk", characters: 330 * 100, minutes: 100)
        let speed = LearnedReadingSpeed(speeds: ReadingSpeeds(sums))
        let english = LibraryEntry(key: "a", path: "/a", title: "A", language: "en-GB", format: "txt", fileSize: 1, added: 0)
        var chinese = english
        chinese.language = "zh-Hans"
        XCTAssertEqual(LearnedReadingSpeed.scriptClass(language: "ja"), .cjk)
        XCTAssertEqual(LearnedReadingSpeed.scriptClass(language: ""), .alphabetic)
        // (1300·100 + 2·1000) / 102 characters a minute × 1.3 bytes / 60.
        XCTAssertEqual(speed.bytesPerSecond(for: english) ?? 0, (132_000.0 / 102) * 1.3 / 60, accuracy: 1e-9)
        XCTAssertEqual(speed.bytesPerSecond(for: chinese) ?? 0, (33_800.0 / 102) * 3.3 / 60, accuracy: 1e-9)
        var book = english
        book.textBytes = 1_300_000
        book.progress = 0.5
        // 650,000 bytes at about 28 bytes a second: 6 h 26 min.
        XCTAssertEqual(TimeLeft.text(for: book, speed: speed), "6 h 26 min")
    }
}
