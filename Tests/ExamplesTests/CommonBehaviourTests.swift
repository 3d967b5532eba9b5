import AirdateTestSupport
import Foundation
import Testing

/// What every example program shares: `--version`, one-line errors, usage errors, and no terminal
/// control codes when output is not a terminal.
@Suite("Every example program", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct CommonBehaviourTests {
    static let programs = ["arrowverse", "tvweek", "animeplan", "countdowns", "scrape"]

    @Test("--version prints the package version and exits 0", arguments: programs)
    func version(program: String) async throws {
        let run = try await ProgramRun.run(program, ["--version"])
        #expect(run.status == 0)
        #expect(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil,
                "a version number, got: \(run.stdout)")
    }

    @Test("every program reports the same version", arguments: programs)
    func sameVersion(program: String) async throws {
        let reference = try await ProgramRun.run("scrape", ["--version"]).stdout
        #expect(try await ProgramRun.run(program, ["--version"]).stdout == reference)
    }

    @Test("an unknown option is a usage error: one line, exit 64, pointing at --help", arguments: programs)
    func unknownOption(program: String) async throws {
        let run = try await ProgramRun.run(program, program == "scrape" ? ["p", "--bogus"] : ["--bogus"])
        expectOneLineError(run, program: program, status: 64, containing: ["--bogus", "--help"])
        #expect(run.stdout.isEmpty)
    }
}

@Suite("Error style", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ErrorStyleTests {
    @Test("options before the subcommand bind to it")
    func optionsBeforeSubcommand() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let db = folder.appendingPathComponent("progress.sqlite").path
        let run = try await ProgramRun.run("arrowverse", ["--db", db, "watch", "--through", "Arrow 3x08"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("Marked"))
    }

    @Test("exporting into a folder that does not exist names the path, in one line")
    func exportToMissingFolder() async throws {
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: db) }
        let run = try await ProgramRun.run("arrowverse", ["export", "/nonexistent-airdate/x.json", "--db", db])
        expectOneLineError(run, program: "arrowverse", status: 1, containing: ["/nonexistent-airdate"])
    }

    @Test("importing a file that is not JSON says so, in one line")
    func importBrokenFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-bad-\(UUID().uuidString).json")
        try Data(#"{"version": 1"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let db = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: db) }
        let run = try await ProgramRun.run("arrowverse", ["import", file.path, "--db", db])
        expectOneLineError(run, program: "arrowverse", status: 1, containing: ["JSON"])
    }
}
