import AirdateCore
public import Foundation

extension CountdownTime {
    /// How the time reads where it was entered, for a view in another zone; `nil` when `zone` is its
    /// own (same rules for every instant), so that a time shown away from its zone always names it.
    ///
    /// "23:00 Asia/Tokyo" for a countdown entered at 23:00 in Tokyo, seen in UTC (14:00 there), with
    /// the day when it differs from the day shown ("2027-01-17 08:00 Asia/Tokyo" seen in New York on
    /// the 16th).
    ///
    /// ```swift
    /// let shown = LocalDateTime(containing: time.date, in: viewer)
    /// print("\(shown.day) \(shown.time)", time.ownZoneNote(shownIn: viewer).map { "(\($0))" } ?? "")
    /// ```
    public func ownZoneNote(shownIn zone: TimeZone) -> String? {
        guard zone.identifier != timeZone.identifier else { return nil }
        let own = actualLocal
        let shown = LocalDateTime(containing: date, in: zone)
        let clock = Self.hhmm(own.time)
        return own.day == shown.day ? "\(clock) \(timeZone.identifier)" : "\(own.day) \(clock) \(timeZone.identifier)"
    }
}
