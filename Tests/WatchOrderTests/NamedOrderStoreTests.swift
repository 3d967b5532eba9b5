import AirdateTestSupport
import AirdateCore
import AirdateStore
import Foundation
import GRDB
import Testing
@testable import WatchOrder

@Suite("Named orders and external ids in WatchOrderStore")
struct NamedOrderStoreTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14

    private func databasePath() throws -> String {
        try TestSupport.temporaryDirectory().appendingPathComponent("watch.sqlite").path
    }
    private func reference(_ show: String, _ season: Int, _ number: Int) -> EpisodeReference {
        EpisodeReference(show: show, season: season, episode: number)
    }
    /// Two shows; B 1x02 aired between A 1x01 and A 1x02.
    private func lists() -> [EpisodeList] {
        func episode(_ show: String, _ number: Int, _ day: String) -> Episode {
            Episode(showID: Show.slug(show), season: 1, number: number, title: "\(show)\(number)", airDay: CalendarDay(day))
        }
        return [
            EpisodeList(show: Show(name: "A"), episodes: [episode("A", 1, "2023-01-01"), episode("A", 2, "2023-01-03")]),
            EpisodeList(show: Show(name: "B"), episodes: [episode("B", 1, "2023-01-01"), episode("B", 2, "2023-01-02")]),
        ]
    }
    private var airing: NamedOrder {
        NamedOrder(id: "airing", title: "Airing order", rules: [.sequence(name: "X", episodes: [reference("A", 1, 1), reference("A", 1, 2)])])
    }
    private var together: NamedOrder {
        NamedOrder(id: "together", title: "Back to back", rules: [.together(name: "X", episodes: [reference("A", 1, 1), reference("A", 1, 2)])])
    }
    private func ids(_ list: WatchList) -> [String] { list.episodes.map(\.id.rawValue) }

    @Test("Orders are stored per viewer; the chosen one drives the list, up next and mark through")
    func chooseAndFollow() async throws {
        let path = try databasePath()
        let clock = ViewerClock.fixed(at: now, timeZone: utc)
        do {
            let store = try WatchOrderStore(path: path)
            try await store.refresh(lists())
            try await store.setBuiltInOrders([airing, together])
            #expect(ids(try await store.watchList()) == ["a/s1e1", "b/s1e1", "b/s1e2", "a/s1e2"])  // the default: the first built-in
            try await store.chooseOrder("together")
            #expect(ids(try await store.watchList()) == ["a/s1e1", "a/s1e2", "b/s1e1", "b/s1e2"])
            // Mark through follows the chosen order: through A 1x02 marks A's two, not B's.
            let marked = try await store.watch(through: EpisodeID(rawValue: "a/s1e2"), at: clock)
            #expect(marked.episodes.map(\.rawValue) == ["a/s1e1", "a/s1e2"])
            // An explicit order for one call, whatever the choice.
            let other = try await store.watch(through: EpisodeID(rawValue: "b/s1e2"), order: "airing", at: clock)
            #expect(other.newlyWatched.map(\.rawValue) == ["b/s1e1", "b/s1e2"])
            #expect(ids(try await store.watchList(order: "airing")) == ["a/s1e1", "b/s1e1", "b/s1e2", "a/s1e2"])
        }
        // Reopened: the choice is kept.
        let reopened = try WatchOrderStore(path: path)
        let state = try await reopened.state()
        #expect(state.chosenOrderID == "together" && state.order?.id == "together")
        #expect(state.orders.map(\.id) == ["airing", "together"])
        try await reopened.chooseOrder(nil)
        #expect(try await reopened.state().order?.id == "airing")
    }

    @Test("A viewer's order is saved, replaced in place and removed; built-in ones are the app's")
    func userOrders() async throws {
        let store = try WatchOrderStore(path: try databasePath())
        try await store.refresh(lists())
        try await store.setBuiltInOrders([airing, together])
        let definition = Data("""
            {"id": "b-first", "title": "B first", "basedOn": "airing", "showPriority": ["B", "A"],
             "rules": [{"before": [{"show": "B", "season": 1, "episode": 2}, {"show": "A", "season": 1, "episode": 1}]}]}
            """.utf8)
        let mine = try NamedOrder(definition: definition, orders: try await store.orders())
        #expect(mine.origin == .user && mine.rules.count == 2)  // the base's sequence, then its own rule
        #expect(try await store.saveOrder(mine) == false)
        try await store.chooseOrder("b-first")
        #expect(ids(try await store.watchList()) == ["b/s1e1", "b/s1e2", "a/s1e1", "a/s1e2"])
        var renamed = mine
        renamed.title = "B before A"
        #expect(try await store.saveOrder(renamed) == true)
        #expect(try await store.orders().map(\.title) == ["Airing order", "Back to back", "B before A"])
        // Built-in orders cannot be taken, removed; unknown ones are named.
        var clash = mine
        clash.id = "airing"
        await #expect(throws: WatchOrderStoreError.orderIsBuiltIn("airing")) { try await store.saveOrder(clash) }
        await #expect(throws: WatchOrderStoreError.orderIsBuiltIn("together")) { try await store.removeOrder(id: "together") }
        await #expect(throws: WatchOrderStoreError.unknownOrder("nope", known: ["airing", "together", "b-first"])) {
            try await store.chooseOrder("nope")
        }
        // New built-in orders from the app keep the viewer's; one that takes a viewer's id is refused, writing nothing.
        await #expect(throws: WatchOrderStoreError.orderIDTaken("b-first")) { try await store.setBuiltInOrders([airing, clash.renamed("b-first")]) }
        #expect(try await store.orders().map(\.id) == ["airing", "together", "b-first"])
        // Removing the chosen order goes back to the default, and says so.
        #expect(try await store.removeOrder(id: "b-first") == true)
        let state = try await store.state()
        #expect(state.chosenOrderID == nil && state.order?.id == "airing")
    }

    @Test("Choosing an order in one store is seen by another store's observation as a reordering change")
    func choiceIsObserved() async throws {
        let path = try databasePath()
        let writer = try WatchOrderStore(path: path)
        try await writer.refresh(lists())
        try await writer.setBuiltInOrders([airing, together])
        let reader = try WatchOrderStore(path: path, polling: ChangePolling(every: .milliseconds(20)))
        let (started, start) = AsyncStream<Void>.makeStream()
        let updates = Task {
            var seen: [WatchStateUpdate] = []
            for try await update in reader.observeChanges() {
                seen.append(update)
                start.yield()
                if seen.count == 2 { break }
            }
            return seen
        }
        try await nextSignal(started, "the other store's first state")
        try await writer.chooseOrder("together")
        let seen = try await withHangBound("the other store's observation to see the chosen order") { try await updates.value }
        let change = try #require(seen.last?.change)
        #expect(change.rulesChanged && change.reordersList && change.newlyWatched.isEmpty)
        #expect(seen.last?.state.order?.id == "together")
        #expect(ids(try #require(seen.last).state.watchList()) == ["a/s1e1", "a/s1e2", "b/s1e1", "b/s1e2"])
    }

    @Test("Setting the same built-in orders again writes nothing (a launch is not a change)")
    func builtInOrdersWriteOnlyWhenChanged() async throws {
        let path = try databasePath()
        let store = try WatchOrderStore(path: path)
        try await store.setBuiltInOrders([airing, together])
        // The store's own per-table change counters (kept by triggers in the file).
        func changes() throws -> Int64 {
            try DatabaseQueue(path: path).read { db in
                try Int64.fetchOne(db, sql: "SELECT changes FROM airdate_table_changes WHERE tableName = 'watchOrder'") ?? -1
            }
        }
        let before = try changes()
        #expect(before >= 2)
        try await store.setBuiltInOrders([airing, together])
        #expect(try changes() == before)
        try await store.setBuiltInOrders([together, airing])
        #expect(try changes() > before)
    }

    @Test("Shows and episodes keep their external ids; a list without ids keeps the stored ones")
    func externalIDs() async throws {
        let path = try databasePath()
        let store = try WatchOrderStore(path: path)
        let arrow = Show(name: "Arrow", externalIDs: ExternalIDs(tvmaze: 4, imdb: "tt2193021"))
        let pilot = Episode(showID: "arrow", season: 1, number: 1, title: "Pilot", airDay: CalendarDay("2012-10-10"),
                            externalIDs: ExternalIDs(tvmaze: 1, imdb: "tt2340185"))
        try await store.refresh(EpisodeList(show: arrow, episodes: [pilot]))
        var stored = try await store.state().lists[0]
        #expect(stored.show.externalIDs == arrow.externalIDs)
        #expect(stored.episodes[0].externalIDs == pilot.externalIDs)
        // A wiki page's list carries no ids: the stored ones stay.
        try await store.refresh(EpisodeList(show: Show(name: "Arrow"), episodes: [
            Episode(showID: "arrow", season: 1, number: 1, title: "Pilot", airDay: CalendarDay("2012-10-10")),
        ]))
        stored = try await store.state().lists[0]
        #expect(stored.show.externalIDs == arrow.externalIDs)
        #expect(stored.episodes[0].externalIDs == pilot.externalIDs)
        // New ids replace the stored ones.
        try await store.refresh(EpisodeList(show: Show(name: "Arrow", externalIDs: ExternalIDs(theTVDB: 257655)), episodes: [pilot]))
        #expect(try await store.state().lists[0].show.externalIDs == ExternalIDs(theTVDB: 257655))
    }

    @Test("A database written before named orders and external ids opens and keeps everything")
    func migratesTheEarlierRelease() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("store-v1.sqlite").path
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("Fixtures/watchorder/store-v1-before-orders.sqlite"),
            to: URL(fileURLWithPath: path))
        let before = try await DatabaseQueue(path: path).read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
             try Row.fetchAll(db, sql: "SELECT episodeID, markedAt FROM watched ORDER BY episodeID").map { "\($0[0] as String) \($0[1] as Double)" },
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM episode WHERE broadcast IS NOT NULL") ?? 0)
        }
        #expect(before.0 == ["v1"])
        let store = try WatchOrderStore(path: path)
        let state = try await store.state()
        #expect(state.lists.count == 11 && state.lists.map(\.episodes.count).reduce(0, +) == 828)
        #expect(state.rules.count == 11)
        #expect(state.checklist.watched.count == 8)
        #expect(state.checklist.watched.contains(EpisodeID(rawValue: "arrow/s99e1")))  // no such episode: kept
        #expect(state.checklist.hidesSpecials)
        #expect(state.checklist.selectedShows == ["arrow", "the-flash", "legends-of-tomorrow", "supergirl"])
        #expect(state.orders.isEmpty && state.chosenOrderID == nil)
        #expect(state.lists.allSatisfy { $0.show.externalIDs.isEmpty })
        // With no named order, the stored rules still order the list, as before.
        let list = try state.watchList()
        let flash = try #require(list.position(of: EpisodeID(rawValue: "the-flash/s1e8")))
        let arrow = try #require(list.position(of: EpisodeID(rawValue: "arrow/s3e8")))
        #expect(flash < arrow)
        // The marks are first watches since the watch history (migration watchHistory), times kept.
        let after = try await DatabaseQueue(path: path).read { db in
            (try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"),
             try Row.fetchAll(db, sql: "SELECT episodeID, watchedAt FROM watch ORDER BY episodeID").map { "\($0[0] as String) \($0[1] as Double)" },
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM episode WHERE broadcast IS NOT NULL") ?? 0)
        }
        #expect(after.0 == ["v1", "episodePageURL", "externalIDs", "namedOrders", "watchHistory", "owners"])
        #expect(after.1 == before.1, "every mark and its time kept")
        #expect(after.2 == before.2 && after.2 == 364, "TVMaze's instants kept")
        // The migrated file takes orders.
        try await store.setBuiltInOrders([NamedOrder(id: "airing", title: "Airing", rules: state.rules)])
        try await store.chooseOrder("airing")
        #expect(try await store.state().order?.id == "airing")
    }
}

private extension NamedOrder {
    func renamed(_ id: String) -> NamedOrder {
        var copy = self
        copy.id = id
        return copy
    }
}
