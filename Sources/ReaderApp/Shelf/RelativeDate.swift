import Foundation

/// "Last read" as the bookshelf says it: "today", "yesterday", "3 days ago", "5 weeks
/// ago", "2 years ago", "never". Days are counted in local calendar days.
public enum RelativeDate {
    /// The text for `time` (seconds since 1970) seen at `now`; nil `time` is "never".
    public static func text(_ time: Double?, now: Double, calendar: Calendar = .current) -> String {
        guard let time else { return "never" }
        let days = calendar.dateComponents([.day], from: calendar.startOfDay(for: Date(timeIntervalSince1970: time)),
                                           to: calendar.startOfDay(for: Date(timeIntervalSince1970: now))).day ?? 0
        switch days {
        case ..<1: return "today"
        case 1: return "yesterday"
        case 2..<14: return "\(days) days ago"
        case 14..<61: return "\(days / 7) weeks ago"
        case 61..<730: return "\(days / 30) months ago"
        default: return "\(days / 365) years ago"
        }
    }
}
