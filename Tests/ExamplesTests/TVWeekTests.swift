import AirdateTestSupport
import Foundation
import Testing

@Suite("tvweek", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct TVWeekTests {
    @Test("the offline week lists shows with the ids --details takes, with no escape codes off a terminal")
    func offlineListing() async throws {
        let run = try await ProgramRun.run("tvweek", ["--offline"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.stdout.contains("TV schedule US, week 2019-07-15 to 2019-07-21"))
        #expect(run.stdout.contains("[82]") || run.stdout.range(of: #"\[\d+\]"#, options: .regularExpression) != nil)
        #expect(!run.stdout.contains("\u{1B}"), "no terminal control codes off a terminal")
        #expect(!run.stderr.contains("\u{1B}"), "no progress bar when stderr is not a terminal")
    }

    @Test("--json prints the same airings as the text, as one JSON document")
    func json() async throws {
        let text = try await ProgramRun.run("tvweek", ["--offline"])
        let run = try await ProgramRun.run("tvweek", ["--offline", "--json"])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let document = try #require(try run.json() as? [String: Any])
        #expect(document["firstDay"] as? String == "2019-07-15")
        #expect(document["timeZone"] as? String == "America/New_York")
        let days = try #require(document["days"] as? [[String: Any]])
        #expect(days.count == 7)
        let airings = days.flatMap { ($0["airings"] as? [[String: Any]]) ?? [] }
        let textLines = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && !$0.contains("(nothing)") }
        #expect(airings.count == textLines.count)
        #expect(!airings.isEmpty)
        for airing in airings.prefix(20) {
            let start = try #require(airing["start"] as? String)
            #expect(ISO8601DateFormatter().date(from: start) != nil, "ISO 8601 instant: \(start)")
        }
    }

    @Test("every show id the offline listing prints works with --details offline")
    func detailsForListedIDs() async throws {
        let run = try await ProgramRun.run("tvweek", ["--offline", "--json"])
        let document = try #require(try run.json() as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        let ids = Set(days.flatMap { ($0["airings"] as? [[String: Any]]) ?? [] }.compactMap { $0["showID"] as? Int })
        #expect(ids.count > 50)
        for id in ids.sorted().prefix(12) {
            let details = try await ProgramRun.run("tvweek", ["--offline", "--details", "\(id)", "--json"])
            #expect(details.status == 0, "--details \(id): \(details.stderr)")
            let show = try #require(try details.json() as? [String: Any])
            #expect(show["id"] as? Int == id)
        }
    }

    @Test("an id the snapshot lacks is a one-line error naming where ids come from")
    func unknownDetails() async throws {
        let run = try await ProgramRun.run("tvweek", ["--offline", "--details", "999999999"])
        expectOneLineError(run, program: "tvweek", status: 1, containing: ["999999999"])
    }

    @Test("a malformed date is a usage error; a missing snapshot folder a run-time error")
    func badInput() async throws {
        expectOneLineError(try await ProgramRun.run("tvweek", ["--offline", "--date", "July"]), program: "tvweek", status: 64,
                           containing: ["YYYY-MM-DD"])
        expectOneLineError(try await ProgramRun.run("tvweek", ["--offline", "--fixtures", "/nonexistent-airdate"]), program: "tvweek",
                           status: 1, containing: ["/nonexistent-airdate"])
        expectOneLineError(try await ProgramRun.run("tvweek", ["--offline", "--time-zone", "Mars/Base"]), program: "tvweek",
                           status: 64, containing: ["Mars/Base", "--time-zone"])
        expectOneLineError(try await ProgramRun.run("tvweek", ["--offline", "--details", "abc"]), program: "tvweek",
                           status: 64, containing: ["abc", "--details"])
    }

    @Test("--filter ignores case: the same airings for \"nbc\" and \"NBC\", and only those that match")
    func filterIgnoresCase() async throws {
        func airings(_ filter: String) async throws -> [[String: Any]] {
            let run = try await ProgramRun.run("tvweek", ["--offline", "--filter", filter, "--json"])
            #expect(run.status == 0, "stderr: \(run.stderr)")
            let days = try #require(try run.json() as? [String: Any])["days"] as? [[String: Any]]
            return (days ?? []).flatMap { ($0["airings"] as? [[String: Any]]) ?? [] }
        }
        let lower = try await airings("nbc"), upper = try await airings("NBC")
        #expect(!lower.isEmpty)
        #expect(lower.compactMap { $0["episodeID"] as? Int } == upper.compactMap { $0["episodeID"] as? Int })
        #expect(lower.allSatisfy { airing in
            [airing["show"], airing["network"]].compactMap { $0 as? String }.contains { $0.localizedCaseInsensitiveContains("nbc") }
        })
    }
}
