import AirdateCore
import Foundation

/// A show being watched: its plan, and a watch log of what was watched on which day.
///
/// Progress is a log, never an overwritten counter: ``recordProgress(atEpisode:on:planner:)`` adds the
/// episodes between the last logged one and the new one on the given day, and re-plans the rest from
/// the next watching day. Planned days up to that day stay, so ``status(on:)`` still compares with
/// what was planned. Completing the show keeps the log.
public struct TrackedShow: Sendable, Hashable, Codable, Identifiable {
    /// The show.
    public private(set) var show: AnimeShow
    /// What the viewer asked for.
    public private(set) var goal: PlanGoal
    /// When the viewer watches.
    public private(set) var options: PlanOptions
    /// Episodes watched before the show was tracked (the plan starts after them).
    public private(set) var watchedBeforeTracking: Int
    /// The plan: kept days up to the last update, re-planned days after it.
    public private(set) var plan: ViewingPlan
    /// What was watched, in the order it was recorded.
    public private(set) var log: [WatchEntry]
    /// Why the last re-plan failed (for example a finish day that has passed), or `nil`.
    public private(set) var planIssue: PlanError?

    /// The show's id.
    public var id: Int { show.id }

    /// Starts tracking `show`, planned for `goal`.
    ///
    /// - Parameter watchedBeforeTracking: episodes already seen; the plan starts at the next one.
    /// - Throws: ``PlanError`` when the first plan cannot be made.
    public init(show: AnimeShow, goal: PlanGoal, options: PlanOptions, watchedBeforeTracking: Int = 0,
                planner: ViewingPlanner) throws(PlanError) {
        self.show = show
        self.goal = goal
        self.options = options
        self.watchedBeforeTracking = max(0, watchedBeforeTracking)
        self.log = []
        self.planIssue = nil
        self.plan = try planner.plan(show, from: self.watchedBeforeTracking + 1, goal: goal, options: options)
    }

    /// Rebuilds a tracked show from stored parts (used by the store).
    init(show: AnimeShow, goal: PlanGoal, options: PlanOptions, watchedBeforeTracking: Int, plan: ViewingPlan,
         log: [WatchEntry], planIssue: PlanError?) {
        self.show = show
        self.goal = goal
        self.options = options
        self.watchedBeforeTracking = watchedBeforeTracking
        self.plan = plan
        self.log = log
        self.planIssue = planIssue
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

    /// The day the last episode was logged, when the show is completed.
    public var completedOn: CalendarDay? {
        guard isCompleted, let count = show.episodeCount else { return nil }
        return log.filter { $0.episodes.upperBound >= count }.map(\.day).min()
    }

    /// Episodes left, or `nil` while the total is unknown.
    public var episodesLeft: Int? { show.episodeCount.map { max(0, $0 - watchedThrough) } }

    /// When the plan says the show will be finished: the completion day, or the last planned day still
    /// ahead; `nil` when nothing is planned ahead (the total is unknown, or re-planning failed).
    public var projectedFinish: CalendarDay? {
        if let day = completedOn { return day }
        guard let last = plan.days.last, last.episodes.upperBound > watchedThrough else { return nil }
        return last.day
    }

    /// How the log stands against the plan on `day`.
    ///
    /// - Parameter dayIsOver: `true` (the default) compares with everything planned through `day`;
    ///   `false` judges a day still under way: the episodes planned on `day` are not due yet, so
    ///   watching some of them is on track and only watching past them is ahead.
    public func status(on day: CalendarDay, dayIsOver: Bool = true) -> PlanStatus {
        if let completed = completedOn, completed <= day { return .completed(on: completed) }
        let watched = watchedThrough(on: day)
        let dueByEnd = plan.lastEpisodePlanned(through: day) ?? watchedBeforeTracking
        var planned = dueByEnd
        if !dayIsOver {
            let dueBefore = plan.lastEpisodePlanned(through: day.adding(days: -1)) ?? watchedBeforeTracking
            planned = min(max(watched, dueBefore), dueByEnd)
        }
        if watched > planned { return .ahead(by: watched - planned) }
        if watched < planned { return .behind(by: planned - watched) }
        return .onTrack
    }

    /// Records "I am at episode `episode` now": the episodes after the last logged one through
    /// `episode` are logged on `day`, then the rest is re-planned from the next watching day after `day`.
    ///
    /// A re-plan that fails (for example because the finish day has passed) leaves the plan ending at
    /// `day` and sets ``planIssue``; the log is recorded either way.
    ///
    /// - Throws: ``ProgressError`` when the episode does not exist or is already logged (nothing changes).
    public mutating func recordProgress(atEpisode episode: Int, on day: CalendarDay,
                                        planner: ViewingPlanner) throws(ProgressError) {
        guard episode >= 1, show.episodeCount.map({ episode <= $0 }) ?? true else {
            throw .episodeOutOfRange(episode: episode, episodeCount: show.episodeCount)
        }
        let through = watchedThrough
        guard episode > through else { throw .alreadyWatched(episode: episode, watchedThrough: through) }
        log.append(WatchEntry(day: day, episodes: (through + 1)...episode))
        replan(after: day, planner: planner)
    }

    /// Takes newer facts about the show (more episodes out, a known total, a new broadcast slot) and
    /// re-plans what is not yet watched from `planner.today` on, keeping the log and the days before.
    public mutating func refresh(_ updated: AnimeShow, planner: ViewingPlanner) {
        show = updated
        replan(after: planner.today.adding(days: -1), planner: planner)
    }

    /// Changes the goal and options, re-planning from `options.start` (the log is kept).
    ///
    /// - Throws: ``PlanError`` when the new plan cannot be made (nothing changes).
    public mutating func change(goal: PlanGoal, options: PlanOptions, planner: ViewingPlanner) throws(PlanError) {
        let future = try planner.plan(show, from: watchedThrough + 1, goal: goal, options: options)
        self.goal = goal
        self.options = options
        plan.days = plan.days.filter { $0.day < options.start } + future.days
        plan.coversOnlyReleasedEpisodes = future.coversOnlyReleasedEpisodes
        planIssue = nil
    }

    private mutating func replan(after day: CalendarDay, planner: ViewingPlanner) {
        var kept = plan.days.filter { $0.day <= day }
        var future: [PlannedDay] = []
        planIssue = nil
        if !isCompleted {
            var next = options
            next.start = day.adding(days: 1)
            do {
                let replanned = try planner.plan(show, from: watchedThrough + 1, goal: goal, options: next)
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
