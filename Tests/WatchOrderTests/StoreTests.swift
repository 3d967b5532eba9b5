import AirdateCore
import AirdateStore
import Foundation
import Testing
@testable import WatchOrder

@Suite("WatchOrderStore on a real database file")
struct StoreTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14

    private func list(_ show: String, titles: [String], days: [String?]) -> EpisodeList {
        let showValue = Show(name: show)
        return EpisodeList(show: showValue, episodes: zip(titles, days).enumerated().map { index, pair in
            Episode(showID: showValue.id, season: 1, number: index + 1, title: pair.0, airDay: pair.1.flatMap(CalendarDay.init))
        })
    }

    private func databasePath() throws -> String {
        try TestSupport.temporaryDirectory().appendingPathComponent("watch.sqlite").path
    }

    @Test("A re-scrape with corrected titles and a removed episode keeps every watched mark")
    func rescrapeKeepsMarks() async throws {
        let store = try WatchOrderStore(path: try databasePath())
        try await store.refresh(list("Alpha", titles: ["One", "Twoo", "Three"], days: ["2023-01-01", "2023-01-08", "2023-01-15"]))
        try await store.watch([EpisodeID(rawValue: "alpha/s1e2"), EpisodeID(rawValue: "alpha/s1e3")])
        // Title corrected, episode 3 gone for now.
        try await store.refresh(list("Alpha", titles: ["One", "Two"], days: ["2023-01-01", "2023-01-08"]))
        var state = try await store.state()
        #expect(state.lists.first?.episodes.map(\.title) == ["One", "Two"])
        #expect(state.checklist.watched == [EpisodeID(rawValue: "alpha/s1e2"), EpisodeID(rawValue: "alpha/s1e3")])
        // Episode 3 is back: so is its mark.
        try await store.refresh(list("Alpha", titles: ["One", "Two", "Three"], days: ["2023-01-01", "2023-01-08", "2023-01-15"]))
        state = try await store.state()
        let watchList = try state.watchList()
        #expect(state.checklist.progress(in: watchList, at: .fixed(at: now, timeZone: utc)) == WatchProgress(watched: 2, aired: 3, total: 3))
    }

    @Test("Marks, rules, priority and settings survive reopening the file; mark through and by season")
    func persistence() async throws {
        let path = try databasePath()
        do {
            let store = try WatchOrderStore(path: path)
            try await store.refresh([
                list("Alpha", titles: ["A1", "A2"], days: ["2023-01-02", "2023-01-09"]),
                list("Beta", titles: ["B1", "B2", "B3"], days: ["2023-01-02", "2023-01-03", "2099-01-01"]),
            ])
            try await store.setShowPriority(["beta", "alpha"])
            try await store.setRules([.before(EpisodeReference(show: "Alpha", season: 1, episode: 1), EpisodeReference(show: "Beta", season: 1, episode: 1))])
            let marked = try await store.watch(through: EpisodeID(rawValue: "beta/s1e2"), at: .fixed(at: now, timeZone: utc))
            #expect(marked.episodes.map(\.rawValue) == ["alpha/s1e1", "beta/s1e1", "beta/s1e2"])
            #expect(marked.newlyWatched == marked.episodes)
            let season = try await store.watch(show: "beta", season: 1, at: .fixed(at: now, timeZone: utc))
            #expect(season.episodes.map(\.rawValue) == ["beta/s1e1", "beta/s1e2"])  // B3 has not aired
            #expect(season.newlyWatched.isEmpty && season.alreadyWatched == season.episodes)  // marked through beta/s1e2 above
            try await store.setHidesSpecials(true)
        }
        let reopened = try WatchOrderStore(path: path)
        let state = try await reopened.state()
        #expect(state.showPriority == ["beta", "alpha"])
        #expect(state.rules.count == 1)
        #expect(state.checklist.hidesSpecials)
        let upNext = try state.upNext(at: .fixed(at: now, timeZone: utc))
        #expect(upNext.next?.id.rawValue == "alpha/s1e2")
        #expect(upNext.comingSoon.map(\.id.rawValue) == ["beta/s1e3"])
        #expect(try state.watchList().episodes.map(\.id.rawValue) == ["alpha/s1e1", "beta/s1e1", "beta/s1e2", "alpha/s1e2", "beta/s1e3"])
    }

    @Test("Two stores (two pools) on one file writing at once lose nothing")
    func concurrentWriters() async throws {
        let path = try databasePath()
        let first = try WatchOrderStore(path: path)
        let second = try WatchOrderStore(path: path)
        try await first.refresh(list("Alpha", titles: (1...100).map { "E\($0)" }, days: Array(repeating: "2023-01-01", count: 100)))
        async let a: Void = {
            for number in stride(from: 1, through: 100, by: 2) { try await first.watch([EpisodeID(rawValue: "alpha/s1e\(number)")]) }
        }()
        async let b: Void = {
            for number in stride(from: 2, through: 100, by: 2) { try await second.watch([EpisodeID(rawValue: "alpha/s1e\(number)")]) }
            try await second.refresh(EpisodeList(show: Show(name: "Beta"), episodes: []))
        }()
        _ = try await (a, b)
        let state = try await first.state()
        #expect(state.checklist.watched.count == 100)
        #expect(state.lists.map(\.show.id) == ["alpha", "beta"])
    }

    @Test("The watch list and up next re-emit when marks, rules, selection or episodes change")
    func observation() async throws {
        let store = try WatchOrderStore(path: try databasePath())
        try await store.refresh(list("Alpha", titles: ["A1", "A2"], days: ["2023-01-01", "2023-01-08"]))
        let fixedNow = now
        var iterator = store.observeUpNext(at: .fixed(at: fixedNow, timeZone: utc)).makeAsyncIterator()
        #expect(try await iterator.next()?.next?.id.rawValue == "alpha/s1e1")
        try await store.watch([EpisodeID(rawValue: "alpha/s1e1")])
        #expect(try await iterator.next()?.next?.id.rawValue == "alpha/s1e2")
        try await store.refresh(list("Beta", titles: ["B0"], days: ["2022-12-01"]))
        #expect(try await iterator.next()?.next?.id.rawValue == "beta/s1e1")
        try await store.setSelectedShows(["alpha"])
        #expect(try await iterator.next()?.next?.id.rawValue == "alpha/s1e2")
        var lists = store.observeWatchList().makeAsyncIterator()
        #expect(try await lists.next()?.list.episodes.count == 3)
        try await store.setRules([.before(EpisodeReference(show: "Alpha", season: 1, episode: 2), EpisodeReference(show: "Beta", season: 1, episode: 1))])
        #expect(try await lists.next()?.list.episodes.map(\.id.rawValue) == ["alpha/s1e1", "alpha/s1e2", "beta/s1e1"])
    }

    @Test("Export and import progress as JSON; a bad file is a clear error")
    func exportImport() async throws {
        let source = try WatchOrderStore(path: try databasePath())
        try await source.refresh(list("Alpha", titles: ["A1", "A2"], days: ["2023-01-01", "2023-01-08"]))
        try await source.watch([EpisodeID(rawValue: "alpha/s1e2")])
        try await source.setHidesSpecials(true)
        let data = try await source.exportProgress(exportedAt: now)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"alpha/s1e2\""))
        let target = try WatchOrderStore(path: try databasePath())
        // The target lists no episodes yet: the mark is kept, and reported as naming no stored episode.
        #expect(try await target.importProgress(data) == WatchSummary(unknown: [EpisodeID(rawValue: "alpha/s1e2")]))
        let state = try await target.state()
        #expect(state.checklist.watched == [EpisodeID(rawValue: "alpha/s1e2")])
        #expect(state.checklist.hidesSpecials)
        await #expect(throws: WatchOrderStoreError.self) { try await target.importProgress(Data("{".utf8)) }
    }

    @Test("Marks, unmarks and imports report what changed: newly watched, already watched, unknown ids")
    func markSummaries() async throws {
        let store = try WatchOrderStore(path: try databasePath())
        try await store.refresh(list("Alpha", titles: ["A1", "A2", "A3"], days: ["2023-01-01", "2023-01-08", "2023-01-15"]))
        let a1 = EpisodeID(rawValue: "alpha/s1e1"), a2 = EpisodeID(rawValue: "alpha/s1e2"), a3 = EpisodeID(rawValue: "alpha/s1e3")
        let ghost = EpisodeID(rawValue: "omega/s9e9")

        let first = try await store.watch([a2, a1, a2, ghost])
        #expect(first == WatchSummary(episodes: [a2, a1], newlyWatched: [a2, a1], alreadyWatched: [], unknown: [ghost]))
        let again = try await store.watch([a1, a3])
        #expect(again.newlyWatched == [a3])
        #expect(again.alreadyWatched == [a1])
        #expect(again.episodes == [a1, a3])
        #expect(again.unknown.isEmpty)
        // The unknown id's mark is kept, as the store keeps marks of episodes no longer listed.
        #expect(try await store.state().checklist.watched == [a1, a2, a3, ghost])

        #expect(try await store.unwatch([a3, a3, EpisodeID(rawValue: "alpha/s1e7")]) == [a3])
        #expect(try await store.unwatch([a3]).isEmpty)

        // One file imported twice: newly watched the first time, already watched the second.
        let exported = try await store.exportProgress(exportedAt: now)
        let target = try WatchOrderStore(path: try databasePath())
        try await target.refresh(list("Alpha", titles: ["A1", "A2", "A3"], days: ["2023-01-01", "2023-01-08", "2023-01-15"]))
        let imported = try await target.importProgress(exported)
        #expect(imported.newlyWatched == [a1, a2])
        #expect(imported.alreadyWatched.isEmpty)
        #expect(imported.unknown == [ghost])
        let twice = try await target.importProgress(exported)
        #expect(twice.newlyWatched.isEmpty)
        #expect(twice.alreadyWatched == [a1, a2])
        #expect(twice.unknown == [ghost])
    }

    @Test("refresh refuses an empty list for a show with stored episodes: typed error, stored ones kept")
    func refreshRefusesEmpty() async throws {
        let store = try WatchOrderStore(path: try databasePath())
        let arrow = Show(name: "Arrow")
        let good = EpisodeList(show: arrow, episodes: (1...3).map { (number: Int) in
            Episode(showID: arrow.id, season: 1, number: number, title: "E\(number)", airDay: CalendarDay("2012-10-1\(number)"))
        })
        try await store.refresh(good)
        try await store.watch([EpisodeID(rawValue: "arrow/s1e2")])
        // What a page without a recognisable episode table reads as (WatchOrderWikiTests checks the reader).
        let empty = EpisodeList(show: arrow, episodes: [], diagnostics: [
            ExtractionDiagnostic(kind: .noEpisodeTable, message: "No episode table could be read for Arrow", text: "Arrow"),
        ])
        await #expect(throws: WatchOrderStoreError.emptyEpisodeList(
            show: "Arrow", reason: empty.diagnostics.first?.description)
        ) {
            try await store.refresh([empty])
        }
        // Also when it comes with a good list of another show: nothing is written.
        let flash = Show(name: "The Flash")
        let other = EpisodeList(show: flash, episodes: [Episode(showID: flash.id, season: 1, number: 1, title: "Pilot", airDay: nil)])
        await #expect(throws: WatchOrderStoreError.self) { try await store.refresh([other, empty]) }
        let state = try await store.state()
        #expect(state.lists.map(\.show.name) == ["Arrow"])
        #expect(state.lists.first?.episodes.map(\.title) == ["E1", "E2", "E3"])
        #expect(state.checklist.watched == [EpisodeID(rawValue: "arrow/s1e2")])
        #expect(WatchOrderStoreError.emptyEpisodeList(show: "Arrow", reason: nil).errorDescription?
            .contains("stored episodes were kept") == true)
        // A show with nothing stored yet (announced) may be stored empty.
        try await store.refresh(EpisodeList(show: Show(name: "Announced"), episodes: []))
        #expect(try await store.state().lists.map(\.show.name) == ["Arrow", "Announced"])
    }
}
