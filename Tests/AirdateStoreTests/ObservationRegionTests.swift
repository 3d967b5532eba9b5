import AirdateTestSupport
import AirdateCore
import AirdateStore
import AnimePlanner
import Clocks
import CountdownKit
import Foundation
import GRDB
import Testing
import WatchOrder

/// An observation tracks only the tables it reads: a write to another table — through the store,
/// or by another connection (another process) seen at a poll — re-runs no query and emits nothing.
/// The probe counts the queries each observation runs and shows the change counters each check read.
@Suite("Observations track the tables they read")
struct ObservationRegionTests {
    private static let start = Date(timeIntervalSince1970: 1_800_000_000)

    private static func testPolling() -> (TestClock<Duration>, ChangePolling) {
        let clock = TestClock()
        return (clock, ChangePolling(every: .milliseconds(250), clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt)))
    }

    /// Advances `clock` one polling interval at a time until a check of `log` satisfies `condition`.
    private func poll(
        _ clock: TestClock<Duration>, until log: ObservationLog, _ condition: @escaping @Sendable ([String: Int64]) -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(300))
        while true {
            await clock.advance(by: .milliseconds(250))
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await log.waitForCheck(condition) }
                    group.addTask { try await Task.sleep(for: .milliseconds(50)); throw CancellationError() }
                    try await group.next()
                    group.cancelAll()
                }
                return
            } catch is CancellationError {
                guard ContinuousClock.now < deadline else { throw HangError("a check of the observation's change counters that satisfies the test", after: .seconds(300)) }
            }
        }
    }

    // MARK: The foundation

    @Test("a write to another table, by this store or another connection, re-runs nothing; one to the table read does")
    func anotherTablesWritesRunNothing() async throws {
        let (clock, polling) = Self.testPolling()
        let path = try TestPaths.temporaryDatabase()
        let log = ObservationLog()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator, polling: polling, probe: log.probe)
        let other = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator)  // another process, for SQLite
        let seen = Seen()
        let following = Task { for try await texts in database.observe(NoteSchema.texts) { await seen.add(texts) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        #expect(log.runs(of: 0) == 1)

        try await database.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('mine')") }
        try await log.waitForCheck(seeing: "tag", atLeast: 1)
        #expect(log.runs(of: 0) == 1, "a write through the store to a table the query does not read re-ran it")

        try await other.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('theirs')") }
        try await poll(clock, until: log) { ($0["tag"] ?? 0) >= 2 }
        #expect(log.runs(of: 0) == 1, "another connection's write to a table the query does not read re-ran it")

        try await other.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('seen')") }
        try await seen.waitFor(advancing: clock, by: polling.interval) { $0.last == ["seen"] }
        #expect(log.runs(of: 0) == 2)
        try await database.write { db in try db.execute(sql: "UPDATE note SET text = 'changed'") }
        try await seen.waitFor { $0.last == ["changed"] }
        #expect(log.runs(of: 0) == 3)
        #expect(await seen.all == [[], ["seen"], ["changed"]])
    }

    @Test("the tables are those the last run read: a query that starts reading a table watches it from then on")
    func theRegionIsRecordedAtEachRun() async throws {
        let path = try TestPaths.temporaryDatabase()
        let log = ObservationLog()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator, probe: log.probe)
        let seen = Seen()
        // Tags are read only once some note asks for them.
        let observation = database.observe { db -> [String] in
            let notes = try NoteSchema.texts(db)
            guard notes.contains("with tags") else { return notes }
            return notes + (try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY name"))
        }
        let following = Task { for try await value in observation { await seen.add(value) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        try await database.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('a')") }
        try await log.waitForCheck(seeing: "tag", atLeast: 1)
        #expect(log.runs(of: 0) == 1)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('with tags')") }
        try await seen.waitFor { $0.last == ["with tags", "a"] }
        try await database.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('b')") }
        try await seen.waitFor { $0.last == ["with tags", "a", "b"] }
        #expect(log.runs(of: 0) == 3)
    }

    @Test("two queries: each re-runs only for its own tables; both run in one snapshot")
    func twoQueriesRunApart() async throws {
        let path = try TestPaths.temporaryDatabase()
        let log = ObservationLog()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator, probe: log.probe)
        let seen = Seen()
        let observation = database.observe(NoteSchema.texts, { db in try String.fetchAll(db, sql: "SELECT name FROM tag ORDER BY name") }) {
            $0 + ["|"] + $1
        }
        let following = Task { for try await value in observation { await seen.add(value) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == ["|"] }
        try await database.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('t')") }
        try await seen.waitFor { $0.last == ["|", "t"] }
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 2)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('n')") }
        try await seen.waitFor { $0.last == ["n", "|", "t"] }
        #expect(log.runs(of: 0) == 2 && log.runs(of: 1) == 2)
        // One write to both tables: one emission with both halves, never one half first.
        try await database.write { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('n2')")
            try db.execute(sql: "INSERT INTO tag (name) VALUES ('t2')")
        }
        try await seen.waitFor { $0.last == ["n", "n2", "|", "t", "t2"] }
        #expect(await seen.all == [["|"], ["|", "t"], ["n", "|", "t"], ["n", "n2", "|", "t", "t2"]])
    }

    @Test("a file without change counters (opened read-only before any writer counted) re-runs on every change, as before")
    func withoutCountersEveryChangeReRuns() async throws {
        let (clock, polling) = Self.testPolling()
        let path = try TestPaths.temporaryDatabase()
        do {
            let queue = try DatabaseQueue(path: path)
            try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try NotesAndTags.migrator.migrate(queue)
            try queue.close()
        }
        let log = ObservationLog()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator, readOnly: true, polling: polling, probe: log.probe)
        let seen = Seen()
        let following = Task { for try await texts in database.observe(NoteSchema.texts) { await seen.add(texts) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        let writer = try DatabaseQueue(path: path)
        try await writer.write { db in try db.execute(sql: "INSERT INTO tag (name) VALUES ('x')") }
        let runs = log.runs(of: 0)
        let deadline = ContinuousClock.now.advanced(by: .seconds(300))
        while log.runs(of: 0) == runs, ContinuousClock.now < deadline {
            await clock.advance(by: .milliseconds(250))
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(log.runs(of: 0) > runs, "without counters, a change must count as a change of every table")
        try await writer.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('y')") }
        try await seen.waitFor(advancing: clock, by: polling.interval) { $0.last == ["y"] }
    }

    // MARK: The counters

    @Test("the counters count every connection's inserts, updates and deletes; reopening writes nothing; new and renamed tables are counted")
    func countersFollowTheSchema() async throws {
        let path = try TestPaths.temporaryDatabase()
        _ = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator)
        let raw = try DatabaseQueue(path: path)  // not a StoreDatabase: triggers count it too
        try await raw.write { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('a'), ('b')")
            try db.execute(sql: "UPDATE note SET text = 'c' WHERE text = 'a'")
            try db.execute(sql: "DELETE FROM note")
        }
        #expect(try changeCount(of: "note", at: path) == 5)  // 2 inserts, 1 update, 2 deletes
        #expect(try changeCount(of: "tag", at: path) == 0)
        #expect(try changeCount(of: "grdb_migrations", at: path) == -1)

        // Opening a file whose tables are all counted writes nothing (another connection's
        // data_version does not move).
        let version = { try await raw.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 } }
        let before = try await version()
        _ = try StoreDatabase<StoreError>(path: path, migrator: NotesAndTags.migrator)
        #expect(try await version() == before)

        // A later version adds a table and renames one: both are counted under their new names.
        var later = NotesAndTags.migrator
        later.registerMigration("v2: label, topic") { db in
            try db.execute(sql: "ALTER TABLE tag RENAME TO label")
            try db.create(table: "topic") { t in t.column("name", .text) }
        }
        _ = try StoreDatabase<StoreError>(path: path, migrator: later)
        try await raw.write { db in
            try db.execute(sql: "INSERT INTO label (name) VALUES ('l')")
            try db.execute(sql: "INSERT INTO topic (name) VALUES ('t')")
        }
        #expect(try changeCount(of: "label", at: path) == 1)
        #expect(try changeCount(of: "topic", at: path) == 1)
        #expect(try changeCount(of: "tag", at: path) == -1)
        let triggers = try await raw.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
        #expect(triggers.count == 9 && triggers.allSatisfy { !$0.contains("_tag_") }, "\(triggers)")
    }

    // MARK: The three stores

    /// Adds a table the store does not read to its file (as an app or a later version could).
    private func addUnrelatedTable(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE appNote (text TEXT)") }
        try queue.close()
    }

    private func writeUnrelated(_ path: String) async throws {
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO appNote (text) VALUES ('x')") }
        try queue.close()
    }

    @Test("WatchOrderStore: a mark re-reads the checklist only, a refresh the order; another table re-reads nothing")
    func watchOrderStoreQueries() async throws {
        let (clock, polling) = Self.testPolling()
        let path = try TestPaths.temporaryDatabase()
        _ = try WatchOrderStore(path: path)
        try addUnrelatedTable(path)
        let log = ObservationLog()
        let store = try WatchOrderStore(path: path, polling: polling, probe: log.probe)
        let show = Show(name: "Alpha")
        let episodes = try (1...3).map { number in
            Episode(showID: show.id, season: 1, number: number, title: "Part \(number)", airDay: try CalendarDay(year: 2026, month: 1, day: number))
        }
        try await store.refresh(EpisodeList(show: show, episodes: episodes))
        let viewer = ViewerClock.fixed(at: Self.start, timeZone: .gmt)
        let seen = Seen()
        let following = Task { for try await upNext in store.observeUpNext(at: viewer) { await seen.add([upNext.next?.title ?? "none"]) } }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == ["Part 1"] }
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 1)

        try await store.watch([EpisodeID(rawValue: "alpha/s1e1")])
        try await seen.waitFor { $0.last == ["Part 2"] }
        #expect(log.runs(of: 0) == 1, "a mark read and merged the episode lists again")
        #expect(log.runs(of: 1) == 2)

        try await store.setHidesSpecials(true)
        try await log.waitForCheck(seeing: "setting", atLeast: 1)
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 3)

        try await writeUnrelated(path)
        try await poll(clock, until: log) { ($0["appNote"] ?? 0) >= 1 }
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 3, "a table up next does not read re-ran a query")

        try await store.refresh(EpisodeList(show: show, episodes: Array(episodes.dropFirst())))
        try await seen.waitFor { $0.last == ["Part 2"] }
        try await log.waitForCheck(seeing: "episode", atLeast: 4)
        #expect(log.runs(of: 0) == 2)
        #expect(log.runs(of: 1) == 3)
    }

    @Test("WatchOrderStore owners: another owner's watches, settings and orders wake none of an owner's queries and show in none of its values")
    func ownersDoNotWakeEachOther() async throws {
        let path = try TestPaths.temporaryDatabase()
        let log = ObservationLog()
        let store = try WatchOrderStore(path: path, probe: log.probe)
        let bob = store.scoped(to: StoreOwner(id: "bob"))
        let show = Show(name: "Alpha")
        let episodes = try (1...3).map { number in
            Episode(showID: show.id, season: 1, number: number, title: "Part \(number)", airDay: try CalendarDay(year: 2026, month: 1, day: number))
        }
        try await store.refresh(EpisodeList(show: show, episodes: episodes))
        let seen = Seen()
        let following = Task {
            for try await state in store.observeState() {
                await seen.add(state.checklist.watched.map(\.rawValue).sorted() + state.orders.map(\.id) + [state.checklist.hidesSpecials ? "hides" : "shows"])
            }
        }
        defer { following.cancel() }
        try await seen.waitFor { $0 == [["shows"]] }
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 1)

        // Bob's watches, settings, saved and chosen order, and a last logged change to wait for.
        try await bob.watch([EpisodeID(rawValue: "alpha/s1e1")])
        try await bob.setHidesSpecials(true)
        try await bob.saveOrder(NamedOrder(id: "bobs", title: "Bob's", rules: []))
        try await bob.chooseOrder("bobs")
        try await bob.skip([EpisodeID(rawValue: "alpha/s1e3")])
        let rows = try changeCount(of: "changeLogRow", at: path)
        try await log.waitForCheck(seeing: "changeLogRow", atLeast: rows)
        #expect(log.runs(of: 0) == 1, "another owner's orders re-read and merged this owner's episode lists")
        #expect(log.runs(of: 1) == 1, "another owner's watches re-read this owner's checklist")
        #expect(await seen.all == [["shows"]])

        // The owner's own changes wake it: a watch the checklist alone, an order the lists.
        try await store.watch([EpisodeID(rawValue: "alpha/s1e2")])
        try await seen.waitFor { $0.last == ["alpha/s1e2", "shows"] }
        #expect(log.runs(of: 0) == 1 && log.runs(of: 1) == 2)
        try await store.saveOrder(NamedOrder(id: "mine", title: "Mine", rules: []))
        try await seen.waitFor { $0.last == ["alpha/s1e2", "mine", "shows"] }
        #expect(log.runs(of: 0) == 2)
        // And Bob sees only Bob's.
        let bobs = try await bob.state()
        #expect(bobs.checklist.watched == [EpisodeID(rawValue: "alpha/s1e1")] && bobs.checklist.hidesSpecials)
        #expect(bobs.orders.map(\.id) == ["bobs"] && bobs.chosenOrderID == "bobs")
    }

    @Test("CountdownStore and PlannerStore: a write to a table they do not read re-runs nothing")
    func countdownAndPlannerStores() async throws {
        let (clock, polling) = Self.testPolling()
        let countdownsPath = try TestPaths.temporaryDatabase("countdowns.sqlite")
        _ = try CountdownStore(path: countdownsPath)
        try addUnrelatedTable(countdownsPath)
        let countdownLog = ObservationLog()
        let countdowns = try CountdownStore(path: countdownsPath, polling: polling, probe: countdownLog.probe)
        let plansPath = try TestPaths.temporaryDatabase("plans.sqlite")
        _ = try PlannerStore(path: plansPath)
        try addUnrelatedTable(plansPath)
        let plannerLog = ObservationLog()
        let plans = try PlannerStore(path: plansPath, polling: polling, probe: plannerLog.probe)

        let countdownTitles = Seen(), planTitles = Seen()
        let following = [
            Task { for try await all in countdowns.observe() { await countdownTitles.add(all.map(\.title)) } },
            Task { for try await all in plans.observe() { await planTitles.add(all.map(\.show.title)) } },
        ]
        defer { following.forEach { $0.cancel() } }
        try await countdownTitles.waitFor { $0.last == [] }
        try await planTitles.waitFor { $0.last == [] }

        try await writeUnrelated(countdownsPath)
        try await writeUnrelated(plansPath)
        try await poll(clock, until: countdownLog) { ($0["appNote"] ?? 0) >= 1 }
        try await poll(clock, until: plannerLog) { ($0["appNote"] ?? 0) >= 1 }
        #expect(countdownLog.runs(of: 0) == 1)
        #expect(plannerLog.runs(of: 0) == 1)

        try await countdowns.insert(try Countdown(title: "Finale", target: .allDay(try CalendarDay(parsing: "2030-01-01")), created: Self.start))
        try await countdownTitles.waitFor { $0.last == ["Finale"] }
        #expect(countdownLog.runs(of: 0) == 2)
        let planner = ViewingPlanner(clock: .fixed(at: Self.start, timeZone: .gmt))
        let show = AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60))
        try await plans.insert(try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: planner.today), planner: planner))
        try await planTitles.waitFor { $0.last == ["Mushishi"] }
        #expect(plannerLog.runs(of: 0) == 2)
    }

    @Test("CountdownStore and PlannerStore owners: another owner's writes, on the same handle's file or another connection, re-run none of an owner's queries")
    func countdownAndPlannerOwnersDoNotWakeEachOther() async throws {
        let (clock, polling) = Self.testPolling()
        let alice = StoreOwner(id: "alice"), bob = StoreOwner(id: "bob")
        let planner = ViewingPlanner(clock: .fixed(at: Self.start, timeZone: .gmt))
        func countdown(_ title: String) throws -> Countdown {
            try Countdown(title: title, target: .allDay(try CalendarDay(parsing: "2030-01-01")), created: Self.start)
        }
        func tracked(_ id: Int, _ title: String) throws -> TrackedShow {
            let show = AnimeShow(id: id, title: title, episodeCount: 26, episodeLength: .seconds(25 * 60))
            return try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: planner.today), planner: planner)
        }

        let countdownsPath = try TestPaths.temporaryDatabase("countdowns.sqlite")
        _ = try CountdownStore(path: countdownsPath)
        try addUnrelatedTable(countdownsPath)
        let countdownLog = ObservationLog()
        let alicesCountdowns = try CountdownStore(path: countdownsPath, owner: alice, polling: polling, probe: countdownLog.probe)
        let plansPath = try TestPaths.temporaryDatabase("plans.sqlite")
        _ = try PlannerStore(path: plansPath)
        try addUnrelatedTable(plansPath)
        let plannerLog = ObservationLog()
        let alicesPlans = try PlannerStore(path: plansPath, owner: alice, polling: polling, probe: plannerLog.probe)

        let countdownTitles = Seen(), planTitles = Seen()
        let following = [
            Task { for try await all in alicesCountdowns.observe() { await countdownTitles.add(all.map(\.title)) } },
            Task { for try await all in alicesPlans.observe() { await planTitles.add(all.map(\.show.title)) } },
        ]
        defer { following.forEach { $0.cancel() } }
        try await countdownTitles.waitFor { $0.last == [] }
        try await planTitles.waitFor { $0.last == [] }
        #expect(countdownLog.runs(of: 0) == 1 && plannerLog.runs(of: 0) == 1)

        // Bob writes through Alice's open file (the commit wakes her observation at once) and through
        // a connection of his own (seen at a poll); then a write to another table, which a check sees
        // only after Bob's writes.
        let bobsCountdowns = alicesCountdowns.scoped(to: bob)
        try await bobsCountdowns.insert(try countdown("Bob's"))
        try await bobsCountdowns.update(id: try #require(try await bobsCountdowns.all().first?.id)) { try $0.rename("Bob's, renamed") }
        try await CountdownStore(path: countdownsPath, owner: bob).insert(try countdown("Bob's, from elsewhere"))
        let bobsPlans = alicesPlans.scoped(to: bob)
        try await bobsPlans.insert(try tracked(457, "Bob's Mushishi"))
        try await bobsPlans.update(id: 457) { try $0.watch(through: 3, on: planner.today, planner: planner) }
        try await PlannerStore(path: plansPath, owner: bob).insert(try tracked(5114, "Bob's Fullmetal Alchemist"))
        try await writeUnrelated(countdownsPath)
        try await writeUnrelated(plansPath)
        try await poll(clock, until: countdownLog) { ($0["appNote"] ?? 0) >= 1 }
        try await poll(clock, until: plannerLog) { ($0["appNote"] ?? 0) >= 1 }
        #expect(countdownLog.runs(of: 0) == 1, "another owner's countdowns re-read this owner's")
        #expect(plannerLog.runs(of: 0) == 1, "another owner's plans re-read this owner's")
        #expect(await countdownTitles.all == [[]])
        #expect(await planTitles.all == [[]])

        // The owner's own writes do wake them, and show only the owner's rows.
        try await alicesCountdowns.insert(try countdown("Alice's"))
        try await countdownTitles.waitFor { $0.last == ["Alice's"] }
        #expect(countdownLog.runs(of: 0) == 2)
        try await alicesPlans.insert(try tracked(457, "Alice's Mushishi"))
        try await planTitles.waitFor { $0.last == ["Alice's Mushishi"] }
        #expect(plannerLog.runs(of: 0) == 2)
    }
}

/// Two tables: `note` (what the tests observe) and `tag` (what they write beside it).
enum NotesAndTags {
    static var migrator: DatabaseMigrator {
        var migrator = NoteSchema.migrator
        migrator.registerMigration("v1: tag") { db in
            try db.create(table: "tag") { t in t.column("name", .text).notNull() }
        }
        return migrator
    }
}
