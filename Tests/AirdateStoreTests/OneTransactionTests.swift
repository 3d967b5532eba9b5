import AirdateTestSupport
import AirdateCore
import AirdateStore
import AnimePlanner
import CountdownKit
import Foundation
import GRDB
import Testing
import WatchOrder

/// One user operation is one transaction: every public method of the three stores runs exactly one
/// (a write transaction when it writes, reading what it needs inside it), and a second connection
/// on the file — another process, for SQLite — that writes between the operation's reading and its
/// writing has to wait for the operation to end, so its change is never lost nor half-seen.
@Suite("One user operation, one transaction")
struct OneTransactionTests {
    private static let january = ["2026-01-01", "2026-01-02", "2026-01-03"]
    /// 2026-02-01, in UTC: every January episode has aired.
    private static let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_769_904_000), timeZone: .gmt)

    private static func alpha() throws -> EpisodeList {
        let show = Show(name: "Alpha")
        let episodes = try january.enumerated().map { index, day in
            Episode(showID: show.id, season: 1, number: index + 1, title: "Part \(index + 1)", airDay: try CalendarDay(parsing: day))
        }
        return EpisodeList(show: show, episodes: episodes)
    }

    private static func id(_ number: Int) -> EpisodeID { EpisodeID(rawValue: "alpha/s1e\(number)") }

    /// A store on a new file with Alpha's three aired episodes; its probe tells `interloper`.
    private func watchOrderStore(
        log: TransactionLog = TransactionLog(), interloper: @escaping @Sendable () -> Interloper? = { nil }
    ) async throws -> (WatchOrderStore, String) {
        let path = try TestPaths.temporaryDatabase("watch.sqlite")
        let probe = StoreProbe(transactionBodyDidRun: { kind in
            log.note(kind)
            interloper()?.transactionBodyDidRun(kind)
        })
        let store = try WatchOrderStore(path: path, probe: probe)
        try await store.refresh(try Self.alpha())
        _ = log.take()
        return (store, path)
    }

    // MARK: WatchOrderStore

    @Test("watch(through:): a refresh that drops an episode waits for the mark, which never calls an episode of its own order unknown")
    func markThroughHoldsTheLock() async throws {
        let holder = InterloperHolder()
        let (store, path) = try await watchOrderStore(interloper: { holder.value })
        // Another process's refresh, no longer listing part 2.
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "DELETE FROM episode WHERE id = 'alpha/s1e2'")
        }
        holder.value = interloper
        interloper.arm()
        let summary = try await store.watch(through: Self.id(3), at: Self.clock)
        try await interloper.finish()
        // Split into a read and a write, the mark would read the order with part 2, the refresh
        // would commit in between, and the mark would report part 2 as "no stored episode".
        #expect(interloper.wasBlocked, "the other connection wrote while the mark held no lock")
        #expect(summary.unknown.isEmpty)
        #expect(summary.newlyWatched == [Self.id(1), Self.id(2), Self.id(3)])
        #expect(interloper.errors.isEmpty, "\(interloper.errors)")
        let state = try await store.state()
        #expect(state.lists.first?.episodes.map(\.id) == [Self.id(1), Self.id(3)])
    }

    @Test("watch(show:season:): a change between reading the order and marking waits for the mark")
    func markShowHoldsTheLock() async throws {
        let holder = InterloperHolder()
        let (store, path) = try await watchOrderStore(interloper: { holder.value })
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "DELETE FROM episode WHERE id = 'alpha/s1e3'")
        }
        holder.value = interloper
        interloper.arm()
        let summary = try await store.watch(show: "alpha", season: 1, at: Self.clock)
        try await interloper.finish()
        #expect(interloper.wasBlocked)
        #expect(summary.unknown.isEmpty)
        #expect(summary.newlyWatched == [Self.id(1), Self.id(2), Self.id(3)])
    }

    @Test("markNext: another viewer's mark of the same episode waits; the next one is marked, newly")
    func markNextHoldsTheLock() async throws {
        let holder = InterloperHolder()
        let (store, path) = try await watchOrderStore(interloper: { holder.value })
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "INSERT INTO watch (episodeID, watchedAt) SELECT 'alpha/s1e1', NULL WHERE NOT EXISTS (SELECT 1 FROM watch WHERE episodeID = 'alpha/s1e1')")
        }
        holder.value = interloper
        interloper.arm()
        let summary = try await store.watchNext(at: Self.clock)
        try await interloper.finish()
        // Reading up next, then marking, would find part 1, see it marked meanwhile, and mark nothing new.
        #expect(interloper.wasBlocked)
        #expect(summary.newlyWatched == [Self.id(1)])
        #expect(try await store.watchNext(at: Self.clock).newlyWatched == [Self.id(2)])
        #expect(try await store.watchNext(ofShow: "alpha", at: Self.clock).newlyWatched == [Self.id(3)])
        #expect(try await store.watchNext(at: Self.clock) == WatchSummary())
    }

    @Test("markNext from two stores (two connections) at once: every call marks another episode")
    func markNextConcurrently() async throws {
        let path = try TestPaths.temporaryDatabase("watch.sqlite")
        let show = Show(name: "Long")
        let episodes = try (1...12).map { number in
            Episode(showID: show.id, season: 1, number: number, title: "E\(number)", airDay: try CalendarDay(year: 2025, month: 1, day: number))
        }
        let first = try WatchOrderStore(path: path)
        try await first.refresh(EpisodeList(show: show, episodes: episodes))
        let second = try WatchOrderStore(path: path)
        let marked = try await withThrowingTaskGroup(of: [EpisodeID].self) { group in
            for store in [first, second] {
                group.addTask {
                    var ids: [EpisodeID] = []
                    for _ in 0..<5 { ids += try await store.watchNext(at: Self.clock).newlyWatched }
                    return ids
                }
            }
            return try await group.reduce(into: [EpisodeID]()) { $0 += $1 }
        }
        #expect(marked.count == 10)
        #expect(Set(marked).count == 10, "an episode was marked twice: \(marked.map(\.rawValue).sorted())")
        #expect(try await first.state().checklist.watched == Set(marked))
    }

    @Test("importProgress: marks and settings land together; another connection never sees half an import")
    func importIsOneTransaction() async throws {
        let holder = InterloperHolder()
        let log = TransactionLog()
        let (store, path) = try await watchOrderStore(log: log, interloper: { holder.value })
        let snapshots = SnapshotLog()
        // What another process reads at the end of each of the import's transactions.
        let reader = try Interloper(path: path, at: .everyTransaction, writes: false) { db in
            let marks = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT episodeID) FROM watch") ?? -1
            let hides = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'hidesSpecials'")
            snapshots.add("\(marks) marks, hidesSpecials \(hides ?? "unset")")
        }
        holder.value = reader
        let document = Data("""
            {"version": 1, "exported": "2026-02-01T00:00:00Z", "watched": ["alpha/s1e1", "alpha/s1e2"],
             "hidesSpecials": true, "selectedShows": ["alpha"]}
            """.utf8)
        reader.arm()
        let summary = try await store.importProgress(document)
        try await reader.finish()
        #expect(summary.newlyWatched == [Self.id(1), Self.id(2)])
        #expect(log.take() == [.write])
        // Before its commit, the import is invisible; in three transactions, the second would show
        // its marks without its settings.
        #expect(snapshots.all.allSatisfy { $0 == "0 marks, hidesSpecials unset" }, "\(snapshots.all)")
        let checklist = try await store.state().checklist
        #expect(checklist.watched == [Self.id(1), Self.id(2)] && checklist.hidesSpecials && checklist.selectedShows == ["alpha"])
    }

    // MARK: CountdownStore

    private static func passed(_ title: String) throws -> Countdown {
        try Countdown(title: title, target: .allDay(try CalendarDay(parsing: "2026-01-10")), created: Date(timeIntervalSince1970: 1_767_225_600))
    }

    @Test("autoArchive: a rename by another process between reading and archiving is kept")
    func autoArchiveKeepsAConcurrentRename() async throws {
        let holder = InterloperHolder()
        let path = try TestPaths.temporaryDatabase("countdowns.sqlite")
        let store = try CountdownStore(path: path, probe: StoreProbe(transactionBodyDidRun: { holder.value?.transactionBodyDidRun($0) }))
        let finale = try Self.passed("Finale")
        try await store.insert(finale)
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "UPDATE countdown SET title = 'Renamed finale' WHERE id = ?", arguments: [finale.id.uuidString])
        }
        holder.value = interloper
        interloper.arm()
        let outcome = try await store.autoArchive(at: Self.clock)
        try await interloper.finish()
        #expect(interloper.wasBlocked)
        #expect(outcome.archived.map(\.id) == [finale.id])
        // Read, then written back whole in a second transaction, the archive would put back "Finale".
        let stored = try #require(try await store.countdown(id: finale.id))
        #expect(stored.title == "Renamed finale")
        #expect(stored.isArchived)
    }

    @Test("update(id:): another process's edit between reading and writing is kept; a throwing change writes nothing")
    func countdownUpdateKeepsAConcurrentEdit() async throws {
        let holder = InterloperHolder()
        let log = TransactionLog()
        let path = try TestPaths.temporaryDatabase("countdowns.sqlite")
        let store = try CountdownStore(path: path, probe: StoreProbe(transactionBodyDidRun: {
            log.note($0)
            holder.value?.transactionBodyDidRun($0)
        }))
        let finale = try Self.passed("Finale")
        try await store.insert(finale)
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "UPDATE countdown SET note = 'from elsewhere' WHERE id = ?", arguments: [finale.id.uuidString])
        }
        holder.value = interloper
        _ = log.take()
        interloper.arm()
        let archived = try await store.update(id: finale.id) { countdown in
            countdown.archived = Date(timeIntervalSince1970: 1_769_904_000)
            return countdown.archived
        }
        try await interloper.finish()
        #expect(log.take() == [.write])
        #expect(interloper.wasBlocked)
        #expect(archived == Date(timeIntervalSince1970: 1_769_904_000))
        let stored = try #require(try await store.countdown(id: finale.id))
        #expect(stored.note == "from elsewhere" && stored.isArchived)

        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) {
            try await store.update(id: finale.id) { countdown in
                countdown.note = "never stored"
                throw Refused()
            }
        }
        #expect(try await store.countdown(id: finale.id)?.note == "from elsewhere")
        let missing = UUID()
        await #expect(throws: CountdownStoreError.notFound(missing)) {
            try await store.update(id: missing) { $0.note = "nobody" }
        }
        // A change that changes nothing writes nothing.
        _ = log.take()
        let modifiedBefore = try await store.countdown(id: finale.id)?.modified
        try await store.update(id: finale.id) { _ in }
        #expect(try await store.countdown(id: finale.id)?.modified == modifiedBefore)
    }

    // MARK: PlannerStore

    private static func tracked() throws -> TrackedShow {
        let planner = ViewingPlanner(clock: clock)
        let show = AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60))
        return try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: planner.today), planner: planner)
    }

    @Test("update(id:): an episode another process logs between reading and writing is kept")
    func plannerUpdateKeepsAConcurrentLogEntry() async throws {
        let holder = InterloperHolder()
        let log = TransactionLog()
        let path = try TestPaths.temporaryDatabase("plans.sqlite")
        let store = try PlannerStore(path: path, probe: StoreProbe(transactionBodyDidRun: {
            log.note($0)
            holder.value?.transactionBodyDidRun($0)
        }))
        try await store.insert(try Self.tracked())
        // Another process logs episodes 1–2 today.
        let interloper = try Interloper(path: path) { db in
            try db.execute(sql: "INSERT INTO watchEntry (showID, day, firstEpisode, lastEpisode) VALUES (457, '2026-02-01', 1, 2)")
        }
        holder.value = interloper
        _ = log.take()
        interloper.arm()
        let today = try CalendarDay(parsing: "2026-02-01")
        let state = try await store.update(id: 457) { show in
            show.pause(on: today)
            return show.state
        }
        try await interloper.finish()
        #expect(log.take() == [.write])
        #expect(interloper.wasBlocked)
        #expect(state != .active)
        // Read, then written back in a second transaction, the pause would rewrite the log without
        // the other process's line.
        let stored = try #require(try await store.show(id: 457))
        #expect(stored.log.map(\.episodes) == [1...2], "\(stored.log)")
        #expect(stored.state != .active)

        await #expect(throws: PlannerStoreError.notFound(1)) {
            try await store.update(id: 1) { _ in }
        }
        let other = AnimeShow(id: 5114, title: "Other", episodeCount: 64, episodeLength: .seconds(24 * 60))
        let planner = ViewingPlanner(clock: Self.clock)
        await #expect(throws: PlannerStoreError.changedID(from: 457, to: 5114)) {
            try await store.update(id: 457) { show in show.refresh(other, planner: planner) }
        }
        #expect(try await store.all().map(\.id) == [457])
    }

    // MARK: The audit

    @Test("every public method of the three stores runs exactly one transaction")
    func everyMethodIsOneTransaction() async throws {
        let log = TransactionLog()
        let probe = StoreProbe(transactionBodyDidRun: { log.note($0) })
        var audit: [(String, [StoreProbe.Transaction])] = []
        func check(_ name: String, writes: Bool, _ operation: () async throws -> Void) async throws {
            _ = log.take()
            try await operation()
            let kinds = log.take()
            audit.append((name, kinds))
            #expect(kinds == [writes ? .write : .read], "\(name) ran \(kinds)")
        }

        let watch = try WatchOrderStore(path: try TestPaths.temporaryDatabase("watch.sqlite"), probe: probe)
        let alpha = try Self.alpha()
        try await check("WatchOrderStore.refresh(_:) one list", writes: true) { try await watch.refresh(alpha) }
        try await check("WatchOrderStore.refresh(_:) lists", writes: true) { try await watch.refresh([alpha]) }
        try await check("WatchOrderStore.setShowPriority(_:)", writes: true) { try await watch.setShowPriority(["alpha"]) }
        try await check("WatchOrderStore.setRules(_:)", writes: true) { try await watch.setRules([]) }
        try await check("WatchOrderStore.watch(_:watchedAt:)", writes: true) { try await watch.watch([Self.id(1)]) }
        try await check("WatchOrderStore.unwatch(_:)", writes: true) { try await watch.unwatch([Self.id(1)]) }
        try await check("WatchOrderStore.watch(through:at:)", writes: true) { try await watch.watch(through: Self.id(2), at: Self.clock) }
        try await check("WatchOrderStore.watch(show:season:at:)", writes: true) { try await watch.watch(show: "alpha", at: Self.clock) }
        try await check("WatchOrderStore.watchNext(ofShow:at:)", writes: true) { try await watch.watchNext(at: Self.clock) }
        try await check("WatchOrderStore.setHidesSpecials(_:)", writes: true) { try await watch.setHidesSpecials(true) }
        try await check("WatchOrderStore.setSelectedShows(_:)", writes: true) { try await watch.setSelectedShows(["alpha"]) }
        try await check("WatchOrderStore.state()", writes: false) { _ = try await watch.state() }
        try await check("WatchOrderStore.watchList()", writes: false) { _ = try await watch.watchList() }
        var exported = Data()
        try await check("WatchOrderStore.exportProgress(exportedAt:)", writes: false) { exported = try await watch.exportProgress(exportedAt: Date()) }
        try await check("WatchOrderStore.importProgress(_:)", writes: true) { try await watch.importProgress(exported) }
        try await check("WatchOrderStore.importProgress(_:dryRun:)", writes: true) { try await watch.importProgress(exported, dryRun: true) }
        try await check("WatchOrderStore.rewatch(_:watchedAt:)", writes: true) { try await watch.rewatch([Self.id(1)]) }
        try await check("WatchOrderStore.unwatchLast(_:)", writes: true) { try await watch.unwatchLast([Self.id(1)]) }
        try await check("WatchOrderStore.unwatch(through:)", writes: true) { try await watch.unwatch(through: Self.id(2)) }
        try await check("WatchOrderStore.unwatch(show:season:)", writes: true) { try await watch.unwatch(show: "alpha") }
        try await check("WatchOrderStore.skip(_:skippedAt:)", writes: true) { try await watch.skip([Self.id(1)]) }
        try await check("WatchOrderStore.unskip(_:)", writes: true) { try await watch.unskip([Self.id(1)]) }
        try await check("WatchOrderStore.setStatus(_:ofShow:changedAt:)", writes: true) { try await watch.setStatus(.hidden, ofShow: "alpha") }
        var session: RewatchSession?
        try await check("WatchOrderStore.startRewatch(named:shows:startedAt:)", writes: true) { session = try await watch.startRewatch(named: "Again") }
        try await check("WatchOrderStore.endRewatch(_:endedAt:)", writes: true) { try await watch.endRewatch(session?.id ?? -1) }
        try await check("WatchOrderStore.removeRewatch(_:)", writes: true) { try await watch.removeRewatch(session?.id ?? -1) }
        try await check("WatchOrderStore.importWatches(_:showStatus:source:dryRun:)", writes: true) {
            try await watch.importWatches([WatchToImport(episodeID: Self.id(1), watchedAt: Date())], source: "test")
        }
        try await check("WatchOrderStore.history(_:)", writes: false) { _ = try await watch.history() }
        try await check("WatchOrderStore.changes(limit:)", writes: false) { _ = try await watch.changes() }
        try await check("WatchOrderStore.undo(undoneAt:)", writes: true) { try await watch.undo() }

        let countdowns = try CountdownStore(path: try TestPaths.temporaryDatabase("countdowns.sqlite"), probe: probe)
        let finale = try Self.passed("Finale"), premiere = try Self.passed("Premiere"), special = try Self.passed("Special")
        try await check("CountdownStore.insert(_:) one", writes: true) { try await countdowns.insert(finale) }
        try await check("CountdownStore.insert(_:) several", writes: true) { try await countdowns.insert(contentsOf: [premiere]) }
        try await check("CountdownStore.all()", writes: false) { _ = try await countdowns.all() }
        try await check("CountdownStore.countdown(id:)", writes: false) { _ = try await countdowns.countdown(id: finale.id) }
        try await check("CountdownStore.countdowns(matching:sortedBy:at:)", writes: false) { _ = try await countdowns.countdowns(at: Self.clock) }
        try await check("CountdownStore.update(_:) one", writes: true) { try await countdowns.update(finale) }
        try await check("CountdownStore.update(_:) several", writes: true) { try await countdowns.update(contentsOf: [finale, premiere]) }
        try await check("CountdownStore.update(id:_:)", writes: true) { try await countdowns.update(id: finale.id) { $0.note = "n" } }
        try await check("CountdownStore.save(_:)", writes: true) { try await countdowns.save(contentsOf: [special]) }
        try await check("CountdownStore.autoArchive(at:)", writes: true) { try await countdowns.autoArchive(at: Self.clock) }
        try await check("CountdownStore.delete(id:)", writes: true) { try await countdowns.delete(id: special.id) }
        var json = Data()
        try await check("CountdownStore.exportJSON(timestamp:)", writes: false) { json = try await countdowns.exportJSON(timestamp: Date()) }
        try await check("CountdownStore.importJSON(_:)", writes: true) { try await countdowns.importJSON(json) }

        let plans = try PlannerStore(path: try TestPaths.temporaryDatabase("plans.sqlite"), probe: probe)
        let tracked = try Self.tracked()
        try await check("PlannerStore.insert(_:)", writes: true) { try await plans.insert(tracked) }
        try await check("PlannerStore.all()", writes: false) { _ = try await plans.all() }
        try await check("PlannerStore.show(id:)", writes: false) { _ = try await plans.show(id: 457) }
        try await check("PlannerStore.update(_:)", writes: true) { try await plans.update(tracked) }
        try await check("PlannerStore.update(id:_:)", writes: true) { try await plans.update(id: 457) { _ in } }
        try await check("PlannerStore.delete(id:)", writes: true) { try await plans.delete(id: 457) }

        print("transactions per operation:\n" + audit.map { "  \($0.0): \($0.1.count) (\($0.1.map { "\($0)" }.joined(separator: ", ")))" }.joined(separator: "\n"))
    }
}

/// Lets a probe made before the interloper reach it.
final class InterloperHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Interloper?
    var value: Interloper? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// What an interloper read, in order.
final class SnapshotLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    func add(_ value: String) { lock.withLock { values.append(value) } }
    var all: [String] { lock.withLock { values } }
}
