public import AirdateCore
public import AirdateStore
public import Foundation

/// The storage of the watch-order domain, for one owner: the episode catalogue every owner shares
/// (shows, episodes, rules, built-in orders), and the owner's watches, history and undo, orders,
/// hidden shows and settings, with observation of what they see.
///
/// ``WatchOrderStore`` is the SQLite backend (the embedded default). Another backend — a server
/// database shared by several processes on several machines — is a type of its own conforming to
/// this protocol, in a target of its own; apps and examples written against `WatchOrderStorage`
/// run on either. Every requirement is one transaction of the backend: it changes everything it
/// says or nothing, and every change of the owner's data is one logged change ``undo(undoneAt:)``
/// takes back.
///
/// A handle belongs to one ``owner``: two handles of different owners on one database never see
/// each other's watches, history, undo log, orders or settings, and an observation of one owner is
/// not woken by another's changes. ``scoped(to:)`` gives another owner's handle on the same database.
///
/// The operations without a time or an order (``watch(_:)``, ``undo()``…) are in an extension: they
/// pass `nil`, meaning "now" on the backend's clock, or the owner's chosen order.
public protocol WatchOrderStorage: Sendable {
    /// Whose watches, history, orders and settings this handle reads and writes.
    var owner: StoreOwner { get }
    /// A handle on the same database for `owner`.
    func scoped(to owner: StoreOwner) -> Self

    // MARK: The catalogue (shared)

    /// Stores shows' episodes (inserting, updating and removing by identity) in one transaction;
    /// an unreadable list for a show with stored episodes fails with
    /// ``WatchOrderStoreError/Code/emptyEpisodeList`` and writes nothing.
    func refresh(_ lists: [EpisodeList]) async throws(WatchOrderStoreError)
    /// Sets the show priority (ids, highest first).
    func setShowPriority(_ ids: [String]) async throws(WatchOrderStoreError)
    /// Replaces the ordering rules.
    func setRules(_ rules: [OrderingRule]) async throws(WatchOrderStoreError)
    /// Replaces the app's built-in orders (nothing written when they already are these).
    func setBuiltInOrders(_ orders: [NamedOrder]) async throws(WatchOrderStoreError)

    // MARK: The owner's orders

    /// Adds or replaces an order of the owner's; `true` when one was replaced.
    @discardableResult
    func saveOrder(_ order: NamedOrder) async throws(WatchOrderStoreError) -> Bool
    /// Removes an order of the owner's; `true` when it was the chosen one.
    @discardableResult
    func removeOrder(id: String) async throws(WatchOrderStoreError) -> Bool
    /// Chooses the order the owner follows; `nil` for the default.
    func chooseOrder(_ id: String?) async throws(WatchOrderStoreError)
    /// The built-in orders, then the owner's.
    func orders() async throws(WatchOrderStoreError) -> [NamedOrder]
    /// The watch order in the named order `id`.
    func watchList(order id: String) async throws(WatchOrderStoreError) -> WatchList

    // MARK: Reading

    /// Everything the owner sees, read at one moment.
    func state() async throws(WatchOrderStoreError) -> WatchState
    /// The merged watch order in the order the owner chose.
    func watchList() async throws(WatchOrderStoreError) -> WatchList

    // MARK: Watches

    /// Records episodes as watched at `date` (`nil`: now); see ``WatchOrderStore/watch(_:watchedAt:)``.
    @discardableResult
    func watch(_ ids: [EpisodeID], watchedAt date: Date?) async throws(WatchOrderStoreError) -> WatchSummary
    /// Removes episodes' watches; the ids that had one.
    @discardableResult
    func unwatch(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID]
    /// Records every aired visible episode up to `id` in the order `orderID` (`nil`: the chosen one).
    @discardableResult
    func watch(through id: EpisodeID, order orderID: String?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary
    /// Records a show, or a season of it, as watched (aired episodes).
    @discardableResult
    func watch(show showID: String, season: Int?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary
    /// Records the next episode to watch, overall or of `showID`.
    @discardableResult
    func watchNext(ofShow showID: String?, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary
    /// Records another watch of each episode at `date` (`nil`: now).
    @discardableResult
    func rewatch(_ ids: [EpisodeID], watchedAt date: Date?) async throws(WatchOrderStoreError) -> WatchSummary
    /// Removes the most recent watch of each episode.
    @discardableResult
    func unwatchLast(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID]
    /// Removes the watches of every visible episode up to `id` in the watch order.
    @discardableResult
    func unwatch(through id: EpisodeID) async throws(WatchOrderStoreError) -> [EpisodeID]
    /// Removes the watches of a show, or of a season of it.
    @discardableResult
    func unwatch(show showID: String, season: Int?) async throws(WatchOrderStoreError) -> [EpisodeID]

    // MARK: Skips, shows and rewatch sessions

    /// Skips episodes at `date` (`nil`: now); the ids newly skipped.
    @discardableResult
    func skip(_ ids: [EpisodeID], skippedAt date: Date?) async throws(WatchOrderStoreError) -> [EpisodeID]
    /// Takes skips back; the ids that were skipped.
    @discardableResult
    func unskip(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID]
    /// Sets a show's status at `date` (`nil`: now); the status before.
    @discardableResult
    func setStatus(_ status: ShowStatus, ofShow showID: String, changedAt date: Date?) async throws(WatchOrderStoreError) -> ShowStatus
    /// Makes exactly `ids` the hidden shows at `date` (`nil`: now), in one change, clearing a
    /// selection of shows (see ``WatchOrderStore/setHiddenShows(_:changedAt:)``).
    func setHiddenShows(_ ids: Set<String>, changedAt date: Date?) async throws(WatchOrderStoreError)
    /// Starts a rewatch session over `shows` (empty: every show).
    @discardableResult
    func startRewatch(named name: String, shows: Set<String>, startedAt date: Date?) async throws(WatchOrderStoreError) -> RewatchSession
    /// Ends an active rewatch session.
    @discardableResult
    func endRewatch(_ id: RewatchSession.ID, endedAt date: Date?) async throws(WatchOrderStoreError) -> RewatchSession
    /// Removes a rewatch session and its watches; how many watches went with it.
    @discardableResult
    func removeRewatch(_ id: RewatchSession.ID) async throws(WatchOrderStoreError) -> Int

    // MARK: History, undo and imports

    /// The watches `query` asks for, with every rewatch session.
    func history(_ query: HistoryQuery) async throws(WatchOrderStoreError) -> WatchHistory
    /// The owner's most recent changes, newest first.
    func changes(limit: Int) async throws(WatchOrderStoreError) -> [ChangeRecord]
    /// Undoes the owner's most recent change that stands, at `date` (`nil`: now); `nil` when none.
    @discardableResult
    func undo(undoneAt date: Date?) async throws(WatchOrderStoreError) -> ChangeRecord?
    /// Records another service's watches and statuses (see ``WatchOrderStore/importWatches(_:showStatus:source:dryRun:)``).
    @discardableResult
    func importWatches(
        _ watches: [WatchToImport], showStatus: [String: ShowStatus], source: String, dryRun: Bool
    ) async throws(WatchOrderStoreError) -> WatchImportReport
    /// Adds a progress file's watches and applies its settings.
    @discardableResult
    func importProgress(_ data: Data, dryRun: Bool) async throws(WatchOrderStoreError) -> ProgressImportReport
    /// The owner's watched episodes and settings as a progress file.
    func exportProgress(exportedAt date: Date) async throws(WatchOrderStoreError) -> Data

    // MARK: Settings

    /// Hides or shows specials.
    func setHidesSpecials(_ hides: Bool) async throws(WatchOrderStoreError)
    /// Follows only these shows; `nil` for all.
    func setSelectedShows(_ ids: Set<String>?) async throws(WatchOrderStoreError)

    // MARK: Observing

    /// The state now and after every change the owner can see.
    func observeState() -> StoreObservation<WatchState>
    /// The state now, then after every change with what changed.
    func observeChanges() -> WatchStateUpdates
    /// The watch order and the checklist, now and after every change of either.
    func observeWatchList() -> StoreObservation<CheckedWatchList>
    /// Up next, now and after every change.
    func observeUpNext(at clock: ViewerClock) -> StoreObservation<UpNext>
    /// The history `query` asks for, now and after every change of the owner's watches or sessions.
    func observeHistory(_ query: HistoryQuery) -> StoreObservation<WatchHistory>
}

extension WatchOrderStorage {
    /// Stores one show's episodes, as `refresh(_:)` with a list of lists does.
    public func refresh(_ list: EpisodeList) async throws(WatchOrderStoreError) {
        try await refresh([list])
    }

    /// Records episodes as watched now.
    @discardableResult
    public func watch(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> WatchSummary {
        try await watch(ids, watchedAt: nil)
    }

    /// Records every aired visible episode up to `id` in the order the owner chose.
    @discardableResult
    public func watch(through id: EpisodeID, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        try await watch(through: id, order: nil, at: clock)
    }

    /// Records a whole show as watched (aired episodes).
    @discardableResult
    public func watch(show showID: String, at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        try await watch(show: showID, season: nil, at: clock)
    }

    /// Records the next episode to watch overall.
    @discardableResult
    public func watchNext(at clock: ViewerClock) async throws(WatchOrderStoreError) -> WatchSummary {
        try await watchNext(ofShow: nil, at: clock)
    }

    /// Records another watch of each episode now.
    @discardableResult
    public func rewatch(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> WatchSummary {
        try await rewatch(ids, watchedAt: nil)
    }

    /// Removes the watches of a whole show.
    @discardableResult
    public func unwatch(show showID: String) async throws(WatchOrderStoreError) -> [EpisodeID] {
        try await unwatch(show: showID, season: nil)
    }

    /// Skips episodes now.
    @discardableResult
    public func skip(_ ids: [EpisodeID]) async throws(WatchOrderStoreError) -> [EpisodeID] {
        try await skip(ids, skippedAt: nil)
    }

    /// Sets a show's status now.
    @discardableResult
    public func setStatus(_ status: ShowStatus, ofShow showID: String) async throws(WatchOrderStoreError) -> ShowStatus {
        try await setStatus(status, ofShow: showID, changedAt: nil)
    }

    /// Makes exactly `ids` the hidden shows, now.
    public func setHiddenShows(_ ids: Set<String>) async throws(WatchOrderStoreError) {
        try await setHiddenShows(ids, changedAt: nil)
    }

    /// Starts a rewatch session now, over `shows` (empty: every show).
    @discardableResult
    public func startRewatch(named name: String, shows: Set<String> = []) async throws(WatchOrderStoreError) -> RewatchSession {
        try await startRewatch(named: name, shows: shows, startedAt: nil)
    }

    /// Ends an active rewatch session now.
    @discardableResult
    public func endRewatch(_ id: RewatchSession.ID) async throws(WatchOrderStoreError) -> RewatchSession {
        try await endRewatch(id, endedAt: nil)
    }

    /// Every watch, with every rewatch session.
    public func history() async throws(WatchOrderStoreError) -> WatchHistory {
        try await history(HistoryQuery())
    }

    /// The owner's 20 most recent changes, newest first.
    public func changes() async throws(WatchOrderStoreError) -> [ChangeRecord] {
        try await changes(limit: 20)
    }

    /// Undoes the owner's most recent change that stands, now.
    @discardableResult
    public func undo() async throws(WatchOrderStoreError) -> ChangeRecord? {
        try await undo(undoneAt: nil)
    }

    /// Records another service's watches and statuses, for real.
    @discardableResult
    public func importWatches(
        _ watches: [WatchToImport], showStatus: [String: ShowStatus] = [:], source: String
    ) async throws(WatchOrderStoreError) -> WatchImportReport {
        try await importWatches(watches, showStatus: showStatus, source: source, dryRun: false)
    }

    /// Adds a progress file's watches and applies its settings, for real; what the watches changed.
    @discardableResult
    public func importProgress(_ data: Data) async throws(WatchOrderStoreError) -> WatchSummary {
        try await importProgress(data, dryRun: false).watches
    }

    /// The whole history, now and after every change of the owner's watches or sessions.
    public func observeHistory() -> StoreObservation<WatchHistory> {
        observeHistory(HistoryQuery())
    }
}
