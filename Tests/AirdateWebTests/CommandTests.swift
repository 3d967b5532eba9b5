import AirdateTestSupport
import Foundation
import Testing

@Suite("airdate-web as a user runs it", .serialized)
struct CommandTests {
    /// Runs the built `airdate-web` with `arguments` to its end: exit status and standard error.
    private func run(_ arguments: [String]) async throws -> (status: Int32, stderr: String) {
        let program = try #require(WebPrograms.path("airdate-web"), "airdate-web is built with the tests")
        let folder = try TemporaryFiles.folder("airdate-web-command")
        let errors = folder.appendingPathComponent("stderr").path
        let child = try SpawnedProcess(program, arguments, environment: Self.environment(home: folder), error: .file(errors))
        let status = await child.wait()
        return (status, (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }

    /// The environment with a temporary HOME: a database not named on the command line is never
    /// the user's own (`~/.local/share/Airdate/…`).
    static func environment(home: URL) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["XDG_DATA_HOME"] = nil
        return environment
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
        let program = try #require(WebPrograms.path("airdate-web"))
        let folder = try TemporaryFiles.folder("airdate-web-serve")
        let output = folder.appendingPathComponent("stdout").path, errors = folder.appendingPathComponent("stderr").path
        let child = try SpawnedProcess(
            program, ["--port", "0", "--db", folder.appendingPathComponent("watch.sqlite").path, "--snapshot", WebTest.snapshot.path],
            environment: Self.environment(home: folder), output: .file(output), error: .file(errors))
        var port: Int?
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while port == nil, ContinuousClock.now < deadline, child.isRunning {
            try await Task.sleep(for: .milliseconds(50))
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            port = text.firstMatch(of: /serving http:\/\/127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }
        }
        let serving = try #require(port, "no port printed: \((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
        let page = try LoopbackConnection(port: serving)
        page.get("/api/episodes/arrow/s3e8")
        try await page.read { $0.body.contains("\"title\":\"The Brave and the Bold\"") }
        let stream = try LoopbackConnection(port: serving)
        stream.get("/events")
        try await stream.read { $0.body.contains(": connected") }
        child.kill(SIGTERM)
        let status = try await withTimeout(seconds: 60) { await child.wait() }
        #expect(status == 0)
        #expect(await stream.closed(within: .seconds(10)))
        #expect(((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").isEmpty)
    }
}
