import AirdateTestSupport
import Foundation
import Testing

/// Issue 38, class 5: a time shown away from the zone it was entered in names its zone, and each
/// program's default zone is the one its help names.
@Suite("times name their zone; defaults match the help", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ZoneNamingTests {
    @Test("countdowns: 23:00 in Asia/Tokyo listed in UTC says both zones; in Tokyo it is plain 23:00")
    func countdownShownElsewhere() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let now = ["--now", "2026-11-26T00:00:00Z"]
        let add = try await CountdownsTests.run(scratch, ["add", "Frieren S2", "2027-01-16", "--time", "23:00", "--time-zone", "Asia/Tokyo"] + now)
        #expect(add.status == 0, "\(add.stderr)")
        // `add` echoes the line in the zone it was entered in: nothing to name.
        #expect(add.stdout.contains("2027-01-16 23:00") && !add.stdout.contains("14:00"), "\(add.stdout)")
        let utc = try await CountdownsTests.run(scratch, ["list", "--time-zone", "UTC"] + now)
        let line = try #require(utc.stdout.split(separator: "\n").first { $0.contains("Frieren") })
        #expect(line.contains("2027-01-16 14:00 UTC") && line.contains("23:00 Asia/Tokyo"), "\(line)")
        let tokyo = try await CountdownsTests.run(scratch, ["list", "--time-zone", "Asia/Tokyo"] + now)
        let plain = try #require(tokyo.stdout.split(separator: "\n").first { $0.contains("Frieren") })
        #expect(plain.contains("2027-01-16 23:00") && !plain.contains("UTC") && !plain.contains("(23:00"), "\(plain)")
        // Across a day: in Los Angeles it is still the 16th, 06:00.
        let la = try await CountdownsTests.run(scratch, ["list", "--time-zone", "America/Los_Angeles"] + now)
        #expect(la.stdout.contains("2027-01-16 06:00 America/Los_Angeles (23:00 Asia/Tokyo)"), "\(la.stdout)")
        // The system's zone is the default, as the help says.
        let system = try await ProgramRun.run("countdowns", ["list", "--json", "--db", scratch.db] + now, environment: ["TZ": "Asia/Tokyo"])
        #expect((try system.json() as? [String: Any])?["timeZone"] as? String == "Asia/Tokyo", "\(system.stdout)")
    }

    @Test("tvweek: the default zone is the one --help names (the country's), and the heading says it")
    func tvweekDefault() async throws {
        let help = try await ProgramRun.run("tvweek", ["--help"])
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(!flat.contains("(default: the system's)"), "\(help.stdout)")
        #expect(flat.contains("America/New_York") && flat.contains("country"), "\(help.stdout)")
        for (country, zone) in [("US", "America/New_York"), ("GB", "Europe/London")] {
            let json = try await ProgramRun.run("tvweek", ["--offline", "--country", country, "--json"], environment: ["TZ": "Asia/Tokyo"])
            #expect((try json.json() as? [String: Any])?["timeZone"] as? String == zone, "\(country): \(json.stdout.prefix(200))")
        }
        let text = try await ProgramRun.run("tvweek", ["--offline"], environment: ["TZ": "Asia/Tokyo"])
        #expect(text.stdout.hasPrefix("TV schedule US, week 2019-07-15 to 2019-07-21 (America/New_York)"), "\(text.stdout.prefix(200))")
        let chosen = try await ProgramRun.run("tvweek", ["--offline", "--time-zone", "Asia/Tokyo", "--json"])
        #expect((try chosen.json() as? [String: Any])?["timeZone"] as? String == "Asia/Tokyo")
    }

    @Test("arrowverse history names the zone its times are in")
    func historyNamesZone() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let watch = try await ProgramRun.run("arrowverse", ["watch", "Arrow 1x01", "--db", scratch.db])
        #expect(watch.status == 0, "\(watch.stderr)")
        for zone in ["UTC", "Asia/Tokyo"] {
            let history = try await ProgramRun.run("arrowverse", ["history", "--db", scratch.db, "--time-zone", zone])
            #expect(history.stdout.contains("times in \(zone)"), "\(history.stdout)")
            let undo = try await ProgramRun.run("arrowverse", ["undo", "--list", "--db", scratch.db, "--time-zone", zone])
            #expect(undo.stdout.localizedCaseInsensitiveContains("times in \(zone)"), "\(undo.stdout)")
        }
    }
}
