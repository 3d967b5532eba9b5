import AirdateTestSupport
import Foundation
import Testing

/// A scratch folder with its own database, removed at the end of a test.
struct Scratch {
    let folder: URL

    init() throws {
        folder = try TemporaryFiles.folder("airdate-cli")
    }

    /// The database file of this scratch folder.
    var db: String { folder.appendingPathComponent("test.sqlite").path }

    /// A file in the folder.
    func file(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// `countdowns`, every command: add, list, edit, archive, rm, watch, export (ics, json) and import.
@Suite("countdowns", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct CountdownsTests {
    /// Runs `countdowns` on the scratch database, shown in UTC unless the arguments name a zone.
    static func run(_ scratch: Scratch, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProgramRun {
        let zone = arguments.contains { ["--time-zone", "--zone", "--tz"].contains($0) } ? [] : ["--time-zone", "UTC"]
        return try await ProgramRun.run("countdowns", arguments + ["--db", scratch.db] + zone, environment: environment)
    }

    /// Adds a countdown and returns its short id (the first word of the printed line).
    static func add(_ scratch: Scratch, _ arguments: [String]) async throws -> String {
        let run = try await run(scratch, ["add"] + arguments)
        #expect(run.status == 0, "add \(arguments): \(run.stderr)")
        return String(run.stdout.split(separator: " ").first ?? "")
    }

    @Test("add prints the new countdown's line; list shows it with its short id, tags and repeat")
    func addAndList() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let id = try await Self.add(scratch, ["Comic-Con", "2099-07-22", "--tag", "Cons", "--every", "yearly"])
        #expect(id.count == 8)
        _ = try await Self.add(scratch, ["Finale", "2099-03-10", "--time", "20:00", "--tz", "America/New_York", "--note", "HBO"])
        let list = try await Self.run(scratch, ["list"])
        #expect(list.status == 0, "stderr: \(list.stderr)")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("Finale") && lines[0].contains("2099-03-11 00:00"), "20:00 EDT in New York, shown in UTC: \(lines[0])")
        #expect(lines[1].hasPrefix(id) && lines[1].contains("#Cons") && lines[1].contains("↻ yearly"))
        #expect(list.stderr.isEmpty)
        #expect(!list.stdout.contains("\u{1B}"))
    }

    @Test("list --json holds the same countdowns as the text, in the same order, with ISO 8601 times")
    func listJSON() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await Self.add(scratch, ["Comic-Con", "2099-07-22", "--tag", "Cons", "--every", "daily"])
        _ = try await Self.add(scratch, ["Finale", "2099-03-10", "--time", "20:00", "--tz", "America/New_York"])
        _ = try await Self.add(scratch, ["Untagged", "2099-01-01"])
        let text = try await Self.run(scratch, ["list", "--sort", "title"])
        let run = try await Self.run(scratch, ["list", "--sort", "title", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try run.json() as? [String: Any])
        #expect(["UTC", "GMT"].contains(document["timeZone"] as? String ?? ""), "the --zone given (Foundation may call UTC GMT)")
        #expect(ISO8601DateFormatter().date(from: document["now"] as? String ?? "") != nil)
        #expect(document["grouping"] is NSNull)
        let entries = try #require(document["countdowns"] as? [[String: Any]])
        let textIDs = text.stdout.split(separator: "\n").map { String($0.prefix(8)) }
        #expect(entries.map { $0["shortID"] as? String ?? "" } == textIDs)
        #expect(entries.map { $0["title"] as? String ?? "" } == ["Comic-Con", "Finale", "Untagged"])
        // Every entry has every key (null when empty).
        let keys = Set(entries[0].keys)
        for entry in entries { #expect(Set(entry.keys) == keys) }
        #expect(keys == ["id", "shortID", "title", "allDay", "day", "time", "timeZone", "instant", "timeNote", "remaining",
                         "relative", "remainingSeconds", "isPast", "tags", "note", "repeat", "archived", "created", "modified", "following"])
        #expect(entries[0]["repeat"] as? String == "daily")
        #expect(entries[0]["tags"] as? [String] == ["Cons"])
        #expect(entries[1]["day"] as? String == "2099-03-10" && entries[1]["time"] as? String == "20:00")
        #expect(entries[1]["timeZone"] as? String == "America/New_York")
        #expect(entries[1]["instant"] as? String == "2099-03-11T00:00:00Z")
        #expect(entries[2]["repeat"] is NSNull && entries[2]["time"] is NSNull)
        for entry in entries {
            #expect(ISO8601DateFormatter().date(from: entry["created"] as? String ?? "") != nil)
            #expect(text.stdout.contains(entry["remaining"] as? String ?? "\u{0}"))
        }

        let grouped = try #require(try await Self.run(scratch, ["list", "--group", "tag", "--json"]).json() as? [String: Any])
        #expect(grouped["grouping"] as? String == "tag")
        let sections = try #require(grouped["sections"] as? [[String: Any]])
        let groupedText = try await Self.run(scratch, ["list", "--group", "tag"]).stdout
        #expect(sections.map { "== \($0["title"] as? String ?? "") ==" } == groupedText.split(separator: "\n").filter { $0.hasPrefix("==") }.map(String.init))
    }

    @Test("repeat names: help lists the names list shows, and each name is read back as written")
    func repeatVocabulary() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let help = try await ProgramRun.run("countdowns", ["add", "--help"]).stdout
        let names = ["yearly", "monthly", "monthly-last-day", "weekly", "weekly:mon,wed", "daily", "every-N-days"]
        let flatHelp = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for name in names { #expect(flatHelp.contains(name), "help lists \(name): \(help)") }
        #expect(!flatHelp.contains("month-end") && !flatHelp.contains("N-days or"))
        for (given, shown) in [("monthly-last-day", "monthly-last-day"), ("daily", "daily"), ("every-3-days", "every-3-days"),
                               ("weekly:wed,mon", "weekly:mon,wed"), ("month-end", "monthly-last-day")] {
            let line = try await Self.run(scratch, ["add", "R \(given)", "2099-01-31", "--every", given])
            #expect(line.status == 0, "\(given): \(line.stderr)")
            #expect(line.stdout.contains("↻ \(shown)"), "\(given) shows as \(shown): \(line.stdout)")
            #expect(line.stdout.range(of: #"every-1-days"#) == nil)
        }
        let bad = try await Self.run(scratch, ["add", "X", "2099-01-01", "--every", "fortnightly"])
        expectOneLineError(bad, program: "countdowns", status: 64, containing: ["--every", "fortnightly", "monthly-last-day", "every-N-days"])
    }

    @Test("edit changes what it is told; archive and its undo say when nothing changed; rm deletes")
    func editArchiveRemove() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let id = try await Self.add(scratch, ["Premiere", "2099-05-01", "--tag", "TV"])
        let edited = try await Self.run(scratch, ["edit", id, "--title", "Season 2 premiere", "--time", "21:30", "--tz", "UTC", "--every", "weekly"])
        #expect(edited.status == 0, "stderr: \(edited.stderr)")
        #expect(edited.stdout.contains("Season 2 premiere") && edited.stdout.contains("2099-05-01 21:30") && edited.stdout.contains("↻ weekly"))
        let allDay = try await Self.run(scratch, ["edit", id.uppercased(), "--all-day", "--no-repeat", "--no-tags"])
        #expect(allDay.status == 0, "stderr: \(allDay.stderr)")
        #expect(allDay.stdout.contains("2099-05-01") && !allDay.stdout.contains("21:30") && !allDay.stdout.contains("↻")
            && !allDay.stdout.contains("#TV"), "\(allDay.stdout)")

        let archived = try await Self.run(scratch, ["archive", id])
        #expect(archived.status == 0 && archived.stdout.contains("[archived]"))
        let again = try await Self.run(scratch, ["archive", id])
        #expect(again.status == 0 && again.stdout.contains("already archived; nothing changed"))
        #expect(try await Self.run(scratch, ["list"]).stdout == "(no countdowns)\n")
        #expect(try await Self.run(scratch, ["list", "--archived"]).stdout.contains("Season 2 premiere"))
        let undone = try await Self.run(scratch, ["archive", id, "--undo"])
        #expect(undone.status == 0 && !undone.stdout.contains("[archived]"))
        #expect(try await Self.run(scratch, ["archive", id, "--undo"]).stdout.contains("not archived; nothing changed"))

        let removed = try await Self.run(scratch, ["rm", id])
        #expect(removed.status == 0 && removed.stdout == "Deleted Season 2 premiere (\(id)).\n")
        expectOneLineError(try await Self.run(scratch, ["rm", id]), program: "countdowns", status: 1, containing: [id, "countdowns list --all"])
        expectOneLineError(try await Self.run(scratch, ["edit", "zzzz", "--title", "X"]), program: "countdowns", status: 1, containing: ["zzzz"])
        expectOneLineError(try await Self.run(scratch, ["archive", "ffff"]), program: "countdowns", status: 1, containing: ["ffff"])
    }

    @Test("edit's conflicting or malformed options are usage errors naming the option")
    func editUsageErrors() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let id = try await Self.add(scratch, ["Premiere", "2099-05-01"])
        for (arguments, fragment) in [(["--time", "20:00", "--all-day"], "--all-day"), (["--every", "weekly", "--no-repeat"], "--no-repeat"),
                                      (["--date", "May 1"], "--date"), (["--time", "25:61"], "--time"), (["--every", "0-days"], "--every"),
                                      (["--title", "  "], "title"), (["--time", "20:00", "--tz", "Mars/Base"], "--tz")] {
            let run = try await Self.run(scratch, ["edit", id] + arguments)
            expectOneLineError(run, program: "countdowns", status: 64, containing: [fragment])
        }
        #expect(try await Self.run(scratch, ["list"]).stdout.contains("Premiere"), "nothing changed")
    }

    @Test("live --frames 1 off a terminal draws one frame with no terminal control codes; `watch` is its hidden former spelling")
    func liveOnAPipe() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await Self.add(scratch, ["Launch", "2099-01-01", "--time", "12:00", "--tz", "UTC"])
        let run = try await Self.run(scratch, ["live", "--frames", "1"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("countdowns — "))
        #expect(run.stdout.contains("Launch"))
        #expect(!run.stdout.contains("\u{1B}") && !run.stdout.contains("\u{7}"), "no control codes off a terminal: \(run.stdout.debugDescription)")
        #expect(run.stderr.isEmpty)

        let two = try await Self.run(scratch, ["live", "--frames", "2"])
        #expect(two.status == 0)
        #expect(two.stdout.components(separatedBy: "countdowns — ").count == 3, "two frames")
        #expect(two.stdout.contains("\n\ncountdowns — "), "frames separated by an empty line")
        #expect(!two.stdout.contains("\u{1B}"))

        expectOneLineError(try await Self.run(scratch, ["live", "--frames", "0"]), program: "countdowns", status: 1, containing: ["--frames"])
        expectOneLineError(try await Self.run(scratch, ["live", "--group", "month"]), program: "countdowns", status: 64, containing: ["--group", "tag or when"])
        expectOneLineError(try await Self.run(scratch, ["live", "--remind", "0"]), program: "countdowns", status: 1, containing: ["--remind"])

        // The former spelling still runs the same view, and the help names `live` only.
        let former = try await Self.run(scratch, ["watch", "--frames", "1"])
        #expect(former.status == 0 && former.stdout.hasPrefix("countdowns — ") && former.stdout.contains("Launch"))
        let help = try await ProgramRun.run("countdowns", ["--help"])
        #expect(help.stdout.contains("  live ") && !help.stdout.contains("  watch "), "\(help.stdout)")
    }

    #if os(Linux)
    /// Runs `countdowns arguments` on a pseudo-terminal made by util-linux `script(1)`; its output.
    static func onTerminal(_ arguments: [String], noColor: Bool) async throws -> String {
        let folder = TestPaths.productsFolder
        let command = ([folder.appendingPathComponent("countdowns").path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        var environment = ["TERM": "xterm"]
        if noColor { environment["NO_COLOR"] = "1" }
        let run = try await ProgramRun.run(executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                           environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return run.stdout
    }

    @Test("watch on a terminal clears the screen and bolds the heading; with NO_COLOR it still redraws, without bold",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func watchOnATerminal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await Self.add(scratch, ["Launch", "2099-01-01"])
        let arguments = ["live", "--frames", "1", "--db", scratch.db, "--zone", "UTC"]
        let terminal = try await Self.onTerminal(arguments, noColor: false)
        #expect(terminal.contains("\u{1B}[H\u{1B}[2J") && terminal.contains("\u{1B}[1mcountdowns — "), "\(terminal.debugDescription)")
        #expect(terminal.contains("Launch"))
        // NO_COLOR removes colour only: the view still redraws in place.
        let plain = try await Self.onTerminal(arguments, noColor: true)
        #expect(plain.contains("Launch") && plain.contains("\u{1B}[H\u{1B}[2J"), "\(plain.debugDescription)")
        #expect(!plain.contains("\u{1B}[1m") && !plain.contains("\u{1B}[0m"), "no bold: \(plain.debugDescription)")
    }
    #endif

    @Test("export writes iCalendar and JSON; a bad name or folder is one line")
    func export() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await Self.add(scratch, ["Comic-Con", "2099-07-22", "--every", "yearly"])
        _ = try await Self.add(scratch, ["Finale", "2099-03-10", "--time", "20:00", "--tz", "America/New_York"])
        let ics = try await Self.run(scratch, ["export", scratch.file("all.ics"), "--remind", "60", "--length", "90"])
        #expect(ics.status == 0, "stderr: \(ics.stderr)")
        #expect(ics.stdout == "Wrote 2 countdowns to \(scratch.file("all.ics")).\n")
        let calendar = try String(contentsOfFile: scratch.file("all.ics"), encoding: .utf8)
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(calendar.contains("SUMMARY:Comic-Con") && calendar.contains("RRULE:FREQ=YEARLY") && calendar.contains("BEGIN:VALARM"))

        let json = try await Self.run(scratch, ["export", scratch.file("all.json")])
        #expect(json.status == 0 && json.stdout == "Wrote 2 countdowns to \(scratch.file("all.json")).\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("all.json")))) as? [String: Any])
        #expect((document["countdowns"] as? [Any])?.count == 2)

        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("all.txt")]), program: "countdowns", status: 64, containing: [".ics or .json"])
        expectOneLineError(try await Self.run(scratch, ["export", "/nonexistent-airdate/x.json"]), program: "countdowns", status: 1,
                           containing: ["/nonexistent-airdate", "folder", "does not exist"])
        // A folder where the file should be: Foundation's error, worded in one line with the path.
        try FileManager.default.createDirectory(atPath: scratch.file("taken.json"), withIntermediateDirectories: true)
        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("taken.json")]), program: "countdowns", status: 1,
                           containing: [scratch.file("taken.json"), "is a folder"])
        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("a.ics"), "--remind", "9223372036854775807"]), program: "countdowns",
                           status: 1, containing: ["--remind"])
        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("a.ics"), "--length", "-1"]), program: "countdowns",
                           status: 1, containing: ["--length -1 is out of range"])
        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("a.ics"), "--remind", "-10"]), program: "countdowns",
                           status: 1, containing: ["--remind -10 is out of range"])
    }

    @Test("importing the same file twice says nothing changed the second time; a changed countdown is 'updated'")
    func importTwice() async throws {
        let source = try Scratch(), copy = try Scratch()
        defer { source.remove(); copy.remove() }
        let id = try await Self.add(source, ["Comic-Con", "2099-07-22", "--tag", "Cons"])
        _ = try await Self.add(source, ["Finale", "2099-03-10"])
        let file = source.file("export.json")
        #expect(try await Self.run(source, ["export", file]).status == 0)

        let first = try await Self.run(copy, ["import", file])
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stdout == "Imported \(file): 2 added, 0 updated, 0 already there unchanged.\n")
        let second = try await Self.run(copy, ["import", file])
        #expect(second.stdout == "Imported \(file): 0 added, 0 updated, 2 already there unchanged.\n")
        #expect(try await Self.run(copy, ["list"]).stdout.split(separator: "\n").count == 2)

        #expect(try await Self.run(source, ["edit", id, "--title", "SDCC"]).status == 0)
        #expect(try await Self.run(source, ["export", file]).status == 0)
        let third = try await Self.run(copy, ["import", file])
        #expect(third.stdout == "Imported \(file): 0 added, 1 updated, 1 already there unchanged.\n")
        #expect(try await Self.run(copy, ["list"]).stdout.contains("SDCC"))
    }

    @Test("importing a missing, broken or foreign file is one line, exit 1, and imports nothing")
    func importFailures() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        expectOneLineError(try await Self.run(scratch, ["import", scratch.file("missing.json")]), program: "countdowns", status: 1,
                           containing: [scratch.file("missing.json")])
        expectOneLineError(try await Self.run(scratch, ["import", scratch.folder.path]), program: "countdowns", status: 1,
                           containing: [scratch.folder.path, "is a folder"])
        try Data(#"{"version": 1"#.utf8).write(to: URL(fileURLWithPath: scratch.file("broken.json")))
        expectOneLineError(try await Self.run(scratch, ["import", scratch.file("broken.json")]), program: "countdowns", status: 1,
                           containing: ["not a countdown export", "nothing was imported"])
        try Data(#"{"version": 9, "exported": "2024-03-10T12:00:00Z", "countdowns": []}"#.utf8).write(to: URL(fileURLWithPath: scratch.file("newer.json")))
        expectOneLineError(try await Self.run(scratch, ["import", scratch.file("newer.json")]), program: "countdowns", status: 1,
                           containing: ["version 9"])
        #expect(try await Self.run(scratch, ["list"]).stdout == "(no countdowns)\n")
    }

    @Test("bad option values are one-line errors naming the option (64 malformed, 1 out of range); none traps")
    func usageErrors() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let cases: [([String], [String])] = [
            (["list", "--sort", "size"], ["--sort", "size"]),
            (["list", "--group", "month"], ["--group"]),
            (["list", "--before", "July"], ["--before", "YYYY-MM-DD"]),
            (["list", "--after", "2024-13-01"], ["--after"]),
            (["list", "--within", "-1"], ["--within"]),
            (["list", "--within", "9223372036854775807"], ["--within"]),
            (["list", "--tag", "x", "--untagged"], ["--untagged"]),
            (["list", "--archived", "--all"], ["--all"]),
            (["add", "X", "July 4"], ["DATE", "YYYY-MM-DD"]),
            (["add", "X", "2099-07-04", "--time", "8pm"], ["--time", "HH:MM"]),
            (["add", "X", "2099-07-04", "--later"], ["--later", "--time"]),
            (["add", "X", "2099-07-04", "--time", "01:30", "--later", "--every", "weekly"], ["--later"]),
            (["add", "X", "2099-07-04", "--time", "20:00", "--tz", "Mars/Base"], ["--tz", "Mars/Base"]),
            (["add", "X", "2099-07-04", "--time", "20:00", "--time-zone", "Mars/Base"], ["--time-zone", "Mars/Base"]),
            (["add", "X", "2099-07-04", "--tag", String(repeating: "t", count: 51)], ["--tag", "50"]),
            (["add", "X", "2099-07-04", "--now", "yesterday"], ["--now"]),
            (["add", " ", "2099-07-04"], ["title"]),
            (["add", "X", "2099-07-04", "--every", "every-99999-days"], ["--every"]),
            (["add", "X"], ["date"]),
        ]
        // A well-formed number outside what CountdownKit accepts is a run-time failure (exit 1);
        // anything malformed is a usage error (64).
        // A negative number is the option's value, not another option: out of range as well.
        let outOfRange: Set<[String]> = [["list", "--within", "9223372036854775807"], ["list", "--within", "-1"]]
        for (arguments, fragments) in cases {
            let run = try await Self.run(scratch, arguments)
            expectOneLineError(run, program: "countdowns", status: outOfRange.contains(arguments) ? 1 : 64, containing: fragments)
            #expect(run.stdout.isEmpty, "\(arguments): \(run.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.db), "nothing was added, and no database was made")
        for command in ["list", "add"] {
            let run = try await ProgramRun.run("countdowns", [command, "X", "2099-01-01", "--db", scratch.db, "--zone", "Mars/Base"].filter { command == "add" || ($0 != "X" && $0 != "2099-01-01") })
            expectOneLineError(run, program: "countdowns", status: 64, containing: ["--zone", "Mars/Base"])
        }
    }

    /// Issue 28, class 8 "A typo never creates an empty world": every subcommand refuses a --db in a
    /// folder that does not exist, an empty --db and a folder, and creates nothing; a view (list,
    /// watch, export) refuses a database file that does not exist instead of making an empty one.
    @Test("a mistyped --db is refused by every subcommand and creates nothing")
    func mistypedDatabase() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let missingFolder = scratch.file("typo/dir")
        let typo = missingFolder + "/x.sqlite"
        try Data(#"{"version": 1, "exported": "2024-03-10T12:00:00Z", "countdowns": []}"#.utf8).write(to: URL(fileURLWithPath: scratch.file("empty.json")))
        let commands: [[String]] = [
            ["list"], ["add", "X", "2099-07-04"], ["edit", "abc", "--title", "Y"], ["archive", "abc"], ["rm", "abc"],
            ["live", "--frames", "1"], ["export", scratch.file("out.json")], ["import", scratch.file("empty.json")],
        ]
        for command in commands {
            let run = try await ProgramRun.run("countdowns", command + ["--db", typo, "--time-zone", "UTC"])
            expectOneLineError(run, program: "countdowns", status: 1, containing: ["folder", "does not exist"])
            #expect(!FileManager.default.fileExists(atPath: missingFolder), "\(command) made the folder")
            let empty = try await ProgramRun.run("countdowns", command + ["--db", "", "--time-zone", "UTC"])
            expectOneLineError(empty, program: "countdowns", status: 64, containing: ["--db", "needs a path"])
            let folder = try await ProgramRun.run("countdowns", command + ["--db", scratch.folder.path, "--time-zone", "UTC"])
            expectOneLineError(folder, program: "countdowns", status: 1, containing: ["--db", "folder"])
        }
        // A view of a database file that does not exist says so, and makes none.
        for command in [["list"], ["live", "--frames", "1"], ["export", scratch.file("out.json")]] {
            let run = try await Self.run(scratch, command)
            expectOneLineError(run, program: "countdowns", status: 1, containing: ["test.sqlite"])
            #expect(!FileManager.default.fileExists(atPath: scratch.db), "\(command) created the database")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.file("out.json")))
        // A command that writes makes the database in a folder that exists.
        _ = try await Self.add(scratch, ["First", "2099-07-04"])
        #expect(FileManager.default.fileExists(atPath: scratch.db))
        #expect(try await Self.run(scratch, ["list"]).stdout.contains("First"))
    }
}
