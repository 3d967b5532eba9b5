public import AirdateStore

/// Where one owner's anime plans are kept (each tracked show's plan and watch log): what an app, a
/// command-line tool or a server needs of the storage, whatever holds it.
///
/// ``PlannerStore`` keeps them in an SQLite file; another backend (a server database, say) is a new
/// type conforming to this protocol, and everything written against `any PlannerStorage` works on it
/// unchanged. A handle is scoped to one ``owner``: it never reads, changes or observes another
/// owner's plans, even in the same database — two owners may track the same show, each with a plan
/// and a log of their own.
///
/// Every write is all or nothing. ``insert(_:)``, in the protocol's extension, is built on the
/// requirements.
public protocol PlannerStorage: Sendable {
    /// Whose plans this handle reads and writes.
    var owner: StoreOwner { get }

    /// All the owner's tracked shows, in the order they were added.
    func all() async throws(PlannerStoreError) -> [TrackedShow]

    /// The owner's tracked show with `id`, or `nil`.
    func show(id: Int) async throws(PlannerStoreError) -> TrackedShow?

    /// Starts keeping every show of `shows`, in one transaction: all of them or, when one fails,
    /// none (an import is one operation).
    ///
    /// - Throws: ``PlannerStoreError/Code/duplicate`` when an id is taken, or listed twice in `shows`
    ///   (nothing is added).
    func insert(contentsOf shows: [TrackedShow]) async throws(PlannerStoreError)

    /// Replaces a stored show (its plan and its whole log) with `show`.
    ///
    /// A `show` read earlier overwrites whatever changed since — another process's logged episodes
    /// too. To change a show as it is now (log an episode, re-plan, pause), use ``update(id:_:)``.
    ///
    /// - Throws: ``PlannerStoreError/Code/notFound`` when it is not stored (nothing changes).
    func update(_ show: TrackedShow) async throws(PlannerStoreError)

    /// Changes the stored show `id` with `change`, in one transaction: the show and its log are read,
    /// changed and written back while no other writer can write, so an episode logged elsewhere
    /// meanwhile is never lost (as reading with ``show(id:)`` and writing with ``update(_:)`` could
    /// lose it).
    ///
    /// `change` runs inside the transaction: keep it short, and do no I/O in it (fetch what it needs
    /// first). When it leaves the show as it was, nothing is written.
    ///
    /// ```swift
    /// try await store.update(id: 52991) { show in
    ///     try show.watch(through: 12, on: planner.today, planner: planner)
    /// }
    /// ```
    ///
    /// - Returns: what `change` returns.
    /// - Throws: ``PlannerStoreError/Code/notFound`` when no show has `id`,
    ///   ``PlannerStoreError/Code/changedID`` when `change` gave it another id, another
    ///   ``PlannerStoreError``, or what `change` throws; in every case nothing is written.
    func update<Result: Sendable>(id: Int, _ change: @escaping @Sendable (inout TrackedShow) throws -> Result) async throws -> Result

    /// Deletes the show with `id` and its log.
    ///
    /// - Throws: ``PlannerStoreError/Code/notFound`` when there is none.
    func delete(id: Int) async throws(PlannerStoreError)

    /// Every change of the owner's tracked shows, starting with the current ones (in the order they
    /// were added), whoever made it (another process too); changes of other owners' plans emit nothing.
    func observe() -> StoreObservation<[TrackedShow]>
}

extension PlannerStorage {
    /// Starts keeping `show`.
    ///
    /// - Throws: ``PlannerStoreError/Code/duplicate`` when its id is taken (nothing is added).
    public func insert(_ show: TrackedShow) async throws(PlannerStoreError) {
        try await insert(contentsOf: [show])
    }
}
