import AirdateHTTP

/// Every Jikan request this client makes: a closed set, each case carrying only the parameters
/// that endpoint understands. Paged endpoints always send `page`, so equal requests share a cache
/// entry.
enum Endpoint: Sendable, Hashable {
    case searchAnime(JikanAnimeSearch, page: Int)
    case anime(id: Int)
    case animeFull(id: Int)
    case episodes(animeID: Int, page: Int)
    case episode(animeID: Int, number: Int)
    case relations(animeID: Int)
    case characters(animeID: Int)
    case staff(animeID: Int)
    case statistics(animeID: Int)
    case recommendations(animeID: Int)
    case seasonNow(format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case season(year: Int, season: JikanAnimeSeason, format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case seasonUpcoming(format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case seasonList
    case schedules(day: JikanScheduleDay?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case topAnime(format: JikanAnimeFormat?, filter: JikanTopAnimeFilter?, options: JikanListOptions, page: Int)
    case genres(filter: JikanGenreFilter?)
    case producers(query: String?, page: Int)
    case producer(id: Int)

    /// The request: path and the endpoint's own parameters, nothing else.
    var request: APIRequest {
        switch self {
        case .searchAnime(let search, let page):
            return APIRequest(path: "/anime", query: search.parameters(page: page))
        case .anime(let id):
            return APIRequest(path: "/anime/\(id)")
        case .animeFull(let id):
            return APIRequest(path: "/anime/\(id)/full")
        case .episodes(let animeID, let page):
            return APIRequest(path: "/anime/\(animeID)/episodes", query: [Self.page(page)])
        case .episode(let animeID, let number):
            return APIRequest(path: "/anime/\(animeID)/episodes/\(number)")
        case .relations(let animeID):
            return APIRequest(path: "/anime/\(animeID)/relations")
        case .characters(let animeID):
            return APIRequest(path: "/anime/\(animeID)/characters")
        case .staff(let animeID):
            return APIRequest(path: "/anime/\(animeID)/staff")
        case .statistics(let animeID):
            return APIRequest(path: "/anime/\(animeID)/statistics")
        case .recommendations(let animeID):
            return APIRequest(path: "/anime/\(animeID)/recommendations")
        case .seasonNow(let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/now", query: Self.seasonQuery(format, sfw, options, page))
        case .season(let year, let season, let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/\(year)/\(season.rawValue)", query: Self.seasonQuery(format, sfw, options, page))
        case .seasonUpcoming(let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/upcoming", query: Self.seasonQuery(format, sfw, options, page))
        case .seasonList:
            return APIRequest(path: "/seasons")
        case .schedules(let day, let sfw, let options, let page):
            var query: [QueryParameter] = []
            if let day { query.append(QueryParameter("filter", day.rawValue)) }
            if sfw { query.append(QueryParameter("sfw", "true")) }
            query += options.scheduleParameters
            query.append(Self.page(page))
            return APIRequest(path: "/schedules", query: query)
        case .topAnime(let format, let filter, let options, let page):
            var query: [QueryParameter] = []
            if let format { query.append(QueryParameter("type", format.rawValue)) }
            if let filter { query.append(QueryParameter("filter", filter.rawValue)) }
            query += options.topParameters
            query.append(Self.page(page))
            return APIRequest(path: "/top/anime", query: query)
        case .genres(let filter):
            return APIRequest(path: "/genres/anime", query: filter.map { [QueryParameter("filter", $0.rawValue)] } ?? [])
        case .producers(let query, let page):
            var items: [QueryParameter] = []
            if let query, !query.isEmpty { items.append(QueryParameter("q", query)) }
            items.append(Self.page(page))
            return APIRequest(path: "/producers", query: items)
        case .producer(let id):
            return APIRequest(path: "/producers/\(id)")
        }
    }

    private static func page(_ page: Int) -> QueryParameter {
        QueryParameter("page", String(max(1, page)))
    }

    private static func seasonQuery(_ format: JikanAnimeFormat?, _ sfw: Bool, _ options: JikanListOptions, _ page: Int) -> [QueryParameter] {
        var query: [QueryParameter] = []
        if let format { query.append(QueryParameter("filter", format.rawValue)) }
        if sfw { query.append(QueryParameter("sfw", "true")) }
        query += options.seasonParameters
        query.append(Self.page(page))
        return query
    }
}
