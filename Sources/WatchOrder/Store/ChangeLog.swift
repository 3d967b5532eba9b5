import Foundation
import GRDB

/// The store's change log: every user operation — marks, skips, a show's status, rewatch sessions,
/// settings, imports — is one `changeLog` row with, in `changeLogRow`, each stored row it touched
/// before and after, written by triggers on the tables of the viewer's data. Undo puts the rows back
/// as they were, in one transaction, from any process, after checking that they are still as the
/// change left them.
///
/// Real numbers are kept as SQL literals (`quote()`), so times come back to the last bit.
enum ChangeLog {
    /// A table of the viewer's data: its name, primary key and columns (REAL columns named apart).
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

    /// The logged tables. A migration that adds a column to one of them must run `triggerSQL` again.
    static let tables = [
        LoggedTable(name: "watch", key: "id", columns: ["id", "episodeID", "watchedAt", "session", "source"], realColumns: ["watchedAt"]),
        LoggedTable(name: "skipped", key: "episodeID", columns: ["episodeID", "skippedAt"], realColumns: ["skippedAt"]),
        LoggedTable(name: "showStatus", key: "showID", columns: ["showID", "status", "changedAt"], realColumns: ["changedAt"]),
        LoggedTable(name: "setting", key: "key", columns: ["key", "value"]),
        LoggedTable(
            name: "rewatchSession", key: "id", columns: ["id", "name", "shows", "startedAt", "endedAt"],
            realColumns: ["startedAt", "endedAt"]),
    ]

    /// How many changes are kept for undo; older ones are forgotten.
    static let kept = 1000

    /// The log's tables and the triggers that fill it.
    static var schemaSQL: String {
        var sql = """
            CREATE TABLE changeLog (
                id INTEGER PRIMARY KEY AUTOINCREMENT, madeAt DOUBLE NOT NULL, kind TEXT NOT NULL, summary TEXT NOT NULL,
                open INTEGER NOT NULL DEFAULT 0, undoneAt DOUBLE);
            CREATE INDEX changeLog_open ON changeLog(open) WHERE open = 1;
            CREATE TABLE changeLogRow (
                id INTEGER PRIMARY KEY AUTOINCREMENT, changeID INTEGER NOT NULL REFERENCES changeLog(id) ON DELETE CASCADE,
                tableName TEXT NOT NULL, rowKey TEXT NOT NULL, before TEXT, after TEXT);
            CREATE INDEX changeLogRow_change ON changeLogRow(changeID);

            """
        sql += triggerSQL
        return sql
    }

    /// One trigger per logged table and operation: while a change is open, every row written is logged.
    static var triggerSQL: String {
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

    /// Runs `body` as one logged change (in the caller's write transaction). A change that touched
    /// no row is not kept (there is nothing to undo).
    static func record<T>(
        _ kind: ChangeRecord.Kind, at date: Date, in db: Database, _ body: (Database) throws -> (result: T, summary: String)
    ) throws -> T {
        try db.execute(sql: "UPDATE changeLog SET open = 0 WHERE open = 1")  // a change left open by a failure
        try db.execute(
            sql: "INSERT INTO changeLog (madeAt, kind, summary, open) VALUES (?, ?, '', 1)",
            arguments: [date.timeIntervalSince1970, kind.rawValue])
        let id = db.lastInsertedRowID
        let (result, summary) = try body(db)
        let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM changeLogRow WHERE changeID = ?", arguments: [id]) ?? 0
        if rows == 0 {
            try db.execute(sql: "DELETE FROM changeLog WHERE id = ?", arguments: [id])
        } else {
            try db.execute(sql: "UPDATE changeLog SET open = 0, summary = ? WHERE id = ?", arguments: [summary, id])
            try db.execute(
                sql: "DELETE FROM changeLog WHERE id <= (SELECT id FROM changeLog ORDER BY id DESC LIMIT 1 OFFSET ?)",
                arguments: [kept])
        }
        return result
    }

    /// The most recent changes, newest first.
    static func changes(limit: Int, in db: Database) throws -> [ChangeRecord] {
        try Row.fetchAll(db, sql: """
            SELECT changeLog.*, (SELECT COUNT(*) FROM changeLogRow WHERE changeID = changeLog.id) AS rowCount
            FROM changeLog WHERE open = 0 ORDER BY id DESC LIMIT ?
            """, arguments: [limit]).map(record(of:))
    }

    static func record(of row: Row) -> ChangeRecord {
        ChangeRecord(
            id: row["id"], madeAt: Date(timeIntervalSince1970: row["madeAt"]), kind: ChangeRecord.Kind(rawValue: row["kind"]),
            summary: row["summary"], rowsChanged: row["rowCount"] ?? 0,
            undoneAt: (row["undoneAt"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    /// Why a change cannot be undone.
    enum UndoFailure: Error {
        case changedSince(ChangeRecord, table: String)
    }

    /// Undoes the most recent change that stands: every row it touched goes back to its state
    /// before, after checking that each is still as the change left it.
    ///
    /// - Returns: the change undone, or `nil` when there is none.
    static func undoLast(at date: Date, in db: Database) throws -> ChangeRecord? {
        guard let row = try Row.fetchOne(db, sql: """
            SELECT changeLog.*, (SELECT COUNT(*) FROM changeLogRow WHERE changeID = changeLog.id) AS rowCount
            FROM changeLog WHERE open = 0 AND undoneAt IS NULL ORDER BY id DESC LIMIT 1
            """)
        else { return nil }
        var change = record(of: row)
        let entries = try Row.fetchAll(
            db, sql: "SELECT tableName, rowKey, before, after FROM changeLogRow WHERE changeID = ? ORDER BY id", arguments: [change.id])
        // The state each touched row should have now: the last "after" logged for it.
        var expected: [String: (table: LoggedTable, key: String, after: String?)] = [:]
        var order: [String] = []
        for entry in entries {
            let tableName: String = entry["tableName"]
            guard let table = tables.first(where: { $0.name == tableName }) else { continue }
            let key: String = entry["rowKey"]
            let id = tableName + "\u{1}" + key
            if expected[id] == nil { order.append(id) }
            expected[id] = (table, key, entry["after"])
        }
        for id in order {
            guard let (table, key, after) = expected[id] else { continue }
            let current = try String.fetchOne(
                db, sql: "SELECT \(table.json(table.name)) FROM \(table.name) WHERE \(table.key) = ?", arguments: [key])
            guard current == after else { throw UndoFailure.changedSince(change, table: table.name) }
        }
        // Back, newest entry first: the first "before" of each row wins.
        for entry in entries.reversed() {
            let tableName: String = entry["tableName"]
            guard let table = tables.first(where: { $0.name == tableName }) else { continue }
            let key: String = entry["rowKey"]
            guard let before: String = entry["before"] else {
                try db.execute(sql: "DELETE FROM \(table.name) WHERE \(table.key) = ?", arguments: [key])
                continue
            }
            // Updated in place when the row is there (deleting a session would take its watches with it).
            let exists = try Bool.fetchOne(db, sql: "SELECT 1 FROM \(table.name) WHERE \(table.key) = ?", arguments: [key]) ?? false
            if exists {
                let assignments = table.columns.filter { $0 != table.key }.map { "\($0) = \(table.value($0, from: "?1"))" }
                try db.execute(
                    sql: "UPDATE \(table.name) SET \(assignments.joined(separator: ", ")) WHERE \(table.key) = ?2",
                    arguments: [before, key])
            } else {
                let values = table.columns.map { table.value($0, from: "?1") }.joined(separator: ", ")
                try db.execute(
                    sql: "INSERT INTO \(table.name) (\(table.columns.joined(separator: ", "))) VALUES (\(values))",
                    arguments: [before])
            }
        }
        try db.execute(sql: "UPDATE changeLog SET undoneAt = ? WHERE id = ?", arguments: [date.timeIntervalSince1970, change.id])
        change.undoneAt = date
        return change
    }
}
