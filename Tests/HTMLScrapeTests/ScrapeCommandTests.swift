import Foundation
import Testing

/// Runs the built `scrape` executable on the project's fixture page.
@Suite struct ScrapeCommandTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The executable sits beside the test bundle in the build folder.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrape"),
            Bundle.main.bundleURL.appendingPathComponent("scrape"),
            TestData.packageRoot.appendingPathComponent(".build/debug/scrape"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let fixture = TestData.fixtures.appendingPathComponent("html/episodes.html").path

    private func scrape(_ arguments: [String], input: String? = nil) throws -> Run? {
        guard let executable = Self.executable else {
            print("skipping: the scrape executable is not built (swift build builds it)")
            return nil
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        stdin.fileHandleForWriting.write(Data((input ?? "").utf8))
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
                   error: String(decoding: error, as: UTF8.self))
    }

    @Test func printsMatchesAsText() throws {
        guard let run = try scrape(["table.wikiepisodetable tr.vevent td.summary", Self.fixture]) else { return }
        #expect(run.status == 0)
        #expect(run.output == """
        "1:23:45"[2]
        "Please Remain Calm"
        "Open Wide, O Earth"
        "The Happiness of All Mankind"
        "Vichnaya Pamyat"

        """)
    }

    @Test func printsAttributesResolvedAgainstTheBase() throws {
        guard let run = try scrape(["--attr", "href", "#firstHeading + p a", Self.fixture]) else { return }
        #expect(run.output == """
        https://en.wikipedia.org/wiki/Craig_Mazin
        https://en.wikipedia.org/wiki/Johan_Renck
        https://en.wikipedia.org/wiki/HBO

        """)
        guard let relative = try scrape(["--attr", "href", "a", "--base", "https://example.org/x/", "-"],
                                        input: "<a href=y>1</a><a>2</a>") else { return }
        #expect(relative.output == "https://example.org/x/y\n")
    }

    @Test func printsTheFirstTableAsCSVOrJSON() throws {
        guard let csv = try scrape(["--table", "table.wikiepisodetable", Self.fixture]) else { return }
        let lines = csv.output.split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first == "No.,Title,Directed by,Written by,Original release date")
        #expect(lines[2] == "2,\"\"\"Please Remain Calm\"\"\",Johan Renck,Craig Mazin,\"May 13, 2019 (2019-05-13)\"")
        guard let json = try scrape(["--table", "--json", "table", Self.fixture]) else { return }
        let records = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: String]]
        #expect(records?.count == 5)
        #expect(records?.last?["Title"] == "\"Vichnaya Pamyat\"")
        #expect(records?.last?["Directed by"] == "Johan Renck")
    }

    @Test func printsJSONAndHTMLPerMatch() throws {
        guard let run = try scrape(["--json", "span.published", Self.fixture]) else { return }
        let objects = try run.output.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.map { $0?["text"] as? String } == ["2019-05-06", "2019-05-13", "2019-05-20", "2019-05-27", "2019-06-03"])
        #expect(objects.first??["tag"] as? String == "span")
        guard let html = try scrape(["--html", "th sup", Self.fixture]) else { return }
        #expect(html.output == "<sup id=\"cite_ref-air_1-0\" class=\"reference\"><a href=\"#cite_note-air-1\">[1]</a></sup>\n")
    }

    @Test func readsStandardInput() throws {
        guard let run = try scrape(["p:nth-child(odd)"], input: "<p>a &amp; b<p>c<p>d") else { return }
        #expect(run.status == 0)
        #expect(run.output == "a & b\nd\n")
    }

    @Test func failsWithOneLineOnBadInput() throws {
        guard let bad = try scrape(["table[class=]", Self.fixture]) else { return }
        #expect(bad.status == 1)
        #expect(bad.output.isEmpty)
        #expect(bad.error == "scrape: bad selector: unexpected \"]\" at offset 12 in \"table[class=]\"\n")
        guard let missing = try scrape(["p", "/nonexistent/page.html"]) else { return }
        #expect(missing.status == 1)
        #expect(missing.error.hasPrefix("scrape: cannot read /nonexistent/page.html"))
        #expect(missing.error.filter { $0 == "\n" }.count == 1)
        guard let noTable = try scrape(["--table", "p", Self.fixture]) else { return }
        #expect(noTable.status == 1)
    }

    @Test func sanitizesWithAPresetPolicy() throws {
        let summary = #"<p onclick="x()">The <b>Doctor</b> <a href="javascript:x()">returns</a><script>x()</script>.</p>"#
        guard let run = try scrape(["--sanitize", "basicFormatting", "-"], input: summary) else { return }
        #expect(run.status == 0)
        #expect(run.output == "<p>The <b>Doctor</b> <a>returns</a>.</p>\n")
        guard let text = try scrape(["--sanitize", "textOnly"], input: summary) else { return }
        #expect(text.output == "The Doctor returns.\n")
        guard let page = try scrape(["--sanitize", "relaxed", "--base", "https://en.wikipedia.org/wiki/X", Self.fixture])
        else { return }
        #expect(page.status == 0)
        #expect(page.output.contains(#"href="https://en.wikipedia.org/wiki/"#))
        #expect(!page.output.contains("<script"))
    }

    @Test func rejectsAnUnknownPolicyAsAUsageError() throws {
        guard let run = try scrape(["--sanitize", "strict", Self.fixture]) else { return }
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        #expect(run.error.contains("textOnly, basicFormatting, basicWithImages, relaxed"))
    }
}
