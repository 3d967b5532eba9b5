import Foundation
import AirdateCore
import AirdateStore
import GRDB

/// The episode catalogue every owner shares: shows and their episodes, the show priority, the
/// ordering rules and the app's built-in orders.
extension WatchOrderStore {
    /// Refreshes several shows in one transaction: inserts new episodes, updates changed ones (by
    /// identity) and removes those no longer listed. Watches are kept, even of removed episodes (they
    /// count again if the episode comes back). A new show goes after the existing ones in priority.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/emptyEpisodeList`` when a list has no episodes
    ///   (``EpisodeList/isUnreadable``: a page without a recognisable episode table, say) for a show
    ///   that has stored episodes: nothing is written, so no show's episodes are replaced with nothing.
    ///   An empty list for a show with none stored (an announced show) is stored as before.
    public func refresh(_ lists: [EpisodeList]) async throws(WatchOrderStoreError) {
        let prepared = CatalogueTables.prepare(lists)
        try await database.write { db in try CatalogueTables.refresh(prepared, in: db) }
    }

    /// Sets the show priority (ids, highest first); shows not named keep their order after them.
    public func setShowPriority(_ ids: [String]) async throws(WatchOrderStoreError) {
        try await database.write { db in try CatalogueTables.setShowPriority(ids, in: db) }
    }

    /// Replaces the ordering rules: the order used when the store holds no named order.
    public func setRules(_ rules: [OrderingRule]) async throws(WatchOrderStoreError) {
        var encoded: [String] = []
        for rule in rules {
            guard let data = try? JSONEncoder().encode(rule) else {
                throw .store(.failed(path: path, reason: "the ordering rule \(rule) could not be encoded"))
            }
            encoded.append(String(decoding: data, as: UTF8.self))
        }
        let rows = encoded
        try await database.write { db in try CatalogueTables.setRules(rows, in: db) }
    }

    /// Replaces the app's built-in orders (their rules, titles and positions); the viewers' own
    /// orders and choices are kept. Nothing is written when the stored built-in orders are already
    /// these, so an app may call this at every launch.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/orderIDTaken`` when a viewer's order has the id of one
    ///   of `orders` (nothing is written), or a store error.
    public func setBuiltInOrders(_ orders: [NamedOrder]) async throws(WatchOrderStoreError) {
        let rows = try ViewerOrders.encoded(orders.map { order in
            var order = order
            order.origin = .builtIn
            return order
        })
        try await database.writeIfNeeded { db in try CatalogueTables.setBuiltInOrders(rows, in: db) }
    }
}
