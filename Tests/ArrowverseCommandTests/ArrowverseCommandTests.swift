import Foundation
import Testing

/// The `arrowverse` binary built beside this test bundle, when it is there.
private let binary: URL? = {
    var folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("arrowverse")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return nil
}()

/// What a finished process said.
private struct Run {
    var status: Int32
    var output: String
    var errors: String
}

/// Runs `arrowverse ARGUMENTS --db DB` from the package folder (so it finds `Fixtures/`).
private func arrowverse(_ arguments: [String], db: URL) async throws -> Run {
    let executable = try #require(binary, "the arrowverse binary is built with the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments + ["--db", db.path]
    process.currentDirectoryURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let finished = AsyncStream<Int32> { continuation in
        process.terminationHandler = { continuation.yield($0.terminationStatus); continuation.finish() }
    }
    try process.run()
    // Read both pipes to the end before waiting, so a full pipe never blocks the child; the blocking
    // reads run on dispatch threads, never on the tasks' cooperative pool.
    async let out = readToEnd(output)
    async let err = readToEnd(errors)
    let (outData, errData) = await (out, err)
    var status: Int32 = -1
    for await code in finished { status = code }
    return Run(status: status, output: String(decoding: outData, as: UTF8.self), errors: String(decoding: errData, as: UTF8.self))
}

private func readToEnd(_ pipe: Pipe) async -> Data {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: pipe.fileHandleForReading.readDataToEndOfFile()) }
    }
}

private func temporaryDatabase() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("arrowverse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder.appendingPathComponent("progress.sqlite")
}

@Suite("arrowverse, run as a process", .serialized, .enabled(if: binary != nil, "the arrowverse binary is not beside the test bundle"))
struct ArrowverseCommandTests {
    @Test("a season that does not exist is one line naming those that do, exit status 1")
    func unknownSeason() async throws {
        let db = try temporaryDatabase()
        let run = try await arrowverse(["watch", "--season", "Arrow 9"], db: db)
        #expect(run.status == 1)
        #expect(run.output.isEmpty)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.contains("Arrow has no season 9; its seasons are ") == true)
        let show = try await arrowverse(["watch", "--show", "Smallville"], db: db)
        #expect(show.status == 1)
        #expect(show.errors.contains("No show \"Smallville\"; the shows are Arrow, The Flash"))
    }

    @Test("the show choice is saved and applies to progress until changed")
    func showFilter() async throws {
        let db = try temporaryDatabase()
        #expect(try await arrowverse(["shows", "--only", "Arrow,Flash"], db: db).status == 0)
        let progress = try await arrowverse(["progress"], db: db)
        let shows = progress.output.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(shows == ["Arrow", "The Flash", "Overall"])
        #expect(try await arrowverse(["shows", "--all"], db: db).status == 0)
        let all = try await arrowverse(["progress"], db: db)
        #expect(all.output.contains("Supergirl:"))
    }

    @Test("a special is marked by the code the list prints; next --watch marks the next episode")
    func codesAndNext() async throws {
        let db = try temporaryDatabase()
        let list = try await arrowverse(["list"], db: db)
        let special = try #require(list.output.split(separator: "\n").first { $0.contains("Legends of Tomorrow special 1") })
        #expect(special.contains("Crisis on Infinite Earths: Part Five"))
        let marked = try await arrowverse(["watch", "Legends special 1"], db: db)
        #expect(marked.output == "Marked 1 episode watched.\n")
        let next = try await arrowverse(["next", "--watch"], db: db)
        #expect(next.status == 0)
        #expect(next.output.hasPrefix("Marked The Flash 1x01 \"Pilot\" watched."))
        let unwatched = try await arrowverse(["list", "--unwatched"], db: db)
        #expect(!unwatched.output.contains("Crisis on Infinite Earths: Part Five"))
        #expect(!unwatched.output.contains(" The Flash           1x01 "))
    }

    @Test("--tvmaze --offline adds broadcast times from the recorded answers and reports no differing date")
    func tvmazeOffline() async throws {
        let db = try temporaryDatabase()
        let run = try await arrowverse(["list", "--tvmaze", "--offline"], db: db)
        #expect(run.status == 0)
        #expect(run.errors.contains("TVMaze Supergirl: 86 broadcast times added, 0 dates differ"))
        let lines = run.output.split(separator: "\n")
        let part1 = try #require(lines.firstIndex { $0.contains("Crisis on Earth-X, Part 1") })
        let part2 = try #require(lines.firstIndex { $0.contains("Crisis on Earth-X, Part 2") })
        #expect(part1 < part2)
    }
}
