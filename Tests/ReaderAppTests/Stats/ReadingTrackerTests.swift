import Foundation
import TextContent
import XCTest
@testable import ReaderApp

/// What counts as reading time: page turns within 2 minutes, forward within 3 screens
/// at a plausible pace; not idle pauses, jumps, or time behind an overlay.
final class ReadingTrackerTests: XCTestCase {
    var content: TextContent!
    var pages: [ByteOffset]!
    let cells = 80 * 24
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-tracker-\(UUID().uuidString)")
        content = try StatsBooks.load(["latin", "latin"], paragraphs: 20, in: folder).content
        pages = StatsBooks.pages(content, step: 1500)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func observe(_ t: inout ReadingTracker, _ page: Int, at time: Double, hidden: Bool = false) -> ReadingInterval? {
        t.observe(position: pages[page], at: time, textHidden: hidden, screenCells: cells, content: content, speeds: ReadingSpeeds())
    }

    func testPageTurnsCountTheirTimeAndCharacters() {
        var t = ReadingTracker()
        XCTAssertNil(observe(&t, 0, at: 0), "the first position starts the clock")
        XCTAssertNil(observe(&t, 0, at: 30), "no change, nothing yet")
        let interval = observe(&t, 1, at: 60)
        XCTAssertEqual(interval?.seconds, 60)
        XCTAssertEqual(interval?.characters, ScriptCounts.count(content, from: pages[0], to: pages[1]))
        XCTAssertGreaterThan(interval?.characters.alphabetic ?? 0, 1000)
        XCTAssertEqual(interval?.characters.cjk, 0)
    }

    func testIdleLongerThanTwoMinutesDoesNotCount() {
        var t = ReadingTracker()
        _ = observe(&t, 0, at: 0)
        XCTAssertNotNil(observe(&t, 1, at: 119), "just under the limit counts")
        XCTAssertNil(observe(&t, 2, at: 119 + 121), "an interval over 2 minutes counts 0")
        XCTAssertEqual(observe(&t, 3, at: 240 + 50)?.seconds, 50, "the next page counts again")
    }

    func testJumpsAndSkimmingDoNotCount() {
        var t = ReadingTracker()
        _ = observe(&t, 0, at: 0)
        XCTAssertNil(observe(&t, 10, at: 60), "ten pages ahead is a jump")
        XCTAssertNil(observe(&t, 11, at: 62), "a page in 2 s is skimming")
        let back = observe(&t, 10, at: 90)
        XCTAssertEqual(back?.seconds, 28, "a step back counts its time")
        XCTAssertEqual(back?.characters, ScriptCounts(), "but no characters")
        XCTAssertNil(observe(&t, 1, at: 120), "far back is a jump")
    }

    func testTimeBehindAnOverlayDoesNotCount() {
        var t = ReadingTracker()
        _ = observe(&t, 0, at: 0)
        XCTAssertNil(observe(&t, 0, at: 20, hidden: true), "contents open")
        XCTAssertNil(observe(&t, 1, at: 80, hidden: true))
        XCTAssertNil(observe(&t, 1, at: 90), "closed: the clock starts again here")
        XCTAssertEqual(observe(&t, 2, at: 130)?.seconds, 40)
    }

    func testScriptClassesAndTimeLeftText() {
        let mixed = Array("Ab1 ,é 漢かカ한。".utf8)
        XCTAssertEqual(ScriptCounts.count(mixed, 0..<mixed.count), ScriptCounts(alphabetic: 4, cjk: 4))
        XCTAssertEqual(ScriptCounts.count(mixed, 1..<mixed.count).alphabetic, 3, "a range may start anywhere")
        XCTAssertEqual(TimeLeftEstimate.duration(20), "< 1 min")
        XCTAssertEqual(TimeLeftEstimate.duration(12 * 60 + 10), "12 min")
        XCTAssertEqual(TimeLeftEstimate.duration(3 * 3600 + 5 * 60), "3 h 5 min")
    }
}

/// The script classes' shortcuts agree with the Unicode properties they stand for.
final class ScriptClassTests: XCTestCase {
    func testShortcutsAgreeWithTheProperties() {
        let cjk: [ClosedRange<UInt32>] = [0x1100...0x11FF, 0x3005...0x3007, 0x3040...0x30FF, 0x3130...0x318F, 0x31F0...0x31FF,
                                          0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF66...0xFF9F,
                                          0x20000...0x3FFFF]
        let exceptions: Set<UInt32> = [0xAA, 0xB5, 0xBA]   // ª µ º: letters, counted as signs
        var differences: [String] = []
        for v in UInt32(0)...0x2FFFF where !(0xD800...0xDFFF).contains(v) && !exceptions.contains(v) {
            let p = Unicode.Scalar(v)!.properties
            let expected: ScriptClass? = cjk.contains { $0.contains(v) } ? .cjk
                : (p.isAlphabetic || p.numericType == .decimal) ? .alphabetic : nil
            if ScriptClass.of(v) != expected { differences.append(String(v, radix: 16)) }
        }
        XCTAssertEqual(differences, [])
    }
}
