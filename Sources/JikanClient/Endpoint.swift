import AirdateHTTP

/// Every Jikan request this client makes — one case per GET path of Jikan v4's description — each
/// case carrying only the parameters that endpoint understands, as typed values. Paged endpoints
/// always send `page`, so equal requests share a cache entry.
enum Endpoint: Sendable, Hashable {
    // MARK: Anime
    case searchAnime(JikanAnimeSearch, page: Int)
    case anime(id: Int)
    case animeFull(id: Int)
    case animeCharacters(id: Int)
    case animeStaff(id: Int)
    case animeEpisodes(id: Int, page: Int)
    case animeEpisode(id: Int, number: Int)
    case animeNews(id: Int, page: Int)
    case animeForum(id: Int, filter: JikanForumFilter?)
    case animeVideos(id: Int)
    case animeEpisodeVideos(id: Int, page: Int)
    case animePictures(id: Int)
    case animeStatistics(id: Int)
    case animeMoreInfo(id: Int)
    case animeRecommendations(id: Int)
    case animeUserUpdates(id: Int, page: Int)
    case animeReviews(id: Int, filter: JikanReviewFilter, page: Int)
    case animeRelations(id: Int)
    case animeThemes(id: Int)
    case animeExternal(id: Int)
    case animeStreaming(id: Int)

    // MARK: Characters
    case searchCharacters(JikanNameSearch, page: Int)
    case character(id: Int)
    case characterFull(id: Int)
    case characterAnime(id: Int)
    case characterManga(id: Int)
    case characterVoices(id: Int)
    case characterPictures(id: Int)

    // MARK: Clubs
    case searchClubs(JikanClubSearch, page: Int)
    case club(id: Int)
    case clubMembers(id: Int, page: Int)
    case clubStaff(id: Int)
    case clubRelations(id: Int)

    // MARK: Genres, magazines, producers
    case animeGenres(filter: JikanGenreFilter?)
    case mangaGenres(filter: JikanGenreFilter?)
    case magazines(JikanNameSearch, page: Int)
    case producers(JikanNameSearch, page: Int)
    case producer(id: Int)
    case producerFull(id: Int)
    case producerExternal(id: Int)

    // MARK: Manga
    case searchManga(JikanMangaSearch, page: Int)
    case manga(id: Int)
    case mangaFull(id: Int)
    case mangaCharacters(id: Int)
    case mangaNews(id: Int, page: Int)
    case mangaForum(id: Int, filter: JikanForumFilter?)
    case mangaPictures(id: Int)
    case mangaStatistics(id: Int)
    case mangaMoreInfo(id: Int)
    case mangaRecommendations(id: Int)
    case mangaUserUpdates(id: Int, page: Int)
    case mangaReviews(id: Int, filter: JikanReviewFilter, page: Int)
    case mangaRelations(id: Int)
    case mangaExternal(id: Int)

    // MARK: People
    case searchPeople(JikanNameSearch, page: Int)
    case person(id: Int)
    case personFull(id: Int)
    case personAnime(id: Int)
    case personVoices(id: Int)
    case personManga(id: Int)
    case personPictures(id: Int)

    // MARK: Random
    case randomAnime
    case randomManga
    case randomCharacter
    case randomPerson
    case randomUser

    // MARK: Recommendations, reviews
    case recentAnimeRecommendations(page: Int)
    case recentMangaRecommendations(page: Int)
    case recentAnimeReviews(filter: JikanReviewFilter, page: Int)
    case recentMangaReviews(filter: JikanReviewFilter, page: Int)

    // MARK: Schedules, seasons
    case schedules(day: JikanScheduleDay?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case seasonList
    case seasonNow(format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case season(year: Int, season: JikanAnimeSeason, format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)
    case seasonUpcoming(format: JikanAnimeFormat?, safeForWork: Bool, options: JikanListOptions, page: Int)

    // MARK: Top
    case topAnime(format: JikanAnimeFormat?, filter: JikanTopAnimeFilter?, options: JikanListOptions, page: Int)
    case topManga(format: JikanMangaFormat?, filter: JikanTopMangaFilter?, limit: Int?, page: Int)
    case topPeople(limit: Int?, page: Int)
    case topCharacters(limit: Int?, page: Int)
    case topReviews(kind: JikanEntryKind?, filter: JikanReviewFilter, page: Int)

    // MARK: Users
    case searchUsers(JikanUserSearch, page: Int)
    case userByID(id: Int)
    case user(name: String)
    case userFull(name: String)
    case userStatistics(name: String)
    case userFavorites(name: String)
    case userUpdates(name: String)
    case userAbout(name: String)
    case userHistory(name: String, kind: JikanEntryKind?)
    case userFriends(name: String, page: Int)
    case userAnimeList(name: String, status: JikanListStatus?)
    case userMangaList(name: String, status: JikanListStatus?)
    case userReviews(name: String, page: Int)
    case userRecommendations(name: String, page: Int)
    case userClubs(name: String, page: Int)
    case userExternal(name: String)

    // MARK: Watch
    case watchEpisodes
    case watchPopularEpisodes
    case watchPromos(page: Int)
    case watchPopularPromos

    /// The request: path and the endpoint's own parameters, nothing else.
    var request: APIRequest {
        switch self {
        // Anime
        case .searchAnime(let search, let page): return APIRequest(path: "/anime", query: search.parameters).paged(page)
        case .anime(let id): return APIRequest(path: "/anime/\(id)")
        case .animeFull(let id): return APIRequest(path: "/anime/\(id)/full")
        case .animeCharacters(let id): return APIRequest(path: "/anime/\(id)/characters")
        case .animeStaff(let id): return APIRequest(path: "/anime/\(id)/staff")
        case .animeEpisodes(let id, let page): return APIRequest(path: "/anime/\(id)/episodes").paged(page)
        case .animeEpisode(let id, let number): return APIRequest(path: "/anime/\(id)/episodes/\(number)")
        case .animeNews(let id, let page): return APIRequest(path: "/anime/\(id)/news").paged(page)
        case .animeForum(let id, let filter): return APIRequest(path: "/anime/\(id)/forum", query: [.value("filter", filter)])
        case .animeVideos(let id): return APIRequest(path: "/anime/\(id)/videos")
        case .animeEpisodeVideos(let id, let page): return APIRequest(path: "/anime/\(id)/videos/episodes").paged(page)
        case .animePictures(let id): return APIRequest(path: "/anime/\(id)/pictures")
        case .animeStatistics(let id): return APIRequest(path: "/anime/\(id)/statistics")
        case .animeMoreInfo(let id): return APIRequest(path: "/anime/\(id)/moreinfo")
        case .animeRecommendations(let id): return APIRequest(path: "/anime/\(id)/recommendations")
        case .animeUserUpdates(let id, let page): return APIRequest(path: "/anime/\(id)/userupdates").paged(page)
        case .animeReviews(let id, let filter, let page): return APIRequest(path: "/anime/\(id)/reviews", query: filter.parameters).paged(page)
        case .animeRelations(let id): return APIRequest(path: "/anime/\(id)/relations")
        case .animeThemes(let id): return APIRequest(path: "/anime/\(id)/themes")
        case .animeExternal(let id): return APIRequest(path: "/anime/\(id)/external")
        case .animeStreaming(let id): return APIRequest(path: "/anime/\(id)/streaming")
        // Characters
        case .searchCharacters(let search, let page): return APIRequest(path: "/characters", query: search.parameters).paged(page)
        case .character(let id): return APIRequest(path: "/characters/\(id)")
        case .characterFull(let id): return APIRequest(path: "/characters/\(id)/full")
        case .characterAnime(let id): return APIRequest(path: "/characters/\(id)/anime")
        case .characterManga(let id): return APIRequest(path: "/characters/\(id)/manga")
        case .characterVoices(let id): return APIRequest(path: "/characters/\(id)/voices")
        case .characterPictures(let id): return APIRequest(path: "/characters/\(id)/pictures")
        // Clubs
        case .searchClubs(let search, let page): return APIRequest(path: "/clubs", query: search.parameters).paged(page)
        case .club(let id): return APIRequest(path: "/clubs/\(id)")
        case .clubMembers(let id, let page): return APIRequest(path: "/clubs/\(id)/members").paged(page)
        case .clubStaff(let id): return APIRequest(path: "/clubs/\(id)/staff")
        case .clubRelations(let id): return APIRequest(path: "/clubs/\(id)/relations")
        // Genres, magazines, producers
        case .animeGenres(let filter): return APIRequest(path: "/genres/anime", query: [.value("filter", filter)])
        case .mangaGenres(let filter): return APIRequest(path: "/genres/manga", query: [.value("filter", filter)])
        case .magazines(let search, let page): return APIRequest(path: "/magazines", query: search.parameters).paged(page)
        case .producers(let search, let page): return APIRequest(path: "/producers", query: search.parameters).paged(page)
        case .producer(let id): return APIRequest(path: "/producers/\(id)")
        case .producerFull(let id): return APIRequest(path: "/producers/\(id)/full")
        case .producerExternal(let id): return APIRequest(path: "/producers/\(id)/external")
        // Manga
        case .searchManga(let search, let page): return APIRequest(path: "/manga", query: search.parameters).paged(page)
        case .manga(let id): return APIRequest(path: "/manga/\(id)")
        case .mangaFull(let id): return APIRequest(path: "/manga/\(id)/full")
        case .mangaCharacters(let id): return APIRequest(path: "/manga/\(id)/characters")
        case .mangaNews(let id, let page): return APIRequest(path: "/manga/\(id)/news").paged(page)
        case .mangaForum(let id, let filter): return APIRequest(path: "/manga/\(id)/forum", query: [.value("filter", filter)])
        case .mangaPictures(let id): return APIRequest(path: "/manga/\(id)/pictures")
        case .mangaStatistics(let id): return APIRequest(path: "/manga/\(id)/statistics")
        case .mangaMoreInfo(let id): return APIRequest(path: "/manga/\(id)/moreinfo")
        case .mangaRecommendations(let id): return APIRequest(path: "/manga/\(id)/recommendations")
        case .mangaUserUpdates(let id, let page): return APIRequest(path: "/manga/\(id)/userupdates").paged(page)
        case .mangaReviews(let id, let filter, let page): return APIRequest(path: "/manga/\(id)/reviews", query: filter.parameters).paged(page)
        case .mangaRelations(let id): return APIRequest(path: "/manga/\(id)/relations")
        case .mangaExternal(let id): return APIRequest(path: "/manga/\(id)/external")
        // People
        case .searchPeople(let search, let page): return APIRequest(path: "/people", query: search.parameters).paged(page)
        case .person(let id): return APIRequest(path: "/people/\(id)")
        case .personFull(let id): return APIRequest(path: "/people/\(id)/full")
        case .personAnime(let id): return APIRequest(path: "/people/\(id)/anime")
        case .personVoices(let id): return APIRequest(path: "/people/\(id)/voices")
        case .personManga(let id): return APIRequest(path: "/people/\(id)/manga")
        case .personPictures(let id): return APIRequest(path: "/people/\(id)/pictures")
        // Random
        case .randomAnime: return APIRequest(path: "/random/anime")
        case .randomManga: return APIRequest(path: "/random/manga")
        case .randomCharacter: return APIRequest(path: "/random/characters")
        case .randomPerson: return APIRequest(path: "/random/people")
        case .randomUser: return APIRequest(path: "/random/users")
        // Recommendations, reviews
        case .recentAnimeRecommendations(let page): return APIRequest(path: "/recommendations/anime").paged(page)
        case .recentMangaRecommendations(let page): return APIRequest(path: "/recommendations/manga").paged(page)
        case .recentAnimeReviews(let filter, let page): return APIRequest(path: "/reviews/anime", query: filter.parameters).paged(page)
        case .recentMangaReviews(let filter, let page): return APIRequest(path: "/reviews/manga", query: filter.parameters).paged(page)
        // Schedules, seasons
        case .schedules(let day, let sfw, let options, let page):
            return APIRequest(path: "/schedules", query: [.value("filter", day), .flag("sfw", sfw)] + options.scheduleParameters).paged(page)
        case .seasonList:
            return APIRequest(path: "/seasons")
        case .seasonNow(let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/now", query: Self.seasonQuery(format, sfw, options)).paged(page)
        case .season(let year, let season, let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/\(year)/\(segment: season.rawValue)", query: Self.seasonQuery(format, sfw, options)).paged(page)
        case .seasonUpcoming(let format, let sfw, let options, let page):
            return APIRequest(path: "/seasons/upcoming", query: Self.seasonQuery(format, sfw, options)).paged(page)
        // Top
        case .topAnime(let format, let filter, let options, let page):
            return APIRequest(path: "/top/anime", query: [.value("type", format), .value("filter", filter)] + options.topParameters).paged(page)
        case .topManga(let format, let filter, let limit, let page):
            return APIRequest(path: "/top/manga", query: [.value("type", format), .value("filter", filter), .integer("limit", limit)]).paged(page)
        case .topPeople(let limit, let page): return APIRequest(path: "/top/people", query: [.integer("limit", limit)]).paged(page)
        case .topCharacters(let limit, let page): return APIRequest(path: "/top/characters", query: [.integer("limit", limit)]).paged(page)
        case .topReviews(let kind, let filter, let page):
            return APIRequest(path: "/top/reviews", query: [.value("type", kind)] + filter.parameters).paged(page)
        // Users
        case .searchUsers(let search, let page): return APIRequest(path: "/users", query: search.parameters).paged(page)
        case .userByID(let id): return APIRequest(path: "/users/userbyid/\(id)")
        case .user(let name): return APIRequest(path: "/users/\(segment: name)")
        case .userFull(let name): return APIRequest(path: "/users/\(segment: name)/full")
        case .userStatistics(let name): return APIRequest(path: "/users/\(segment: name)/statistics")
        case .userFavorites(let name): return APIRequest(path: "/users/\(segment: name)/favorites")
        case .userUpdates(let name): return APIRequest(path: "/users/\(segment: name)/userupdates")
        case .userAbout(let name): return APIRequest(path: "/users/\(segment: name)/about")
        case .userHistory(let name, let kind): return APIRequest(path: "/users/\(segment: name)/history", query: [.value("type", kind)])
        case .userFriends(let name, let page): return APIRequest(path: "/users/\(segment: name)/friends").paged(page)
        case .userAnimeList(let name, let status): return APIRequest(path: "/users/\(segment: name)/animelist", query: [.value("status", status)])
        case .userMangaList(let name, let status): return APIRequest(path: "/users/\(segment: name)/mangalist", query: [.value("status", status)])
        case .userReviews(let name, let page): return APIRequest(path: "/users/\(segment: name)/reviews").paged(page)
        case .userRecommendations(let name, let page): return APIRequest(path: "/users/\(segment: name)/recommendations").paged(page)
        case .userClubs(let name, let page): return APIRequest(path: "/users/\(segment: name)/clubs").paged(page)
        case .userExternal(let name): return APIRequest(path: "/users/\(segment: name)/external")
        // Watch
        case .watchEpisodes: return APIRequest(path: "/watch/episodes")
        case .watchPopularEpisodes: return APIRequest(path: "/watch/episodes/popular")
        case .watchPromos(let page): return APIRequest(path: "/watch/promos").paged(page)
        case .watchPopularPromos: return APIRequest(path: "/watch/promos/popular")
        }
    }

    private static func seasonQuery(_ format: JikanAnimeFormat?, _ sfw: Bool, _ options: JikanListOptions) -> [QueryParameter?] {
        [.value("filter", format), .flag("sfw", sfw)] + options.seasonParameters
    }
}
