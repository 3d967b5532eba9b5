import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

/// The watch history in a real store: watches with their times, plays, skips, hidden and dropped
/// shows, episodes behind, up next per show, rewatch sessions and time watched.
@Suite("Watch history")
struct HistoryTests {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt
    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
    static let clock = ViewerClock.fixed(at: now, timeZone: utc)

    static func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }

    /// Alpha (4 episodes, weekly from 2023-01-02, 30 min), Beta (3 episodes from 2023-01-01, no
    /// runtime, the third unaired) and Gamma (2 episodes, 2023-02-01 and 02-08, 45 min).
    static func lists() -> [EpisodeList] {
        func list(_ name: String, days: [String], runtime: Duration?) -> EpisodeList {
            let show = Show(name: name)
            return EpisodeList(show: show, episodes: days.enumerated().map { index, day in
                Episode(showID: show.id, season: 1, number: index + 1, title: "\(name) \(index + 1)", airDay: CalendarDay(day),
                        runtime: runtime)
            })
        }
        return [
            list("Alpha", days: ["2023-01-02", "2023-01-09", "2023-01-16", "2023-01-23"], runtime: .seconds(1800)),
            list("Beta", days: ["2023-01-01", "2023-01-05", "2099-01-01"], runtime: nil),
            list("Gamma", days: ["2023-02-01", "2023-02-08"], runtime: .seconds(2700)),
        ]
    }

    static func store() async throws -> WatchOrderStore {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("history.sqlite").path
        let store = try WatchOrderStore(path: path, clock: clock)
        try await store.refresh(lists())
        return store
    }

    @Test("Every watch keeps its instant; a second mark keeps the first time; another play is a watch of its own")
    func watchesAndPlays() async throws {
        let store = try await Self.store()
        let first = Date(timeIntervalSince1970: 1_690_000_000), later = Date(timeIntervalSince1970: 1_695_000_000)
        try await store.watch([Self.id("alpha/s1e1")], watchedAt: first)
        let again = try await store.watch([Self.id("alpha/s1e1"), Self.id("alpha/s1e2")], watchedAt: later)
        #expect(again.alreadyWatched == [Self.id("alpha/s1e1")] && again.newlyWatched == [Self.id("alpha/s1e2")])
        try await store.watch([Self.id("beta/s1e1")])  // the store's clock's time
        try await store.rewatch([Self.id("alpha/s1e1")], watchedAt: Self.now.addingTimeInterval(60))
        let history = try await store.history()
        #expect(history.watches.map(\.episodeID.rawValue) == ["alpha/s1e1", "alpha/s1e2", "beta/s1e1", "alpha/s1e1"])
        #expect(history.watches.map(\.watchedAt) == [first, later, Self.now, Self.now.addingTimeInterval(60)])
        #expect(history.playCount(of: Self.id("alpha/s1e1")) == 2)
        #expect(history.playCount(of: Self.id("alpha/s1e2")) == 1)
        #expect(history.playCount(of: Self.id("gamma/s1e1")) == 0)
        #expect(history.playCounts == [Self.id("alpha/s1e1"): 2, Self.id("alpha/s1e2"): 1, Self.id("beta/s1e1"): 1])
        // The play recorded by mistake goes; the first watch stays.
        #expect(try await store.unwatchLast([Self.id("alpha/s1e1")]) == [Self.id("alpha/s1e1")])
        #expect(try await store.history().watches(of: Self.id("alpha/s1e1")).map(\.watchedAt) == [first])
        // Unmarking removes every watch.
        try await store.rewatch([Self.id("alpha/s1e2")], watchedAt: Self.now)
        #expect(try await store.unwatch([Self.id("alpha/s1e2"), Self.id("gamma/s1e1")]) == [Self.id("alpha/s1e2")])
        #expect(try await store.history().playCount(of: Self.id("alpha/s1e2")) == 0)
    }

    @Test("History queries: by show, by time, by session, the most recent N")
    func queries() async throws {
        let store = try await Self.store()
        for (index, id) in ["alpha/s1e1", "beta/s1e1", "alpha/s1e2", "gamma/s1e1", "alpha/s1e3"].enumerated() {
            try await store.watch([Self.id(id)], watchedAt: Date(timeIntervalSince1970: 1_690_000_000 + Double(index) * 86_400))
        }
        #expect(try await store.history(HistoryQuery(show: "alpha")).watches.map(\.episodeID.rawValue) == ["alpha/s1e1", "alpha/s1e2", "alpha/s1e3"])
        // A show id that is the start of another's ("alph") names nothing.
        #expect(try await store.history(HistoryQuery(show: "alph")).watches.isEmpty)
        let window = HistoryQuery(from: Date(timeIntervalSince1970: 1_690_000_000 + 86_400), until: Date(timeIntervalSince1970: 1_690_000_000 + 3 * 86_400))
        #expect(try await store.history(window).watches.map(\.episodeID.rawValue) == ["beta/s1e1", "alpha/s1e2"])
        #expect(try await store.history(HistoryQuery(limit: 2)).watches.map(\.episodeID.rawValue) == ["gamma/s1e1", "alpha/s1e3"])
        #expect(try await store.history(HistoryQuery(limit: 0)).watches.isEmpty)
    }

    @Test("A skipped episode is done for up next and behind, but not watched")
    func skips() async throws {
        let store = try await Self.store()
        try await store.watch([Self.id("alpha/s1e1")], watchedAt: Self.now)
        #expect(try await store.skip([Self.id("alpha/s1e2"), Self.id("alpha/s1e2")]) == [Self.id("alpha/s1e2")])
        #expect(try await store.skip([Self.id("alpha/s1e2")]).isEmpty)
        var state = try await store.state()
        let list = try state.watchList()
        #expect(state.checklist.upNextByShow(in: list, at: Self.clock)["alpha"]?.id == Self.id("alpha/s1e3"))
        #expect(state.checklist.episodesBehind(show: "alpha", in: list, at: Self.clock) == 2)
        #expect(state.checklist.progress(in: list, show: "alpha", at: Self.clock).watched == 1)
        #expect(!state.checklist.watched.contains(Self.id("alpha/s1e2")))
        #expect(try await store.unskip([Self.id("alpha/s1e2")]) == [Self.id("alpha/s1e2")])
        state = try await store.state()
        #expect(state.checklist.upNextByShow(in: list, at: Self.clock)["alpha"]?.id == Self.id("alpha/s1e2"))
    }

    @Test("A hidden or dropped show keeps its marks and leaves up next, coming soon and behind; watching brings it back")
    func hiddenAndDropped() async throws {
        let store = try await Self.store()
        try await store.watch([Self.id("beta/s1e1")], watchedAt: Self.now)
        #expect(try await store.setStatus(.dropped, ofShow: "beta") == .watching)
        #expect(try await store.setStatus(.hidden, ofShow: "gamma") == .watching)
        var state = try await store.state()
        let list = try state.watchList()
        var upNext = state.checklist.upNext(in: list, at: Self.clock)
        #expect(Set(upNext.byShow.keys) == ["alpha"])
        #expect(upNext.next?.showID == "alpha")
        #expect(upNext.comingSoon.isEmpty)  // beta's unaired episode is out with beta
        #expect(state.checklist.comingSoon(in: list, show: "beta", at: Self.clock).map(\.id) == [Self.id("beta/s1e3")])  // asked by name
        #expect(state.checklist.episodesBehind(show: "beta", in: list, at: Self.clock) == 0)
        #expect(state.checklist.watched.contains(Self.id("beta/s1e1")))
        #expect(state.checklist.progress(in: list, show: "beta", at: Self.clock) == WatchProgress(watched: 1, aired: 2, total: 3))
        #expect(state.checklist.status(ofShow: "beta") == .dropped && state.checklist.status(ofShow: "gamma") == .hidden)
        #expect(try await store.setStatus(.watching, ofShow: "beta") == .dropped)
        state = try await store.state()
        upNext = state.checklist.upNext(in: list, at: Self.clock)
        #expect(Set(upNext.byShow.keys) == ["alpha", "beta"])
        // markNext of a hidden show named explicitly still marks its next episode.
        #expect(try await store.watchNext(ofShow: "gamma", at: Self.clock).newlyWatched == [Self.id("gamma/s1e1")])
    }

    @Test("Up next per show: ordered by the next episode's air day, with the episodes behind")
    func upNextPerShow() async throws {
        let store = try await Self.store()
        try await store.watch([Self.id("alpha/s1e1"), Self.id("alpha/s1e2"), Self.id("beta/s1e1")], watchedAt: Self.now)
        let state = try await store.state()
        let list = try state.watchList()
        let entries = state.checklist.upNextPerShow(in: list, at: Self.clock)
        #expect(entries.map(\.show.id) == ["beta", "alpha", "gamma"])  // 01-05, 01-16, 02-01
        #expect(entries.map(\.next.id.rawValue) == ["beta/s1e2", "alpha/s1e3", "gamma/s1e1"])
        #expect(entries.map(\.behind) == [1, 2, 2])
        #expect(entries.allSatisfy { $0.rewatch == nil })
    }

    @Test("A rewatch session: its own marks and progress, up next from the start, first watches kept; overlap refused")
    func rewatch() async throws {
        let store = try await Self.store()
        try await store.watch((1...4).map { Self.id("alpha/s1e\($0)") }, watchedAt: Date(timeIntervalSince1970: 1_680_000_000))
        let session = try await store.startRewatch(named: "Second run", shows: ["alpha"], startedAt: Self.now)
        await #expect(throws: WatchOrderStoreError.rewatchOverlaps(show: "alpha", session: "Second run")) {
            try await store.startRewatch(named: "Third", shows: ["alpha", "beta"])
        }
        await #expect(throws: WatchOrderStoreError.rewatchOverlaps(show: "alpha", session: "Second run")) {
            try await store.startRewatch(named: "Everything")
        }
        await #expect(throws: WatchOrderStoreError.invalidRewatch("a rewatch needs a name")) { try await store.startRewatch(named: "  ") }
        var state = try await store.state()
        let list = try state.watchList()
        #expect(state.checklist.upNextByShow(in: list, at: Self.clock)["alpha"]?.id == Self.id("alpha/s1e1"))
        let marked = try await store.watch([Self.id("alpha/s1e1"), Self.id("beta/s1e1")], watchedAt: Self.now)
        #expect(marked.newlyWatched == [Self.id("alpha/s1e1"), Self.id("beta/s1e1")])
        state = try await store.state()
        let active = try #require(state.checklist.rewatches.first)
        #expect(active.id == session.id && active.watched == [Self.id("alpha/s1e1")])
        #expect(state.checklist.progress(of: active, in: list, at: Self.clock) == WatchProgress(watched: 1, aired: 4, total: 4))
        #expect(state.checklist.upNextPerShow(in: list, at: Self.clock).first { $0.show.id == "alpha" }?.rewatch == session.id)
        #expect(state.checklist.upNextByShow(in: list, at: Self.clock)["alpha"]?.id == Self.id("alpha/s1e2"))
        // Marking again within the session changes nothing; unmarking takes the session's watch only.
        #expect(try await store.watch([Self.id("alpha/s1e1")]).alreadyWatched == [Self.id("alpha/s1e1")])
        let history = try await store.history()
        #expect(history.playCount(of: Self.id("alpha/s1e1")) == 2)
        #expect(try await store.history(HistoryQuery(rewatch: session.id)).watches.map(\.episodeID) == [Self.id("alpha/s1e1")])
        #expect(try await store.unwatch([Self.id("alpha/s1e1")]) == [Self.id("alpha/s1e1")])
        #expect(try await store.history().playCount(of: Self.id("alpha/s1e1")) == 1)
        // Ended: up next follows the first watches again (everything of alpha is watched).
        try await store.watch([Self.id("alpha/s1e1")], watchedAt: Self.now)
        let ended = try await store.endRewatch(session.id, endedAt: Self.now.addingTimeInterval(3600))
        #expect(ended.endedAt == Self.now.addingTimeInterval(3600))
        await #expect(throws: WatchOrderStoreError.self) { try await store.endRewatch(session.id) }
        state = try await store.state()
        #expect(state.checklist.rewatches.isEmpty)
        #expect(state.checklist.upNextByShow(in: list, at: Self.clock)["alpha"] == nil)
        let sessions = try await store.history().sessions
        #expect(sessions.map(\.name) == ["Second run"] && sessions.first?.watched == [Self.id("alpha/s1e1")])
        // Removed: the session and its watch go; the first watches stay.
        #expect(try await store.removeRewatch(session.id) == 1)
        #expect(try await store.history().watches.count == 5)
        #expect(try await store.history().sessions.isEmpty)
    }

    @Test("Hours watched per show and month, in the viewer's time zone; estimates said as such")
    func watchTime() async throws {
        let store = try await Self.store()
        // 2023-01-31T23:30Z is January in New York and February in Tokyo.
        let lateJanuary = Date(timeIntervalSince1970: 1_675_207_800)
        try await store.watch([Self.id("alpha/s1e1"), Self.id("gamma/s1e1")], watchedAt: lateJanuary)
        try await store.watch([Self.id("alpha/s1e2")], watchedAt: Date(timeIntervalSince1970: 1_677_000_000))  // 2023-02-21
        try await store.rewatch([Self.id("alpha/s1e1")], watchedAt: Date(timeIntervalSince1970: 1_677_000_000))
        try await store.watch([Self.id("beta/s1e1"), Self.id("nowhere/s1e1")], watchedAt: Date(timeIntervalSince1970: 1_677_000_000))
        let history = try await store.history()
        let list = try await store.watchList()
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let report = history.watchTime(in: list, timeZone: newYork)
        #expect(report.byShow["alpha"] == WatchTime(duration: .seconds(5400), watches: 3))
        #expect(report.byShow["gamma"] == WatchTime(duration: .seconds(2700), watches: 1))
        #expect(report.byShow["beta"] == WatchTime(duration: .zero, watches: 1, withoutRuntime: 1))
        #expect(report.byShow["nowhere"] == WatchTime(duration: .zero, watches: 1, withoutRuntime: 1))
        #expect(report.byMonth.map(\.month) == [CalendarDay("2023-01-01"), CalendarDay("2023-02-01")])
        #expect(report.byMonth.map(\.time.duration) == [.seconds(4500), .seconds(3600)])
        #expect(report.total.hours == 2.25)
        let tokyo = history.watchTime(in: list, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        #expect(tokyo.byMonth.map(\.month) == [CalendarDay("2023-02-01")])
        // A fallback runtime counts the episodes without one, as estimates.
        let estimated = history.watchTime(in: list, timeZone: newYork, fallbackRuntime: .seconds(2400))
        #expect(estimated.byShow["beta"] == WatchTime(duration: .seconds(2400), watches: 1, estimated: 1))
        // An episode without a runtime in a show whose others have one counts the show's median.
        var lists = Self.lists()
        lists[0].episodes[1].runtime = nil
        try await store.refresh(lists)
        let median = history.watchTime(in: try await store.watchList(), timeZone: newYork)
        #expect(median.byShow["alpha"] == WatchTime(duration: .seconds(5400), watches: 3, estimated: 1))
    }
}
