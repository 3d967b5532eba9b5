public import AirdateCore
public import Foundation
public import WatchOrder

// The JSON documents of `arrowverse --json` and of `airdate-web`'s API: keys sorted, every key always
// present (`null` when there is no value), calendar days as `YYYY-MM-DD`, instants in ISO 8601.

/// One episode, as every JSON document shows it:
///
/// ```json
/// {"airDay": "2014-12-03", "aired": true, "broadcast": null, "code": "Arrow 3x08",
///  "crossover": {"name": "Flash vs. Arrow", "part": 2, "parts": 2},
///  "id": "arrow/s3e8", "number": 8, "position": 93, "runtime": 42, "season": 3, "show": "Arrow",
///  "title": "The Brave and the Bold", "watched": false,
///  "wikiURL": "https://arrow.fandom.com/wiki/The_Brave_and_the_Bold"}
/// ```
///
/// `code` is what `watch`, `unwatch` and `watch --through` take; `position` is the place in the
/// whole watch order (the number `list` prints); `number` is `null` for a special (`code`
/// "Legends of Tomorrow special 1"); `airDay` is `null` when not announced; `broadcast` is the
/// instant of the broadcast when known (with `--tvmaze`); `runtime` is its length in minutes when
/// known (TVMaze's, with `--tvmaze`; `null` otherwise); `aired` is whether it has aired for the
/// viewer's time zone; `wikiURL` is the episode's own wiki article (`null` when unknown);
/// `crossover` names the crossover it is a part of (`null` for most episodes).
public struct EpisodeDocument: Encodable, Sendable {
    /// A crossover part: `{"name": "Elseworlds", "part": 2, "parts": 3}`.
    public struct Crossover: Encodable, Sendable {
        /// The crossover's name.
        public var name: String
        /// Which part, from 1.
        public var part: Int
        /// How many parts.
        public var parts: Int
    }

    /// The place in the whole watch order, from 1.
    public var position: Int
    /// The show's name and the code within it, "Arrow 3x08".
    public var code: String
    /// The episode's id, `arrow/s3e8`.
    public var id: String
    /// The show's name.
    public var show: String
    /// The season.
    public var season: Int
    /// The number in season; `nil` for a special.
    public var number: Int?
    /// The title.
    public var title: String
    /// The air day, when announced.
    public var airDay: CalendarDay?
    /// The broadcast instant, when known.
    public var broadcast: Date?
    /// The runtime in whole minutes, when known.
    public var runtime: Int?
    /// Whether it is marked watched.
    public var watched: Bool
    /// Whether it has aired for the viewer.
    public var aired: Bool
    /// The episode's own wiki article.
    public var wikiURL: URL?
    /// The crossover it is a part of.
    public var crossover: Crossover?
    /// The code within the show, "3x08" (not encoded: the text's column).
    public var codeInShow: String

    /// The document of `episode` in `context`.
    public init(_ episode: Episode, in context: ListingContext) {
        position = context.position(of: episode)
        code = context.list.code(of: episode, .withShow)
        codeInShow = context.list.code(of: episode)
        id = episode.id.rawValue
        show = context.list.show(episode.showID)?.name ?? episode.showID
        season = episode.season
        number = episode.number
        title = episode.title
        airDay = episode.airDay
        broadcast = episode.broadcast
        runtime = episode.runtime.map { Int(($0.components.seconds + 30) / 60) }
        watched = context.checklist.isWatched(episode.id)
        aired = episode.hasAired(at: context.clock)
        wikiURL = episode.pageURL
        crossover = context.list.crossover(of: episode.id).map { Crossover(name: $0.name, part: $0.part, parts: $0.parts) }
    }

    private enum CodingKeys: String, CodingKey {
        case position, code, id, show, season, number, title, airDay, broadcast, runtime, watched, aired, wikiURL, crossover
    }

    /// Encodes every key, `null` for a missing value.
    public func encode(to encoder: any Encoder) throws {
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
        try container.encode(runtime, forKey: .runtime)
        try container.encode(watched, forKey: .watched)
        try container.encode(aired, forKey: .aired)
        try container.encode(wikiURL, forKey: .wikiURL)
        try container.encode(crossover, forKey: .crossover)
    }
}

/// What an episode document needs to know besides the episode: the watch order, the marks and now.
public struct ListingContext: Sendable {
    /// The watch order.
    public var list: WatchList
    /// The marks.
    public var checklist: Checklist
    /// Now, and the viewer's time zone.
    public var clock: ViewerClock
    private var positions: [EpisodeID: Int] = [:]

    /// A context; `clock` is read once per document.
    public init(list: WatchList, checklist: Checklist, clock: ViewerClock) {
        self.list = list
        self.checklist = checklist
        self.clock = clock
        for (index, episode) in list.episodes.enumerated() { positions[episode.id] = index + 1 }
    }

    /// The episode's place in the whole watch order, from 1.
    public func position(of episode: Episode) -> Int { positions[episode.id] ?? 0 }
}

/// `arrowverse list --json`:
///
/// ```json
/// {"episodes": [EPISODE, …], "timeZone": "Europe/Paris"}
/// ```
///
/// The episodes the text lists, in watch order (each as ``EpisodeDocument``); `timeZone` is the
/// viewer's, for which `aired` is decided.
public struct ListDocument: Encodable, Sendable {
    /// The viewer's time zone.
    public var timeZone: String
    /// The episodes.
    public var episodes: [EpisodeDocument]

    /// A list document.
    public init(timeZone: String, episodes: [EpisodeDocument]) {
        self.timeZone = timeZone
        self.episodes = episodes
    }
}

/// `arrowverse shows --json`:
///
/// ```json
/// {"notLoaded": ["Vixen"], "shows": [{"episodes": 170, "followed": true, "id": "arrow", "name": "Arrow"}, …]}
/// ```
///
/// Every loaded show in priority order, whether it is followed (`list`, `next` and `progress` show
/// only followed shows), and the series with no saved page (`notLoaded`, empty when all are).
public struct ShowsDocument: Encodable, Sendable {
    /// One show.
    public struct Entry: Encodable, Sendable {
        /// Its id.
        public var id: String
        /// Its name.
        public var name: String
        /// Whether it is followed.
        public var followed: Bool
        /// How many episodes it has.
        public var episodes: Int
        /// Its ids on TVMaze, TheTVDB and IMDb where known (`{"tvmaze": 4, "thetvdb": 257655, "imdb": "tt2193021"}`).
        public var externalIDs: ExternalIDs
        /// `watching`, `hidden` (shown nowhere) or `dropped` (out of next, still listed).
        public var status: String

        /// An entry.
        public init(id: String, name: String, followed: Bool, episodes: Int, externalIDs: ExternalIDs = .none, status: String = "watching") {
            self.id = id
            self.name = name
            self.followed = followed
            self.episodes = episodes
            self.externalIDs = externalIDs
            self.status = status
        }
    }
    /// The shows.
    public var shows: [Entry]
    /// The series not loaded.
    public var notLoaded: [String]

    /// A shows document.
    public init(shows: [Entry], notLoaded: [String]) {
        self.shows = shows
        self.notLoaded = notLoaded
    }
}

/// `arrowverse next --json` and `airdate-web`'s `/api/next`, both made from one
/// `Checklist.upNext(in:at:comingSoonLimit:)`:
///
/// ```json
/// {"comingSoon": [EPISODE, …], "next": EPISODE or null,
///  "byShow": [{"behind": 3, "episode": EPISODE, "show": "Constantine"}, …]}
/// ```
///
/// The next episode overall in watch order (`null` when nothing aired is left), each followed
/// show's next episode with how many aired episodes of it are left (shows with nothing left are
/// left out) by air date — the episode that aired first leads, ties by broadcast instant, then in
/// watch order — and the episodes coming soon, in watch order.
public struct NextDocument: Encodable, Sendable {
    /// A show's next episode.
    public struct ShowNext: Encodable, Sendable {
        /// The show's name.
        public var show: String
        /// Its next episode.
        public var episode: EpisodeDocument
        /// Its aired episodes still to watch, `episode` included.
        public var behind: Int

        /// An entry.
        public init(show: String, episode: EpisodeDocument, behind: Int) {
            self.show = show
            self.episode = episode
            self.behind = behind
        }
    }
    /// The next episode overall.
    public var next: EpisodeDocument?
    /// Each show's next episode, by air date.
    public var byShow: [ShowNext]
    /// The episodes coming soon.
    public var comingSoon: [EpisodeDocument]

    /// A next document.
    public init(next: EpisodeDocument?, byShow: [ShowNext], comingSoon: [EpisodeDocument]) {
        self.next = next
        self.byShow = byShow
        self.comingSoon = comingSoon
    }

    /// The document of `upNext`, its episodes described in `context`.
    public init(_ upNext: UpNext, in context: ListingContext) {
        self.init(
            next: upNext.next.map { EpisodeDocument($0, in: context) },
            byShow: upNext.shows.map { ShowNext(show: $0.show.name, episode: EpisodeDocument($0.next, in: context), behind: $0.behind) },
            comingSoon: upNext.comingSoon.map { EpisodeDocument($0, in: context) })
    }

    private enum CodingKeys: String, CodingKey { case next, byShow, comingSoon }

    /// Encodes every key, `null` for no next episode.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(next, forKey: .next)
        try container.encode(byShow, forKey: .byShow)
        try container.encode(comingSoon, forKey: .comingSoon)
    }
}

/// Progress through a set of episodes: `{"aired": 170, "percent": 5, "total": 170, "watched": 8}` —
/// episodes watched, aired and listed, and watched over aired as a percentage
/// (`WatchProgress.percent`: 100 only when every aired episode is watched, and when nothing has aired).
public struct ProgressNumbers: Encodable, Sendable {
    /// Episodes watched.
    public var watched: Int
    /// Episodes aired.
    public var aired: Int
    /// Episodes listed.
    public var total: Int
    /// Watched over aired, in percent.
    public var percent: Int

    /// The numbers of `progress`.
    public init(_ progress: WatchProgress) {
        watched = progress.watched
        aired = progress.aired
        total = progress.total
        percent = progress.percent
    }
}

/// `arrowverse progress --json` and `airdate-web`'s `/api/progress`:
///
/// ```json
/// {"overall": PROGRESS,
///  "shows": [{"comingSoon": [EPISODE, …], "progress": PROGRESS, "seasons": [{"progress": PROGRESS, "season": 1}, …],
///             "show": "Arrow"}, …]}
/// ```
///
/// Each followed show's progress (``ProgressNumbers``), per season, and up to three of its
/// episodes coming soon; then the progress over every followed show.
public struct ProgressReportDocument: Encodable, Sendable {
    /// A season's progress.
    public struct Season: Encodable, Sendable {
        /// The season.
        public var season: Int
        /// Its progress.
        public var progress: ProgressNumbers
    }
    /// A show's progress.
    public struct ShowProgress: Encodable, Sendable {
        /// The show's name.
        public var show: String
        /// Its progress.
        public var progress: ProgressNumbers
        /// Each season's.
        public var seasons: [Season]
        /// Up to three episodes coming soon.
        public var comingSoon: [EpisodeDocument]
    }
    /// The shows.
    public var shows: [ShowProgress]
    /// Over every show.
    public var overall: ProgressNumbers

    /// The report of `checklist` over `list`: each visible show (``WatchOrder/ShowProgress``), its
    /// seasons and up to three episodes coming soon, then the whole.
    public init(list: WatchList, checklist: Checklist, clock: ViewerClock) {
        let clock = clock.frozen()
        let context = ListingContext(list: list, checklist: checklist, clock: clock)
        overall = ProgressNumbers(checklist.progress(in: list, at: clock))
        shows = checklist.progressByShow(in: list, at: clock).map { show in
            ShowProgress(
                show: show.show.name, progress: ProgressNumbers(show.progress),
                seasons: show.seasons.map { Season(season: $0.season, progress: ProgressNumbers($0.progress)) },
                comingSoon: checklist.comingSoon(in: list, show: show.show.id, at: clock, limit: 3).map { EpisodeDocument($0, in: context) })
        }
    }
}
