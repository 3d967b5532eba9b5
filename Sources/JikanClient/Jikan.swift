import AirdateCore
public import AirdateHTTP
public import Foundation

/// A typed client of Jikan v4 (`https://api.jikan.moe/v4`), the unofficial MyAnimeList API.
///
/// All calls of one client (and its copies) share one rate limiter kept to Jikan's limits — 3
/// requests per second *and* 60 per minute — paced before sending, not after a 429. Rate-limit
/// answers (429, including MyAnimeList rate-limiting Jikan) and upstream 5xx failures are retried
/// with back-off; a 500 carrying `report_url` (a bug in Jikan) is not. Failures throw
/// `APIClientError`; those Jikan explained in its body are `APIClientError/api(_:)` with
/// Jikan's status, type and message. Answers are cached as long as `Cache-Control`/`Expires`
/// allow (Jikan: 24 hours).
///
/// Every method that calls Jikan declares `throws(APIClientError)` — the only error it can throw —
/// and iterating a ``JikanPages`` throws only `APIClientError` too. Answers are read leniently: a
/// list element that does not decode is left out, a field whose value cannot be read becomes `nil`,
/// and each is reported with its URL and key path to `APIClientConfiguration/diagnostics` (see
/// `DecodingPolicy` to fail instead).
///
/// Lists come one page at a time (`…(page:)`, a ``JikanPage``) or as every item (`all…`, a
/// ``JikanPages`` `AsyncSequence` that survives Jikan's pagination bugs).
///
/// ```swift
/// let jikan = Jikan()
/// for try await anime in jikan.allSearchResults(JikanAnimeSearch(query: "mushishi", limit: 10)) {
///     print(anime.preferredTitle, anime.duration?.description ?? "?")
/// }
/// ```
public struct Jikan: Sendable {
    /// The HTTP client all calls go through (shared limiter and cache).
    public let http: APIClient
    /// The HTTP client pictures go through (``image(_:size:preferring:maxBytes:)``,
    /// ``cover(of:size:preferring:maxBytes:)``): MyAnimeList's image host, paced on a budget of
    /// its own (``imageRateLimits``) so that a page of covers never spends Jikan's 60 requests a
    /// minute, with the API client's transport, retries, bounds and disk cache.
    public let images: APIClient

    /// Jikan's production root.
    public static let productionURL: URL = URL(string: "https://api.jikan.moe/v4") ?? URL(fileURLWithPath: "/")

    /// Jikan's published limits: 3 requests per second and 60 per minute.
    public static let rateLimits = [RateLimit(limit: 3, per: .seconds(1)), RateLimit(limit: 60, per: .seconds(60))]

    /// MyAnimeList's image host, where Jikan's picture URLs point (`cdn.myanimelist.net`).
    public static let imageHostURL: URL = URL(string: "https://cdn.myanimelist.net") ?? URL(fileURLWithPath: "/")

    /// The pace of picture requests (MyAnimeList's image host states no limit; a polite 5 a second).
    public static let imageRateLimits = [RateLimit(limit: 5, per: .seconds(1))]

    /// Episodes per page of `/anime/{id}/episodes`.
    public static let episodesPerPage = 100

    /// The configuration Jikan needs: its root, a descriptive User-Agent, its two rate-limit
    /// windows (or `rateLimits`, e.g. scaled down for tests), Jikan's error bodies read.
    public static func configuration(
        baseURL: URL = productionURL,
        rateLimits: [RateLimit] = Jikan.rateLimits
    ) -> APIClientConfiguration {
        APIClientConfiguration(
            baseURL: baseURL,
            userAgent: APIClientConfiguration.userAgent(
                product: "JikanClient", version: "0.1.0", contact: "https://github.com/airdate/airdate"
            ),
            rateLimits: rateLimits,
            errorBodyReader: { status, body in JikanErrorBody.read(status: status, body: body) }
        )
    }

    /// A client of `configuration.baseURL` (Jikan by default) through `transport`, timed by `clock`.
    public init(
        configuration: APIClientConfiguration = Jikan.configuration(),
        transport: any HTTPTransport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.http = APIClient(configuration: configuration, transport: transport, clock: clock)
        var pictures = configuration
        pictures.baseURL = Self.imageHostURL
        pictures.rateLimits = Self.imageRateLimits
        pictures.rateBudget = nil   // the image host's own budget, shared by every client of it in the process
        pictures.errorBodyReader = nil
        self.images = APIClient(configuration: pictures, transport: transport, clock: clock)
    }

    // MARK: Images

    /// The picture `images` offers at `size` in `format` (the nearest other size or format when that
    /// one is missing, see ``JikanImageSet/url(_:preferring:)``), fetched through ``images``: paced
    /// on the image host's own budget (``imageRateLimits``, not Jikan's), retried, bounded by
    /// `maxBytes` and cached on the `APIClientConfiguration/diskCache` (see
    /// `APIClient/image(at:maxBytes:lifetime:)`).
    ///
    /// - Throws: `APIClientError/Code/notFound` when `images` has no picture (or the
    ///   file is gone), and the errors of `APIClient/image(at:maxBytes:lifetime:)`.
    public func image(
        _ images: JikanImageSet, size: JikanImageSize = .large, preferring format: JikanImageFormat = .jpg,
        maxBytes: Int = 2 * 1024 * 1024
    ) async throws(APIClientError) -> HTTPImage {
        guard let url = images.url(size, preferring: format) else {
            var error = APIClientError.notFound(url: "")
            error.detail = "MyAnimeList has no picture here"
            throw error
        }
        return try await self.images.image(at: url, maxBytes: maxBytes)
    }

    /// An anime's cover (its `images`) at `size`, as ``image(_:size:preferring:maxBytes:)`` fetches it.
    ///
    /// ```swift
    /// let cover = try await jikan.cover(of: try await jikan.anime(id: 52991))
    /// // cover.data, cover.mediaType ("image/jpeg"): serve it, or show it
    /// ```
    public func cover(
        of anime: JikanAnime, size: JikanImageSize = .large, preferring format: JikanImageFormat = .jpg,
        maxBytes: Int = 2 * 1024 * 1024
    ) async throws(APIClientError) -> HTTPImage {
        try await image(anime.images, size: size, preferring: format, maxBytes: maxBytes)
    }

    // MARK: Requests (every endpoint goes through these, with its `Endpoint` case)

    /// `{"data": T}`.
    func data<T: Decodable>(_ endpoint: Endpoint, as type: T.Type = T.self) async throws(APIClientError) -> T {
        try await http.get(endpoint.request, as: DataEnvelope<T>.self).data
    }

    /// `{"data": [T]}`, elements decoded leniently.
    func list<T: Decodable>(_ endpoint: Endpoint, of type: T.Type = T.self) async throws(APIClientError) -> [T] {
        try await http.get(endpoint.request, as: DataEnvelope<LenientList<T>>.self).data.elements
    }

    /// One page of a paginated list.
    func page<T: Decodable & Sendable>(_ endpoint: Endpoint, of type: T.Type = T.self) async throws(APIClientError) -> JikanPage<T> {
        try await http.get(endpoint.request, as: JikanPage<T>.self)
    }

    /// Every item of the paginated list `endpoint(page)` makes, from `page`.
    func pages<T: Decodable & MALIdentifiable>(
        startingAt page: Int = 1, _ endpoint: @escaping @Sendable (Int) -> Endpoint
    ) -> JikanPages<T> {
        let http = self.http
        return JikanPages(firstPage: page) { (number) async throws(APIClientError) -> JikanPage<T> in
            try await http.get(endpoint(number).request, as: JikanPage<T>.self)
        }
    }

    // MARK: Anime

    /// One page of anime matching `search` (`/anime`).
    public func searchAnime(_ search: JikanAnimeSearch, page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.searchAnime(search, page: page))
    }

    /// Every anime matching `search`, page after page, each once.
    public func allSearchResults(_ search: JikanAnimeSearch) -> JikanPages<JikanAnime> {
        pages { page in .searchAnime(search, page: page) }
    }

    /// The anime with MyAnimeList id `id` (`/anime/{id}`). Throws
    /// `APIClientError/notFound(url:)` for an unknown id.
    public func anime(id: Int) async throws(APIClientError) -> JikanAnime {
        try await data(.anime(id: id))
    }

    /// The anime with its relations, theme songs, external and streaming links (`/anime/{id}/full`).
    public func animeFull(id: Int) async throws(APIClientError) -> JikanAnime {
        try await data(.animeFull(id: id))
    }

    /// One page (100 episodes) of the anime's episodes (`/anime/{id}/episodes`).
    public func episodes(ofAnime animeID: Int, page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnimeEpisode> {
        try await self.page(.animeEpisodes(id: animeID, page: page))
    }

    /// Every episode of the anime, page after page, each once.
    public func allEpisodes(ofAnime animeID: Int) -> JikanPages<JikanAnimeEpisode> {
        pages { page in .animeEpisodes(id: animeID, page: page) }
    }

    /// Episode number `number` of the anime, with its length and synopsis
    /// (`/anime/{id}/episodes/{episode}`).
    public func episode(ofAnime animeID: Int, number: Int) async throws(APIClientError) -> JikanAnimeEpisode {
        try await data(.animeEpisode(id: animeID, number: number))
    }

    /// Entries related to the anime: sequels, prequels, adaptations… (`/anime/{id}/relations`).
    public func relations(ofAnime animeID: Int) async throws(APIClientError) -> [JikanAnimeRelation] {
        try await list(.animeRelations(id: animeID))
    }

    /// The anime's characters with their voice actors (`/anime/{id}/characters`).
    public func characters(ofAnime animeID: Int) async throws(APIClientError) -> [JikanCharacterRole] {
        try await list(.animeCharacters(id: animeID))
    }

    /// The people who made the anime (`/anime/{id}/staff`).
    public func staff(ofAnime animeID: Int) async throws(APIClientError) -> [JikanStaffMember] {
        try await list(.animeStaff(id: animeID))
    }

    /// How members list and score the anime (`/anime/{id}/statistics`).
    public func statistics(ofAnime animeID: Int) async throws(APIClientError) -> JikanAnimeStatistics {
        try await data(.animeStatistics(id: animeID))
    }

    /// Anime members recommend to the anime's fans (`/anime/{id}/recommendations`).
    public func recommendations(ofAnime animeID: Int) async throws(APIClientError) -> [JikanRecommendation] {
        try await list(.animeRecommendations(id: animeID))
    }

    // MARK: Seasons

    /// One page of this season's anime (`/seasons/now`), optionally of one format and safe for work.
    public func currentSeason(format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions(), page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.seasonNow(format: format, safeForWork: safeForWork, options: options, page: page))
    }

    /// Every anime of this season, each once.
    public func allCurrentSeason(format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions()) -> JikanPages<JikanAnime> {
        pages { page in .seasonNow(format: format, safeForWork: safeForWork, options: options, page: page) }
    }

    /// One page of the anime of `season` of `year` (`/seasons/{year}/{season}`).
    public func season(_ season: JikanAnimeSeason, of year: Int, format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions(), page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.season(year: year, season: season, format: format, safeForWork: safeForWork, options: options, page: page))
    }

    /// Every anime of `season` of `year`, each once.
    public func allOfSeason(_ season: JikanAnimeSeason, of year: Int, format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions()) -> JikanPages<JikanAnime> {
        pages { page in .season(year: year, season: season, format: format, safeForWork: safeForWork, options: options, page: page) }
    }

    /// One page of anime announced for coming seasons (`/seasons/upcoming`).
    public func upcomingSeasons(format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions(), page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.seasonUpcoming(format: format, safeForWork: safeForWork, options: options, page: page))
    }

    /// Every anime announced for coming seasons, each once.
    public func allUpcomingSeasons(format: JikanAnimeFormat? = nil, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions()) -> JikanPages<JikanAnime> {
        pages { page in .seasonUpcoming(format: format, safeForWork: safeForWork, options: options, page: page) }
    }

    /// Every year with its seasons, newest first as Jikan lists them (`/seasons`).
    public func seasonArchive() async throws(APIClientError) -> [JikanSeasonArchive] {
        try await list(.seasonList)
    }

    // MARK: Schedules

    /// One page of the anime broadcast on `day` in Japan, or of the whole week when `nil`
    /// (`/schedules`).
    public func schedule(on day: JikanScheduleDay?, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions(), page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.schedules(day: day, safeForWork: safeForWork, options: options, page: page))
    }

    /// Every anime broadcast on `day` (in Japan), each once.
    public func allScheduled(on day: JikanScheduleDay?, safeForWork: Bool = false, options: JikanListOptions = JikanListOptions()) -> JikanPages<JikanAnime> {
        pages { page in .schedules(day: day, safeForWork: safeForWork, options: options, page: page) }
    }

    // MARK: Top, genres, producers

    /// One page of the top anime, optionally of one format and from one list (`/top/anime`).
    public func topAnime(format: JikanAnimeFormat? = nil, filter: JikanTopAnimeFilter? = nil, options: JikanListOptions = JikanListOptions(), page: Int = 1) async throws(APIClientError) -> JikanPage<JikanAnime> {
        try await self.page(.topAnime(format: format, filter: filter, options: options, page: page))
    }

    /// The top anime, page after page, each once (stop early with ``JikanPages/limited(toPages:)``).
    public func allTopAnime(format: JikanAnimeFormat? = nil, filter: JikanTopAnimeFilter? = nil, options: JikanListOptions = JikanListOptions()) -> JikanPages<JikanAnime> {
        pages { page in .topAnime(format: format, filter: filter, options: options, page: page) }
    }

    /// Anime genres, themes and demographics with their ids for ``JikanAnimeSearch/genres``
    /// (`/genres/anime`).
    public func genres(filter: JikanGenreFilter? = nil) async throws(APIClientError) -> [JikanGenre] {
        try await list(.animeGenres(filter: filter))
    }

    /// One page of producers, studios and licensors, optionally matching `query` (`/producers`).
    public func producers(matching query: String? = nil, page: Int = 1) async throws(APIClientError) -> JikanPage<JikanProducer> {
        try await self.page(.producers(JikanNameSearch(query: query), page: page))
    }

    /// Every producer matching `query`, each once.
    public func allProducers(matching query: String? = nil) -> JikanPages<JikanProducer> {
        pages { page in .producers(JikanNameSearch(query: query), page: page) }
    }

    /// The producer with MyAnimeList id `id` (`/producers/{id}`).
    public func producer(id: Int) async throws(APIClientError) -> JikanProducer {
        try await data(.producer(id: id))
    }
}
