import Foundation
import GRDB
import AirdateCore
import AirdateStore

/// The store's change log: every change an owner makes to their data — watches, skips, a show's
/// status, rewatch sessions, settings, imports — is one `changeLog` row (with what it did, as a
/// ``ChangeDetail``) and, in `changeLogRow`, each stored row it touched before and after, written by
/// triggers on the tables of the viewers' data. Undo puts an owner's rows back as they were, in one
/// transaction, from any process, after checking that they are still as the change left them.
///
/// The triggers, the row images and the undo are raw SQL: one generic `json_object` image per table
/// and operation, which the query interface cannot express. Real numbers are kept as SQL literals
/// (`quote()`), so times come back to the last bit.
struct ChangeLog {
    /// A table of the viewers' data: its name, primary key (within an owner) and columns (REAL columns named apart).
    struct LoggedTable {
        var name: String
        var key: String
        var columns: [String]
        var realColumns: Set<String> = []

        /// `json_object('c', <row>.c, …)` of a row (`NEW` or `OLD`, or the table itself).
        func json(_ row: String) -> String {
            let pairs = columns.map { column -> String in
                let value = "\(row).\(column)"
                return realColumns.contains(column)
                    ? "'\(column)', CASE WHEN \(value) IS NULL THEN NULL ELSE quote(\(value)) END"
                    : "'\(column)', \(value)"
            }
            return "json_object(\(pairs.joined(separator: ", ")))"
        }

        /// The value of `column` in a JSON row, typed as stored.
        func value(_ column: String, from json: String) -> String {
            realColumns.contains(column)
                ? "CAST(json_extract(\(json), '$.\(column)') AS REAL)" : "json_extract(\(json), '$.\(column)')"
        }
    }

    /// The logged tables before owners (the triggers the `watchHistory` migration made).
    static let tablesBeforeOwners = [
        LoggedTable(name: "watch", key: "id", columns: ["id", "episodeID", "watchedAt", "session", "source"], realColumns: ["watchedAt"]),
        LoggedTable(name: "skipped", key: "episodeID", columns: ["episodeID", "skippedAt"], realColumns: ["skippedAt"]),
        LoggedTable(name: "showStatus", key: "showID", columns: ["showID", "status", "changedAt"], realColumns: ["changedAt"]),
        LoggedTable(name: "setting", key: "key", columns: ["key", "value"]),
        LoggedTable(
            name: "rewatchSession", key: "id", columns: ["id", "name", "shows", "startedAt", "endedAt"],
            realColumns: ["startedAt", "endedAt"]),
    ]

    /// The logged tables: each keyed by `owner` and `key`, `owner` last in the row images (the
    /// `owners` migration appended it to the images logged before). A migration that adds a column
    /// to one of them must run `triggerSQL` again.
    static let tables = tablesBeforeOwners.map { table in
        LoggedTable(name: table.name, key: table.key, columns: table.columns + ["owner"], realColumns: table.realColumns)
    }

    /// How many changes are kept for undo, per owner; older ones are forgotten.
    static let kept = 1000

    /// One trigger per logged table and operation: while a change is open, every row written is logged.
    static func triggerSQL(_ tables: [LoggedTable]) -> String {
        var sql = ""
        let open = "(SELECT id FROM changeLog WHERE open = 1)"
        for table in tables {
            for (operation, key, before, after) in [
                ("INSERT", "NEW.\(table.key)", "NULL", table.json("NEW")),
                ("UPDATE", "NEW.\(table.key)", table.json("OLD"), table.json("NEW")),
                ("DELETE", "OLD.\(table.key)", table.json("OLD"), "NULL"),
            ] {
                let name = "changeLog_\(table.name)_\(operation.lowercased())"
                sql += """
                    DROP TRIGGER IF EXISTS \(name);
                    CREATE TRIGGER \(name) AFTER \(operation) ON \(table.name) WHEN \(open) IS NOT NULL BEGIN
                        INSERT INTO changeLogRow (changeID, tableName, rowKey, before, after)
                        VALUES (\(open), '\(table.name)', \(key), \(before), \(after));
                    END;

                    """
            }
        }
        return sql
    }

    /// A `changeLog` row.
    struct Entry: Codable, FetchableRecord, MutablePersistableRecord {
        static let databaseTableName = "changeLog"
        var id: Int64?
        var owner: String
        var madeAt: Double
        var kind: String
        /// The sentence earlier versions logged; empty for changes logged with a ``detail``.
        var summary: String
        var detail: String?
        var open: Bool
        var undoneAt: Double?

        mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
    }

    /// A `changeLogRow` row: one stored row a change touched, before and after.
    struct RowImage: Codable, FetchableRecord, PersistableRecord {
        static let databaseTableName = "changeLogRow"
        var changeID: Int64
        var tableName: String
        var rowKey: String
        var before: String?
        var after: String?
    }

    /// The owner whose changes this log records and undoes.
    var owner: String

    /// Runs `body` as one logged change of the owner's (in the caller's write transaction). A
    /// change that touched no row is not kept (there is nothing to undo).
    func record<T>(
        _ kind: ChangeRecord.Kind, at date: Date, in db: Database, _ body: (Database) throws -> (result: T, detail: ChangeDetail)
    ) throws -> T {
        // A change left open by a failure.
        try Entry.filter(Column("open") == true).updateAll(db, Column("open").set(to: false))
        var entry = Entry(owner: owner, madeAt: date.timeIntervalSince1970, kind: kind.rawValue, summary: "", open: true)
        try entry.insert(db)
        guard let id = entry.id else { throw StoreDatabaseIDMissing() }
        let (result, detail) = try body(db)
        if try RowImage.filter(Column("changeID") == id).isEmpty(db) {
            try Entry.deleteOne(db, key: id)
        } else {
            entry.open = false
            entry.detail = String(decoding: try Self.encoder.encode(detail), as: UTF8.self)
            try entry.update(db)
            let mine = Entry.filter(Column("owner") == owner)
            if let oldestKept = try mine.select(Column("id"), as: Int64.self).order(Column("id").desc).limit(1, offset: Self.kept - 1)
                .fetchOne(db)
            {
                try mine.filter(Column("id") < oldestKept).deleteAll(db)
            }
        }
        return result
    }

    /// The owner's most recent changes, newest first.
    func changes(limit: Int, in db: Database) throws -> [ChangeRecord] {
        let entries = try Entry.filter(Column("owner") == owner && Column("open") == false).order(Column("id").desc).limit(limit).fetchAll(db)
        return try entries.map { try record(of: $0, in: db) }
    }

    func record(of entry: Entry, in db: Database) throws -> ChangeRecord {
        let id = entry.id ?? 0
        return ChangeRecord(
            id: id, madeAt: Date(timeIntervalSince1970: entry.madeAt), kind: ChangeRecord.Kind(rawValue: entry.kind),
            detail: entry.detail.flatMap { try? JSONDecoder().decode(ChangeDetail.self, from: Data($0.utf8)) },
            loggedSummary: entry.summary.isEmpty ? nil : entry.summary,
            rowsChanged: try RowImage.filter(Column("changeID") == id).fetchCount(db),
            undoneAt: entry.undoneAt.map(Date.init(timeIntervalSince1970:)))
    }

    /// Why a change cannot be undone.
    enum UndoFailure: Error {
        case changedSince(ChangeRecord, table: String)
    }

    /// Undoes the owner's most recent change that stands: every row it touched goes back to its
    /// state before, after checking that each is still as the change left it.
    ///
    /// - Returns: the change undone, or `nil` when there is none.
    func undoLast(at date: Date, in db: Database) throws -> ChangeRecord? {
        guard var entry = try Entry.filter(Column("owner") == owner && Column("open") == false && Column("undoneAt") == nil)
            .order(Column("id").desc).fetchOne(db)
        else { return nil }
        var change = try record(of: entry, in: db)
        let images = try RowImage.filter(Column("changeID") == change.id).order(Column("id")).fetchAll(db)
        // The state each touched row should have now: the last "after" logged for it.
        var expected: [String: (table: LoggedTable, key: String, after: String?)] = [:]
        var order: [String] = []
        for image in images {
            guard let table = Self.tables.first(where: { $0.name == image.tableName }) else { continue }
            let id = image.tableName + "\u{1}" + image.rowKey
            if expected[id] == nil { order.append(id) }
            expected[id] = (table, image.rowKey, image.after)
        }
        for id in order {
            guard let (table, key, after) = expected[id] else { continue }
            let current = try String.fetchOne(
                db, sql: "SELECT \(table.json(table.name)) FROM \(table.name) WHERE owner = ? AND \(table.key) = ?",
                arguments: [owner, key])
            guard current == after else { throw UndoFailure.changedSince(change, table: table.name) }
        }
        // Back, newest image first: the first "before" of each row wins.
        for image in images.reversed() {
            guard let table = Self.tables.first(where: { $0.name == image.tableName }) else { continue }
            guard let before = image.before else {
                try db.execute(sql: "DELETE FROM \(table.name) WHERE owner = ? AND \(table.key) = ?", arguments: [owner, image.rowKey])
                continue
            }
            // Updated in place when the row is there (deleting a session would take its watches with it).
            let exists = try Bool.fetchOne(
                db, sql: "SELECT 1 FROM \(table.name) WHERE owner = ? AND \(table.key) = ?", arguments: [owner, image.rowKey]) ?? false
            if exists {
                let assignments = table.columns.filter { $0 != table.key && $0 != "owner" }.map { "\($0) = \(table.value($0, from: "?1"))" }
                try db.execute(
                    sql: "UPDATE \(table.name) SET \(assignments.joined(separator: ", ")) WHERE owner = ?3 AND \(table.key) = ?2",
                    arguments: [before, image.rowKey, owner])
            } else {
                let values = table.columns.map { table.value($0, from: "?1") }.joined(separator: ", ")
                try db.execute(
                    sql: "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(values))", arguments: [before])
            }
        }
        entry.undoneAt = date.timeIntervalSince1970
        try entry.update(db)
        change.undoneAt = date
        return change
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()
}

/// A row inserted without an id (never: SQLite gives every inserted row one).
struct StoreDatabaseIDMissing: Error {}
