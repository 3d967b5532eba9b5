import Foundation
import Testing

/// One run of an example program, as a user would run it: arguments in; standard output, standard
/// error and the exit status out. Standard input is empty (or the given text), and standard output
/// is a pipe, never a terminal.
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

    /// Whether the example programs were found (they are built with the tests).
    static var programsFound: Bool { productsFolder != nil }

    /// Runs `program` with `arguments`; a generous time limit catches a hang, never a slow machine.
    static func run(
        _ program: String, _ arguments: [String], input: String = "", environment: [String: String] = [:],
        in directory: URL? = nil
    ) throws -> ProgramRun {
        guard let folder = productsFolder else {
            throw ProgramRunError.notBuilt
        }
        let process = Process()
        process.executableURL = folder.appendingPathComponent(program)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe(), error = Pipe(), standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        // Read both pipes while the program runs, so a large output cannot block it.
        let outData = LockedData(), errData = LockedData()
        let group = DispatchGroup()
        for (handle, sink) in [(output.fileHandleForReading, outData), (error.fileHandleForReading, errData)] {
            group.enter()
            DispatchQueue.global().async {
                sink.set(handle.readDataToEndOfFile())
                group.leave()
            }
        }
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning {
            process.terminate()
            throw ProgramRunError.hung(program, arguments)
        }
        group.wait()
        return ProgramRun(stdout: String(decoding: outData.get(), as: UTF8.self),
                          stderr: String(decoding: errData.get(), as: UTF8.self),
                          status: process.terminationStatus)
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

/// Bytes handed from a reading thread to the test.
final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.lock(); data = value; lock.unlock() }
    func get() -> Data { lock.lock(); defer { lock.unlock() }; return data }
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
