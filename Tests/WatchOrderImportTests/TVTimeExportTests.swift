import AirdateCore
import AirdateTestSupport
import Foundation
import Testing
import WatchOrder
@testable import WatchOrderImport

@Suite("TV Time export: read, matched, written back")
struct TVTimeExportTests {
    static let folder = Support.imports.appendingPathComponent("tvtime/export")

    @Test("The unpacked folder: episodes with TheTVDB's show ids, instants in UTC, rewatch counts; followed shows with archived")
    func readsFolder() throws {
        let history = try TVTimeExport.read(contentsOf: Self.folder)
        #expect(history.service == .tvTime)
        #expect(history.watches.count == 11)
        #expect(history.skipped.map(\.description) == ["seen_episode.csv line 11: Arrow: no season and episode number, no episode id"])
        let pilot = try #require(history.watches.first)
        #expect(pilot.show == ExternalShow(title: "Arrow", ids: ExternalIDs(theTVDB: 257655)))
        #expect(pilot.watchedAt == Support.date("2019-05-01T20:00:00Z"))
        #expect(pilot.plays == 2)
        #expect(history.watches.first { $0.show.title == "Supergirl" }?.plays == 3)
        #expect(history.follows.map(\.archived) == [false, true, false, true])
        #expect(history.follows.first?.followedAt == Support.date("2019-04-30T10:00:00Z"))
        // The CSV file alone reads too, without the followed shows.
        let alone = try TVTimeExport.read(contentsOf: Self.folder.appendingPathComponent("seen_episode.csv"))
        #expect(alone.watches == history.watches && alone.follows.isEmpty)
    }

    @Test("Matched by TheTVDB's show id, else by title; an archived show is to be dropped, not hidden")
    func matches() throws {
        let plan = ExternalHistoryMatcher(list: try Support.list()).match(try TVTimeExport.read(contentsOf: Self.folder))
        #expect(plan.matched.count == 8)
        #expect(plan.unmatched.count == 3)
        #expect(Dictionary(grouping: plan.matched, by: \.method).mapValues(\.count) == [.showID: 7, .title: 1])
        #expect(plan.matched.first { $0.method == .title }?.episodeID.rawValue == "legends-of-tomorrow/s1e1")
        #expect(plan.unmatched.map(\.reason).contains("another show than The Flash: its thetvdb id differs"))
        #expect(plan.watchesToRecord.count == 11)  // 8 episodes, Arrow 1x01 twice, Supergirl 1x01 three times
        #expect(plan.showStatus == ["the-flash": .dropped])
        #expect(plan.follows.map(\.showID) == ["arrow", "the-flash", "legends-of-tomorrow", nil])
    }

    @Test("Broken files are refused whole, naming the line", arguments: [
        ("cut-off.csv", ExternalHistoryError.Code.malformed, "line 3: a quoted field never ends"),
        ("bad-date.csv", .malformed, "line 2: created_at \"31/02/2019\" is not a date"),
        ("other-file.csv", .missingField, "a show column"),
        ("short-row.csv", .malformed, "line 3 has 4 fields, the header 6"),
    ])
    func refusesBrokenFiles(name: String, code: ExternalHistoryError.Code, detail: String) throws {
        let url = Support.imports.appendingPathComponent("tvtime/broken/\(name)")
        let error = try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: url) }
        #expect(error.code == code)
        #expect(error.detail.contains(detail), "\(error.detail)")
    }

    @Test("Not TV Time's: a Trakt file, a ZIP that is cut off, a folder without the history, a missing path, an empty file")
    func notTVTime() throws {
        let trakt = Support.imports.appendingPathComponent("trakt/watched-history.json")
        #expect(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: trakt) }
        let zip = try TemporaryFiles.folder("tvtime").appendingPathComponent("export.zip")
        try Data([0x50, 0x4B, 0x03, 0x04, 0, 0]).write(to: zip)
        #expect(try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: zip) }.code == .malformed)
        #expect(try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(seenEpisodes: Data([0x50, 0x4B, 0x03, 0x04, 0, 0])) }.code == .zipArchive)
        let empty = try TemporaryFiles.folder("tvtime")
        #expect(try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: empty) }.code == .missingField)
        #expect(throws: ExternalHistoryError.self) { try TVTimeExport.read(contentsOf: empty.appendingPathComponent("nothing.csv")) }
        #expect(try #require(throws: ExternalHistoryError.self) { try TVTimeExport.read(seenEpisodes: Data()) }.code == .malformed)
        #expect(try #require(throws: ExternalHistoryError.self) {
            try TVTimeExport.read(contentsOf: Self.folder.appendingPathComponent("followed_tv_show.csv"))
        }.code == .missingField)
    }

    @Test("Columns by name in any order, quoted fields with commas and quotes, CRLF, a byte-order mark, ISO instants")
    func csvDetails() throws {
        let text = "\u{FEFF}created_at,tv_show_name,episode_number,episode_season_number,tv_show_id\r\n"
            + "2019-05-01T20:00:00Z,\"Show, \"\"The\"\" One\",3,2,\r\n\r\n"
            + "2019-05-02 21:00:00,Arrow,1,1,257655\r\n"
        let history = try TVTimeExport.read(seenEpisodes: Data(text.utf8))
        #expect(history.watches.map(\.show.title) == ["Show, \"The\" One", "Arrow"])
        #expect(history.watches.map(\.season) == [2, 1] && history.watches.map(\.number) == [3, 1])
        #expect(history.watches.map(\.location) == ["seen_episode.csv line 2", "seen_episode.csv line 4"])
        #expect(history.watches[1].watchedAt == Support.date("2019-05-02T21:00:00Z"))
    }

    @Test("Written back: both files, one row per episode with its first instant and rewatches, archived for hidden shows")
    func roundTrip() throws {
        let arrow = ExternalShow(title: "Arrow", ids: Support.ids["Arrow"] ?? .none)
        let files = TVTimeExport.write([
            ExportedWatch(show: arrow, season: 1, number: 1, watchedAt: Support.date("2020-01-10T21:15:00Z")),
            ExportedWatch(show: arrow, season: 1, number: 1, watchedAt: Support.date("2019-05-01T20:00:00Z")),
            ExportedWatch(show: arrow, season: 1, number: 2, watchedAt: nil),
        ], follows: [ExportedFollow(show: arrow, archived: true)])
        let seen = String(decoding: try #require(files["seen_episode.csv"]), as: UTF8.self)
        #expect(seen == "episode_id,tv_show_id,tv_show_name,episode_season_number,episode_number,created_at,rewatch_count\r\n"
            + ",257655,Arrow,1,1,2019-05-01 20:00:00,1\r\n,257655,Arrow,1,2,,0\r\n")
        let back = try TVTimeExport.read(seenEpisodes: try #require(files["seen_episode.csv"]),
                                         followedShows: files["followed_tv_show.csv"])
        #expect(back.watches.map(\.plays) == [2, 1])
        #expect(back.follows.map(\.archived) == [true])
    }
}
