import AirdateCore
import AirdateHTTP
import AirdateTestServer
import AirdateTestSupport
import CountdownKit
import CountdownKitJikan
import CountdownKitTVMaze
import Foundation
import JikanClient
import TVMazeClient
import Testing

/// A loopback server over `folder`, stopped after `body`.
private func withServer<T>(_ folder: String, _ body: (FixtureServer, URL) async throws -> T) async throws -> T {
    let server = try FixtureServer(fixtures: TestPaths.fixtures(folder))
    try await server.start()
    do {
        let result = try await body(server, await server.baseURL)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

private func tvmaze(_ baseURL: URL) -> TVMaze {
    var configuration = TVMaze.configuration(baseURL: baseURL)
    configuration.rateLimits = []
    configuration.retry = .none
    configuration.cacheCapacity = 0  // every refresh asks the server, which changes its answers
    configuration.useLoopbackTestTimeouts()
    return TVMaze(configuration: configuration)
}

private func jikan(_ baseURL: URL) -> Jikan {
    var configuration = Jikan.configuration(baseURL: baseURL, rateLimits: [])
    configuration.retry = .none
    configuration.cacheCapacity = 0  // every refresh asks the server, which changes its answers
    configuration.useLoopbackTestTimeouts()
    return Jikan(configuration: configuration)
}

private func instant(_ text: String) -> Date {
    guard let value = try? ISO8601Instant(parsing: text).date else {
        Issue.record("bad test instant \(text)")
        return Date(timeIntervalSince1970: 0)
    }
    return value
}

private func day(_ text: String) -> CalendarDay {
    guard let value = CalendarDay(text) else {
        Issue.record("bad test day \(text)")
        return CalendarDay(daysSince1970: 0)
    }
    return value
}
private let newYork = TimeZone(identifier: "America/New_York") ?? .gmt
private let tokyo = TimeZone(identifier: "Asia/Tokyo") ?? .gmt

/// Issue 30 part 5: countdowns that follow a show's next episode or next season's premiere, as
/// TVMaze and MyAnimeList (through Jikan) schedule it, over real HTTP on loopback.
@Suite("Countdowns that follow a show", .serialized, .timeLimit(.minutes(10)))
struct FollowingShowsTests {
    @Test("TVMaze: the next episode and the next season's premiere, at their air time in the network's zone")
    func tvmazeSchedules() async throws {
        let now = instant("2023-01-20T12:00:00Z")
        try await withServer("countdowns/follow/tvmaze") { _, url in
            let client = tvmaze(url)
            let next = try await client.countdown(following: 13, event: .nextEpisode, placeholder: .allDay(day("2023-12-31")), at: .fixed(at: now, timeZone: .gmt))
            #expect(next.title == "The Flash: next episode")
            #expect(next.target == .instant(instant("2023-02-09T01:00:00Z"), newYork))
            #expect(next.target.time?.local.description == "2023-02-08T20:00:00", "20:00 on the network's clock")
            #expect(next.following?.episode == FollowedEpisode(id: 2474000, season: 9, number: 1, title: "Wednesday Ever After"))
            #expect(next.following?.catalog == .tvmaze && next.following?.showID == 13)

            let premiere = try await client.schedule(of: FollowedShow(catalog: .tvmaze, showID: 13, event: .nextSeasonPremiere, showName: "The Flash"), at: .fixed(at: now, timeZone: .gmt))
            #expect(premiere.target == .instant(instant("2023-02-09T01:00:00Z"), newYork))
            #expect(premiere.episode?.code(.padded) == "S09E01")
            // Once season 9 has begun, no later season is known: nothing scheduled.
            let later = try await client.schedule(of: FollowedShow(catalog: .tvmaze, showID: 13, event: .nextSeasonPremiere, showName: "The Flash"), at: .fixed(at: instant("2023-02-20T00:00:00Z"), timeZone: .gmt))
            #expect(later.target == nil)
            // A show of another catalog is refused, not asked about.
            let error = await clientError {
                _ = try await client.schedule(of: FollowedShow(catalog: .jikan, showID: 13, event: .nextEpisode, showName: "x"), at: .fixed(at: now, timeZone: .gmt))
            }
            #expect(error?.code == .invalidRequest)
        }
    }

    @Test("TVMaze: a refresh moves the countdown when the date moves and records it; no date keeps the last one")
    func tvmazeRefresh() async throws {
        let now = instant("2023-01-20T12:00:00Z")
        try await withServer("countdowns/follow/tvmaze") { server, url in
            let client = tvmaze(url)
            let store = try CountdownStore(path: TemporaryFiles.path("countdownkit-bridges", "countdowns.sqlite"))
            let countdown = try await client.countdown(following: 13, event: .nextEpisode, placeholder: .allDay(day("2023-12-31")), at: .fixed(at: now, timeZone: .gmt))
            let premiere = try Countdown.following(FollowedShow(catalog: .tvmaze, showID: 13, event: .nextSeasonPremiere, showName: "The Flash"),
                                                   schedule: try await client.schedule(of: FollowedShow(catalog: .tvmaze, showID: 13, event: .nextSeasonPremiere, showName: "The Flash"), at: .fixed(at: now, timeZone: .gmt)),
                                                   placeholder: .allDay(day("2023-12-31")), created: now)
            let plain = try Countdown(title: "Not followed", target: .allDay(day("2023-03-01")), created: now)
            try await store.insert(contentsOf: [countdown, premiere, plain])

            // Nothing changed at TVMaze: nothing moves, nothing is written.
            let same = try await client.refreshFollowed(in: store, at: .fixed(at: now, timeZone: .gmt))
            #expect(same.moves.isEmpty && Set(same.unchanged) == [countdown.id, premiere.id] && same.isComplete)

            // The premiere is pushed back a week.
            let moved = try Self.flashShow(embeddingEpisode: ["airdate": "2023-02-15", "airstamp": "2023-02-16T01:00:00+00:00"])
            await server.serve(moved, for: "/shows/13?embed[]=nextepisode")
            let report = try await client.refreshFollowed(in: store, at: .fixed(at: now.addingTimeInterval(3600), timeZone: .gmt))
            #expect(report.moves[countdown.id]?.kind == .rescheduled)
            #expect(report.moves[countdown.id]?.from == .instant(instant("2023-02-09T01:00:00Z"), newYork))
            let stored = try #require(try await store.countdown(id: countdown.id))
            #expect(stored.target == .instant(instant("2023-02-16T01:00:00Z"), newYork))
            #expect(stored.moves.count == 1 && stored.modified == now.addingTimeInterval(3600))

            // TVMaze links no next episode any more: recorded once, the last date kept.
            await server.serve(try Self.flashShow(embeddingEpisode: nil), for: "/shows/13?embed[]=nextepisode")
            let gone = try await client.refreshFollowed(in: store, at: .fixed(at: now.addingTimeInterval(7200), timeZone: .gmt))
            #expect(gone.moves[countdown.id]?.kind == .unscheduled)
            let kept = try #require(try await store.countdown(id: countdown.id))
            #expect(kept.isUnscheduled && kept.target == stored.target)
            #expect(try await store.countdown(id: plain.id) == plain)
        }
    }

    @Test("offline: the refresh stops at the first unreachable answer, reports the rest as not asked, and writes nothing")
    func offlineFailsFastOnce() async throws {
        let now = instant("2023-01-20T12:00:00Z")
        let store = try CountdownStore(path: TemporaryFiles.path("countdownkit-bridges", "countdowns.sqlite"))
        let shows = [13, 4, 1850]
        for id in shows {
            try await store.insert(try Countdown.following(FollowedShow(catalog: .tvmaze, showID: id, event: .nextEpisode, showName: "Show \(id)"),
                                                           schedule: ShowSchedule(target: .allDay(day("2023-02-01"))),
                                                           placeholder: .allDay(day("2023-12-31")), created: now))
        }
        let before = try await store.all()
        // A port nothing listens on: the connection is refused at once.
        let server = try FixtureServer(fixtures: nil)
        try await server.start()
        let url = await server.baseURL
        await server.stop()
        let report = try await tvmaze(url).refreshFollowed(in: store, at: .fixed(at: now, timeZone: .gmt))
        #expect(report.failures.count == 1, "one failure: \(report.failures)")
        #expect(report.notAsked.count == 2 && report.moves.isEmpty && !report.isComplete)
        #expect(try await store.all() == before)
    }

    @Test("Jikan: an airing anime's next broadcast with its episode counted; a sequel's premiere; a finished one has none")
    func jikanSchedules() async throws {
        let monday = instant("2022-11-14T12:00:00Z")
        try await withServer("jikan") { server, url in
            let client = jikan(url)
            // Bocchi the Rock!, Sundays 00:00 in Tokyo since 2022-10-09: six aired, the seventh next.
            let next = try await client.countdown(following: 47917, event: .nextEpisode, placeholder: .allDay(day("2023-12-31")), at: .fixed(at: monday, timeZone: .gmt))
            #expect(next.target == .instant(instant("2022-11-19T15:00:00Z"), tokyo))
            #expect(next.following?.episode?.number == 7)
            #expect(next.following?.showName == "Bocchi the Rock!")
            // Finished (Mushishi): nothing scheduled, the placeholder kept.
            let finished = try await client.countdown(following: 457, event: .nextEpisode, placeholder: .allDay(day("2023-12-31")), at: .fixed(at: monday, timeZone: .gmt))
            #expect(finished.isUnscheduled && finished.target == .allDay(day("2023-12-31")))
            // Past its twelve episodes, Bocchi has no next episode.
            let after = try await client.schedule(of: FollowedShow(catalog: .jikan, showID: 47917, event: .nextEpisode, showName: "Bocchi"), at: .fixed(at: instant("2022-12-26T00:00:00Z"), timeZone: .gmt))
            #expect(after.target == nil)

            // Mob Psycho 100 II (37510) → its sequel, III (50172), premiering Thursday 2022-10-06 00:00 in Tokyo.
            await server.serve(Self.mobRelations, for: "/anime/37510/relations")
            let followed = FollowedShow(catalog: .jikan, showID: 37510, event: .nextSeasonPremiere, showName: "Mob Psycho 100 II")
            let september = instant("2022-09-20T00:00:00Z")
            let premiere = try await client.schedule(of: followed, at: .fixed(at: september, timeZone: .gmt))
            #expect(premiere.target == .instant(instant("2022-10-05T15:00:00Z"), tokyo))
            #expect(premiere.episode?.id == 50172 && premiere.episode?.number == 1)
            // Once it has premiered, no later sequel: nothing scheduled.
            #expect(try await client.schedule(of: followed, at: .fixed(at: monday, timeZone: .gmt)).target == nil)

            // A refresh through the store: the countdown moves a week on as episodes air.
            let store = try CountdownStore(path: TemporaryFiles.path("countdownkit-bridges", "countdowns.sqlite"))
            try await store.insert(next)
            let report = try await client.refreshFollowed(in: store, at: .fixed(at: instant("2022-11-20T00:00:00Z"), timeZone: .gmt))
            #expect(report.moves[next.id]?.kind == .nextEpisode)
            let stored = try #require(try await store.countdown(id: next.id))
            #expect(stored.target == .instant(instant("2022-11-26T15:00:00Z"), tokyo))
            #expect(stored.following?.episode?.number == 8)
        }
    }

    @Test("TVMaze episodes without a time count down to their day; without a date, to nothing")
    func episodeTargets() throws {
        let json = #"{"id": 1, "name": "Web premiere", "season": 1, "number": 1, "airdate": "2024-05-03", "airtime": "", "airstamp": "2024-05-03T12:00:00+00:00"}"#
        let episode = try JSONDecoder().decode(TVMazeEpisode.self, from: Data(json.utf8))
        #expect(CountdownTarget(tvmaze: episode, of: nil) == .allDay(day("2024-05-03")))
        let undated = try JSONDecoder().decode(TVMazeEpisode.self, from: Data(#"{"id": 2, "name": "TBA", "season": 2, "number": 1, "airdate": "", "airtime": "", "airstamp": null}"#.utf8))
        #expect(CountdownTarget(tvmaze: undated, of: nil) == nil)
    }

    /// The Flash with its next episode embedded, changed by `changes` (or none embedded, for `nil`).
    static func flashShow(embeddingEpisode changes: [String: String]?) throws -> String {
        let url = TestPaths.fixtures("countdowns/follow/tvmaze/show_13_nextepisode.json")
        var show = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        if let changes {
            var embedded = try #require(show["_embedded"] as? [String: Any])
            var episode = try #require(embedded["nextepisode"] as? [String: Any])
            for (key, value) in changes { episode[key] = value }
            embedded["nextepisode"] = episode
            show["_embedded"] = embedded
        } else {
            show["_embedded"] = nil
            var links = try #require(show["_links"] as? [String: Any])
            links["nextepisode"] = nil
            show["_links"] = links
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: show), as: UTF8.self)
    }

    /// Jikan's relations of Mob Psycho 100 II: its prequel and its sequel.
    static let mobRelations = #"""
    {"data": [
      {"relation": "Prequel", "entry": [{"mal_id": 32182, "type": "anime", "name": "Mob Psycho 100", "url": "https://myanimelist.net/anime/32182"}]},
      {"relation": "Sequel", "entry": [{"mal_id": 50172, "type": "anime", "name": "Mob Psycho 100 III", "url": "https://myanimelist.net/anime/50172"}]},
      {"relation": "Adaptation", "entry": [{"mal_id": 1, "type": "manga", "name": "Mob Psycho 100", "url": "https://myanimelist.net/manga/1"}]}
    ]}
    """#
}
