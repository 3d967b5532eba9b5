import AirdateTestSupport
import Foundation
import Testing

/// Issue 28's classes as `tvweek` and `scrape` meet them: every mode decodes alike (10), errors in
/// the user's words with bounded, shortened echoes (11), lines that fit the terminal (12), and
/// `--date` at the ends of the calendar (14).
@Suite("tvweek and scrape: decoding, errors, widths, calendar ends",
       .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct TVWeekScrapeManners {
    private static let encodings = ["big5", "euc-jp", "euc-kr", "gbk", "koi8-r", "shift_jis"]

    private static func encodingFixture(_ name: String) -> String {
        TestPaths.packageRoot.appendingPathComponent("Fixtures/encodings/\(name).html").path
    }

    @Test("scrape: selector, XPath and every --sanitize policy decode a page by its <meta charset> alike",
          arguments: encodings)
    func everyModeDecodesAlike(encoding: String) async throws {
        let file = Self.encodingFixture(encoding)
        let heading = try await ProgramRun.run("scrape", ["h1", file])
        #expect(heading.status == 0)
        let text = heading.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!text.isEmpty && !text.contains("\u{FFFD}"), "\(encoding): \(text)")
        let xpath = try await ProgramRun.run("scrape", ["--xpath", "string(//h1)", file])
        #expect(xpath.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == text)
        for policy in ["textOnly", "basicFormatting", "basicWithImages", "relaxed"] {
            let run = try await ProgramRun.run("scrape", ["--sanitize", policy, file])
            #expect(run.status == 0, "\(policy): \(run.stderr)")
            #expect(run.stdout.contains(text), "\(encoding) --sanitize \(policy) keeps \(text): \(run.stdout.prefix(120))")
            #expect(!run.stdout.contains("\u{FFFD}"), "\(encoding) --sanitize \(policy): no replacement characters")
        }
    }

    static let scrapeErrorCases: [([String], Int32, [String])] = [
              (["p", "/tmp"], 1, ["is a folder"]),
              (["--sanitize", "textOnly", "/tmp"], 1, ["is a folder"]),
              (["--xpath", "//p", "/nonexistent/x.html"], 1, ["does not exist"]),
              (["p", ""], 64, ["file name is empty"]),
              (["--sanitize", String(repeating: "x", count: 5_000), "-"], 64, ["Unknown policy", "…"]),
              ([String(repeating: "a", count: 5_000), "-"], 64, ["at most 4096 bytes", "…"]),
              (["--attr", "", "p", "-"], 64, ["--attr needs"]),
              (["--base", "not a url\u{1B}[31m", "p", "-"], 64, ["--base must be an absolute URL"]),
              (["--json"], 64, ["Give a CSS selector"]),
          ]

    @Test("scrape: a folder, a missing file, an empty name, overlong and control-character inputs are one line in the user's words",
          arguments: scrapeErrorCases)
    func scrapeErrors(arguments: [String], status: Int32, fragments: [String]) async throws {
        let run = try await ProgramRun.run("scrape", arguments, input: "<p>x</p>")
        expectOneLineError(run, program: "scrape", status: status, containing: fragments)
        #expect(run.stderr.count < 400, "an echoed input is shortened: \(run.stderr.count) characters")
        #expect(!run.stderr.contains("\u{1B}"), "no escape sequence echoed")
    }

    static let tvweekErrorCases: [([String], [String])] = [
              (["--details", "-5"], ["--details", "-5"]),
              (["--details", "99999999999999999999"], ["--details", "whole number"]),
              (["--details", "abc"], ["--details"]),
              (["--date", "-5"], ["--date", "YYYY-MM-DD"]),
              (["--date", "2019-02-30"], ["--date", "2019-02-30"]),
              (["--date", "10000-01-01"], ["--date"]),
              (["--date", "9999-12-31"], ["9999-12-26"]),
              (["--date", "9999-12-27"], ["9999-12-26"]),
              (["--country", "USA"], ["--country", "two-letter"]),
              (["--country", ""], ["--country"]),
              (["--filter", String(repeating: "f", count: 500)], ["--filter", "at most 200", "…"]),
              (["--filter", "  "], ["--filter"]),
              (["--time-zone", "Mars/Olympus"], ["--time-zone", "Mars/Olympus"]),
              (["--tz", "Nowhere/" + String(repeating: "z", count: 300)], ["--tz", "…"]),
          ]

    @Test("tvweek: bad option values are one line naming the option, negative numbers included",
          arguments: tvweekErrorCases)
    func tvweekUsageErrors(arguments: [String], fragments: [String]) async throws {
        let run = try await ProgramRun.run("tvweek", ["--offline"] + arguments)
        expectOneLineError(run, program: "tvweek", status: 64, containing: fragments)
        #expect(run.stderr.count < 400, "an echoed input is shortened")
        #expect(run.stdout.isEmpty)
    }

    @Test("tvweek --date at the ends of the calendar: whole weeks with headings that agree with their days",
          arguments: [("0001-01-01", "0001-01-01", "Monday, January 1, 1") as (String, String, String), ("0001-01-07", "0001-01-01", "Sunday, January 7, 1"),
                      ("9999-12-26", "9999-12-20", "Sunday, December 26, 9999"), ("1582-10-10", "1582-10-04", "Monday, October 4, 1582"),
                      ("2019-07-15", "2019-07-15", "Monday, July 15, 2019")])
    func calendarEnds(date: String, monday: String, heading: String) async throws {
        let run = try await ProgramRun.run("tvweek", ["--offline", "--date", date])
        #expect(run.status == 0, "\(date): \(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("TV schedule US, week \(monday) to ") == true, "\(date): \(lines.first ?? "")")
        let headings = lines.filter { !$0.hasPrefix(" ") && $0.contains(", ") && !$0.hasPrefix("TV schedule") }
        #expect(headings.count == 7, "\(date): seven day headings: \(headings)")
        #expect(Set(headings).count == 7, "no day twice: \(headings)")
        #expect(headings.contains(heading), "\(date): \(headings)")
        #expect(headings.first?.hasPrefix("Monday, ") == true && headings.last?.hasPrefix("Sunday, ") == true)
        let json = try await ProgramRun.run("tvweek", ["--offline", "--date", date, "--json"])
        let document = try #require(try json.json() as? [String: Any])
        #expect(document["firstDay"] as? String == monday)
        let days = try #require(document["days"] as? [[String: Any]]).compactMap { $0["day"] as? String }
        #expect(days.count == 7 && Set(days).count == 7 && days.first == monday, "\(days)")
    }

    @Test("tvweek: listing and details fit the terminal's width (COLUMNS), wide characters measured",
          arguments: [80, 60, 40])
    func linesFit(columns: Int) async throws {
        let listing = try await ProgramRun.run("tvweek", ["--offline"], environment: ["COLUMNS": "\(columns)"])
        #expect(listing.status == 0)
        let lines = listing.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 20)
        for line in lines {
            #expect(Self.columns(line) <= columns, "\(Self.columns(line)) columns: \(line)")
        }
        #expect(lines.contains { $0.hasSuffix("…") || $0.contains("…  [") }, "long lines are shortened with an ellipsis")
        let document = try #require(try (try await ProgramRun.run("tvweek", ["--offline", "--json"])).json() as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        let ids = days.flatMap { ($0["airings"] as? [[String: Any]]) ?? [] }.compactMap { $0["showID"] as? Int }
        let id = try #require(ids.first)
        let details = try await ProgramRun.run("tvweek", ["--offline", "--details", "\(id)"], environment: ["COLUMNS": "\(columns)"])
        #expect(details.status == 0, "\(details.stderr)")
        for line in details.stdout.split(separator: "\n") {
            #expect(Self.columns(String(line)) <= columns, "details: \(line)")
        }
    }

    /// Terminal columns: East Asian wide and fullwidth characters and emoji take two.
    private static func columns(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { sum, scalar in
            let value = scalar.value
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
                || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
            let zero = scalar.properties.generalCategory == .nonspacingMark || value == 0x200D || (0xFE00...0xFE0F).contains(value)
            return sum + (zero ? 0 : wide ? 2 : 1)
        }
    }
}
