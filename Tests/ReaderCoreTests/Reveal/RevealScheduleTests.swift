import XCTest
@testable import ReaderCore

/// The schedule with an injected clock: every value is computed from the time given.
final class RevealScheduleTests: XCTestCase {
    func testProgressDependsOnTheTimeNotOnHowOftenItIsAsked() {
        var a = RevealSchedule(rate: 30, startingAt: 100)
        let b = RevealSchedule(rate: 30, startingAt: 100)
        // Frames at irregular, late moments: the value at 110 is the same as asking once.
        var t = 100.0
        for step in [0.016, 0.5, 0.017, 2.3, 0.001, 1.166] { t += step; _ = a.progress(at: t) }
        a.setPaused(false, at: t)   // a rebase in between changes nothing either
        XCTAssertEqual(a.progress(at: 110), 300, accuracy: 1e-9)
        XCTAssertEqual(b.progress(at: 110), 300, accuracy: 1e-9)
        XCTAssertEqual(b.activeTime(at: 110), 10, accuracy: 1e-9)
    }

    func testRateChangeKeepsWhatWasReachedAndChangesTheSlope() {
        var s = RevealSchedule(rate: 30, startingAt: 0)
        let before = s.progress(at: 10)
        s.setRate(60, at: 10)
        XCTAssertEqual(s.progress(at: 10), before, accuracy: 1e-9, "no jump at the change")
        XCTAssertEqual(s.progress(at: 11), before + 60, accuracy: 1e-9)
        s.setRate(15, at: 11)
        XCTAssertEqual(s.progress(at: 13), before + 60 + 30, accuracy: 1e-9)
        XCTAssertEqual(s.activeTime(at: 13), 13, accuracy: 1e-9, "the rate does not change active time")
    }

    func testPauseExcludesThePausedTime() {
        var s = RevealSchedule(rate: 20, startingAt: 5)
        s.setPaused(true, at: 6)
        XCTAssertEqual(s.progress(at: 60), 20, accuracy: 1e-9)
        XCTAssertNil(s.time(whenProgressReaches: 21), "nothing becomes due while paused")
        XCTAssertNil(s.time(whenActiveTimeReaches: 2))
        s.setPaused(false, at: 60)
        XCTAssertEqual(s.progress(at: 61), 40, accuracy: 1e-9)
        XCTAssertEqual(s.activeTime(at: 61), 2, accuracy: 1e-9)
    }

    func testFastForwardIsTenTimesFasterForProgressAndActiveTime() {
        var s = RevealSchedule(rate: 30, startingAt: 0)
        s.setFastForward(true, at: 1)
        XCTAssertEqual(s.progress(at: 2), 30 + 300, accuracy: 1e-9)
        XCTAssertEqual(s.activeTime(at: 2), 1 + 10, accuracy: 1e-9)
        s.setFastForward(false, at: 2)
        XCTAssertEqual(s.progress(at: 3), 360, accuracy: 1e-9)
    }

    func testInverseTimes() throws {
        var s = RevealSchedule(rate: 40, startingAt: 2)
        s.setRate(80, at: 3)        // 40 units at 3
        let t = try XCTUnwrap(s.time(whenProgressReaches: 120))
        XCTAssertEqual(t, 4, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.time(whenActiveTimeReaches: 5)), 7, accuracy: 1e-9)
    }

    func testSetProgressKeepsActiveTime() {
        var s = RevealSchedule(rate: 10, startingAt: 0)
        s.setProgress(500, at: 3)
        XCTAssertEqual(s.progress(at: 4), 510, accuracy: 1e-9)
        XCTAssertEqual(s.activeTime(at: 4), 4, accuracy: 1e-9)
    }

    func testExcludedIntervalIsAsIfTimeStoodStill() {
        var s = RevealSchedule(rate: 30, startingAt: 0)
        s.excludeInterval(from: 2, to: 302)   // stopped for five minutes
        XCTAssertEqual(s.progress(at: 302), 60, accuracy: 1e-9)
        XCTAssertEqual(s.progress(at: 303), 90, accuracy: 1e-9)
        XCTAssertEqual(s.activeTime(at: 303), 3, accuracy: 1e-9)
    }

    func testTimingNeverWakesEarlierThanOneFrameAfterTheLast() {
        // Next grapheme due in 1 ms, but the last frame was 2 ms ago: wait for the frame slot.
        XCTAssertEqual(RevealTiming.timeoutMilliseconds(next: 10.001, now: 10, lastFrame: 9.998), 15)
        // At 30 cps the next grapheme is 33.3 ms away: round up, never early.
        XCTAssertEqual(RevealTiming.timeoutMilliseconds(next: 10 + 1.0 / 30, now: 10, lastFrame: 10), 34)
        // Already late: no wait.
        XCTAssertEqual(RevealTiming.timeoutMilliseconds(next: 9, now: 10, lastFrame: 9.9), 0)
    }
}
