import AirdateTestSupport
import Foundation
import Testing

/// Issue 38, class 4: output that is not a terminal is never cut. A pipe or a file has no width
/// unless `COLUMNS` gives one, in every program (`ProgramRun` writes standard output to a file and
/// leaves `COLUMNS` out).
@Suite("piped output keeps whole lines", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct PipedOutputTests {
    static let longTitle = "A very long premiere title that goes on and on past any terminal's width, really, and then some more"

    @Test("countdowns list and live, piped: whole titles, tags, repeat and [archived]; COLUMNS still fits them")
    func countdowns() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let now = ["--now", "2026-11-26T00:00:00Z"]
        let id = try await CountdownsTests.add(scratch, [Self.longTitle, "2027-01-15", "--tag", "Anime", "--tag", "Premieres",
                                                         "--every", "weekly:mon,wed"] + now)
        _ = try await CountdownsTests.add(scratch, ["Old news with a title long enough to reach past eighty columns on its own line", "2026-01-01"] + now)
        for arguments in [["list"], ["list", "--group", "tag"], ["watch", "--frames", "1"]] {
            let run = try await CountdownsTests.run(scratch, arguments + now)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            #expect(!run.stdout.contains("…"), "\(arguments) cut a line: \(run.stdout)")
            let line = try #require(run.stdout.split(separator: "\n").first { $0.contains(id) }, "\(run.stdout)")
            #expect(line.contains(Self.longTitle) && line.hasSuffix("#Anime #Premieres ↻ weekly:mon,wed"), "\(arguments): \(line)")
        }
        let all = try await CountdownsTests.run(scratch, ["list", "--all"] + now)
        #expect(all.stdout.split(separator: "\n").contains { $0.contains("Old news") && $0.hasSuffix("[archived]") }, "\(all.stdout)")
        // Asked for: COLUMNS cuts a pipe too.
        let narrow = try await CountdownsTests.run(scratch, ["list"] + now, environment: ["COLUMNS": "60"])
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 } && narrow.stdout.contains("…"), "\(narrow.stdout)")
    }

    @Test("tvweek --offline, piped: every airing whole, the details' summary unwrapped, as in --json")
    func tvweek() async throws {
        let listing = try await ProgramRun.run("tvweek", ["--offline"])
        #expect(listing.status == 0, "\(listing.stderr)")
        let document = try #require(try (try await ProgramRun.run("tvweek", ["--offline", "--json"])).json() as? [String: Any])
        let airings = try #require(document["days"] as? [[String: Any]]).flatMap { ($0["airings"] as? [[String: Any]]) ?? [] }
        #expect(airings.count > 20)
        for airing in airings {
            let name = try #require(airing["name"] as? String)
            let show = try #require(airing["show"] as? String)
            #expect(listing.stdout.contains("\(show) [\(airing["showID"] as? Int ?? -1)]") && listing.stdout.contains(name),
                    "\(show): \(name) is not whole in the listing")
        }
        #expect(!listing.stdout.contains("…"), "a line was cut")
        // A summary longer than any terminal (the snapshot's are short: a copy with a long one).
        let scratch = try Scratch()
        defer { scratch.remove() }
        let snapshot = URL(fileURLWithPath: scratch.file("tvmaze"))
        try FileManager.default.copyItem(at: TestPaths.fixtures("tvmaze"), to: snapshot)
        let paragraph = String(repeating: "Noble families fight for the Iron Throne of Westeros, season after season. ", count: 3)
            .trimmingCharacters(in: .whitespaces)
        for name in try FileManager.default.contentsOfDirectory(atPath: snapshot.path) where name.hasSuffix(".json") {
            let file = snapshot.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            let longer = text.replacingOccurrences(of: "<p>Noble families fight for the <i>Iron Throne</i> of Westeros. (Summary written for these fixtures.)</p>",
                                                   with: "<p>\(paragraph)</p><p>Second paragraph.</p>")
            if longer != text { try Data(longer.utf8).write(to: file) }
        }
        let details = try await ProgramRun.run("tvweek", ["--offline", "--fixtures", snapshot.path, "--details", "82"])
        #expect(details.status == 0, "\(details.stderr)")
        let lines = details.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains(paragraph) && lines.contains("Second paragraph."), "one line per paragraph: \(details.stdout)")
    }

    @Test("animeplan search, piped: whole titles and details")
    func animeplan() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await AnimePlanTests.run(scratch, ["search", "a"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("…"), "\(run.stdout)")
        #expect(run.stdout.split(separator: "\n").contains { $0.count > 80 }, "no line longer than 80 columns to check: \(run.stdout)")
    }

    @Test("arrowverse orders, piped: a long order title whole")
    func arrowverseOrders() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let definition = scratch.file("mine.json")
        try Data(#"{"id": "mine", "title": "\#(Self.longTitle)", "basedOn": "airing", "rules": []}"#.utf8).write(to: URL(fileURLWithPath: definition))
        let add = try await ProgramRun.run("arrowverse", ["orders", "--add", definition, "--db", scratch.db])
        #expect(add.status == 0, "\(add.stderr)")
        let orders = try await ProgramRun.run("arrowverse", ["orders", "--db", scratch.db])
        #expect(orders.stdout.contains(Self.longTitle) && !orders.stdout.contains("…"), "\(orders.stdout)")
    }
}
