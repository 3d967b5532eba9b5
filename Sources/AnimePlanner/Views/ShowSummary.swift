public import AirdateCore

/// One show's line in ``PlannerStatistics``.
public struct ShowSummary: Sendable, Hashable {
    /// The show's id.
    public var showID: Int
    /// The title.
    public var title: String
    /// Episodes watched by the statistics' day (``TrackedShow/episodesWatched(on:)``: an import's
    /// progress included).
    public var episodesWatched: Int
    /// Episodes left on the statistics' day, `nil` while the total is unknown.
    public var episodesLeft: Int?
    /// The projected finish (see ``TrackedShow/projectedFinish``).
    public var projectedFinish: CalendarDay?
    /// The status at the end of the statistics' day.
    public var status: PlanStatus
}
