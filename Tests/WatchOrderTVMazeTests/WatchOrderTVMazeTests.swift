import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import HTMLScrape
import TVMazeClient
import Testing
import WatchOrder
import WatchOrderTVMaze
import WatchOrderWiki

/// A TVMaze client of a loopback server over `Fixtures/<folder>/` (the Arrowverse's by default).
func withTVMaze<T>(_ folder: String = "tvmaze/arrowverse", _ body: (TVMaze) async throws -> T) async throws -> T {
    let server = try FixtureServer(fixtures: TestPaths.fixtures(folder))
    try await server.start()
    var configuration = TVMaze.configuration(baseURL: await server.baseURL)
    configuration.rateLimits = []
    configuration.retry = .none
    configuration.useLoopbackTestTimeouts()
    do {
        let result = try await body(TVMaze(configuration: configuration))
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

private func day(_ text: String) throws -> CalendarDay { try CalendarDay(parsing: text) }

@Suite("TVMaze → WatchOrder", .serialized)
struct WatchOrderTVMazeTests {
    @Test("a TVMaze episode list becomes a WatchOrder list with broadcast instants and runtimes")
    func conversion() async throws {
        let supergirl = try await withTVMaze { tvmaze in try await tvmaze.episodeList(ofShow: 1850, as: Show(name: "Supergirl")) }
        #expect(supergirl.show.id == "supergirl")
        let part1 = try #require(supergirl.episodes.first { $0.id == EpisodeID(showID: "supergirl", season: 3, number: 8) })
        #expect(part1.title == "Crisis on Earth-X, Part 1")
        #expect(part1.airDay == (try day("2017-11-27")))
        // 20:00 Eastern Standard Time is 01:00 UTC the next day.
        #expect(part1.broadcast == ISO8601DateFormatter().date(from: "2017-11-28T01:00:00Z"))
        #expect(part1.runtime == .seconds(3600))
        #expect(supergirl.diagnostics.isEmpty)
    }

    @Test("specials keep no number and are addressable by season and title")
    func specials() async throws {
        let legends = try await withTVMaze { tvmaze in try await tvmaze.episodeList(ofShow: 1851, as: Show(name: "Legends of Tomorrow")) }
        let specials = legends.episodes.filter(\.isSpecial)
        #expect(specials.count == 1)
        #expect(specials.first?.title == "Crisis on Infinite Earths: Part Five")
        #expect(specials.first?.season == 5)
        #expect(specials.first?.broadcast == ISO8601DateFormatter().date(from: "2020-01-15T02:00:00Z"))
    }

    @Test("same-night order comes from the broadcast instants, ahead of show priority, without a rule")
    func sameNightFromData() async throws {
        let (flash, legends) = try await withTVMaze { tvmaze in
            (try await tvmaze.episodeList(ofShow: 13, as: Show(name: "The Flash")),
             try await tvmaze.episodeList(ofShow: 1851, as: Show(name: "Legends of Tomorrow")))
        }
        // Tuesday 10 October 2017: The Flash at 8 pm, Legends at 9 pm; Legends is given priority.
        let eightPM = EpisodeID(showID: "the-flash", season: 4, number: 1)
        let ninePM = EpisodeID(showID: "legends-of-tomorrow", season: 3, number: 1)
        let priority = ["Legends of Tomorrow", "The Flash"]
        let merged = try WatchList.merge([flash, legends], showPriority: priority)
        let first = try #require(merged.position(of: eightPM))
        let second = try #require(merged.position(of: ninePM))
        #expect(first + 1 == second, "The Flash at 8 pm, then Legends at 9 pm")
        // Without the instants, the same lists fall back to show priority: the data made the difference.
        func withoutInstants(_ list: EpisodeList) -> EpisodeList {
            var list = list
            for index in list.episodes.indices { list.episodes[index].broadcast = nil }
            return list
        }
        let undated = try WatchList.merge([withoutInstants(flash), withoutInstants(legends)], showPriority: priority)
        #expect(try #require(undated.position(of: ninePM)) < (try #require(undated.position(of: eightPM))))
    }

    @Test("a second source adds instants where the dates agree and reports the dates that differ")
    func corroboration() async throws {
        let tvmaze = try await withTVMaze { tvmaze in try await tvmaze.episodeList(ofShow: 4, as: Show(name: "Arrow")) }
        let arrow = "arrow"
        let wiki = EpisodeList(show: Show(name: "Arrow"), episodes: [
            Episode(showID: arrow, season: 6, number: 8, title: "Crisis on Earth-X, Part 2", airDay: try day("2017-11-27")),
            // A wrong day on the page: reported, and no instant from TVMaze's other day.
            Episode(showID: arrow, season: 6, number: 9, title: "Irreconcilable Differences", airDay: try day("2017-12-08")),
            Episode(showID: arrow, season: 6, number: 10, title: "Divided", airDay: nil),
            Episode(showID: arrow, season: 99, number: 1, title: "Not on TVMaze", airDay: try day("2030-01-01")),
        ])
        let result = wiki.addingBroadcasts(from: tvmaze, sourceName: "TVMaze")
        #expect(result.broadcastsAdded == 2)
        #expect(result.list.episodes[0].broadcast == ISO8601DateFormatter().date(from: "2017-11-28T02:00:00Z"))
        #expect(result.list.episodes[0].runtime == .seconds(3600))
        #expect(result.list.episodes[1].broadcast == nil)
        #expect(result.list.episodes[1].airDay == (try day("2017-12-08")))
        #expect(result.disagreements.count == 1)
        let disagreement = try #require(result.disagreements.first)
        #expect(disagreement.episode == EpisodeID(showID: arrow, season: 6, number: 9))
        #expect(disagreement.otherAirDay == (try day("2017-12-07")))
        #expect(disagreement.description == "Arrow 6x09: aired 2017-12-08 by the page, 2017-12-07 by TVMaze")
        // A TBA day is filled from the second source.
        #expect(result.list.episodes[2].airDay == (try day("2018-01-18")))
        #expect(result.unmatched == [EpisodeID(showID: arrow, season: 99, number: 1)])
        // Titles and order stay the page's.
        #expect(result.list.episodes.map(\.title) == wiki.episodes.map(\.title))
    }

    @Test("a special is matched by season and air day when the titles are spelled differently")
    func specialMatching() throws {
        let show = Show(name: "Legends of Tomorrow")
        let instant = Date(timeIntervalSince1970: 1_579_053_600)
        let page = EpisodeList(show: show, episodes: [
            Episode(showID: show.id, season: 5, number: nil, overall: 68, title: "Crisis on Infinite Earths: Part Five",
                    airDay: try day("2020-01-14")),
        ])
        let other = EpisodeList(show: show, episodes: [
            Episode(showID: show.id, season: 5, number: nil, title: "Crisis on Infinite Earths (5)", airDay: try day("2020-01-14"),
                    broadcast: instant),
        ])
        let result = page.addingBroadcasts(from: other, sourceName: "TVMaze")
        #expect(result.list.episodes.first?.broadcast == instant)
        #expect(result.list.episodes.first?.id == EpisodeID(showID: show.id, season: 5, number: nil, overall: 68))
    }

    @Test("the offline snapshot with TVMaze's instants keeps every same-night order the hand-written rules state")
    func snapshotSameNights() async throws {
        let folder = TestPaths.fixtures("arrowverse")
        let pages: [(name: String, file: String, id: Int)] = [
            ("Arrow", "List_of_Arrow_episodes", 4), ("The Flash", "List_of_The_Flash_(2014_TV_series)_episodes", 13),
            ("Supergirl", "List_of_Supergirl_episodes", 1850), ("Legends of Tomorrow", "List_of_Legends_of_Tomorrow_episodes", 1851),
            ("Batwoman", "List_of_Batwoman_episodes", 37776),
        ]
        let ruleSet = try OrderingRuleSet(json: Data(contentsOf: folder.appendingPathComponent("rules.json")))
        let lists = try await withTVMaze { tvmaze in
            var lists: [EpisodeList] = []
            for page in pages {
                let data = try Data(contentsOf: folder.appendingPathComponent("wikipedia/\(page.file).html"))
                let wiki = MediaWikiEpisodeList.wikipedia(Document(bytes: data), show: Show(name: page.name))
                let result = wiki.addingBroadcasts(from: try await tvmaze.episodeList(ofShow: page.id, as: wiki.show), sourceName: "TVMaze")
                #expect(result.disagreements.isEmpty, "\(page.name): \(result.disagreements)")
                lists.append(result.list)
            }
            return lists
        }
        // No rule at all, and either show priority: the same-night orders must come from the data.
        for priority in [ruleSet.shows, Array(ruleSet.shows.reversed())] {
            let merged = try WatchList.merge(lists, showPriority: priority)
            try expectSameNights(ruleSet, in: merged)
        }
    }

    private func expectSameNights(_ ruleSet: OrderingRuleSet, in merged: WatchList) throws {
        let nights = try #require(ruleSet.sameNight)
        #expect(!nights.isEmpty)
        for night in nights {
            let positions = try night.order.map { reference in
                try #require(merged.episodes.firstIndex { episode in
                    episode.showID == reference.showID && episode.season == reference.season
                        && (reference.episode.map { $0 == episode.number } ?? (reference.overall == episode.overall))
                }, "\(reference)")
            }
            #expect(positions == positions.sorted(), "same night \(night.date)")
        }
    }
}
