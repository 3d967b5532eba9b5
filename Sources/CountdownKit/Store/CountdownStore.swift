public import AirdateCore
public import AirdateStore
public import Foundation
import GRDB

/// Countdowns kept in an SQLite file (through GRDB), with live observation and JSON
/// import/export. Every write is one transaction: when it fails, nothing changes.
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
public actor CountdownStore {
    private nonisolated let database: StoreDatabase<CountdownStoreError>
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
    /// - Throws: ``CountdownStoreError/store(_:)`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public init(path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling()) throws(CountdownStoreError) {
        try self.init(path: path, readOnly: readOnly, polling: polling, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:readOnly:polling:)`` does, telling `probe` what it does
    /// (the package's tests).
    package init(path: String, readOnly: Bool = false, polling: ChangePolling = ChangePolling(), probe: StoreProbe) throws(CountdownStoreError) {
        self.path = path
        database = try StoreDatabase(path: path, migrator: CountdownRecord.migrator, readOnly: readOnly, polling: polling, probe: probe)
    }

    /// All countdowns, in the order they were inserted (so equal sort keys keep insertion order).
    public func all() async throws(CountdownStoreError) -> [Countdown] {
        let records = try await database.read { db in try CountdownRecord.order(Column.rowID).fetchAll(db) }
        return try records.map { record throws(CountdownStoreError) in try record.countdown() }
    }

    /// The countdown with `id`, or `nil`.
    public func countdown(id: UUID) async throws(CountdownStoreError) -> Countdown? {
        let record = try await database.read { db in try CountdownRecord.fetchOne(db, key: id.uuidString) }
        return try record?.countdown()
    }

    /// The countdowns that pass `filter`, in `order`: the same code as ``CountdownFilter/filter(_:at:)``
    /// and `sorted(_:in:)`.
    public func countdowns(
        matching filter: CountdownFilter = .scope(.active), sortedBy order: CountdownSort = CountdownSort(.date),
        at clock: ViewerClock
    ) async throws(CountdownStoreError) -> [Countdown] {
        let reference = clock.frozen()
        return order.sorted(filter.filter(try await all(), at: reference), in: reference.timeZone)
    }

    /// Adds countdowns, all or none.
    ///
    /// - Throws: ``CountdownStoreError/duplicate(_:)`` when an id is taken (nothing is added).
    public func insert(_ countdowns: [Countdown]) async throws(CountdownStoreError) {
        try await database.write { db in
            for countdown in countdowns {
                if try CountdownRecord.exists(db, key: countdown.id.uuidString) {
                    throw CountdownStoreError.duplicate(countdown.id)
                }
                try CountdownRecord(countdown).insert(db)
            }
        }
    }

    /// Adds one countdown.
    public func insert(_ countdown: Countdown) async throws(CountdownStoreError) {
        try await insert([countdown])
    }

    /// Replaces stored countdowns by id, all or none.
    ///
    /// - Throws: ``CountdownStoreError/notFound(_:)`` when one is not stored (nothing is changed).
    public func update(_ countdowns: [Countdown]) async throws(CountdownStoreError) {
        try await database.write { db in
            for countdown in countdowns {
                guard try CountdownRecord.exists(db, key: countdown.id.uuidString) else {
                    throw CountdownStoreError.notFound(countdown.id)
                }
                try CountdownRecord(countdown).update(db)
            }
        }
    }

    /// Replaces one stored countdown.
    public func update(_ countdown: Countdown) async throws(CountdownStoreError) {
        try await update([countdown])
    }

    /// Inserts or replaces countdowns by id, all or none.
    public func save(_ countdowns: [Countdown]) async throws(CountdownStoreError) {
        try await database.write { db in
            for countdown in countdowns { try CountdownRecord(countdown).save(db) }
        }
    }

    /// Deletes the countdown with `id`.
    ///
    /// - Throws: ``CountdownStoreError/notFound(_:)`` when there is none.
    public func delete(id: UUID) async throws(CountdownStoreError) {
        try await database.write { db in
            guard try CountdownRecord.deleteOne(db, key: id.uuidString) else {
                throw CountdownStoreError.notFound(id)
            }
        }
    }

    /// Changes the stored countdown `id` with `change`, in one write transaction: the countdown is
    /// read, changed and written back while no other process can write, so a change another
    /// process makes meanwhile is never overwritten with a stale copy (as reading with
    /// ``countdown(id:)`` and writing with ``update(_:)-(Countdown)`` could).
    ///
    /// `change` runs on the database's writer: keep it short, and do no I/O in it. When it leaves
    /// the countdown as it was, nothing is written.
    ///
    /// - Returns: what `change` returns.
    /// - Throws: ``CountdownStoreError/notFound(_:)`` when no countdown has `id`, another
    ///   ``CountdownStoreError``, or what `change` throws; in every case nothing is written.
    @discardableResult
    public func update<Result: Sendable>(
        id: UUID, _ change: @escaping @Sendable (inout Countdown) throws -> Result
    ) async throws -> Result {
        let outcome = try await database.write { db -> Swift.Result<Result, any Error> in
            guard let record = try CountdownRecord.fetchOne(db, key: id.uuidString) else {
                throw CountdownStoreError.notFound(id)
            }
            let stored = try record.countdown()
            var countdown = stored
            let result: Result
            do {
                result = try change(&countdown)
            } catch {
                return .failure(error)  // nothing was written
            }
            if countdown != stored { try CountdownRecord(countdown).update(db) }
            return .success(result)
        }
        return try outcome.get()
    }

    /// Archives passed one-off countdowns and rolls recurring ones (``AutoArchive``): the
    /// countdowns are read, archived or rolled and written back in one transaction, so an edit
    /// another process makes meanwhile is never lost. The write lock is taken only when something
    /// is to change: when nothing is, no other process waits, and a read-only file is fine.
    @discardableResult
    public func autoArchive(at reference: ViewerClock) async throws(CountdownStoreError) -> AutoArchive.Outcome {
        let reference = reference.frozen()
        return try await database.writeIfNeeded { db in
            let countdowns = try CountdownRecord.order(Column.rowID).fetchAll(db).map { record throws(CountdownStoreError) in
                try record.countdown()
            }
            let outcome = AutoArchive.apply(to: countdowns, at: reference)
            for countdown in outcome.changed { try CountdownRecord(countdown).update(db) }
            return outcome
        }
    }

    /// Every change of the stored countdowns, starting with the current ones (in insertion order):
    /// changes made through this store at once, and those of other processes within the polling
    /// interval (a quarter of a second unless told).
    public nonisolated func observe() -> StoreObservation<[Countdown]> {
        database.observe { db in
            try CountdownRecord.order(Column.rowID).fetchAll(db).map { record in try record.countdown() }
        }
    }

    /// All countdowns as a JSON ``CountdownDocument``.
    public func exportJSON(at now: Date) async throws(CountdownStoreError) -> Data {
        let list = try await all().sorted { $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString }
        do {
            return try CountdownDocument(exported: now, countdowns: list).jsonData()
        } catch {
            throw .store(.failed(path: path, reason: "the export could not be encoded (\(error))"))
        }
    }

    /// Reads a JSON ``CountdownDocument`` and inserts or replaces its countdowns by id, all or none.
    ///
    /// - Returns: what changed: the countdowns added, those replaced because they differed, and those
    ///   already stored exactly so (importing the same file twice adds nothing the second time).
    /// - Throws: ``CountdownStoreError/invalidImport(_:)`` when the data is not a document (nothing is imported).
    @discardableResult
    public func importJSON(_ data: Data) async throws(CountdownStoreError) -> CountdownImport {
        let document: CountdownDocument
        do {
            document = try CountdownDocument(jsonData: data)
        } catch {
            throw .invalidImport(Self.reason(error))
        }
        return try await database.write { db in
            var outcome = CountdownImport()
            for countdown in document.countdowns {
                if let stored = try CountdownRecord.fetchOne(db, key: countdown.id.uuidString) {
                    // Compared as stored, so that what the database rounds does not count as a change.
                    if try stored.countdown() == CountdownRecord(countdown).countdown() {
                        outcome.unchanged.append(countdown.id)
                        continue
                    }
                    outcome.updated.append(countdown.id)
                } else {
                    outcome.added.append(countdown.id)
                }
                try CountdownRecord(countdown).save(db)
            }
            return outcome
        }
    }

    /// Why `error` refused the data, as a clause (no final full stop: it is put in parentheses).
    private static func reason(_ error: any Error) -> String {
        var text = describe(error).split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        while let last = text.last, last == "." || last == " " { text.removeLast() }
        return text.isEmpty ? "it could not be decoded" : text
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                 .valueNotFound(_, let context):
                let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
                    .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        }
        return (error as? LocalizedError)?.errorDescription ?? "\(error)"
    }
}

/// What ``CountdownStore/importJSON(_:)`` changed, by countdown id, in the file's order.
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
