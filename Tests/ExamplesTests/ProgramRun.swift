import AirdateTestSupport
import Foundation
import Testing

/// One run of an example program, as a user would run it: arguments in; standard output, standard
/// error and the exit status out. Standard input is empty (or the given text), and standard output
/// and error are files, never a terminal (with no `COLUMNS` unless `environment` sets it).
struct ProgramRun {
    var stdout: String
    var stderr: String
    var status: Int32

    /// The package's root folder.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder the examples were built into: beside this test bundle.
    static let productsFolder: URL? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("scrape").path) }
    }()

    /// The HOME the programs run with: a folder of this test process, never the user's.
    static let homeFolder: URL = (try? TemporaryFiles.folder("home")) ?? TemporaryFiles.root

    /// Whether the example programs were found (they are built with the tests).
    static var programsFound: Bool { productsFolder != nil }

    /// Runs `program` with `arguments`; a generous time limit catches a hang, never a slow machine.
    /// The wait suspends (it never blocks one of the few threads Swift's concurrency runs on), so
    /// other tests go on meanwhile.
    static func run(
        _ program: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) async throws -> ProgramRun {
        guard let folder = productsFolder else {
            throw ProgramRunError.notBuilt
        }
        return try await run(executable: folder.appendingPathComponent(program), arguments, input: input,
                             environment: environment, in: directory)
    }

    /// Runs the program at `executable` (any program, such as `script(1)`) as ``run(_:_:input:environment:in:)`` does.
    static func run(
        executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) async throws -> ProgramRun {
        let program = executable.lastPathComponent
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("program-run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inputFile = scratch.appendingPathComponent("stdin")
        let outputFile = scratch.appendingPathComponent("stdout")
        let errorFile = scratch.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputFile)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["COLUMNS"] = nil  // the runner's shell says nothing about a file's width
        // A database not named with --db is never the user's own (~/.local/share/Airdate/…): HOME is
        // a folder of this test process, shared by its runs, unless `environment` names one.
        env["HOME"] = homeFolder.path
        env["XDG_DATA_HOME"] = nil
        for (key, value) in environment { env[key] = value }
        // Started with posix_spawn, not Foundation's Process (see SpawnedProcess); output goes to
        // files, which are not terminals either.
        let child = try SpawnedProcess(
            executable.path, arguments, environment: env, directory: directory?.path,
            input: .file(inputFile.path), output: .file(outputFile.path), error: .file(errorFile.path))
        let timedOut = Flag()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(300))
            timedOut.set()
            child.kill()
        }
        let status = await child.wait()
        watchdog.cancel()
        let result = ProgramRun(stdout: String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self),
                                stderr: String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self),
                                status: status)
        if timedOut.isSet { throw ProgramRunError.hung(program, arguments) }
        return result
    }

    /// The lines of standard error.
    var errorLines: [Substring] { stderr.split(separator: "\n") }

    /// Standard output parsed as one JSON document.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }
}

enum ProgramRunError: Error, CustomStringConvertible {
    case notBuilt
    case hung(String, [String])

    var description: String {
        switch self {
        case .notBuilt: "the example programs were not found beside the test bundle; run `swift build` first"
        case .hung(let program, let arguments): "\(program) \(arguments.joined(separator: " ")) did not finish in 5 minutes"
        }
    }
}

/// Checks shared by every program: a failure is one line, `program: …`, with no doubled
/// punctuation and no framework dump.
func expectOneLineError(_ run: ProgramRun, program: String, status: Int32, containing fragments: [String] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.status == status, "exit status; stderr: \(run.stderr)", sourceLocation: sourceLocation)
    #expect(run.errorLines.count == 1, "one line on stderr, got: \(run.stderr)", sourceLocation: sourceLocation)
    let line = run.errorLines.first.map(String.init) ?? ""
    #expect(line.hasPrefix("\(program): "), "starts with the program's name: \(line)", sourceLocation: sourceLocation)
    for bad in ["..", "Error Domain=", "DecodingError", "NSCocoaErrorDomain", "Error: "] {
        #expect(!line.replacingOccurrences(of: "...", with: "").contains(bad), "no '\(bad)' in: \(line)", sourceLocation: sourceLocation)
    }
    for fragment in fragments {
        #expect(line.localizedCaseInsensitiveContains(fragment), "mentions '\(fragment)': \(line)", sourceLocation: sourceLocation)
    }
}

/// A flag set once from another task.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
