import AirdateCore
public import AirdateStore
import Foundation
import GRDB

/// Tracked shows kept in an SQLite file (through GRDB): each show's plan, and its watch log as rows
/// of their own. Every write is one transaction: when it fails, nothing changes.
///
/// ```swift
/// let store = try PlannerStore(path: "/path/animeplan.sqlite")
/// try await store.insert(tracked)
/// for try await shows in store.observe() { render(shows) }
/// ```
public actor PlannerStore {
    private nonisolated let database: StoreDatabase<PlannerStoreError>
    /// The file path.
    public nonisolated let path: String

    /// Opens (creating if needed) the database at `path`, and brings its schema up to date.
    ///
    /// The file may be shared by several processes at once (see `StoreDatabase` in AirdateStore:
    /// WAL, a busy timeout, observation that sees other processes' writes).
    ///
    /// - Parameters:
    ///   - readOnly: open without write access (the schema must already exist).
    ///   - path: the SQLite file; its folder is created when missing.
    ///   - polling: how often ``observe()`` looks for other processes' writes.
    /// - Throws: ``PlannerStoreError/store(_:)`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public init(path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling()) throws(PlannerStoreError) {
        try self.init(path: path, readOnly: readOnly, polling: polling, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:readOnly:polling:)`` does, telling `probe` what it does
    /// (the package's tests).
    package init(path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling(), probe: StoreProbe) throws(PlannerStoreError) {
        self.path = path
        database = try StoreDatabase(path: path, migrator: TrackedShowRecord.migrator, readOnly: readOnly, polling: polling, probe: probe)
    }

    /// All tracked shows, in the order they were added.
    public func all() async throws(PlannerStoreError) -> [TrackedShow] {
        try await database.read { db in try Self.fetchAll(db) }
    }

    /// The tracked show with `id`, or `nil`.
    public func show(id: Int) async throws(PlannerStoreError) -> TrackedShow? {
        try await database.read { db in try Self.fetchOne(id: id, db) }
    }

    /// Starts keeping `show`.
    ///
    /// - Throws: ``PlannerStoreError/duplicate(_:)`` when its id is taken (nothing is added).
    public func insert(_ show: TrackedShow) async throws(PlannerStoreError) {
        try await database.write { db in
            if try TrackedShowRecord.exists(db, key: show.id) { throw PlannerStoreError.duplicate(show.id) }
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM trackedShow") ?? 1
            try Self.store(show, position: position, in: db)
        }
    }

    /// Starts keeping every show of `shows`, in one transaction: all of them or, when one fails,
    /// none (an import is one operation).
    ///
    /// - Throws: ``PlannerStoreError/duplicate(_:)`` when an id is taken, or listed twice in `shows`
    ///   (nothing is added).
    public func insert(contentsOf shows: [TrackedShow]) async throws(PlannerStoreError) {
        guard !shows.isEmpty else { return }
        try await database.write { db in
            var seen: Set<Int> = []
            var position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) + 1 FROM trackedShow") ?? 1
            for show in shows {
                guard seen.insert(show.id).inserted else { throw PlannerStoreError.duplicate(show.id) }
                if try TrackedShowRecord.exists(db, key: show.id) { throw PlannerStoreError.duplicate(show.id) }
                try Self.store(show, position: position, in: db)
                position += 1
            }
        }
    }

    /// Replaces a stored show (its plan and its whole log) with `show`.
    ///
    /// A `show` read earlier overwrites whatever changed since — another process's logged episodes
    /// too. To change a show as it is now (log an episode, re-plan, pause), use ``update(id:_:)``.
    ///
    /// - Throws: ``PlannerStoreError/notFound(_:)`` when it is not stored (nothing changes).
    public func update(_ show: TrackedShow) async throws(PlannerStoreError) {
        try await database.write { db in
            guard let existing = try TrackedShowRecord.fetchOne(db, key: show.id) else {
                throw PlannerStoreError.notFound(show.id)
            }
            try Self.store(show, position: existing.position, in: db)
        }
    }

    /// Changes the stored show `id` with `change`, in one write transaction: the show and its log
    /// are read, changed and written back while no other process can write, so an episode another
    /// process logs meanwhile is never lost (as reading with ``show(id:)`` and writing with
    /// ``update(_:)`` could lose it).
    ///
    /// `change` runs on the database's writer: keep it short, and do no I/O in it (fetch what it
    /// needs first). When it leaves the show as it was, nothing is written.
    ///
    /// ```swift
    /// try await store.update(id: 52991) { show in
    ///     try show.recordProgress(atEpisode: 12, on: planner.today, planner: planner)
    /// }
    /// ```
    ///
    /// - Returns: what `change` returns.
    /// - Throws: ``PlannerStoreError/notFound(_:)`` when no show has `id`, another
    ///   ``PlannerStoreError``, or what `change` throws; in every case nothing is written.
    @discardableResult
    public func update<Result: Sendable>(
        id: Int, _ change: @escaping @Sendable (inout TrackedShow) throws -> Result
    ) async throws -> Result {
        let outcome = try await database.write { db -> Swift.Result<Result, any Error> in
            guard let record = try TrackedShowRecord.fetchOne(db, key: id), let stored = try Self.fetchOne(id: id, db) else {
                throw PlannerStoreError.notFound(id)
            }
            var show = stored
            let result: Result
            do {
                result = try change(&show)
            } catch {
                return .failure(error)  // nothing was written
            }
            guard show.id == id else { return .failure(PlannerStoreError.changedID(from: id, to: show.id)) }
            if show != stored { try Self.store(show, position: record.position, in: db) }
            return .success(result)
        }
        return try outcome.get()
    }

    /// Deletes the show with `id` and its log.
    ///
    /// - Throws: ``PlannerStoreError/notFound(_:)`` when there is none.
    public func delete(id: Int) async throws(PlannerStoreError) {
        try await database.write { db in
            guard try TrackedShowRecord.deleteOne(db, key: id) else { throw PlannerStoreError.notFound(id) }
        }
    }

    /// Every change of the stored shows, starting with the current ones (in the order they were added):
    /// changes made through this store at once, and those of other processes within the polling
    /// interval (a quarter of a second unless told).
    public nonisolated func observe() -> StoreObservation<[TrackedShow]> {
        database.observe { db in try Self.fetchAll(db) }
    }

    private static func fetchAll(_ db: Database) throws -> [TrackedShow] {
        let records = try TrackedShowRecord.order(Column("position")).fetchAll(db)
        let entries = try WatchEntryRecord.order(Column("rowID")).fetchAll(db)
        var logs: [Int: [WatchEntry]] = [:]
        for entry in entries { logs[entry.showID, default: []].append(try entry.entry()) }
        return try records.map { record in try record.trackedShow(log: logs[record.id] ?? []) }
    }

    private static func fetchOne(id: Int, _ db: Database) throws -> TrackedShow? {
        guard let record = try TrackedShowRecord.fetchOne(db, key: id) else { return nil }
        let entries = try WatchEntryRecord.filter(Column("showID") == id).order(Column("rowID")).fetchAll(db)
        return try record.trackedShow(log: entries.map { entry throws(PlannerStoreError) in try entry.entry() })
    }

    private static func store(_ show: TrackedShow, position: Int, in db: Database) throws {
        try TrackedShowRecord(show, position: position).save(db)
        // The log only grows through the API: keep the stored lines and append the new ones;
        // a log that differs is written anew.
        let stored = try WatchEntryRecord.filter(Column("showID") == show.id).order(Column("rowID")).fetchAll(db)
        let storedEntries = try stored.map { record throws(PlannerStoreError) in try record.entry() }
        if storedEntries.count <= show.log.count, Array(show.log.prefix(storedEntries.count)) == storedEntries {
            for entry in show.log.dropFirst(storedEntries.count) { try WatchEntryRecord(showID: show.id, entry: entry).insert(db) }
        } else {
            try WatchEntryRecord.filter(Column("showID") == show.id).deleteAll(db)
            for entry in show.log { try WatchEntryRecord(showID: show.id, entry: entry).insert(db) }
        }
    }
}
