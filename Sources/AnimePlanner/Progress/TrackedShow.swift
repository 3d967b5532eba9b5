public import AirdateCore
import Foundation

/// A show being watched: its plan, and a watch log of what was watched on which day.
///
/// **One source of truth.** ``plan`` is the only plan: its days before the day of the last change
/// are history (what was planned then, which ``status(on:)`` compares with), its days from then on
/// are the future, and every change replaces the future:
/// - ``recordProgress(atEpisode:on:planner:)`` logs the episodes, trims that day's planned episodes to
///   those now watched and re-plans the rest from the next watching day;
/// - ``catchUp(on:planner:)`` re-plans from a day when days passed without the planned episodes being
///   logged, so the future always starts at the next episode to watch;
/// - ``change(goal:options:planner:)``, ``pause(on:)``, ``resume(on:planner:)``, ``drop(on:)`` and
///   ``markCompleted(on:planner:)`` change the plan's life.
///
/// So from the day of the last change on, every episode is planned at most once, and (when the total
/// is known and the plan could be made) the episodes watched plus those in ``upcomingPlan(from:)`` are
/// the show's total. ``Agenda``, ``PlannerStatistics``, ``WatchReminder`` and the iCalendar export all
/// read ``plan``, ``log`` and ``status(on:)``, so they cannot disagree.
public struct TrackedShow: Sendable, Hashable, Codable, Identifiable {
    /// The show.
    public private(set) var show: AnimeShow
    /// What the viewer asked for.
    public private(set) var goal: PlanGoal
    /// When the viewer watches.
    public private(set) var options: PlanOptions
    /// Episodes watched before the show was tracked (the plan starts after them).
    public private(set) var watchedBeforeTracking: Int
    /// The plan: kept days up to the last change, re-planned days after it.
    public private(set) var plan: ViewingPlan
    /// What was watched, in the order it was recorded.
    public private(set) var log: [WatchEntry]
    /// Why the last re-plan failed (for example a finish day that has passed), or `nil`.
    public private(set) var planIssue: PlanError?
    /// Active, paused or dropped.
    public private(set) var state: PlanState

    /// The show's id.
    public var id: Int { show.id }

    /// Starts tracking `show`, planned for `goal`.
    ///
    /// - Parameters:
    ///   - show: the show.
    ///   - goal: by when, or how much a day.
    ///   - options: the start day, watching weekdays, skipped days and maximum per day.
    ///   - watchedBeforeTracking: episodes already seen; the plan starts at the next one.
    ///   - planner: where "now" and the viewer's time zone come from.
    /// - Throws: ``PlanError/watchedBeyondTotal(watched:total:)`` when more episodes are given as watched
    ///   than the show has, ``PlanError/outOfRange(what:value:allowed:)`` for a negative count or one
    ///   above ``PlannerLimits/episodes``, and ``PlanError`` when the first plan cannot be made.
    public init(show: AnimeShow, goal: PlanGoal, options: PlanOptions, watchedBeforeTracking: Int = 0,
                planner: ViewingPlanner) throws(PlanError) {
        let allowed = 0...PlannerLimits.episodes.upperBound
        guard allowed.contains(watchedBeforeTracking) else {
            throw .outOfRange(what: "number of episodes watched", value: watchedBeforeTracking, allowed: allowed)
        }
        if let total = show.episodeCount, watchedBeforeTracking > total {
            throw .watchedBeyondTotal(watched: watchedBeforeTracking, total: total)
        }
        self.show = show
        self.goal = goal
        self.options = options
        self.watchedBeforeTracking = watchedBeforeTracking
        self.log = []
        self.planIssue = nil
        self.state = .active
        self.plan = try planner.plan(show, from: watchedBeforeTracking + 1, goal: goal, options: options)
    }

    /// Rebuilds a tracked show from stored parts (used by the store).
    init(show: AnimeShow, goal: PlanGoal, options: PlanOptions, watchedBeforeTracking: Int, plan: ViewingPlan,
         log: [WatchEntry], planIssue: PlanError?, state: PlanState = .active) {
        self.show = show
        self.goal = goal
        self.options = options
        self.watchedBeforeTracking = watchedBeforeTracking
        self.plan = plan
        self.log = log
        self.planIssue = planIssue
        self.state = state
    }

    private enum CodingKeys: String, CodingKey {
        case show, goal, options, watchedBeforeTracking, plan, log, planIssue, state
    }

    /// Decodes; a value written before ``state`` existed is active.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(show: try c.decode(AnimeShow.self, forKey: .show), goal: try c.decode(PlanGoal.self, forKey: .goal),
                  options: try c.decode(PlanOptions.self, forKey: .options),
                  watchedBeforeTracking: try c.decode(Int.self, forKey: .watchedBeforeTracking),
                  plan: try c.decode(ViewingPlan.self, forKey: .plan), log: try c.decode([WatchEntry].self, forKey: .log),
                  planIssue: try c.decodeIfPresent(PlanError.self, forKey: .planIssue),
                  state: try c.decodeIfPresent(PlanState.self, forKey: .state) ?? .active)
    }

    /// The highest episode watched (0 before the first).
    public var watchedThrough: Int {
        log.reduce(watchedBeforeTracking) { max($0, $1.episodes.upperBound) }
    }

    /// The highest episode watched on or before `day`.
    public func watchedThrough(on day: CalendarDay) -> Int {
        log.reduce(watchedBeforeTracking) { $1.day <= day ? max($0, $1.episodes.upperBound) : $0 }
    }

    /// The episodes watched from the log (not counting those seen before tracking).
    public var episodesWatched: Int { log.reduce(0) { $0 + $1.episodes.count } }

    /// Whether the count is known and every episode is watched.
    public var isCompleted: Bool { show.episodeCount.map { watchedThrough >= $0 } ?? false }

    /// The day the last episode was logged (the plan's first day when every episode was watched
    /// before tracking), when the show is completed.
    public var completedOn: CalendarDay? {
        guard isCompleted, let count = show.episodeCount else { return nil }
        if watchedBeforeTracking >= count { return options.start }
        return log.filter { $0.episodes.upperBound >= count }.map(\.day).min()
    }

    /// Episodes left, or `nil` while the total is unknown.
    public var episodesLeft: Int? { show.episodeCount.map { max(0, $0 - watchedThrough) } }

    /// Whether the plan is active (neither paused nor dropped).
    public var isActive: Bool { state == .active }

    /// When the plan says the show will be finished: the completion day, or the last planned day still
    /// ahead; `nil` when nothing is planned ahead (the total is unknown, the plan is paused or dropped,
    /// or re-planning failed).
    public var projectedFinish: CalendarDay? {
        if let day = completedOn { return day }
        guard isActive, let last = plan.days.last, last.episodes.upperBound > watchedThrough else { return nil }
        return last.day
    }

    /// The plan from `day` on, without the episodes already watched: what is left to watch, each
    /// episode at most once (after ``catchUp(on:planner:)`` for `day`). Empty while paused or dropped.
    public func upcomingPlan(from day: CalendarDay) -> ViewingPlan {
        var upcoming = plan
        let watched = watchedThrough
        upcoming.days = isActive ? plan.days.compactMap { entry in
            guard entry.day >= day, entry.episodes.upperBound > watched else { return nil }
            return PlannedDay(day: entry.day, episodes: max(entry.episodes.lowerBound, watched + 1)...entry.episodes.upperBound)
        } : []
        return upcoming
    }

    /// How the log stands against the plan on `day`: the one definition, documented on ``PlanStatus``
    /// (the episodes planned on `day` are not due until it is over).
    public func status(on day: CalendarDay) -> PlanStatus {
        if let completed = completedOn, completed <= day { return .completed(on: completed) }
        switch state {
        case .paused(let since) where since <= day: return .paused(since: since)
        case .dropped(let on) where on <= day: return .dropped(on: on)
        default: break
        }
        let watched = watchedThrough(on: day)
        let due = plan.lastEpisodePlanned(through: day.adding(days: -1)) ?? watchedBeforeTracking
        let planned = max(due, plan.lastEpisodePlanned(through: day) ?? watchedBeforeTracking)
        if watched < due { return .behind(by: due - watched) }
        if watched > planned { return .ahead(by: watched - planned) }
        return .onTrack
    }

    /// Records "I am at episode `episode` now": the episodes after the last logged one through
    /// `episode` are logged on `day`, that day's planned episodes are trimmed to those now watched,
    /// and the rest is re-planned from the next watching day after `day` (while the plan is active).
    ///
    /// A re-plan that fails (for example because the finish day has passed) leaves the plan ending at
    /// `day` and sets ``planIssue``; the log is recorded either way.
    ///
    /// - Throws: ``ProgressError`` when the episode does not exist or is already logged (nothing changes).
    public mutating func recordProgress(atEpisode episode: Int, on day: CalendarDay,
                                        planner: ViewingPlanner) throws(ProgressError) {
        guard episode >= 1, episode <= (show.episodeCount ?? PlannerLimits.episodes.upperBound) else {
            throw .episodeOutOfRange(episode: episode, episodeCount: show.episodeCount)
        }
        let through = watchedThrough
        guard episode > through else { throw .alreadyWatched(episode: episode, watchedThrough: through) }
        log.append(WatchEntry(day: day, episodes: (through + 1)...episode))
        replan(after: day, trimmingThatDay: true, planner: planner)
    }

    /// Re-plans from `day` when the plan's future does not start at the next episode to watch
    /// (days passed without the planned episodes being logged), keeping the days before `day`.
    /// Call it for today before showing a plan; a plan that is up to date is left alone.
    ///
    /// - Returns: whether the plan changed.
    @discardableResult
    public mutating func catchUp(on day: CalendarDay, planner: ViewingPlanner) -> Bool {
        guard isActive, !isCompleted else { return false }
        if let first = upcomingPlan(from: day).days.first, first.episodes.lowerBound == watchedThrough + 1,
           planIssue == nil { return false }
        let before = self
        replan(after: day.adding(days: -1), trimmingThatDay: false, planner: planner)
        return self != before
    }

    /// Takes newer facts about the show (more episodes out, a known total, a new broadcast slot) and
    /// re-plans what is not yet watched from `planner.today` on, keeping the log and the days before.
    public mutating func refresh(_ updated: AnimeShow, planner: ViewingPlanner) {
        show = updated
        replan(after: planner.today.adding(days: -1), trimmingThatDay: false, planner: planner)
    }

    /// Changes the goal and options, re-planning from `options.start` (the log and the planned days
    /// before `options.start` are kept). A paused or dropped plan becomes active again.
    ///
    /// - Throws: ``PlanError`` when the new plan cannot be made (nothing changes).
    public mutating func change(goal: PlanGoal, options: PlanOptions, planner: ViewingPlanner) throws(PlanError) {
        let future = try planner.plan(show, from: watchedThrough + 1, goal: goal, options: options)
        self.goal = goal
        self.options = options
        state = .active
        plan.days = plan.days.filter { $0.day < options.start } + future.days
        plan.coversOnlyReleasedEpisodes = future.coversOnlyReleasedEpisodes
        planIssue = nil
    }

    /// Pauses the plan from `day`: nothing is planned from then on (what was planned before stays,
    /// trimmed on `day` to what is watched) until ``resume(on:planner:)``.
    public mutating func pause(on day: CalendarDay) {
        state = .paused(since: day)
        endPlan(on: day)
    }

    /// Drops the show on `day`: the log is kept, nothing is planned from then on.
    public mutating func drop(on day: CalendarDay) {
        state = .dropped(on: day)
        endPlan(on: day)
    }

    /// Makes a paused or dropped plan active again, planned from `day` with the same goal.
    ///
    /// - Throws: ``PlanError`` when the plan cannot be made (nothing changes).
    public mutating func resume(on day: CalendarDay, planner: ViewingPlanner) throws(PlanError) {
        var next = options
        next.start = day
        let future = try planner.plan(show, from: watchedThrough + 1, goal: goal, options: next)
        state = .active
        options = next
        plan.days = plan.days.filter { $0.day < day } + future.days
        plan.coversOnlyReleasedEpisodes = future.coversOnlyReleasedEpisodes
        planIssue = nil
    }

    /// Marks the show completed on `day`: the episodes not yet logged are logged on `day`. A show whose
    /// total is unknown ends at the last episode watched (its count becomes that episode).
    ///
    /// - Throws: ``ProgressError/nothingWatched(title:)`` for a show of unknown total with nothing watched.
    public mutating func markCompleted(on day: CalendarDay, planner: ViewingPlanner) throws(ProgressError) {
        if show.episodeCount == nil {
            guard watchedThrough >= 1 else { throw .nothingWatched(title: show.title) }
            show.episodeCount = watchedThrough
        }
        state = .active
        if let count = show.episodeCount, watchedThrough < count {
            try recordProgress(atEpisode: count, on: day, planner: planner)
        } else {
            replan(after: day, trimmingThatDay: true, planner: planner)
        }
    }

    private mutating func endPlan(on day: CalendarDay) {
        let watched = watchedThrough
        plan.days = plan.days.compactMap { entry in
            if entry.day < day { return entry }
            guard entry.day == day, entry.episodes.lowerBound <= watched else { return nil }
            return PlannedDay(day: day, episodes: entry.episodes.lowerBound...min(entry.episodes.upperBound, watched))
        }
        planIssue = nil
    }

    private mutating func replan(after day: CalendarDay, trimmingThatDay: Bool, planner: ViewingPlanner) {
        let watched = watchedThrough
        var kept: [PlannedDay] = []
        for entry in plan.days where entry.day <= day {
            guard trimmingThatDay, entry.day == day else {
                kept.append(entry)
                continue
            }
            // The day's plan becomes what is watched of it; the rest is re-planned after it.
            if entry.episodes.lowerBound <= watched {
                kept.append(PlannedDay(day: day, episodes: entry.episodes.lowerBound...min(entry.episodes.upperBound, watched)))
            }
        }
        var future: [PlannedDay] = []
        planIssue = nil
        if isActive, !isCompleted {
            var next = options
            next.start = day.adding(days: 1)
            do throws(PlanError) {
                guard next.start > day else { throw PlanError.pastLastSupportedDay }
                let replanned = try planner.plan(show, from: watched + 1, goal: goal, options: next)
                future = replanned.days
                plan.coversOnlyReleasedEpisodes = replanned.coversOnlyReleasedEpisodes
            } catch {
                planIssue = error
            }
        } else {
            plan.coversOnlyReleasedEpisodes = false
        }
        kept.append(contentsOf: future)
        plan.days = kept
        plan.title = show.title
    }
}
