import AirdateTestSupport
import Foundation
import Testing

/// Runs the built `scrape` executable on the project's fixture page.
@Suite(.enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ScrapeCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    static let fixture = TestPaths.packageRoot.appendingPathComponent("Fixtures/html/episodes.html").path

    private func scrape(_ arguments: [String], input: String? = nil) async throws -> Run {
        let run = try await ProgramRun.run("scrape", arguments, input: input ?? "")
        return Run(status: run.status, output: run.stdout, error: run.stderr)
    }

    @Test func printsMatchesAsText() async throws {
        let run = try await scrape(["table.wikiepisodetable tr.vevent td.summary", Self.fixture])
        #expect(run.status == 0)
        #expect(run.output == """
        "1:23:45"[2]
        "Please Remain Calm"
        "Open Wide, O Earth"
        "The Happiness of All Mankind"
        "Vichnaya Pamyat"

        """)
    }

    @Test func printsAttributesResolvedAgainstTheBase() async throws {
        let run = try await scrape(["--attr", "href", "#firstHeading + p a", Self.fixture])
        #expect(run.output == """
        https://en.wikipedia.org/wiki/Craig_Mazin
        https://en.wikipedia.org/wiki/Johan_Renck
        https://en.wikipedia.org/wiki/HBO

        """)
        let relative = try await scrape(["--attr", "href", "a", "--base", "https://example.org/x/", "-"],
                                  input: "<a href=y>1</a><a>2</a>")
        #expect(relative.output == "https://example.org/x/y\n")
    }

    @Test func printsTheFirstTableAsCSVOrJSON() async throws {
        let csv = try await scrape(["--table", "table.wikiepisodetable", Self.fixture])
        let lines = csv.output.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first == "No.,Title,Directed by,Written by,Original release date")
        #expect(lines[2] == "2,\"\"\"Please Remain Calm\"\"\",Johan Renck,Craig Mazin,\"May 13, 2019 (2019-05-13)\"")
        let json = try await scrape(["--table", "--json", "table", Self.fixture])
        let records = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect(records?.count == 5)
        #expect(records?.last?["Title"] == "\"Vichnaya Pamyat\"")
        #expect(records?.last?["Directed by"] == "Johan Renck")
    }

    @Test func printsJSONAndHTMLPerMatch() async throws {
        let run = try await scrape(["--json", "span.published", Self.fixture])
        let objects = try run.output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.map { $0?["text"] as? String } == ["2019-05-06", "2019-05-13", "2019-05-20", "2019-05-27", "2019-06-03"])
        #expect(objects.first??["tag"] as? String == "span")
        let html = try await scrape(["--html", "th sup", Self.fixture])
        #expect(html.output == "<sup id=\"cite_ref-air_1-0\" class=\"reference\"><a href=\"#cite_note-air-1\">[1]</a></sup>\n")
    }

    @Test func readsStandardInput() async throws {
        let run = try await scrape(["p:nth-child(odd)"], input: "<p>a &amp; b<p>c<p>d")
        #expect(run.status == 0)
        #expect(run.output == "a & b\nd\n")
    }

    @Test func failsWithOneLineOnBadInput() async throws {
        let bad = try await scrape(["table[class=]", Self.fixture])
        #expect(bad.status == 64)
        #expect(bad.output.isEmpty)
        #expect(bad.error == "scrape: The selector is not valid: unexpected \"]\" at offset 12 in \"table[class=]\". Run 'scrape --help' for usage.\n")
        let missing = try await scrape(["p", "/nonexistent/page.html"])
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("scrape: '/nonexistent/page.html' does not exist."))
        #expect(missing.error.filter { $0 == "\n" }.count == 1)
        let noTable = try await scrape(["--table", "p", Self.fixture])
        #expect(noTable.status == 1)
    }

    @Test func sanitizesWithAPresetPolicy() async throws {
        let summary = #"<p onclick="x()">The <b>Doctor</b> <a href="javascript:x()">returns</a><script>x()</script>.</p>"#
        let run = try await scrape(["--sanitize", "basicFormatting", "-"], input: summary)
        #expect(run.status == 0)
        #expect(run.output == "<p>The <b>Doctor</b> <a>returns</a>.</p>\n")
        let text = try await scrape(["--sanitize", "textOnly"], input: summary)
        #expect(text.output == "The Doctor returns.\n")
        let page = try await scrape(["--sanitize", "relaxed", "--base", "https://en.wikipedia.org/wiki/X", Self.fixture])
        #expect(page.status == 0)
        #expect(page.output.contains(#"href="https://en.wikipedia.org/wiki/"#))
        #expect(!page.output.contains("<script"))
    }

    @Test func rejectsAnUnknownPolicyAsAUsageError() async throws {
        let run = try await scrape(["--sanitize", "strict", Self.fixture])
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("textOnly, basicFormatting, basicWithImages, relaxed"))
    }

    @Test func selectsWithXPath() async throws {
        // Elements print as the CSS mode prints them, attributes and text nodes their value.
        let cells = try await scrape(["--xpath", "//table[contains(@class, 'wikiepisodetable')]//tr[td]/td[@class='summary']", Self.fixture])
        #expect(cells.status == 0, "stderr: \(cells.error)")
        #expect(cells.output.split(separator: "\n").first == "\"1:23:45\"[2]")
        #expect(cells.output.split(separator: "\n").count == 5)
        let links = try await scrape(["--xpath", "//p/a/@href"], input: #"<p><a href="/x">X</a> <a href="/y">Y</a></p>"#)
        #expect(links.output == "/x\n/y\n")
        let html = try await scrape(["--xpath", "//p/node()", "--html"], input: "<p>a &amp; b<!--c--><i>i</i></p>")
        #expect(html.output == "a &amp; b\n<!--c-->\n<i>i</i>\n")
        // Strings, numbers and booleans print their value, in XPath's notation.
        let count = try await scrape(["--xpath", "count(//tr[@class and td])", Self.fixture])
        #expect(count.output == "5\n")
        let ratio = try await scrape(["--xpath", "1 div 4"], input: "")
        #expect(ratio.output == "0.25\n")
        let yes = try await scrape(["--xpath", "boolean(//title)", Self.fixture])
        #expect(yes.output == "true\n")
        // --json: one object per node, with its type, name and XPath string-value.
        let json = try await scrape(["--xpath", "//a/@href | //a/text()", "--json"], input: #"<a href="/x">X</a>"#)
        let objects = try json.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["type"] as? String } == ["attribute", "text"])
        #expect(objects.map { $0["string"] as? String } == ["/x", "X"])
        let number = try await scrape(["--xpath", "count(//a)", "--json"], input: "<a></a>")
        let object = try JSONSerialization.jsonObject(with: Data(number.output.utf8)) as? [String: Any]
        #expect(object?["type"] as? String == "number")
        #expect(object?["value"] as? Double == 1)
        // --table works on the first table the expression selects.
        let table = try await scrape(["--xpath", "//table", "--table", Self.fixture])
        #expect(table.output.hasPrefix("No.,Title,Directed by"))
    }

    @Test func reportsBadXPathAsAUsageError() async throws {
        expectOneLineError(try await ProgramRun.run("scrape", ["--xpath", "//p["], input: ""), program: "scrape", status: 64,
                           containing: ["XPath expression is not valid", "offset 4"])
        expectOneLineError(try await ProgramRun.run("scrape", ["--xpath", "//p", "--sanitize", "relaxed"], input: ""),
                           program: "scrape", status: 64, containing: ["--xpath"])
        expectOneLineError(try await ProgramRun.run("scrape", ["--xpath", "$row/td"], input: "<p>"), program: "scrape",
                           status: 1, containing: ["$row", "not bound"])
        expectOneLineError(try await ProgramRun.run("scrape", ["--xpath", "count(//p)", "--table"], input: "<p>"),
                           program: "scrape", status: 1, containing: ["table"])
    }
}
