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

    /// The countdowns whose id is `text` or starts with it, ignoring case: the full id
    /// (`C3A94E50-…` or `c3a94e50-…`) or its first characters, such as the ``Countdown/shortID``
    /// `countdowns list` prints (`c3a94e50`). Every program that takes an id resolves it here, so one
    /// the command line prints works on the web too. Empty when `text` is empty or matches none; more
    /// than one when a prefix is ambiguous.
    public func countdowns(withIDPrefix text: String) async throws(CountdownStoreError) -> [Countdown] {
        let wanted = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard !wanted.isEmpty, wanted.count <= 36 else { return [] }
        if let id = UUID(uuidString: wanted) { return try await countdown(id: id).map { [$0] } ?? [] }
        return try await all().filter { $0.id.uuidString.hasPrefix(wanted) }
    }

    /// The countdowns as they stand at `clock` that pass `filter`, in `order` — a view: nothing is written.
    ///
    /// Each countdown is taken as ``Countdown/current(at:)`` gives it (the automatic archive, computed):
    /// a passed one-off countdown is archived as of the instant it passed, a repeating one is at its
    /// next occurrence. Filtering and sorting are the same code as ``CountdownFilter/filter(_:at:)`` and
    /// ``CountdownSort/sorted(_:in:locale:)``.
    ///
    /// - Parameters:
    ///   - filter: which countdowns to list (the active ones unless told).
    ///   - order: how to sort them (by date unless told).
    ///   - clock: now, and the zone days and dates are seen from.
    ///   - archiveZone: the zone of the user's own day, which decides when an all-day countdown has
    ///     passed; `nil` for `clock`'s zone. Give it when `clock` shows another zone than the user's
    ///     (an app showing the list "in Tokyo"): a view never archives by another zone's day.
    ///   - automaticArchive: `false` to list the countdowns as stored, without the automatic archive.
    public func countdowns(
        matching filter: CountdownFilter = .scope(.active), sortedBy order: CountdownSort = CountdownSort(.date),
        at clock: ViewerClock, archivingIn archiveZone: TimeZone? = nil, automaticArchive: Bool = true
    ) async throws(CountdownStoreError) -> [Countdown] {
        let reference = clock.frozen()
        var list = try await all()
        if automaticArchive {
            list = AutoArchive.current(list, at: archiveZone.map { reference.inTimeZone($0) } ?? reference)
        }
        return order.sorted(filter.filter(list, at: reference), in: reference.timeZone)
    }

    /// Adds countdowns, all or none.
    ///
    /// - Throws: ``CountdownStoreError/duplicate(_:)`` when an id is taken (nothing is added).
    public func insert(_ countdowns: [Countdown]) async throws(CountdownStoreError) {
        try Self.validate(countdowns)
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
        try Self.validate(countdowns)
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
        try Self.validate(countdowns)
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

    /// Deletes the countdown `id` when `check` accepts it as stored, in one write transaction: the
    /// countdown is read, checked and deleted while no other process can write, so one changed
    /// elsewhere after the user last saw it (what `check` looks for, a version say) is never
    /// deleted unseen, as reading with ``countdown(id:)`` and then deleting could.
    ///
    /// - Throws: ``CountdownStoreError/notFound(_:)`` when no countdown has `id`, another
    ///   ``CountdownStoreError``, or what `check` throws; in every case nothing is deleted.
    public func delete(id: UUID, checking check: @escaping @Sendable (Countdown) throws -> Void) async throws {
        let outcome = try await database.write { db -> Swift.Result<Void, any Error> in
            guard let record = try CountdownRecord.fetchOne(db, key: id.uuidString) else {
                throw CountdownStoreError.notFound(id)
            }
            let stored = try record.countdown()
            do {
                try check(stored)
            } catch {
                return .failure(error)  // nothing was deleted
            }
            try CountdownRecord.deleteOne(db, key: id.uuidString)
            return .success(())
        }
        try outcome.get()
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
            if countdown != stored {
                do { try countdown.validated() } catch let error as CountdownError { throw CountdownStoreError.invalid(error) }
                try CountdownRecord(countdown).update(db)
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

    /// Applies what the catalogs say now about followed shows (``Countdown/follow(_:at:)``), all in one
    /// write transaction: each countdown in `schedules` that follows a show moves to its new date, with
    /// the move recorded. Countdowns not stored, or following nothing, are left out.
    ///
    /// - Returns: the moves, by countdown id (only those that moved, or became unscheduled).
    @discardableResult
    public func follow(_ schedules: [UUID: ShowSchedule], at now: Date) async throws(CountdownStoreError) -> [UUID: CountdownMove] {
        guard !schedules.isEmpty else { return [:] }
        return try await database.writeIfNeeded { db in
            var moves: [UUID: CountdownMove] = [:]
            for (id, schedule) in schedules {
                guard let record = try CountdownRecord.fetchOne(db, key: id.uuidString) else { continue }
                let stored = try record.countdown()
                var countdown = stored
                if let move = countdown.follow(schedule, at: now) { moves[id] = move }
                if countdown != stored { try CountdownRecord(countdown).update(db) }
            }
            return moves
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
