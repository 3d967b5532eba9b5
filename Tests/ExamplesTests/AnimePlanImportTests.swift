import AirdateTestSupport
import Foundation
import Testing

/// `animeplan import --from mal` and `export --to mal` (issue 30, part 4), and the animeplan members
/// of issue 28's classes 5, 6, 7, 8, 11 and 12, run as a user runs them: offline on the recorded
/// Jikan snapshot with `--today 2022-11-14`, on a scratch database.
@Suite("animeplan import and issue 28", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct AnimePlanImportTests {
    static func run(_ scratch: Scratch, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProgramRun {
        // The snapshot chooses the data, never the date: the day these expectations were written for is given.
        let today = arguments.contains("--today") ? [] : ["--today", "2022-11-14"]
        return try await ProgramRun.run("animeplan", arguments + ["--offline", "--db", scratch.db, "--time-zone", "UTC"] + today, environment: environment)
    }

    /// A file of `Fixtures/myanimelist/`.
    static func fixture(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Fixtures/myanimelist/\(name)").path
    }

    /// The widest line of `text`, in terminal columns (CJK and emoji count two).
    static func widestLine(_ text: String) -> Int {
        text.split(separator: "\n").map { line in
            line.unicodeScalars.reduce(0) { width, scalar in
                let wide = (0x1100...0x115F).contains(scalar.value) || (0x2E80...0xA4CF).contains(scalar.value)
                    || (0xAC00...0xD7A3).contains(scalar.value) || (0xF900...0xFAFF).contains(scalar.value)
                    || (0xFF00...0xFF60).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
                return width + (wide ? 2 : 1)
            }
        }.max() ?? 0
    }

    // MARK: Import and export (issue 30)

    @Test("import --dry-run reports matched, already there and unmatched, and writes nothing; the import writes what it reported")
    func importDryRunThenForReal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let dry = try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml"), "--dry-run"])
        #expect(dry.status == 0, "stderr: \(dry.stderr)")
        #expect(dry.stdout.contains("Read 9 anime from"))
        #expect(dry.stdout.contains("Matched and to be added: 7"))
        #expect(dry.stdout.contains("Already there: 0"))
        #expect(dry.stdout.contains("Unmatched: 2"))
        #expect(dry.stdout.contains("  Sousou no Frieren (52991):\n    The offline snapshot has no anime 52991"),
                "not in the snapshot: unmatched with its id, the reason indented under it")
        #expect(dry.stdout.contains("more than the 13"), "Bleach: 20 watched of 13")
        #expect(dry.stdout.contains("Blue Lock (49596):") && dry.stdout.contains("matched by title"), "no id in the list: found by its title")
        #expect(dry.stdout.hasSuffix("Dry run: nothing was written.\n"))
        let afterDryRun = try await Self.run(scratch, ["today"])
        #expect(afterDryRun.stdout.contains("nothing tracked"), "\(afterDryRun.stdout)")

        let real = try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml")])
        #expect(real.status == 0, "stderr: \(real.stderr)")
        #expect(real.stdout.contains("Matched and added: 7") && real.stdout.hasSuffix("Imported 7 shows.\n"))
        // What it said it added is there, in the states the list gave.
        let stats = try #require(try await Self.run(scratch, ["stats", "--json"]).json() as? [String: Any])
        #expect(stats["completed"] as? Int == 2, "Mushishi and Kimi no Na wa.")
        #expect(stats["dropped"] as? Int == 1, "Chainsaw Man")
        #expect(stats["queued"] as? Int == 1, "Fullmetal Alchemist: Brotherhood, plan to watch")
        #expect(stats["watching"] as? Int == 3, "Bocchi, Blue Lock, and Mob Psycho 100 III on hold")
        let shows = try #require(stats["shows"] as? [[String: Any]])
        #expect(Set(shows.compactMap { $0["id"] as? Int }) == [457, 47917, 5114, 50172, 44511, 32281, 49596])
        let today = try await Self.run(scratch, ["today"])
        #expect(today.stdout.contains("Bocchi the Rock!: episode 5"), "\(today.stdout)")
        #expect(today.stdout.contains("Mob Psycho 100 III: paused since 2022-11-14"))

        // Again: every matched entry is already there, nothing is written.
        let again = try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml")])
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(again.stdout.contains("Matched and added: 0") && again.stdout.contains("Already there: 7") && again.stdout.contains("Unmatched: 2"))
        #expect(again.stdout.hasSuffix("Nothing to add; nothing was written.\n"))
    }

    @Test("import --json holds the text's counts and one item per entry, each with its outcome")
    func importJSON() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml"), "--dry-run", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try run.json() as? [String: Any])
        #expect(document["format"] as? String == "mal" && document["dryRun"] as? Bool == true)
        #expect(document["added"] as? Int == 7 && document["alreadyThere"] as? Int == 0 && document["unmatched"] as? Int == 2)
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 9)
        #expect(items.filter { $0["outcome"] as? String == "added" }.count == 7)
        let frieren = try #require(items.first { $0["myAnimeListID"] as? Int == 52991 })
        #expect(frieren["outcome"] as? String == "unmatched" && (frieren["reason"] as? String)?.isEmpty == false)
        let blueLock = try #require(items.first { $0["name"] as? String == "Blue Lock" })
        #expect(blueLock["matchedBy"] as? String == "title" && blueLock["showID"] as? Int == 49596)
    }

    @Test("a file that is not a readable anime list export is one line, exit 1, and writes nothing, not even a database")
    func badFilesWriteNothing() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let gzipped = scratch.file("animelist.xml.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: gzipped))
        let empty = scratch.file("empty.xml")
        try Data().write(to: URL(fileURLWithPath: empty))
        let cases: [(String, [String])] = [
            (Self.fixture("not_xml.json"), ["not XML", "JSON"]),
            (Self.fixture("animelist_truncated.xml"), ["cut short"]),
            (Self.fixture("mangalist.xml"), ["manga list", "anime list"]),
            (Self.fixture("animelist_entities.xml"), ["document type"]),
            (gzipped, ["compressed", "gunzip"]),
            (empty, ["empty"]),
            (scratch.folder.path, ["folder"]),
            (scratch.file("missing.xml"), ["missing.xml"]),
            ("/dev/zero", ["larger than 64 MiB"]),  // never read to its (missing) end
        ]
        for (file, fragments) in cases {
            let run = try await Self.run(scratch, ["import", "--from", "mal", file])
            expectOneLineError(run, program: "animeplan", status: 1, containing: fragments)
            #expect(!run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("CodingKeys"), "\(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.db), "a bad file creates no database")
        expectOneLineError(try await Self.run(scratch, ["import", "--from", "trakt", Self.fixture("animelist.xml")]), program: "animeplan",
                           status: 64, containing: ["--from", "mal"])
        expectOneLineError(try await Self.run(scratch, ["import", Self.fixture("animelist.xml")]), program: "animeplan", status: 64,
                           containing: ["--from"])
        expectOneLineError(try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml"), "--start", "2022-11-01"]),
                           program: "animeplan", status: 64, containing: ["--start"])
    }

    @Test("export --to mal, then import into a new database: every exported show is already there, in the same state")
    func exportThenImportRoundTrip() async throws {
        let first = try Scratch()
        let second = try Scratch()
        defer { first.remove(); second.remove() }
        #expect(try await Self.run(first, ["import", "--from", "mal", Self.fixture("animelist.xml")]).status == 0)
        let file = first.file("list.xml")
        let export = try await Self.run(first, ["export", file], environment: ["COLUMNS": "300"])
        #expect(export.status == 0, "stderr: \(export.stderr)")
        #expect(export.stdout == "Wrote 7 anime to \(file) (MyAnimeList's format).\n")
        let xml = try String(contentsOfFile: file, encoding: .utf8)
        #expect(xml.hasPrefix("<?xml") && xml.contains("<my_status>Plan to Watch</my_status>") && xml.contains("<my_status>On-Hold</my_status>"))
        let imported = try await Self.run(second, ["import", "--from", "mal", file])
        #expect(imported.status == 0 && imported.stdout.contains("Matched and added: 7") && imported.stdout.contains("Unmatched: 0"),
                "\(imported.stdout)\(imported.stderr)")
        let before = try #require(try await Self.run(first, ["stats", "--json"]).json() as? [String: Any])
        let after = try #require(try await Self.run(second, ["stats", "--json"]).json() as? [String: Any])
        for key in ["watching", "queued", "completed", "dropped", "episodesWatched"] {
            #expect(before[key] as? Int == after[key] as? Int, "\(key)")
        }
        // And back again: nothing new.
        let again = try await Self.run(first, ["import", "--from", "mal", file])
        #expect(again.stdout.contains("Already there: 7"), "\(again.stdout)")
    }

    // MARK: Class 14: the README is true

    @Test("every animeplan command the README shows with its output prints that output")
    func readmeOutputsMatch() async throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```sh\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let shown = blocks.filter { $0.hasPrefix("$ swift run animeplan ") }
        #expect(!shown.isEmpty, "the README shows an animeplan run")
        for block in shown {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            let arguments = lines[0].dropFirst("$ swift run animeplan ".count).split(separator: " ").map(String.init)
            let scratch = try Scratch()
            defer { scratch.remove() }
            let run = try await ProgramRun.run("animeplan", arguments + ["--db", scratch.db], environment: ["COLUMNS": "80"],
                                               in: TestPaths.packageRoot)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(run.stdout == lines.dropFirst().joined(separator: "\n") + "\n", "README: \(lines[0])")
        }
    }

    // MARK: Issue 28, class 5: one question, one answer

    @Test("a first day in the past: add, today, stats and the calendar give one finish, and the past episodes are due")
    func oneFinishEverywhere() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let add = try await Self.run(scratch, ["add", "5114", "--per-day", "2", "--start", "2022-11-01"])
        #expect(add.status == 0, "stderr: \(add.stderr)")
        let finish = try #require(add.stdout.firstMatch(of: #/finishing (\d{4}-\d\d-\d\d)/#).map { String($0.output.1) }, "\(add.stdout)")
        #expect(add.stdout.contains("behind by 26"), "13 days of 2 before today are due: \(add.stdout)")
        let today = try #require(try await Self.run(scratch, ["today", "--json"]).json() as? [String: Any])
        let show = try #require((today["shows"] as? [[String: Any]])?.first)
        #expect(show["projectedFinish"] as? String == finish)
        #expect((show["status"] as? [String: Any])?["by"] as? Int == 26)
        let stats = try #require(try await Self.run(scratch, ["stats", "--json"]).json() as? [String: Any])
        #expect((stats["shows"] as? [[String: Any]])?.first?["projectedFinish"] as? String == finish)
        let calendar = try #require(try await Self.run(scratch, ["calendar", "--days", "60", "--json"]).json() as? [String: Any])
        let planned = (calendar["days"] as? [[String: Any]] ?? []).filter { !(($0["items"] as? [Any]) ?? []).isEmpty }
        #expect(planned.last?["day"] as? String == finish, "the calendar's last planned day is the finish")
        // Every view the next day too, after nothing was watched.
        let next = try #require(try await Self.run(scratch, ["today", "--json", "--today", "2022-11-15"]).json() as? [String: Any])
        let nextStats = try #require(try await Self.run(scratch, ["stats", "--json", "--today", "2022-11-15"]).json() as? [String: Any])
        #expect((next["shows"] as? [[String: Any]])?.first?["projectedFinish"] as? String
                == (nextStats["shows"] as? [[String: Any]])?.first?["projectedFinish"] as? String)
    }

    @Test("pause then resume on one day changes nothing: the calendar and the episodes already watched stay")
    func pauseResumeSameDay() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try await Self.run(scratch, ["add", "457", "--per-day", "2"]).status == 0)
        #expect(try await Self.run(scratch, ["watch", "457", "1"]).status == 0)
        let before = try await Self.run(scratch, ["calendar", "--days", "20", "--json"])
        let statsBefore = try await Self.run(scratch, ["stats", "--json"])
        #expect(try await Self.run(scratch, ["pause", "457"]).status == 0)
        #expect(try await Self.run(scratch, ["resume", "457"]).status == 0)
        #expect(try await Self.run(scratch, ["calendar", "--days", "20", "--json"]).stdout == before.stdout)
        #expect(try await Self.run(scratch, ["stats", "--json"]).stdout == statsBefore.stdout)
    }

    // MARK: Class 6: "finish by" spreads the work

    @Test("--until spreads the episodes from today; --remainder last keeps the old as-late-as-possible rule")
    func untilSpreads() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let add = try await Self.run(scratch, ["add", "47917", "--until", "2022-12-31"])
        #expect(add.status == 0, "stderr: \(add.stderr)")
        #expect(add.stdout.contains("12 episodes planned, finishing 2022-12-31"), "\(add.stdout)")
        let calendar = try #require(try await Self.run(scratch, ["calendar", "--days", "48", "--json"]).json() as? [String: Any])
        let planned = (calendar["days"] as? [[String: Any]] ?? []).filter { !(($0["items"] as? [Any]) ?? []).isEmpty }.compactMap { $0["day"] as? String }
        #expect(planned.count == 12)
        #expect(planned.first.map { $0 < "2022-11-20" } == true, "work starts within the first week, not on 12-20: \(planned)")
        #expect(planned.last == "2022-12-31")
        #expect(Set(planned.map { $0.prefix(7) }) == ["2022-11", "2022-12"], "spread over both months")
        let late = try await Self.run(scratch, ["plan", "47917", "--until", "2022-12-31", "--remainder", "last"])
        #expect(late.status == 0, "stderr: \(late.stderr)")
        #expect(late.stdout.contains("Tue 2022-12-20  episode 1"), "\(late.stdout)")
        // A finished show in 12 days: two or three a day from today, the extra days spread.
        let other = try await Self.run(scratch, ["add", "457", "--until", "2022-11-25"])
        #expect(other.stdout.contains("26 episodes planned, finishing 2022-11-25") && other.stdout.contains("Mon 2022-11-14  episodes 1–2"),
                "\(other.stdout)")
    }

    // MARK: Class 7: offline fails fast, once

    @Test("today with a show still airing and no way to reach MyAnimeList: one line on standard error, the stored plans, exit 0")
    func offlineTodayFailsFastOnce() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try await Self.run(scratch, ["add", "50172", "--per-day", "1"]).status == 0, "Mob Psycho 100 III, airing in the snapshot")
        #expect(try await Self.run(scratch, ["add", "47917", "--per-day", "1"]).status == 0)
        // Live (no --offline), through a proxy whose name does not resolve: no request can leave the machine.
        let environment = ["https_proxy": "http://airdate-no-such-host.invalid:3128", "HTTPS_PROXY": "http://airdate-no-such-host.invalid:3128",
                           "http_proxy": "http://airdate-no-such-host.invalid:3128", "no_proxy": "", "NO_PROXY": ""]
        let started = ContinuousClock.now
        let run = try await ProgramRun.run("animeplan", ["today", "--db", scratch.db, "--time-zone", "UTC", "--today", "2022-11-14"],
                                           environment: environment)
        let elapsed = ContinuousClock.now - started
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.errorLines.count == 1, "one line, not one per show or per retry: \(run.stderr)")
        // (Offline, the name does not resolve and the line says "Could not reach api.jikan.moe" at once;
        // the tests do not rely on how this machine's resolver answers, only on the one line.)
        #expect(run.stderr.contains("stored plans") && run.stderr.count < 400, "\(run.stderr)")
        #expect(run.stdout.contains("Mob Psycho 100 III") && run.stdout.contains("Bocchi the Rock!"))
        #expect(elapsed < .seconds(280), "hang bound only (it took \(elapsed))")
        // A command that needs the network says so in one line, exit 1.
        let search = try await ProgramRun.run("animeplan", ["search", "frieren", "--db", scratch.db], environment: environment)
        expectOneLineError(search, program: "animeplan", status: 1)
        #expect(search.stderr.count < 400, "\(search.stderr)")
    }

    // MARK: Class 8: a typo never creates an empty world

    @Test("--db in a folder that does not exist is refused by every command, and nothing is created; --db \"\" needs a path")
    func missingFolderIsRefused() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let typo = scratch.folder.appendingPathComponent("typo/dir/x.sqlite").path
        let commands: [[String]] = [["today"], ["stats"], ["calendar"], ["add", "457", "--per-day", "2"], ["watch", "457", "1"],
                                    ["pause", "457"], ["export", scratch.file("out.ics")],
                                    ["import", "--from", "mal", Self.fixture("animelist.xml"), "--dry-run"]]
        for command in commands {
            let run = try await ProgramRun.run("animeplan", command + ["--offline", "--db", typo])
            expectOneLineError(run, program: "animeplan", status: 1, containing: ["does not exist"])
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("typo").path), "no folder was created")
        for command in [["today"], ["add", "457", "--per-day", "2"]] {
            expectOneLineError(try await ProgramRun.run("animeplan", command + ["--offline", "--db", ""]), program: "animeplan", status: 64,
                               containing: ["--db", "path"])
        }
        expectOneLineError(try await ProgramRun.run("animeplan", ["today", "--offline", "--db", scratch.folder.path]), program: "animeplan",
                           status: 1, containing: ["folder"])
    }

    // MARK: Class 11: errors in the user's words

    @Test("negative arguments, unknown options and overlong inputs are reported in the user's words, shortened")
    func errorsInTheUsersWords() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try await Self.run(scratch, ["add", "457", "--per-day", "2"]).status == 0)
        expectOneLineError(try await Self.run(scratch, ["watch", "457", "-3"]), program: "animeplan", status: 1,
                           containing: ["-3", "out of range"])
        expectOneLineError(try await Self.run(scratch, ["add", "-5", "--per-day", "2"]), program: "animeplan", status: 1,
                           containing: ["-5", "out of range"])
        let bogus = try await Self.run(scratch, ["search", "--bogus"])
        expectOneLineError(bogus, program: "animeplan", status: 64, containing: ["--bogus"])
        #expect(!bogus.stderr.contains("<text>"), "not reported as a missing argument: \(bogus.stderr)")
        expectOneLineError(try await Self.run(scratch, ["today", "--json-out"]), program: "animeplan", status: 64,
                           containing: ["Unknown option", "--json"])
        let long = String(repeating: "x", count: 100_000)
        for command in [["search", long], ["add", "457", "--until", long], ["today", "--today", long]] {
            let run = try await Self.run(scratch, command)
            #expect(run.status != 0 && run.errorLines.count == 1, "\(command.first ?? "")")
            #expect(run.stderr.count < 700, "the input is not echoed whole: \(run.stderr.count) characters")
        }
        let emptyFolderFile = try await Self.run(scratch, ["export", scratch.folder.path + "/"])
        #expect(emptyFolderFile.status != 0 && !emptyFolderFile.stderr.contains("NSCocoaErrorDomain"), "\(emptyFolderFile.stderr)")
    }

    // MARK: Class 12: terminal manners

    @Test("lines fit 80 columns (wide titles measured by display width), plurals are right, --time-zone is the option's name")
    func terminalManners() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try await Self.run(scratch, ["import", "--from", "mal", Self.fixture("animelist.xml")]).status == 0)
        // A list whose titles are long and wide (CJK, emoji): the report fits them by display width.
        let wide = scratch.file("wide.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8" ?>
            <myanimelist>
            <anime><series_animedb_id>47917</series_animedb_id><series_title><![CDATA[ぼっち・ざ・ろっく！ぼっち・ざ・ろっく！ぼっち・ざ・ろっく！ぼっち・ざ・ろっく！]]></series_title>
            <my_watched_episodes>1</my_watched_episodes><my_status>Watching</my_status></anime>
            <anime><series_animedb_id>999999</series_animedb_id><series_title><![CDATA[🎉 A very long title that goes on and on and on past any terminal's eightieth column 🎉]]></series_title>
            <my_watched_episodes>1</my_watched_episodes><my_status>Watching</my_status></anime>
            </myanimelist>
            """.utf8).write(to: URL(fileURLWithPath: wide))
        for command in [["today"], ["stats"], ["calendar", "--days", "14"], ["search", "mushishi"],
                        ["import", "--from", "mal", wide, "--dry-run"],
                        ["import", "--from", "mal", Self.fixture("animelist_odd_values.xml"), "--dry-run"],
                        ["plan", "5114", "--per-day", "1", "--start", "2022-10-01"], ["plan", "5114", "--until", "2023-01-31"]] {
            let run = try await Self.run(scratch, command, environment: ["COLUMNS": "80"])
            #expect(run.status == 0, "\(command): \(run.stderr)")
            #expect(Self.widestLine(run.stdout) <= 80, "\(command): a line of \(Self.widestLine(run.stdout)) columns:\n\(run.stdout)")
        }
        let fresh = try Scratch()
        defer { fresh.remove() }
        let one = try await Self.run(fresh, ["add", "32281", "--per-day", "1"])
        #expect(one.status == 0 && one.stdout.contains("1 episode") && !one.stdout.contains("1 episodes"), "\(one.stdout)")
        let help = try await ProgramRun.run("animeplan", ["today", "--help"])
        #expect(help.stdout.contains("--time-zone") && !help.stdout.contains("--tz"))
        #expect(try await ProgramRun.run("animeplan", ["today", "--offline", "--db", scratch.db, "--tz", "Asia/Tokyo"]).status == 0,
                "the former name is still read")
    }
}
