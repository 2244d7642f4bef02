import Foundation
import XCTest
@testable import ReaderApp

/// `ReadingStatsRecorder.localDay` (the C library's `localtime_r`) against Foundation's
/// Gregorian calendar in the same time zone.
final class ReadingStatsRecorderTests: XCTestCase {
    private var savedTZ: String?

    override func setUp() {
        savedTZ = getenv("TZ").map { String(cString: $0) }
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
    }

    private func calendarDay(_ time: Double, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    func testTheDayIsTheCalendarsInEveryZone() {
        var rng = SystemRandomNumberGenerator()
        // Zones on both sides of UTC, a half-hour one, and one with daylight saving time.
        for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata", "Pacific/Kiritimati", "Europe/Berlin"] {
            setenv("TZ", zone, 1)
            tzset()
            var times: [Double] = [0, 1_780_000_000, 1_780_000_000.75, 951_782_400 /* 2000-02-29 */]
            for _ in 0..<500 { times.append(Double(Int64.random(in: 0...4_102_444_800, using: &rng))) }   // to 2100
            for time in times {
                XCTAssertEqual(ReadingStatsRecorder.localDay(time), calendarDay(time, zone: zone), "\(zone) \(time)")
            }
        }
        setenv("TZ", "UTC", 1)
        tzset()
        XCTAssertEqual(ReadingStatsRecorder.localDay(1_780_000_000), "2026-05-28")
        XCTAssertEqual(ReadingStatsRecorder.localDay(0), "1970-01-01")
        XCTAssertEqual(ReadingStatsRecorder.localDay(.nan), "1970-01-01", "a broken clock gives a day, not a trap")
        XCTAssertEqual(ReadingStatsRecorder.localDay(.infinity), "1970-01-01")
        setenv("TZ", "Asia/Tokyo", 1)
        tzset()
        XCTAssertEqual(ReadingStatsRecorder.localDay(Double(1_780_000_000 - 1_780_000_000 % 86_400 - 1)), "2026-05-28",
                       "23:59:59 UTC the day before is the next morning in Tokyo")
    }
}
