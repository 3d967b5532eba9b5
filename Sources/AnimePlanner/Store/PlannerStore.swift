public import AirdateStore
import Foundation
import GRDB

/// One owner's tracked shows kept in an SQLite file (through GRDB): the embedded ``PlannerStorage``.
/// Each show's plan is a row, and its watch log rows of their own. Every write is one transaction:
/// when it fails, nothing changes.
///
/// A handle belongs to one ``owner`` (`StoreOwner.local` unless told): it reads, writes and observes
/// that owner's plans only, though several owners share the file (and may track the same show). A
/// server with accounts opens the file once and takes a handle per account with ``scoped(to:)``.
///
/// ```swift
/// let store = try PlannerStore(path: "/path/animeplan.sqlite")
/// try await store.insert(tracked)
/// for try await shows in store.observe() { render(shows) }
/// ```
///
/// Not an actor: it holds no mutable state (the file's path, its owner and the open database, all
/// constants), and the database orders its own reads and writes, so calls need no isolation.
public final class PlannerStore: PlannerStorage {
    private let database: StoreDatabase<PlannerStoreError>
    /// The file path.
    public let path: String
    /// Whose plans this handle reads and writes.
    public let owner: StoreOwner

    /// Opens (creating if needed) the database at `path`, and brings its schema up to date.
    ///
    /// The file may be shared by several processes at once (see `StoreDatabase` in AirdateStore:
    /// WAL, a busy timeout, observation that sees other processes' writes).
    ///
    /// - Parameters:
    ///   - path: the SQLite file; its folder is created when missing.
    ///   - owner: whose plans to read and write (the one local person unless told).
    ///   - readOnly: open without write access (the schema must already exist).
    ///   - polling: how often ``observe()`` looks for other processes' writes.
    /// - Throws: ``PlannerStoreError/Code/store`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public convenience init(
        path: String, owner: StoreOwner = .local, readOnly: Bool = false, polling: ChangePolling = ChangePolling()
    ) throws(PlannerStoreError) {
        try self.init(path: path, owner: owner, readOnly: readOnly, polling: polling, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:owner:readOnly:polling:)`` does, telling `probe` what it does
    /// (the package's tests).
    package convenience init(
        path: String, owner: StoreOwner = .local, readOnly: Bool = false, polling: ChangePolling = ChangePolling(),
        probe: StoreProbe
    ) throws(PlannerStoreError) {
        let database = try StoreDatabase<PlannerStoreError>(
            path: path, migrator: TrackedShowRecord.migrator, readOnly: readOnly, polling: polling, probe: probe)
        self.init(database: database, owner: owner)
    }

    private init(database: StoreDatabase<PlannerStoreError>, owner: StoreOwner) {
        self.database = database
        self.path = database.path
        self.owner = owner
    }

    /// A handle on the same open file for `owner`'s plans (one open file serves every account of a
    /// server).
    public func scoped(to owner: StoreOwner) -> PlannerStore {
        PlannerStore(database: database, owner: owner)
    }

    /// All the owner's tracked shows, in the order they were added.
    public func all() async throws(PlannerStoreError) -> [TrackedShow] {
        let owner = owner
        return try await database.read { db in try Self.fetchAll(of: owner, db) }
    }

    /// The owner's tracked show with `id`, or `nil`.
    public func show(id: Int) async throws(PlannerStoreError) -> TrackedShow? {
        let owner = owner
        return try await database.read { db in try Self.fetchOne(id: id, of: owner, db) }
    }

    /// Starts keeping every show of `shows`, in one transaction: all of them or, when one fails,
    /// none (an import is one operation).
    ///
    /// - Throws: ``PlannerStoreError/Code/duplicate`` when an id is taken, or listed twice in `shows`
    ///   (nothing is added).
    public func insert(contentsOf shows: [TrackedShow]) async throws(PlannerStoreError) {
        guard !shows.isEmpty else { return }
        let owner = owner
        try await database.write { db in
            var seen: Set<Int> = []
            var position = try TrackedShowRecord.nextPosition(of: owner, db)
            for show in shows {
                guard seen.insert(show.id).inserted else { throw PlannerStoreError.duplicate(show.id) }
                if try TrackedShowRecord.row(show.id, of: owner).fetchCount(db) > 0 { throw PlannerStoreError.duplicate(show.id) }
                try Self.store(show, of: owner, position: position, in: db)
                position += 1
            }
        }
    }

    /// Replaces a stored show (its plan and its whole log) with `show`.
    ///
    /// A `show` read earlier overwrites whatever changed since — another process's logged episodes
    /// too. To change a show as it is now (log an episode, re-plan, pause), use ``update(id:_:)``.
    ///
    /// - Throws: ``PlannerStoreError/Code/notFound`` when it is not stored (nothing changes).
    public func update(_ show: TrackedShow) async throws(PlannerStoreError) {
        let owner = owner
        try await database.write { db in
            guard let existing = try TrackedShowRecord.row(show.id, of: owner).fetchOne(db) else {
                throw PlannerStoreError.notFound(show.id)
            }
            try Self.store(show, of: owner, position: existing.position, in: db)
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
    ///     try show.watch(through: 12, on: planner.today, planner: planner)
    /// }
    /// ```
    ///
    /// - Returns: what `change` returns.
    /// - Throws: ``PlannerStoreError/Code/notFound`` when no show has `id`, another
    ///   ``PlannerStoreError``, or what `change` throws; in every case nothing is written.
    @discardableResult
    public func update<Result: Sendable>(
        id: Int, _ change: @escaping @Sendable (inout TrackedShow) throws -> Result
    ) async throws -> Result {
        let owner = owner
        let outcome = try await database.write { db -> Swift.Result<Result, any Error> in
            guard let record = try TrackedShowRecord.row(id, of: owner).fetchOne(db), let stored = try Self.fetchOne(id: id, of: owner, db) else {
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
            if show != stored { try Self.store(show, of: owner, position: record.position, in: db) }
            return .success(result)
        }
        return try outcome.get()
    }

    /// Deletes the show with `id` and its log.
    ///
    /// - Throws: ``PlannerStoreError/Code/notFound`` when there is none.
    public func delete(id: Int) async throws(PlannerStoreError) {
        let owner = owner
        try await database.write { db in
            guard try TrackedShowRecord.row(id, of: owner).deleteAll(db) > 0 else { throw PlannerStoreError.notFound(id) }
        }
    }

    /// Every change of the owner's tracked shows, starting with the current ones (in the order they
    /// were added): changes made through this store at once, and those of other processes within the
    /// polling interval (a quarter of a second unless told). Other owners' changes emit nothing.
    public func observe() -> StoreObservation<[TrackedShow]> {
        let owner = owner
        return database.observe(scope: owner) { db in try Self.fetchAll(of: owner, db) }
    }

    private static func fetchAll(of owner: StoreOwner, _ db: Database) throws -> [TrackedShow] {
        let records = try TrackedShowRecord.rows(of: owner).fetchAll(db)
        let entries = try WatchEntryRecord.rows(of: owner).fetchAll(db)
        var logs: [Int: [WatchEntry]] = [:]
        for entry in entries { logs[entry.showID, default: []].append(try entry.entry()) }
        return try records.map { record in try record.trackedShow(log: logs[record.id] ?? []) }
    }

    private static func fetchOne(id: Int, of owner: StoreOwner, _ db: Database) throws -> TrackedShow? {
        guard let record = try TrackedShowRecord.row(id, of: owner).fetchOne(db) else { return nil }
        let entries = try WatchEntryRecord.log(of: id, owner: owner).fetchAll(db)
        return try record.trackedShow(log: entries.map { entry throws(PlannerStoreError) in try entry.entry() })
    }

    private static func store(_ show: TrackedShow, of owner: StoreOwner, position: Int, in db: Database) throws {
        try TrackedShowRecord(show, owner: owner, position: position).save(db)
        // The log only grows through the API: keep the stored lines and append the new ones;
        // a log that differs is written anew.
        let stored = try WatchEntryRecord.log(of: show.id, owner: owner).fetchAll(db)
        let storedEntries = try stored.map { record throws(PlannerStoreError) in try record.entry() }
        if storedEntries.count <= show.log.count, Array(show.log.prefix(storedEntries.count)) == storedEntries {
            for entry in show.log.dropFirst(storedEntries.count) { try WatchEntryRecord(showID: show.id, owner: owner, entry: entry).insert(db) }
        } else {
            try WatchEntryRecord.filter(WatchEntryRecord.Columns.owner == owner.id && WatchEntryRecord.Columns.showID == show.id).deleteAll(db)
            for entry in show.log { try WatchEntryRecord(showID: show.id, owner: owner, entry: entry).insert(db) }
        }
    }
}
