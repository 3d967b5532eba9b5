public import Foundation

/// A weekly broadcast slot in the broadcaster's own time zone, such as "Saturdays at 23:00 in
/// Asia/Tokyo" (Jikan's `broadcast`). Shared by JikanClient, which reads it, and AnimePlanner,
/// which plans with it.
///
/// Broadcast instants are computed on the slot's wall clock, so a slot keeps its local time across
/// daylight-saving changes of its zone; seen from a viewer in another zone, it moves by an hour
/// (and sometimes to another calendar day).
public struct BroadcastSlot: Sendable, Hashable, Codable {
    /// The day of the week, in ``timeZone``.
    public var weekday: Weekday
    /// The wall-clock time, in ``timeZone``.
    public var time: TimeOfDay
    /// The broadcaster's time zone.
    public var timeZone: TimeZone

    /// Creates a slot.
    public init(weekday: Weekday, time: TimeOfDay, timeZone: TimeZone) {
        self.weekday = weekday
        self.time = time
        self.timeZone = timeZone
    }

    /// The first broadcast strictly after `instant`.
    public func nextBroadcast(after instant: Date) -> Date {
        broadcast(0, after: instant)
    }

    /// The broadcast `index` weeks after the first one strictly after `instant` (`index` 0 is that
    /// first one).
    public func broadcast(_ index: Int, after instant: Date) -> Date {
        let local = LocalDateTime(containing: instant, in: timeZone)
        var day = local.day.adding(days: (weekday.rawValue - local.day.weekday.rawValue + 7) % 7)
        if LocalDateTime(day: day, time: time).date(in: timeZone) <= instant { day = day.adding(days: 7) }
        let (days, overflow) = max(0, index).multipliedReportingOverflow(by: 7)
        return LocalDateTime(day: day.adding(days: overflow ? Int.max : days), time: time).date(in: timeZone)
    }

    /// The day and time of the broadcast following `instant`, as seen in `zone` (a viewer's).
    public func local(in zone: TimeZone, after instant: Date) -> LocalDateTime {
        LocalDateTime(containing: nextBroadcast(after: instant), in: zone)
    }
}
