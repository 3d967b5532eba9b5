import AirdateCore
import Foundation
import Testing
import WatchOrder
@testable import WatchOrderImport

@Suite("Trakt export: read, matched, written back")
struct TraktExportTests {
    @Test("The watched history: episodes read with their instants and ids, the movie skipped")
    func readsHistory() throws {
        let history = try TraktExport.read(try Support.fixture("trakt/watched-history.json"))
        #expect(history.service == .trakt)
        #expect(history.watches.count == 17)
        #expect(history.skipped.map(\.reason) == ["a movie (Justice League), not an episode"])
        let offset = try #require(history.watches.first)  // newest first, as Trakt lists them
        #expect(offset.show.title == "Arrow" && offset.season == 2 && offset.number == 1)
        #expect(offset.watchedAt == Support.date("2021-03-01T19:00:00Z"))
        #expect(offset.show.ids == ExternalIDs(theTVDB: 257655, imdb: "tt2193021"))
        #expect(offset.show.year == 2012)
        let damaged = try #require(history.watches.first { $0.title == "Damaged" })
        #expect(damaged.watchedAt == Support.date("2019-05-05T20:42:17Z"))
        #expect(history.watches.allSatisfy { $0.plays == 1 })
    }

    @Test("Matched by show id, then title; another show of the same name, an unlisted show, a missing season and a special are reported")
    func matches() throws {
        let plan = ExternalHistoryMatcher(list: try Support.list()).match(try TraktExport.read(try Support.fixture("trakt/watched-history.json")))
        #expect(plan.matched.count == 13)
        #expect(plan.unmatched.count == 4)
        #expect(abs(plan.matchRate - 13.0 / 17.0) < 1e-9)
        let byMethod = Dictionary(grouping: plan.matched, by: \.method).mapValues(\.count)
        #expect(byMethod == [.showID: 12, .title: 1])  // Supergirl comes without ids
        #expect(Set(plan.matched.map(\.episodeID.rawValue)).isSuperset(of: [
            "arrow/s1e1", "arrow/s1e5", "arrow/s2e1", "the-flash/s1e3", "legends-of-tomorrow/s1e1", "supergirl/s1e1", "constantine/s1e1",
        ]))
        let reasons = plan.unmatched.map(\.reason)
        #expect(reasons.contains("another show than The Flash: its thetvdb id differs"))
        #expect(reasons.contains("no listed show is called Doctor Who"))
        #expect(reasons.contains("Arrow has no season 9 here (seasons 1, 2, 3, 4, 5, 6, 7, 8)"))
        #expect(reasons.contains { $0.hasPrefix("a special (season 0)") })
        // Without the shows' ids, titles still match — but a year says The Flash of 1990 is another show.
        let byTitle = ExternalHistoryMatcher(list: try Support.list(withIDs: false))
            .match(try TraktExport.read(try Support.fixture("trakt/watched-history.json")))
        #expect(byTitle.matched.count == 13 && byTitle.matched.allSatisfy { $0.method == .title })
        #expect(byTitle.unmatched.map(\.reason).contains("another show than The Flash: it began in 1990, The Flash in 2014"))
    }

    @Test("Watched shows: plays become that many watches, the last at last_watched_at")
    func watchedShows() throws {
        let history = try TraktExport.read(try Support.fixture("trakt/watched-shows.json"))
        #expect(history.watches.count == 4)
        #expect(history.playCount == 5)
        let plan = ExternalHistoryMatcher(list: try Support.list()).match(history)
        let pilot = plan.watchesToRecord.filter { $0.episodeID.rawValue == "arrow/s1e1" }
        #expect(pilot.map(\.watchedAt) == [Support.date("2020-01-10T21:15:00Z"), nil])
    }

    @Test("Bad files are refused whole, each with its reason", arguments: [
        ("trakt/cut-off.json", ExternalHistoryError.Code.malformed, "not complete JSON"),
        ("trakt/bad-date.json", .malformed, "item 2: watched_at \"last Tuesday\" is not a date"),
        ("tvtime/export/seen_episode.csv", .notThisFormat, "it is not JSON"),
    ])
    func refusesBadFiles(path: String, code: ExternalHistoryError.Code, detail: String) throws {
        let error = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(try Support.fixture(path)) }
        #expect(error.code == code)
        #expect(error.detail.contains(detail), "\(error.detail)")
        #expect(error.errorDescription?.contains("Nothing was imported") ?? false || code == .notThisFormat)
    }

    @Test("Other shapes: an object, a progress file, an empty file, a list of numbers, a ZIP", arguments: [
        ("{\"a\": 1}", ExternalHistoryError.Code.notThisFormat),
        ("{\"version\": 1, \"watched\": []}", .notThisFormat),
        ("", .malformed),
        ("[1, 2]", .malformed),
        ("PK\u{3}\u{4}rest", .zipArchive),
        ("[{\"type\": \"episode\", \"show\": {\"title\": \"Arrow\"}}]", .malformed),
        ("[{\"watched_at\": \"2019-01-01T00:00:00Z\", \"type\": \"episode\", \"show\": {\"title\": \"Arrow\"}, \"episode\": {\"season\": 1.5, \"number\": 1}}]", .malformed),
    ])
    func otherShapes(text: String, code: ExternalHistoryError.Code) throws {
        let error = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(Data(text.utf8)) }
        #expect(error.code == code, "\(error.detail)")
    }

    @Test("An empty history reads as no watches; an episode without numbers or ids is skipped")
    func partial() throws {
        #expect(try TraktExport.read(Data("[]".utf8)).watches.isEmpty)
        let history = try TraktExport.read(Data("""
            [{"watched_at": "unknown", "type": "episode", "show": {"title": "Arrow", "ids": {"tvdb": 257655}},
              "episode": {"season": 1, "number": 2}},
             {"watched_at": "2019-01-01T00:00:00Z", "type": "episode", "show": {"title": "Arrow"}, "episode": {"title": "?"}}]
            """.utf8))
        #expect(history.watches.count == 1 && history.watches[0].watchedAt == nil)
        #expect(history.skipped.map(\.location) == ["item 2"])
    }

    @Test("Written back: the history Trakt's import reads, which this reader reads back to the same watches")
    func roundTrip() throws {
        let list = try Support.list()
        let watches = [
            ExportedWatch(show: ExternalShow(title: "Arrow", ids: Support.ids["Arrow"] ?? .none), season: 1, number: 1, title: "Pilot",
                          watchedAt: Date(timeIntervalSince1970: 1_556_740_800.25)),
            ExportedWatch(show: ExternalShow(title: "The Flash", ids: Support.ids["The Flash"] ?? .none), season: 1, number: 2,
                          watchedAt: nil),
        ]
        let data = TraktExport.write(watches)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"watched_at\" : \"2019-05-01T20:00:00.250Z\""))
        #expect(text.contains("\"watched_at\" : \"unknown\""))
        #expect(text.contains("\"tvdb\" : 257655"))
        let back = try TraktExport.read(data)
        #expect(back.watches.map(\.watchedAt) == [Date(timeIntervalSince1970: 1_556_740_800.25), nil])
        let plan = ExternalHistoryMatcher(list: list).match(back)
        #expect(plan.matched.map(\.episodeID.rawValue) == ["arrow/s1e1", "the-flash/s1e2"])
        #expect(plan.matched.allSatisfy { $0.method == .showID })
    }
}
