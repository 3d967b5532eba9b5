import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

/// Every GET path of Jikan's v4 description, with the client call that reaches it and returns how
/// many items (or 1 for a single value) it decoded from the fixture answer.
let jikanEndpointTable: [String: @Sendable (Jikan) async throws -> Int] = [
    // Anime
    "/anime": { try await $0.searchAnime(JikanAnimeSearch(query: "mushishi", limit: 5)).items.count },
    "/anime/{id}": { _ = try await $0.anime(id: 457); return 1 },
    "/anime/{id}/full": { _ = try await $0.animeFull(id: 457); return 1 },
    "/anime/{id}/characters": { try await $0.characters(ofAnime: 457).count },
    "/anime/{id}/staff": { try await $0.staff(ofAnime: 457).count },
    "/anime/{id}/episodes": { try await $0.episodes(ofAnime: 457).items.count },
    "/anime/{id}/episodes/{episode}": { _ = try await $0.episode(ofAnime: 457, number: 1); return 1 },
    "/anime/{id}/news": { try await complete($0.news(ofAnime: 457)) },
    "/anime/{id}/forum": { try await $0.forumTopics(ofAnime: 457).count },
    "/anime/{id}/videos": { try await $0.videos(ofAnime: 457).promos.count },
    "/anime/{id}/videos/episodes": { try await complete($0.episodeVideos(ofAnime: 457)) },
    "/anime/{id}/pictures": { try await $0.pictures(ofAnime: 457).count },
    "/anime/{id}/statistics": { _ = try await $0.statistics(ofAnime: 457); return 1 },
    "/anime/{id}/moreinfo": { try await $0.moreInfo(ofAnime: 457) == nil ? 0 : 1 },
    "/anime/{id}/recommendations": { try await $0.recommendations(ofAnime: 457).count },
    "/anime/{id}/userupdates": { try await complete($0.userUpdates(ofAnime: 457)) },
    "/anime/{id}/reviews": { try await complete($0.reviews(ofAnime: 457)) },
    "/anime/{id}/relations": { try await $0.relations(ofAnime: 457).count },
    "/anime/{id}/themes": { try await $0.themes(ofAnime: 457).openings.count },
    "/anime/{id}/external": { try await $0.externalLinks(ofAnime: 457).count },
    "/anime/{id}/streaming": { try await $0.streamingLinks(ofAnime: 457).count },
    // Characters
    "/characters": { try await complete($0.searchCharacters(JikanNameSearch(query: "spike"))) },
    "/characters/{id}": { _ = try await $0.character(id: 1); return 1 },
    "/characters/{id}/full": { try await $0.characterFull(id: 1).anime.count },
    "/characters/{id}/anime": { try await $0.anime(ofCharacter: 1).count },
    "/characters/{id}/manga": { try await $0.manga(ofCharacter: 1).count },
    "/characters/{id}/voices": { try await $0.voices(ofCharacter: 1).count },
    "/characters/{id}/pictures": { try await $0.pictures(ofCharacter: 1).count },
    // Clubs
    "/clubs": { try await complete($0.searchClubs(JikanClubSearch(query: "bebop"))) },
    "/clubs/{id}": { _ = try await $0.club(id: 1); return 1 },
    "/clubs/{id}/members": { try await complete($0.members(ofClub: 1)) },
    "/clubs/{id}/staff": { try await $0.staff(ofClub: 1).count },
    "/clubs/{id}/relations": { try await $0.relations(ofClub: 1).anime.count },
    // Genres, magazines, producers
    "/genres/anime": { try await $0.genres().count },
    "/genres/manga": { try await $0.mangaGenres().count },
    "/magazines": { try await complete($0.magazines()) },
    "/producers": { try await $0.producers(matching: "bones").items.count },
    "/producers/{id}": { _ = try await $0.producer(id: 1); return 1 },
    "/producers/{id}/full": { _ = try await $0.producerFull(id: 1); return 1 },
    "/producers/{id}/external": { try await $0.externalLinks(ofProducer: 1).count },
    // Manga
    "/manga": { try await complete($0.searchManga(JikanMangaSearch(query: "berserk"))) },
    "/manga/{id}": { _ = try await $0.manga(id: 2); return 1 },
    "/manga/{id}/full": { try await $0.mangaFull(id: 2).relations.count },
    "/manga/{id}/characters": { try await $0.characters(ofManga: 2).count },
    "/manga/{id}/news": { try await complete($0.news(ofManga: 2)) },
    "/manga/{id}/forum": { try await $0.forumTopics(ofManga: 2).count },
    "/manga/{id}/pictures": { try await $0.pictures(ofManga: 2).count },
    "/manga/{id}/statistics": { _ = try await $0.statistics(ofManga: 2); return 1 },
    "/manga/{id}/moreinfo": { try await $0.moreInfo(ofManga: 2) == nil ? 0 : 1 },
    "/manga/{id}/recommendations": { try await $0.recommendations(ofManga: 2).count },
    "/manga/{id}/userupdates": { try await complete($0.userUpdates(ofManga: 2)) },
    "/manga/{id}/reviews": { try await complete($0.reviews(ofManga: 2)) },
    "/manga/{id}/relations": { try await $0.relations(ofManga: 2).count },
    "/manga/{id}/external": { try await $0.externalLinks(ofManga: 2).count },
    // People
    "/people": { try await complete($0.searchPeople(JikanNameSearch(query: "seki"))) },
    "/people/{id}": { _ = try await $0.person(id: 1); return 1 },
    "/people/{id}/full": { try await $0.personFull(id: 1).voices.count },
    "/people/{id}/anime": { try await $0.anime(ofPerson: 1).count },
    "/people/{id}/voices": { try await $0.voiceRoles(ofPerson: 1).count },
    "/people/{id}/manga": { try await $0.manga(ofPerson: 1).count },
    "/people/{id}/pictures": { try await $0.pictures(ofPerson: 1).count },
    // Random
    "/random/anime": { _ = try await $0.randomAnime(); return 1 },
    "/random/manga": { _ = try await $0.randomManga(); return 1 },
    "/random/characters": { _ = try await $0.randomCharacter(); return 1 },
    "/random/people": { _ = try await $0.randomPerson(); return 1 },
    "/random/users": { _ = try await $0.randomUser(); return 1 },
    // Recommendations, reviews
    "/recommendations/anime": { try await complete($0.recentAnimeRecommendations()) },
    "/recommendations/manga": { try await complete($0.recentMangaRecommendations()) },
    "/reviews/anime": { try await complete($0.recentAnimeReviews()) },
    "/reviews/manga": { try await complete($0.recentMangaReviews()) },
    // Schedules, seasons
    "/schedules": { try await complete($0.allScheduled(on: JikanScheduleDay(.sunday))) },
    "/seasons": { try await $0.seasonArchive().count },
    "/seasons/now": { try await $0.currentSeason().items.count },
    "/seasons/{year}/{season}": { try await complete($0.allOfSeason(.fall, of: 2005)) },
    "/seasons/upcoming": { try await complete($0.allUpcomingSeasons()) },
    // Top
    "/top/anime": { try await $0.topAnime(format: .tv).items.count },
    "/top/manga": { try await complete($0.topManga()) },
    "/top/people": { try await complete($0.topPeople()) },
    "/top/characters": { try await complete($0.topCharacters()) },
    "/top/reviews": { try await complete($0.topReviews()) },
    // Users
    "/users": { try await complete($0.searchUsers(JikanUserSearch(query: "airdate"))) },
    "/users/userbyid/{id}": { try await $0.user(id: 1).username.isEmpty ? 0 : 1 },
    "/users/{username}": { try await $0.user("airdate_example").username.isEmpty ? 0 : 1 },
    "/users/{username}/full": { try await $0.userFull("airdate_example").statistics == nil ? 0 : 1 },
    "/users/{username}/statistics": { try await $0.statistics(ofUser: "airdate_example").anime == nil ? 0 : 1 },
    "/users/{username}/favorites": { try await $0.favorites(ofUser: "airdate_example").anime.count },
    "/users/{username}/userupdates": { try await $0.updates(ofUser: "airdate_example").anime.count },
    "/users/{username}/about": { try await $0.about(user: "airdate_example") == nil ? 0 : 1 },
    "/users/{username}/history": { try await $0.history(ofUser: "airdate_example").count },
    "/users/{username}/friends": { try await complete($0.friends(ofUser: "airdate_example")) },
    "/users/{username}/animelist": { _ = try await $0.animeList(ofUser: "airdate_example"); return 1 },
    "/users/{username}/mangalist": { _ = try await $0.mangaList(ofUser: "airdate_example"); return 1 },
    "/users/{username}/reviews": { try await complete($0.reviews(ofUser: "airdate_example")) },
    "/users/{username}/recommendations": { try await complete($0.recommendations(ofUser: "airdate_example")) },
    "/users/{username}/clubs": { try await complete($0.clubs(ofUser: "airdate_example")) },
    "/users/{username}/external": { try await $0.externalLinks(ofUser: "airdate_example").count },
    // Watch
    "/watch/episodes": { try await $0.recentEpisodes().count },
    "/watch/episodes/popular": { try await $0.popularEpisodes().count },
    "/watch/promos": { try await complete($0.recentPromos()) },
    "/watch/promos/popular": { try await $0.popularPromos().count },
]

/// The items of a listing, which must have ended complete.
func complete<Item>(_ pages: JikanPages<Item>) async throws -> Int {
    let listing = await pages.listing()
    if case .failed(_, let error) = listing.end { throw error }
    guard listing.end.isComplete else { throw APIClientError.decoding(path: "", reason: "listing ended \(listing.end)") }
    return listing.items.count
}

/// The GET paths of `../shared/api/jikan-v4-openapi.json`, or `nil` when it is absent.
let jikanDescribedPaths: [String]? = {
    guard let folder = TestPaths.sharedFolder("api"),
          let data = try? Data(contentsOf: folder.appendingPathComponent("jikan-v4-openapi.json")),
          let spec = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
          let paths = spec["paths"] as? [String: [String: Any]] else { return nil }
    return paths.filter { $0.value["get"] != nil }.map(\.key).sorted()
}()

@Suite("Every GET path of Jikan v4 has a client method that decodes its answer",
       .enabled(if: TestPaths.hasShared("api/jikan-v4-openapi.json") && jikanDescribedPaths != nil, "../shared/api/jikan-v4-openapi.json is not present beside the package"))
struct CoverageTests {
    @Test("each described GET path is in the table; the coverage line says N/M")
    func everyPathHasAMethod() throws {
        let described = try #require(jikanDescribedPaths)
        let missing = described.filter { jikanEndpointTable[$0] == nil }
        print("jikan endpoints covered: \(described.count - missing.count)/\(described.count)")
        #expect(missing.isEmpty, "no client method for: \(missing.joined(separator: ", "))")
        let stale = jikanEndpointTable.keys.filter { !described.contains($0) }.sorted()
        #expect(stale.isEmpty, "table rows for paths the description lacks: \(stale.joined(separator: ", "))")
    }

    @Test("each method decodes its fixture answer over loopback, with nothing skipped")
    func everyMethodDecodes() async throws {
        let described = try #require(jikanDescribedPaths)
        let server = try FixtureServer(fixtures: TestData.jikanFixtures)
        try await server.start()
        var configuration = Jikan.configuration(baseURL: await server.baseURL, rateLimits: TestData.fastLimits)
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()  // hang bounds: a loaded machine delayed /anime past the 10 s idle default
        let diagnostics = DecodingDiagnostics()
        configuration.diagnostics = diagnostics
        let jikan = Jikan(configuration: configuration)
        var empty: [String] = []
        for path in described {
            guard let call = jikanEndpointTable[path] else { continue }
            do {
                let count = try await call(jikan)
                if count == 0, !path.hasSuffix("list") { empty.append(path) }
            } catch {
                Issue.record("\(path): \(error)")
            }
        }
        await server.stop()
        #expect(empty.isEmpty, "answers that decoded to nothing: \(empty)")
        #expect(diagnostics.issues.isEmpty, "issues: \(diagnostics.issues.map(\.description))")
    }
}
