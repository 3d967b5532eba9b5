import Foundation
import GRDB

/// A count of the changes of every table of a store's file, kept by SQLite itself: one row per
/// table in `airdate_table_changes`, bumped by triggers on every insert, update and delete — by
/// whichever connection or process writes.
///
/// `PRAGMA data_version` says only that *something* changed; these counters say *which tables*
/// did, so an observation re-runs its query only when a table it read changed. Reading them costs
/// one tiny table.
///
/// ``StoreDatabase`` installs them when it opens a file for writing: the table, a row per table
/// and three triggers per table, for every table the migrations made (SQLite's own tables,
/// GRDB's migration log, virtual tables and the counters' table are left out). Installing is not a
/// migration: a file keeps opening in versions of the package that do not know the counters, and a
/// file whose tables are all counted already costs no write. A table without a counter (a table
/// created after the file was opened, a virtual table, a file opened read-only before any writer
/// installed them) is *untracked*: an observation that reads it re-runs on every change.
///
/// **Per owner.** A table with an `owner` column (a ``StoreOwner``'s rows) is also counted per
/// owner, in `airdate_owner_changes` (a row per table and owner that ever wrote, bumped by triggers
/// of its own; the tables so counted are listed in `airdate_owner_tables`). An observation scoped to
/// an owner compares that owner's counter of such a table instead of the table's: another owner's
/// writes wake none of its queries.
enum ChangeCounters {
    /// The counters' table.
    static let table = "airdate_table_changes"
    /// The per-owner counters' table.
    static let ownerTable = "airdate_owner_changes"
    /// The tables counted per owner.
    static let ownerTablesTable = "airdate_owner_tables"

    private static let triggerPrefix = "airdate_table_changes_"
    private static let ownerTriggerPrefix = "airdate_owner_changes_"
    private static let operations = ["insert", "update", "delete"]

    /// The counters now: table name → changes so far; `nil` when the file has no counters. With a
    /// `scope`, a table counted per owner has that owner's count (0 before the owner's first write).
    static func read(_ db: Database, scope: StoreOwner? = nil) throws -> [String: Int64]? {
        guard try db.tableExists(table) else { return nil }
        var counts: [String: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT tableName, changes FROM \(table)")
        while let row = try rows.next() {
            counts[row[0] as String] = row[1] as Int64
        }
        if let scope, try db.tableExists(ownerTablesTable), try db.tableExists(ownerTable) {
            for name in try String.fetchAll(db, sql: "SELECT tableName FROM \(ownerTablesTable)") where counts[name] != nil {
                counts[name] = 0
            }
            let owned = try Row.fetchCursor(db, sql: "SELECT tableName, changes FROM \(ownerTable) WHERE owner = ?", arguments: [scope.id])
            while let row = try owned.next() {
                let name: String = row[0]
                if counts[name] != nil { counts[name] = row[1] as Int64 }
            }
        }
        return counts
    }

    /// Installs what is missing (nothing at all when every table is counted already).
    ///
    /// A file that may not be written (SQLite opened it read-only: the file or its folder is
    /// read-only) is left as it is: it opens as it did before the counters existed, and its
    /// observations count every change as a change of each table.
    static func install(in pool: DatabasePool) throws {
        guard try !pool.read(statements).isEmpty else { return }
        do {
            try pool.write { db in
                // Looked at again under the write lock: another process may have installed them meanwhile.
                for sql in try statements(db) { try db.execute(sql: sql) }
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
            return
        }
    }

    /// The statements that bring the counters up to date with the file's tables.
    static func statements(_ db: Database) throws -> [String] {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master
            WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'grdb\\_%' ESCAPE '\\'
                AND name NOT IN (?, ?, ?) AND COALESCE(sql, '') NOT LIKE 'CREATE VIRTUAL TABLE%'
            """, arguments: [table, ownerTable, ownerTablesTable])
        let triggers = Set(try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?",
            arguments: [triggerPrefix.count, triggerPrefix]))
        let counted: Set<String> = try db.tableExists(table)
            ? Set(try String.fetchAll(db, sql: "SELECT tableName FROM \(table)")) : []

        var result: [String] = []
        if !(try db.tableExists(table)) {
            result.append("CREATE TABLE \(table) (tableName TEXT PRIMARY KEY NOT NULL, changes INTEGER NOT NULL)")
        }
        var wanted: Set<String> = []
        for name in tables {
            if !counted.contains(name) {
                result.append("INSERT OR IGNORE INTO \(table) (tableName, changes) VALUES (\(literal(name)), 0)")
            }
            for operation in operations {
                let trigger = triggerPrefix + name + "_" + operation
                wanted.insert(trigger)
                guard !triggers.contains(trigger) else { continue }
                result.append("""
                    CREATE TRIGGER IF NOT EXISTS \(identifier(trigger)) AFTER \(operation.uppercased()) ON \(identifier(name))
                    BEGIN UPDATE \(table) SET changes = changes + 1 WHERE tableName = \(literal(name)); END
                    """)
            }
        }
        // Triggers of tables renamed since (they would count under the old name) and rows of
        // tables that are gone.
        for trigger in triggers.subtracting(wanted).sorted() {
            result.append("DROP TRIGGER IF EXISTS \(identifier(trigger))")
        }
        for name in counted.subtracting(tables).sorted() {
            result.append("DELETE FROM \(table) WHERE tableName = \(literal(name))")
        }
        result += try ownerStatements(db, tables: tables)
        return result
    }

    /// The statements that bring the per-owner counters up to date: a row in `airdate_owner_tables`
    /// and three triggers for every table with an `owner` column.
    private static func ownerStatements(_ db: Database, tables: [String]) throws -> [String] {
        let owned = Set(try String.fetchAll(db, sql: """
            SELECT m.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
            WHERE m.type = 'table' AND p.name = 'owner'
            """)).intersection(tables)
        let triggers = Set(try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?",
            arguments: [ownerTriggerPrefix.count, ownerTriggerPrefix]))
        let listed: Set<String> = try db.tableExists(ownerTablesTable)
            ? Set(try String.fetchAll(db, sql: "SELECT tableName FROM \(ownerTablesTable)")) : []
        var result: [String] = []
        if !owned.isEmpty, !(try db.tableExists(ownerTable)) {
            result.append("""
                CREATE TABLE \(ownerTable) (
                    tableName TEXT NOT NULL, owner TEXT NOT NULL, changes INTEGER NOT NULL, PRIMARY KEY (tableName, owner))
                """)
        }
        if !owned.isEmpty, !(try db.tableExists(ownerTablesTable)) {
            result.append("CREATE TABLE \(ownerTablesTable) (tableName TEXT PRIMARY KEY NOT NULL)")
        }
        var wanted: Set<String> = []
        for name in owned.sorted() {
            if !listed.contains(name) {
                result.append("INSERT OR IGNORE INTO \(ownerTablesTable) (tableName) VALUES (\(literal(name)))")
            }
            func bump(_ row: String, unless other: String? = nil) -> String {
                let source = other.map { "SELECT \(literal(name)), \(row).owner, 1 WHERE \(row).owner IS NOT \($0).owner" }
                    ?? "VALUES (\(literal(name)), \(row).owner, 1)"
                return "INSERT INTO \(ownerTable) (tableName, owner, changes) \(source) "
                    + "ON CONFLICT (tableName, owner) DO UPDATE SET changes = changes + 1;"
            }
            for operation in operations {
                let trigger = ownerTriggerPrefix + name + "_" + operation
                wanted.insert(trigger)
                guard !triggers.contains(trigger) else { continue }
                let body = switch operation {
                case "insert": bump("NEW")
                case "delete": bump("OLD")
                default: bump("NEW") + " " + bump("OLD", unless: "NEW")
                }
                result.append("""
                    CREATE TRIGGER IF NOT EXISTS \(identifier(trigger)) AFTER \(operation.uppercased()) ON \(identifier(name))
                    BEGIN \(body) END
                    """)
            }
        }
        for trigger in triggers.subtracting(wanted).sorted() {
            result.append("DROP TRIGGER IF EXISTS \(identifier(trigger))")
        }
        for name in listed.subtracting(owned).sorted() {
            result.append("DELETE FROM \(ownerTablesTable) WHERE tableName = \(literal(name))")
        }
        return result
    }

    /// `name` as an SQL identifier.
    private static func identifier(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `text` as an SQL string literal.
    private static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }
}
