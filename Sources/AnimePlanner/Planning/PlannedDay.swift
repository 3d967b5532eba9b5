public import AirdateCore

/// The episodes of one show planned on one day.
public struct PlannedDay: Sendable, Hashable, Codable {
    /// The calendar day, in the viewer's time zone.
    public var day: CalendarDay
    /// The episodes, such as `4...6`.
    public var episodes: ClosedRange<Int>

    /// Creates a planned day.
    public init(day: CalendarDay, episodes: ClosedRange<Int>) {
        self.day = day
        self.episodes = episodes
    }
}
