import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import AnimePlanner
import AnimePlannerJikan
import Foundation
import JikanClient
import Testing

/// A Jikan client of a loopback server over `Fixtures/jikan/`.
private func withJikan<T>(_ body: (Jikan) async throws -> T) async throws -> T {
    let server = try FixtureServer(fixtures: TestPaths.fixtures("jikan"))
    try await server.start()
    var configuration = Jikan.configuration(baseURL: await server.baseURL, rateLimits: [RateLimit(limit: 50, per: .milliseconds(100))])
    configuration.retry = .none
    configuration.useLoopbackTestTimeouts()
    do {
        let result = try await body(Jikan(configuration: configuration))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

private let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt
/// 2022-11-14 12:00 UTC, a Monday in the autumn 2022 season the fixtures record.
private let monday = Date(timeIntervalSince1970: 1_668_427_200)

@Suite("Jikan → AnimePlanner", .serialized)
struct AnimePlannerJikanTests {
    @Test("an airing show counts its released episodes from the list and releases the rest at its broadcast slot")
    func airingShow() async throws {
        let show = try await withJikan { jikan in try await jikan.plannableShow(id: 47917, at: .fixed(at: monday, timeZone: .gmt)) }
        #expect(show.id == 47917)
        #expect(show.episodeCount == 12)
        #expect(show.episodeLength == .seconds(23 * 60))
        let slot = BroadcastSlot(weekday: .sunday, time: try TimeOfDay(hour: 0, minute: 0), timeZone: tokyo)
        #expect(show.release == .weekly(slot: slot, releasedEpisodes: 6, asOf: monday))
        // The next Sunday 00:00 in Tokyo (Saturday 15:00 UTC) releases episode 7.
        let saturday1500 = Date(timeIntervalSince1970: 1_668_870_000)
        #expect(show.releasedEpisodes(asOf: saturday1500.addingTimeInterval(-1)) == 6)
        #expect(show.releasedEpisodes(asOf: saturday1500) == 7)
    }

    @Test("a finished show has everything released, whatever its broadcast slot")
    func finishedShow() async throws {
        let show = try await withJikan { jikan in try await jikan.plannableShow(id: 457, at: .fixed(at: monday, timeZone: .gmt)) }
        #expect(show.release == .allReleased)
        #expect(show.episodeCount == 26)
        #expect(show.episodeLength == .seconds(25 * 60))
        #expect(show.releasedEpisodes(asOf: monday) == 26)
    }

    @Test("an airing show whose episode list cannot be read is estimated at one a week since its premiere")
    func estimatedWithoutList() async throws {
        // 41467 premiered 2022-10-11 and has no recorded episode list (the server answers 404).
        let show = try await withJikan { jikan in try await jikan.plannableShow(id: 41467, at: .fixed(at: monday, timeZone: .gmt)) }
        guard case .weekly(_, let released, _) = show.release else {
            Issue.record("expected a weekly release, got \(show.release)")
            return
        }
        #expect(released == 5)  // 4 whole weeks and 6 days since 2022-10-11 00:00 in Tokyo, the premiere week included
    }

    @Test("the schedule follows the typed status, not its text")
    func statuses() throws {
        let slot = BroadcastSlot(weekday: .tuesday, time: try TimeOfDay(hour: 0, minute: 0), timeZone: tokyo)
        #expect(ReleaseSchedule(status: .finishedAiring, slot: slot, releasedEpisodes: 3, asOf: monday) == .allReleased)
        #expect(ReleaseSchedule(status: .notYetAired, slot: slot, releasedEpisodes: 3, asOf: monday)
            == .weekly(slot: slot, releasedEpisodes: 0, asOf: monday))
        #expect(ReleaseSchedule(status: .notYetAired, slot: nil, releasedEpisodes: 3, asOf: monday) == .releasedSoFar(0))
        #expect(ReleaseSchedule(status: .currentlyAiring, slot: nil, releasedEpisodes: 3, asOf: monday) == .releasedSoFar(3))
        #expect(ReleaseSchedule(status: nil, slot: slot, releasedEpisodes: 3, asOf: monday)
            == .weekly(slot: slot, releasedEpisodes: 3, asOf: monday))
        // An unknown status text decodes to its raw value and is treated as airing.
        #expect(ReleaseSchedule(status: JikanAiringStatus(rawValue: "On Hiatus"), slot: nil, releasedEpisodes: 2, asOf: monday)
            == .releasedSoFar(2))
    }

    @Test("a Jikan anime value maps onto the planner's show; durations per episode become the episode length")
    func mapping() {
        var anime = JikanAnime(malID: 5114, title: "Hagane no Renkinjutsushi: Fullmetal Alchemist")
        anime.titleEnglish = "Fullmetal Alchemist: Brotherhood"
        anime.episodes = 64
        anime.status = .finishedAiring
        anime.durationText = "24 min per ep"
        let show = AnimeShow(anime, releasedEpisodes: nil, asOf: monday)
        #expect(show == AnimeShow(id: 5114, title: "Fullmetal Alchemist: Brotherhood", episodeCount: 64,
                                  episodeLength: .seconds(24 * 60), release: .allReleased, myAnimeListID: 5114))
    }

    @Test("released counts: episodes aired by now; none for an empty list; estimates capped at the total")
    func releaseCounts() {
        var first = JikanAnimeEpisode(number: 1, title: "One")
        first.aired = monday.addingTimeInterval(-86_400)
        var second = JikanAnimeEpisode(number: 2, title: "Two")
        second.aired = monday.addingTimeInterval(86_400)
        let third = JikanAnimeEpisode(number: 3, title: "Three")  // no date
        #expect(JikanReleaseCount.released([first, second, third], asOf: monday) == 1)
        #expect(JikanReleaseCount.released([], asOf: monday) == nil)
        let premiere = monday.addingTimeInterval(-100 * 86_400)
        #expect(JikanReleaseCount.estimated(premiere: premiere, total: 12, asOf: monday) == 12)
        #expect(JikanReleaseCount.estimated(premiere: premiere, total: nil, asOf: monday) == 15)
        #expect(JikanReleaseCount.estimated(premiere: monday.addingTimeInterval(1), total: 12, asOf: monday) == 0)
        #expect(JikanReleaseCount.estimated(premiere: nil, total: 12, asOf: monday) == 0)
    }

    @Test("An anime's ids from its links: MyAnimeList, AniList, Kitsu (either host) and AniDB (either address); others ignored")
    func idsFromLinks() throws {
        let links = ["https://myanimelist.net/anime/52991/Sousou_no_Frieren", "https://anilist.co/anime/154587/Sousou-no-Frieren/",
                     "https://kitsu.io/anime/46474", "https://anidb.net/perl-bin/animedb.pl?show=anime&aid=17617",
                     "https://www.animenewsnetwork.com/encyclopedia/anime.php?id=27898", "https://anilist.co/anime/1"]
        let ids = ExternalIDs(animeLinks: links.compactMap { URL(string: $0) })
        #expect(ids == ExternalIDs(myAnimeList: 52991, aniList: 154587, kitsu: 46474, aniDB: 17617))
        #expect(ExternalIDs(animeLinks: ["https://kitsu.app/anime/46474", "https://anidb.net/anime/17617"].compactMap { URL(string: $0) })
            == ExternalIDs(kitsu: 46474, aniDB: 17617))
        var anime = JikanAnime(malID: 52991, title: "Sousou no Frieren")
        anime.externalLinks = [JikanExternalLink(name: "AniList", url: URL(string: "https://anilist.co/anime/154587"))]
        let show = AnimeShow(anime, releasedEpisodes: nil, asOf: monday)
        #expect(show.externalIDs == ExternalIDs(myAnimeList: 52991, aniList: 154587) && show.myAnimeListID == 52991)
    }
}
