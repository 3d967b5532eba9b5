import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

/// Serves a recorded answer from `../shared/fixtures/jikan/` at `request` (the suite is disabled when
/// that folder is absent, so this always finds it).
@discardableResult
func serveRecorded(_ file: String, at request: String, status: Int = 200, on server: FixtureServer) async throws -> Bool {
    let folder = try #require(TestData.sharedFolder("fixtures/jikan"))
    let body = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
    await server.serve(body, status: status, for: request)
    return true
}

@Suite("Recorded Jikan answers decode",
       .enabled(if: TestPaths.hasShared("fixtures/jikan"), "needs ../shared/fixtures/jikan, which is absent beside the package"))
struct SharedFixtureTests {
    @Test("anime 457, its episodes page and its first episode")
    func anime457() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            guard try await serveRecorded("anime_457.json", at: "/anime/457", on: server),
                  try await serveRecorded("anime_457_episodes_page-1.json", at: "/anime/457/episodes?page=1", on: server),
                  try await serveRecorded("anime_457_episode_1.json", at: "/anime/457/episodes/1", on: server)
            else { return }
            let anime = try await jikan.anime(id: 457)
            #expect(anime.title == "Mushishi")
            #expect(anime.broadcastSlot?.time == TimeOfDay("03:40"))
            #expect(anime.images.url()?.absoluteString == "https://cdn.myanimelist.net/images/anime/2/73862l.jpg")
            // The recorded page claims a next page after all 26 episodes: page 2 (404 here) ends it.
            let episodes = try await collect(jikan.allEpisodes(ofAnime: 457))
            #expect(episodes.count == 26)
            #expect(await server.count(path: "/anime/457/episodes") == 2)
            let first = try await jikan.episode(ofAnime: 457, number: 1)
            #expect(first.title == "The Green Seat")
            #expect(first.duration == .seconds(1440))
        }
    }

    @Test("search, schedule, seasons and top lists")
    func lists() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            guard try await serveRecorded("anime_search_q-naruto_limit-10.json", at: "/anime?q=naruto&limit=10&page=1", on: server),
                  try await serveRecorded("schedules_filter-monday.json", at: "/schedules?filter=monday&page=1", on: server),
                  try await serveRecorded("seasons_2018_winter_page-1.json", at: "/seasons/2018/winter?page=1", on: server),
                  try await serveRecorded("seasons_now_page-1.json", at: "/seasons/now?page=1", on: server),
                  try await serveRecorded("top_anime_type-tv_page-1.json", at: "/top/anime?type=tv&page=1", on: server)
            else { return }
            let naruto = try await jikan.searchAnime(JikanAnimeSearch(query: "naruto", limit: 10))
            #expect(naruto.items.count == 10)
            #expect(naruto.pagination.lastVisiblePage == 3)
            #expect(naruto.items.contains { $0.broadcastSlot == nil })
            #expect(naruto.items.contains { $0.duration?.length == .seconds(95 * 60) })

            let monday = try await jikan.schedule(on: JikanScheduleDay(.monday))
            #expect(monday.items.count == 10)
            #expect(monday.items.contains { $0.episodes == nil && $0.score == nil })
            #expect(monday.items.contains { $0.durationText == "Unknown" && $0.duration == nil })
            #expect(monday.items.allSatisfy { $0.broadcastSlot?.weekday == .monday })

            let winter = try await jikan.season(.winter, of: 2018)
            #expect(winter.items.count == 25)
            let now = try await jikan.currentSeason()
            #expect(now.items.contains { $0.malID == 50172 && $0.episodes == nil })
            let top = try await jikan.topAnime(format: .tv)
            #expect(top.items.first?.malID == 5114)
            #expect(top.pagination.lastVisiblePage == 290)
        }
    }

    @Test("the recorded 404 and 500 bodies become typed errors")
    func errors() async throws {
        try await withJikan(fixtures: nil, retry: RetryPolicy(maxAttempts: 3, jitter: 1...1)) { jikan, server in
            guard try await serveRecorded("error_404_httpexception_anime_-1.json", at: "/anime/-1", status: 404, on: server),
                  try await serveRecorded("error_500_unhandled_exception_reviews_anime.json", at: "/anime/1/full", status: 500, on: server)
            else { return }
            let missing = await clientError { _ = try await jikan.anime(id: -1) }
            guard missing?.code == .notFound else {
                Issue.record("expected notFound, got \(String(describing: missing))")
                return
            }
            let bug = await clientError { _ = try await jikan.animeFull(id: 1) }
            guard bug?.code == .api, let message = bug?.serverMessage else {
                Issue.record("expected api, got \(String(describing: bug))")
                return
            }
            #expect(message.reportURL != nil)
            #expect(message.retry == .never)
            #expect(await server.count(path: "/anime/1/full") == 1)
        }
    }
}
