import AirdateTestSupport
import Foundation
import GRDB

/// Temporary folders for the foundation's tests.
extension TestPaths {
    /// A new empty folder under the test process's temporary folder.
    static func temporaryFolder() throws -> URL {
        try TemporaryFiles.folder("store")
    }

    /// A database path in a new temporary folder.
    static func temporaryDatabase(_ name: String = "test.sqlite") throws -> String {
        try temporaryFolder().appendingPathComponent(name).path
    }
}

/// A tiny schema for the foundation's own tests.
enum NoteSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: note") { db in
            try db.create(table: "note") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("text", .text).notNull().unique()
            }
        }
        return migrator
    }

    static func count(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0
    }

    static func texts(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id")
    }
}
