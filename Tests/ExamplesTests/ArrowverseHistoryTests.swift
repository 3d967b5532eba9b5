import AirdateTestSupport
import Foundation
import Testing

/// `arrowverse` history, undo, inverses, refusals and imports, run as a user runs them on the
/// offline snapshot, each test with its own database.
@Suite("arrowverse history, undo and imports", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ArrowverseHistoryTests {
    private let folder: URL
    init() throws { folder = try TemporaryFiles.folder("arrowverse-history") }
    private var db: String { folder.appendingPathComponent("progress.sqlite").path }
    static let imports = TestPaths.fixtures("imports")

    private func arrowverse(_ arguments: [String]) async throws -> ProgramRun {
        try await ProgramRun.run("arrowverse", arguments + ["--db", db, "--time-zone", "UTC"])
    }

    private func succeeds(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProgramRun {
        let run = try await arrowverse(arguments)
        #expect(run.status == 0, "arrowverse \(arguments.joined(separator: " ")): \(run.stderr)", sourceLocation: sourceLocation)
        return run
    }

    private func fails(_ arguments: [String], status: Int32, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let run = try await arrowverse(arguments)
        #expect(run.status == status, "arrowverse \(arguments.joined(separator: " ")): \(run.stdout) \(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)", sourceLocation: sourceLocation)
        return run.stderr
    }

    private func watchedCount() async throws -> Int {
        let run = try await succeeds(["progress", "--json"])
        let object = try #require(try run.json() as? [String: Any])
        return try #require((object["overall"] as? [String: Any])?["watched"] as? Int)
    }

    @Test("A season without a number is refused for watch and unwatch, and nothing is marked")
    func seasonNeedsNumber() async throws {
        for arguments in [["watch", "--season", "Arrow"], ["unwatch", "--season", "Flash"], ["watch", "--season", "legends"]] {
            let line = try await fails(arguments, status: 64)
            #expect(line.contains("--season needs a season number"), "\(line)")
        }
        #expect(try await watchedCount() == 0)
        #expect(try await succeeds(["watch", "--season", "Arrow 1"]).stdout.contains("23 newly watched"))
    }

    @Test("Every sweep has its inverse, and undo takes back the last change, then the one before")
    func inversesAndUndo() async throws {
        _ = try await succeeds(["watch", "--through", "Arrow 1x05"])
        let marked = try await watchedCount()
        #expect(marked >= 5)
        let unwatched = try await succeeds(["unwatch", "--through", "Arrow 1x03"])
        #expect(unwatched.stdout.contains("Unmarked"), "\(unwatched.stdout)")
        #expect(try await watchedCount() == marked - 3)
        _ = try await succeeds(["watch", "--show", "Supergirl"])
        _ = try await succeeds(["unwatch", "--show", "Supergirl"])
        #expect(try await watchedCount() == marked - 3)
        #expect(try await succeeds(["undo"]).stdout.hasPrefix("Undid: Unmarked"))
        #expect(try await watchedCount() > marked)
        _ = try await succeeds(["undo"])  // the Supergirl marks
        _ = try await succeeds(["undo"])  // the unwatch --through
        #expect(try await watchedCount() == marked)
        let listed = try await succeeds(["undo", "--list"]).stdout
        #expect(listed.contains("(undone)") && listed.contains("Marked"), "\(listed)")
        _ = try await succeeds(["undo"])
        #expect(try await watchedCount() == 0)
        #expect(try await succeeds(["undo"]).stdout == "Nothing to undo.\n")
    }

    @Test("history lists every watch with its instant; --show, --limit, --json, --hours")
    func history() async throws {
        #expect(try await succeeds(["history"]).stdout == "Nothing watched yet.\n")
        _ = try await succeeds(["watch", "Arrow 1x01"])
        _ = try await succeeds(["watch", "The Flash 1x01"])
        let text = try await succeeds(["history"]).stdout.split(separator: "\n")
        #expect(text.count == 3)
        #expect(text[0].contains("Arrow 1x01 \"Pilot\"") && text[1].contains("The Flash 1x01"))
        #expect(text[2] == "2 watches of 2 episodes; times in UTC.")
        #expect(try await succeeds(["history", "--show", "Flash"]).stdout.split(separator: "\n").count == 2)
        #expect(try await succeeds(["history", "--limit", "1"]).stdout.contains("The Flash 1x01"))
        let json = try #require(try await succeeds(["history", "--json"]).json() as? [String: Any])
        let watches = try #require(json["watches"] as? [[String: Any]])
        #expect(watches.map { $0["episode"] as? String } == ["arrow/s1e1", "the-flash/s1e1"])
        #expect(watches.allSatisfy { ($0["watchedAt"] as? String)?.hasSuffix("Z") ?? false })
        #expect(try await succeeds(["history", "--hours"]).stdout.contains("Total: "))
        _ = try await fails(["history", "--limit", "0"], status: 64)
        #expect(try await fails(["history", "--limit", "-5"], status: 64).contains("--limit must be 1 or more (it was -5)"))
    }

    @Test("import --from trakt: a dry run writes nothing; the import reports matched, unmatched and already there; undo takes it back")
    func traktImport() async throws {
        let file = Self.imports.appendingPathComponent("trakt/watched-history.json").path
        let dry = try await succeeds(["import", "--from", "trakt", "--dry-run", file]).stdout
        #expect(dry.contains("Read 17 watched episodes from Trakt; skipped 1 entry."), "\(dry)")
        #expect(dry.contains("Would add") && dry.contains("Dry run: nothing was written."), "\(dry)")
        #expect(dry.contains("no listed show is called Doctor Who"), "\(dry)")
        #expect(try await watchedCount() == 0)
        let real = try await succeeds(["import", "--from", "trakt", file]).stdout
        #expect(real.contains("Added 13 watches"), "\(real)")
        let again = try await succeeds(["import", "--from", "trakt", file]).stdout
        #expect(again.contains("Added 0 watches (0 episodes newly watched); 13 watches already there."), "\(again)")
        #expect(try await succeeds(["undo"]).stdout.contains("Imported 13 watches from trakt"))
        #expect(try await watchedCount() == 0)
    }

    @Test("import --from trakt takes Trakt's export folder or ZIP, its history split over watched-history-N.json, whole: the same as the one file")
    func traktExportImport() async throws {
        let one = try await succeeds(["import", "--from", "trakt", "--dry-run", Self.imports.appendingPathComponent("trakt/watched-history.json").path]).stdout
        for export in ["trakt/export", "trakt/export.zip"] {
            let run = try await succeeds(["import", "--from", "trakt", "--dry-run", Self.imports.appendingPathComponent(export).path]).stdout
            #expect(run.contains("Read 17 watched episodes from Trakt; skipped 1 entry."), "\(run)")
            #expect(run.contains("skipped watched-history-1.json item 3: a movie (Justice League), not an episode"), "\(run)")
            #expect(run.contains("Matched 13 of 17") && run.contains("Would add 13 watches"), "\(run)")
            // The same report as the one-file history but for the locations, which name the part.
            #expect(run.split(separator: "\n").count == one.split(separator: "\n").count)
        }
        #expect(try await watchedCount() == 0)
        let real = try await succeeds(["import", "--from", "trakt", Self.imports.appendingPathComponent("trakt/export.zip").path]).stdout
        #expect(real.contains("Added 13 watches"), "\(real)")
    }

    @Test("import --from tvtime reads TV Time's current export (tracking-prod-records-v2.csv): rewatches with their instants, the archived show dropped")
    func tvTimeRecordsImport() async throws {
        let out = try await succeeds(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/zip/export-v2.zip").path]).stdout
        #expect(out.contains("Read 14 watched episodes from TV Time and 5 followed shows; skipped 2 entries."), "\(out)")
        #expect(out.contains("Added 11 watches (8 episodes newly watched)"), "\(out)")
        #expect(out.contains("Dropped: Supergirl (archived on TV Time)."), "\(out)")
        let history = try await succeeds(["history", "--show", "Supergirl", "--time-zone", "UTC"]).stdout
        #expect(history.contains("2019-08-15 18:00") && history.contains("3 watches of 1 episode"), "\(history)")
    }

    @Test("import --from tvtime reads the unpacked folder and drops the archived show (still listed, out of next); bad files change nothing")
    func tvTimeImport() async throws {
        let out = try await succeeds(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/export").path]).stdout
        #expect(out.contains("Added 11 watches"), "\(out)")
        #expect(out.contains("Dropped: The Flash (archived on TV Time)."), "\(out)")
        // Archived there is "stopped following", not "shown nowhere": listed with its progress, out of next.
        #expect(try await succeeds(["list"]).stdout.split(separator: "\n").contains { $0.contains("The Flash") && $0.hasSuffix(" Pilot") })
        let next = try #require(try await succeeds(["next", "--json"]).json() as? [String: Any])
        #expect(!(try #require(next["byShow"] as? [[String: Any]])).contains { $0["show"] as? String == "The Flash" })
        let before = try await watchedCount()
        for name in ["cut-off.csv", "bad-date.csv", "other-file.csv", "short-row.csv"] {
            let line = try await fails(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/broken/\(name)").path], status: 1)
            #expect(line.contains("Nothing was imported") || line.contains("lacks"), "\(line)")
        }
        _ = try await fails(["import", "--from", "trakt", Self.imports.appendingPathComponent("trakt/cut-off.json").path], status: 1)
        _ = try await fails(["import", "--from", "trakt", folder.appendingPathComponent("missing.json").path], status: 1)
        #expect(try await watchedCount() == before)
    }

    @Test("import --from tvtime reads the export's ZIP archive as the folder; a bad archive changes nothing")
    func tvTimeZipImport() async throws {
        let folderRun = try await succeeds(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/export").path, "--dry-run"]).stdout
        let zipRun = try await succeeds(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/zip/export-deflated.zip").path, "--dry-run"]).stdout
        #expect(folderRun.contains("11 watches"), "\(folderRun)")
        #expect(zipRun == folderRun)
        #expect(try await watchedCount() == 0)
        for name in ["truncated.zip", "encrypted.zip", "bomb.zip", "no-history.zip"] {
            let line = try await fails(["import", "--from", "tvtime", Self.imports.appendingPathComponent("tvtime/zip/\(name)").path], status: 1)
            #expect(line.contains(name) || line.contains("seen_episode.csv"), "\(line)")
        }
        #expect(try await watchedCount() == 0)
    }

    @Test("import of a progress file with unknown shows: they are left out and said; the selection is kept; a dry run writes nothing")
    func progressImportValidates() async throws {
        let file = folder.appendingPathComponent("progress.json")
        try Data("""
            {"version": 1, "exported": "2019-05-01T20:00:00Z", "watched": ["arrow/s1e1"], "hidesSpecials": true,
             "selectedShows": ["no-such-show"]}
            """.utf8).write(to: file)
        let dry = try await succeeds(["import", "--dry-run", file.path]).stdout
        #expect(dry.contains("Left out 1 show id no listed show has: no-such-show; the shows followed were kept."), "\(dry)")
        #expect(dry.contains("Specials: shown → hidden.") && dry.contains("Nothing was written."), "\(dry)")
        #expect(try await watchedCount() == 0)
        _ = try await succeeds(["import", file.path])
        let listed = try await succeeds(["list"]).stdout.split(separator: "\n")
        #expect(listed.count > 700, "the selection was kept: every show is still listed")
        #expect(try await watchedCount() == 1)
    }

    @Test("export --to trakt and --to tvtime write files that import back into a new database")
    func exportRoundTrip() async throws {
        _ = try await succeeds(["watch", "--through", "Arrow 1x05"])
        let trakt = folder.appendingPathComponent("trakt.json").path
        let tvtime = folder.appendingPathComponent("tvtime").path
        #expect(try await succeeds(["export", "--to", "trakt", trakt]).stdout.hasPrefix("Exported "))
        #expect(try await succeeds(["export", "--to", "tvtime", tvtime]).stdout.hasPrefix("Exported "))
        let marked = try await watchedCount()
        let other = folder.appendingPathComponent("other.sqlite").path
        let back = try await ProgramRun.run("arrowverse", ["import", "--from", "trakt", trakt, "--db", other])
        #expect(back.status == 0 && back.stdout.contains("Added \(marked) watches"), "\(back.stdout) \(back.stderr)")
        let fromTVTime = try await ProgramRun.run("arrowverse", ["import", "--from", "tvtime", tvtime, "--db", other])
        #expect(fromTVTime.status == 0 && fromTVTime.stdout.contains("\(marked) watches already there"), "\(fromTVTime.stdout)")
        _ = try await fails(["export", "--to", "tvtime"], status: 64)
    }

    @Test("shows --hide takes a show out of everything, --drop out of next, both keeping its marks; --resume and undo bring it back")
    func hideAndDrop() async throws {
        _ = try await succeeds(["watch", "The Flash 1x01"])
        let hidden = try await succeeds(["shows", "--hide", "Flash"]).stdout
        #expect(hidden.contains("  The Flash (hidden)\n"), "\(hidden)")
        let next = try #require(try await succeeds(["next", "--json"]).json() as? [String: Any])
        let shows = try #require(next["byShow"] as? [[String: Any]]).compactMap { $0["show"] as? String }
        #expect(!shows.contains("The Flash") && shows.contains("Arrow"), "\(shows)")
        #expect(try await watchedCount() == 0, "a hidden show is out of progress too")
        #expect(try await succeeds(["history"]).stdout.contains("The Flash 1x01"), "its watch is kept")
        #expect(try await succeeds(["shows", "--drop", "Arrow"]).stdout.contains("✓ Arrow (dropped)\n"))
        #expect(try await succeeds(["shows", "--resume", "Arrow"]).stdout.contains("✓ Arrow\n"))
        _ = try await succeeds(["undo"])  // the resume
        _ = try await succeeds(["undo"])  // the drop
        _ = try await succeeds(["undo"])  // the hide
        #expect(!(try await succeeds(["shows"]).stdout.contains("(")))
        #expect(try await watchedCount() == 1)
        _ = try await fails(["shows", "--hide", "Flash", "--drop", "Arrow"], status: 64)
    }

    @Test("--db with an empty path or a folder is refused in one line")
    func databasePaths() async throws {
        let empty = try await ProgramRun.run("arrowverse", ["list", "--db", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--db needs a path"), "\(empty.stderr)")
        let folderRun = try await ProgramRun.run("arrowverse", ["list", "--db", folder.path])
        #expect(folderRun.status == 1 && folderRun.stderr.contains("it is a folder"), "\(folderRun.stderr)")
    }
}
