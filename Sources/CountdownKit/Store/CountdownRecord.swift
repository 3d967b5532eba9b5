import AirdateCore
import AirdateStore
import Foundation
import GRDB

/// One row of the `countdown` table: one owner's countdown (the primary key is the owner and the id).
struct CountdownRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "countdown"

    /// The columns the store's queries name.
    enum Columns {
        static let owner = Column(CodingKeys.owner)
        static let id = Column(CodingKeys.id)
    }

    /// The owner's `StoreOwner.id` (schema v3; rows written before belong to the local owner, `""`).
    var owner: String
    var id: String
    var title: String
    /// `"instant"` or `"allDay"`.
    var targetKind: String
    /// Seconds since 1970 for an instant target.
    var targetInstant: Double?
    /// The zone of an instant target.
    var targetTimeZone: String?
    /// `YYYY-MM-DD` for an all-day target.
    var targetDay: String?
    /// A JSON array of tag display names.
    var tags: String
    var note: String
    var created: Double
    var modified: Double
    var archived: Double?
    /// ``Recurrence/Frequency`` text.
    var recurrenceFrequency: String?
    /// `YYYY-MM-DD`.
    var recurrenceAnchor: String?
    /// The wall-clock time of a timed target as given, `YYYY-MM-DDTHH:MM:SS` (schema v2; `nil` in rows
    /// written before, whose instant's wall-clock time is then used).
    var targetLocal: String?
    /// The followed show as JSON, or `nil` (schema v2).
    var following: String?
    /// The moves as a JSON list (schema v2).
    var moves: String

    init(_ countdown: Countdown, owner: StoreOwner) {
        self.owner = owner.id
        id = countdown.id.uuidString
        title = countdown.title
        switch countdown.target {
        case .timed(let time):
            targetKind = "instant"
            targetInstant = time.date.timeIntervalSince1970
            targetTimeZone = time.timeZone.identifier
            targetLocal = time.local.description
        case .allDay(let day):
            targetKind = "allDay"
            targetDay = day.description
        }
        let names = countdown.tags.map(\.name)
        tags = (try? String(decoding: JSONEncoder().encode(names), as: UTF8.self)) ?? "[]"
        note = countdown.note
        created = countdown.created.timeIntervalSince1970
        modified = countdown.modified.timeIntervalSince1970
        archived = countdown.archived?.timeIntervalSince1970
        recurrenceFrequency = countdown.recurrence?.frequency.description
        recurrenceAnchor = countdown.recurrence?.anchor.description
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        following = countdown.following.flatMap { try? String(decoding: encoder.encode($0), as: UTF8.self) }
        moves = countdown.moves.isEmpty ? "[]" : ((try? String(decoding: encoder.encode(countdown.moves), as: UTF8.self)) ?? "[]")
    }

    func countdown() throws(CountdownStoreError) -> Countdown {
        func corrupt(_ reason: String) -> CountdownStoreError { .corruptRow(id: id, reason: reason) }
        guard let uuid = UUID(uuidString: id) else { throw corrupt("the id is not a UUID") }
        let target: CountdownTarget
        switch targetKind {
        case "instant":
            guard let seconds = targetInstant, let name = targetTimeZone, let zone = TimeZone(identifier: name) else {
                throw corrupt("the target instant or time zone is missing")
            }
            let instant = Date(timeIntervalSince1970: seconds)
            if let text = targetLocal {
                guard let local = LocalDateTime(localText: text) else { throw corrupt("the target's wall-clock time is not understood") }
                target = .timed(CountdownTime(local: local, timeZone: zone, date: instant))
            } else {
                target = .instant(instant, zone)
            }
        case "allDay":
            guard let text = targetDay, let day = CalendarDay(text) else { throw corrupt("the target day is missing") }
            target = .allDay(day)
        default:
            throw corrupt("unknown target kind \(targetKind)")
        }
        guard let names = try? JSONDecoder().decode([String].self, from: Data(tags.utf8)) else {
            throw corrupt("the tags are not a JSON list")
        }
        var recurrence: Recurrence?
        if let frequencyText = recurrenceFrequency {
            guard let frequency = Recurrence.Frequency(frequencyText), let anchorText = recurrenceAnchor,
                  let anchor = CalendarDay(anchorText), let value = try? Recurrence(frequency, anchor: anchor) else {
                throw corrupt("the recurrence is not understood")
            }
            recurrence = value
        }
        var followed: FollowedShow?
        if let following {
            guard let value = try? JSONDecoder().decode(FollowedShow.self, from: Data(following.utf8)) else {
                throw corrupt("the followed show is not understood")
            }
            followed = value
        }
        guard let moveList = try? JSONDecoder().decode([CountdownMove].self, from: Data(moves.utf8)) else {
            throw corrupt("the moves are not understood")
        }
        do {
            // Stored rows are read as they are: limits on lengths apply to what is written from now on.
            return try Countdown(
                id: uuid, title: title, target: target, tags: CountdownTag.normalized(names), note: note,
                created: Date(timeIntervalSince1970: created), modified: Date(timeIntervalSince1970: modified),
                archived: archived.map(Date.init(timeIntervalSince1970:)), recurrence: recurrence,
                following: followed, moves: moveList, checkingLimits: false)
        } catch {
            throw corrupt(error.errorDescription ?? "invalid")
        }
    }

    /// The schema.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: countdown") { db in
            try db.create(table: databaseTableName) { t in
                t.column("id", .text).primaryKey()
                t.column("title", .text).notNull().check(sql: "length(trim(title)) > 0")
                t.column("targetKind", .text).notNull().check { ["instant", "allDay"].contains($0) }
                t.column("targetInstant", .double)
                t.column("targetTimeZone", .text)
                t.column("targetDay", .text)
                t.column("tags", .text).notNull().defaults(to: "[]")
                t.column("note", .text).notNull().defaults(to: "")
                t.column("created", .double).notNull()
                t.column("modified", .double).notNull()
                t.column("archived", .double)
                t.column("recurrenceFrequency", .text)
                t.column("recurrenceAnchor", .text)
                t.check(sql: "(targetKind = 'instant' AND targetInstant IS NOT NULL AND targetTimeZone IS NOT NULL) OR (targetKind = 'allDay' AND targetDay IS NOT NULL)")
            }
            try db.create(index: "countdown_archived", on: databaseTableName, columns: ["archived"])
        }
        // Release 0.2.0 ends at v1 (Fixtures/countdowns/countdowns-0.2.0.sqlite); rows written before v2
        // keep their instants, and their wall-clock time is the instant's.
        migrator.registerMigration("v2: wall-clock times, followed shows, moves") { db in
            try db.alter(table: databaseTableName) { t in
                t.add(column: "targetLocal", .text)
                t.add(column: "following", .text)
                t.add(column: "moves", .text).notNull().defaults(to: "[]")
            }
        }
        // Countdowns belong to an owner (an account; `""` for the one local person): two owners on one
        // file never see each other's, and may hold the same id. SQLite cannot change a primary key,
        // so the table is made anew with (owner, id) as its key, rows in their order.
        migrator.registerMigration("v3: owners") { db in
            try db.create(table: "countdown_v3") { t in
                t.column("owner", .text).notNull().defaults(to: "")
                t.column("id", .text).notNull()
                t.column("title", .text).notNull().check(sql: "length(trim(title)) > 0")
                t.column("targetKind", .text).notNull().check { ["instant", "allDay"].contains($0) }
                t.column("targetInstant", .double)
                t.column("targetTimeZone", .text)
                t.column("targetDay", .text)
                t.column("tags", .text).notNull().defaults(to: "[]")
                t.column("note", .text).notNull().defaults(to: "")
                t.column("created", .double).notNull()
                t.column("modified", .double).notNull()
                t.column("archived", .double)
                t.column("recurrenceFrequency", .text)
                t.column("recurrenceAnchor", .text)
                t.column("targetLocal", .text)
                t.column("following", .text)
                t.column("moves", .text).notNull().defaults(to: "[]")
                t.primaryKey(["owner", "id"])
                t.check(sql: "(targetKind = 'instant' AND targetInstant IS NOT NULL AND targetTimeZone IS NOT NULL) OR (targetKind = 'allDay' AND targetDay IS NOT NULL)")
            }
            let columns = "id, title, targetKind, targetInstant, targetTimeZone, targetDay, tags, note, created, modified, archived, recurrenceFrequency, recurrenceAnchor, targetLocal, following, moves"
            try db.execute(sql: "INSERT INTO countdown_v3 (owner, \(columns)) SELECT '', \(columns) FROM countdown ORDER BY rowid")
            try db.drop(table: databaseTableName)
            try db.rename(table: "countdown_v3", to: databaseTableName)
            try db.create(index: "countdown_owner_archived", on: databaseTableName, columns: ["owner", "archived"])
        }
        return migrator
    }
}
