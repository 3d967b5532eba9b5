import AirdateTestSupport
import AirdateCore
import AirdateStore
import Foundation
import GRDB
import Testing
@testable import WatchOrder

@Suite("WatchStateChange: what changed between two states, and the store's live changes")
struct WatchStateChangeTests {
    private func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }
    private func day(_ text: String) -> CalendarDay? { CalendarDay(text) }

    private func lists(titles: [String] = ["A1", "A2", "A3"]) -> [EpisodeList] {
        let a = Show(name: "Alpha"), b = Show(name: "Beta")
        return [
            EpisodeList(show: a, episodes: titles.enumerated().map { index, title in
                Episode(showID: a.id, season: 1, number: index + 1, title: title, airDay: day("2020-01-0\(index + 1)"))
            }),
            EpisodeList(show: b, episodes: [Episode(showID: b.id, season: 1, number: 1, title: "B1", airDay: day("2020-01-05"))]),
        ]
    }

    private func state(_ watched: [String], lists: [EpisodeList]? = nil, rules: [OrderingRule] = []) -> WatchState {
        WatchState(lists: lists ?? self.lists(), rules: rules, showPriority: ["alpha", "beta"],
                   checklist: Checklist(watched: Set(watched.map(id))))
    }

    @Test("A state compared with itself changed nothing")
    func none() {
        let change = state(["alpha/s1e1"]).changes(since: state(["alpha/s1e1"]))
        #expect(change.isEmpty)
        #expect(!change.onlyWatchesChanged && !change.reordersList)
    }

    @Test("Marks added and removed, in the lists' order; marks of unlisted ids last")
    func marks() {
        let before = state(["alpha/s1e1", "beta/s1e1", "gone/s1e1"])
        let after = state(["alpha/s1e3", "beta/s1e1", "alpha/s1e2", "zzz/s9e9"])
        let change = after.changes(since: before)
        #expect(change.newlyWatched == [id("alpha/s1e2"), id("alpha/s1e3"), id("zzz/s9e9")])
        #expect(change.unwatched == [id("alpha/s1e1"), id("gone/s1e1")])
        #expect(change.onlyWatchesChanged)
        #expect(!change.reordersList)
    }

    @Test("Episodes added, removed and updated, and rule changes, ask for the list again")
    func episodes() {
        let before = state([], lists: lists(titles: ["A1", "A2", "A3"]))
        let after = state([], lists: lists(titles: ["A1", "Second"]))
        let change = after.changes(since: before)
        #expect(change.removedEpisodes == [id("alpha/s1e3")])
        #expect(change.updatedEpisodes == [id("alpha/s1e2")])
        #expect(change.addedEpisodes.isEmpty)
        #expect(change.reordersList && !change.onlyWatchesChanged)
        let back = before.changes(since: after)
        #expect(back.addedEpisodes == [id("alpha/s1e3")])
        let rule = OrderingRule.before(EpisodeReference(show: "Beta", season: 1, episode: 1), EpisodeReference(show: "Alpha", season: 1, episode: 1))
        let ruled = state([], rules: [rule]).changes(since: state([]))
        #expect(ruled.rulesChanged && ruled.reordersList)
        var settings = state([])
        settings.checklist.hidesSpecials = true
        let changed = settings.changes(since: state([]))
        #expect(changed.settingsChanged && !changed.reordersList && !changed.onlyWatchesChanged)
    }

    @Test("observeChanges: the first state without a change, then each change made by another store on the file")
    func observed() async throws {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("changes.sqlite").path
        let writer = try WatchOrderStore(path: path)
        try await writer.refresh(lists())
        // Another store on the same file, as another process would open it; polled often.
        let reader = try WatchOrderStore(path: path, polling: ChangePolling(every: .milliseconds(20)))
        let (started, start) = AsyncStream<Void>.makeStream()
        let updates = Task {
            var seen: [WatchStateUpdate] = []
            for try await update in reader.observeChanges() {
                seen.append(update)
                start.yield()
                if seen.count == 3 { break }
            }
            return seen
        }
        // Write only once the observation has its first state: each write must then come as a change.
        try await nextSignal(started, "the other store's first state")
        try await writer.watch([id("alpha/s1e2"), id("beta/s1e1")])
        // The second write after the first is seen, so the two arrive as two changes.
        try await nextSignal(started, "the other store to see the first write")
        try await writer.unwatch(show: "alpha", season: 1)
        let seen = try await withHangBound("the other store's observation to see both changes") { try await updates.value }
        #expect(seen.first?.change == nil)
        let changes = seen.dropFirst().compactMap(\.change)
        let marked = changes.flatMap(\.newlyWatched), unmarked = changes.flatMap(\.unwatched)
        #expect(marked == [id("alpha/s1e2"), id("beta/s1e1")])
        #expect(unmarked == [id("alpha/s1e2")])
        #expect(seen.last?.state.checklist.watched == [id("beta/s1e1")])
    }

    @Test("unwatch(show:season:) removes a season's marks in one transaction and says which")
    func unmarkSeason() async throws {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("unmark.sqlite").path
        let store = try WatchOrderStore(path: path)
        try await store.refresh(lists())
        try await store.watch([id("alpha/s1e3"), id("alpha/s1e1"), id("beta/s1e1"), id("other/s1e1")])
        #expect(try await store.unwatch(show: "alpha", season: 1) == [id("alpha/s1e1"), id("alpha/s1e3")])
        #expect(try await store.unwatch(show: "alpha", season: 1) == [])
        #expect(try await store.unwatch(show: "alpha", season: 7) == [])
        #expect(try await store.state().checklist.watched == [id("beta/s1e1"), id("other/s1e1")])
        #expect(try await store.unwatch(show: "beta") == [id("beta/s1e1")])
    }

    @Test("An episode's own page is stored and read back")
    func pageURL() async throws {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("pages.sqlite").path
        var lists = lists()
        lists[0].episodes[0].pageURL = URL(string: "https://example.org/wiki/A1")
        do {
            let store = try WatchOrderStore(path: path)
            try await store.refresh(lists)
        }
        let state = try await WatchOrderStore(path: path).state()
        #expect(state.lists[0].episodes[0].pageURL?.absoluteString == "https://example.org/wiki/A1")
        #expect(state.lists[0].episodes[1].pageURL == nil)
    }

    @Test("A file written before episodes had pages opens, gains the column and keeps its episodes and marks")
    func migration() async throws {
        let path = try TestSupport.temporaryDirectory().appendingPathComponent("v1.sqlite").path
        // The first schema, as the previous release wrote it, with one episode and one mark.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE show (id TEXT PRIMARY KEY NOT NULL, name TEXT NOT NULL, priority INTEGER NOT NULL);
                CREATE TABLE episode (
                    id TEXT PRIMARY KEY NOT NULL, showID TEXT NOT NULL REFERENCES show(id) ON DELETE CASCADE,
                    season INTEGER NOT NULL, number INTEGER, overall INTEGER, title TEXT NOT NULL,
                    alternateTitles TEXT NOT NULL, airDay TEXT, broadcast DOUBLE, runtime DOUBLE, sourceURL TEXT,
                    listPosition INTEGER NOT NULL);
                CREATE INDEX episode_show ON episode(showID, listPosition);
                CREATE TABLE watched (episodeID TEXT PRIMARY KEY NOT NULL, markedAt DOUBLE);
                CREATE TABLE rule (position INTEGER PRIMARY KEY NOT NULL, json TEXT NOT NULL);
                CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL);
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1');
                INSERT INTO show VALUES ('alpha', 'Alpha', 0);
                INSERT INTO episode VALUES ('alpha/s1e1', 'alpha', 1, 1, NULL, 'A1', '[]', '2020-01-01', NULL, NULL, NULL, 0);
                INSERT INTO watched VALUES ('alpha/s1e1', 1600000000);
                """)
        }
        try queue.close()
        let store = try WatchOrderStore(path: path)
        let state = try await store.state()
        #expect(state.checklist.watched == [id("alpha/s1e1")])
        #expect(state.lists.first?.episodes.map(\.title) == ["A1"])
        #expect(state.lists.first?.episodes.first?.pageURL == nil)
        var linked = state.lists
        linked[0].episodes[0].pageURL = URL(string: "https://example.org/wiki/A1")
        try await store.refresh(linked)
        #expect(try await store.state().lists.first?.episodes.first?.pageURL?.absoluteString == "https://example.org/wiki/A1")
    }
}

/// Waits (hang-bounded, naming `what`) for the next element of `signals`. Each wait makes its own
/// iterator, one at a time; a wait that passes its bound is cancelled, which ends its `next()`.
func nextSignal(_ signals: AsyncStream<Void>, _ what: String) async throws {
    try await withHangBound(what) {
        var iterator = signals.makeAsyncIterator()
        _ = await iterator.next()
    }
}
