import AirdateCore
import AirdateTestSupport
import Foundation
import Testing
import WatchOrder
@testable import WatchOrderImport

/// Today's exports (issue 37): Trakt's data export as a folder or ZIP with its history split over
/// `watched-history-N.json`, and TV Time's `tracking-prod-records-v2.csv` (fixtures written by
/// Fixtures/imports/make-trakt-export.py and make-tvtime-v2.py from the one-file fixtures' facts).
@Suite("Today's exports: Trakt's split history, TV Time's tracking records")
struct CurrentExportsTests {
    static let traktFolder = Support.imports.appendingPathComponent("trakt/export")
    static let traktZip = Support.imports.appendingPathComponent("trakt/export.zip")
    static let tvTimeFolder = Support.imports.appendingPathComponent("tvtime/export-v2")
    static let tvTimeZip = Support.imports.appendingPathComponent("tvtime/zip/export-v2.zip")

    // MARK: Trakt

    @Test("A Trakt export folder and its ZIP read whole: the three parts of the history in order, the same plays as the one-file history", arguments: [
        traktFolder, traktZip,
    ])
    func traktSplitHistory(export: URL) throws {
        let whole = try TraktExport.read(try Support.fixture("trakt/watched-history.json"))
        let split = try TraktExport.read(contentsOf: export)
        #expect(split.watches.count == 17)
        #expect(split.watches.map(\.watchedAt) == whole.watches.map(\.watchedAt))
        #expect(split.watches.map(\.show) == whole.watches.map(\.show))
        #expect(split.watches.map(\.number) == whole.watches.map(\.number))
        // Locations name the part: 7 items in parts 1 and 2, 4 in part 3.
        #expect(split.watches.first?.location == "watched-history-1.json item 1")
        #expect(split.watches.last?.location == "watched-history-3.json item 4")
        #expect(split.skipped.map(\.description) == ["watched-history-1.json item 3: a movie (Justice League), not an episode"])
        let plan = ExternalHistoryMatcher(list: try Support.list()).match(split)
        #expect(plan.matched.count == 13 && plan.unmatched.count == 4)
    }

    @Test("One file of the export reads as before; a folder holding only watched-shows.json reads that")
    func traktOneFile() throws {
        let part = try TraktExport.read(contentsOf: Self.traktFolder.appendingPathComponent("watched-history-2.json"))
        #expect(part.watches.count == 7 && part.watches.first?.location == "item 1")
        let folder = try TemporaryFiles.folder("trakt-shows")
        try FileManager.default.copyItem(at: Support.imports.appendingPathComponent("trakt/watched-shows.json"),
                                         to: folder.appendingPathComponent("watched-shows.json"))
        let shows = try TraktExport.read(contentsOf: folder)
        #expect(shows.watches.count == 4 && shows.playCount == 5)
    }

    @Test("A part missing, no history at all, two exports in one, a ZIP given to the one-file reader: refused, naming why")
    func traktRefusals() throws {
        let gap = try TemporaryFiles.folder("trakt-gap")
        for name in ["watched-history-1.json", "watched-history-3.json"] {
            try FileManager.default.copyItem(at: Self.traktFolder.appendingPathComponent(name), to: gap.appendingPathComponent(name))
        }
        let missing = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(contentsOf: gap) }
        #expect(missing.code == .malformed && missing.detail.contains("watched-history-2.json"), "\(missing.detail)")
        #expect(missing.errorDescription?.contains("Nothing was imported") == true)

        let empty = try TemporaryFiles.folder("trakt-empty")
        try Data("[]".utf8).write(to: empty.appendingPathComponent("lists-watchlist.json"))
        let none = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(contentsOf: empty) }
        #expect(none.code == .missingField && none.detail.contains("watched-history.json"), "\(none.detail)")

        let twice = try TemporaryFiles.folder("trakt-twice")
        for sub in ["a", "b"] {
            try FileManager.default.copyItem(at: Self.traktFolder, to: twice.appendingPathComponent(sub))
        }
        let two = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(contentsOf: twice) }
        #expect(two.code == .malformed && two.detail.contains("2 folders"), "\(two.detail)")

        let zipped = try #require(throws: ExternalHistoryError.self) { try TraktExport.read(try Data(contentsOf: Self.traktZip)) }
        #expect(zipped.code == .zipArchive)
    }

    @Test("A play in two parts (the same Trakt history id) is read once, the repeat reported")
    func traktRepeatedPlay() throws {
        let folder = try TemporaryFiles.folder("trakt-repeat")
        for name in ["watched-history-1.json", "watched-history-2.json", "watched-history-3.json"] {
            try FileManager.default.copyItem(at: Self.traktFolder.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        // Part 3 starts again with part 2's last play.
        let second = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("watched-history-2.json"))) as? [Any])
        let third = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("watched-history-3.json"))) as? [Any])
        try JSONSerialization.data(withJSONObject: [second[second.count - 1]] + third).write(to: folder.appendingPathComponent("watched-history-3.json"))
        let history = try TraktExport.read(contentsOf: folder)
        #expect(history.watches.count == 17)
        #expect(history.skipped.last?.description == "watched-history-3.json item 1: the same play as watched-history-2.json item 7 (Trakt history id 5)")
    }

    // MARK: TV Time

    @Test("TV Time's tracking records: watches and rewatches with their own instants, followed shows, other records counted once per kind", arguments: [
        tvTimeFolder, tvTimeZip, tvTimeFolder.appendingPathComponent("tracking-prod-records-v2.csv"),
    ])
    func tvTimeRecords(export: URL) throws {
        let history = try TVTimeExport.read(contentsOf: export)
        #expect(history.service == .tvTime)
        #expect(history.watches.count == 14)   // 11 watches and 3 rewatches
        #expect(history.watches.allSatisfy { $0.plays == 1 })
        let pilot = history.watches.filter { $0.show.title == "Arrow" && $0.season == 1 && $0.number == 1 }
        #expect(pilot.map(\.watchedAt) == [Support.date("2019-05-01T20:00:00Z"), Support.date("2019-05-08T20:00:00Z")])
        #expect(pilot.first?.show.ids == ExternalIDs(theTVDB: 257655))
        #expect(history.watches.filter { $0.show.title == "Supergirl" }.count == 3)
        #expect(history.skipped.map(\.reason) == [
            "Arrow: no season and episode number, no episode id",
            "a watch-movie record, not an episode watch (and 1 more like it)",
        ])
        #expect(history.skipped.first?.location.hasPrefix("tracking-prod-records-v2.csv line ") == true)
        if export.pathExtension == "csv" {
            #expect(history.follows.map(\.show.title) == ["Supergirl", "The Flash (2014)"])
        } else {
            // The records' word first (The Flash followed again, Supergirl archived), then the
            // followed shows the records do not name.
            #expect(history.follows.map(\.show.title) == ["Supergirl", "The Flash (2014)", "Arrow", "DC's Legends of Tomorrow", "Doctor Who (2005)"])
            #expect(history.follows.map(\.archived) == [true, false, false, false, true])
        }
    }

    @Test("Matched as the older export is: 11 watches of 8 episodes to record; Supergirl dropped (archived there), The Flash not")
    func tvTimeMatched() throws {
        let plan = ExternalHistoryMatcher(list: try Support.list()).match(try TVTimeExport.read(contentsOf: Self.tvTimeZip))
        #expect(plan.matched.count == 11 && plan.unmatched.count == 3)
        #expect(Set(plan.matched.map(\.episodeID)).count == 8)
        #expect(plan.unmatched.map(\.reason).contains("another show than The Flash: its thetvdb id differs"))
        #expect(plan.watchesToRecord.count == 11 && plan.watchesToRecord.allSatisfy { $0.watchedAt != nil })
        #expect(plan.showStatus == ["supergirl": .dropped])
    }

    @Test("Imported into a store: every watch once, the rewatches as plays; importing again adds nothing")
    func tvTimeImported() async throws {
        let store = try await Support.store()
        let plan = ExternalHistoryMatcher(list: try await store.watchList()).match(try TVTimeExport.read(contentsOf: Self.tvTimeZip))
        let report = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime", dryRun: false)
        #expect(report.added.count == 11 && report.newlyWatched.count == 8)
        let again = try await store.importWatches(plan.watchesToRecord, showStatus: plan.showStatus, source: "tvtime", dryRun: false)
        #expect(again.added.isEmpty && again.alreadyThere.count == 11)
    }

    @Test("Tracking records without a key column, with a date that is not one, or cut short are refused, naming the line")
    func tvTimeBrokenRecords() throws {
        let header = "s_id,series_name,season_number,episode_number,created_at,key\n"
        let noKey = try #require(throws: ExternalHistoryError.self) {
            try TVTimeExport.read(trackingRecords: Data("s_id,series_name\n257655,Arrow\n".utf8))
        }
        #expect(noKey.code == .missingField && noKey.detail.contains("key"))
        let badDate = try #require(throws: ExternalHistoryError.self) {
            try TVTimeExport.read(trackingRecords: Data((header + "257655,Arrow,1,1,yesterday,watch-episode-1\n").utf8))
        }
        #expect(badDate.code == .malformed && badDate.detail == "tracking-prod-records-v2.csv line 2: created_at \"yesterday\" is not a date")
        let short = try #require(throws: ExternalHistoryError.self) {
            try TVTimeExport.read(trackingRecords: Data((header + "257655,Arrow,1,1\n").utf8))
        }
        #expect(short.code == .malformed && short.detail.contains("line 2 has 4 fields"))
    }
}
