import GRDB

/// What an observation knows of one of its queries since it last ran it: the tables it read and
/// their change counters then (see ``ChangeCounters``).
///
/// The tables are recorded as GRDB records the region of a `ValueObservation`: from the statements
/// the query ran, each asked which tables it reads (SQLite's authorizer, through
/// `Statement.databaseRegion`). So a query is never told which tables to watch: it watches what it
/// read, and a query that starts reading another table watches that one too.
struct ObservedQuery: Sendable {
    /// The tables the query read when it last ran.
    private(set) var tables: Set<String> = []
    /// The counters of ``tables`` when it last ran; `nil` when one of them has none (untracked).
    private(set) var counts: [String: Int64]?
    /// The tables each statement's SQL reads, kept so that a statement is looked at once.
    private var tablesBySQL: [String: Set<String>] = [:]
    /// Whether the query ran at least once.
    private(set) var hasRun = false

    /// Whether the query must run again, given the counters now: a table it read changed, or it
    /// cannot be told (no counters, an untracked table, never run).
    func needsRun(counts now: [String: Int64]?) -> Bool {
        guard hasRun, let counts, let now else { return true }
        return tables.contains { now[$0] != counts[$0] }
    }

    /// Runs `fetch` on `db`, noting the tables it reads, and the counters `now` as those of its
    /// tables.
    mutating func run<T>(_ fetch: (Database) throws -> T, counts now: [String: Int64]?, in db: Database) throws -> T {
        var statements: [String] = []
        db.trace(options: .statement) { event in
            if case .statement(let statement) = event { statements.append(statement.sql) }
        }
        let value: T
        do {
            defer { db.trace(options: .statement, nil) }
            value = try fetch(db)
        }
        var read: Set<String> = []
        var known = true
        var universe: [String]?
        for sql in Set(statements) {
            if let tables = tablesBySQL[sql] {
                read.formUnion(tables)
                continue
            }
            guard let region = try? db.makeStatement(sql: sql).databaseRegion else {
                known = false  // not compiled again out of its context: assume it read anything
                continue
            }
            if universe == nil {
                universe = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if region.isFullDatabase { known = false }
            let tables = Set((universe ?? []).filter { region.isModified(byEventsOfKind: .insert(tableName: $0)) })
            tablesBySQL[sql] = tables
            read.formUnion(tables)
        }
        tables = read
        if known, let now, read.allSatisfy({ now[$0] != nil }) {
            counts = now.filter { read.contains($0.key) }
        } else {
            counts = nil
        }
        hasRun = true
        return value
    }
}
