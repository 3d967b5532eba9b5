import AirdateCore
import AirdateStore
import Foundation
import GRDB

/// One row of the `trackedShow` table: one owner's show, its goal, options and plan as JSON (the
/// primary key is the owner and the show's id).
struct TrackedShowRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "trackedShow"

    /// The columns the store's queries name.
    enum Columns {
        static let owner = Column(CodingKeys.owner)
        static let id = Column(CodingKeys.id)
        static let position = Column(CodingKeys.position)
    }

    /// The owner's rows, in the order the shows were added.
    static func rows(of owner: StoreOwner) -> QueryInterfaceRequest<TrackedShowRecord> {
        filter(Columns.owner == owner.id).order(Columns.position)
    }

    /// The owner's row of the show `id`.
    static func row(_ id: Int, of owner: StoreOwner) -> QueryInterfaceRequest<TrackedShowRecord> {
        filter(Columns.owner == owner.id && Columns.id == id)
    }

    /// The position after the owner's last show.
    static func nextPosition(of owner: StoreOwner, _ db: Database) throws -> Int {
        let last = try filter(Columns.owner == owner.id).select(max(Columns.position), as: Int?.self).fetchOne(db) ?? nil
        return (last ?? 0) + 1
    }

    /// The JSON body.
    struct Body: Codable {
        var show: AnimeShow
        var goal: PlanGoal
        var options: PlanOptions
        var watchedBeforeTracking: Int
        var plan: ViewingPlan
        var planIssue: PlanError?
        /// Absent in rows written before plans could be paused or dropped (read as active).
        var state: PlanState?
        /// What a pause, drop or queue took off the plan; absent when empty and in rows written
        /// before 0.3.0.
        var suspendedDays: [PlannedDay]?
    }

    /// The owner's `StoreOwner.id` (schema v2; rows written before belong to the local owner, `""`).
    var owner: String
    var id: Int
    var title: String
    var position: Int
    var body: String

    init(_ tracked: TrackedShow, owner: StoreOwner, position: Int) throws {
        self.owner = owner.id
        id = tracked.id
        title = tracked.show.title
        self.position = position
        let value = Body(show: tracked.show, goal: tracked.goal, options: tracked.options,
                         watchedBeforeTracking: tracked.watchedBeforeTracking, plan: tracked.plan, planIssue: tracked.planIssue,
                         state: tracked.state, suspendedDays: tracked.suspendedDays.isEmpty ? nil : tracked.suspendedDays)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        body = String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func trackedShow(log: [WatchEntry]) throws(PlannerStoreError) -> TrackedShow {
        let value: Body
        do {
            value = try JSONDecoder().decode(Body.self, from: Data(body.utf8))
        } catch {
            throw .corruptRow(id: id, reason: "the body is not understood")
        }
        return TrackedShow(show: value.show, goal: value.goal, options: value.options,
                           watchedBeforeTracking: value.watchedBeforeTracking, plan: value.plan, log: log,
                           planIssue: value.planIssue, state: value.state ?? .active, suspendedDays: value.suspendedDays ?? [])
    }

    /// The schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: trackedShow, watchEntry") { db in
            try db.create(table: databaseTableName) { t in
                t.column("id", .integer).primaryKey()
                t.column("title", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("body", .text).notNull()
            }
            try db.create(table: WatchEntryRecord.databaseTableName) { t in
                t.autoIncrementedPrimaryKey("rowID")
                t.column("showID", .integer).notNull().indexed()
                    .references(databaseTableName, onDelete: .cascade)
                t.column("day", .text).notNull()
                t.column("firstEpisode", .integer).notNull().check { $0 >= 1 }
                t.column("lastEpisode", .integer).notNull()
                t.check(sql: "lastEpisode >= firstEpisode")
            }
        }
        // Plans belong to an owner (an account; `""` for the one local person): two owners on one file
        // never see each other's, and may track the same show. SQLite cannot change a primary key, so
        // both tables are made anew — shows keyed by (owner, id), log lines pointing at (owner, show)
        // — rows in their order.
        migrator.registerMigration("v2: owners") { db in
            try db.create(table: "trackedShow_v2") { t in
                t.column("owner", .text).notNull().defaults(to: "")
                t.column("id", .integer).notNull()
                t.column("title", .text).notNull()
                t.column("position", .integer).notNull()
                t.column("body", .text).notNull()
                t.primaryKey(["owner", "id"])
            }
            try db.execute(sql: "INSERT INTO trackedShow_v2 (owner, id, title, position, body) SELECT '', id, title, position, body FROM trackedShow")
            try db.create(table: "watchEntry_v2") { t in
                t.autoIncrementedPrimaryKey("rowID")
                t.column("owner", .text).notNull().defaults(to: "")
                t.column("showID", .integer).notNull()
                t.column("day", .text).notNull()
                t.column("firstEpisode", .integer).notNull().check { $0 >= 1 }
                t.column("lastEpisode", .integer).notNull()
                t.check(sql: "lastEpisode >= firstEpisode")
                t.foreignKey(["owner", "showID"], references: databaseTableName, columns: ["owner", "id"], onDelete: .cascade)
            }
            try db.execute(sql: """
                INSERT INTO watchEntry_v2 (rowID, owner, showID, day, firstEpisode, lastEpisode)
                SELECT rowID, '', showID, day, firstEpisode, lastEpisode FROM watchEntry ORDER BY rowID
                """)
            try db.drop(table: WatchEntryRecord.databaseTableName)
            try db.drop(table: databaseTableName)
            try db.rename(table: "trackedShow_v2", to: databaseTableName)
            try db.rename(table: "watchEntry_v2", to: WatchEntryRecord.databaseTableName)
            try db.create(index: "watchEntry_owner_showID", on: WatchEntryRecord.databaseTableName, columns: ["owner", "showID"])
        }
        return migrator
    }
}
