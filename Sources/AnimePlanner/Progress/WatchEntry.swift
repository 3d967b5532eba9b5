public import AirdateCore

/// One line of a watch log: the episodes of a show watched on a day.
public struct WatchEntry: Sendable, Hashable, Codable {
    /// The calendar day, in the viewer's time zone.
    public var day: CalendarDay
    /// The episodes watched, such as `4...6`.
    public var episodes: ClosedRange<Int>

    /// Creates an entry.
    public init(day: CalendarDay, episodes: ClosedRange<Int>) {
        self.day = day
        self.episodes = episodes
    }
}
