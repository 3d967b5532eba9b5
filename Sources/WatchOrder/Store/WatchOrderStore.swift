public import AirdateCore
public import AirdateStore
import Foundation
import GRDB

/// Shows, episodes, ordering rules and each owner's watches, history, orders and settings in a
/// SQLite file (GRDB, WAL mode), with the watch list and up next observable as `AsyncSequence`s:
/// the SQLite backend of ``WatchOrderStorage``.
///
/// A handle belongs to one ``owner`` (`StoreOwner.local` unless told): it reads and writes that
/// owner's watches, history, undo log, saved and chosen orders, hidden shows and settings, and the
/// episode catalogue, rules and built-in orders every owner shares. ``scoped(to:)`` gives another
/// owner's handle on the same open file.
///
/// Refreshing a show's episodes upserts them by ``EpisodeID``; watches are stored apart from
/// episodes, so no refresh loses one. Several processes may use one file at once.
///
/// ```swift
/// let store = try WatchOrderStore(path: "watch.sqlite")
/// try await store.refresh(list)
/// for try await upNext in store.observeUpNext(at: .system()) { … }
/// ```
///
/// The operations are grouped by concern: the catalogue (``setRules(_:)``, ``setBuiltInOrders(_:)``),
/// the owner's orders (``saveOrder(_:)``, ``chooseOrder(_:)``), watches and sessions
/// (``watch(_:watchedAt:)``, ``startRewatch(named:shows:startedAt:)``), history, undo and imports
/// (``history(_:)``, ``undo(undoneAt:)``, ``importWatches(_:showStatus:source:dryRun:)``), settings
/// (``setHidesSpecials(_:)``) and reading (``state()``, ``observeChanges()``).
// Not an actor: it holds no mutable state (every property is a constant), and its database
// (`StoreDatabase`, a GRDB pool) is thread-safe and serialises writes itself; an actor would only
// queue reads that may run side by side and add a hop to every call.
public struct WatchOrderStore: WatchOrderStorage {
    let database: StoreDatabase<WatchOrderStoreError>
    /// The database file.
    public let path: String
    /// The clock that dates changes made without a time of their own (undo, settings, skips).
    public let clock: ViewerClock
    /// Whose watches, history, orders and settings this handle reads and writes.
    public let owner: StoreOwner

    /// Opens (creating and migrating if needed) the database at `path`.
    ///
    /// The file may be shared by several processes at once (see `StoreDatabase` in AirdateStore:
    /// WAL, a busy timeout, observation that sees other processes' writes).
    ///
    /// - Parameters:
    ///   - readOnly: open without write access (the schema must already exist).
    ///   - path: the SQLite file; its folder is created when missing.
    ///   - owner: whose data the handle reads and writes (`StoreOwner.local` unless told).
    ///   - polling: how often the observations look for other processes' writes.
    ///   - busyTimeout: how long an operation waits for another process's lock before failing with
    ///     `StoreError.busy` (20 seconds unless told; a server answering requests may prefer a
    ///     second or two, and tell its client to come back).
    ///   - clock: dates the changes made without a time of their own, in the change log (the
    ///     system's clock unless told).
    /// - Throws: ``WatchOrderStoreError/Code/store`` — for example a newer schema, a corrupt file or a
    ///   missing folder.
    public init(
        path: String, readOnly: Bool = false, owner: StoreOwner = .local, polling: ChangePolling = ChangePolling(),
        busyTimeout: Duration = .seconds(20), clock: ViewerClock = .system()
    ) throws(WatchOrderStoreError) {
        try self.init(
            path: path, readOnly: readOnly, owner: owner, polling: polling, busyTimeout: busyTimeout, clock: clock, probe: StoreProbe())
    }

    /// Opens the database as ``init(path:readOnly:owner:polling:busyTimeout:clock:)`` does, telling
    /// `probe` what it does (the package's tests).
    package init(
        path: String, readOnly: Bool = false, owner: StoreOwner = .local, polling: ChangePolling = ChangePolling(),
        busyTimeout: Duration = .seconds(20), clock: ViewerClock = .system(), probe: StoreProbe
    ) throws(WatchOrderStoreError) {
        self.path = path
        self.clock = clock
        self.owner = owner
        database = try StoreDatabase(
            path: path, migrator: WatchOrderSchema.migrator, readOnly: readOnly, busyTimeout: busyTimeout, polling: polling, probe: probe)
    }

    private init(database: StoreDatabase<WatchOrderStoreError>, path: String, clock: ViewerClock, owner: StoreOwner) {
        self.database = database
        self.path = path
        self.clock = clock
        self.owner = owner
    }

    /// A handle on the same open file for `owner`: a server with accounts opens the file once and
    /// scopes a handle to each signed-in account.
    public func scoped(to owner: StoreOwner) -> WatchOrderStore {
        WatchOrderStore(database: database, path: path, clock: clock, owner: owner)
    }

    // MARK: The owner's tables

    var watches: OwnerWatches { OwnerWatches(owner: owner.id) }
    var settings: OwnerSettings { OwnerSettings(owner: owner.id) }
    var viewerOrders: ViewerOrders { ViewerOrders(owner: owner.id) }
    var changeLog: ChangeLog { ChangeLog(owner: owner.id) }

    /// What the watch order is merged from, as stored: the catalogue, and the owner's orders and choice.
    struct StoredOrder: Sendable {
        var lists: [EpisodeList]
        var rules: [OrderingRule]
        var orders: [NamedOrder]
        var chosenOrderID: String?

        func state(_ checklist: Checklist) -> WatchState {
            WatchState(
                lists: lists, rules: rules, showPriority: lists.map(\.show.id), checklist: checklist, orders: orders,
                chosenOrderID: chosenOrderID)
        }

        /// The merged watch order in the order in use; contradicting rules are the store's `.order` error.
        func merged() throws(WatchOrderStoreError) -> WatchList {
            do { return try state(Checklist()).watchList() } catch { throw .order(error) }
        }
    }

    /// The catalogue with the owner's orders and choice.
    func fetchOrder(_ db: Database) throws -> StoredOrder {
        let (lists, rules) = try CatalogueTables.fetch(db)
        let orders = viewerOrders
        return StoredOrder(lists: lists, rules: rules, orders: try orders.orders(db), chosenOrderID: try orders.chosenOrderID(db))
    }

    /// Everything the owner sees, read in `db`.
    func fetchState(_ db: Database) throws -> WatchState {
        try fetchOrder(db).state(try settings.checklist(db))
    }

    /// The merged watch order of `state`; contradicting rules are the store's `.order` error.
    static func watchList(of state: WatchState) throws(WatchOrderStoreError) -> WatchList {
        do { return try state.watchList() } catch { throw .order(error) }
    }
}
