import AirdateStore
import AirdateTestSupport
import Foundation
import GRDB
import Testing

/// The foundation's own test program (`Tests/AirdateStoreProbe`), built with the tests.
enum ProbeProgram {
    static let executable = TestPaths.builtProgram("AirdateStoreProbe")
    static var available: Bool { executable != nil }

    /// Runs the probe to its end (a hang bound: it is killed, and the test fails naming it, past 5 min).
    static func run(_ arguments: [String], as user: (uid: UInt32, gid: UInt32)? = nil) async throws -> ProgramRun {
        try await ProgramRun.run(try #require(executable), arguments, environment: ["TZ": "UTC"], as: user)
    }

    /// Starts the probe and returns at once.
    static func start(_ arguments: [String]) throws -> RunningProgram {
        try ProgramRun.start(try #require(executable), arguments, environment: ["TZ": "UTC"])
    }

    /// Starts every run at once, then waits for all.
    static func runTogether(_ runs: [[String]]) async throws -> [ProgramRun] {
        let started = try runs.map { try start($0) }
        var results: [ProgramRun] = []
        for program in started { results.append(try await program.finish()) }
        return results
    }

    /// The notes in `path`, read directly.
    static func notes(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchAll(db, sql: "SELECT text FROM note ORDER BY id") }
    }
}

/// Real processes — the foundation's own probe program — writing one database at once, killed
/// mid-write, and meeting files they cannot use. Each figure is printed for the record. (The example
/// programs on one database are ExamplesTests' `ExamplesOnOneDatabaseTests`.)
@Suite(
    "Several processes on one database",
    .serialized, .heavy,
    .enabled(if: ProbeProgram.available, "AirdateStoreProbe is not built; `swift build --build-tests` builds it")
)
struct MultiProcessTests {
    private func expectAllSucceeded(_ results: [ProgramRun], _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let failed = results.filter { !$0.succeeded }
        #expect(failed.isEmpty, "\(failed.count) of \(results.count) \(what) failed: \(failed.map { $0.stderr.isEmpty ? "status \($0.status)" : $0.stderr })",
                sourceLocation: sourceLocation)
    }

    @Test("N processes each write once at once: every write lands", arguments: [2, 5, 20])
    func writersTogether(processes: Int) async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        let results = try await ProbeProgram.runTogether((0..<processes).map { ["add", path, "Process \($0)"] })
        expectAllSucceeded(results, "writers")
        let notes = Set(try ProbeProgram.notes(path))
        #expect(notes == Set((0..<processes).map { "Process \($0)" }))
        print("store probe add: \(processes) processes × 1 write, \(notes.count) stored")
    }

    @Test("writers and readers mixed, 20 processes: no read or write fails")
    func writersAndReaders() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        // Readers open read-only, which creates nothing: the file exists before they start.
        #expect(try await ProbeProgram.run(["add", path, "first"]).succeeded)
        let runs = (0..<20).map { index in index.isMultiple(of: 2) ? ["add", path, "Mixed \(index)"] : ["list", path] }
        let results = try await ProbeProgram.runTogether(runs)
        expectAllSucceeded(results, "writers and readers")
        #expect(try ProbeProgram.notes(path).count == 11)
    }

    @Test("a read and the write that depends on it are one transaction: 10 processes at once, none reads a stale value")
    func readModifyWriteTogether() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        #expect(try await ProbeProgram.run(["add", path, "setup"]).succeeded)
        let results = try await ProbeProgram.runTogether(Array(repeating: ["increment", path], count: 10))
        expectAllSucceeded(results, "increments")
        // Each read the value the one before it wrote: ten different values, and the counter at 10.
        let read = results.map { $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(Set(read) == Set((0..<10).map { "read \($0)" }), "\(read)")
        let queue = try DatabaseQueue(path: path)
        #expect(try await queue.read { db in try Int.fetchOne(db, sql: "SELECT value FROM counter") } == 10)
        try queue.close()
    }

    @Test("kill -9 during a large write leaves the previous state or the whole write")
    func killDuringWrite() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        for index in 0..<3 { #expect(try await ProbeProgram.run(["add", path, "Before \(index)"]).succeeded) }
        let size = 30_000
        var killedMidWrite = 0
        for round in 0..<3 {
            let stored = try ProbeProgram.notes(path).count
            let writer = try ProbeProgram.start(["import", path, "\(size)"])
            // Kill it once its transaction is spilling pages into the WAL (the write is under way),
            // or at once if it already ended.
            let wal = path + "-wal"
            try await waitUntil("the probe's import to spill into the WAL, or to end") {
                let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
                return walSize > 512 * 1024 || !writer.isRunning
            }
            writer.kill()
            let result = try await writer.finish()
            let after = try ProbeProgram.notes(path)
            #expect(after.count == stored || after.count == stored + size, "round \(round): \(stored) → \(after.count)")
            #expect(Set(["Before 0", "Before 1", "Before 2"]).isSubset(of: Set(after)))
            if after.count == stored, result.status != 0 { killedMidWrite += 1 }
            let queue = try DatabaseQueue(path: path)
            let integrity = try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
            #expect(integrity == "ok")
            try queue.close()
        }
        print("kill -9: 3 writes of \(size) rows killed, \(killedMidWrite) mid-transaction, every time a consistent state")
    }

    @Test("a write by another process reaches this process's observation within the polling interval")
    func observationSeesAnotherProcess() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchemaForTests.migrator)
        let seen = LatestValue<Int>()
        let following = Task {
            for try await count in database.observe({ db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM note") ?? 0 }) {
                await seen.set(count)
            }
        }
        defer { following.cancel() }
        try await waitUntil("the observation's first value") { await seen.value != nil }
        var latencies: [Duration] = []
        for index in 0..<3 {
            let result = try await ProbeProgram.run(["add", path, "From afar \(index)"])
            #expect(result.succeeded, "\(result.stderr)")
            let added = ContinuousClock.now
            try await waitUntil("the observation to see the note another process added") { await seen.value == index + 1 }
            latencies.append(ContinuousClock.now - added)
        }
        print("cross-process observation latency after the writer exited: \(latencies.map { "\($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) ms" })")
    }

    @Test("another process's observation sees this process's write")
    func anotherProcessSeesThisWrite() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        let database = try StoreDatabase<StoreError>(path: path, migrator: ProbeSchemaForTests.migrator)
        let watcher = try ProbeProgram.start(["watch", path, "2"])
        defer { watcher.kill() }
        try await watcher.waitForOutput("its first value") { $0.contains("notes: 0") }
        try await database.write { db in try db.execute(sql: "INSERT INTO note (text) VALUES ('Seen live')") }
        try await watcher.waitForOutput("the note this process added") { $0.contains("notes: 1") }
        #expect(try await watcher.finish().succeeded)
    }
}

/// The probe's schema as the tests open it (the same migration, so the probe accepts the file).
enum ProbeSchemaForTests {
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

/// The last value an observation delivered.
actor LatestValue<Value: Sendable> {
    private(set) var value: Value?
    func set(_ value: Value) { self.value = value }
}

/// Files the probe cannot use: each gets one line on stderr naming the cause, and exit status 1.
@Suite(
    "Unusable databases, from another process",
    .serialized,
    .enabled(if: ProbeProgram.available, "AirdateStoreProbe is not built; `swift build --build-tests` builds it")
)
struct UnusableDatabaseProcessTests {
    private func expectOneLine(_ result: ProgramRun, containing words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1, sourceLocation: sourceLocation)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr)", sourceLocation: sourceLocation) }
        #expect(!result.stderr.contains("check that the file is writable"), sourceLocation: sourceLocation)
    }

    @Test func newerSchema() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        #expect(try await ProbeProgram.run(["add", path, "first"]).succeeded)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')") }
        try queue.close()
        let result = try await ProbeProgram.run(["list", path])
        expectOneLine(result, containing: ["AirdateStoreProbe: ", "newer version", "v9: from the future", path])
    }

    @Test func garbageFile() async throws {
        let path = try TestPaths.temporaryDatabase("notes.sqlite")
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let result = try await ProbeProgram.run(["add", path, "never"])
        expectOneLine(result, containing: ["not a usable database", path])
    }

    static let canDropToNobody = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: UnusableDatabaseProcessTests.canDropToNobody, "running as root without setpriv: file permissions would not stop a write"))
    func readOnlyFileAndFolder() async throws {
        let folder = try TemporaryFiles.folder("store")
        let path = folder.appendingPathComponent("notes.sqlite").path
        #expect(try await ProbeProgram.run(["add", path, "Kept"]).succeeded)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        // Root writes whatever the permissions say, so the probe runs as `nobody` (65534).
        let user: (uid: UInt32, gid: UInt32)? = getuid() == 0 ? (65534, 65534) : nil
        let result = try await ProbeProgram.run(["add", path, "Refused"], as: user)
        expectOneLine(result, containing: ["read-only", path])
        #expect(!result.stderr.contains("locked"))
    }
}
