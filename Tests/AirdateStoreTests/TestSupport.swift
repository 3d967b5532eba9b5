import AirdateTestSupport
import Foundation
import GRDB

/// Temporary folders and the package's paths.
enum TestPaths {
    /// The package root, found from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A new empty folder under the system's temporary folder.
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

/// The example executables built beside the test bundle (`swift build --build-tests` builds them).
enum Examples {
    /// The build folder holding the executables, if they are built.
    static let folder: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
            TestPaths.packageRoot.appendingPathComponent(".build/debug"),
        ]
        return candidates.first { folder in
            ["countdowns", "animeplan", "arrowverse"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent($0).path)
            }
        }
    }()

    static var available: Bool { folder != nil }

    static func executable(_ name: String) -> URL {
        (folder ?? TestPaths.packageRoot.appendingPathComponent(".build/debug")).appendingPathComponent(name)
    }
}

/// What a finished child process left.
struct ProcessResult: Sendable {
    var status: Int32
    var output: String
    var error: String
    /// Killed by the hang bound.
    var timedOut: Bool

    /// Exit status 0, nothing on stderr.
    var succeeded: Bool { status == 0 && !timedOut }
}

/// Runs a real child process; its output goes to files (no pipe can fill up).
final class ChildProcess: @unchecked Sendable {
    let outputURL: URL
    let errorURL: URL
    private let executable: String
    private let arguments: [String]
    private let lock = NSLock()
    private var spawned: SpawnedProcess?

    init(_ executable: URL, _ arguments: [String], as user: (uid: UInt32, gid: UInt32)? = nil) throws {
        let folder = try TestPaths.temporaryFolder()
        outputURL = folder.appendingPathComponent("stdout")
        errorURL = folder.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        if let user {
            // `setpriv` drops root, so that file permissions apply to the child.
            self.executable = "/usr/bin/setpriv"
            self.arguments = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", executable.path] + arguments
        } else {
            self.executable = executable.path
            self.arguments = arguments
        }
    }

    /// Starts it (with posix_spawn; see `SpawnedProcess` for why not Foundation's `Process`).
    func start() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        let child = try SpawnedProcess(executable, arguments, environment: environment,
                                       output: .file(outputURL.path), error: .file(errorURL.path))
        lock.lock()
        spawned = child
        lock.unlock()
    }

    private var child: SpawnedProcess? {
        lock.lock()
        defer { lock.unlock() }
        return spawned
    }

    /// Whether it was started and has not ended.
    var isRunning: Bool { child?.isRunning ?? false }

    /// Kills it with SIGKILL.
    func kill() { child?.kill(SIGKILL) }

    /// What it printed so far.
    var outputSoFar: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// Waits for the process to end; kills it after `limit` (a hang bound, not a speed test).
    func finish(limit: Duration = .seconds(300)) async -> ProcessResult {
        guard let child else {
            return ProcessResult(status: -1, output: "", error: "never started", timedOut: false)
        }
        let hangBound = Task {
            try await Task.sleep(for: limit)
            child.kill(SIGKILL)
            return true
        }
        let status = await child.wait()
        hangBound.cancel()
        let timedOut = (try? await hangBound.value) ?? false
        return ProcessResult(
            status: status, output: outputSoFar,
            error: (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "", timedOut: timedOut)
    }

    /// Runs `executable` to its end.
    static func run(_ executable: URL, _ arguments: [String], as user: (uid: UInt32, gid: UInt32)? = nil) async throws -> ProcessResult {
        let child = try ChildProcess(executable, arguments, as: user)
        try child.start()
        return await child.finish()
    }

    /// Starts all at once, then waits for all.
    static func runTogether(_ runs: [(URL, [String])]) async throws -> [ProcessResult] {
        let children = try runs.map { try ChildProcess($0.0, $0.1) }
        for child in children { try child.start() }
        var results: [ProcessResult] = []
        for child in children { results.append(await child.finish()) }
        return results
    }
}
