import AirdateTestSupport
import AirdateCore
import AirdateStore
import Clocks
import Foundation
import GRDB
import Testing

@Suite("StoreDatabase: open, migrate, write, errors")
struct StoreDatabaseTests {
    @Test func opensInWALModeMigratesAndWritesInTransactions() async throws {
        let path = try TestPaths.temporaryDatabase()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('a')") }
        // A body that fails keeps nothing it did.
        await #expect(throws: StoreError.self) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO note (text) VALUES ('b')")
                try db.execute(sql: "INSERT INTO note (text) VALUES ('a')")  // unique violation
            }
        }
        #expect(try await database.read(NoteSchema.texts) == ["a"])
        let mode = try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        let foreignKeys = try await database.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(foreignKeys == true)
        // Reopening an up-to-date file runs no migration and keeps the data.
        let again = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        #expect(try await again.read(NoteSchema.count) == 1)
    }

    @Test func aBodyErrorOfTheStoreTypePassesThrough() async throws {
        enum NoteError: StoreErrorWrapping, Equatable {
            case store(StoreError)
            case tooLong
        }
        let database = try StoreDatabase<NoteError>(path: try TestPaths.temporaryDatabase(), migrator: NoteSchema.migrator)
        await #expect(throws: NoteError.tooLong) {
            try await database.write { db in
                try db.execute(sql: "INSERT INTO note (text) VALUES ('x')")
                throw NoteError.tooLong
            }
        }
        #expect(try await database.read(NoteSchema.count) == 0)
    }

    @Test func refusesANewerSchemaAndLeavesTheFileUntouched() async throws {
        let path = try TestPaths.temporaryDatabase()
        do {
            // What a newer version would leave: one more migration, and its table.
            var newer = NoteSchema.migrator
            newer.registerMigration("v2: note.pinned") { db in
                try db.alter(table: "note") { t in t.add(column: "pinned", .boolean).notNull().defaults(to: false) }
            }
            let queue = try DatabaseQueue(path: path)
            try newer.migrate(queue)
            try await queue.write { db in try db.execute(sql: "INSERT INTO note (text, pinned) VALUES ('kept', 1)") }
            try queue.close()
        }
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["v2: note.pinned"])) {
            try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        }
        let error = StoreError.newerSchema(path: path, unknownMigrations: ["v2: note.pinned"])
        #expect(error.errorDescription?.contains("newer version") == true)
        #expect(error.errorDescription?.contains("update the app") == true)
        let queue = try DatabaseQueue(path: path)
        let pinned = try await queue.read { db in try Bool.fetchOne(db, sql: "SELECT pinned FROM note WHERE text = 'kept'") }
        #expect(pinned == true)
    }

    @Test func aFileOfGarbageIsCorrupt() throws {
        let path = try TestPaths.temporaryDatabase()
        var bytes = Data(count: 8192)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 7919 &+ 13) }
        try bytes.write(to: URL(fileURLWithPath: path))
        do {
            _ = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
            Issue.record("garbage was opened as a database")
        } catch {
            guard error.code == .corrupt else {
                Issue.record("expected corrupt, got \(error)")
                return
            }
            #expect(error.path == path)
            #expect(error.underlying != nil, "SQLite's own error is kept")
            #expect(error.errorDescription?.contains("not a usable database") == true)
        }
    }

    @Test func aMissingOrImpossibleFolderCannotBeOpened() throws {
        let folder = try TestPaths.temporaryFolder()
        let file = folder.appendingPathComponent("plain.txt")
        try Data("x".utf8).write(to: file)
        let path = file.appendingPathComponent("db.sqlite").path
        do {
            _ = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
            Issue.record("a database was opened inside a file")
        } catch {
            guard error.code == .cannotOpen, let reason = error.reason else {
                Issue.record("expected cannotOpen, got \(error)")
                return
            }
            #expect(reason.contains("not a folder"))
        }
        do {
            _ = try StoreDatabase<StoreError>(path: folder.appendingPathComponent("absent.sqlite").path,
                                              migrator: NoteSchema.migrator, readOnly: true)
            Issue.record("a missing file was opened read-only")
        } catch {
            guard error.code == .cannotOpen else {
                Issue.record("expected cannotOpen, got \(error)")
                return
            }
        }
    }

    @Test func writingAReadOnlyDatabaseSaysReadOnly() async throws {
        // Tests run as root, for whom file permissions do not stop writes: the connection is opened
        // read-only (SQLITE_OPEN_READONLY) instead. The commands' test drops root for a 0444 file.
        let path = try TestPaths.temporaryDatabase()
        _ = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        let readOnly = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator, readOnly: true)
        await #expect(throws: StoreError.readOnly(path: path)) {
            try await readOnly.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('no')") }
        }
        #expect(try await readOnly.read(NoteSchema.count) == 0)
    }

    @Test func aLockHeldTooLongSaysBusyNotReadOnly() async throws {
        let path = try TestPaths.temporaryDatabase()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator, busyTimeout: .seconds(1))
        // Another connection (as another process would) holds the write lock.
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true  // the lock outlives one database access
        let holder = try DatabaseQueue(path: path, configuration: unsafe)
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let error = await #expect(throws: StoreError.self) {
            try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('late')") }
        }
        guard let error, error.code == .busy, let waited = error.waited else {
            Issue.record("expected busy, got \(String(describing: error))")
            return
        }
        #expect(error.path == path)
        // What it really waited: the whole busy timeout (a hang bound above, not a speed bound).
        #expect(waited >= .milliseconds(990) && waited < .seconds(120), "\(waited)")
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('late')") }
        #expect(try await database.read(NoteSchema.count) == 1)
        let message = StoreError.busy(path: path, waited: .seconds(1)).errorDescription ?? ""
        #expect(message.contains("locked by another process") && message.contains("after 1 second "), "\(message)")
        let quick = StoreError.busy(path: path, waited: .milliseconds(40)).errorDescription ?? ""
        #expect(quick.contains("after 0.0 seconds"), "an immediate refusal says so: \(quick)")
        #expect(StoreError.busy(path: path, waited: .milliseconds(20_480)).errorDescription?.contains("after 20.4 seconds") == true)
        #expect(!message.contains("writable"))
    }

    @Test func everyMessageIsOneLineAndNamesItsCause() {
        let path = "/data/airdate.sqlite"
        let errors: [StoreError] = [
            .busy(path: path, waited: .seconds(20)), .readOnly(path: path),
            .corrupt(path: path, reason: "file is not a database"),
            .newerSchema(path: path, unknownMigrations: ["v9"]), .diskFull(path: path),
            .cannotOpen(path: path, reason: "its folder /data does not exist"), .failed(path: path, reason: "disk I/O error"),
        ]
        let words = ["locked", "read-only", "not a usable database", "newer version", "full", "Cannot open", "failed"]
        for (error, word) in zip(errors, words) {
            let message = error.errorDescription ?? ""
            #expect(!message.contains("\n"))
            #expect(message.contains(path))
            #expect(message.contains(word), "\(message)")
        }
        #expect(Set(errors.compactMap(\.errorDescription)).count == errors.count)
    }

    @Test func writeIfNeededTakesNoLockWhenNothingIsWrittenAndRunsAgainAfterAConflict() async throws {
        let path = try TestPaths.temporaryDatabase()
        let database = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator, busyTimeout: .seconds(1))
        // Another connection holds the write lock: a body that writes nothing does not wait for it,
        // where a write transaction gives up after the busy timeout.
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: unsafe)
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        #expect(try await database.writeIfNeeded(NoteSchema.count) == 0)
        await #expect(throws: StoreError.self) { try await database.write(NoteSchema.count) }
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }

        // Another connection commits after the body read and before it writes: SQLite refuses the
        // stale write, and the body runs again on the new data.
        let other = try DatabaseQueue(path: path)
        let attempts = Counter()
        let result = try await database.writeIfNeeded { db -> [String] in
            let seen = try NoteSchema.texts(db)
            if attempts.increment() == 1 {
                try other.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('theirs')") }
            }
            try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["mine after \(seen.count)"])
            return seen
        }
        #expect(attempts.value == 2)
        #expect(result == ["theirs"])
        #expect(try await database.read(NoteSchema.texts) == ["theirs", "mine after 1"])
    }

    @Test func writeIfNeededWaitsForAnotherWriterAfterItHasRead() async throws {
        let path = try TestPaths.temporaryDatabase()
        // A busy timeout of hang-bound length: the test releases the lock once it has seen the body
        // wait, which a loaded machine may delay past the default (a run beside builds gave up at 57 s).
        let database = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator, busyTimeout: .seconds(600))
        // Another connection holds the write lock while the body reads and then writes. SQLite does
        // not call the busy handler for a transaction that has read (20 processes each writing the
        // built-in orders on open failed at once with "locked … after 0.0 seconds").
        var unsafe = Configuration()
        unsafe.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: unsafe)
        try await holder.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        let attempts = Counter()
        let writing = Task {
            try await database.writeIfNeeded { db -> Int in
                _ = attempts.increment()
                let seen = try NoteSchema.count(db)
                try db.execute(sql: "INSERT INTO note (text) VALUES ('mine')")
                return seen
            }
        }
        // Released once the body has met the lock at least once (a hang bound only).
        try await waitUntil("the body to meet the other connection's lock", poll: .milliseconds(5)) { attempts.value >= 2 }
        try await holder.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('theirs')")
            try db.execute(sql: "COMMIT")
        }
        #expect(try await writing.value == 1)
        #expect(attempts.value >= 2)
        #expect(try await database.read(NoteSchema.texts) == ["theirs", "mine"])
    }

    @Test func manyConnectionsMigratingOneNewFileAtOnceAllSucceed() async throws {
        let path = try TestPaths.temporaryDatabase()
        // A slow migration: the others read "not migrated yet" while the first one runs, then run
        // the same migration after it (and fail) — unless they look again, as the foundation does.
        var slowMigrator = DatabaseMigrator()
        slowMigrator.registerMigration("v1: note") { db in
            Thread.sleep(forTimeInterval: 0.2)
            try db.create(table: "note") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("text", .text).notNull().unique()
            }
        }
        let slow = slowMigrator
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    let database = try StoreDatabase<StoreError>(path: path, migrator: slow)
                    try await database.write { db in
                        try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["\(index)"])
                    }
                }
            }
            try await group.waitForAll()
        }
        let database = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        #expect(try await database.read(NoteSchema.count) == 8)
    }
}

@Suite("StoreObservation: own writes at once, others' writes by polling data_version")
struct StoreObservationTests {
    /// A clock the test moves; it does not move by itself.
    static func testPolling() -> (TestClock<Duration>, ChangePolling) {
        let clock = TestClock()
        let viewer = ViewerClock(clock: clock, startingAt: Date(timeIntervalSince1970: 1_800_000_000), timeZone: .gmt)
        return (clock, ChangePolling(every: .milliseconds(250), clock: viewer))
    }

    @Test func ownWritesAreSeenWithoutPolling() async throws {
        let (_, polling) = Self.testPolling()
        let database = try StoreDatabase<StoreError>(path: try TestPaths.temporaryDatabase(), migrator: NoteSchema.migrator,
                                                     polling: polling)
        var values = database.observe(NoteSchema.texts).makeAsyncIterator()
        #expect(try await values.next() == [])
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('mine')") }
        // The test clock never moves: only GRDB's own-write signal can deliver this.
        #expect(try await values.next() == ["mine"])
    }

    @Test func anotherConnectionsWriteIsSeenAtTheNextPoll() async throws {
        let (clock, polling) = Self.testPolling()
        let path = try TestPaths.temporaryDatabase()
        let observed = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator, polling: polling)
        // A second pool on the same file is, for SQLite, another process: GRDB's observation of
        // the first pool never hears of its writes.
        let other = try StoreDatabase<StoreError>(path: path, migrator: NoteSchema.migrator)
        let seen = Seen()
        let following = Task {
            for try await texts in observed.observe(NoteSchema.texts) { await seen.add(texts) }
        }
        defer { following.cancel() }
        try await seen.waitFor { $0.last == [] }
        try await other.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('theirs')") }
        // Each poll interval of the test clock runs one `PRAGMA data_version`; the change shows. (Whether
        // nothing shows *before* a poll depends on when the observation's own start-up finishes, which
        // a busy machine delays, so it is not asserted here: `ownWritesAreSeenWithoutPolling` and the
        // multi-process tests pin the two signals down.)
        try await seen.waitFor(advancing: clock, by: .milliseconds(250)) { $0.last == ["theirs"] }
        let values = await seen.all
        #expect(values.first == [] && values.last == ["theirs"])
        #expect(values.allSatisfy { $0 == [] || $0 == ["theirs"] })
    }

    @Test func aCancelledObservationEnds() async throws {
        let database = try StoreDatabase<StoreError>(path: try TestPaths.temporaryDatabase(), migrator: NoteSchema.migrator)
        let task = Task {
            var count = 0
            for try await _ in database.observe(NoteSchema.count) { count += 1 }
            return count
        }
        try await Task.sleep(for: .milliseconds(100))
        task.cancel()
        #expect(try await task.value >= 0)
    }
}

/// Values an observation delivered, awaited with a hang-only bound.
actor Seen {
    private(set) var all: [[String]] = []
    func add(_ value: [String]) { all.append(value) }

    /// Waits (up to 300 s, a hang bound) until `condition` holds.
    func waitFor(_ condition: @Sendable ([[String]]) -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: hangBound)
        while !condition(all) {
            guard ContinuousClock.now < deadline else { throw HangError("the observation's values to satisfy the test (last: \(all.last ?? []))", after: hangBound) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Advances `clock` by `step` until `condition` holds (up to 300 s of real time, a hang bound).
    func waitFor(advancing clock: TestClock<Duration>, by step: Duration, _ condition: @Sendable ([[String]]) -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: hangBound)
        while !condition(all) {
            guard ContinuousClock.now < deadline else { throw HangError("the observation's values to satisfy the test as the test clock moved (last: \(all.last ?? []))", after: hangBound) }
            await clock.advance(by: step)
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// A count shared with a database body.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    /// Adds one and returns the new count.
    func increment() -> Int { lock.withLock { count += 1; return count } }
    var value: Int { lock.withLock { count } }
}
