import Foundation
import XCTest
@testable import ReaderApp

/// The bookshelf's "last read" from the C library's local dates, against Foundation's
/// calendar, which it replaces.
final class RelativeDateTests: XCTestCase {
    private var savedTZ: String?

    override func setUp() {
        savedTZ = getenv("TZ").map { String(cString: $0) }
    }

    override func tearDown() {
        if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
        tzset()
    }

    /// Foundation's count of local calendar days, what `RelativeDate` did before.
    private func calendarDays(_ time: Double, _ now: Double, zone: String) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar.dateComponents([.day], from: calendar.startOfDay(for: Date(timeIntervalSince1970: time)),
                                       to: calendar.startOfDay(for: Date(timeIntervalSince1970: now))).day!
    }

    private func setZone(_ zone: String) {
        setenv("TZ", zone, 1)
        tzset()
    }

    func testLastReadCountsTheCalendarsDays() {
        var rng = SystemRandomNumberGenerator()
        // Zones on both sides of UTC, a half-hour one, ones with daylight saving time (not at midnight).
        for zone in ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin", "Australia/Sydney"] {
            setZone(zone)
            for _ in 0..<1000 {
                let now = Double(Int64.random(in: 946_684_800...4_102_444_800, using: &rng))   // 2000 to 2100
                let time = now - Double(Int64.random(in: 0...(Bool.random(using: &rng) ? 200_000 : 90_000_000), using: &rng))
                XCTAssertEqual(RelativeDate.days(from: time, to: now), calendarDays(time, now, zone: zone), "\(zone) \(time) \(now)")
            }
        }
        setZone("UTC")
        XCTAssertEqual(RelativeDate.text(nil, now: 0), "never")
        XCTAssertEqual(RelativeDate.text(86_399, now: 86_400), "yesterday")
        XCTAssertEqual(RelativeDate.text(86_400, now: 86_400 * 2 - 1), "today")
        XCTAssertEqual(RelativeDate.text(0, now: 86_400 * 800), "2 years ago")
        XCTAssertEqual(RelativeDate.localDayNumber(951_782_400), 11_016, "2000-02-29")
    }

    /// Where Foundation's calendar counted a day less: the dates are what counts.
    func testTheDatesCountWhereFoundationsCalendarSkippedADay() {
        setZone("America/Santiago")   // 2024-09-08 began at 01:00 (daylight saving time)
        let sunday = 1_725_807_600.0, monday = sunday + 86_400   // 12:00 local each
        XCTAssertEqual(calendarDays(sunday, monday, zone: "America/Santiago"), 0)
        XCTAssertEqual(RelativeDate.text(sunday, now: monday), "yesterday")
        setZone("Pacific/Apia")   // 2011-12-30 was skipped
        let thursday = 1_325_181_600.0, saturday = 1_325_282_400.0   // 2011-12-29 08:00 and 12-31 12:00 local
        XCTAssertEqual(calendarDays(thursday, saturday, zone: "Pacific/Apia"), 1)
        XCTAssertEqual(RelativeDate.days(from: thursday, to: saturday), 2)
    }
}
