#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Foundation

/// One run of a program as a user (or a script) runs it — arguments and standard input in; standard
/// output, standard error and the exit status out — the tests' one way to run another process.
///
/// The program is started with ``SpawnedProcess`` (`posix_spawn`); its standard streams are files
/// (never a terminal, never a pipe that could fill up), and every wait for it has a hang bound:
/// a program that does not end within it is killed and the test fails with a ``HangError`` naming
/// the command.
///
/// ```swift
/// let run = try await ProgramRun.run(TestPaths.builtProgram("countdowns")!, ["list", "--json"])
/// #expect(run.status == 0)
/// ```
public struct ProgramRun: Sendable {
    /// What it wrote on standard output.
    public var stdout: String
    /// What it wrote on standard error.
    public var stderr: String
    /// Its exit status (128 + the signal's number when a signal ended it).
    public var status: Int32

    /// A finished run.
    public init(stdout: String, stderr: String, status: Int32) {
        self.stdout = stdout
        self.stderr = stderr
        self.status = status
    }

    /// Exit status 0.
    public var succeeded: Bool { status == 0 }

    /// The lines of standard error.
    public var errorLines: [Substring] { stderr.split(separator: "\n") }

    /// Standard output parsed as one JSON document.
    public func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8))
    }

    /// Runs `executable` with `arguments` to its end (at most `bound`, a hang bound).
    ///
    /// - Parameters:
    ///   - input: standard input.
    ///   - environment: variables set on top of the test process's own (`nil` values remove one).
    ///   - directory: the working directory (the test process's by default).
    ///   - user: runs it as this user and group (through `setpriv`), for a test run as root.
    public static func run(
        _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String?] = [:],
        in directory: URL? = nil, as user: (uid: UInt32, gid: UInt32)? = nil, within bound: Duration = hangBound
    ) async throws -> ProgramRun {
        let program = try start(executable, arguments, input: input, environment: environment, in: directory, as: user)
        return try await program.finish(within: bound)
    }

    /// Starts `executable` with `arguments` and returns at once: watch it with
    /// ``RunningProgram/outputSoFar``, end it with ``RunningProgram/kill(_:)``, wait with
    /// ``RunningProgram/finish(within:)``.
    public static func start(
        _ executable: URL, _ arguments: [String], input: String = "", environment: [String: String?] = [:],
        in directory: URL? = nil, as user: (uid: UInt32, gid: UInt32)? = nil
    ) throws -> RunningProgram {
        let folder = try TemporaryFiles.folder("run-\(executable.lastPathComponent)")
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try Data(input.utf8).write(to: inputFile)
        try Data().write(to: outputFile)
        try Data().write(to: errorFile)
        var variables = ProcessInfo.processInfo.environment
        for (name, value) in environment { variables[name] = value }
        var path = executable.path
        var argv = arguments
        if let user {
            // `setpriv` drops root, so that file permissions apply to the child.
            argv = ["--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", path] + arguments
            path = "/usr/bin/setpriv"
        }
        let child = try SpawnedProcess(
            path, argv, environment: variables, directory: directory?.path,
            input: .file(inputFile.path), output: .file(outputFile.path), error: .file(errorFile.path))
        let command = ([executable.lastPathComponent] + arguments).joined(separator: " ")
        return RunningProgram(child: child, command: command, outputFile: outputFile, errorFile: errorFile)
    }
}

/// A program started by ``ProgramRun/start(_:_:input:environment:in:as:)``.
public final class RunningProgram: Sendable {
    /// The program and its arguments, as failures name it.
    public let command: String
    /// The process.
    public let child: SpawnedProcess
    private let outputFile: URL
    private let errorFile: URL

    init(child: SpawnedProcess, command: String, outputFile: URL, errorFile: URL) {
        self.child = child
        self.command = command
        self.outputFile = outputFile
        self.errorFile = errorFile
    }

    /// Whether it is still running.
    public var isRunning: Bool { child.isRunning }

    /// Sends `signal` (SIGKILL by default).
    public func kill(_ signal: Int32 = SIGKILL) { child.kill(signal) }

    /// What it wrote on standard output so far.
    public var outputSoFar: String { String(decoding: (try? Data(contentsOf: outputFile)) ?? Data(), as: UTF8.self) }

    /// What it wrote on standard error so far.
    public var errorSoFar: String { String(decoding: (try? Data(contentsOf: errorFile)) ?? Data(), as: UTF8.self) }

    /// Waits for it to end (at most `bound`: then it is killed and ``HangError`` names it).
    public func finish(within bound: Duration = hangBound) async throws -> ProgramRun {
        let status = try await child.wait(within: bound, what: "the program `\(command)` to end")
        return ProgramRun(stdout: outputSoFar, stderr: errorSoFar, status: status)
    }

    /// Waits until its standard output satisfies `condition` (at most `bound`), failing early with
    /// what it wrote if it ends first.
    public func waitForOutput(
        _ what: String, within bound: Duration = hangBound, _ condition: @escaping @Sendable (String) -> Bool
    ) async throws {
        try await waitUntil("`\(command)` to print \(what)", bound) { [self] in
            if condition(outputSoFar) { return true }
            if !isRunning, !condition(outputSoFar) {
                throw ProgramEndedError(command: command, waitingFor: what, stdout: outputSoFar, stderr: errorSoFar)
            }
            return false
        }
    }
}

/// A program ended before printing what a test waited for.
public struct ProgramEndedError: Error, CustomStringConvertible {
    /// The program and its arguments.
    public var command: String
    /// What was awaited.
    public var waitingFor: String
    /// Its output.
    public var stdout: String
    /// Its standard error.
    public var stderr: String

    public var description: String {
        "`\(command)` ended before printing \(waitingFor); stdout: \(stdout.suffix(2000)) stderr: \(stderr.suffix(2000))"
    }
}
