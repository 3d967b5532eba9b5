import AirdateTestSupport
import Foundation
import Testing

/// The example programs, run as a user would (the runner itself is AirdateTestSupport's
/// `ProgramRun`): arguments in; standard output, standard error and the exit status out. Standard
/// input is empty (or the given text), and standard output and error are files, never a terminal.
extension ProgramRun {
    /// Whether the example programs were found beside the test bundle (they are built with the tests).
    static var programsFound: Bool { TestPaths.builtProgram("scrape") != nil }

    /// Runs the example `program` with `arguments` (a hang bound of 5 minutes, never a speed bound),
    /// without `NO_COLOR` unless `environment` sets it.
    static func run(
        _ program: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) async throws -> ProgramRun {
        guard let executable = TestPaths.builtProgram(program) else { throw ProgramRunError.notBuilt(program) }
        return try await run(executable: executable, arguments, input: input, environment: environment, in: directory)
    }

    /// Runs the program at `executable` (any program, such as `script(1)`) as ``run(_:_:input:environment:in:)`` does,
    /// with a user data folder of the run's own (`XDG_DATA_HOME`) unless `environment` names one: a
    /// program run without `--db` opens a database of its own, never the user's (a file another
    /// build wrote, with a newer schema, would fail the run).
    static func run(
        executable: URL, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) async throws -> ProgramRun {
        // A home of its own: a program that falls back on a default database never opens the user's.
        var variables = try TemporaryFiles.homeOfItsOwn()
        variables["NO_COLOR"] = .some(nil)
        for (name, value) in environment { variables[name] = value }
        return try await ProgramRun.run(executable, arguments, input: input, environment: variables, in: directory)
    }
}

enum ProgramRunError: Error, CustomStringConvertible {
    case notBuilt(String)

    var description: String {
        switch self {
        case .notBuilt(let program): "\(program) was not found beside the test bundle; run `swift build --build-tests` first"
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
