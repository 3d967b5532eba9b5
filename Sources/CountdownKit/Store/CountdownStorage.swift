public import AirdateCore
public import AirdateStore
public import Foundation

/// Where one owner's countdowns are kept: what an app, a command-line tool or a server needs of the
/// storage, whatever holds it.
///
/// ``CountdownStore`` keeps them in an SQLite file; another backend (a server database, say) is a
/// new type conforming to this protocol, and everything written against `any CountdownStorage` —
/// listing, version-checked edits, the automatic archive, followed shows, import and export,
/// observation — works on it unchanged. A handle is scoped to one ``owner``: it never reads, changes
/// or observes another owner's countdowns, even in the same database.
///
/// Every write is all or nothing. The methods of the protocol's extension
/// (``countdowns(matching:sortedBy:at:archivingIn:automaticArchive:)``, ``listing(matching:sortedBy:at:archivingIn:automaticArchive:)``,
/// ``insert(_:)``, ``update(id:_:)``, ``delete(id:expecting:)``,
/// ``refreshFollowed(catalog:noticedAt:stoppingOn:schedule:)``) are built on the requirements.
public protocol CountdownStorage: Sendable {
    /// Whose countdowns this handle reads and writes.
    var owner: StoreOwner { get }

    /// All the owner's countdowns, in the order they were inserted (so equal sort keys keep
    /// insertion order).
    func all() async throws(CountdownStoreError) -> [Countdown]

    /// The owner's countdown with `id`, or `nil`.
    func countdown(id: UUID) async throws(CountdownStoreError) -> Countdown?

    /// Adds countdowns, all or none.
    ///
    /// - Throws: ``CountdownStoreError/Code/duplicate`` when an id is taken (nothing is added).
    func insert(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError)

    /// Replaces stored countdowns by id, all or none.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when one is not stored (nothing is changed).
    func update(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError)

    /// Inserts or replaces countdowns by id, all or none.
    func save(contentsOf countdowns: [Countdown]) async throws(CountdownStoreError)

    /// Changes the stored countdown `id` with `change`, in one transaction: the countdown is read,
    /// checked against `revision` (when given), changed and written back while no other writer can
    /// write, so a change made elsewhere meanwhile is never overwritten with a stale copy.
    ///
    /// `change` runs inside the transaction: keep it short, and do no I/O in it. When it leaves the
    /// countdown as it was, nothing is written.
    ///
    /// - Parameters:
    ///   - id: the countdown.
    ///   - revision: the ``Countdown/revision`` the change was made against (a form's hidden field),
    ///     or `nil` to change the countdown as it is now.
    ///   - change: the change; what it throws is thrown as it is.
    /// - Returns: what `change` returns.
    /// - Throws: ``CountdownStoreError/Code/notFound`` when no countdown has `id`,
    ///   ``CountdownStoreError/Code/conflict`` when it is not at `revision`, another
    ///   ``CountdownStoreError``, or what `change` throws; in every case nothing is written.
    func update<Result: Sendable>(
        id: UUID, expecting revision: CountdownRevision?, _ change: @escaping @Sendable (inout Countdown) throws -> Result
    ) async throws -> Result

    /// Deletes the countdown `id` when `check` accepts it as stored, in one transaction: the
    /// countdown is read, checked and deleted while no other writer can write.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when no countdown has `id`, another
    ///   ``CountdownStoreError``, or what `check` throws; in every case nothing is deleted.
    func delete(id: UUID, checking check: @escaping @Sendable (Countdown) throws -> Void) async throws

    /// Archives passed one-off countdowns and rolls recurring ones (``AutoArchive``) as of `clock`,
    /// in one transaction, so an edit made elsewhere meanwhile is never lost. Nothing is written
    /// when nothing is to change.
    @discardableResult
    func autoArchive(at clock: ViewerClock) async throws(CountdownStoreError) -> AutoArchive.Outcome

    /// Applies what the catalogs say now about followed shows (``Countdown/follow(_:noticedAt:)``),
    /// all in one transaction: each countdown in `schedules` that follows a show moves to its new
    /// date, with the move recorded as noticed at `noticed`. Countdowns not stored, or following
    /// nothing, are left out.
    ///
    /// - Returns: the moves, by countdown id (only those that moved, or became unscheduled).
    @discardableResult
    func follow(_ schedules: [UUID: ShowSchedule], noticedAt noticed: Date) async throws(CountdownStoreError) -> [UUID: CountdownMove]

    /// All the owner's countdowns as a JSON ``CountdownDocument`` stamped `timestamp`.
    func exportJSON(timestamp: Date) async throws(CountdownStoreError) -> Data

    /// Reads a JSON ``CountdownDocument`` and inserts or replaces its countdowns by id, all or none.
    ///
    /// - Returns: what changed: the countdowns added, those replaced because they differed, and those
    ///   already stored exactly so (importing the same file twice adds nothing the second time).
    /// - Throws: ``CountdownStoreError/Code/invalidImport`` when the data is not a document (nothing
    ///   is imported).
    @discardableResult
    func importJSON(_ data: Data) async throws(CountdownStoreError) -> CountdownImport

    /// Every change of the owner's countdowns, starting with the current ones (in insertion order),
    /// whoever made it (another process too); changes of other owners' countdowns emit nothing.
    func observe() -> StoreObservation<[Countdown]>
}

extension CountdownStorage {
    /// Adds one countdown.
    ///
    /// - Throws: ``CountdownStoreError/Code/duplicate`` when its id is taken.
    public func insert(_ countdown: Countdown) async throws(CountdownStoreError) {
        try await insert(contentsOf: [countdown])
    }

    /// Replaces one stored countdown (a copy read earlier overwrites what changed since: to change a
    /// countdown as it is now, use ``update(id:_:)``).
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when it is not stored.
    public func update(_ countdown: Countdown) async throws(CountdownStoreError) {
        try await update(contentsOf: [countdown])
    }

    /// Changes the stored countdown `id` as it is now, in one transaction (see
    /// ``update(id:expecting:_:)``).
    @discardableResult
    public func update<Result: Sendable>(id: UUID, _ change: @escaping @Sendable (inout Countdown) throws -> Result) async throws -> Result {
        try await update(id: id, expecting: nil, change)
    }

    /// Deletes the countdown `id`.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when there is none.
    public func delete(id: UUID) async throws(CountdownStoreError) {
        try await delete(id: id, expecting: nil)
    }

    /// Deletes the countdown `id` if it is still at `revision` (when given), in one transaction.
    ///
    /// - Throws: ``CountdownStoreError/Code/notFound`` when there is none,
    ///   ``CountdownStoreError/Code/conflict`` when it changed since `revision`; nothing is deleted.
    public func delete(id: UUID, expecting revision: CountdownRevision?) async throws(CountdownStoreError) {
        do {
            try await delete(id: id) { stored in
                if let revision, stored.revision != revision {
                    throw CountdownStoreError.conflict(id: id, expected: revision, current: stored.revision)
                }
            }
        } catch let error as CountdownStoreError {
            throw error
        } catch {
            // The check above throws nothing else; a backend's own failure is a store failure.
            throw .store(StoreError(.failed, path: "", reason: StoreErrorText.line(error), underlying: error))
        }
    }

    /// The owner's countdowns as they stand at `clock` that pass `filter`, in `order` — a view:
    /// nothing is written.
    ///
    /// Each countdown is taken as ``Countdown/current(at:)`` gives it (the automatic archive,
    /// computed): a passed one-off countdown is archived as of the instant it passed, a repeating one
    /// is at its next occurrence. Filtering and sorting are the same code as
    /// ``CountdownFilter/filter(_:at:)`` and ``CountdownSort/sorted(_:in:locale:)``.
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
        try await listing(matching: filter, sortedBy: order, at: clock, archivingIn: archiveZone,
                          automaticArchive: automaticArchive).countdowns
    }
}

/// An error's one line, for a store failure built from a backend's own error.
enum StoreErrorText {
    static func line(_ error: any Error) -> String {
        let text = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
        return text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
