import Foundation
import ReaderState
import TestSupport
import TextContent
import XCTest
@testable import ReaderApp

/// The measure: a simulated steady reader (250 words a minute, 5 letters a word:
/// 1,250 letters a minute, ±10 % uniform noise per page of about 1,500 bytes) reads a
/// generated 6-chapter book for 45 minutes with an injected clock; the time-left estimate
/// for the rest of the chapter and of the book, at the learned speed, is compared with the
/// time the same reader actually takes for it (the rest of the simulation).
final class TimeLeftAccuracyTests: XCTestCase {
    var folder: URL!

    override func setUp() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-timeleft-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    static let lettersPerMinute = 1250.0

    func testSteadyReaderEstimateIsWithin15PercentAfter30Minutes() throws {
        let (content, _) = try StatsBooks.load(Array(repeating: "latin", count: 6), paragraphs: 60, in: folder)
        let census = ScriptCensus(content)
        let pages = StatsBooks.pages(content, step: 1500)
        var rng = SplitMix64(seed: 16)
        let durations: [Double] = zip(pages, pages.dropFirst()).map { a, b in
            let noise = 0.9 + 0.2 * Double(rng.below(10_001)) / 10_000
            return Double(ScriptCounts.count(content, from: a, to: b).total) / Self.lettersPerMinute * 60 * noise
        }
        var tracker = ReadingTracker()
        var speeds = ReadingSpeeds()
        _ = tracker.observe(position: pages[0], at: 0, textHidden: false, screenCells: 80 * 24, content: content, speeds: speeds)
        var time = 0.0
        var checkpoints = [5.0, 10.0, 30.0, 45.0]
        var report: [String] = []
        for i in durations.indices where !checkpoints.isEmpty {
            time += durations[i]
            let interval = try XCTUnwrap(tracker.observe(position: pages[i + 1], at: time, textHidden: false, screenCells: 80 * 24,
                                                         content: content, speeds: speeds), "page \(i) was not counted")
            speeds.learn(speeds.samples(interval.characters, minutes: interval.seconds / 60))
            guard time >= checkpoints[0] * 60 else { continue }
            let minute = checkpoints.removeFirst()
            let estimate = TimeLeftEstimate(position: pages[i + 1], content: content, census: census, speeds: speeds)
            let actual = Self.actual(after: i + 1, pages: pages, durations: durations, content: content)
            let chapterError = estimate.chapterSeconds / actual.chapter - 1, bookError = estimate.bookSeconds / actual.book - 1
            report.append(String(format: "%2.0f min: chapter %+.1f%% (%.1f of %.1f min), book %+.1f%% (%.1f of %.1f min), speed %.0f/min",
                                 minute, chapterError * 100, estimate.chapterSeconds / 60, actual.chapter / 60, bookError * 100,
                                 estimate.bookSeconds / 60, actual.book / 60, speeds.charactersPerMinute(.alphabetic)))
            if minute >= 30 {
                XCTAssertLessThan(abs(chapterError), 0.15, "chapter estimate at \(minute) min")
                XCTAssertLessThan(abs(bookError), 0.15, "book estimate at \(minute) min")
                XCTAssertGreaterThan(actual.chapter, 120, "the checkpoint is not at a chapter's very end")
            }
        }
        XCTAssertTrue(checkpoints.isEmpty, "the book is shorter than 45 minutes")
        print("TimeLeftAccuracy (steady reader, 1,250 letters/min ±10 %):\n  " + report.joined(separator: "\n  "))
    }

    /// The simulated reader's own time for the rest of the chapter and of the book from page `index`.
    static func actual(after index: Int, pages: [ByteOffset], durations: [Double], content: TextContent) -> (chapter: Double, book: Double) {
        let chapterEnd = content.chapters[content.chapterIndex(containing: pages[index])!].range.upperBound
        var chapter = 0.0
        for j in index..<durations.count where pages[j] < chapterEnd {
            let whole = Double(ScriptCounts.count(content, from: pages[j], to: pages[j + 1]).total)
            let part = Double(ScriptCounts.count(content, from: pages[j], to: min(chapterEnd, pages[j + 1])).total)
            chapter += whole > 0 ? durations[j] * part / whole : 0
        }
        return (chapter, durations[index...].reduce(0, +))
    }

    func testSpeedsAreLearnedSeparatelyForCJKAndLatin() throws {
        let (content, _) = try StatsBooks.load(["latin", "cjk", "latin", "cjk"], paragraphs: 40, in: folder)
        let pages = StatsBooks.pages(content, step: 1500)
        var tracker = ReadingTracker()
        var speeds = ReadingSpeeds()
        var time = 0.0
        _ = tracker.observe(position: pages[0], at: 0, textHidden: false, screenCells: 80 * 24, content: content, speeds: speeds)
        for (a, b) in zip(pages, pages.dropFirst()) {
            let read = ScriptCounts.count(content, from: a, to: b)
            time += (Double(read.alphabetic) / 1500 + Double(read.cjk) / 500) * 60   // 1,500 Latin, 500 CJK a minute
            guard let interval = tracker.observe(position: b, at: time, textHidden: false, screenCells: 80 * 24,
                                                 content: content, speeds: speeds) else { continue }
            speeds.learn(speeds.samples(interval.characters, minutes: interval.seconds / 60))
        }
        XCTAssertGreaterThan(content.chapters.count, 3)
        XCTAssertEqual(speeds.charactersPerMinute(.alphabetic), 1500, accuracy: 1500 * 0.05)
        XCTAssertEqual(speeds.charactersPerMinute(.cjk), 500, accuracy: 500 * 0.05)
        print(String(format: "Mixed book: learned alphabetic %.0f/min (true 1,500), CJK %.0f/min (true 500)",
                     speeds.charactersPerMinute(.alphabetic), speeds.charactersPerMinute(.cjk)))
    }
}
