public import AirdateCore

/// What a viewer asks of a plan.
public enum PlanGoal: Sendable, Hashable, Codable {
    /// Finish on this day at the latest; episodes per day are computed (see ``RemainderPlacement``).
    case finish(by: CalendarDay)
    /// Watch this many episodes on each watching day; the finish day is computed.
    case episodesPerDay(Int)
    /// Watch as many whole episodes as fit in this many minutes on each watching day.
    case minutesPerDay(Int)
}
