import AnimePlanSupport
import AirdateCore
import AirdateHTTP
import AnimePlanner
import ArgumentParser
import CommandLineSupport
import Foundation

/// `animeplan search TEXT`
struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find a show's id by its title.",
        discussion: """
        Case does not matter: "mushishi" and "Mushishi" find the same shows, online and offline. \
        Each line starts with the MyAnimeList id that add takes.

        With --json, prints one JSON document: {"query", "results": [{"id", "title", "episodes", \
        "status", "duration", "broadcast"}]} (null where MyAnimeList does not say; no match is an empty list).
        """)

    /// The longest search accepted, in characters.
    static let maximumLength = AnimeSearch.maximumLength

    @OptionGroup var common: CommonOptions
    @Argument(help: "Words of the title.") var text: String
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        // Jikan's search ignores case; one spelling of the query gives one answer (and finds the
        // recorded answer offline, whatever the case typed).
        let query = AnimeSearch.normalized(text)  // as airdate-web's /anime/search
        guard !query.isEmpty else { throw ValidationError("Give some words of the title to search for.") }
        guard query.count <= Self.maximumLength else {
            throw ValidationError("The search is \(query.count) characters long; give at most \(Self.maximumLength).")
        }
        let results = try await common.catalog().search(query)
        if json {
            try JSONOutput.print(SearchDocument(query: query, results: results))
            return
        }
        guard !results.isEmpty else { throw CommandLineError.noResults(text, offline: common.offline) }
        for entry in results {
            let episodes = entry.episodes.map { "\($0) ep" } ?? "? ep"
            let details = "(\(episodes), \(entry.duration ?? "? min"), \(entry.status)" + (entry.broadcast.map { ", \($0)" } ?? "") + ")"
            // The title is what the line is for: it is kept whole when it fits after the id (a tab,
            // eight columns), and the details are cut to the room left.
            let room = Rendering.width - 8
            let title = TerminalText.shortened(entry.title, toWidth: room)
            let left = room - TerminalText.width(title) - 2
            print("\(entry.id)\t\(title)" + (left >= 8 ? "  " + TerminalText.shortened(details, toWidth: left) : ""))
        }
    }
}

/// The goal and options of a plan, shared by `add`, `plan` and `import`.
struct PlanArguments: ParsableArguments {
    @Option(name: .customLong("per-day"), parsing: .unconditional, help: "Episodes per watching day.") var perDay: Int?
    @Option(help: "Finish on this day (YYYY-MM-DD); the episodes are spread over the days until then.") var until: String?
    @Option(name: .customLong("minutes-per-day"), parsing: .unconditional, help: "Minutes per watching day.") var minutesPerDay: Int?
    @Option(help: "The first day (default: today); a day in the past makes what it planned before today due.") var start: String?
    @Option(help: "Weekdays to watch on, such as mon,wed,sat (default: every day).") var weekdays: String?
    @Option(help: "A day not to watch on (repeatable).") var skip: [String] = []
    @Option(name: .customLong("max-per-day"), parsing: .unconditional, help: "At most this many episodes a day.") var maxPerDay: Int?
    @Option(help: "With --until, how episodes spread over the days: \(Input.remainderNames) (last: as late as possible).")
    var remainder: String = "spread"

    /// The one goal given (`fallback` when none is and there is one), its numbers within
    /// ``PlannerLimits`` (a one-line error naming the option otherwise).
    func goal(fallback: PlanGoal? = nil) throws -> PlanGoal {
        if let perDay { try Input.check(perDay, option: "--per-day", in: PlannerLimits.episodesPerDay) }
        if let minutesPerDay { try Input.check(minutesPerDay, option: "--minutes-per-day", in: PlannerLimits.minutesPerDay) }
        if let maxPerDay { try Input.check(maxPerDay, option: "--max-per-day", in: PlannerLimits.episodesPerDay) }
        let goals: [PlanGoal?] = [perDay.map(PlanGoal.episodesPerDay),
                                  try until.map { .finish(by: try Input.day($0, option: "--until")) },
                                  minutesPerDay.map(PlanGoal.minutesPerDay)]
        let chosen = goals.compactMap { $0 }
        if chosen.isEmpty, let fallback { return fallback }
        guard chosen.count == 1, let goal = chosen.first else {
            throw ValidationError("Give exactly one of --per-day N, --until DAY or --minutes-per-day M.")
        }
        return goal
    }

    /// The options, starting on `--start` or `today`.
    func options(today: CalendarDay) throws -> PlanOptions {
        var options = PlanOptions(start: try start.map { try Input.day($0, option: "--start") } ?? today,
                                  maximumPerDay: maxPerDay, remainder: try Input.remainder(remainder))
        if let weekdays { options.weekdays = try Input.weekdays(weekdays) }
        if skip.count > 1_000 { throw ValidationError("--skip is given \(skip.count) times; give at most 1000 days.") }
        options.skippedDays = Set(try skip.map { try Input.day($0, option: "--skip") })
        return options
    }
}

/// The lines that say where a show stands today and what is planned next: the show as every view
/// reads it (caught up for today).
enum PlanReport {
    /// "26 episodes planned, finishing 2022-11-26; on track." and, for a first day in the past, how
    /// many episodes that plan made due before today.
    static func summary(_ show: TrackedShow, planner: ViewingPlanner) -> [String] {
        let today = planner.today
        let current = show.caughtUp(on: today, planner: planner)
        let status = Rendering.status(current.status(on: today))
        if current.isCompleted { return ["Every episode is watched; \(status)."] }
        if !current.isActive { return ["Nothing is planned: \(status)."] }
        var lines: [String] = []
        let start = current.options.start
        if start < today {
            let due = current.plan.days.filter { $0.day >= start && $0.day < today }.reduce(0) { $0 + $1.episodes.count }
            if due > 0 {
                lines += Rendering.wrapped("The plan starts on \(start): the \(Plural.count(due, "episode")) it planned before today are due.")
            }
        }
        let upcoming = current.upcomingPlan(from: today)
        lines += Rendering.wrapped("\(Plural.count(upcoming.episodeCount, "episode")) planned, \(Rendering.finish(current.projectedFinish)); \(status).")
        lines += Rendering.plan(upcoming)
        if let issue = current.planIssue { lines += Rendering.wrapped("Note: \(issue.errorDescription ?? "the plan could not be updated")", indent: "  ") }
        return lines
    }
}

/// `animeplan add ID (--per-day N | --until DAY | --minutes-per-day M) [--start DAY] [--weekdays mon,wed,sat]`
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Track a show with a plan.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's MyAnimeList id (see `search`).") var id: Int
    @OptionGroup var plan: PlanArguments
    @Option(parsing: .unconditional, help: "Episodes already watched (at most the show's total).") var watched: Int = 0

    func run() async throws {
        try Input.check(id, option: "ID", in: 1...Int(Int32.max))
        let goal = try plan.goal()
        try Input.check(watched, option: "--watched", in: 0...PlannerLimits.episodes.upperBound)
        let planner = try common.planner()
        let options = try plan.options(today: planner.today)
        let store = try common.openStore()
        if try await store.show(id: id) != nil { throw CommandLineError.alreadyTracked(id) }
        let show: AnimeShow
        do {
            show = try await common.catalog().show(id: id, at: planner.clock)
        } catch APIClientError.Code.notFound {
            throw CommandLineError.unknownShow(id, offline: common.offline)
        }
        let tracked = try TrackedShow(show: show, goal: goal, options: options, watchedBeforeTracking: watched, planner: planner)
        try await store.insert(tracked)
        let count = show.episodeCount.map { Plural.count($0, "episode") } ?? "? episodes"
        print(Rendering.line(show.title) { "Tracking \($0) (\(count) × \(Rendering.minutes(show.episodeLength)))." })
        Rendering.print(PlanReport.summary(tracked, planner: planner))
    }
}

/// `animeplan plan ID (--per-day N | --until DAY | --minutes-per-day M) [--start DAY] ...`
struct ChangePlan: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plan", abstract: "Change a tracked show's goal and re-plan what is left.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    @OptionGroup var plan: PlanArguments

    func run() async throws {
        let planner = try common.planner()
        let (goal, options) = (try plan.goal(), try plan.options(today: planner.today))
        let store = try common.openStore()
        let show = try await store.require(id) { show in
            try show.change(goal: goal, options: options, planner: planner)
            return show
        }
        print(Rendering.line(show.show.title) { "Re-planned \($0)." })
        Rendering.print(PlanReport.summary(show, planner: planner))
    }
}

/// What `pause`, `resume`, `drop` and `complete` do to a tracked show on today.
enum LifecycleAction {
    case pause, resume, drop, complete

    func run(_ common: CommonOptions, id: Int) async throws {
        let planner = try common.planner()
        let store = try common.openStore()
        let today = planner.today
        let action = self
        // Looked at and changed in one transaction: an episode another process logs meanwhile is kept.
        let (show, before, unchanged) = try await store.require(id) { show in
            // Says so, and changes nothing, when the show already is as asked.
            let unchanged: Bool
            switch (action, show.status(on: today)) {
            case (.pause, .paused), (.pause, .completed), (.pause, .dropped), (.pause, .queued),
                 (.drop, .dropped), (.drop, .completed), (.complete, .completed): unchanged = true
            case (.resume, .paused), (.resume, .dropped), (.resume, .queued): unchanged = false
            case (.resume, _): unchanged = true
            default: unchanged = false
            }
            let before = show.watchedThrough
            if unchanged { return (show, before, true) }
            switch action {
            case .pause: show.pause(on: today)
            case .resume: try show.resume(on: today, planner: planner)
            case .drop: show.drop(on: today)
            case .complete: try show.complete(on: today, planner: planner)
            }
            return (show, before, false)
        }
        let current = show.caughtUp(on: today, planner: planner)
        let status = Rendering.status(current.status(on: today))
        if unchanged {
            print(Rendering.line(show.show.title) { "\($0) is \(status); nothing changed." })
            return
        }
        let logged = show.watchedThrough > before ? " (logged \(Rendering.episodes((before + 1)...show.watchedThrough)))" : ""
        let finish = current.isCompleted || !current.isActive ? "" : ", " + Rendering.finish(current.projectedFinish)
        print(Rendering.line(show.show.title) { "\($0): \(status)\(finish)\(logged)." })
        if let issue = current.planIssue { Rendering.print(Rendering.wrapped("Note: \(issue.errorDescription ?? "the plan could not be updated")", indent: "  ")) }
    }
}

/// `animeplan pause ID`
struct Pause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause a show's plan from today (resume it later; the same day, nothing changes).")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    func run() async throws { try await LifecycleAction.pause.run(common, id: id) }
}

/// `animeplan resume ID`
struct Resume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Plan a paused, dropped or queued show again from today.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    func run() async throws { try await LifecycleAction.resume.run(common, id: id) }
}

/// `animeplan drop ID`
struct Drop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Drop a show: keep its log, plan nothing more.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    func run() async throws { try await LifecycleAction.drop.run(common, id: id) }
}

/// `animeplan complete ID`
struct Complete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Mark a show completed today (logs the episodes not yet logged).")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    func run() async throws { try await LifecycleAction.complete.run(common, id: id) }
}

/// `animeplan today`
struct Today: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "What to watch today, how each show stands and when it will be finished.",
        discussion: """
        Shows still airing whose plans stop at the episodes out are brought up to date from \
        MyAnimeList first (one request each; without a network, the stored plans are shown and a \
        line on standard error says so).

        With --json, prints one JSON document: {"today", "shows": [{"id", "title", "status": {"state", \
        "by", "day", "text"}, "watchedThrough", "episodeCount", "todayEpisodes": {"first", "last"}, \
        "nextDay", "nextEpisodes", "projectedFinish", "note"}]}; days are YYYY-MM-DD, null where the \
        text shows nothing.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        let planner = try common.planner()
        let store = try common.openStore()
        let updated = try await refreshAiringShows(store, planner: planner)
        let overview = try await common.overview(store, planner: planner)
        let today = overview.day
        if json {
            try JSONOutput.print(TodayDocument(today: today, shows: overview.outlooks.map(TodayDocument.Show.init)))
            return
        }
        print("Today, \(Rendering.day(today)):")
        let outlooks = overview.outlooks
        guard !outlooks.isEmpty else {
            print("  nothing tracked; add a show with `animeplan add ID --per-day N`.")
            return
        }
        var others: [String: Int] = [:]
        for show in outlooks {
            let status = Rendering.status(show.status)
            switch show.status {
            case .completed, .dropped, .queued:
                let kind = switch show.status { case .completed: "completed"; case .dropped: "dropped"; default: "queued" }
                others[kind, default: 0] += 1
                continue
            case .paused:
                print(Rendering.line(show.title) { "  \($0): \(status)" })
                continue
            default:
                break
            }
            let finish = Rendering.finish(show.projectedFinish)
            let what: String
            if let left = show.toWatchToday {
                what = Rendering.episodes(left)
            } else if let next = show.next {
                what = "nothing today; next \(Rendering.day(next.day)), \(Rendering.episodes(next.episodes))"
            } else {
                what = "nothing planned"
            }
            Rendering.print(Rendering.lines(title: show.title, head: { "  \($0): \(what)" }, tail: "(\(status), \(finish))"))
            if let issue = show.planIssue {
                Rendering.print(Rendering.wrapped("    note: \(issue.errorDescription ?? "the plan could not be updated")", indent: "      "))
            }
        }
        let summary = ["completed", "dropped", "queued"].compactMap { kind in others[kind].map { "\($0) \(kind)" } }
        if !summary.isEmpty {
            Rendering.print(Rendering.wrapped("  Also \(summary.joined(separator: ", ")); see `animeplan stats`.", indent: "  "))
        }
        for title in updated {
            print(Rendering.line(title) { "Updated from MyAnimeList: \($0)." })
        }
    }

    /// Shows still airing whose plans stop at the episodes out, brought up to date from the catalog
    /// (and stored when their facts changed); the titles of those that changed. Without a network it
    /// stops at the first host that cannot be reached, says so once on standard error, and the
    /// stored plans are shown.
    private func refreshAiringShows(_ store: PlannerStore, planner: ViewingPlanner) async throws -> [String] {
        let shows = try await store.all()
        let airing = shows.filter { $0.isActive && !$0.isCompleted && $0.plan.coversOnlyReleasedEpisodes }
        guard !airing.isEmpty else { return [] }
        let catalog = try common.catalog()
        var updated: [String] = []
        for show in airing {
            let fresh: AnimeShow
            do {
                fresh = try await catalog.show(id: show.id, at: planner.clock)
            } catch let error as APIClientError where error.code == .notFound {
                continue
            } catch let error as APIClientError {
                let reason = ErrorLine.text(for: error)
                FileHandle.standardError.write(Data("animeplan: \(ErrorLine.shortened(reason)) Showing the stored plans of the shows still airing.\n".utf8))
                break
            }
            let changed = try await store.require(show.id) { stored in stored.refresh(fresh, planner: planner) }
            if changed { updated.append(show.show.title) }
        }
        return updated
    }
}

/// `animeplan watch ID EPISODE`
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Record \"I am at episode N now\" and re-plan the rest.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    @Argument(help: "The last episode watched.") var episode: Int

    func run() async throws {
        try Input.check(episode, option: "EPISODE", in: PlannerLimits.episodes)
        let planner = try common.planner()
        let store = try common.openStore()
        let episode = episode
        let (show, before) = try await store.require(id) { show in
            let before = show.watchedThrough
            try show.watch(through: episode, on: planner.today, planner: planner)
            return (show, before)
        }
        let today = planner.today
        let current = show.caughtUp(on: today, planner: planner)
        print(Rendering.line(show.show.title) {
            "Logged \(Rendering.episodes((before + 1)...episode)) of \($0) on \(today): \(Rendering.status(current.status(on: today)))."
        })
        if !current.isCompleted, let next = current.upcomingPlan(from: today).days.first {
            print("Next: \(Rendering.day(next.day)), \(Rendering.episodes(next.episodes)); \(Rendering.finish(current.projectedFinish)).")
        }
        if let issue = current.planIssue { Rendering.print(Rendering.wrapped("Note: \(issue.errorDescription ?? "the plan could not be updated")", indent: "  ")) }
    }
}

/// `animeplan watched ID EPISODE`: the former spelling of `watch`, still understood and left out
/// of the help.
struct WatchedAlias: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watched", abstract: Watch.configuration.abstract, shouldDisplay: false)

    @OptionGroup var watch: Watch

    func run() async throws {
        try await watch.run()
    }
}

/// `animeplan calendar [--month] [--from DAY] [--days N]`
struct CalendarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Planned and watched episodes per day.",
        discussion: """
        With --json, prints one JSON document: {"first", "last", "today", "days": [{"day", "isToday", \
        "items": [{"showID", "title", "planned": {"first", "last"} or null, "watched": [{"first", "last"}]}]}]}.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "The whole month of today (or of --from).") var month = false
    @Option(help: "The first day (default: today).") var from: String?
    @Option(parsing: .unconditional, help: "How many days, \(PlannerLimits.days.lowerBound) to \(PlannerLimits.days.upperBound) (default: 7).") var days: Int = 7
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        try Input.check(days, option: "--days", in: PlannerLimits.days)
        let planner = try common.planner()
        var first = try from.map { try Input.day($0, option: "--from") } ?? planner.today
        guard let end = try? first.checkedAdding(days: days - 1) else {
            throw OutOfRangeError(option: "--days", value: "\(days)", expected: "a number of days that ends by 9999-12-31")
        }
        var last = end
        if month {
            first = first.firstDayOfMonth
            last = first.lastDayOfMonth
        }
        let overview = try await common.overview(common.openStore(), planner: planner)
        let agenda = try overview.agenda(from: first, through: last)
        if json {
            try JSONOutput.print(CalendarDocument(agenda, first: first, last: last, today: planner.today))
            return
        }
        for day in agenda.days {
            print(Rendering.day(day.day) + (day.day == planner.today ? "  (today)" : ""))
            if day.items.isEmpty { print("  -") }
            for item in day.items {
                var parts: [String] = []
                if let planned = item.planned { parts.append("planned \(Rendering.short(planned))") }
                if !item.watched.isEmpty { parts.append("watched " + item.watched.map(Rendering.short).joined(separator: ", ")) }
                print(Rendering.line(item.title) { "  \($0): \(parts.joined(separator: ", "))" })
            }
        }
    }
}

/// `animeplan stats [--days N]`
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows, episodes and hours watched; minutes per day as a bar chart.",
        discussion: """
        With --json, prints one JSON document: {"today", "watching", "queued", "completed", "dropped", \
        "episodesWatched", "minutesWatched", "episodesLeft", "shows": [{"id", "title", "episodesWatched", \
        "episodesLeft", "status": {"state", "by", "day", "text"}, "projectedFinish"}], \
        "days": [{"day", "watchedMinutes", "plannedMinutes"}]}.
        """)

    @OptionGroup var common: CommonOptions
    @Option(parsing: .unconditional, help: "Days in the chart, \(PlannerLimits.days.lowerBound) to \(PlannerLimits.days.upperBound) (default: 14).") var days: Int = 14
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        try Input.check(days, option: "--days", in: PlannerLimits.days)
        let planner = try common.planner()
        let stats = try await common.overview(common.openStore(), planner: planner).statistics(recentDayCount: days)
        if json {
            try JSONOutput.print(StatsDocument(stats, today: planner.today))
            return
        }
        print("Watching \(stats.watchingCount), queued \(stats.queuedCount), completed \(stats.completedCount), dropped \(stats.droppedCount).")
        print("\(Plural.count(stats.episodesWatched, "episode")) watched (\(Rendering.hours(stats.timeWatched))); "
            + "\(Plural.count(stats.episodesLeft, "episode")) left.")
        for show in stats.shows {
            let left = show.episodesLeft.map(String.init) ?? "?"
            var tail = "\(show.episodesWatched) watched, \(left) left, \(Rendering.status(show.status))"
            if case .completed = show.status {} else if let finish = show.projectedFinish { tail += ", finishing \(finish)" }
            Rendering.print(Rendering.lines(title: show.title, head: { "  \($0):" }, tail: tail))
        }
        let scale = stats.recentDays.map { max($0.watchedMinutes, $0.plannedMinutes) }.max() ?? 0
        print("Minutes per day (# watched, . planned):")
        for day in stats.recentDays {
            let label = "\(day.day.weekday.name.prefix(3)) \(String(day.day.description.suffix(5)))"
            let figures = "\(day.watchedMinutes)/\(day.plannedMinutes)"
            print("  \(label) \(figures.padding(toLength: 9, withPad: " ", startingAt: 0)) "
                + Rendering.bar(watched: day.watchedMinutes, planned: day.plannedMinutes, scale: scale))
        }
    }
}
