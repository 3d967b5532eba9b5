public import AirdateCore
public import AirdateStore
import Foundation
import GRDB

/// Reading what the owner sees — everything at once, the merged watch order — and observing it.
///
/// Observations are scoped to the owner: another owner's watches, orders or settings neither wake
/// them nor show in them; a change of the shared catalogue (episodes, rules, built-in orders) does.
extension WatchOrderStore {
    /// Everything the owner sees, read in one transaction.
    public func state() async throws(WatchOrderStoreError) -> WatchState {
        try await database.read { [self] db in try fetchState(db) }
    }

    /// The current watch order (in the order the owner chose).
    public func watchList() async throws(WatchOrderStoreError) -> WatchList {
        try await database.read { [self] db in try fetchOrder(db).merged() }
    }

    /// The stored state now and after every change to episodes, shows, rules, the owner's orders,
    /// watches or settings: changes made through this store at once, and those of other processes
    /// within the polling interval (a quarter of a second unless told).
    ///
    /// The episode lists and rules are read again only when the catalogue or the owner's orders
    /// change; a change of watches or settings reads only those.
    public func observeState() -> StoreObservation<WatchState> {
        let settings = settings
        return database.observe(scope: owner, { [self] db in try fetchOrder(db) }, { db in try settings.checklist(db) }) { order, checklist in
            order.state(checklist)
        }
    }

    /// The stored state now, then after every change with what changed (``WatchStateChange``):
    /// what a live list needs to patch itself rather than start again. See ``WatchStateUpdates``.
    public func observeChanges() -> WatchStateUpdates {
        WatchStateUpdates(states: observeState())
    }

    /// The watch order and the checklist, now and after every change of either.
    ///
    /// The order is read and merged again only when the catalogue or the owner's orders change: a
    /// watch or a setting reads the checklist alone.
    ///
    /// - Throws (from the sequence): ``WatchOrderStoreError/Code/order`` when the stored rules
    ///   contradict each other, or ``WatchOrderStoreError/Code/store``.
    public func observeWatchList() -> StoreObservation<CheckedWatchList> {
        let settings = settings
        return database.observe(scope: owner, { [self] db in try fetchOrder(db).merged() }, { db in try settings.checklist(db) }) { list, checklist in
            CheckedWatchList(list: list, checklist: checklist)
        }
    }

    /// Up next, now and after every change of the watch order or the checklist; `now` is read at
    /// each emission.
    ///
    /// The order is read and merged again only when the catalogue or the owner's orders change:
    /// watching an episode reads the checklist alone and works up next out from the merged order it has.
    ///
    /// - Throws (from the sequence): ``WatchOrderStoreError/Code/order`` when the stored rules
    ///   contradict each other, or ``WatchOrderStoreError/Code/store``.
    public func observeUpNext(at clock: ViewerClock) -> StoreObservation<UpNext> {
        let settings = settings
        return database.observe(scope: owner, { [self] db in try fetchOrder(db).merged() }, { db in try settings.checklist(db) }) { list, checklist in
            checklist.upNext(in: list, at: clock)
        }
    }
}
