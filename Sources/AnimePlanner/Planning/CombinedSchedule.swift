public import AirdateCore

/// The plans of many shows made together under one daily time budget
/// (see ``ViewingPlanner/schedule(_:nextEpisodes:minutesPerDay:options:)`` for the slot policy).
public struct CombinedSchedule: Sendable, Hashable, Codable {
    /// The daily budget in minutes.
    public var minutesPerDay: Int
    /// One plan per show, in the order the shows were given.
    public var plans: [ViewingPlan]

    /// Creates a schedule.
    public init(minutesPerDay: Int, plans: [ViewingPlan]) {
        self.minutesPerDay = minutesPerDay
        self.plans = plans
    }

    /// The day the last show finishes, or `nil` when nothing is planned.
    public var finishDay: CalendarDay? { plans.compactMap(\.finishDay).max() }

    /// The episodes planned on `day`, by show id.
    public func episodes(on day: CalendarDay) -> [Int: ClosedRange<Int>] {
        var result: [Int: ClosedRange<Int>] = [:]
        for plan in plans {
            if let range = plan.episodes(on: day) { result[plan.showID] = range }
        }
        return result
    }
}
