import AirdateCore
import Foundation
import WatchOrder

// The `--json` documents of `arrowverse`: one JSON document per run, keys sorted, every key always
// present (`null` when there is no value), calendar days as `YYYY-MM-DD`, instants in ISO 8601.

/// One episode, as every `--json` document shows it:
///
/// ```json
/// {"airDay": "2014-12-03", "aired": true, "broadcast": null, "code": "Arrow 3x08",
///  "id": "arrow/s3e8", "number": 8, "position": 93, "season": 3, "show": "Arrow",
///  "title": "The Brave and the Bold", "watched": false}
/// ```
///
/// `code` is what `watch`, `unwatch` and `watch --through` take; `position` is the place in the
/// whole watch order (the number `list` prints); `number` is `null` for a special (`code`
/// "Legends of Tomorrow special 1"); `airDay` is `null` when not announced; `broadcast` is the
/// instant of the broadcast when known (with `--tvmaze`); `aired` is whether it has aired for the
/// viewer's time zone.
struct EpisodeDocument: Encodable {
    var position: Int
    var code: String
    var id: String
    var show: String
    var season: Int
    var number: Int?
    var title: String
    var airDay: CalendarDay?
    var broadcast: Date?
    var watched: Bool
    var aired: Bool
    /// The code within the show, "3x08" (not encoded: the text's column).
    var codeInShow: String

    init(_ episode: Episode, in context: ListingContext) {
        position = context.position(of: episode)
        code = context.list.fullCode(of: episode)
        codeInShow = context.list.code(of: episode)
        id = episode.id.rawValue
        show = context.list.show(episode.showID)?.name ?? episode.showID
        season = episode.season
        number = episode.number
        title = episode.title
        airDay = episode.airDay
        broadcast = episode.broadcast
        watched = context.checklist.isWatched(episode.id)
        aired = episode.hasAired(at: context.clock.now, in: context.clock.timeZone)
    }

    private enum CodingKeys: String, CodingKey {
        case position, code, id, show, season, number, title, airDay, broadcast, watched, aired
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(position, forKey: .position)
        try container.encode(code, forKey: .code)
        try container.encode(id, forKey: .id)
        try container.encode(show, forKey: .show)
        try container.encode(season, forKey: .season)
        try container.encode(number, forKey: .number)
        try container.encode(title, forKey: .title)
        try container.encode(airDay, forKey: .airDay)
        try container.encode(broadcast, forKey: .broadcast)
        try container.encode(watched, forKey: .watched)
        try container.encode(aired, forKey: .aired)
    }
}

/// What an episode document needs to know besides the episode: the watch order, the marks and now.
struct ListingContext {
    var list: WatchList
    var checklist: Checklist
    var clock: ViewerClock
    private var positions: [EpisodeID: Int] = [:]

    init(list: WatchList, checklist: Checklist, clock: ViewerClock) {
        self.list = list
        self.checklist = checklist
        self.clock = clock
        for (index, episode) in list.episodes.enumerated() { positions[episode.id] = index + 1 }
    }

    /// The episode's place in the whole watch order, from 1.
    func position(of episode: Episode) -> Int { positions[episode.id] ?? 0 }
}

/// `arrowverse list --json`:
///
/// ```json
/// {"episodes": [EPISODE, …], "timeZone": "Europe/Paris"}
/// ```
///
/// The episodes the text lists, in watch order (each as ``EpisodeDocument``); `timeZone` is the
/// viewer's, for which `aired` is decided.
struct ListDocument: Encodable {
    var timeZone: String
    var episodes: [EpisodeDocument]
}

/// `arrowverse shows --json`:
///
/// ```json
/// {"notLoaded": ["Vixen"], "shows": [{"episodes": 170, "followed": true, "id": "arrow", "name": "Arrow"}, …]}
/// ```
///
/// Every loaded show in priority order, whether it is followed (`list`, `next` and `progress` show
/// only followed shows), and the series with no saved page (`notLoaded`, empty when all are).
struct ShowsDocument: Encodable {
    struct Entry: Encodable {
        var id: String
        var name: String
        var followed: Bool
        var episodes: Int
    }
    var shows: [Entry]
    var notLoaded: [String]
}

/// `arrowverse next --json`:
///
/// ```json
/// {"comingSoon": [EPISODE, …], "next": EPISODE or null, "byShow": [{"show": "Arrow", "episode": EPISODE}, …]}
/// ```
///
/// The next episode overall (`null` when nothing aired is left), each followed show's next
/// episode in the order `shows` lists them (shows with nothing left are left out), and the
/// episodes coming soon, in watch order.
struct NextDocument: Encodable {
    struct ShowNext: Encodable {
        var show: String
        var episode: EpisodeDocument
    }
    var next: EpisodeDocument?
    var byShow: [ShowNext]
    var comingSoon: [EpisodeDocument]

    private enum CodingKeys: String, CodingKey { case next, byShow, comingSoon }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(next, forKey: .next)
        try container.encode(byShow, forKey: .byShow)
        try container.encode(comingSoon, forKey: .comingSoon)
    }
}

/// Progress through a set of episodes: `{"aired": 170, "percent": 5, "total": 170, "watched": 8}` —
/// episodes watched, aired and listed, and watched over aired as a rounded percentage (as the text
/// prints it; 100 when nothing has aired).
struct ProgressNumbers: Encodable {
    var watched: Int
    var aired: Int
    var total: Int
    var percent: Int

    init(_ progress: WatchProgress) {
        watched = progress.watched
        aired = progress.aired
        total = progress.total
        percent = Rendering.percent(progress)
    }
}

/// `arrowverse progress --json`:
///
/// ```json
/// {"overall": PROGRESS,
///  "shows": [{"comingSoon": [EPISODE, …], "progress": PROGRESS, "seasons": [{"progress": PROGRESS, "season": 1}, …],
///             "show": "Arrow"}, …]}
/// ```
///
/// Each followed show's progress (``ProgressNumbers``), per season, and up to three of its
/// episodes coming soon; then the progress over every followed show.
struct ProgressReportDocument: Encodable {
    struct Season: Encodable {
        var season: Int
        var progress: ProgressNumbers
    }
    struct ShowProgress: Encodable {
        var show: String
        var progress: ProgressNumbers
        var seasons: [Season]
        var comingSoon: [EpisodeDocument]
    }
    var shows: [ShowProgress]
    var overall: ProgressNumbers
}

extension WatchList {
    /// The code the commands take for `episode`: the show's name and its code, "Arrow 3x08",
    /// "Legends of Tomorrow special 1".
    func fullCode(of episode: Episode) -> String {
        "\(show(episode.showID)?.name ?? episode.showID) \(code(of: episode))"
    }
}
