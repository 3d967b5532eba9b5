import AirdateStore
import Foundation
import GRDB

// A second process for the persistence foundation's tests (AirdateStoreTests): it opens a
// `StoreDatabase` as every store does and does one thing to it, so that several processes can work
// on one file at once, be killed mid-write, or meet a file they cannot use.
//
//   AirdateStoreProbe add <db> <text>         one note, in one write transaction
//   AirdateStoreProbe list <db>               the notes, one a line (opens read-only: creates nothing)
//   AirdateStoreProbe increment <db>          reads the counter and writes it + 1 in one write
//                                             transaction; prints the value it read
//   AirdateStoreProbe import <db> <count>     <count> notes in one write transaction
//   AirdateStoreProbe watch <db> <values>     observes the number of notes and prints each value
//                                             (`notes: N`) until it has printed <values> of them
//
// A failure is one line on standard error, `AirdateStoreProbe: <the StoreError's sentence>`, and exit
// status 1; a usage error exits 64.

/// The probe's schema: notes, and one counter.
enum ProbeSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: note") { db in
            try db.create(table: "note") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("text", .text).notNull().unique()
            }
            try db.create(table: "counter") { t in
                t.primaryKey("id", .integer)
                t.column("value", .integer).notNull()
            }
            try db.execute(sql: "INSERT INTO counter (id, value) VALUES (1, 0)")
        }
        return migrator
    }
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("AirdateStoreProbe: \(message)\n".utf8))
    exit(status)
}

func sentence(_ error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? "\(error)"
}

/// How long the probe waits for another process's lock: a hang bound, not the stores' 20 s. How soon
/// a process gets the lock depends on how busy the machine is; the tests check what the lock
/// guarantees (no write lost, none half done), and the stores' own give-up after their busy timeout
/// is tested apart.
let busyTimeout: Duration = .seconds(300)

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: add|list|increment|import|watch <db> …", status: 64) }
let command = arguments[0]
let path = arguments[1]

do {
    switch command {
    case "add":
        guard arguments.count == 3 else { fail("usage: add <db> <text>", status: 64) }
        let text = arguments[2]
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchema.migrator, busyTimeout: busyTimeout)
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [text]) }
        print("added \(text)")
    case "list":
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchema.migrator, readOnly: true)
        let texts = try await database.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id") }
        for text in texts { print(text) }
    case "increment":
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchema.migrator, busyTimeout: busyTimeout)
        let read = try await database.write { db -> Int in
            let value = try Int.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
            try db.execute(sql: "UPDATE counter SET value = ? WHERE id = 1", arguments: [value + 1])
            return value
        }
        print("read \(read)")
    case "import":
        guard arguments.count == 3, let count = Int(arguments[2]), count > 0 else { fail("usage: import <db> <count>", status: 64) }
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchema.migrator, busyTimeout: busyTimeout)
        let pid = ProcessInfo.processInfo.processIdentifier
        try await database.write { db in
            let padding = String(repeating: "n", count: 200)
            for index in 0..<count {
                try db.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: ["\(pid) #\(index) \(padding)"])
            }
        }
        print("imported \(count)")
    case "watch":
        guard arguments.count == 3, let wanted = Int(arguments[2]), wanted > 0 else { fail("usage: watch <db> <values>", status: 64) }
        let database = try StoreDatabase<StoreError>(
            path: path, migrator: ProbeSchema.migrator, busyTimeout: busyTimeout, polling: ChangePolling(every: .milliseconds(50)))
        var printed = 0
        for try await count in database.observe({ db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0 }) {
            print("notes: \(count)")
            fflush(nil)
            printed += 1
            if printed >= wanted { break }
        }
    default:
        fail("unknown command \(command)", status: 64)
    }
} catch {
    fail(sentence(error))
}
