import AirdateCore
import AirdateLocking
import Foundation
public import GRDB

/// The one persistence foundation of the Airdate stores: an SQLite file opened through GRDB, safe for
/// several processes at once, with migrations, typed errors and observation of every change.
///
/// What it does, and why:
/// - **WAL and a busy timeout.** The file is opened as a GRDB `DatabasePool` in write-ahead-log mode:
///   readers never block the writer and the writer never blocks readers. Writers of *different
///   processes* still take turns; a connection that finds the database locked waits up to
///   `busyTimeout` (20 s unless told, enough for dozens of processes that each write a little)
///   before it fails with a ``StoreError`` of code ``StoreError/Code/busy``. Foreign keys are enforced.
/// - **Migrations, and refusal of a newer schema.** The `migrator` brings an older file up to date
///   (an unused one costs no write). A file carrying migrations this version does not know was
///   written by a newer version: it is refused with ``StoreError/Code/newerSchema``
///   and left untouched. When several processes migrate one new file at once, whoever comes second
///   sees the migration done and goes on.
/// - **Transactions.** ``write(_:)`` runs its body in one transaction: when the body or SQLite fails,
///   nothing changes, and a process killed mid-write leaves the previous state (SQLite's WAL
///   guarantees it).
/// - **Observation of the tables a query reads, across processes.** ``observe(scope:_:)`` records the
///   tables its query reads (from the statements it runs, as GRDB's `ValueObservation` records its
///   region) and re-runs it only when one of *those* tables changed. Which tables changed is told by
///   per-table change counters that triggers keep in the file (installed on opening for writing; see
///   ``StoreDatabase/observe(scope:_:)`` for what they cost). Two signals wake an observation to look at
///   the counters: a commit through this store (at once), and a change of `PRAGMA data_version`,
///   polled on a connection of its own (``ChangePolling``, every 250 ms unless told), which tells a
///   commit by any other connection — another store, another process. So another process's write
///   is seen within one polling interval, and a write to a table the query does not read re-runs
///   nothing.
/// - **One error shape.** Every SQLite failure becomes a ``StoreError`` wrapped in the store's own
///   error type (`Failure`); errors that a read or write body throws as `Failure` pass through as
///   they are.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("v1") { db in try db.create(table: "note") { t in t.column("text", .text) } }
/// let database = try StoreDatabase<StoreError>(path: "notes.sqlite", migrator: migrator)
/// try await database.write { db in try db.execute(sql: "INSERT INTO note VALUES ('hello')") }
/// for try await count in database.observe({ db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0 }) {
///     print(count)
/// }
/// ```
public final class StoreDatabase<Failure: StoreErrorWrapping>: Sendable {
    /// The database file.
    public let path: String
    /// Whether the file was opened without write access.
    public let isReadOnly: Bool
    /// How long a connection waits for another process's lock before failing.
    public let busyTimeout: Duration
    /// How other processes' writes are noticed by ``observe(scope:_:)``.
    public let polling: ChangePolling

    private let pool: DatabasePool
    private let probe: StoreProbe

    /// Opens (creating the file and its folder if needed, unless `readOnly`) the database at `path`,
    /// and brings its schema up to date with `migrator`.
    ///
    /// - Parameters:
    ///   - readOnly: open without write access; the schema must be up to date already.
    ///   - path: the SQLite file.
    ///   - migrator: the schema's migrations, oldest first.
    ///   - busyTimeout: how long to wait for another process's lock (at least 1 second is used).
    ///   - polling: how often observations look for other processes' writes.
    /// - Throws: the store's error wrapping a ``StoreError`` of code ``StoreError/Code/cannotOpen``,
    ///   ``StoreError/Code/corrupt``, ``StoreError/Code/newerSchema``,
    ///   ``StoreError/Code/readOnly``, ``StoreError/Code/busy`` or another.
    public convenience init(
        path: String, migrator: DatabaseMigrator, readOnly: Bool = false, busyTimeout: Duration = .seconds(20),
        polling: ChangePolling = ChangePolling()
    ) throws(Failure) {
        try self.init(path: path, migrator: migrator, readOnly: readOnly, busyTimeout: busyTimeout, polling: polling, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:migrator:readOnly:busyTimeout:polling:)`` does, telling
    /// `probe` what it does (the package's tests).
    package init(
        path: String, migrator: DatabaseMigrator, readOnly: Bool = false, busyTimeout: Duration = .seconds(20),
        polling: ChangePolling = ChangePolling(), probe: StoreProbe
    ) throws(Failure) {
        self.probe = probe
        let timeout = max(busyTimeout, .seconds(1))
        let start = ContinuousClock.now
        self.path = path
        self.isReadOnly = readOnly
        self.busyTimeout = timeout
        self.polling = polling
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Double(timeout.components.seconds))
        configuration.label = "Airdate.StoreDatabase"
        do {
            if !readOnly {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw StoreError.openFailure(path: path, sqliteMessage: StoreError.describe(error))
                }
            }
            pool = try Self.open(path: path, configuration: configuration, migrator: migrator, readOnly: readOnly, within: timeout)
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(.mapping(error, path: path, waited: Self.rounded(ContinuousClock.now - start)))
        }
    }

    /// Runs `body` on a snapshot of the database (it sees no write that commits meanwhile).
    ///
    /// - Throws: what `body` throws as `Failure`, or the store's error wrapping a ``StoreError``.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(Failure) -> T {
        let start = ContinuousClock.now
        let probe = probe
        do {
            return try await pool.read { db in
                let value = try body(db)
                probe.transactionBodyDidRun?(.read)
                return value
            }
        } catch {
            throw failure(error, since: start)
        }
    }

    /// Runs `body` in one write transaction, waiting for other processes' writes to finish first
    /// (up to ``busyTimeout``). When `body` throws, nothing it did is kept.
    ///
    /// - Throws: what `body` throws as `Failure`, or the store's error wrapping a ``StoreError``.
    @discardableResult
    public func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(Failure) -> T {
        let start = ContinuousClock.now
        let probe = probe
        do {
            return try await pool.write { db in
                let value = try body(db)
                probe.transactionBodyDidRun?(.write)
                return value
            }
        } catch {
            throw failure(error, since: start)
        }
    }

    /// Runs `body` in one transaction that takes the write lock only when `body` first writes: an
    /// operation that usually finds nothing to change (archive what has passed, say) then takes no
    /// lock, blocks no other process and works on a read-only file.
    ///
    /// It stays one transaction: when another connection committed between what `body` read and
    /// its first write, SQLite refuses the write (`SQLITE_BUSY_SNAPSHOT`) and `body` runs again, from
    /// the start, on the new data — for as long as ``busyTimeout`` allows; when another connection
    /// holds the write lock as `body` first writes, it waits for it and runs `body` again, within the
    /// same bound. So `body` must do nothing
    /// but read and write the database. When `body` throws, nothing it did is kept.
    ///
    /// - Throws: what `body` throws as `Failure`, or the store's error wrapping a ``StoreError``.
    @discardableResult
    public func writeIfNeeded<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(Failure) -> T {
        let start = ContinuousClock.now
        let deadline = start.advanced(by: busyTimeout)
        let (probe, path) = (probe, path)
        do {
            return try await pool.writeWithoutTransaction { db in
                var pause = 1  // milliseconds
                while true {
                    do {
                        var result: T?
                        try db.inTransaction(.deferred) {
                            result = try body(db)
                            probe.transactionBodyDidRun?(.write)
                            return .commit
                        }
                        guard let result else { throw StoreError.failed(path: path, reason: "a transaction committed without its result") }
                        return result
                    } catch let error as DatabaseError
                        where error.extendedResultCode == .SQLITE_BUSY_SNAPSHOT && ContinuousClock.now < deadline
                    {
                        continue  // another connection wrote after this one read: run again on its data
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                        // Another connection holds the write lock. SQLite does not call the busy handler
                        // when a transaction that has read asks for the lock (it could deadlock), so the
                        // wait is here: a short pause on this store's writer thread, then from the start.
                        pause = min(pause * 2, 50)
                        usleep(UInt32(pause) * 1000)
                        continue
                    }
                }
            }
        } catch {
            throw failure(error, since: start)
        }
    }

    /// The value of `fetch` now and after every change of a table it reads — whether the change
    /// came through this store, another store on the file, or another process (seen within one
    /// ``ChangePolling/interval``). Equal consecutive values are emitted once. See ``StoreObservation``.
    ///
    /// `fetch` runs again only when a table it read last time changed: a write to any other table
    /// costs the observation one read of the change counters (a row per table), not a run of
    /// `fetch`. The tables are those its statements read, recorded at each run, so `fetch` may read
    /// whatever it needs through the `Database` it is given. A table the file keeps no counter for
    /// (a virtual table, or a table made after the store opened) counts as changed by every commit.
    ///
    /// The counters are kept by triggers, one `UPDATE` of a one-row-per-table table for each row a
    /// write inserts, updates or deletes.
    ///
    /// With a `scope`, the observation is one owner's: of a table with an `owner` column (kept per
    /// owner, see ``StoreOwner``) it follows that owner's rows alone, so another owner's writes re-run
    /// nothing. `fetch` must then read only `scope`'s rows of such tables.
    public func observe<Value: Sendable & Equatable>(
        scope: StoreOwner? = nil, _ fetch: @escaping @Sendable (Database) throws -> Value
    ) -> StoreObservation<Value> {
        observe(scope: scope, fetch, { _ in () }, combine: { value, _ in value })
    }

    /// The combination of two queries now and after every change of a table either reads, each
    /// query re-run only when a table *it* read changed (see ``observe(scope:_:)``).
    ///
    /// Both queries run in one snapshot whenever both re-run, so `combine` never sees the two halves of
    /// one write apart; when only one re-runs, the other's last value is combined with it. Use it to
    /// keep an expensive query (a whole episode list, merged) out of the way of a cheap one that
    /// changes often (the watched marks).
    ///
    /// - Parameters:
    ///   - scope: the owner whose rows the queries read of tables kept per owner; `nil` for all rows.
    ///   - first: one query.
    ///   - second: the other query.
    ///   - combine: the emitted value, from the two queries' latest values.
    public func observe<First: Sendable, Second: Sendable, Value: Sendable & Equatable>(
        scope: StoreOwner? = nil,
        _ first: @escaping @Sendable (Database) throws -> First,
        _ second: @escaping @Sendable (Database) throws -> Second,
        combine: @escaping @Sendable (First, Second) throws -> Value
    ) -> StoreObservation<Value> {
        StoreObservation { [self] in
            AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
                // Every signal means "the database may have changed": the newest one is enough.
                let (signals, signal) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
                signal.yield()
                // Writes through this pool: GRDB tells at once, after each commit.
                let ownWrites = OwnWritesSignal()
                ownWrites.start(in: pool) { signal.yield() }
                // Writes by anybody else: `PRAGMA data_version` on a connection of its own changes.
                let poller = Task { [self] in
                    let start = ContinuousClock.now
                    do {
                        try await pollDataVersion { signal.yield() }
                    } catch is CancellationError {
                    } catch {
                        continuation.finish(throwing: failure(error, since: start))
                    }
                }
                let fetcher = Task { [self, probe] in
                    var queries = (ObservedQuery(), ObservedQuery())
                    var values: (First, Second)?
                    var last: Value?
                    var start = ContinuousClock.now
                    do {
                        for await _ in signals {
                            start = ContinuousClock.now
                            let known = queries
                            // One snapshot: the counters, then whichever query a change concerns.
                            let (ran, firstValue, secondValue) = try await pool.read { db in
                                let counts = try ChangeCounters.read(db, scope: scope)
                                var queries = known
                                var firstValue: First?
                                var secondValue: Second?
                                if queries.0.needsRun(counts: counts) {
                                    firstValue = try queries.0.run(first, counts: counts, in: db)
                                    probe.observationQueryDidRun?(0)
                                }
                                if queries.1.needsRun(counts: counts) {
                                    secondValue = try queries.1.run(second, counts: counts, in: db)
                                    probe.observationQueryDidRun?(1)
                                }
                                probe.observationDidCheck?(counts)
                                return (queries, firstValue, secondValue)
                            }
                            queries = ran
                            guard firstValue != nil || secondValue != nil else { continue }
                            guard let firstValue = firstValue ?? values?.0, let secondValue = secondValue ?? values?.1 else { continue }
                            values = (firstValue, secondValue)
                            let value = try combine(firstValue, secondValue)
                            if value != last {
                                last = value
                                continuation.yield(value)
                            }
                        }
                    } catch is CancellationError {
                    } catch {
                        continuation.finish(throwing: failure(error, since: start))
                    }
                }
                continuation.onTermination = { _ in
                    ownWrites.cancel()
                    poller.cancel()
                    fetcher.cancel()
                    signal.finish()
                }
            }
        }
    }

    /// Calls `changed` each time `PRAGMA data_version` (read every ``ChangePolling/interval`` on a
    /// read-only connection of its own) differs from its previous value, until cancelled.
    func pollDataVersion(_ changed: @Sendable () -> Void) async throws {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(Double(busyTimeout.components.seconds))
        configuration.label = "Airdate.StoreDatabase.changes"
        let watcher = try DatabaseQueue(path: path, configuration: configuration)
        let dataVersion: @Sendable (Database) throws -> Int = { db in
            try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        }
        var last = try await watcher.read(dataVersion)
        // A change between the first fetch and this first version would otherwise go unseen.
        changed()
        while true {
            try await polling.clock.sleep(for: polling.interval)
            try Task.checkCancellation()
            let version = try await watcher.read(dataVersion)
            if version != last {
                last = version
                changed()
            }
        }
    }

    /// The error to throw for `error`, met by an operation that began at `start`.
    private func failure(_ error: any Error, since start: ContinuousClock.Instant) -> Failure {
        if let error = error as? Failure { return error }
        return .store(.mapping(error, path: path, waited: Self.rounded(ContinuousClock.now - start)))
    }

    /// `duration` to whole milliseconds, as an error reports it.
    private static func rounded(_ duration: Duration) -> Duration {
        .milliseconds((duration / .milliseconds(1)).rounded())
    }

    /// Opens the pool and migrates, trying again while SQLite answers `SQLITE_BUSY` within `timeout`.
    ///
    /// When several processes open one new file at once, setting up WAL mode or reading the migrations
    /// table can meet another process's lock in ways SQLite does not hand to the busy handler (a
    /// snapshot that went stale, a recovery in progress): such a `BUSY` comes back at once, so it is
    /// retried here with a short, growing pause, for as long as the busy timeout allows.
    private static func open(
        path: String, configuration: Configuration, migrator: DatabaseMigrator, readOnly: Bool, within timeout: Duration
    ) throws -> DatabasePool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var attempt = 0
        while true {
            do {
                let pool = try DatabasePool(path: path, configuration: configuration)
                try migrate(pool, with: migrator, path: path, readOnly: readOnly)
                if !readOnly { try ChangeCounters.install(in: pool) }
                return pool
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                attempt += 1
                Thread.sleep(forTimeInterval: min(0.02 * Double(attempt), 0.25))
            }
        }
    }

    /// Refuses a newer schema, then runs the migrations that are missing (none: no write at all).
    private static func migrate(_ pool: DatabasePool, with migrator: DatabaseMigrator, path: String, readOnly: Bool) throws {
        let known = Set(migrator.migrations)
        var retries = 0
        while true {
            let applied = try pool.read { db in try migrator.appliedIdentifiers(db) }
            let unknown = applied.subtracting(known)
            if !unknown.isEmpty {
                // Migrations only ever append: a file that shares none of ours is another store's.
                if applied.isDisjoint(with: known) {
                    throw StoreError.otherStore(path: path, migrations: applied.sorted())
                }
                throw StoreError.newerSchema(path: path, unknownMigrations: unknown.sorted())
            }
            if applied.isSuperset(of: known) { return }
            if readOnly {
                throw StoreError.cannotOpen(
                    path: path, reason: "its schema is older than this version of Airdate, and it is opened read-only; open it once with write access to upgrade it")
            }
            do {
                try migrator.migrate(pool)
                return
            } catch {
                // Another process may have run the same migration first (ours then fails, changing
                // nothing): look again, as long as others make progress.
                let now = try? pool.read { db in try migrator.appliedIdentifiers(db) }
                guard let now, now != applied, retries < 16 else { throw error }
                retries += 1
            }
        }
    }
}

/// GRDB's notification of the commits made through one pool, started off the caller's thread:
/// starting waits for the pool's writer, which may itself be waiting for another process's lock.
private struct OwnWritesSignal: Sendable {
    /// The running observation (`nil` before it started, and after ``cancel()``), and whether
    /// ``cancel()`` came first.
    private let state = LockBox<(cancellable: AnyDatabaseCancellable?, cancelled: Bool)>((nil, false))

    /// Calls `changed` after every commit through `pool`, until ``cancel()``.
    func start(in pool: DatabasePool, changed: @escaping @Sendable () -> Void) {
        let state = state
        DispatchQueue.global().async {
            let observation = DatabaseRegionObservation(tracking: .fullDatabase)
                .start(in: pool, onError: { _ in changed() }, onChange: { _ in changed() })
            let keep = state.withLock { state -> Bool in
                guard !state.cancelled else { return false }
                state.cancellable = observation
                return true
            }
            if !keep { observation.cancel() }
        }
    }

    /// Stops the notifications.
    func cancel() {
        let observation = state.withLock { state -> AnyDatabaseCancellable? in
            state.cancelled = true
            defer { state.cancellable = nil }
            return state.cancellable
        }
        observation?.cancel()
    }
}
