public import Foundation

/// A wall-clock date and time without a zone, such as "2024-03-10 at 20:00".
///
/// Turning it into an instant always names a `TimeZone`; times skipped or repeated by a
/// daylight-saving change are resolved as documented on ``date(in:)``.
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The calendar day.
    public var day: CalendarDay
    /// The time of day on the wall clock.
    public var time: TimeOfDay

    /// Creates a local date and time.
    public init(day: CalendarDay, time: TimeOfDay) {
        self.day = day
        self.time = time
    }

    /// The wall-clock date and time of `date` in `timeZone` (instants outside the years 1 to 9999
    /// are taken at the start of 0001-01-01 or the end of 9999-12-31).
    public init(containing date: Date, in timeZone: TimeZone) {
        let offset = timeZone.secondsFromGMT(for: date)
        let first = Double(CalendarDay.supportedDayNumbers.lowerBound) * 86_400
        let last = Double(CalendarDay.supportedDayNumbers.upperBound) * 86_400 + 86_399
        let wall = date.timeIntervalSince1970.rounded(.down) + Double(offset)
        let local = wall.isNaN ? 0 : Int(min(max(wall, first), last))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let seconds = local - days * 86_400
        self.day = CalendarDay(daysSince1970: days)
        self.time = TimeOfDay(unchecked: seconds / 3600, seconds % 3600 / 60, seconds % 60)
    }

    /// The instant this wall-clock time names in `timeZone`.
    ///
    /// - A time repeated when clocks go back resolves to the earlier instant.
    /// - A time skipped when clocks go forward resolves to the instant that many seconds after
    ///   the jump (02:30 on a day New York jumps from 02:00 to 03:00 becomes 03:30 EDT); so
    ///   midnight on a day that starts at 01:00 becomes the day's first instant.
    public func date(in timeZone: TimeZone) -> Date {
        let wall = Double(day.daysSince1970 * 86_400 + time.secondsSinceMidnight)
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400 * 1.5))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400 * 1.5))
        let here = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        var best: Double?
        for offset in [before, here, after] {
            let candidate = wall - Double(offset)
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == offset {
                best = min(best ?? candidate, candidate)
            }
        }
        // No offset fits: the wall time falls in a gap. Use the offset in force before the gap.
        return Date(timeIntervalSince1970: best ?? (wall - Double(before)))
    }

    /// `"YYYY-MM-DDTHH:MM:SS"`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(day)T\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
    }

    /// Earlier first.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        (lhs.day, lhs.time) < (rhs.day, rhs.time)
    }
}
