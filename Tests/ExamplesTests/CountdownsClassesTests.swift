import AirdateTestSupport
import Foundation
import Testing

/// Issue 28 classes 1, 9 and 12 as a user meets them in `countdowns`: views never write, wall-clock
/// times are kept as given (in the app and the export alike), lines fit the terminal.
@Suite("countdowns: views, exact times, terminal manners", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct CountdownsClassesTests {
    /// The database file's rows, as `export --json` (itself a view) prints them.
    private static func snapshot(_ scratch: Scratch) async throws -> String {
        let path = scratch.file("snapshot-\(UUID().uuidString).json")
        let run = try await CountdownsTests.run(scratch, ["export", path, "--now", "2026-11-26T20:00:00Z"])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test("no view writes: list in any zone, --archived, --json, --group, watch and export leave every row as it was")
    func viewsNeverWrite() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let utc = ["TZ": "UTC"]
        // Added on the 20th: an all-day countdown for the 26th, a timed one that passed that morning,
        // a weekly repeat last stored on the 19th.
        for arguments in [["Today", "2026-11-26"], ["Morning", "2026-11-26", "--time", "06:00"],
                          ["Weekly", "2026-11-19", "--every", "weekly", "--tag", "a"]] {
            let run = try await CountdownsTests.run(scratch, ["add"] + arguments + ["--now", "2026-11-20T00:00:00Z"], environment: utc)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let before = try await Self.snapshot(scratch)
        let views: [[String]] = [
            ["list", "--time-zone", "Asia/Tokyo"], ["list", "--time-zone", "Pacific/Kiritimati", "--archived"],
            ["list", "--json", "--time-zone", "America/Los_Angeles"], ["list", "--group", "when"], ["list", "--all", "--sort", "tag-count:desc"],
            ["live", "--frames", "1", "--time-zone", "Asia/Tokyo"], ["export", scratch.file("x.ics"), "--remind", "60"],
        ]
        for view in views {
            let run = try await CountdownsTests.run(scratch, view + ["--now", "2026-11-26T20:00:00Z"], environment: utc)
            #expect(run.status == 0, "\(view): \(run.stderr)")
        }
        #expect(try await Self.snapshot(scratch) == before, "a view changed the database")

        // Seen from Tokyo (already the 27th there), today's all-day countdown is still active: the
        // archive follows the user's own day (TZ=UTC); the passed one shows in the archive.
        let tokyo = try await CountdownsTests.run(scratch, ["list", "--time-zone", "Asia/Tokyo", "--now", "2026-11-26T20:00:00Z"], environment: utc)
        #expect(tokyo.stdout.contains("Today") && !tokyo.stdout.contains("Morning"), "\(tokyo.stdout)")
        let archive = try await CountdownsTests.run(scratch, ["list", "--archived", "--now", "2026-11-26T20:00:00Z"], environment: utc)
        #expect(archive.stdout.contains("Morning") && !archive.stdout.contains("Today"), "\(archive.stdout)")
        // The weekly repeat shows at today's occurrence (the 26th is a Thursday, like the 19th).
        let json = try await CountdownsTests.run(scratch, ["list", "--json", "--now", "2026-11-26T20:00:00Z"], environment: utc)
        #expect(json.stdout.contains(#""day" : "2026-11-26""#) || json.stdout.contains(#""day":"2026-11-26""#), "\(json.stdout)")
    }

    @Test("a skipped time is kept as given with a note; a repeat stays at it; the export says the same")
    func skippedTimes() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let add = try await CountdownsTests.run(scratch, ["add", "Night show", "2027-03-14", "--time", "02:30", "--time-zone", "America/New_York",
                                                          "--every", "weekly", "--now", "2027-03-01T00:00:00Z"])
        #expect(add.status == 0)
        #expect(add.stderr.contains("02:30 does not exist on 2027-03-14 in America/New_York") && add.stderr.contains("03:30"), "\(add.stderr)")
        #expect(add.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("countdowns: note: ") })
        // A week later, it is at 02:30 again (06:30 UTC), not 03:30.
        let list = try await CountdownsTests.run(scratch, ["list", "--time-zone", "America/New_York", "--now", "2027-03-15T00:00:00Z"])
        #expect(list.stdout.contains("2027-03-21 02:30"), "\(list.stdout)")
        let json = try await CountdownsTests.run(scratch, ["list", "--json", "--now", "2027-03-01T00:00:00Z"])
        #expect(json.stdout.contains("02:30") && json.stdout.contains("does not exist"), "time and timeNote: \(json.stdout)")
        let ics = scratch.file("night.ics")
        #expect(try await CountdownsTests.run(scratch, ["export", ics]).status == 0)
        let calendar = try String(contentsOfFile: ics, encoding: .utf8)
        #expect(calendar.contains("DTSTART;TZID=America/New_York:20270314T023000"), "\(calendar)")
        #expect(calendar.contains("RRULE:FREQ=WEEKLY"))

        // A repeated time: the first pass unless --later; --later with a repeat is refused.
        let first = try await CountdownsTests.run(scratch, ["add", "Fall back", "2026-11-01", "--time", "01:30", "--time-zone", "America/New_York",
                                                            "--now", "2026-10-01T00:00:00Z"])
        #expect(first.stderr.contains("happens twice") && first.stderr.contains("the first"), "\(first.stderr)")
        let second = try await CountdownsTests.run(scratch, ["add", "Fall back late", "2026-11-01", "--time", "01:30", "--later",
                                                             "--time-zone", "America/New_York", "--now", "2026-10-01T00:00:00Z"])
        #expect(second.stderr.contains("the second"), "\(second.stderr)")
        let both = try await CountdownsTests.run(scratch, ["list", "--json", "--now", "2026-10-01T00:00:00Z"])
        #expect(both.stdout.contains("2026-11-01T05:30:00Z") && both.stdout.contains("2026-11-01T06:30:00Z"), "\(both.stdout)")
    }

    /// Terminal columns of `line`: East Asian wide characters and emoji take two.
    private static func columns(_ line: Substring) -> Int {
        line.unicodeScalars.reduce(0) { width, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || (0x1F300...0x1FAFF).contains(value)
                || (0x20000...0x3FFFD).contains(value)
            let zero = scalar.properties.generalCategory == .nonspacingMark || value == 0xFE0F || value == 0x200D
            return width + (zero ? 0 : wide ? 2 : 1)
        }
    }

    @Test("lines fit 80 columns (and 40), wide titles measured by display width; plurals; no -0d", arguments: [80, 40])
    func linesFit(width: Int) async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let titles = ["進撃の巨人 The Final Season 完結編 後編 放送開始 — 世界中のファンが待ち望んだ最終回",
                      "🎉🎬 A very long premiere title that goes on and on past any terminal's width, really",
                      "Short"]
        for (index, title) in titles.enumerated() {
            let run = try await CountdownsTests.run(scratch, ["add", title, "2027-0\(index + 1)-15", "--tag", "Anime", "--tag", "Premieres",
                                                              "--every", "weekly:mon,wed", "--now", "2026-11-26T00:00:00Z"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        for arguments in [["list"], ["list", "--group", "tag"], ["list", "--all"], ["live", "--frames", "1"]] {
            let run = try await CountdownsTests.run(scratch, arguments + ["--now", "2026-11-26T00:00:00Z"], environment: ["COLUMNS": "\(width)"])
            #expect(run.status == 0, "\(run.stderr)")
            for line in run.stdout.split(separator: "\n") {
                #expect(Self.columns(line) <= width, "\(arguments) at \(width) columns: \(line) (\(Self.columns(line)))")
            }
            #expect(!run.stdout.contains("-0d") && !run.stdout.contains("-0 "), "\(run.stdout)")
        }
        let export = try await CountdownsTests.run(scratch, ["export", scratch.file("one.json")])
        #expect(export.stdout.contains("Wrote 3 countdowns"))
        let single = try Scratch()
        defer { single.remove() }
        _ = try await CountdownsTests.add(single, ["Only", "2099-01-01"])
        #expect(try await CountdownsTests.run(single, ["export", single.file("one.json")]).stdout.contains("Wrote 1 countdown to"))
    }
}
