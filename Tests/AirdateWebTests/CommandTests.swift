import AirdateTestSupport
import Foundation
import Testing

@Suite("airdate-web as a user runs it", .serialized)
struct CommandTests {
    /// Runs the built `airdate-web` with `arguments` to its end (hang-bounded): exit status and
    /// standard error.
    private func run(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let program = try #require(TestPaths.builtProgram("airdate-web"), "airdate-web is built with the tests")
        let run = try await ProgramRun.run(program, arguments, environment: try Self.ownDataFolders())
        return (run.status, run.stderr)
    }

    /// Data folders of the test's own, so that the databases airdate-web opens by default (the anime
    /// planner's, the countdowns') are never the user's (a file another build wrote, with a newer
    /// schema, made these tests fail).
    static func ownDataFolders() throws -> [String: String?] {
        try TemporaryFiles.homeOfItsOwn()
    }

    /// The port of airdate-web's "serving http://127.0.0.1:PORT/" line in `output`.
    static func servingPort(in output: String) -> Int? {
        output.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
    }

    @Test("Bad options are one line naming the option; exit 64 for usage, 1 for what fails at run time")
    func badOptions() async throws {
        let port = try await run(["--port", "70000"])
        #expect(port.status == 64)
        #expect(port.stderr.hasPrefix("airdate-web: --port 70000 is not a port") && port.stderr.filter { $0 == "\n" }.count == 1, "\(port.stderr)")
        let folder = try await run(["--db", "/nonexistent-airdate/watch.sqlite", "--snapshot", WebTest.snapshot.path])
        #expect(folder.status == 1)
        #expect(folder.stderr == "airdate-web: The database folder /nonexistent-airdate does not exist. Create it, or pass --db a file in an existing folder.\n")
        let zone = try await run(["--time-zone", "Mars/Base"])
        #expect(zone.status == 64 && zone.stderr.contains("Mars/Base"))
        let scratch = try TemporaryFiles.folder("airdate-web-command")
        let watch = scratch.appendingPathComponent("watch.sqlite").path
        let countdowns = try await run(["--db", watch, "--snapshot", WebTest.snapshot.path, "--countdowns-db", "/nonexistent-airdate/countdowns.sqlite"])
        #expect(countdowns.status == 1)
        #expect(countdowns.stderr.hasPrefix("airdate-web: The countdowns' database could not be opened: The folder '/nonexistent-airdate'")
                && countdowns.stderr.filter { $0 == "\n" }.count == 1, "\(countdowns.stderr)")
        let broken = scratch.appendingPathComponent("broken.sqlite")
        try Data("not a database".utf8).write(to: broken)
        let damaged = try await run(["--db", watch, "--snapshot", WebTest.snapshot.path, "--countdowns-db", broken.path])
        #expect(damaged.status == 1 && damaged.stderr.contains("is not a usable database"), "\(damaged.stderr)")
        #expect(try Data(contentsOf: broken) == Data("not a database".utf8), "the damaged file is left as it was")
        let empty = try await run(["--countdowns-db", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--countdowns-db needs a path"))
    }

    @Test("Serves on the port it prints, and stops cleanly on SIGTERM with a stream open")
    func serves() async throws {
        let program = try #require(TestPaths.builtProgram("airdate-web"))
        let folder = try TemporaryFiles.folder("airdate-web-serve")
        let child = try ProgramRun.start(
            program, ["--port", "0", "--db", folder.appendingPathComponent("watch.sqlite").path, "--snapshot", WebTest.snapshot.path],
            environment: try Self.ownDataFolders())
        defer { child.kill() }
        try await child.waitForOutput("the port it serves on") { Self.servingPort(in: $0) != nil }
        let serving = try #require(Self.servingPort(in: child.outputSoFar))
        let page = try LoopbackConnection(port: serving)
        page.get("/api/episodes/arrow/s3e8")
        try await page.read { $0.body.contains("\"title\":\"The Brave and the Bold\"") }
        let stream = try LoopbackConnection(port: serving)
        stream.get("/events")
        try await stream.read { $0.body.contains(": connected") }
        child.kill(SIGTERM)
        let stopped = try await child.finish()
        #expect(stopped.status == 0)
        #expect(await stream.closed(within: .seconds(10)))
        #expect(stopped.stderr.isEmpty)
    }
}
