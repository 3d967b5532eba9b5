public import AirdateCore
public import Foundation

/// One episode of a show, as listed on an episode page.
public struct Episode: Sendable, Hashable, Codable, Identifiable {
    /// The stable identity (show, season, number — see ``EpisodeID``).
    public var id: EpisodeID
    /// The show's identity (``Show/id``).
    public var showID: String
    /// The season number.
    public var season: Int
    /// The number in season; `nil` for a special.
    public var number: Int?
    /// The number over the whole series, when the page gives it.
    public var overall: Int?
    /// The title, without quotes and footnote markers; `TBA` when not yet announced.
    public var title: String
    /// Alternative titles (after a `<br>` in the title cell).
    public var alternateTitles: [String]
    /// The day the episode first aired (or will air), in the broadcaster's calendar; `nil` when TBA.
    public var airDay: CalendarDay?
    /// The instant of the broadcast, when known.
    public var broadcast: Date?
    /// The runtime, when known.
    public var runtime: Duration?
    /// The page the episode was read from (a list of episodes, usually).
    public var sourceURL: URL?
    /// The episode's own page — its article on a wiki, say — when known; `nil` otherwise. Unlike
    /// ``sourceURL`` it is about this episode alone, so an app can link each episode to it.
    public var pageURL: URL?
    /// The episode's ids on other services (TVMaze, TheTVDB, IMDb…), where a source gives them.
    /// They take no part in the identity (``id``).
    public var externalIDs: ExternalIDs

    /// Creates an episode; the identity is derived from show, season and number (or overall number).
    public init(
        showID: String, season: Int, number: Int?, overall: Int? = nil, title: String,
        alternateTitles: [String] = [], airDay: CalendarDay?, broadcast: Date? = nil, runtime: Duration? = nil,
        sourceURL: URL? = nil, pageURL: URL? = nil, externalIDs: ExternalIDs = .none
    ) {
        self.id = EpisodeID(showID: showID, season: season, number: number, overall: overall, title: title)
        self.showID = showID
        self.season = season
        self.number = number
        self.overall = overall
        self.title = title
        self.alternateTitles = alternateTitles
        self.airDay = airDay
        self.broadcast = broadcast
        self.runtime = runtime
        self.sourceURL = sourceURL
        self.pageURL = pageURL
        self.externalIDs = externalIDs
    }

    private enum CodingKeys: String, CodingKey {
        case id, showID, season, number, overall, title, alternateTitles, airDay, broadcast, runtime, sourceURL, pageURL, externalIDs
    }

    /// Decodes an episode; `externalIDs` may be absent (documents written before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(EpisodeID.self, forKey: .id)
        showID = try container.decode(String.self, forKey: .showID)
        season = try container.decode(Int.self, forKey: .season)
        number = try container.decodeIfPresent(Int.self, forKey: .number)
        overall = try container.decodeIfPresent(Int.self, forKey: .overall)
        title = try container.decode(String.self, forKey: .title)
        alternateTitles = try container.decode([String].self, forKey: .alternateTitles)
        airDay = try container.decodeIfPresent(CalendarDay.self, forKey: .airDay)
        broadcast = try container.decodeIfPresent(Date.self, forKey: .broadcast)
        runtime = try container.decodeIfPresent(Duration.self, forKey: .runtime)
        sourceURL = try container.decodeIfPresent(URL.self, forKey: .sourceURL)
        pageURL = try container.decodeIfPresent(URL.self, forKey: .pageURL)
        externalIDs = try container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs) ?? .none
    }

    /// Whether the episode has no number in season.
    public var isSpecial: Bool { number == nil }

    /// The episode's code in `style`: `S3E08` (`EpisodeCode.Style.compact`), `S03E08`
    /// (`EpisodeCode.Style.padded`), `3x08` (`EpisodeCode.Style.crossSeason`); a special is
    /// `S5 special`. For the code a watch order's list shows (`Arrow 3x08`, `Legends special 1`),
    /// use `WatchList.code(of:_:)`, which knows the show's name and its specials.
    public func code(_ style: EpisodeCode.Style) -> String {
        EpisodeCode(season: season, number: number).formatted(style)
    }

    /// Whether the episode has aired by the clock's now for its viewer: its broadcast instant has
    /// passed when known, else its air day has begun in the viewer's calendar. Never true without a day.
    public func hasAired(at clock: ViewerClock) -> Bool {
        hasAired(at: clock.now, in: clock.timeZone)
    }

    /// ``hasAired(at:)`` at the instant `now` in `timeZone` (the hot loops read the clock once).
    func hasAired(at now: Date, in timeZone: TimeZone) -> Bool {
        if let broadcast { return broadcast <= now }
        guard let airDay else { return false }
        return airDay <= CalendarDay(containing: now, in: timeZone)
    }
}
