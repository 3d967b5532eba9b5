import AirdateTestSupport
import AirdateCore
import AirdateStore
import AnimePlanner
import CountdownKit
import Foundation
import GRDB
import Testing
import WatchOrder

/// The example programs as processes on one database file: several at once, killed mid-write,
/// and meeting files they cannot use. Each figure is printed for the record. (The foundation's own
/// multi-process tests, on its probe program, are AirdateStoreTests' `MultiProcessTests`.)
enum OneDatabase {
    static let countdowns = program("countdowns")
    static let animeplan = program("animeplan")
    static let arrowverse = program("arrowverse")

    static func program(_ name: String) -> URL {
        TestPaths.builtProgram(name) ?? TestPaths.productsFolder.appendingPathComponent(name)
    }

    /// A database path in a new temporary folder.
    static func temporaryDatabase(_ name: String) throws -> String {
        try TemporaryFiles.folder("examples-db").appendingPathComponent(name).path
    }

    /// Runs `executable` to its end in UTC (hang-bounded).
    static func run(_ executable: URL, _ arguments: [String], as user: (uid: UInt32, gid: UInt32)? = nil) async throws -> ProgramRun {
        try await ProgramRun.run(executable, arguments, environment: ["TZ": "UTC"], as: user)
    }

    /// What ``runTogether(_:)`` saw: each run's final result, and which runs gave up on the lock.
    struct Together {
        /// Each run's result: the run at once, or its second run for one that gave up.
        var results: [ProgramRun]
        /// The indices of the runs that waited out the store's busy timeout, refused cleanly (one
        /// line: locked, changed nothing) and were run again, one at a time.
        var gaveUp: [Int]
    }

    /// Whether `run` is the store's clean refusal after waiting out its busy timeout: exit status 1
    /// and one line saying the file was locked and nothing was changed.
    static func gaveUpOnTheLock(_ run: ProgramRun) -> Bool {
        run.status == 1 && run.errorLines.count == 1
            && run.stderr.contains("was locked by another process") && run.stderr.contains("changed nothing")
    }

    /// Starts every run at once, then waits for all (hang-bounded).
    ///
    /// How many of them get the write lock within the store's busy timeout (20 s) depends on how
    /// busy the machine is — beside other builds, a few of twenty processes that each load the whole
    /// catalogue may not — and a process that does not says so and changes nothing, as it should.
    /// So that the tests check what holds on any machine, such a run is checked to be exactly that
    /// clean refusal (`changedNothing` is called before anything is run again, to check that
    /// nothing landed), then run again alone; the count is printed.
    static func runTogether(
        _ runs: [(URL, [String])], _ what: String, changedNothing: ([Int]) async throws -> Void = { _ in }
    ) async throws -> Together {
        let started = try runs.map { try ProgramRun.start($0.0, $0.1, environment: ["TZ": "UTC"]) }
        var results: [ProgramRun] = []
        for program in started { results.append(try await program.finish()) }
        let gaveUp = results.indices.filter { gaveUpOnTheLock(results[$0]) }
        if !gaveUp.isEmpty {
            try await changedNothing(gaveUp)
            for index in gaveUp {
                results[index] = try await run(runs[index].0, runs[index].1)
            }
        }
        print("\(what): \(runs.count) processes at once, \(gaveUp.count) waited out the busy timeout, refused cleanly and were run again")
        return Together(results: results, gaveUp: gaveUp)
    }
}

@Suite(
    "The example programs, several on one database",
    .serialized, .heavy,
    .enabled(if: ProgramRun.programsFound, "the example programs are not built")
)
struct ExamplesOnOneDatabaseTests {
    static let countdowns = OneDatabase.countdowns
    static let animeplan = OneDatabase.animeplan
    static let arrowverse = OneDatabase.arrowverse

    private func expectAllSucceeded(_ results: [ProgramRun], _ what: String) {
        let failed = results.filter { !$0.succeeded }
        #expect(failed.isEmpty, "\(failed.count) of \(results.count) \(what) failed: \(failed.map { $0.stderr.isEmpty ? "status \($0.status)" : $0.stderr })")
    }

    @Test("countdowns add, N processes at once: every countdown lands", arguments: [2, 5, 20])
    func countdownsAdd(processes: Int) async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        let runs = (0..<processes).map { index in
            (Self.countdowns, ["add", "Process \(index)", "2031-01-\(String(format: "%02d", index % 28 + 1))", "--db", path])
        }
        let results = try await OneDatabase.runTogether(runs, "countdowns add").results
        expectAllSucceeded(results, "countdowns add")
        let titles = Set(try await CountdownStore(path: path).all().map(\.title))
        #expect(titles == Set((0..<processes).map { "Process \($0)" }))
        print("countdowns add: \(processes) processes × 1 write, \(titles.count) stored, \(results.filter { !$0.succeeded }.count) failed")
    }

    @Test("countdowns add and list mixed, 20 processes: no read or write fails")
    func countdownsMixed() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        // A view never creates a database (a mistyped --db is refused): the file exists before the readers start.
        _ = try CountdownStore(path: path)
        let runs = (0..<20).map { index in
            index.isMultiple(of: 2)
                ? (Self.countdowns, ["add", "Mixed \(index)", "2032-02-02", "--db", path])
                : (Self.countdowns, ["list", "--all", "--db", path])
        }
        let results = try await OneDatabase.runTogether(runs, "countdowns add/list").results
        expectAllSucceeded(results, "countdowns add/list")
        #expect(try await CountdownStore(path: path).all().count == 10)
        print("countdowns add+list: 20 processes (10 writers, 10 readers), \(results.filter { !$0.succeeded }.count) failed")
    }

    @Test("animeplan add, N processes at once: every show is tracked", arguments: [2, 5])
    func animeplanAdd(processes: Int) async throws {
        let path = try OneDatabase.temporaryDatabase("animeplan.sqlite")
        let ids = [32281, 457, 47917, 50172, 5114].prefix(processes)
        let runs = ids.map { id in (Self.animeplan, ["add", "\(id)", "--per-day", "2", "--offline", "--db", path]) }
        let results = try await OneDatabase.runTogether(runs, "animeplan add").results
        expectAllSucceeded(results, "animeplan add")
        let stored = Set(try await PlannerStore(path: path).all().map(\.id))
        #expect(stored == Set(ids))
        print("animeplan add: \(processes) processes × 1 write, \(stored.count) stored, \(results.filter { !$0.succeeded }.count) failed")
    }

    @Test("arrowverse watch, 20 processes at once: every mark lands")
    func arrowverseWatch() async throws {
        let path = try OneDatabase.temporaryDatabase("arrowverse.sqlite")
        // Each process loads the snapshot into the (new) store, sets the rules, then marks one episode:
        // about five write transactions each, all at once.
        let runs = (1...20).map { number in (Self.arrowverse, ["watch", "arrow/s3e\(number)", "--db", path]) }
        let results = try await OneDatabase.runTogether(runs, "arrowverse watch") { gaveUp in
            // A process that gave up changed nothing: its mark is not there (the others' are).
            let watched = try await WatchOrderStore(path: path).state().checklist.watched
            let expected = Set((1...20).filter { !gaveUp.contains($0 - 1) }.map { EpisodeID(rawValue: "arrow/s3e\($0)") })
            #expect(watched.intersection(Set((1...20).map { EpisodeID(rawValue: "arrow/s3e\($0)") })) == expected,
                    "before running again the \(gaveUp.count) that gave up: \(watched.map(\.rawValue).sorted())")
        }.results
        expectAllSucceeded(results, "arrowverse watch")
        let watched = try await WatchOrderStore(path: path).state().checklist.watched
        #expect(Set((1...20).map { EpisodeID(rawValue: "arrow/s3e\($0)") }).isSubset(of: watched), "\(watched.map(\.rawValue).sorted())")
        print("arrowverse watch: 20 processes × ~5 writes, \(watched.count) marks, \(results.filter { !$0.succeeded }.count) failed")
    }

    @Test("arrowverse next --watch, 10 processes at once: 10 different episodes are marked")
    func arrowverseNextWatchTogether() async throws {
        let path = try OneDatabase.temporaryDatabase("arrowverse.sqlite")
        // Loaded first, so that the processes race only on the marks.
        let setUp = try await OneDatabase.run(Self.arrowverse, ["progress", "--db", path])
        #expect(setUp.succeeded, "\(setUp.stderr)")
        let runs = (0..<10).map { _ in (Self.arrowverse, ["next", "--watch", "--db", path]) }
        let results = try await OneDatabase.runTogether(runs, "arrowverse next --watch").results
        expectAllSucceeded(results, "arrowverse next --watch")
        // Each reads up next and marks it in one transaction: none finds the episode another just marked.
        let lines = results.map { $0.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(Set(lines).count == 10 && lines.allSatisfy { $0.hasPrefix("Marked ") }, "\(lines)")
        let watched = try await WatchOrderStore(path: path).state().checklist.watched
        #expect(watched.count == 10)
        print("arrowverse next --watch: 10 processes at once, \(watched.count) different episodes marked")
    }

    @Test("countdowns edit and archive of one countdown, at once, 10 countdowns: both changes land every time")
    func countdownsEditAndArchiveTogether() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        let store = try CountdownStore(path: path)
        let countdowns = try (0..<10).map { index in
            try Countdown(title: "Show \(index)", target: .allDay(try CalendarDay(parsing: "2037-07-07")), created: Date(timeIntervalSince1970: 1_800_000_000))
        }
        try await store.insert(contentsOf: countdowns)
        var runs: [(URL, [String])] = []
        for countdown in countdowns {
            runs.append((Self.countdowns, ["edit", countdown.id.uuidString, "--note", "edited", "--db", path]))
            runs.append((Self.countdowns, ["archive", countdown.id.uuidString, "--db", path]))
        }
        let results = try await OneDatabase.runTogether(runs, "countdowns edit/archive").results
        expectAllSucceeded(results, "countdowns edit/archive")
        // Each command reads, changes and writes back one countdown in one transaction, so neither
        // writes back a copy read before the other's change.
        let stored = try await store.all()
        let lost = stored.filter { $0.note != "edited" || !$0.isArchived }
        #expect(lost.isEmpty, "changes lost: \(lost.map { "\($0.title): note \($0.note), archived \($0.isArchived)" })")
        print("countdowns edit+archive: 20 processes on 10 countdowns, \(lost.count) changes lost")
    }

    @Test("kill -9 during a large import leaves the previous state or the whole import")
    func killDuringWrite() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        let before = try (0..<3).map { index in
            try Countdown(title: "Before \(index)", target: .allDay(try CalendarDay(parsing: "2033-03-0\(index + 1)")),
                          created: Date(timeIntervalSince1970: 1_800_000_000))
        }
        do {
            let store = try CountdownStore(path: path)
            try await store.insert(contentsOf: before)
        }
        let size = 30_000
        var killedMidWrite = 0
        for round in 0..<3 {
            let batch = try (0..<size).map { index in
                try Countdown(title: "Round \(round) #\(index)", target: .allDay(try CalendarDay(parsing: "2034-04-04")),
                              note: String(repeating: "n", count: 200), created: Date(timeIntervalSince1970: 1_800_000_000))
            }
            let document = try TemporaryFiles.folder("examples-import").appendingPathComponent("import.json")
            try CountdownDocument(exported: Date(timeIntervalSince1970: 1_800_000_000), countdowns: batch).jsonData().write(to: document)
            let stored = try await CountdownStore(path: path).all().count

            let child = try ProgramRun.start(Self.countdowns, ["import", document.path, "--db", path], environment: ["TZ": "UTC"])
            // Kill it once its transaction is spilling pages into the WAL (the write is under way),
            // or at once if it already ended.
            let wal = path + "-wal"
            try await waitUntil("countdowns import to spill into the WAL, or to end") {
                let walSize = (try? FileManager.default.attributesOfItem(atPath: wal)[.size] as? Int) ?? 0
                return walSize > 512 * 1024 || !child.isRunning
            }
            child.kill()
            let result = try await child.finish()

            let store = try CountdownStore(path: path)
            let after = try await store.all()
            #expect(after.count == stored || after.count == stored + size, "round \(round): \(stored) → \(after.count)")
            #expect(Set(before.map(\.id)).isSubset(of: Set(after.map(\.id))))
            if after.count == stored, result.status != 0 { killedMidWrite += 1 }
            let queue = try DatabaseQueue(path: path)
            let integrity = try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
            #expect(integrity == "ok")
            try queue.close()
        }
        print("kill -9: 3 imports of \(size) countdowns killed, \(killedMidWrite) mid-transaction, every time a consistent state")
    }

    @Test("a countdown another process adds reaches an observation within the polling interval")
    func observationSeesAnotherProcess() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        let store = try CountdownStore(path: path)
        let seen = TitleLog()
        let following = Task {
            for try await countdowns in store.observe() { await seen.set(countdowns.map(\.title)) }
        }
        defer { following.cancel() }
        try await waitUntil("the observation's first value") { await seen.titles != nil }
        var latencies: [Duration] = []
        for index in 0..<3 {
            let title = "From afar \(index)"
            let result = try await OneDatabase.run(Self.countdowns, ["add", title, "2035-05-05", "--db", path])
            #expect(result.succeeded, "\(result.stderr)")
            let added = ContinuousClock.now
            try await waitUntil("the observation to see \(title), added by another process") { await seen.titles?.contains(title) == true }
            latencies.append(ContinuousClock.now - added)
        }
        // Each wait above has a hang bound only; the mechanism itself is tested with a test clock in
        // StoreObservationTests.
        print("cross-process observation latency after the writer exited: \(latencies.map { "\($0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) ms" })")
    }

    @Test("countdowns live shows a countdown another process adds")
    func liveShowsAnotherProcessesCountdown() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        _ = try CountdownStore(path: path)
        let watch = try ProgramRun.start(Self.countdowns, ["live", "--frames", "600", "--db", path], environment: ["TZ": "UTC"])
        defer { watch.kill() }
        try await watch.waitForOutput("its first frame") { $0.contains("countdowns —") }
        let add = try await OneDatabase.run(Self.countdowns, ["add", "Seen live", "2036-06-06", "--db", path])
        #expect(add.succeeded, "\(add.stderr)")
        let added = ContinuousClock.now
        try await watch.waitForOutput("the countdown another process added") { $0.contains("Seen live") }
        let latency = ContinuousClock.now - added
        #expect(watch.outputSoFar.contains("Seen live"))
        print("countdowns live showed another process's countdown \(latency.components.seconds * 1000 + latency.components.attoseconds / 1_000_000_000_000_000) ms after the add exited")
    }
}

/// The titles an observation delivered last.
actor TitleLog {
    private(set) var titles: [String]?
    func set(_ value: [String]) { titles = value }
}

/// Files the commands cannot use: each gets one line on stderr naming the cause, and exit status 1.
@Suite(
    "Unusable databases, from the commands",
    .serialized,
    .enabled(if: ProgramRun.programsFound, "the example programs are not built")
)
struct UnusableDatabaseCommandTests {
    private func expectOneLine(_ result: ProgramRun, containing words: [String]) {
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        for word in words { #expect(result.stderr.contains(word), "\(result.stderr)") }
        #expect(!result.stderr.contains("check that the file is writable"))
    }

    /// Marks the file as migrated by a version of the package that knows one more migration.
    private func addFutureMigration(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9: from the future')") }
        try queue.close()
    }

    @Test func newerSchema() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        _ = try CountdownStore(path: path)
        try addFutureMigration(path)
        let result = try await OneDatabase.run(OneDatabase.countdowns, ["list", "--db", path])
        expectOneLine(result, containing: ["countdowns: ", "newer version", "v9: from the future", "update the app", path])

        let planPath = try OneDatabase.temporaryDatabase("animeplan.sqlite")
        _ = try PlannerStore(path: planPath)
        try addFutureMigration(planPath)
        let planner = try await OneDatabase.run(OneDatabase.animeplan, ["today", "--offline", "--db", planPath])
        expectOneLine(planner, containing: ["animeplan: ", "newer version", planPath])
    }

    @Test func garbageFile() async throws {
        let path = try OneDatabase.temporaryDatabase("countdowns.sqlite")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: URL(fileURLWithPath: path))
        let result = try await OneDatabase.run(OneDatabase.countdowns, ["list", "--db", path])
        expectOneLine(result, containing: ["not a usable database", path])
        let arrowverse = try await OneDatabase.run(OneDatabase.arrowverse, ["list", "--db", path])
        expectOneLine(arrowverse, containing: ["not a usable database"])
    }

    static let canDropToNobody = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: UnusableDatabaseCommandTests.canDropToNobody, "running as root without setpriv: file permissions would not stop a write"))
    func readOnlyFileAndFolder() async throws {
        let folder = try TemporaryFiles.folder("examples-db")
        let path = folder.appendingPathComponent("countdowns.sqlite").path
        do {
            let store = try CountdownStore(path: path)
            try await store.insert(try Countdown(title: "Kept", target: .allDay(try CalendarDay(parsing: "2037-07-07")),
                                                 created: Date(timeIntervalSince1970: 1_800_000_000)))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path) }
        // Root writes whatever the permissions say, so the command runs as `nobody` (65534).
        let user: (uid: UInt32, gid: UInt32)? = getuid() == 0 ? (65534, 65534) : nil
        let result = try await OneDatabase.run(OneDatabase.countdowns, ["add", "Refused", "2037-07-08", "--db", path], as: user)
        expectOneLine(result, containing: ["read-only", path])
        #expect(!result.stderr.contains("locked"))
    }
}
