public import AirdateCore
import Foundation

/// Where a countdown falls relative to today, in display order.
public enum RelativeBucket: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Later today, or an all-day target today.
    case today
    /// Tomorrow.
    case tomorrow
    /// Later this week (after tomorrow).
    case thisWeek
    /// Later this month (after this week).
    case thisMonth
    /// After this month.
    case later
    /// Already passed.
    case past

    /// "Today", "Tomorrow", "This week", "This month", "Later" or "Past".
    public var title: String {
        switch self {
        case .today: "Today"
        case .tomorrow: "Tomorrow"
        case .thisWeek: "This week"
        case .thisMonth: "This month"
        case .later: "Later"
        case .past: "Past"
        }
    }

    /// The bucket of `target` seen at `reference`.
    public init(_ target: CountdownTarget, at reference: ViewerClock) {
        let zone = reference.timeZone
        if target.hasPassed(by: reference.now, in: zone) {
            self = .past
            return
        }
        let today = reference.today
        let day = target.day(in: zone)
        if day <= today {
            self = .today
        } else if day == today.adding(days: 1) {
            self = .tomorrow
        } else if Week(containing: today, firstWeekday: reference.firstWeekday, in: zone).contains(day) {
            self = .thisWeek
        } else if day.year == today.year && day.month == today.month {
            self = .thisMonth
        } else {
            self = .later
        }
    }

    /// Earlier first.
    public static func < (a: RelativeBucket, b: RelativeBucket) -> Bool { a.rawValue < b.rawValue }
}
