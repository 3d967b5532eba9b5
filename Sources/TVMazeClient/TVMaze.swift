public import AirdateCore
public import AirdateHTTP
public import Foundation

/// A typed client of every public TVMaze endpoint (`https://api.tvmaze.com`).
///
/// Requests are paced to TVMaze's limit (20 calls per 10 s), retried with back-off on 429/5xx and
/// network errors, and cached for `max-age` (an hour). Every method that calls TVMaze declares
/// `throws(APIClientError)`: that is the only error it can throw. Lookups that can miss (single
/// search, external ids, episode by number) return `nil` instead of throwing.
///
/// Answers are read leniently: a list element that does not decode is left out, a field whose
/// value cannot be read becomes `nil`, and each is reported with its URL and key path to
/// `APIClientConfiguration/diagnostics` (see `DecodingPolicy` to fail instead).
///
/// ```swift
/// let tvmaze = TVMaze()
/// let today = try await tvmaze.schedule(country: "US", date: CalendarDay(containing: .now, in: .current))
/// ```
public struct TVMaze: Sendable {
    /// The HTTP client all calls go through (shared limiter and cache).
    public let http: APIClient

    /// TVMaze's production root.
    public static let productionURL: URL = URL(string: "https://api.tvmaze.com") ?? URL(fileURLWithPath: "/")

    /// The configuration TVMaze needs: its root, a descriptive User-Agent, 20 calls per 10 s.
    public static func configuration(baseURL: URL = productionURL) -> APIClientConfiguration {
        APIClientConfiguration(
            baseURL: baseURL,
            userAgent: APIClientConfiguration.userAgent(
                product: "TVMazeClient", version: "0.1.0", contact: "https://github.com/airdate/airdate"
            ),
            rateLimits: [RateLimit(limit: 20, per: .seconds(10))]
        )
    }

    /// A client of `configuration.baseURL` (TVMaze by default) through `transport`, timed by `clock`.
    public init(
        configuration: APIClientConfiguration = TVMaze.configuration(),
        transport: any HTTPTransport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.http = APIClient(configuration: configuration, transport: transport, clock: clock)
    }

    private func get<T: Decodable>(_ endpoint: Endpoint, as type: T.Type = T.self) async throws(APIClientError) -> T {
        try await http.get(endpoint.request, as: T.self)
    }

    private func list<T: Decodable>(_ endpoint: Endpoint, of type: T.Type = T.self) async throws(APIClientError) -> [T] {
        try await http.list(endpoint.request, of: T.self)
    }

    private func getIfFound<T: Decodable>(_ endpoint: Endpoint, as type: T.Type = T.self) async throws(APIClientError) -> T? {
        try await http.getIfFound(endpoint.request, as: T.self)
    }

    // MARK: Search

    /// Shows whose names match `query`, best first (`/search/shows`).
    public func searchShows(_ query: String) async throws(APIClientError) -> [TVMazeShowSearchResult] {
        try await list(.searchShows(query: query))
    }

    /// The one show that best matches `query`, with `embeds`; `nil` when nothing matches
    /// (`/singlesearch/shows`).
    public func singleSearch(_ query: String, embedding embeds: [TVMazeShowEmbed] = []) async throws(APIClientError) -> TVMazeShow? {
        try await getIfFound(.singleSearch(query: query, embeds: embeds))
    }

    /// The show with an id on IMDb, TheTVDB or TVRage; `nil` when TVMaze does not know it
    /// (`/lookup/shows`, which redirects to the show).
    public func lookupShow(_ id: TVMazeExternalID) async throws(APIClientError) -> TVMazeShow? {
        try await getIfFound(.lookup(id))
    }

    /// People whose names match `query`, best first (`/search/people`).
    public func searchPeople(_ query: String) async throws(APIClientError) -> [TVMazePersonSearchResult] {
        try await list(.searchPeople(query: query))
    }

    // MARK: Schedules

    /// Broadcast episodes airing in `country` (ISO code, e.g. "US"; `nil` for TVMaze's default, US)
    /// on `date`, each with its show (`/schedule`). Airings from midnight to about 05:00 are listed
    /// under the previous date.
    public func schedule(country: String?, date: CalendarDay) async throws(APIClientError) -> [TVMazeEpisode] {
        try await list(.schedule(country: country, date: date))
    }

    /// Streaming episodes released on `date`, worldwide or for `country` (`/schedule/web`).
    public func webSchedule(date: CalendarDay, country: String? = nil) async throws(APIClientError) -> [TVMazeEpisode] {
        try await list(.webSchedule(date: date, country: country))
    }

    /// Every future episode TVMaze knows (`/schedule/full`; large, cached by TVMaze for a day).
    public func fullSchedule() async throws(APIClientError) -> [TVMazeEpisode] {
        try await list(.fullSchedule)
    }

    // MARK: Shows

    /// The show with `id`, with `embeds` (`/shows/:id`). Throws `APIClientError/notFound(url:)`
    /// for an unknown id.
    public func show(id: Int, embedding embeds: [TVMazeShowEmbed] = []) async throws(APIClientError) -> TVMazeShow {
        try await get(.show(id: id, embeds: embeds))
    }

    /// The show's episodes in order, specials included when asked (`/shows/:id/episodes`).
    public func episodes(ofShow showID: Int, includingSpecials: Bool = false) async throws(APIClientError) -> [TVMazeEpisode] {
        try await list(.episodes(showID: showID, specials: includingSpecials))
    }

    /// The show's alternative episode orders (`/shows/:id/alternatelists`).
    public func alternateLists(ofShow showID: Int) async throws(APIClientError) -> [TVMazeAlternateList] {
        try await list(.alternateLists(showID: showID))
    }

    /// One alternative episode order (`/alternatelists/:id`).
    public func alternateList(id: Int) async throws(APIClientError) -> TVMazeAlternateList {
        try await get(.alternateList(id: id))
    }

    /// The episodes of an alternative order, each with its regular episode
    /// (`/alternatelists/:id/alternateepisodes?embed=episodes`).
    public func alternateEpisodes(inList listID: Int) async throws(APIClientError) -> [TVMazeAlternateEpisode] {
        try await list(.alternateEpisodes(listID: listID))
    }

    /// One placement of an alternative order, with its regular episode
    /// (`/alternateepisodes/:id?embed=episodes`).
    public func alternateEpisode(id: Int) async throws(APIClientError) -> TVMazeAlternateEpisode {
        try await get(.alternateEpisode(id: id))
    }

    /// The season with TVMaze id `id` (`/seasons/:id`).
    public func season(id: Int) async throws(APIClientError) -> TVMazeSeason {
        try await get(.season(id: id))
    }

    /// The episode with this season and number; `nil` when there is none
    /// (`/shows/:id/episodebynumber`).
    public func episode(ofShow showID: Int, season: Int, number: Int) async throws(APIClientError) -> TVMazeEpisode? {
        try await getIfFound(.episodeByNumber(showID: showID, season: season, number: number))
    }

    /// The show's episodes that aired on `date`; empty when none did (`/shows/:id/episodesbydate`).
    public func episodes(ofShow showID: Int, airedOn date: CalendarDay) async throws(APIClientError) -> [TVMazeEpisode] {
        try await getIfFound(.episodesByDate(showID: showID, date: date), as: LenientList<TVMazeEpisode>.self)?.elements ?? []
    }

    /// The show's seasons (`/shows/:id/seasons`).
    public func seasons(ofShow showID: Int) async throws(APIClientError) -> [TVMazeSeason] {
        try await list(.seasons(showID: showID))
    }

    /// The episodes of the season with TVMaze id `seasonID` (`/seasons/:id/episodes`).
    public func episodes(inSeason seasonID: Int) async throws(APIClientError) -> [TVMazeEpisode] {
        try await list(.seasonEpisodes(seasonID: seasonID))
    }

    /// The show's main cast (`/shows/:id/cast`).
    public func cast(ofShow showID: Int) async throws(APIClientError) -> [TVMazeCastMember] {
        try await list(.cast(showID: showID))
    }

    /// The show's crew (`/shows/:id/crew`).
    public func crew(ofShow showID: Int) async throws(APIClientError) -> [TVMazeCrewMember] {
        try await list(.crew(showID: showID))
    }

    /// The show's other titles (`/shows/:id/akas`).
    public func akas(ofShow showID: Int) async throws(APIClientError) -> [TVMazeAKA] {
        try await list(.akas(showID: showID))
    }

    /// The show's images (`/shows/:id/images`).
    public func images(ofShow showID: Int) async throws(APIClientError) -> [TVMazeShowImage] {
        try await list(.images(showID: showID))
    }

    // MARK: Images

    /// The image `links` point to (a show's poster, an episode's still, a person's photo) at `size`
    /// (the other size when that one is missing), fetched through this client: paced by its rate
    /// limits, retried, bounded by `maxBytes` and cached on its `APIClientConfiguration/diskCache`
    /// (see `APIClient/image(at:maxBytes:lifetime:)`).
    ///
    /// - Throws: `APIClientError/Code/notFound` when `links` has no URL (or TVMaze has
    ///   no such file), and the errors of `APIClient/image(at:maxBytes:lifetime:)`.
    public func image(
        _ links: TVMazeImageLinks, size: TVMazeImageSize = .medium, maxBytes: Int = 2 * 1024 * 1024
    ) async throws(APIClientError) -> HTTPImage {
        guard let url = links.url(size) else {
            var error = APIClientError.notFound(url: "")
            error.detail = "TVMaze has no image here"
            throw error
        }
        return try await http.image(at: url, maxBytes: maxBytes)
    }

    /// A cast member's photo: the actor's (``TVMazePerson/image``), else the character's
    /// (``TVMazeShowCharacter/image``), fetched as ``image(_:size:maxBytes:)`` fetches a poster —
    /// paced, retried, bounded by `maxBytes` and cached on disk.
    ///
    /// ```swift
    /// for member in try await tvmaze.cast(ofShow: 82) {
    ///     let photo = try? await tvmaze.photo(of: member)   // nil: no photo (draw a stand-in)
    /// }
    /// ```
    ///
    /// - Throws: `APIClientError/Code/notFound` when neither has a photo, and the errors of
    ///   ``image(_:size:maxBytes:)``.
    public func photo(
        of member: TVMazeCastMember, size: TVMazeImageSize = .medium, maxBytes: Int = 2 * 1024 * 1024
    ) async throws(APIClientError) -> HTTPImage {
        guard let links = [member.person.image, member.character.image].compactMap({ $0 }).first(where: { $0.url(size) != nil }) else {
            var error = APIClientError.notFound(url: "")
            error.detail = "TVMaze has no photo of \(member.person.name) or \(member.character.name)"
            throw error
        }
        return try await image(links, size: size, maxBytes: maxBytes)
    }

    /// Every show, page by page (250 ids a page) from `page`, ending at the first missing page
    /// (`/shows?page=N`, which answers 404 past the end: TVMaze's only sign of the last page).
    public func showIndex(startingAt page: Int = 0) -> TVMazeIndexPages<TVMazeShow> {
        let http = self.http
        return TVMazeIndexPages(firstPage: page) { (page) async throws(APIClientError) -> [TVMazeShow]? in
            try await http.getIfFound(Endpoint.showIndex(page: page).request, as: LenientList<TVMazeShow>.self)?.elements
        }
    }

    // MARK: Episodes

    /// The episode with `id`, with `embeds` (`/episodes/:id`).
    public func episode(id: Int, embedding embeds: [TVMazeEpisodeEmbed] = []) async throws(APIClientError) -> TVMazeEpisode {
        try await get(.episode(id: id, embeds: embeds))
    }

    /// The episode's guest cast (`/episodes/:id/guestcast`).
    public func guestCast(ofEpisode episodeID: Int) async throws(APIClientError) -> [TVMazeCastMember] {
        try await list(.guestCast(episodeID: episodeID))
    }

    /// The episode's guest crew (`/episodes/:id/guestcrew`).
    public func guestCrew(ofEpisode episodeID: Int) async throws(APIClientError) -> [TVMazeCrewMember] {
        try await list(.guestCrew(episodeID: episodeID))
    }

    // MARK: People

    /// The person with `id`, with `embeds` (`/people/:id`).
    public func person(id: Int, embedding embeds: [TVMazePersonEmbed] = []) async throws(APIClientError) -> TVMazePerson {
        try await get(.person(id: id, embeds: embeds))
    }

    /// Every person, page by page, ending at the first missing page (`/people?page=N`).
    public func peopleIndex(startingAt page: Int = 0) -> TVMazeIndexPages<TVMazePerson> {
        let http = self.http
        return TVMazeIndexPages(firstPage: page) { (page) async throws(APIClientError) -> [TVMazePerson]? in
            try await http.getIfFound(Endpoint.peopleIndex(page: page).request, as: LenientList<TVMazePerson>.self)?.elements
        }
    }

    /// The person's roles, each with its show (`/people/:id/castcredits?embed=show`).
    public func castCredits(ofPerson personID: Int) async throws(APIClientError) -> [TVMazeCastCredit] {
        try await list(.castCredits(personID: personID))
    }

    /// The person's jobs, each with its show (`/people/:id/crewcredits?embed=show`).
    public func crewCredits(ofPerson personID: Int) async throws(APIClientError) -> [TVMazeCrewCredit] {
        try await list(.crewCredits(personID: personID))
    }

    /// The person's guest roles, each with its episode (`/people/:id/guestcastcredits?embed=episode`).
    public func guestCastCredits(ofPerson personID: Int) async throws(APIClientError) -> [TVMazeGuestCastCredit] {
        try await list(.guestCastCredits(personID: personID))
    }

    // MARK: Updates

    /// When each show last changed, by show id (`/updates/shows`), within `since` or ever.
    public func showUpdates(since: TVMazeUpdatePeriod? = nil) async throws(APIClientError) -> [Int: Date] {
        try await get(.showUpdates(since: since), as: UpdateTimes.self).times
    }

    /// When each person last changed, by person id (`/updates/people`).
    public func personUpdates(since: TVMazeUpdatePeriod? = nil) async throws(APIClientError) -> [Int: Date] {
        try await get(.personUpdates(since: since), as: UpdateTimes.self).times
    }
}

/// `{"1": 1563810563, …}`: ids to Unix times. An entry whose key is not an id or whose time is not
/// a number is left out and reported.
struct UpdateTimes: Decodable {
    var times: [Int: Date]

    init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: AnyCodingKey.self)
        var times: [Int: Date] = [:]
        for key in c.allKeys {
            guard let id = Int(key.stringValue) else {
                c.record(.unreadableValue, at: key, reason: "expected a numeric id as the key; left out")
                continue
            }
            if let time = c.unixTime(key) { times[id] = time }
        }
        self.times = times
    }
}
