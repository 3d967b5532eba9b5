public import AirdateHTTP

// The rest of Jikan v4: anime sub-resources, manga, characters, people, clubs, users, magazines,
// random, recommendations, reviews, top lists and watch. Paginated lists come as ``JikanPages``
// (every item, with how the listing ended; `.limited(toPages:)` for fewer); the others as values.
// Every request is a case of `Endpoint`, like those of `Jikan.swift`.

extension Jikan {
    // MARK: Anime sub-resources

    /// News about the anime (`/anime/{id}/news`).
    public func news(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanNewsArticle> {
        pages(startingAt: page) { page in .animeNews(id: animeID, page: page) }
    }

    /// Forum topics about the anime (`/anime/{id}/forum`).
    public func forumTopics(ofAnime animeID: Int, filter: JikanForumFilter? = nil) async throws(APIClientError) -> [JikanForumTopic] {
        try await list(.animeForum(id: animeID, filter: filter))
    }

    /// The anime's promotional, episode and music videos (`/anime/{id}/videos`).
    public func videos(ofAnime animeID: Int) async throws(APIClientError) -> JikanAnimeVideos {
        try await data(.animeVideos(id: animeID))
    }

    /// The anime's episode videos (`/anime/{id}/videos/episodes`).
    public func episodeVideos(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanEpisodeVideo> {
        pages(startingAt: page) { page in .animeEpisodeVideos(id: animeID, page: page) }
    }

    /// The anime's pictures (`/anime/{id}/pictures`).
    public func pictures(ofAnime animeID: Int) async throws(APIClientError) -> [JikanImageSet] {
        try await list(.animePictures(id: animeID), of: PictureItem.self).map(\.images)
    }

    /// More information on the anime, as MyAnimeList's free text (`/anime/{id}/moreinfo`).
    public func moreInfo(ofAnime animeID: Int) async throws(APIClientError) -> String? {
        try await data(.animeMoreInfo(id: animeID), as: MoreInfo.self).moreinfo
    }

    /// Members' latest list updates on the anime (`/anime/{id}/userupdates`).
    public func userUpdates(ofAnime animeID: Int, startingAt page: Int = 1) -> JikanPages<JikanListUpdate> {
        pages(startingAt: page) { page in .animeUserUpdates(id: animeID, page: page) }
    }

    /// Members' reviews of the anime (`/anime/{id}/reviews`).
    public func reviews(ofAnime animeID: Int, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .animeReviews(id: animeID, filter: filter, page: page) }
    }

    /// The anime's opening and ending songs (`/anime/{id}/themes`).
    public func themes(ofAnime animeID: Int) async throws(APIClientError) -> JikanThemeSongs {
        try await data(.animeThemes(id: animeID))
    }

    /// The anime's external links (`/anime/{id}/external`).
    public func externalLinks(ofAnime animeID: Int) async throws(APIClientError) -> [JikanExternalLink] {
        try await list(.animeExternal(id: animeID))
    }

    /// Where the anime streams (`/anime/{id}/streaming`).
    public func streamingLinks(ofAnime animeID: Int) async throws(APIClientError) -> [JikanExternalLink] {
        try await list(.animeStreaming(id: animeID))
    }

    // MARK: Manga

    /// The manga with MyAnimeList id `id` (`/manga/{id}`).
    public func manga(id: Int) async throws(APIClientError) -> JikanManga {
        try await data(.manga(id: id))
    }

    /// The manga with its relations and external links (`/manga/{id}/full`).
    public func mangaFull(id: Int) async throws(APIClientError) -> JikanManga {
        try await data(.mangaFull(id: id))
    }

    /// The manga's characters (`/manga/{id}/characters`).
    public func characters(ofManga mangaID: Int) async throws(APIClientError) -> [JikanCharacterRole] {
        try await list(.mangaCharacters(id: mangaID))
    }

    /// News about the manga (`/manga/{id}/news`).
    public func news(ofManga mangaID: Int, startingAt page: Int = 1) -> JikanPages<JikanNewsArticle> {
        pages(startingAt: page) { page in .mangaNews(id: mangaID, page: page) }
    }

    /// Forum topics about the manga (`/manga/{id}/forum`).
    public func forumTopics(ofManga mangaID: Int, filter: JikanForumFilter? = nil) async throws(APIClientError) -> [JikanForumTopic] {
        try await list(.mangaForum(id: mangaID, filter: filter))
    }

    /// The manga's pictures (`/manga/{id}/pictures`).
    public func pictures(ofManga mangaID: Int) async throws(APIClientError) -> [JikanImageSet] {
        try await list(.mangaPictures(id: mangaID), of: PictureItem.self).map(\.images)
    }

    /// How members list and score the manga (`/manga/{id}/statistics`).
    public func statistics(ofManga mangaID: Int) async throws(APIClientError) -> JikanMangaStatistics {
        try await data(.mangaStatistics(id: mangaID))
    }

    /// More information on the manga (`/manga/{id}/moreinfo`).
    public func moreInfo(ofManga mangaID: Int) async throws(APIClientError) -> String? {
        try await data(.mangaMoreInfo(id: mangaID), as: MoreInfo.self).moreinfo
    }

    /// Manga members recommend to the manga's fans (`/manga/{id}/recommendations`).
    public func recommendations(ofManga mangaID: Int) async throws(APIClientError) -> [JikanRecommendation] {
        try await list(.mangaRecommendations(id: mangaID))
    }

    /// Members' latest list updates on the manga (`/manga/{id}/userupdates`).
    public func userUpdates(ofManga mangaID: Int, startingAt page: Int = 1) -> JikanPages<JikanListUpdate> {
        pages(startingAt: page) { page in .mangaUserUpdates(id: mangaID, page: page) }
    }

    /// Members' reviews of the manga (`/manga/{id}/reviews`).
    public func reviews(ofManga mangaID: Int, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .mangaReviews(id: mangaID, filter: filter, page: page) }
    }

    /// Entries related to the manga (`/manga/{id}/relations`).
    public func relations(ofManga mangaID: Int) async throws(APIClientError) -> [JikanAnimeRelation] {
        try await list(.mangaRelations(id: mangaID))
    }

    /// The manga's external links (`/manga/{id}/external`).
    public func externalLinks(ofManga mangaID: Int) async throws(APIClientError) -> [JikanExternalLink] {
        try await list(.mangaExternal(id: mangaID))
    }

    /// Every manga matching `search` (`/manga`).
    public func searchManga(_ search: JikanMangaSearch, startingAt page: Int = 1) -> JikanPages<JikanManga> {
        pages(startingAt: page) { page in .searchManga(search, page: page) }
    }

    /// Manga genres, themes and demographics (`/genres/manga`).
    public func mangaGenres(filter: JikanGenreFilter? = nil) async throws(APIClientError) -> [JikanGenre] {
        try await list(.mangaGenres(filter: filter))
    }

    /// Magazines manga ran in (`/magazines`).
    public func magazines(_ search: JikanNameSearch = JikanNameSearch(), startingAt page: Int = 1) -> JikanPages<JikanMagazine> {
        pages(startingAt: page) { page in .magazines(search, page: page) }
    }

    // MARK: Characters

    /// The character with MyAnimeList id `id` (`/characters/{id}`).
    public func character(id: Int) async throws(APIClientError) -> JikanCharacter {
        try await data(.character(id: id))
    }

    /// The character with their anime, manga and voices (`/characters/{id}/full`).
    public func characterFull(id: Int) async throws(APIClientError) -> JikanCharacter {
        try await data(.characterFull(id: id))
    }

    /// The anime the character appears in (`/characters/{id}/anime`).
    public func anime(ofCharacter characterID: Int) async throws(APIClientError) -> [JikanAppearance] {
        try await list(.characterAnime(id: characterID))
    }

    /// The manga the character appears in (`/characters/{id}/manga`).
    public func manga(ofCharacter characterID: Int) async throws(APIClientError) -> [JikanAppearance] {
        try await list(.characterManga(id: characterID))
    }

    /// Who voices the character (`/characters/{id}/voices`).
    public func voices(ofCharacter characterID: Int) async throws(APIClientError) -> [JikanCharacterRole.VoiceActor] {
        try await list(.characterVoices(id: characterID))
    }

    /// The character's pictures (`/characters/{id}/pictures`).
    public func pictures(ofCharacter characterID: Int) async throws(APIClientError) -> [JikanImageSet] {
        try await list(.characterPictures(id: characterID), of: PictureItem.self).map(\.images)
    }

    /// Every character matching `search` (`/characters`).
    public func searchCharacters(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanCharacter> {
        pages(startingAt: page) { page in .searchCharacters(search, page: page) }
    }

    // MARK: People

    /// The person with MyAnimeList id `id` (`/people/{id}`).
    public func person(id: Int) async throws(APIClientError) -> JikanPerson {
        try await data(.person(id: id))
    }

    /// The person with their anime, manga and voice roles (`/people/{id}/full`).
    public func personFull(id: Int) async throws(APIClientError) -> JikanPerson {
        try await data(.personFull(id: id))
    }

    /// The person's anime staff positions (`/people/{id}/anime`).
    public func anime(ofPerson personID: Int) async throws(APIClientError) -> [JikanPersonCredit] {
        try await list(.personAnime(id: personID))
    }

    /// The person's voice roles (`/people/{id}/voices`).
    public func voiceRoles(ofPerson personID: Int) async throws(APIClientError) -> [JikanPersonCredit] {
        try await list(.personVoices(id: personID))
    }

    /// The person's manga work (`/people/{id}/manga`).
    public func manga(ofPerson personID: Int) async throws(APIClientError) -> [JikanPersonCredit] {
        try await list(.personManga(id: personID))
    }

    /// The person's pictures (`/people/{id}/pictures`).
    public func pictures(ofPerson personID: Int) async throws(APIClientError) -> [JikanImageSet] {
        try await list(.personPictures(id: personID), of: PictureItem.self).map(\.images)
    }

    /// Every person matching `search` (`/people`).
    public func searchPeople(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanPerson> {
        pages(startingAt: page) { page in .searchPeople(search, page: page) }
    }

    // MARK: Producers

    /// The producer with its external links (`/producers/{id}/full`).
    public func producerFull(id: Int) async throws(APIClientError) -> JikanProducer {
        try await data(.producerFull(id: id))
    }

    /// The producer's external links (`/producers/{id}/external`).
    public func externalLinks(ofProducer producerID: Int) async throws(APIClientError) -> [JikanExternalLink] {
        try await list(.producerExternal(id: producerID))
    }

    /// Every producer matching `search`, with every parameter of `/producers`.
    public func searchProducers(_ search: JikanNameSearch, startingAt page: Int = 1) -> JikanPages<JikanProducer> {
        pages(startingAt: page) { page in .producers(search, page: page) }
    }

    // MARK: Clubs

    /// The club with MyAnimeList id `id` (`/clubs/{id}`).
    public func club(id: Int) async throws(APIClientError) -> JikanClub {
        try await data(.club(id: id))
    }

    /// The club's members (`/clubs/{id}/members`).
    public func members(ofClub clubID: Int, startingAt page: Int = 1) -> JikanPages<JikanUserSummary> {
        pages(startingAt: page) { page in .clubMembers(id: clubID, page: page) }
    }

    /// The club's officers (`/clubs/{id}/staff`).
    public func staff(ofClub clubID: Int) async throws(APIClientError) -> [JikanUserSummary] {
        try await list(.clubStaff(id: clubID))
    }

    /// What the club is about (`/clubs/{id}/relations`).
    public func relations(ofClub clubID: Int) async throws(APIClientError) -> JikanClubRelations {
        try await data(.clubRelations(id: clubID))
    }

    /// Every club matching `search` (`/clubs`).
    public func searchClubs(_ search: JikanClubSearch, startingAt page: Int = 1) -> JikanPages<JikanClub> {
        pages(startingAt: page) { page in .searchClubs(search, page: page) }
    }

    // MARK: Users

    /// A member's profile (`/users/{name}`).
    public func user(_ username: String) async throws(APIClientError) -> JikanUserProfile {
        try await data(.user(name: username))
    }

    /// A member's profile with statistics and external links (`/users/{name}/full`).
    public func userFull(_ username: String) async throws(APIClientError) -> JikanUserProfile {
        try await data(.userFull(name: username))
    }

    /// A member's list statistics (`/users/{name}/statistics`).
    public func statistics(ofUser username: String) async throws(APIClientError) -> JikanUserStatistics {
        try await data(.userStatistics(name: username))
    }

    /// A member's favourite anime, manga, characters and people (`/users/{name}/favorites`).
    public func favorites(ofUser username: String) async throws(APIClientError) -> JikanUserFavorites {
        try await data(.userFavorites(name: username))
    }

    /// A member's latest list updates (`/users/{name}/userupdates`).
    public func updates(ofUser username: String) async throws(APIClientError) -> JikanUserUpdates {
        try await data(.userUpdates(name: username))
    }

    /// A member's "about" text, as HTML (`/users/{name}/about`).
    public func about(user username: String) async throws(APIClientError) -> String? {
        try await data(.userAbout(name: username), as: AboutText.self).about
    }

    /// What a member watched or read recently (`/users/{name}/history`), anime, manga or both.
    public func history(ofUser username: String, kind: JikanEntryKind? = nil) async throws(APIClientError) -> [JikanHistoryEntry] {
        try await list(.userHistory(name: username, kind: kind))
    }

    /// A member's friends (`/users/{name}/friends`).
    public func friends(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanFriend> {
        pages(startingAt: page) { page in .userFriends(name: username, page: page) }
    }

    /// A member's anime list (`/users/{name}/animelist`; retired by Jikan, which answers an error).
    public func animeList(ofUser username: String, status: JikanListStatus? = nil) async throws(APIClientError) -> [JikanUserListEntry] {
        try await list(.userAnimeList(name: username, status: status))
    }

    /// A member's manga list (`/users/{name}/mangalist`; retired by Jikan, which answers an error).
    public func mangaList(ofUser username: String, status: JikanListStatus? = nil) async throws(APIClientError) -> [JikanUserListEntry] {
        try await list(.userMangaList(name: username, status: status))
    }

    /// A member's reviews (`/users/{name}/reviews`).
    public func reviews(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .userReviews(name: username, page: page) }
    }

    /// A member's recommendations (`/users/{name}/recommendations`).
    public func recommendations(ofUser username: String, startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages(startingAt: page) { page in .userRecommendations(name: username, page: page) }
    }

    /// The clubs a member belongs to (`/users/{name}/clubs`).
    public func clubs(ofUser username: String, startingAt page: Int = 1) -> JikanPages<MALEntry> {
        pages(startingAt: page) { page in .userClubs(name: username, page: page) }
    }

    /// A member's external links (`/users/{name}/external`).
    public func externalLinks(ofUser username: String) async throws(APIClientError) -> [JikanExternalLink] {
        try await list(.userExternal(name: username))
    }

    /// The member with MyAnimeList id `id` (`/users/userbyid/{id}`).
    public func user(id: Int) async throws(APIClientError) -> JikanUserSummary {
        try await data(.userByID(id: id))
    }

    /// Every member matching `search` (`/users`).
    public func searchUsers(_ search: JikanUserSearch, startingAt page: Int = 1) -> JikanPages<JikanUserSummary> {
        pages(startingAt: page) { page in .searchUsers(search, page: page) }
    }

    // MARK: Random

    /// A random anime (`/random/anime`; never cached meaningfully).
    public func randomAnime() async throws(APIClientError) -> JikanAnime { try await data(.randomAnime) }

    /// A random manga (`/random/manga`).
    public func randomManga() async throws(APIClientError) -> JikanManga { try await data(.randomManga) }

    /// A random character (`/random/characters`).
    public func randomCharacter() async throws(APIClientError) -> JikanCharacter { try await data(.randomCharacter) }

    /// A random person (`/random/people`).
    public func randomPerson() async throws(APIClientError) -> JikanPerson { try await data(.randomPerson) }

    /// A random member's profile (`/random/users`).
    public func randomUser() async throws(APIClientError) -> JikanUserProfile { try await data(.randomUser) }

    // MARK: Recommendations and reviews

    /// Recent anime recommendations by members (`/recommendations/anime`).
    public func recentAnimeRecommendations(startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages(startingAt: page) { page in .recentAnimeRecommendations(page: page) }
    }

    /// Recent manga recommendations by members (`/recommendations/manga`).
    public func recentMangaRecommendations(startingAt page: Int = 1) -> JikanPages<JikanRecommendationPair> {
        pages(startingAt: page) { page in .recentMangaRecommendations(page: page) }
    }

    /// Recent anime reviews (`/reviews/anime`).
    public func recentAnimeReviews(filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .recentAnimeReviews(filter: filter, page: page) }
    }

    /// Recent manga reviews (`/reviews/manga`).
    public func recentMangaReviews(filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .recentMangaReviews(filter: filter, page: page) }
    }

    // MARK: Top

    /// The top manga (`/top/manga`).
    public func topManga(format: JikanMangaFormat? = nil, filter: JikanTopMangaFilter? = nil, limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanManga> {
        pages(startingAt: page) { page in .topManga(format: format, filter: filter, limit: limit, page: page) }
    }

    /// The most favourited people (`/top/people`).
    public func topPeople(limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanPerson> {
        pages(startingAt: page) { page in .topPeople(limit: limit, page: page) }
    }

    /// The most favourited characters (`/top/characters`).
    public func topCharacters(limit: Int? = nil, startingAt page: Int = 1) -> JikanPages<JikanCharacter> {
        pages(startingAt: page) { page in .topCharacters(limit: limit, page: page) }
    }

    /// The most appreciated reviews (`/top/reviews`), of anime, manga or both.
    public func topReviews(kind: JikanEntryKind? = nil, filter: JikanReviewFilter = JikanReviewFilter(), startingAt page: Int = 1) -> JikanPages<JikanReview> {
        pages(startingAt: page) { page in .topReviews(kind: kind, filter: filter, page: page) }
    }

    // MARK: Watch

    /// Recently released episodes (`/watch/episodes`; one list, no pages).
    public func recentEpisodes() async throws(APIClientError) -> [JikanWatchEpisodes] {
        try await self.page(.watchEpisodes, of: JikanWatchEpisodes.self).items
    }

    /// Popular episodes (`/watch/episodes/popular`; one list, no pages).
    public func popularEpisodes() async throws(APIClientError) -> [JikanWatchEpisodes] {
        try await self.page(.watchPopularEpisodes, of: JikanWatchEpisodes.self).items
    }

    /// Recently added promotional videos (`/watch/promos`).
    public func recentPromos(startingAt page: Int = 1) -> JikanPages<JikanWatchPromo> {
        pages(startingAt: page) { page in .watchPromos(page: page) }
    }

    /// Popular promotional videos (`/watch/promos/popular`; one list, no pages).
    public func popularPromos() async throws(APIClientError) -> [JikanWatchPromo] {
        try await self.page(.watchPopularPromos, of: JikanWatchPromo.self).items
    }
}
