public import AirdateCore
public import Foundation

/// Why a plan cannot be made, with the nearest plan that can (``suggestedGoal``).
public enum PlanError: Error, LocalizedError, Sendable, Hashable, Codable {
    /// No weekday was chosen to watch on.
    case noWeekdaysChosen
    /// The finish day is before the first day.
    case finishBeforeStart(start: CalendarDay, finish: CalendarDay, earliestFinish: CalendarDay?)
    /// Every day of the range is skipped or on a weekday not chosen.
    case noWatchingDays(from: CalendarDay, through: CalendarDay, earliestFinish: CalendarDay?)
    /// The episodes do not fit in the days without going over the per-day maximum.
    case tooFewDays(episodes: Int, days: Int, maximumPerDay: Int, earliestFinish: CalendarDay?)
    /// An episode comes out after the requested finish day.
    case notReleasedInTime(episode: Int, releaseDay: CalendarDay, earliestFinish: CalendarDay?)
    /// Not even one episode fits in the daily time budget.
    case budgetTooSmall(minutes: Int, episodeMinutes: Int)
    /// A time budget needs the show's episode length, which is unknown.
    case unknownEpisodeLength(title: String)
    /// The show's episode count is unknown and it is not marked as airing.
    case unknownEpisodeCount(title: String)
    /// A count (episodes per day, minutes per day, maximum per day, first episode) is zero or negative.
    case notPositive(what: String, value: Int)
    /// More episodes per day were asked for than the per-day maximum allows.
    case aboveMaximumPerDay(requested: Int, maximum: Int)
    /// The plan would run longer than the planner's horizon.
    case tooLong(days: Int)
    /// A number is outside the range the planner accepts (see ``PlannerLimits``).
    case outOfRange(what: String, value: Int, allowed: ClosedRange<Int>)
    /// More episodes were given as watched than the show has.
    case watchedBeyondTotal(watched: Int, total: Int)
    /// The plan would run past 9999-12-31, the last supported day.
    case pastLastSupportedDay

    /// The nearest goal that can be planned, when there is one.
    public var suggestedGoal: PlanGoal? {
        switch self {
        case .finishBeforeStart(_, _, let day?), .noWatchingDays(_, _, let day?), .tooFewDays(_, _, _, let day?),
             .notReleasedInTime(_, _, let day?):
            return .finish(by: day)
        case .budgetTooSmall(_, let minutes): return .minutesPerDay(minutes)
        case .aboveMaximumPerDay(_, let maximum): return .episodesPerDay(maximum)
        default: return nil
        }
    }

    /// A sentence saying why, and what would work.
    public var errorDescription: String? {
        func earliest(_ day: CalendarDay?) -> String {
            day.map { " The earliest possible finish is \($0)." } ?? ""
        }
        switch self {
        case .noWeekdaysChosen:
            return "No weekday is chosen to watch on; choose at least one, for example mon,wed,sat."
        case .finishBeforeStart(let start, let finish, let day):
            return "The finish day \(finish) is before the first day \(start); pick a finish day on or after it." + earliest(day)
        case .noWatchingDays(let from, let through, let day):
            return "There is no watching day from \(from) through \(through) (every day is skipped or on a weekday not chosen); widen the range or choose more weekdays." + earliest(day)
        case .tooFewDays(let episodes, let days, let maximum, let day):
            return "\(episodes) episodes do not fit in \(days) watching day\(days == 1 ? "" : "s") at most \(maximum) a day; finish later or raise the maximum." + earliest(day)
        case .notReleasedInTime(let episode, let releaseDay, let day):
            return "Episode \(episode) only comes out on \(releaseDay), after the finish day; finish later." + earliest(day)
        case .budgetTooSmall(let minutes, let episodeMinutes):
            return "An episode lasts \(episodeMinutes) minutes, more than the \(minutes)-minute daily budget; allow at least \(episodeMinutes) minutes a day."
        case .unknownEpisodeLength(let title):
            return "The episode length of \(title) is unknown, so a time budget cannot be planned; plan by episodes per day or by a finish day instead."
        case .unknownEpisodeCount(let title):
            return "The number of episodes of \(title) is unknown; mark it as airing with the episodes out so far."
        case .notPositive(let what, let value):
            return "The \(what) must be 1 or more (got \(value))."
        case .aboveMaximumPerDay(let requested, let maximum):
            return "\(requested) episodes a day is more than the maximum of \(maximum); plan \(maximum) a day or raise the maximum."
        case .tooLong(let days):
            return "The plan would run longer than \(days) days; watch more per day or choose more weekdays."
        case .outOfRange(let what, let value, let allowed):
            return "The \(what) must be from \(allowed.lowerBound) to \(allowed.upperBound) (got \(value))."
        case .watchedBeyondTotal(let watched, let total):
            return "\(watched) episodes watched is more than the \(total) the show has; give at most \(total)."
        case .pastLastSupportedDay:
            return "The plan would run past 9999-12-31, the last supported day; start earlier."
        }
    }
}
