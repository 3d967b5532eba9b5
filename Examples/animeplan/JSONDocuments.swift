import AirdateCore
import AnimePlanner
import CommandLineSupport
import Foundation

// The `--json` documents of `animeplan`: one document per command, keys sorted, days written
// `YYYY-MM-DD`, every key always present (`null` when it has no value). Each holds what the text shows.

/// Episodes `first` through `last` (one episode when they are equal).
struct EpisodeRange: Encodable {
    var first: Int
    var last: Int

    init(_ range: ClosedRange<Int>) {
        first = range.lowerBound
        last = range.upperBound
    }
}

/// A show's standing: `state` is `ahead`, `onTrack`, `behind`, `completed`, `paused`, `dropped` or `queued`;
/// `by` the episodes ahead or behind; `day` when it was completed, paused or dropped; `text` as the
/// text output writes it.
struct StatusDocument: Encodable {
    var state: String
    @NullEncoded var by: Int?
    @NullEncoded var day: CalendarDay?
    var text: String

    init(_ status: PlanStatus) {
        let parts: (state: String, by: Int?, day: CalendarDay?)
        switch status {
        case .ahead(let count): parts = ("ahead", count, nil)
        case .onTrack: parts = ("onTrack", nil, nil)
        case .behind(let count): parts = ("behind", count, nil)
        case .completed(let on): parts = ("completed", nil, on)
        case .paused(let since): parts = ("paused", nil, since)
        case .dropped(let on): parts = ("dropped", nil, on)
        case .queued(let since): parts = ("queued", nil, since)
        }
        state = parts.state
        _by = NullEncoded(wrappedValue: parts.by)
        _day = NullEncoded(wrappedValue: parts.day)
        text = Rendering.status(status)
    }
}

/// `animeplan search TEXT --json`:
/// `{"query", "results": [{"id", "title", "episodes", "status", "duration", "broadcast"}]}`.
struct SearchDocument: Encodable {
    struct Result: Encodable {
        var id: Int
        var title: String
        @NullEncoded var episodes: Int?
        var status: String
        @NullEncoded var duration: String?
        @NullEncoded var broadcast: String?
    }
    var query: String
    var results: [Result]

    init(query: String, results: [CatalogEntry]) {
        self.query = query
        self.results = results.map {
            Result(id: $0.id, title: $0.title, episodes: $0.episodes, status: $0.status, duration: $0.duration, broadcast: $0.broadcast)
        }
    }
}

/// `animeplan today --json`: `{"today", "shows": [{"id", "title", "status" (a ``StatusDocument``),
/// "watchedThrough", "episodeCount", "todayEpisodes", "nextDay", "nextEpisodes", "projectedFinish",
/// "note"}]}`: `todayEpisodes` are the episodes still to watch today, else `nextDay` and
/// `nextEpisodes` the next planned day; `projectedFinish` is the finish `stats` and `add` give;
/// `note` says why a plan could not be updated.
struct TodayDocument: Encodable {
    struct Show: Encodable {
        var id: Int
        var title: String
        var status: StatusDocument
        var watchedThrough: Int
        @NullEncoded var episodeCount: Int?
        @NullEncoded var todayEpisodes: EpisodeRange?
        @NullEncoded var nextDay: CalendarDay?
        @NullEncoded var nextEpisodes: EpisodeRange?
        @NullEncoded var projectedFinish: CalendarDay?
        @NullEncoded var note: String?

        /// What the text shows of one show.
        init(_ show: ShowOutlook) {
            id = show.showID
            title = show.title
            status = StatusDocument(show.status)
            watchedThrough = show.watchedThrough
            episodeCount = show.episodeCount
            todayEpisodes = show.toWatchToday.map(EpisodeRange.init)
            nextDay = show.next?.day
            nextEpisodes = show.next.map { EpisodeRange($0.episodes) }
            projectedFinish = show.projectedFinish
            note = show.planIssue.map { $0.errorDescription ?? "the plan could not be updated" }
        }
    }
    var today: CalendarDay
    var shows: [Show]
}

/// `animeplan calendar --json`: `{"first", "last", "today", "days": [{"day", "isToday",
/// "items": [{"showID", "title", "planned" (an episode range or null), "watched" (episode ranges)}]}]}`.
struct CalendarDocument: Encodable {
    struct Item: Encodable {
        var showID: Int
        var title: String
        @NullEncoded var planned: EpisodeRange?
        var watched: [EpisodeRange]
    }
    struct Day: Encodable {
        var day: CalendarDay
        var isToday: Bool
        var items: [Item]
    }
    var first: CalendarDay
    var last: CalendarDay
    var today: CalendarDay
    var days: [Day]

    init(_ agenda: Agenda, first: CalendarDay, last: CalendarDay, today: CalendarDay) {
        self.first = first
        self.last = last
        self.today = today
        days = agenda.days.map { day in
            Day(day: day.day, isToday: day.day == today, items: day.items.map { item in
                Item(showID: item.showID, title: item.title, planned: item.planned.map(EpisodeRange.init),
                     watched: item.watched.map(EpisodeRange.init))
            })
        }
    }
}

/// `animeplan stats --json`: `{"today", "watching", "queued", "completed", "dropped", "episodesWatched",
/// "minutesWatched", "episodesLeft", "shows": [{"id", "title", "episodesWatched", "episodesLeft",
/// "status", "projectedFinish"}], "days": [{"day", "watchedMinutes", "plannedMinutes"}]}`.
struct StatsDocument: Encodable {
    struct Show: Encodable {
        var id: Int
        var title: String
        var episodesWatched: Int
        @NullEncoded var episodesLeft: Int?
        var status: StatusDocument
        @NullEncoded var projectedFinish: CalendarDay?
    }
    struct Day: Encodable {
        var day: CalendarDay
        var watchedMinutes: Int
        var plannedMinutes: Int
    }
    var today: CalendarDay
    var watching: Int
    var queued: Int
    var completed: Int
    var dropped: Int
    var episodesWatched: Int
    var minutesWatched: Int
    var episodesLeft: Int
    var shows: [Show]
    var days: [Day]

    init(_ stats: PlannerStatistics, today: CalendarDay) {
        self.today = today
        watching = stats.watchingCount
        queued = stats.queuedCount
        completed = stats.completedCount
        dropped = stats.droppedCount
        episodesWatched = stats.episodesWatched
        minutesWatched = Int(stats.timeWatched.components.seconds / 60)
        episodesLeft = stats.episodesLeft
        shows = stats.shows.map {
            Show(id: $0.showID, title: $0.title, episodesWatched: $0.episodesWatched, episodesLeft: $0.episodesLeft,
                 status: StatusDocument($0.status), projectedFinish: $0.projectedFinish)
        }
        days = stats.recentDays.map { Day(day: $0.day, watchedMinutes: $0.watchedMinutes, plannedMinutes: $0.plannedMinutes) }
    }
}
