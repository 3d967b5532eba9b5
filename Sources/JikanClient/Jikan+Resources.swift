import AirdateCore
import AirdateHTTP
import Foundation

// The rest of Jikan v4: anime sub-resources, manga, characters, people, clubs, users, magazines,
// random, recommendations, reviews, top lists and watch. Paginated lists come as ``JikanPages``
// (every item, with how the listing ended; `.limited(toPages:)` for fewer); the others as values.

extension Jikan {
    // MARK: Requests

    /// `{"data": T}` at `path`.
    func one<T: Decodable>(_ path: String, _ query: [QueryParameter] = [], as type: T.Type = T.self) async throws -> T {
        try await http.get(APIRequest(path: path, query: query), as: DataEnvelope<T>.self).data
    }

    /// `{"data": [T]}` at `path`, elements decoded leniently.
    func many<T: Decodable>(_ path: String, _ query: [QueryParameter] = [], of type: T.Type = T.self) async throws -> [T] {
        try await http.get(APIRequest(path: path, query: query), as: DataEnvelope<LenientList<T>>.self).data.elements
    }

    /// Every item of the paginated list at `path`, from `page`.
    func pages<T: Decodable & MALIdentifiable>(_ path: String, _ query: [QueryParameter] = [], startingAt page: Int = 1) -> JikanPages<T> {
        let http = self.http
        return JikanPages(firstPage: page) { number in
            try await http.get(APIRequest(path: path, query: query.paged(number)), as: JikanPage<T>.self)
        }
    }

    // MARK: Anime sub-resources

    /// News about the anime (`/anime/{id}/news`).
    public func news(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanNewsArticle> {
        pages("/anime/\(animeID)/news", startingAt: page)
    }

    /// Forum topics about the anime (`/anime/{id}/forum`).
    public func forumTopics(ofAnime animeID: Int, filter: JikanForumFilter? = nil) async throws -> [JikanForumTopic] {
        try await many("/anime/\(animeID)/forum", filter.map { [QueryParameter("filter", $0.rawValue)] } ?? [])
    }

    /// The anime's promotional, episode and music videos (`/anime/{id}/videos`).
    public func videos(ofAnime animeID: Int) async throws -> JikanAnimeVideos {
        try await one("/anime/\(animeID)/videos")
    }

    /// The anime's episode videos (`/anime/{id}/videos/episodes`).
    public func episodeVideos(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanEpisodeVideo> {
        pages("/anime/\(animeID)/videos/episodes", startingAt: page)
    }

    /// The anime's pictures (`/anime/{id}/pictures`).
    public func pictures(ofAnime animeID: Int) async throws -> [JikanImageSet] {
        try await many("/anime/\(animeID)/pictures", of: PictureItem.self).map(\.images)
    }

    /// More information on the anime, as MyAnimeList's free text (`/anime/{id}/moreinfo`).
    public func moreInfo(ofAnime animeID: Int) async throws -> String? {
        try await one("/anime/\(animeID)/moreinfo", as: MoreInfo.self).moreinfo
    }

    /// Members' latest list updates on the anime (`/anime/{id}/userupdates`).
    public func userUpdates(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanListUpdate> {
        pages("/anime/\(animeID)/userupdates", startingAt: page)
    }

    /// Members' reviews of the anime (`/anime/{id}/reviews`).
    public func reviews(ofAnime animeID: Int, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages("/anime/\(animeID)/reviews", filter.parameters, startingAt: page)
    }

    /// The anime's opening and ending songs (`/anime/{id}/themes`).
    public func themes(ofAnime animeID: Int) async throws -> JikanThemeSongs {
        try await one("/anime/\(animeID)/themes")
    }

    /// The anime's external links (`/anime/{id}/external`).
    public func externalLinks(ofAnime animeID: Int) async throws -> [JikanExternalLink] {
        try await many("/anime/\(animeID)/external")
    }

    /// Where the anime streams (`/anime/{id}/streaming`).
    public func streamingLinks(ofAnime animeID: Int) async throws -> [JikanExternalLink] {
        try await many("/anime/\(animeID)/streaming")
    }

    // MARK: Manga

    /// The manga with MyAnimeList id `id` (`/manga/{id}`).
    public func manga(id: Int) async throws -> JikanManga {
        try await one("/manga/\(id)")
    }

    /// The manga with its relations and external links (`/manga/{id}/full`).
    public func mangaFull(id: Int) async throws -> JikanManga {
        try await one("/manga/\(id)/full")
    }

    /// The manga's characters (`/manga/{id}/characters`).
    public func characters(ofManga mangaID: Int) async throws -> [JikanCharacterRole] {
        try await many("/manga/\(mangaID)/characters")
    }

    /// News about the manga (`/manga/{id}/news`).
    public func news(ofManga mangaID: Int, startingAt page: Int = 1) -> JikanPages<JikanNewsArticle> {
        pages("/manga/\(mangaID)/news", startingAt: page)
    }

    /// Forum topics about the manga (`/manga/{id}/forum`).
    public func forumTopics(ofManga mangaID: Int, filter: JikanForumFilter? = nil) async throws -> [JikanForumTopic] {
        try await many("/manga/\(mangaID)/forum", filter.map { [QueryParameter("filter", $0.rawValue)] } ?? [])
    }

    /// The manga's pictures (`/manga/{id}/pictures`).
    public func pictures(ofManga mangaID: Int) async throws -> [JikanImageSet] {
        try await many("/manga/\(mangaID)/pictures", of: PictureItem.self).map(\.images)
    }

    /// How members list and score the manga (`/manga/{id}/statistics`).
    public func statistics(ofManga mangaID: Int) async throws -> JikanMangaStatistics {
        try await one("/manga/\(mangaID)/statistics")
    }

    /// More information on the manga (`/manga/{id}/moreinfo`).
    public func moreInfo(ofManga mangaID: Int) async throws -> String? {
        try await one("/manga/\(mangaID)/moreinfo", as: MoreInfo.self).moreinfo
    }

    /// Manga members recommend to the manga's fans (`/manga/{id}/recommendations`).
    public func recommendations(ofManga mangaID: Int) async throws -> [JikanRecommendation] {
        try await many("/manga/\(mangaID)/recommendations")
    }

    /// Members' latest list updates on the manga (`/manga/{id}/userupdates`).
    public func userUpdates(ofManga mangaID: Int, startingAt page: Int = 1) -> JikanPages<JikanListUpdate> {
        pages("/manga/\(mangaID)/userupdates", startingAt: page)
    }

    /// Members' reviews of the manga (`/manga/{id}/reviews`).
    public func reviews(ofManga mangaID: Int, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages("/manga/\(mangaID)/reviews", filter.parameters, startingAt: page)
    }

    /// Entries related to the manga (`/manga/{id}/relations`).
    public func relations(ofManga mangaID: Int) async throws -> [JikanAnimeRelation] {
        try await many("/manga/\(mangaID)/relations")
    }

    /// The manga's external links (`/manga/{id}/external`).
    public func externalLinks(ofManga mangaID: Int) async throws -> [JikanExternalLink] {
        try await many("/manga/\(mangaID)/external")
    }

    /// Every manga matching `search` (`/manga`).
    public func searchManga(_ search: JikanMangaSearch, startingAt page: Int = 1) -> JikanPages<JikanManga> {
        pages("/manga", search.parameters, startingAt: page)
    }

    /// Manga genres, themes and demographics (`/genres/manga`).
    public func mangaGenres(filter: JikanGenreFilter? = nil) async throws -> [JikanGenre] {
        try await many("/genres/manga", filter.map { [QueryParameter("filter", $0.rawValue)] } ?? [])
    }

    /// Magazines manga ran in (`/magazines`).
    public func magazines(_ search: JikanNameSearch = JikanNameSearch(), startingAt page: Int = 1) -> JikanPages<JikanMagazine> {
        pages("/magazines", search.parameters, startingAt: page)
    }

    // MARK: Characters

    /// The character with MyAnimeList id `id` (`/characters/{id}`).
    public func character(id: Int) async throws -> JikanCharacter {
        try await one("/characters/\(id)")
    }

    /// The character with their anime, manga and voices (`/characters/{id}/full`).
    public func characterFull(id: Int) async throws -> JikanCharacter {
        try await one("/characters/\(id)/full")
    }

    /// The anime the character appears in (`/characters/{id}/anime`).
    public func anime(ofCharacter characterID: Int) async throws -> [JikanAppearance] {
        try await many("/characters/\(characterID)/anime")
    }

    /// The manga the character appears in (`/characters/{id}/manga`).
    public func manga(ofCharacter characterID: Int) async throws -> [JikanAppearance] {
        try await many("/characters/\(characterID)/manga")
    }

    /// Who voices the character (`/characters/{id}/voices`).
    public func voices(ofCharacter characterID: Int) async throws -> [JikanCharacterRole.VoiceActor] {
        try await many("/characters/\(characterID)/voices")
    }

    /// The character's pictures (`/characters/{id}/pictures`).
    public func pictures(ofCharacter characterID: Int) async throws -> [JikanImageSet] {
        try await many("/characters/\(characterID)/pictures", of: PictureItem.self).map(\.images)
    }

    /// Every character matching `search` (`/characters`).
    public func searchCharacters(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanCharacter> {
        pages("/characters", search.parameters, startingAt: page)
    }

    // MARK: People

    /// The person with MyAnimeList id `id` (`/people/{id}`).
    public func person(id: Int) async throws -> JikanPerson {
        try await one("/people/\(id)")
    }

    /// The person with their anime, manga and voice roles (`/people/{id}/full`).
    public func personFull(id: Int) async throws -> JikanPerson {
        try await one("/people/\(id)/full")
    }

    /// The person's anime staff positions (`/people/{id}/anime`).
    public func anime(ofPerson personID: Int) async throws -> [JikanPersonCredit] {
        try await many("/people/\(personID)/anime")
    }

    /// The person's voice roles (`/people/{id}/voices`).
    public func voiceRoles(ofPerson personID: Int) async throws -> [JikanPersonCredit] {
        try await many("/people/\(personID)/voices")
    }

    /// The person's manga work (`/people/{id}/manga`).
    public func manga(ofPerson personID: Int) async throws -> [JikanPersonCredit] {
        try await many("/people/\(personID)/manga")
    }

    /// The person's pictures (`/people/{id}/pictures`).
    public func pictures(ofPerson personID: Int) async throws -> [JikanImageSet] {
        try await many("/people/\(personID)/pictures", of: PictureItem.self).map(\.images)
    }

    /// Every person matching `search` (`/people`).
    public func searchPeople(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanPerson> {
        pages("/people", search.parameters, startingAt: page)
    }

    // MARK: Producers

    /// The producer with its external links (`/producers/{id}/full`).
    public func producerFull(id: Int) async throws -> JikanProducer {
        try await one("/producers/\(id)/full")
    }

    /// The producer's external links (`/producers/{id}/external`).
    public func externalLinks(ofProducer producerID: Int) async throws -> [JikanExternalLink] {
        try await many("/producers/\(producerID)/external")
    }

    /// Every producer matching `search`, with every parameter of `/producers`.
    public func searchProducers(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanProducer> {
        pages("/producers", search.parameters, startingAt: page)
    }

    // MARK: Clubs

    /// The club with MyAnimeList id `id` (`/clubs/{id}`).
    public func club(id: Int) async throws -> JikanClub {
        try await one("/clubs/\(id)")
    }

    /// The club's members (`/clubs/{id}/members`).
    public func members(ofClub clubID: Int, startingAt page: Int = 1) -> JikanPages<JikanUserSummary> {
        pages("/clubs/\(clubID)/members", startingAt: page)
    }

    /// The club's officers (`/clubs/{id}/staff`).
    public func staff(ofClub clubID: Int) async throws -> [JikanUserSummary] {
        try await many("/clubs/\(clubID)/staff")
    }

    /// What the club is about (`/clubs/{id}/relations`).
    public func relations(ofClub clubID: Int) async throws -> JikanClubRelations {
        try await one("/clubs/\(clubID)/relations")
    }

    /// Every club matching `search` (`/clubs`).
    public func searchClubs(_ search: JikanClubSearch, startingAt page: Int = 1) -> JikanPages<JikanClub> {
        pages("/clubs", search.parameters, startingAt: page)
    }

    // MARK: Users

    /// A member's profile (`/users/{name}`).
    public func user(_ username: String) async throws -> JikanUserProfile {
        try await one("/users/\(Self.segment(username))")
    }

    /// A member's profile with statistics and external links (`/users/{name}/full`).
    public func userFull(_ username: String) async throws -> JikanUserProfile {
        try await one("/users/\(Self.segment(username))/full")
    }

    /// A member's list statistics (`/users/{name}/statistics`).
    public func statistics(ofUser username: String) async throws -> JikanUserStatistics {
        try await one("/users/\(Self.segment(username))/statistics")
    }

    /// A member's favourite anime, manga, characters and people (`/users/{name}/favorites`).
    public func favorites(ofUser username: String) async throws -> JikanUserFavorites {
        try await one("/users/\(Self.segment(username))/favorites")
    }

    /// A member's latest list updates (`/users/{name}/userupdates`).
    public func updates(ofUser username: String) async throws -> JikanUserUpdates {
        try await one("/users/\(Self.segment(username))/userupdates")
    }

    /// A member's "about" text, as HTML (`/users/{name}/about`).
    public func about(user username: String) async throws -> String? {
        try await one("/users/\(Self.segment(username))/about", as: AboutText.self).about
    }

    /// What a member watched or read recently (`/users/{name}/history`), anime, manga or both.
    public func history(ofUser username: String, kind: JikanEntryKind? = nil) async throws -> [JikanHistoryEntry] {
        try await many("/users/\(Self.segment(username))/history", kind.map { [QueryParameter("type", $0.rawValue)] } ?? [])
    }

    /// A member's friends (`/users/{name}/friends`).
    public func friends(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanFriend> {
        pages("/users/\(Self.segment(username))/friends", startingAt: page)
    }

    /// A member's anime list (`/users/{name}/animelist`; retired by Jikan, which answers an error).
    public func animeList(ofUser username: String, status: JikanListStatus? = nil) async throws -> [JikanUserListEntry] {
        try await many("/users/\(Self.segment(username))/animelist", status.map { [QueryParameter("status", $0.rawValue)] } ?? [])
    }

    /// A member's manga list (`/users/{name}/mangalist`; retired by Jikan, which answers an error).
    public func mangaList(ofUser username: String, status: JikanListStatus? = nil) async throws -> [JikanUserListEntry] {
        try await many("/users/\(Self.segment(username))/mangalist", status.map { [QueryParameter("status", $0.rawValue)] } ?? [])
    }

    /// A member's reviews (`/users/{name}/reviews`).
    public func reviews(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages("/users/\(Self.segment(username))/reviews", startingAt: page)
    }

    /// A member's recommendations (`/users/{name}/recommendations`).
    public func recommendations(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages("/users/\(Self.segment(username))/recommendations", startingAt: page)
    }

    /// The clubs a member belongs to (`/users/{name}/clubs`).
    public func clubs(ofUser username: String, startingAt page: Int = 1) -> JikanPages<MALEntry> {
        pages("/users/\(Self.segment(username))/clubs", startingAt: page)
    }

    /// A member's external links (`/users/{name}/external`).
    public func externalLinks(ofUser username: String) async throws -> [JikanExternalLink] {
        try await many("/users/\(Self.segment(username))/external")
    }

    /// The member with MyAnimeList id `id` (`/users/userbyid/{id}`).
    public func user(id: Int) async throws -> JikanUserSummary {
        try await one("/users/userbyid/\(id)")
    }

    /// Every member matching `search` (`/users`).
    public func searchUsers(_ search: JikanUserSearch, startingAt page: Int = 1) -> JikanPages<JikanUserSummary> {
        pages("/users", search.parameters, startingAt: page)
    }

    /// A user name as one path segment (`/` and other reserved characters percent-encoded).
    static func segment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    // MARK: Random

    /// A random anime (`/random/anime`; never cached meaningfully).
    public func randomAnime() async throws -> JikanAnime { try await one("/random/anime") }

    /// A random manga (`/random/manga`).
    public func randomManga() async throws -> JikanManga { try await one("/random/manga") }

    /// A random character (`/random/characters`).
    public func randomCharacter() async throws -> JikanCharacter { try await one("/random/characters") }

    /// A random person (`/random/people`).
    public func randomPerson() async throws -> JikanPerson { try await one("/random/people") }

    /// A random member's profile (`/random/users`).
    public func randomUser() async throws -> JikanUserProfile { try await one("/random/users") }

    // MARK: Recommendations and reviews

    /// Recent anime recommendations by members (`/recommendations/anime`).
    public func recentAnimeRecommendations(startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages("/recommendations/anime", startingAt: page)
    }

    /// Recent manga recommendations by members (`/recommendations/manga`).
    public func recentMangaRecommendations(startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages("/recommendations/manga", startingAt: page)
    }

    /// Recent anime reviews (`/reviews/anime`).
    public func recentAnimeReviews(filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages("/reviews/anime", filter.parameters, startingAt: page)
    }

    /// Recent manga reviews (`/reviews/manga`).
    public func recentMangaReviews(filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages("/reviews/manga", filter.parameters, startingAt: page)
    }

    // MARK: Top

    /// The top manga (`/top/manga`).
    public func topManga(format: JikanMangaFormat? = nil, filter: JikanTopMangaFilter? = nil, limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanManga> {
        var query: [QueryParameter] = []
        if let format { query.append(QueryParameter("type", format.rawValue)) }
        if let filter { query.append(QueryParameter("filter", filter.rawValue)) }
        if let limit { query.append(QueryParameter("limit", String(limit))) }
        return pages("/top/manga", query, startingAt: page)
    }

    /// The most favourited people (`/top/people`).
    public func topPeople(limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanPerson> {
        pages("/top/people", limit.map { [QueryParameter("limit", String($0))] } ?? [], startingAt: page)
    }

    /// The most favourited characters (`/top/characters`).
    public func topCharacters(limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanCharacter> {
        pages("/top/characters", limit.map { [QueryParameter("limit", String($0))] } ?? [], startingAt: page)
    }

    /// The most appreciated reviews (`/top/reviews`), of anime, manga or both.
    public func topReviews(kind: JikanEntryKind? = nil, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        var query = kind.map { [QueryParameter("type", $0.rawValue)] } ?? []
        query += filter.parameters
        return pages("/top/reviews", query, startingAt: page)
    }

    // MARK: Watch

    /// Recently released episodes (`/watch/episodes`; one list, no pages).
    public func recentEpisodes() async throws -> [JikanWatchEpisodes] {
        try await http.get(APIRequest(path: "/watch/episodes"), as: JikanPage<JikanWatchEpisodes>.self).items
    }

    /// Popular episodes (`/watch/episodes/popular`; one list, no pages).
    public func popularEpisodes() async throws -> [JikanWatchEpisodes] {
        try await http.get(APIRequest(path: "/watch/episodes/popular"), as: JikanPage<JikanWatchEpisodes>.self).items
    }

    /// Recently added promotional videos (`/watch/promos`).
    public func recentPromos(startingAt page: Int = 1) -> JikanPages<JikanWatchPromo> {
        pages("/watch/promos", startingAt: page)
    }

    /// Popular promotional videos (`/watch/promos/popular`; one list, no pages).
    public func popularPromos() async throws -> [JikanWatchPromo] {
        try await http.get(APIRequest(path: "/watch/promos/popular"), as: JikanPage<JikanWatchPromo>.self).items
    }
}
