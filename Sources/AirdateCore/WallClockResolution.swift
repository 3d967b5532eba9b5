public import Foundation

/// What a wall-clock time names in a time zone: one instant, none (clocks skip it when they go
/// forward), or two (clocks pass it twice when they go back).
///
/// ```swift
/// let zone = try TimeZone.named("America/New_York")
/// let local = LocalDateTime(day: try CalendarDay(parsing: "2027-03-14"), time: try TimeOfDay(parsing: "02:30"))
/// switch local.resolution(in: zone) {
/// case .unique(let instant): print(instant)
/// case .skipped(let instant, let change): print("skipped; at", instant, "clocks go from", change.wallTimeBefore, "to", change.wallTimeAfter)
/// case .repeated(let first, let second, _): print("twice:", first, second)
/// }
/// ```
///
/// The instants are RFC 5545's (§3.3.5), so an app and a calendar program agree: a skipped time is
/// read with the offset in force before the gap (02:30 on a night New York jumps from 02:00 to 03:00
/// is 03:30 EDT), and a repeated time names the first of its two instants unless the second is chosen.
public enum WallClockResolution: Sendable, Hashable {
    /// The time happens once, at this instant.
    case unique(Date)
    /// Clocks skip the time: the instant is read with the offset before the change (as long after
    /// the jump as the time is after the last wall time before it).
    case skipped(Date, ClockChange)
    /// Clocks pass the time twice: `first` (before they go back) and `second`.
    case repeated(first: Date, second: Date, ClockChange)

    /// The instant: the only one, the one a skipped time is read as, or the first of two.
    public var date: Date {
        switch self {
        case .unique(let date), .skipped(let date, _), .repeated(let date, _, _): date
        }
    }

    /// The change of the zone's offset that skips or repeats the time, or `nil` when it happens once.
    public var clockChange: ClockChange? {
        switch self {
        case .unique: nil
        case .skipped(_, let change), .repeated(_, _, let change): change
        }
    }
}

/// A change of a time zone's offset from UTC, such as the start or the end of daylight-saving time.
public struct ClockChange: Sendable, Hashable {
    /// The instant of the change.
    public let instant: Date
    /// The offset from UTC before the change, in seconds.
    public let offsetBefore: Int
    /// The offset from UTC after the change, in seconds.
    public let offsetAfter: Int

    /// Creates a change.
    public init(instant: Date, offsetBefore: Int, offsetAfter: Int) {
        self.instant = instant
        self.offsetBefore = offsetBefore
        self.offsetAfter = offsetAfter
    }

    /// The wall-clock time the clocks show when they change (for example 02:00 when New York springs
    /// forward, 02:00 when it falls back).
    public var wallTimeBefore: LocalDateTime {
        LocalDateTime(containing: instant.addingTimeInterval(TimeInterval(offsetBefore - offsetAfter)), in: fixedZone(offsetAfter))
    }

    /// The wall-clock time the clocks are set to (03:00 when New York springs forward, 01:00 when it
    /// falls back).
    public var wallTimeAfter: LocalDateTime {
        LocalDateTime(containing: instant, in: fixedZone(offsetAfter))
    }

    /// How far the clocks move: positive forward, negative back.
    public var shift: Duration { .seconds(offsetAfter - offsetBefore) }

    private func fixedZone(_ offset: Int) -> TimeZone {
        TimeZone(secondsFromGMT: offset) ?? TimeZone(secondsFromGMT: 0) ?? .current
    }
}

extension LocalDateTime {
    /// What this wall-clock time names in `timeZone`: see ``WallClockResolution``.
    public func resolution(in timeZone: TimeZone) -> WallClockResolution {
        let wall = Double(day.daysSince1970 * 86_400 + time.secondsSinceMidnight)
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400 * 1.5))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400 * 1.5))
        let here = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall))
        var instants: [Double] = []
        for offset in Set([before, here, after]) {
            let candidate = wall - Double(offset)
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: candidate)) == offset {
                instants.append(candidate)
            }
        }
        instants.sort()
        if instants.count == 1 { return .unique(Date(timeIntervalSince1970: instants[0])) }
        // Skipped or repeated: find the change between the offsets around the time.
        let low = wall - Double(max(before, after)) - 3_600
        let high = wall - Double(min(before, after)) + 3_600
        let change = Self.change(in: timeZone, from: low, to: high)
            ?? ClockChange(instant: Date(timeIntervalSince1970: wall - Double(before)), offsetBefore: before, offsetAfter: after)
        if let first = instants.first, let last = instants.last, instants.count >= 2 {
            return .repeated(first: Date(timeIntervalSince1970: first), second: Date(timeIntervalSince1970: last), change)
        }
        // RFC 5545: a time in a gap is read with the offset in force before the gap.
        return .skipped(Date(timeIntervalSince1970: wall - Double(change.offsetBefore)), change)
    }

    /// The change of offset between the instants `low` and `high` (seconds since 1970), to the second.
    private static func change(in zone: TimeZone, from low: Double, to high: Double) -> ClockChange? {
        let first = zone.secondsFromGMT(for: Date(timeIntervalSince1970: low))
        let last = zone.secondsFromGMT(for: Date(timeIntervalSince1970: high))
        guard first != last else { return nil }
        var (lower, upper) = (low.rounded(.down), high.rounded(.up))
        while upper - lower > 1 {
            let middle = ((lower + upper) / 2).rounded(.down)
            if zone.secondsFromGMT(for: Date(timeIntervalSince1970: middle)) == first { lower = middle } else { upper = middle }
        }
        return ClockChange(instant: Date(timeIntervalSince1970: upper), offsetBefore: first, offsetAfter: last)
    }
}

/// Which instant a wall-clock time names on a day clocks pass it twice (when they go back).
public enum RepeatedTimeChoice: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first pass, before clocks go back (RFC 5545's reading).
    case first
    /// The second pass, after clocks go back.
    case second
}

extension WallClockResolution {
    /// The instant, with `choice` deciding between the two passes of a repeated time.
    public func date(choosing choice: RepeatedTimeChoice) -> Date {
        if case .repeated(let first, let second, _) = self { return choice == .first ? first : second }
        return date
    }
}
