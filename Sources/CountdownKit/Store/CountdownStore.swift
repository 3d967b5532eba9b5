public import AirdateCore
public import AirdateStore
public import Foundation
import GRDB

/// One owner's countdowns kept in an SQLite file (through GRDB): the embedded ``CountdownStorage``,
/// with live observation and JSON import/export. Every write is one transaction: when it fails,
/// nothing changes.
///
/// A handle belongs to one ``owner`` (`StoreOwner.local` unless told): it reads, writes and
/// observes that owner's countdowns only, though several owners share the file. A server with
/// accounts opens the file once and takes a handle per account with ``scoped(to:)``.
///
/// Queries load the rows and apply ``CountdownFilter`` and ``CountdownSort`` in Swift, so the
/// store and in-memory lists can never disagree.
///
/// ```swift
/// let store = try CountdownStore(path: "/path/countdowns.sqlite")
/// try await store.insert(countdown)
/// let upcoming = try await store.countdowns(matching: .scope(.active), sortedBy: CountdownSort(.date),
///                                           at: .system())
/// for try await all in store.observe() { print(all.count) }
/// ```
///
/// Not an actor: it holds no mutable state (the file's path, its owner and the open database, all
/// constants), and the database orders its own reads and writes, so calls need no isolation.
public final class CountdownStore: CountdownStorage {
    private let database: StoreDatabase<CountdownStoreError>
    /// The file path.
    public let path: String
    /// Whose countdowns this handle reads and writes.
    public let owner: StoreOwner

    /// Opens (creating if needed) the database at `path`, and brings its schema up to date.
    ///
    /// The file may be shared by several processes at once (see `StoreDatabase` in AirdateStore:
    /// WAL, a busy timeout, observation that sees other processes' writes).
    ///
    /// - Parameters:
    ///   - path: the SQLite file; its folder is created when missing.
    ///   - owner: whose countdowns to read and write (the one local person unless told).
    ///   - readOnly: open without write access (the schema must already exist).
    ///   - polling: how often ``observe()`` looks for other processes' writes.
    /// - Throws: ``CountdownStoreError/Code/store`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public convenience init(
        path: String, owner: StoreOwner = .local, readOnly: Bool = false, polling: ChangePolling = ChangePolling()
    ) throws(CountdownStoreError) {
        try self.init(path: path, owner: owner, readOnly: readOnly, polling: polling, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:owner:readOnly:polling:)`` does, telling `probe` what it does
    /// (the package's tests).
    package convenience init(
        path: String, owner: StoreOwner = .local, readOnly: Bool = false, polling: ChangePolling = ChangePolling(),
        probe: StoreProbe
    ) throws(CountdownStoreError) {
        let database = try StoreDatabase<CountdownStoreError>(
            path: path, migrator: CountdownRecord.migrator, readOnly: readOnly, polling: polling, probe: probe)
        self.init(database: database, owner: owner)
    }

    private init(database: StoreDatabase<CountdownStoreError>, owner: StoreOwner) {
        self.database = database
        self.path = database.path
        self.owner = owner
    }

    /// A handle on the same open file for `owner`'s countdowns (one open file serves every account
    /// of a server).
    public func scoped(to owner: StoreOwner) -> CountdownStore {
        CountdownStore(database: database, owner: owner)
    }

    /// The owner's rows, in insertion order.
    private static func rows(of owner: StoreOwner) -> QueryInterfaceRequest<CountdownRecord> {
        CountdownRecord.filter(CountdownRecord.Columns.owner == owner.id).order(Column.rowID)
    }

    /// The owner's row of the countdown `id`.
    private static func row(_ id: UUID, of owner: StoreOwner) -> QueryInterfaceRequest<CountdownRecord> {
        CountdownRecord.filter(CountdownRecord.Columns.owner == owner.id && CountdownRecord.Columns.id == id.uuidString)
    }

    /// All the owner's countdowns, in the order they were inserted (so equal sort keys keep insertion order).
    public func all() async throws(CountdownStoreError) -> [Countdown] {
        let owner = owner
        let records = try await database.read { db in try Self.rows(of: owner).fetchAll(db) }
        return try records.map { record throws(CountdownStoreError) in try record.countdown() }
    }

    /// The owner's countdown with `id`, or `nil`.
    public func countdown(id: UUID) async throws(CountdownStoreError) -> Countdown? {
        let owner = owner
        let record = try await database.read { db in try Self.row(id, of: owner).fetchOne(db) }
        return try record?.countdown()
    }

    /// Adds countdowns, all or none.
    ///
    /// - Throws: ``CountdownStoreError/Code/duplicate`` when an id is taken (nothing is added).
    public func insert(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError) {
        try Self.validate(countdowns)
        let owner = owner
        try await database.write { db in
            for countdown in countdowns {
                if try Self.row(countdown.id, of: owner).fetchCount(db) > 0 {
                    throw CountdownStoreError.duplicate(countdown.id)
                }
                try CountdownRecord(countdown, owner: owner).insert(db)
            }
        }
    }

    /// Replaces stored countdowns by id, all or none.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when one is not stored (nothing is changed).
    public func update(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError) {
        try Self.validate(countdowns)
        let owner = owner
        try await database.write { db in
            for countdown in countdowns {
                guard try Self.row(countdown.id, of: owner).fetchCount(db) > 0 else {
                    throw CountdownStoreError.notFound(countdown.id)
                }
                try CountdownRecord(countdown, owner: owner).update(db)
            }
        }
    }

    /// Inserts or replaces countdowns by id, all or none.
    public func save(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError) {
        try Self.validate(countdowns)
        let owner = owner
        try await database.write { db in
            for countdown in countdowns { try CountdownRecord(countdown, owner: owner).save(db) }
        }
    }

    /// Deletes the countdown `id` when `check` accepts it as stored, in one write transaction: the
    /// countdown is read, checked and deleted while no other process can write, so one changed
    /// elsewhere after the user last saw it is never deleted unseen, as reading with
    /// ``countdown(id:)`` and then deleting could. ``CountdownStorage/delete(id:expecting:)`` checks
    /// a revision this way.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when no countdown has `id`, another
    ///   ``CountdownStoreError``, or what `check` throws; in every case nothing is deleted.
    public func delete(id: UUID, checking check: @escaping @Sendable (Countdown) throws -> Void) async throws {
        let owner = owner
        let outcome = try await database.write { db -> Swift.Result<Void, any Error> in
            guard let record = try Self.row(id, of: owner).fetchOne(db) else {
                throw CountdownStoreError.notFound(id)
            }
            do {
                try check(try record.countdown())
            } catch {
                return .failure(error)  // nothing was deleted
            }
            try record.delete(db)
            return .success(())
        }
        try outcome.get()
    }

    /// Changes the stored countdown `id` with `change`, in one write transaction: the countdown is
    /// read, checked against `revision`, changed and written back while no other process can write,
    /// so a change another process makes meanwhile is never overwritten with a stale copy (as
    /// reading with ``countdown(id:)`` and writing with ``CountdownStorage/update(_:)`` could).
    ///
    /// `change` runs on the database's writer: keep it short, and do no I/O in it. When it leaves
    /// the countdown as it was, nothing is written.
    ///
    /// - Returns: what `change` returns.
    /// - Throws: ``CountdownStoreError/Code/notFound`` when no countdown has `id`,
    ///   ``CountdownStoreError/Code/conflict`` when it is not at `revision`, another
    ///   ``CountdownStoreError``, or what `change` throws; in every case nothing is written.
    @discardableResult
    public func update<Result: Sendable>(
        id: UUID, expecting revision: CountdownRevision?, _ change: @escaping @Sendable (inout Countdown) throws -> Result
    ) async throws -> Result {
        let owner = owner
        let outcome = try await database.write { db -> Swift.Result<Result, any Error> in
            guard let record = try Self.row(id, of: owner).fetchOne(db) else {
                throw CountdownStoreError.notFound(id)
            }
            let stored = try record.countdown()
            if let revision, stored.revision != revision {
                throw CountdownStoreError.conflict(id: id, expected: revision, current: stored.revision)
            }
            var countdown = stored
            let result: Result
            do {
                result = try change(&countdown)
            } catch {
                return .failure(error)  // nothing was written
            }
            if countdown != stored {
                do { try countdown.validated() } catch let error as CountdownError { throw CountdownStoreError.invalid(error) }
                try CountdownRecord(countdown, owner: owner).update(db)
            }
            return .success(result)
        }
        return try outcome.get()
    }

    /// Archives passed one-off countdowns and rolls recurring ones (``AutoArchive``): the
    /// countdowns are read, archived or rolled and written back in one transaction, so an edit
    /// another process makes meanwhile is never lost. The write lock is taken only when something
    /// is to change: when nothing is, no other process waits, and a read-only file is fine.
    @discardableResult
    public func autoArchive(at clock: ViewerClock) async throws(CountdownStoreError) -> AutoArchive.Outcome {
        let reference = clock.frozen()
        let owner = owner
        return try await database.writeIfNeeded { db in
            let countdowns = try Self.rows(of: owner).fetchAll(db).map { record throws(CountdownStoreError) in
                try record.countdown()
            }
            let outcome = AutoArchive.apply(to: countdowns, at: reference)
            for countdown in outcome.changed { try CountdownRecord(countdown, owner: owner).update(db) }
            return outcome
        }
    }

    /// Applies what the catalogs say now about followed shows (``Countdown/follow(_:noticedAt:)``), all
    /// in one write transaction: each countdown in `schedules` that follows a show moves to its new
    /// date, with the move recorded as noticed at `noticed`. Countdowns not stored, or following
    /// nothing, are left out.
    ///
    /// - Returns: the moves, by countdown id (only those that moved, or became unscheduled).
    @discardableResult
    public func follow(_ schedules: [UUID: ShowSchedule], noticedAt noticed: Date) async throws(CountdownStoreError) -> [UUID: CountdownMove] {
        guard !schedules.isEmpty else { return [:] }
        let owner = owner
        return try await database.writeIfNeeded { db in
            var moves: [UUID: CountdownMove] = [:]
            for (id, schedule) in schedules {
                guard let record = try Self.row(id, of: owner).fetchOne(db) else { continue }
                let stored = try record.countdown()
                var countdown = stored
                if let move = countdown.follow(schedule, noticedAt: noticed) { moves[id] = move }
                if countdown != stored { try CountdownRecord(countdown, owner: owner).update(db) }
            }
            return moves
        }
    }

    /// Every change of the owner's countdowns, starting with the current ones (in insertion order):
    /// changes made through this store at once, and those of other processes within the polling
    /// interval (a quarter of a second unless told). Other owners' changes emit nothing.
    public func observe() -> StoreObservation<[Countdown]> {
        let owner = owner
        return database.observe(scope: owner) { db in
            try Self.rows(of: owner).fetchAll(db).map { record in try record.countdown() }
        }
    }

    /// All the owner's countdowns as a JSON ``CountdownDocument`` stamped `timestamp`.
    public func exportJSON(timestamp: Date) async throws(CountdownStoreError) -> Data {
        let list = try await all().sorted { $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString }
        do {
            return try CountdownDocument(exported: timestamp, countdowns: list).jsonData()
        } catch {
            throw .store(.failed(path: path, reason: "the export could not be encoded (\(error))"))
        }
    }

    /// Reads a JSON ``CountdownDocument`` and inserts or replaces its countdowns by id, all or none.
    ///
    /// - Returns: what changed: the countdowns added, those replaced because they differed, and those
    ///   already stored exactly so (importing the same file twice adds nothing the second time).
    /// - Throws: ``CountdownStoreError/Code/invalidImport`` when the data is not a document (nothing is imported).
    @discardableResult
    public func importJSON(_ data: Data) async throws(CountdownStoreError) -> CountdownImport {
        let document: CountdownDocument
        do {
            document = try CountdownDocument(jsonData: data)
        } catch {
            throw .invalidImport(Self.reason(error))
        }
        let owner = owner
        return try await database.write { db in
            var outcome = CountdownImport()
            for countdown in document.countdowns {
                let record = CountdownRecord(countdown, owner: owner)
                if let stored = try Self.row(countdown.id, of: owner).fetchOne(db) {
                    // Compared as stored, so that what the database rounds does not count as a change.
                    if try stored.countdown() == record.countdown() {
                        outcome.unchanged.append(countdown.id)
                        continue
                    }
                    outcome.updated.append(countdown.id)
                } else {
                    outcome.added.append(countdown.id)
                }
                try record.save(db)
            }
            return outcome
        }
    }

    /// Refuses countdowns past ``Countdown/Limits``.
    private static func validate(_ countdowns: [Countdown]) throws(CountdownStoreError) {
        for countdown in countdowns {
            do { try countdown.validated() } catch { throw .invalid(error) }
        }
    }

    /// Why `error` refused the data, as a clause in the user's words (no final full stop: it is put in
    /// parentheses), at most 240 characters.
    private static func reason(_ error: any Error) -> String {
        var text: String
        if let error = error as? DecodingError {
            text = error.plainDescription
        } else {
            text = (error as? LocalizedError)?.errorDescription ?? "it could not be decoded"
        }
        text = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        if text.count > 240 { text = String(text.prefix(239)) + "…" }
        return text.isEmpty ? "it could not be decoded" : text
    }
}

/// What ``CountdownStorage/importJSON(_:)`` changed, by countdown id, in the file's order.
public struct CountdownImport: Sendable, Hashable {
    /// Countdowns that were not stored before.
    public var added: [UUID] = []
    /// Stored countdowns the file changed (title, target, tags, note, repeat, archiving or times).
    public var updated: [UUID] = []
    /// Countdowns already stored exactly as the file has them.
    public var unchanged: [UUID] = []

    /// An empty outcome.
    public init() {}

    /// How many countdowns the file held.
    public var total: Int { added.count + updated.count + unchanged.count }
}
