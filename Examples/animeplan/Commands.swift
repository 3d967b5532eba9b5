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

    @OptionGroup var common: CommonOptions
    @Argument(help: "Words of the title.") var text: String
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        // Jikan's search ignores case; one spelling of the query gives one answer (and finds the
        // recorded answer offline, whatever the case typed).
        let query = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !query.isEmpty else { throw ValidationError("Give some words of the title to search for.") }
        let results = try await common.catalog().search(query)
        if json {
            try JSONOutput.print(SearchDocument(query: query, results: results))
            return
        }
        guard !results.isEmpty else { throw CommandLineError.noResults(text) }
        for entry in results {
            let episodes = entry.episodes.map { "\($0) ep" } ?? "? ep"
            print("\(entry.id)\t\(entry.title)  (\(episodes), \(entry.duration ?? "? min"), \(entry.status)"
                + (entry.broadcast.map { ", \($0)" } ?? "") + ")")
        }
    }
}

/// The goal and options of a plan, shared by `add` and `plan`.
struct PlanArguments: ParsableArguments {
    @Option(name: .customLong("per-day"), parsing: .unconditional, help: "Episodes per watching day.") var perDay: Int?
    @Option(help: "Finish on this day (YYYY-MM-DD).") var until: String?
    @Option(name: .customLong("minutes-per-day"), parsing: .unconditional, help: "Minutes per watching day.") var minutesPerDay: Int?
    @Option(help: "The first day (default: today).") var start: String?
    @Option(help: "Weekdays to watch on, such as mon,wed,sat (default: every day).") var weekdays: String?
    @Option(help: "A day not to watch on (repeatable).") var skip: [String] = []
    @Option(name: .customLong("max-per-day"), parsing: .unconditional, help: "At most this many episodes a day.") var maxPerDay: Int?
    @Option(help: "With --until, where extra episodes go: \(Input.remainderNames).") var remainder: String = "last"

    /// The one goal given, its numbers within ``PlannerLimits`` (a usage error naming the option otherwise).
    func goal() throws -> PlanGoal {
        if let perDay { try Input.check(perDay, option: "--per-day", in: PlannerLimits.episodesPerDay) }
        if let minutesPerDay { try Input.check(minutesPerDay, option: "--minutes-per-day", in: PlannerLimits.minutesPerDay) }
        if let maxPerDay { try Input.check(maxPerDay, option: "--max-per-day", in: PlannerLimits.episodesPerDay) }
        let goals: [PlanGoal?] = [perDay.map(PlanGoal.episodesPerDay),
                                  try until.map { .finish(by: try Input.day($0, option: "--until")) },
                                  minutesPerDay.map(PlanGoal.minutesPerDay)]
        let chosen = goals.compactMap { $0 }
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
        options.skippedDays = Set(try skip.map { try Input.day($0, option: "--skip") })
        return options
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
        let count = show.episodeCount.map(String.init) ?? "?"
        if tracked.isCompleted {
            print("Tracking \(show.title) (\(count) episodes): every episode is watched.")
            return
        }
        print("Tracking \(show.title) (\(count) episodes × \(Rendering.minutes(show.episodeLength))): "
            + "\(tracked.plan.episodeCount) episodes planned, finishing \(tracked.plan.finishDay.map { "\($0)" } ?? "when more air").")
        Rendering.plan(tracked.plan).forEach { print($0) }
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
        let store = try common.openStore()
        let (goal, options) = (try plan.goal(), try plan.options(today: planner.today))
        let show = try await store.require(id) { show in
            try show.change(goal: goal, options: options, planner: planner)
            return show
        }
        let upcoming = show.upcomingPlan(from: planner.today)
        print("Re-planned \(show.show.title): \(upcoming.episodeCount) episodes planned, finishing "
            + "\(show.projectedFinish.map { "\($0)" } ?? "when more air").")
        Rendering.plan(upcoming).forEach { print($0) }
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
            case (.pause, .paused), (.pause, .completed), (.drop, .dropped), (.complete, .completed): unchanged = true
            case (.resume, .paused), (.resume, .dropped): unchanged = false
            case (.resume, _): unchanged = true
            default: unchanged = false
            }
            let before = show.watchedThrough
            if unchanged { return (show, before, true) }
            switch action {
            case .pause: show.pause(on: today)
            case .resume: try show.resume(on: today, planner: planner)
            case .drop: show.drop(on: today)
            case .complete: try show.markCompleted(on: today, planner: planner)
            }
            return (show, before, false)
        }
        if unchanged {
            print("\(show.show.title) is \(Rendering.status(show.status(on: today))); nothing changed.")
            return
        }
        let logged = show.watchedThrough > before ? " (logged \(Rendering.episodes((before + 1)...show.watchedThrough)))" : ""
        print("\(show.show.title): \(Rendering.status(show.status(on: today)))"
            + (show.isCompleted ? "" : show.projectedFinish.map { ", finishing \($0)" } ?? "") + logged + ".")
    }
}

/// `animeplan pause ID`
struct Pause: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pause a show's plan from today (resume it later).")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The show's id.") var id: Int
    func run() async throws { try await LifecycleAction.pause.run(common, id: id) }
}

/// `animeplan resume ID`
struct Resume: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Plan a paused or dropped show again from today.")
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
        abstract: "What to watch today, and how each show stands.",
        discussion: """
        With --json, prints one JSON document: {"today", "shows": [{"id", "title", "status": {"state", \
        "by", "day", "text"}, "watchedThrough", "episodeCount", "todayEpisodes": {"first", "last"}, \
        "nextDay", "nextEpisodes", "note"}]}; days are YYYY-MM-DD, null where the text shows nothing.
        """)

    @OptionGroup var common: CommonOptions
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        let planner = try common.planner()
        let store = try common.openStore()
        var shows = try await common.currentShows(store, planner: planner)
        // Shows still airing: take the episodes that came out since.
        for index in shows.indices where shows[index].plan.coversOnlyReleasedEpisodes && !shows[index].isCompleted && shows[index].isActive {
            if let fresh = try? await common.catalog().show(id: shows[index].id, at: planner.clock), fresh != shows[index].show {
                shows[index] = try await store.require(shows[index].id) { show in
                    show.refresh(fresh, planner: planner)
                    return show
                }
            }
        }
        let today = planner.today
        if json {
            try JSONOutput.print(TodayDocument(today: today, shows: shows.map { Self.entry($0, today: today) }))
            return
        }
        print("Today, \(Rendering.day(today)):")
        guard !shows.isEmpty else {
            print("  nothing tracked; add a show with `animeplan add ID --per-day N`.")
            return
        }
        for show in shows {
            let status = Rendering.status(show.status(on: today))
            if show.isCompleted || !show.isActive {
                print("  \(show.show.title): \(status)")
            } else if let range = show.plan.episodes(on: today), range.upperBound > show.watchedThrough {
                let left = max(range.lowerBound, show.watchedThrough + 1)...range.upperBound
                print("  \(show.show.title): \(Rendering.episodes(left)) (\(status))")
            } else if let next = show.plan.days.first(where: { $0.day > today && $0.episodes.upperBound > show.watchedThrough }) {
                print("  \(show.show.title): nothing today; next \(Rendering.day(next.day)), \(Rendering.episodes(next.episodes)) (\(status))")
            } else {
                print("  \(show.show.title): nothing planned (\(status))")
            }
            if let issue = show.planIssue { print("    note: \(issue.errorDescription ?? "the plan could not be updated")") }
        }
    }

    /// What the text says of `show`, for `--json`.
    static func entry(_ show: TrackedShow, today: CalendarDay) -> TodayDocument.Show {
        var entry = TodayDocument.Show(id: show.id, title: show.show.title, status: StatusDocument(show.status(on: today)),
                                       watchedThrough: show.watchedThrough, episodeCount: show.show.episodeCount,
                                       note: show.planIssue.map { $0.errorDescription ?? "the plan could not be updated" })
        guard !show.isCompleted, show.isActive else { return entry }
        if let range = show.plan.episodes(on: today), range.upperBound > show.watchedThrough {
            entry.todayEpisodes = EpisodeRange(max(range.lowerBound, show.watchedThrough + 1)...range.upperBound)
        } else if let next = show.plan.days.first(where: { $0.day > today && $0.episodes.upperBound > show.watchedThrough }) {
            entry.nextDay = next.day
            entry.nextEpisodes = EpisodeRange(next.episodes)
        }
        return entry
    }
}

/// `animeplan watched ID EPISODE`
struct Watched: AsyncParsableCommand {
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
            try show.recordProgress(atEpisode: episode, on: planner.today, planner: planner)
            return (show, before)
        }
        print("Logged \(Rendering.episodes((before + 1)...episode)) of \(show.show.title) on \(planner.today): "
            + Rendering.status(show.status(on: planner.today)) + ".")
        if !show.isCompleted, let next = show.upcomingPlan(from: planner.today).days.first {
            print("Next: \(Rendering.day(next.day)), \(Rendering.episodes(next.episodes)); finishing \(show.projectedFinish.map { "\($0)" } ?? "when more air").")
        }
        if let issue = show.planIssue { print("Note: \(issue.errorDescription ?? "the plan could not be updated")") }
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
        var last = first.adding(days: days - 1)
        if month {
            first = first.firstDayOfMonth
            last = first.lastDayOfMonth
        }
        let agenda = try Agenda(try await common.currentShows(common.openStore(), planner: planner), from: first, through: last)
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
                print("  \(item.title): \(parts.joined(separator: ", "))")
            }
        }
    }
}

/// `animeplan stats [--days N]`
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Shows, episodes and hours watched; minutes per day as a bar chart.",
        discussion: """
        With --json, prints one JSON document: {"today", "watching", "completed", "dropped", \
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
        let stats = try PlannerStatistics(try await common.currentShows(common.openStore(), planner: planner),
                                          on: planner.today, recentDayCount: days)
        if json {
            try JSONOutput.print(StatsDocument(stats, today: planner.today))
            return
        }
        print("Watching \(stats.watchingCount), completed \(stats.completedCount), dropped \(stats.droppedCount); "
            + "\(stats.episodesWatched) episodes, "
            + "\(Rendering.hours(stats.timeWatched)) watched; \(stats.episodesLeft) episodes left.")
        for show in stats.shows {
            let left = show.episodesLeft.map(String.init) ?? "?"
            print("  \(show.title): \(show.episodesWatched) watched, \(left) left, \(Rendering.status(show.status))"
                + (show.projectedFinish.map { ", finish \($0)" } ?? ""))
        }
        let scale = stats.recentDays.map { max($0.watchedMinutes, $0.plannedMinutes) }.max() ?? 0
        print("Minutes per day (# watched, . planned):")
        for day in stats.recentDays {
            let label = "\(day.day.weekday.name.prefix(3)) \(String(day.day.description.suffix(5)))"
            let figures = "\(day.watchedMinutes)/\(day.plannedMinutes)"
            print("  \(label) \(figures.padding(toLength: 8, withPad: " ", startingAt: 0)) "
                + Rendering.bar(watched: day.watchedMinutes, planned: day.plannedMinutes, scale: scale))
        }
    }
}

/// `animeplan export FILE.ics`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write what is left of every plan, from today, to an iCalendar file (all-day events).")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The .ics file to write.") var file: String

    func run() async throws {
        guard file.lowercased().hasSuffix(".ics") else {
            throw Input.invalid("FILE", file, expected: "a file name ending in .ics")
        }
        let planner = try common.planner()
        let shows = try await common.currentShows(common.openStore(), planner: planner)
        // DTSTAMP is when the file is written, whatever day --today says it is.
        let calendar = ICalendar(trackedShows: shows, from: planner.today, timestamp: ViewerClock.system().now)
        try FileOutput.write(calendar.data, toPath: file)
        print("Wrote \(calendar.events.count) events to \(file).")
    }
}
