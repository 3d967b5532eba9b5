import AirdateTestSupport
import Foundation
import Testing

/// `animeplan`, every command, offline on the recorded Jikan snapshot with `--today 2022-11-14`:
/// search, add, plan, pause, resume, drop, complete, today, watched, calendar, stats and export.
@Suite("animeplan", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct AnimePlanTests {
    /// Runs `animeplan` offline on the scratch database, in UTC.
    static func run(_ scratch: Scratch, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProgramRun {
        // The snapshot chooses the data, never the date: the day these expectations were written for is given.
        let today = arguments.contains("--today") ? [] : ["--today", "2022-11-14"]
        return try await ProgramRun.run("animeplan", arguments + ["--offline", "--db", scratch.db, "--time-zone", "UTC"] + today, environment: environment)
    }

    /// A database tracking Mushishi (457, 26 episodes) at two a day from 2022-11-14.
    static func tracking(_ scratch: Scratch) async throws {
        let add = try await run(scratch, ["add", "457", "--per-day", "2"])
        #expect(add.status == 0, "add: \(add.stderr)")
    }

    @Test("search ignores case: mushishi, Mushishi and MUSHISHI list the same titles, online route or not")
    func searchIgnoresCase() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let lower = try await Self.run(scratch, ["search", "mushishi"])
        #expect(lower.status == 0, "stderr: \(lower.stderr)")
        #expect(lower.stdout.hasPrefix("457\tMushi-Shi"))
        for spelling in ["Mushishi", "MUSHISHI", "  mushishi  "] {
            #expect(try await Self.run(scratch, ["search", spelling]).stdout == lower.stdout, "\(spelling)")
        }
        // Not a recorded search: every recorded show's titles are searched, listed the same way.
        let partial = try await Self.run(scratch, ["search", "Mushi"])
        #expect(partial.status == 0, "stderr: \(partial.stderr)")
        #expect(partial.stdout == lower.stdout)
        #expect(try await Self.run(scratch, ["search", "mushi-SHI"]).stdout == lower.stdout, "the English title is searched too")
        let bocchi = try await Self.run(scratch, ["search", "BOCCHI"])
        #expect(bocchi.stdout.contains("47917\tBocchi the Rock!"))
    }

    @Test("search --json holds the text's results; no match is one line, exit 1 (an empty list with --json)")
    func searchJSON() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let text = try await Self.run(scratch, ["search", "bocchi the rock"])
        let run = try await Self.run(scratch, ["search", "Bocchi The Rock", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try run.json() as? [String: Any])
        #expect(document["query"] as? String == "bocchi the rock")
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(!results.isEmpty)
        let textLines = text.stdout.split(separator: "\n")
        #expect(results.count == textLines.count)
        for (result, line) in zip(results, textLines) {
            #expect(line.hasPrefix("\(result["id"] as? Int ?? -1)\t\(result["title"] as? String ?? "")"))
            #expect(Set(result.keys) == ["id", "title", "episodes", "status", "duration", "broadcast"])
        }

        expectOneLineError(try await Self.run(scratch, ["search", "zzzzzz"]), program: "animeplan", status: 1, containing: ["zzzzzz"])
        let none = try #require(try await Self.run(scratch, ["search", "zzzzzz", "--json"]).json() as? [String: Any])
        #expect((none["results"] as? [Any])?.isEmpty == true)
        expectOneLineError(try await Self.run(scratch, ["search", "  "]), program: "animeplan", status: 64, containing: ["words"])
    }

    @Test("add plans the show; adding it again, an unknown id or two goals are one-line errors")
    func add() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let add = try await Self.run(scratch, ["add", "457", "--per-day", "2"])
        #expect(add.status == 0, "stderr: \(add.stderr)")
        #expect(add.stdout.hasPrefix("Tracking Mushi-Shi (26 episodes × 25 min).\n26 episodes planned, finishing 2022-11-26; on track.\n"))
        #expect(add.stdout.contains("Mon 2022-11-14  episodes 1–2"))
        expectOneLineError(try await Self.run(scratch, ["add", "457", "--per-day", "2"]), program: "animeplan", status: 1,
                           containing: ["already tracked", "animeplan plan 457"])
        expectOneLineError(try await Self.run(scratch, ["add", "999999", "--per-day", "2"]), program: "animeplan", status: 1,
                           containing: ["no show 999999", "animeplan search"])
        let cases: [([String], [String])] = [
            (["add", "5114", "--per-day", "2", "--until", "2022-12-31"], ["exactly one"]),
            (["add", "5114"], ["exactly one"]),
            (["add", "5114", "--per-day", "0"], ["--per-day"]),
            (["add", "5114", "--per-day", "9223372036854775807"], ["--per-day"]),
            (["add", "5114", "--minutes-per-day", "2000"], ["--minutes-per-day"]),
            (["add", "5114", "--per-day", "2", "--max-per-day", "-3"], ["--max-per-day"]),
            (["add", "5114", "--per-day", "2", "--watched", "-1"], ["--watched"]),
            (["add", "5114", "--until", "soon"], ["--until", "YYYY-MM-DD"]),
            (["add", "5114", "--per-day", "2", "--weekdays", "mon,funday"], ["--weekdays"]),
            (["add", "5114", "--until", "2022-12-31", "--remainder", "middle"], ["--remainder", "spread (the default), first or last"]),
            (["add", "5114", "--per-day", "2", "--skip", "tomorrow"], ["--skip"]),
            (["add", "five", "--per-day", "2"], ["five"]),
        ]
        // A well-formed number outside what the planner accepts is a run-time failure (exit 1), as every
        // out-of-range value is; anything malformed is a usage error (64).
        let outOfRange: Set<[String]> = [
            ["add", "5114", "--per-day", "0"], ["add", "5114", "--per-day", "9223372036854775807"],
            ["add", "5114", "--minutes-per-day", "2000"],
            // A negative number is the option's value (not another option), refused for its range.
            ["add", "5114", "--per-day", "2", "--max-per-day", "-3"], ["add", "5114", "--per-day", "2", "--watched", "-1"],
        ]
        for (arguments, fragments) in cases {
            let run = try await Self.run(scratch, arguments)
            expectOneLineError(run, program: "animeplan", status: outOfRange.contains(arguments) ? 1 : 64, containing: fragments)
        }
        #expect(try await Self.run(scratch, ["stats", "--json"]).stdout.contains("\"watching\" : 1"), "only Mushishi was added")
    }

    @Test("plan re-plans a tracked show; an untracked id is one line")
    func plan() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        let run = try await Self.run(scratch, ["plan", "457", "--per-day", "13"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("Re-planned Mushi-Shi.\n26 episodes planned, finishing 2022-11-15; on track.\n"))
        expectOneLineError(try await Self.run(scratch, ["plan", "5114", "--per-day", "2"]), program: "animeplan", status: 1,
                           containing: ["5114", "not tracked", "animeplan add 5114"])
        expectOneLineError(try await Self.run(scratch, ["plan", "457", "--per-day", "0"]), program: "animeplan", status: 1, containing: ["--per-day"])
    }

    @Test("pause, resume, drop and complete say what changed, and when nothing did")
    func lifecycle() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        let pause = try await Self.run(scratch, ["pause", "457"])
        #expect(pause.status == 0 && pause.stdout == "Mushi-Shi: paused since 2022-11-14.\n", "\(pause.stdout)\(pause.stderr)")
        #expect(try await Self.run(scratch, ["pause", "457"]).stdout == "Mushi-Shi is paused since 2022-11-14; nothing changed.\n")
        let resume = try await Self.run(scratch, ["resume", "457"])
        #expect(resume.status == 0 && resume.stdout.hasPrefix("Mushi-Shi: on track, finishing 2022-11-26"), "\(resume.stdout)")
        #expect(try await Self.run(scratch, ["resume", "457"]).stdout == "Mushi-Shi is on track; nothing changed.\n")
        let drop = try await Self.run(scratch, ["drop", "457"])
        #expect(drop.stdout == "Mushi-Shi: dropped on 2022-11-14.\n", "\(drop.stdout)")
        #expect(try await Self.run(scratch, ["drop", "457"]).stdout.contains("nothing changed"))
        #expect(try await Self.run(scratch, ["resume", "457"]).status == 0)
        let complete = try await Self.run(scratch, ["complete", "457"])
        #expect(complete.stdout == "Mushi-Shi: completed on 2022-11-14 (logged episodes 1–26).\n", "\(complete.stdout)\(complete.stderr)")
        #expect(try await Self.run(scratch, ["complete", "457"]).stdout == "Mushi-Shi is completed on 2022-11-14; nothing changed.\n")
        for command in ["pause", "resume", "drop", "complete"] {
            expectOneLineError(try await Self.run(scratch, [command, "5114"]), program: "animeplan", status: 1, containing: ["not tracked"])
            expectOneLineError(try await Self.run(scratch, [command]), program: "animeplan", status: 64, containing: ["id"])
        }
    }

    @Test("today lists what to watch; --json holds the same episodes")
    func today() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let empty = try await Self.run(scratch, ["today"])
        #expect(empty.stdout.contains("nothing tracked"))
        try await Self.tracking(scratch)
        let text = try await Self.run(scratch, ["today"])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout == "Today, Mon 2022-11-14:\n  Mushi-Shi: episodes 1–2 (on track, finishing 2022-11-26)\n")
        let document = try #require(try await Self.run(scratch, ["today", "--json"]).json() as? [String: Any])
        #expect(document["today"] as? String == "2022-11-14")
        let show = try #require((document["shows"] as? [[String: Any]])?.first)
        #expect(show["id"] as? Int == 457 && show["title"] as? String == "Mushi-Shi")
        #expect((show["todayEpisodes"] as? [String: Int]) == ["first": 1, "last": 2])
        #expect(show["nextDay"] is NSNull && show["note"] is NSNull)
        #expect((show["status"] as? [String: Any])?["state"] as? String == "onTrack")
        #expect((show["status"] as? [String: Any])?["text"] as? String == "on track")

        // Watched today's episodes: the next planned day, in the text and the document alike.
        #expect(try await Self.run(scratch, ["watch", "457", "2"]).status == 0)
        #expect(try await Self.run(scratch, ["today"]).stdout.contains("nothing today; next Tue 2022-11-15, episodes 3–4"))
        let later = try #require((try await Self.run(scratch, ["today", "--json"]).json() as? [String: Any])?["shows"] as? [[String: Any]])
        #expect(later.first?["nextDay"] as? String == "2022-11-15")
        #expect((later.first?["nextEpisodes"] as? [String: Int]) == ["first": 3, "last": 4])
        #expect(later.first?["todayEpisodes"] is NSNull)
    }

    @Test("watch logs episodes and re-plans; an episode already logged or out of range is one line; `watched` is its hidden former spelling")
    func watch() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        let run = try await Self.run(scratch, ["watch", "457", "5"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.hasPrefix("Logged episodes 1–5 of Mushi-Shi on 2022-11-14: ahead by 3."))
        #expect(run.stdout.contains("Next: Tue 2022-11-15, episodes 6–7"))
        expectOneLineError(try await Self.run(scratch, ["watch", "457", "3"]), program: "animeplan", status: 1, containing: ["3"])
        expectOneLineError(try await Self.run(scratch, ["watch", "457", "27"]), program: "animeplan", status: 1, containing: ["27"])
        expectOneLineError(try await Self.run(scratch, ["watch", "457", "0"]), program: "animeplan", status: 1, containing: ["EPISODE"])
        expectOneLineError(try await Self.run(scratch, ["watch", "457", "9223372036854775807"]), program: "animeplan", status: 1,
                           containing: ["EPISODE"])
        expectOneLineError(try await Self.run(scratch, ["watch", "5114", "1"]), program: "animeplan", status: 1, containing: ["not tracked"])

        // The former spelling still logs, and the help names `watch` only.
        let former = try await Self.run(scratch, ["watched", "457", "6"])
        #expect(former.status == 0 && former.stdout.contains("Logged episode 6"), "\(former.stdout)\(former.stderr)")
        let help = try await ProgramRun.run("animeplan", ["--help"])
        #expect(help.stdout.contains("  watch ") && !help.stdout.contains("  watched "), "\(help.stdout)")
    }

    @Test("calendar lists each day; --json holds the same days and items; huge --days is a one-line error (exit 1), not a trap")
    func calendar() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        #expect(try await Self.run(scratch, ["watch", "457", "1"]).status == 0)
        let text = try await Self.run(scratch, ["calendar", "--days", "3"])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout == """
            Mon 2022-11-14  (today)
              Mushi-Shi: planned 1, watched 1
            Tue 2022-11-15
              Mushi-Shi: planned 2–3
            Wed 2022-11-16
              Mushi-Shi: planned 4–5

            """)
        let document = try #require(try await Self.run(scratch, ["calendar", "--days", "3", "--json"]).json() as? [String: Any])
        #expect(document["first"] as? String == "2022-11-14" && document["last"] as? String == "2022-11-16")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String } == ["2022-11-14", "2022-11-15", "2022-11-16"])
        #expect(days.map { $0["isToday"] as? Bool } == [true, false, false])
        let first = try #require((days[0]["items"] as? [[String: Any]])?.first)
        #expect(first["showID"] as? Int == 457)
        // Watching one episode today trims today's plan to it (the rest moves to the next days).
        #expect((first["planned"] as? [String: Int]) == ["first": 1, "last": 1])
        #expect((first["watched"] as? [[String: Int]]) == [["first": 1, "last": 1]])
        let second = try #require((days[1]["items"] as? [[String: Any]])?.first)
        #expect((second["watched"] as? [Any])?.isEmpty == true)

        let month = try #require(try await Self.run(scratch, ["calendar", "--month", "--json"]).json() as? [String: Any])
        #expect((month["days"] as? [Any])?.count == 30 && month["first"] as? String == "2022-11-01")

        // A negative number is taken as the option's value (not as another option) and refused for its range.
        for value in ["9223372036854775807", "0", "36601", "-5"] {
            expectOneLineError(try await Self.run(scratch, ["calendar", "--days", value]), program: "animeplan", status: 1,
                               containing: ["--days \(value) is out of range"])
        }
        expectOneLineError(try await Self.run(scratch, ["calendar", "--from", "Monday"]), program: "animeplan", status: 64,
                           containing: ["--from", "YYYY-MM-DD"])
    }

    @Test("stats sums the log; --json holds the same figures")
    func stats() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        #expect(try await Self.run(scratch, ["watch", "457", "4"]).status == 0)
        let text = try await Self.run(scratch, ["stats", "--days", "3"])
        #expect(text.status == 0, "stderr: \(text.stderr)")
        #expect(text.stdout.hasPrefix("Watching 1, queued 0, completed 0, dropped 0.\n4 episodes watched (1 h 40 min); 22 episodes left.\n"))
        #expect(text.stdout.contains("  Mushi-Shi: 4 watched, 22 left, ahead by 2, finishing 2022-11-25"))
        let document = try #require(try await Self.run(scratch, ["stats", "--days", "3", "--json"]).json() as? [String: Any])
        #expect(document["watching"] as? Int == 1 && document["completed"] as? Int == 0 && document["dropped"] as? Int == 0)
        #expect(document["episodesWatched"] as? Int == 4 && document["minutesWatched"] as? Int == 100 && document["episodesLeft"] as? Int == 22)
        let show = try #require((document["shows"] as? [[String: Any]])?.first)
        #expect(show["projectedFinish"] as? String == "2022-11-25" && show["episodesLeft"] as? Int == 22)
        #expect((show["status"] as? [String: Any])?["by"] as? Int == 2)
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 3)
        #expect(days.last?["day"] as? String == "2022-11-14" && days.last?["watchedMinutes"] as? Int == 100)
        for day in days {
            let figures = "\(day["watchedMinutes"] as? Int ?? -1)/\(day["plannedMinutes"] as? Int ?? -1)"
            #expect(text.stdout.contains(figures), "the chart shows \(figures)")
        }
        expectOneLineError(try await Self.run(scratch, ["stats", "--days", "9223372036854775807"]), program: "animeplan", status: 1,
                           containing: ["--days"])
    }

    @Test("export writes what is left as iCalendar; a wrong name or folder is one line")
    func export() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try await Self.tracking(scratch)
        let file = scratch.file("plan.ics")
        let run = try await Self.run(scratch, ["export", file], environment: ["COLUMNS": "300"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout == "Wrote 13 events to \(file).\n")
        // On 80 columns the path is cut in its middle: its start and its file name stay.
        let narrow = try await Self.run(scratch, ["export", file], environment: ["COLUMNS": "80"])
        #expect(narrow.stdout.count <= 81 && narrow.stdout.hasPrefix("Wrote 13 events to /") && narrow.stdout.contains("…") && narrow.stdout.hasSuffix("\(file.suffix(20)).\n")
                || narrow.stdout == "Wrote 13 events to \(file).\n", "\(narrow.stdout)")
        let calendar = try String(contentsOfFile: file, encoding: .utf8)
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n") && calendar.contains("Mushi-Shi"))
        #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 14)
        expectOneLineError(try await Self.run(scratch, ["export", scratch.file("plan.txt")]), program: "animeplan", status: 64, containing: [".ics"])
        expectOneLineError(try await Self.run(scratch, ["export", "/nonexistent-airdate/plan.ics"]), program: "animeplan", status: 1,
                           containing: ["/nonexistent-airdate", "folder", "does not exist"])
    }

    @Test("schedule lists the week's broadcasts day by day in the viewer's zone, offline from the snapshot; --json holds the same; a tracked show says so")
    func schedule() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let json = try await Self.run(scratch, ["schedule", "--json", "--today", "2022-11-14"])
        #expect(json.status == 0, "stderr: \(json.stderr)")
        let document = try #require(try json.json() as? [String: Any])
        #expect(["UTC", "GMT"].contains(document["timeZone"] as? String ?? ""))
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.map { $0["day"] as? String ?? "" } == (14...20).map { "2022-11-\($0)" })
        let broadcasts = days.flatMap { $0["broadcasts"] as? [[String: Any]] ?? [] }
        #expect(broadcasts.count == 32, "every scheduled anime once, those not yet premiered left out")
        // Golden Kamuy 4: Mondays 23:00 in Japan, Monday 14:00 UTC.
        let kamuy = try #require(broadcasts.first { $0["id"] as? Int == 50528 })
        #expect(kamuy["localDay"] as? String == "2022-11-14" && kamuy["localTime"] as? String == "14:00")
        #expect(kamuy["plan"] as? String == "animeplan add 50528 --per-day 1" && kamuy["tracked"] as? Bool == false)
        #expect((kamuy["cover"] as? String)?.hasPrefix("https://cdn.myanimelist.net/") == true)

        let add = try await Self.run(scratch, ["add", "50528", "--per-day", "1", "--today", "2022-11-14"])
        #expect(add.status == 0, "add: \(add.stderr)")
        let monday = try await Self.run(scratch, ["schedule", "--day", "mon", "--today", "2022-11-14"])
        #expect(monday.status == 0, "stderr: \(monday.stderr)")
        #expect(monday.stdout.contains("[50528]") && monday.stdout.contains("tracked (animeplan today)"), "\(monday.stdout)")
        #expect(!monday.stdout.contains("2022-11-15"), "only Monday: \(monday.stdout)")
        let again = try #require(try await Self.run(scratch, ["schedule", "--json", "--today", "2022-11-14"]).json() as? [String: Any])
        let tracked = (again["days"] as? [[String: Any]] ?? []).flatMap { $0["broadcasts"] as? [[String: Any]] ?? [] }
        #expect(tracked.first { $0["id"] as? Int == 50528 }?["tracked"] as? Bool == true)
        expectOneLineError(try await Self.run(scratch, ["schedule", "--day", "someday"]), program: "animeplan", status: 64, containing: ["someday"])
    }

    @Test("--offline chooses the data, never the date: without --today, today is the real day")
    func offlineTodayIsReal() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        func day(_ date: Date) -> String {
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        }
        let before = day(Date())
        let run = try await ProgramRun.run("animeplan", ["today", "--json", "--offline", "--db", scratch.db, "--time-zone", "UTC"])
        let after = day(Date())
        #expect(run.status == 0, "\(run.stderr)")
        let today = try #require(try run.json() as? [String: Any])["today"] as? String
        #expect(today == before || today == after, "today \(today ?? "none"), the real day \(before)")
        #expect(today != "2022-11-14" || before == "2022-11-14")
    }

    @Test("a missing snapshot folder, a bad zone or a bad --today are one line each")
    func commonFailures() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        expectOneLineError(try await Self.run(scratch, ["search", "mushishi", "--fixtures", "/nonexistent-airdate"]), program: "animeplan",
                           status: 1, containing: ["/nonexistent-airdate", "--fixtures"])
        expectOneLineError(try await Self.run(scratch, ["add", "457", "--per-day", "2", "--fixtures", "/nonexistent-airdate"]), program: "animeplan",
                           status: 1, containing: ["/nonexistent-airdate"])
        expectOneLineError(try await ProgramRun.run("animeplan", ["today", "--db", scratch.db, "--time-zone", "Mars/Base"]), program: "animeplan",
                           status: 64, containing: ["--time-zone", "Mars/Base"])
        expectOneLineError(try await Self.run(scratch, ["today", "--today", "yesterday"]), program: "animeplan", status: 64,
                           containing: ["--today", "YYYY-MM-DD"])
        // Options before the subcommand bind to it.
        let before = try await ProgramRun.run("animeplan", ["--offline", "--db", scratch.db, "search", "Mushishi"])
        #expect(before.status == 0 && before.stdout.hasPrefix("457\tMushi-Shi"), "stderr: \(before.stderr)")
    }
}
