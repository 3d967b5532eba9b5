public import AirdateCore
import Foundation

/// A show being watched: its plan, and a watch log of what was watched on which day.
///
/// **One state, one answer.** ``plan`` is the only plan: its days before today are history (what
/// was planned then, which ``status(on:)`` compares with), its days from today on are the future.
/// Every question about a day — what to watch, how the viewer stands, when the show will be
/// finished, what the calendar, the statistics, the reminders and the export show — is answered
/// from the show *as it stands on that day*, ``caughtUp(on:planner:)``: when days passed without
/// the planned episodes being logged, the future is re-planned from that day in memory, the same
/// way every time, and nothing is written. ``PlannerOverview`` does that for a list of shows, so
/// its views cannot disagree.
///
/// Changes replace the future and keep the history:
/// - ``watch(through:on:planner:)`` logs the episodes; a day on which episodes were
///   logged is done: its planned episodes are trimmed to those watched and the rest is re-planned
///   from the next day;
/// - ``change(goal:options:planner:)`` and ``resume(on:planner:)`` plan anew from a day (a first
///   day in the past is history at once: the episodes it planned before today are due);
/// - ``pause(on:)``, ``drop(on:)`` and ``queue(on:)`` take the future off the plan; a
///   ``resume(on:planner:)`` on the same day puts it back as it was, so pausing and resuming on
///   one day changes nothing;
/// - ``complete(on:planner:)`` logs what is left.
///
/// So from today on every episode is planned at most once and never before the viewer's day of its
/// release, and (when the total is known and the plan could be made) the episodes watched plus those
/// in ``upcomingPlan(from:)`` are the show's total.
public struct TrackedShow: Sendable, Hashable, Codable, Identifiable {
    /// The show.
    public private(set) var show: AnimeShow
    /// What the viewer asked for.
    public private(set) var goal: PlanGoal
    /// When the viewer watches; ``PlanOptions/start`` is the first day of the plan in force (set by
    /// the first plan, ``change(goal:options:planner:)`` and ``resume(on:planner:)``).
    public private(set) var options: PlanOptions
    /// Episodes watched before the show was tracked (the plan starts after them).
    public private(set) var watchedBeforeTracking: Int
    /// The plan: history up to the last change, the future after it (see ``caughtUp(on:planner:)``
    /// for the plan as it stands on a day).
    public private(set) var plan: ViewingPlan
    /// What was watched, in the order it was recorded.
    public private(set) var log: [WatchEntry]
    /// Why the last re-plan failed (for example a finish day that has passed), or `nil`.
    public private(set) var planIssue: PlanError?
    /// Active, paused, dropped or queued.
    public private(set) var state: PlanState
    /// The planned days a pause, a drop or a queue took off the plan, put back as they were by a
    /// resume on the same day.
    private(set) var suspendedDays: [PlannedDay]

    /// The show's id.
    public var id: Int { show.id }

    /// Starts tracking `show`, planned for `goal` from `options.start`.
    ///
    /// A first day before `planner.today` is allowed: the episodes planned before today are due at
    /// once (``status(on:)`` says how far behind), and the rest is planned from today
    /// (``caughtUp(on:planner:)``).
    ///
    /// - Parameters:
    ///   - show: the show.
    ///   - goal: by when, or how much a day.
    ///   - options: the start day, watching weekdays, skipped days and maximum per day.
    ///   - watchedBeforeTracking: episodes already seen; the plan starts at the next one.
    ///   - planner: where "now" and the viewer's time zone come from.
    /// - Throws: ``PlanError/watchedBeyondTotal(watched:total:)`` when more episodes are given as watched
    ///   than the show has, ``PlanError/outOfRange(what:value:allowed:)`` for a negative count or one
    ///   above ``PlannerLimits/episodes``, and ``PlanError`` when the plan cannot be made, from its
    ///   first day or from today (a finish day that has passed, say).
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
        self.suspendedDays = []
        self.plan = try planner.plan(show, from: watchedBeforeTracking + 1, goal: goal, options: options)
        try checkFollowable(planner: planner)
    }

    /// Rebuilds a tracked show from stored parts (used by the store).
    init(show: AnimeShow, goal: PlanGoal, options: PlanOptions, watchedBeforeTracking: Int, plan: ViewingPlan,
         log: [WatchEntry], planIssue: PlanError?, state: PlanState = .active, suspendedDays: [PlannedDay] = []) {
        self.show = show
        self.goal = goal
        self.options = options
        self.watchedBeforeTracking = watchedBeforeTracking
        self.plan = plan
        self.log = log
        self.planIssue = planIssue
        self.state = state
        self.suspendedDays = suspendedDays
    }

    private enum CodingKeys: String, CodingKey {
        case show, goal, options, watchedBeforeTracking, plan, log, planIssue, state, suspendedDays
    }

    /// Decodes; a value written before ``state`` existed is active.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(show: try c.decode(AnimeShow.self, forKey: .show), goal: try c.decode(PlanGoal.self, forKey: .goal),
                  options: try c.decode(PlanOptions.self, forKey: .options),
                  watchedBeforeTracking: try c.decode(Int.self, forKey: .watchedBeforeTracking),
                  plan: try c.decode(ViewingPlan.self, forKey: .plan), log: try c.decode([WatchEntry].self, forKey: .log),
                  planIssue: try c.decodeIfPresent(PlanError.self, forKey: .planIssue),
                  state: try c.decodeIfPresent(PlanState.self, forKey: .state) ?? .active,
                  suspendedDays: try c.decodeIfPresent([PlannedDay].self, forKey: .suspendedDays) ?? [])
    }

    /// Encodes every part (the suspended days only when there are some).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(show, forKey: .show)
        try c.encode(goal, forKey: .goal)
        try c.encode(options, forKey: .options)
        try c.encode(watchedBeforeTracking, forKey: .watchedBeforeTracking)
        try c.encode(plan, forKey: .plan)
        try c.encode(log, forKey: .log)
        try c.encodeIfPresent(planIssue, forKey: .planIssue)
        try c.encode(state, forKey: .state)
        if !suspendedDays.isEmpty { try c.encode(suspendedDays, forKey: .suspendedDays) }
    }

    // MARK: What was watched

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

    /// Whether the plan is active (neither paused, dropped nor queued).
    public var isActive: Bool { state == .active }

    // MARK: The plan on a day

    /// When the plan says the show will be finished: the completion day, or the last planned day still
    /// ahead; `nil` when nothing is planned ahead (the total is unknown, the plan is paused, dropped
    /// or queued, or re-planning failed). Ask it of the show ``caughtUp(on:planner:)`` for the day.
    public var projectedFinish: CalendarDay? {
        if let day = completedOn { return day }
        // A failed re-plan keeps only the history: its last day is no finish.
        guard isActive, planIssue == nil, let last = plan.days.last, last.episodes.upperBound > watchedThrough else { return nil }
        return last.day
    }

    /// The plan from `day` on, without the episodes already watched: what is left to watch, each
    /// episode at most once (of the show ``caughtUp(on:planner:)`` for `day`). Empty while paused,
    /// dropped or queued.
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
    /// (the episodes planned on `day` are not due until it is over; days before the plan's first
    /// day, ``PlanOptions/start``, are not counted).
    public func status(on day: CalendarDay) -> PlanStatus {
        if let completed = completedOn, completed <= day { return .completed(on: completed) }
        switch state {
        case .paused(let since) where since <= day: return .paused(since: since)
        case .dropped(let on) where on <= day: return .dropped(on: on)
        case .queued(let since) where since <= day: return .queued(since: since)
        default: break
        }
        let watched = watchedThrough(on: day)
        let baseline = watchedThrough(on: options.start.adding(days: -1))
        let inForce = plan.days.filter { $0.day >= options.start }
        let due = inForce.last { $0.day < day }?.episodes.upperBound ?? baseline
        let planned = max(due, inForce.last { $0.day <= day }?.episodes.upperBound ?? baseline)
        if watched < due { return .behind(by: due - watched) }
        if watched > planned { return .ahead(by: watched - planned) }
        return .onTrack
    }

    /// The show as it stands on `day`: when the plan's future does not start at the next episode to
    /// watch (days passed without the planned episodes being logged), does not reach the last
    /// episode it can plan, plans an episode before its release or could not be made, it is
    /// re-planned from `day` (from the day after when episodes were logged on `day`); otherwise it
    /// is the show itself. The same stored show and day always give the same answer, and nothing is
    /// stored: every view of a day reads this.
    public func caughtUp(on day: CalendarDay, planner: ViewingPlanner) -> TrackedShow {
        var copy = self
        copy.catchUp(on: day, planner: planner)
        return copy
    }

    /// Makes this the show ``caughtUp(on:planner:)`` for `day`.
    ///
    /// - Returns: whether the show changed.
    @discardableResult
    public mutating func catchUp(on day: CalendarDay, planner: ViewingPlanner) -> Bool {
        guard isActive, !isCompleted, needsReplan(on: day, planner: planner) else { return false }
        let before = self
        replan(from: day, planner: planner)
        return self != before
    }

    /// Whether the plan's future from `day` is not what the show needs (see ``caughtUp(on:planner:)``).
    func needsReplan(on day: CalendarDay, planner: ViewingPlanner) -> Bool {
        if planIssue != nil { return true }
        let watched = watchedThrough
        var next = watched + 1
        for entry in upcomingPlan(from: day).days {
            guard entry.episodes.lowerBound == next else { return true }
            // An episode planned before the viewer's day of its release (releases only move later).
            if let release = show.release.releaseInstant(ofEpisode: entry.episodes.upperBound),
               CalendarDay(containing: release, in: planner.timeZone) > entry.day { return true }
            next = entry.episodes.upperBound + 1
        }
        guard let end = EpisodeWindow.lastEpisode(of: show, now: planner.now) else { return true }
        return next - 1 != max(end, watched)
    }

    // MARK: Changes

    /// Records "I am at episode `episode` now": the episodes after the last logged one through
    /// `episode` are logged on `day`, that day's planned episodes are trimmed to those now watched,
    /// and the rest is re-planned from the day after `day` (while the plan is active).
    ///
    /// A re-plan that fails (for example because the finish day has passed) leaves the plan ending at
    /// `day` and sets ``planIssue``; the log is recorded either way.
    ///
    /// - Throws: ``ProgressError`` when the episode does not exist or is already logged (nothing changes).
    public mutating func watch(through episode: Int, on day: CalendarDay, planner: ViewingPlanner) throws(ProgressError) {
        guard episode >= 1, episode <= (show.episodeCount ?? PlannerLimits.episodes.upperBound) else {
            throw .episodeOutOfRange(episode: episode, episodeCount: show.episodeCount)
        }
        let through = watchedThrough
        guard episode > through else { throw .alreadyWatched(episode: episode, watchedThrough: through) }
        log.append(WatchEntry(day: day, episodes: (through + 1)...episode))
        suspendedDays = []  // what was taken off the plan no longer fits the log
        replan(from: day, planner: planner)
    }

    /// Takes newer facts about the show (more episodes out, a known total, a new broadcast slot) and,
    /// when they differ from the known ones, re-plans what is not yet watched from `planner.today` on,
    /// keeping the log and the days before.
    ///
    /// - Returns: whether anything changed (a weekly schedule that only restates the same releases
    ///   from a later instant is the same facts).
    @discardableResult
    public mutating func refresh(_ updated: AnimeShow, planner: ViewingPlanner) -> Bool {
        guard !show.hasSameFacts(as: updated, asOf: planner.now) else { return false }
        show = updated
        suspendedDays = []
        clipToEpisodeCount()
        replan(from: planner.today, planner: planner)
        return true
    }

    /// Changes the goal and options, re-planning from `options.start` (the log and the planned days
    /// before `options.start` are kept; a first day in the past makes the episodes planned before
    /// today due at once). A paused, dropped or queued plan becomes active again.
    ///
    /// - Throws: ``PlanError`` when the new plan cannot be made, from its first day or from today
    ///   (nothing changes).
    public mutating func change(goal: PlanGoal, options: PlanOptions, planner: ViewingPlanner) throws(PlanError) {
        var changed = self
        changed.goal = goal
        changed.options = options
        changed.state = .active
        changed.suspendedDays = []
        try changed.planAnew(from: options.start, planner: planner)
        try changed.checkFollowable(planner: planner)
        self = changed
    }

    /// Pauses the plan from `day`: nothing is planned from then on (what was planned before stays,
    /// trimmed on `day` to what is watched) until ``resume(on:planner:)``. A show already paused,
    /// dropped or queued is left as it is.
    public mutating func pause(on day: CalendarDay) {
        guard isActive else { return }
        suspend(on: day)
        state = .paused(since: day)
    }

    /// Drops the show on `day`: the log is kept, nothing is planned from then on. A paused or queued
    /// show is dropped from the day it was paused or queued.
    public mutating func drop(on day: CalendarDay) {
        switch state {
        case .active:
            suspend(on: day)
            state = .dropped(on: day)
        case .paused(let since), .queued(let since):
            state = .dropped(on: min(since, day))
        case .dropped:
            break
        }
    }

    /// Puts the show on the list to watch later from `day` ("plan to watch"): nothing is planned
    /// until ``resume(on:planner:)`` or ``change(goal:options:planner:)`` starts it.
    public mutating func queue(on day: CalendarDay) {
        guard isActive else { return }
        suspend(on: day)
        state = .queued(since: day)
    }

    /// Makes a paused, dropped or queued plan active again with the same goal.
    ///
    /// On the day it was paused (or dropped or queued) the plan comes back exactly as it was, so a
    /// pause and a resume on one day change nothing. On a later day it is planned anew from `day`
    /// (from the day after when episodes were logged on `day`), and `day` becomes the plan's first
    /// day. An active show is left as it is.
    ///
    /// - Throws: ``PlanError`` when the plan cannot be made (nothing changes).
    public mutating func resume(on day: CalendarDay, planner: ViewingPlanner) throws(PlanError) {
        let since: CalendarDay
        switch state {
        case .active: return
        case .paused(let day), .dropped(let day), .queued(let day): since = day
        }
        var resumed = self
        resumed.state = .active
        if day <= since {
            // The plan as it was before the pause, exactly (the views catch it up as they did then).
            resumed.plan.days = plan.days.filter { $0.day < since } + suspendedDays
            resumed.suspendedDays = []
            self = resumed
            return
        }
        resumed.suspendedDays = []
        resumed.options.start = day
        try resumed.planAnew(from: day, planner: planner)
        try resumed.checkFollowable(planner: planner)
        self = resumed
    }

    /// Marks the show completed on `day`: the episodes not yet logged are logged on `day`. A show whose
    /// total is unknown ends at the last episode watched (its count becomes that episode).
    ///
    /// - Throws: ``ProgressError/Code/nothingWatched`` for a show of unknown total with nothing watched.
    public mutating func complete(on day: CalendarDay, planner: ViewingPlanner) throws(ProgressError) {
        var completed = self
        if completed.show.episodeCount == nil {
            guard watchedThrough >= 1 else { throw .nothingWatched(title: show.title) }
            completed.show.episodeCount = watchedThrough
            completed.clipToEpisodeCount()
        }
        completed.state = .active
        completed.suspendedDays = []
        if let count = completed.show.episodeCount, completed.watchedThrough < count {
            try completed.watch(through: count, on: day, planner: planner)
        } else {
            completed.replan(from: day, planner: planner)
        }
        self = completed
    }

    // MARK: Re-planning

    /// The days the future of a plan made on `day` starts on: `day`, or the day after when episodes
    /// were logged on `day` (a day with a logged watch is done), and never before ``options``' start.
    private func futureStart(from day: CalendarDay) -> CalendarDay? {
        let first = log.contains { $0.day == day } ? (try? day.checkedAdding(days: 1)) : day
        return first.map { max($0, options.start) }
    }

    /// The days before `day`, and `day` itself trimmed to the episodes watched when episodes were
    /// logged on it.
    private func history(before day: CalendarDay) -> [PlannedDay] {
        let watched = watchedThrough
        var kept = plan.days.filter { $0.day < day }
        if log.contains(where: { $0.day == day }), let entry = plan.days.first(where: { $0.day == day }),
           entry.episodes.lowerBound <= watched {
            kept.append(PlannedDay(day: day, episodes: entry.episodes.lowerBound...min(entry.episodes.upperBound, watched)))
        }
        return kept
    }

    /// Plans the episodes not yet watched from `day` with the goal and options, keeping the history
    /// before it; throws when the plan cannot be made.
    private mutating func planAnew(from day: CalendarDay, planner: ViewingPlanner) throws(PlanError) {
        var kept = history(before: day)
        if !isCompleted {
            guard let first = futureStart(from: day) else { throw .pastLastSupportedDay }
            var next = options
            next.start = first
            let future = try planner.plan(show, from: watchedThrough + 1, goal: goal, options: next)
            kept.append(contentsOf: future.days)
            plan.coversOnlyReleasedEpisodes = future.coversOnlyReleasedEpisodes
        } else {
            plan.coversOnlyReleasedEpisodes = false
        }
        plan.days = kept
        plan.title = show.title
        planIssue = nil
    }

    /// Re-plans from `day` (see ``planAnew(from:planner:)``); a plan that cannot be made ends at `day`
    /// and sets ``planIssue``. Inactive or completed shows keep their history only.
    private mutating func replan(from day: CalendarDay, planner: ViewingPlanner) {
        guard isActive, !isCompleted else {
            plan.days = history(before: day)
            plan.title = show.title
            plan.coversOnlyReleasedEpisodes = false
            planIssue = nil
            return
        }
        do {
            try planAnew(from: day, planner: planner)
        } catch {
            plan.days = history(before: day)
            plan.title = show.title
            planIssue = error
        }
    }

    /// Drops planned episodes past the show's episode count (planned while the count was unknown or
    /// larger), so that no day lists an episode the show does not have.
    private mutating func clipToEpisodeCount() {
        guard let count = show.episodeCount else { return }
        func clipped(_ days: [PlannedDay]) -> [PlannedDay] {
            days.compactMap { entry in
                guard entry.episodes.lowerBound <= count else { return nil }
                return PlannedDay(day: entry.day, episodes: entry.episodes.lowerBound...min(entry.episodes.upperBound, count))
            }
        }
        plan.days = clipped(plan.days)
        suspendedDays = clipped(suspendedDays)
    }

    /// Takes the future from `day` off the plan, keeping it in ``suspendedDays``.
    private mutating func suspend(on day: CalendarDay) {
        let watched = watchedThrough
        suspendedDays = plan.days.filter { $0.day >= day }
        plan.days = plan.days.compactMap { entry in
            if entry.day < day { return entry }
            guard entry.day == day, entry.episodes.lowerBound <= watched else { return nil }
            return PlannedDay(day: day, episodes: entry.episodes.lowerBound...min(entry.episodes.upperBound, watched))
        }
    }

    /// Throws the reason the plan cannot be followed from `planner.today`, if there is one.
    private func checkFollowable(planner: ViewingPlanner) throws(PlanError) {
        let current = caughtUp(on: planner.today, planner: planner)
        if let issue = current.planIssue { throw issue }
    }
}
