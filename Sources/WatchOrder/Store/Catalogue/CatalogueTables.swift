import AirdateCore
import Foundation
import GRDB
import AirdateStore

/// The episode catalogue every owner shares, as stored: shows, their episodes, the ordering rules
/// and the app's built-in orders — the records and the reads and writes of `show`, `episode`,
/// `rule` and `watchOrder`.
enum CatalogueTables {
    /// A `show` row.
    struct ShowRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "show"
        var id: String
        var name: String
        var priority: Int
        /// JSON of `ExternalIDs`; `nil` when none.
        var externalIDs: String?
    }

    /// An `episode` row.
    struct EpisodeRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "episode"
        var id: String
        var showID: String
        var season: Int
        var number: Int?
        var overall: Int?
        var title: String
        /// JSON array of strings (`[]` when none).
        var alternateTitles: String
        var airDay: String?
        var broadcast: Double?
        var runtime: Double?
        var sourceURL: String?
        var listPosition: Int
        var pageURL: String?
        /// JSON of `ExternalIDs`; `nil` when none.
        var externalIDs: String?
    }

    /// A `rule` row: one ordering rule, as JSON.
    struct RuleRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "rule"
        var position: Int
        var json: String
    }

    /// A `watchOrder` row: one of the app's built-in orders, as JSON.
    struct BuiltInOrderRecord: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "watchOrder"
        var id: String
        var origin = "builtIn"
        var position: Int
        var json: String
    }

    // MARK: Writing

    /// A show's list, encoded for its rows.
    struct PreparedList: Sendable {
        var show: Show
        var showIDs: String?
        var episodes: [(episode: Episode, alternates: String, ids: String?)]
        var isUnreadable: Bool
        var firstDiagnostic: String?
    }

    static func prepare(_ lists: [EpisodeList]) -> [PreparedList] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        func json(_ ids: ExternalIDs) -> String? {
            ids.isEmpty ? nil : (try? encoder.encode(ids)).map { String(decoding: $0, as: UTF8.self) }
        }
        return lists.map { list in
            PreparedList(
                show: list.show, showIDs: json(list.show.externalIDs),
                episodes: list.episodes.map { episode in
                    let alternates = episode.alternateTitles.isEmpty
                        ? "[]" : (try? encoder.encode(episode.alternateTitles)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
                    return (episode, alternates, json(episode.externalIDs))
                },
                isUnreadable: list.isUnreadable, firstDiagnostic: list.diagnostics.first?.description)
        }
    }

    /// Stores the lists: new episodes inserted, changed ones updated, those no longer listed removed;
    /// a new show after the others in priority. A list without ids (a wiki page) keeps the ids stored
    /// for the show and its episodes.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/emptyEpisodeList`` for an unreadable list of a show that
    ///   has stored episodes (nothing written).
    static func refresh(_ lists: [PreparedList], in db: Database) throws {
        for list in lists where list.isUnreadable {
            if try EpisodeRecord.filter(Column("showID") == list.show.id).isEmpty(db) == false {
                throw WatchOrderStoreError.emptyEpisodeList(show: list.show.name, reason: list.firstDiagnostic)
            }
        }
        for list in lists {
            let show = list.show
            if var stored = try ShowRecord.fetchOne(db, key: show.id) {
                stored.name = show.name
                stored.externalIDs = list.showIDs ?? stored.externalIDs
                try stored.update(db)
            } else {
                let next = try ShowRecord.select(max(Column("priority")), as: Int?.self).fetchOne(db).flatMap { $0 }.map { $0 + 1 } ?? 0
                try ShowRecord(id: show.id, name: show.name, priority: next, externalIDs: list.showIDs).insert(db)
            }
            let storedIDs = Dictionary(
                try EpisodeRecord.filter(Column("showID") == show.id).select(Column("id"), Column("externalIDs")).asRequest(of: Row.self)
                    .fetchAll(db).map { ($0["id"] as String, $0["externalIDs"] as String?) },
                uniquingKeysWith: { first, _ in first })
            var kept = Set<String>()
            for (position, (episode, alternates, ids)) in list.episodes.enumerated() {
                let id = episode.id.rawValue
                try EpisodeRecord(
                    id: id, showID: show.id, season: episode.season, number: episode.number, overall: episode.overall,
                    title: episode.title, alternateTitles: alternates, airDay: episode.airDay?.description,
                    broadcast: episode.broadcast?.timeIntervalSince1970, runtime: episode.runtime.map { Double($0.components.seconds) },
                    sourceURL: episode.sourceURL?.absoluteString, listPosition: position, pageURL: episode.pageURL?.absoluteString,
                    externalIDs: ids ?? storedIDs[id] ?? nil
                ).upsert(db)
                kept.insert(id)
            }
            for id in storedIDs.keys where !kept.contains(id) {
                try EpisodeRecord.deleteOne(db, key: id)
            }
        }
    }

    /// Sets the show priority (ids, highest first); shows not named keep their order after them.
    static func setShowPriority(_ ids: [String], in db: Database) throws {
        let existing = try ShowRecord.order(Column("priority"), Column("id")).select(Column("id"), as: String.self).fetchAll(db)
        let ordered = ids.filter(existing.contains) + existing.filter { !ids.contains($0) }
        for (index, id) in ordered.enumerated() {
            try ShowRecord.filter(key: id).updateAll(db, Column("priority").set(to: index))
        }
    }

    /// Replaces the ordering rules (JSON, in order).
    static func setRules(_ rules: [String], in db: Database) throws {
        try RuleRecord.deleteAll(db)
        for (position, json) in rules.enumerated() { try RuleRecord(position: position, json: json).insert(db) }
    }

    /// Replaces the built-in orders unless they already are `rows`.
    ///
    /// - Throws: ``WatchOrderStoreError/Code/orderIDTaken`` when a viewer's saved order (of any owner)
    ///   has the id of one of them.
    static func setBuiltInOrders(_ rows: [(id: String, json: String)], in db: Database) throws {
        let stored = try BuiltInOrderRecord.order(Column("position")).fetchAll(db)
        guard stored.map(\.id) != rows.map(\.id) || stored.map(\.json) != rows.map(\.json) else { return }
        if let taken = try rows.first(where: { try ViewerOrders.SavedOrderRecord.filter(Column("id") == $0.id).isEmpty(db) == false }) {
            throw WatchOrderStoreError.orderIDTaken(taken.id)
        }
        try BuiltInOrderRecord.deleteAll(db)
        for (position, row) in rows.enumerated() {
            try BuiltInOrderRecord(id: row.id, position: position, json: row.json).insert(db)
        }
    }

    // MARK: Reading

    /// The shows with their episodes (in priority order, each show's episodes in list order) and the rules.
    static func fetch(_ db: Database) throws -> (lists: [EpisodeList], rules: [OrderingRule]) {
        let decoder = JSONDecoder()
        func ids(_ text: String?) -> ExternalIDs {
            text.flatMap { try? decoder.decode(ExternalIDs.self, from: Data($0.utf8)) } ?? .none
        }
        let shows = try ShowRecord.order(Column("priority"), Column("id")).fetchAll(db).map {
            Show(name: $0.name, id: $0.id, externalIDs: ids($0.externalIDs))
        }
        var episodesByShow: [String: [Episode]] = [:]
        let records = try EpisodeRecord.order(Column("showID"), Column("listPosition")).fetchCursor(db)
        while let record = try records.next() {
            let alternates = record.alternateTitles == "[]"
                ? [] : (try? decoder.decode([String].self, from: Data(record.alternateTitles.utf8))) ?? []
            var episode = Episode(
                showID: record.showID, season: record.season, number: record.number, overall: record.overall, title: record.title,
                alternateTitles: alternates, airDay: record.airDay.flatMap(CalendarDay.init),
                broadcast: record.broadcast.map(Date.init(timeIntervalSince1970:)), runtime: record.runtime.map { Duration.seconds($0) },
                sourceURL: record.sourceURL.flatMap(URL.init(string:)), pageURL: record.pageURL.flatMap(URL.init(string:)),
                externalIDs: ids(record.externalIDs))
            episode.id = EpisodeID(rawValue: record.id)
            episodesByShow[record.showID, default: []].append(episode)
        }
        let lists = shows.map { EpisodeList(show: $0, episodes: episodesByShow[$0.id] ?? []) }
        let rules = try RuleRecord.order(Column("position")).fetchAll(db).compactMap {
            try? decoder.decode(OrderingRule.self, from: Data($0.json.utf8))
        }
        return (lists, rules)
    }

    /// The built-in orders, by position. A row that no longer decodes (written by a later release,
    /// say) is left out.
    static func builtInOrders(_ db: Database) throws -> [NamedOrder] {
        let decoder = JSONDecoder()
        return try BuiltInOrderRecord.order(Column("position")).fetchAll(db).compactMap { record in
            guard var order = try? decoder.decode(NamedOrder.self, from: Data(record.json.utf8)) else { return nil }
            order.origin = .builtIn
            return order
        }
    }

    /// Whether `id` names a stored episode.
    static func isListed(_ id: EpisodeID, in db: Database) throws -> Bool {
        try EpisodeRecord.exists(db, key: id.rawValue)
    }

    /// The listed episodes of a show (or of one season of it), in list order.
    static func episodeIDs(ofShow showID: String, season: Int?, in db: Database) throws -> [EpisodeID] {
        var request = EpisodeRecord.filter(Column("showID") == showID)
        if let season { request = request.filter(Column("season") == season) }
        return try request.order(Column("listPosition")).select(Column("id"), as: String.self).fetchAll(db).map(EpisodeID.init(rawValue:))
    }

    /// The stored show ids.
    static func showIDs(_ db: Database) throws -> Set<String> {
        Set(try ShowRecord.select(Column("id"), as: String.self).fetchAll(db))
    }
}
