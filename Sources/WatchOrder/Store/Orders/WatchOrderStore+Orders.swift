import AirdateCore
import AirdateStore
import Foundation
import GRDB
/// The owner's named orders: those they saved, and the one they chose.
extension WatchOrderStore {
    /// Adds an order of the owner's, or replaces theirs with the same id (keeping its place).
    ///
    /// - Returns: `true` when an order of the owner's was replaced.
    /// - Throws: ``WatchOrderStoreError/Code/orderIsBuiltIn`` when a built-in order has the id.
    @discardableResult
    public func saveOrder(_ order: NamedOrder) async throws(WatchOrderStoreError) -> Bool {
        var order = order
        order.origin = .user
        guard let row = try ViewerOrders.encoded([order]).first else { return false }
        let orders = viewerOrders
        return try await database.write { db in try orders.save(id: row.id, json: row.json, in: db) }
    }

    /// Removes an order of the owner's. When it was the chosen one, the choice goes back to the default.
    ///
    /// - Returns: `true` when the removed order was the chosen one.
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` or
    ///   ``WatchOrderStoreError/Code/orderIsBuiltIn`` (built-in orders belong to the app).
    @discardableResult
    public func removeOrder(id: String) async throws(WatchOrderStoreError) -> Bool {
        let orders = viewerOrders
        return try await database.write { db in try orders.remove(id: id, in: db) }
    }

    /// Chooses the order the watch list, up next and ``watch(through:at:)`` follow; `nil` goes back to
    /// the default (``WatchState/defaultOrder``).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` naming the orders that exist.
    public func chooseOrder(_ id: String?) async throws(WatchOrderStoreError) {
        let orders = viewerOrders
        try await database.write { db in try orders.choose(id, in: db) }
    }

    /// The named orders: the built-in ones first, then the owner's.
    public func orders() async throws(WatchOrderStoreError) -> [NamedOrder] {
        let orders = viewerOrders
        return try await database.read { db in try orders.orders(db) }
    }

    /// The watch order in the named order `id` (whatever the owner chose).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder``, or ``WatchOrderStoreError/Code/order``
    ///   when its rules contradict each other.
    public func watchList(order id: String) async throws(WatchOrderStoreError) -> WatchList {
        let state = try await state()
        guard let order = state.order(id: id) else { throw .unknownOrder(id, known: state.orders.map(\.id)) }
        do { return try state.watchList(in: order) } catch { throw .order(error) }
    }
}
