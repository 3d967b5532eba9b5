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
        self.path = path
        database = try StoreDatabase(path: path, migrator: TrackedShowRecord.migrator, readOnly: readOnly, polling: polling)
    }

    /// All tracked shows, in the order they were added.
    public func all() async throws(PlannerStoreError) -> [TrackedShow] {
        try await database.read { db in try Self.fetchAll(db) }
    }

    /// The tracked show with `id`, or `nil`.
    public func show(id: Int) async throws(PlannerStoreError) -> TrackedShow? {
        try await all().first { $0.id == id }
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

    /// Replaces a stored show (its plan and its whole log).
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
