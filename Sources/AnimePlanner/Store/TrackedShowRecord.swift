import AirdateCore
import Foundation
import GRDB

/// One row of the `trackedShow` table: the show, its goal, options and plan as JSON.
struct TrackedShowRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "trackedShow"

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

    var id: Int
    var title: String
    var position: Int
    var body: String

    init(_ tracked: TrackedShow, position: Int) throws {
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
        return migrator
    }
}
