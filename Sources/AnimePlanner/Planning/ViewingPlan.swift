public import AirdateCore

/// The days on which one show's episodes are planned, in order, each day with at least one episode.
public struct ViewingPlan: Sendable, Hashable, Codable {
    /// The show's id.
    public var showID: Int
    /// The show's title (for calendars and exports).
    public var title: String
    /// The planned days, earliest first.
    public var days: [PlannedDay]
    /// `true` when the plan stops at the last episode out because the show's total is unknown or its
    /// next releases are: refresh the show as more episodes air to extend it.
    public var coversOnlyReleasedEpisodes: Bool

    /// Creates a plan.
    public init(showID: Int, title: String, days: [PlannedDay], coversOnlyReleasedEpisodes: Bool = false) {
        self.showID = showID
        self.title = title
        self.days = days
        self.coversOnlyReleasedEpisodes = coversOnlyReleasedEpisodes
    }

    /// The last planned day, or `nil` for an empty plan.
    public var finishDay: CalendarDay? { days.last?.day }

    /// The number of planned episodes.
    public var episodeCount: Int { days.reduce(0) { $0 + $1.episodes.count } }

    /// The episodes planned on `day`, or `nil`.
    public func episodes(on day: CalendarDay) -> ClosedRange<Int>? {
        days.first { $0.day == day }?.episodes
    }

    /// The highest episode planned on or before `day`, or `nil` when none is.
    public func lastEpisodePlanned(through day: CalendarDay) -> Int? {
        days.last { $0.day <= day }?.episodes.upperBound
    }
}
