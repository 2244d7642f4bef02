import Glibc

/// "Last read" as the bookshelf says it: "today", "yesterday", "3 days ago", "5 weeks
/// ago", "2 years ago", "never". Days are counted in local calendar days (from the C
/// library's `localtime_r`, as the reading statistics' days: Foundation's calendar would
/// page in its ICU code for them).
public enum RelativeDate {
    /// The text for `time` (seconds since 1970) seen at `now`; nil `time` is "never".
    public static func text(_ time: Double?, now: Double) -> String {
        guard let time else { return "never" }
        let days = Self.days(from: time, to: now)
        switch days {
        case ..<1: return "today"
        case 1: return "yesterday"
        case 2..<14: return "\(days) days ago"
        case 14..<61: return "\(days / 7) weeks ago"
        case 61..<730: return "\(days / 30) months ago"
        default: return "\(days / 365) years ago"
        }
    }

    /// The local calendar days from the date of `time` to the date of `now` (how far apart
    /// the two dates are on the calendar). Foundation's calendar, which this replaces, gave
    /// one day less in two odd cases: from a day whose midnight daylight saving time skipped
    /// (Santiago's 2024-09-08 began at 01:00), and across a date a time zone skipped (Samoa's
    /// 2011-12-30).
    static func days(from time: Double, to now: Double) -> Int {
        localDayNumber(now) - localDayNumber(time)
    }

    /// The local date of `time` as days since 1970-01-01 (0 for a time the C library
    /// cannot place).
    static func localDayNumber(_ time: Double) -> Int {
        guard time.isFinite, abs(time) < 1e15 else { return 0 }
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return daysFromCivil(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`: years counted from March, so that the leap day ends a year).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
