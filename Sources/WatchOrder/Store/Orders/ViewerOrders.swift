import Foundation
import GRDB
import AirdateCore
import AirdateStore

/// One owner's named orders, as stored: the orders they saved (`savedOrder`) and the one they chose
/// (`chosenOrder`). The app's built-in orders are the catalogue's (``CatalogueTables``).
struct ViewerOrders {
    /// A `savedOrder` row: an order of the owner's, as JSON.
    struct SavedOrderRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "savedOrder"
        var owner: String
        var id: String
        var position: Int
        var json: String
    }

    /// A `chosenOrder` row: the order the owner chose.
    struct ChosenOrderRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "chosenOrder"
        var owner: String
        var orderID: String
    }

    /// Whose orders.
    var owner: String

    private var saved: QueryInterfaceRequest<SavedOrderRecord> { SavedOrderRecord.filter(Column("owner") == owner) }

    /// The owner's saved orders, by position; a row that no longer decodes is left out.
    func savedOrders(_ db: Database) throws -> [NamedOrder] {
        let decoder = JSONDecoder()
        return try saved.order(Column("position")).fetchAll(db).compactMap { record in
            guard var order = try? decoder.decode(NamedOrder.self, from: Data(record.json.utf8)) else { return nil }
            order.origin = .user
            return order
        }
    }

    /// The built-in orders, then the owner's.
    func orders(_ db: Database) throws -> [NamedOrder] {
        try CatalogueTables.builtInOrders(db) + savedOrders(db)
    }

    /// The id of the order the owner chose, if any.
    func chosenOrderID(_ db: Database) throws -> String? {
        try ChosenOrderRecord.fetchOne(db, key: owner)?.orderID
    }

    /// Adds the owner's order, or replaces theirs with the same id (keeping its place).
    ///
    /// - Returns: `true` when an order was replaced.
    /// - Throws: ``WatchOrderStoreError/Code/orderIsBuiltIn`` when a built-in order has the id.
    func save(id: String, json: String, in db: Database) throws -> Bool {
        if try CatalogueTables.BuiltInOrderRecord.exists(db, key: id) { throw WatchOrderStoreError.orderIsBuiltIn(id) }
        if var stored = try saved.filter(Column("id") == id).fetchOne(db) {
            stored.json = json
            try stored.update(db)
            return true
        }
        let position = try saved.select(max(Column("position")), as: Int?.self).fetchOne(db).flatMap { $0 }.map { $0 + 1 } ?? 0
        try SavedOrderRecord(owner: owner, id: id, position: position, json: json).insert(db)
        return false
    }

    /// Removes the owner's order `id`; when it was the chosen one, the choice goes back to the default.
    ///
    /// - Returns: `true` when the removed order was the chosen one.
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` or ``WatchOrderStoreError/Code/orderIsBuiltIn``.
    func remove(id: String, in db: Database) throws -> Bool {
        if try CatalogueTables.BuiltInOrderRecord.exists(db, key: id) { throw WatchOrderStoreError.orderIsBuiltIn(id) }
        guard try saved.filter(Column("id") == id).deleteAll(db) > 0 else {
            throw WatchOrderStoreError.unknownOrder(id, known: try orders(db).map(\.id))
        }
        guard try chosenOrderID(db) == id else { return false }
        try ChosenOrderRecord.deleteOne(db, key: owner)
        return true
    }

    /// Chooses the order `id`; `nil` goes back to the default.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/unknownOrder`` naming the orders that exist.
    func choose(_ id: String?, in db: Database) throws {
        guard let id else {
            try ChosenOrderRecord.deleteOne(db, key: owner)
            return
        }
        let known = try orders(db).map(\.id)
        guard known.contains(id) else { throw WatchOrderStoreError.unknownOrder(id, known: known) }
        try ChosenOrderRecord(owner: owner, orderID: id).upsert(db)
    }

    /// `orders` as rows: their ids and JSON (keys sorted, so equal orders store equal text).
    ///
    /// - Throws: ``WatchOrderStoreError/Code/invalidOrder`` for an order that does not encode or an id given twice.
    static func encoded(_ orders: [NamedOrder]) throws(WatchOrderStoreError) -> [(id: String, json: String)] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var rows: [(id: String, json: String)] = []
        for order in orders {
            guard let data = try? encoder.encode(order) else { throw .invalidOrder("the order \(order.id) could not be encoded") }
            guard !rows.contains(where: { $0.id == order.id }) else { throw .invalidOrder("the id \(order.id) is given twice") }
            rows.append((order.id, String(decoding: data, as: UTF8.self)))
        }
        return rows
    }
}
