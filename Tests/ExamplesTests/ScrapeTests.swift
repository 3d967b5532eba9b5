import AirdateTestSupport
import Foundation
import Testing

@Suite("scrape", .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ScrapeTests {
    static let page = TestPaths.packageRoot.appendingPathComponent("Fixtures/html/episodes.html").path

    @Test("selects from a file and from standard input alike")
    func fileAndInput() async throws {
        let html = "<ul><li>One</li><li class=x>Two</li></ul>"
        let fromInput = try await ProgramRun.run("scrape", ["li.x"], input: html)
        #expect(fromInput.status == 0)
        #expect(fromInput.stdout == "Two\n")
        let fromFile = try await ProgramRun.run("scrape", ["table", Self.page])
        #expect(fromFile.status == 0, "stderr: \(fromFile.stderr)")
        #expect(!fromFile.stdout.isEmpty)
    }

    @Test("--json prints one JSON object per match")
    func json() async throws {
        let run = try await ProgramRun.run("scrape", ["a", "--json"], input: #"<a href="/x" id=i>X</a><a>Y</a>"#)
        #expect(run.status == 0)
        let objects = try run.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.map { $0["text"] as? String } == ["X", "Y"])
        #expect((objects.first?["attributes"] as? [String: String])?["href"] == "/x")
    }

    @Test("the page's declared encoding is honoured")
    func encoding() async throws {
        // "café" in windows-1252, declared by <meta charset>.
        var bytes = Data("<meta charset=windows-1252><p>caf".utf8)
        bytes.append(0xE9)
        bytes.append(contentsOf: Data("</p>".utf8))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-\(UUID().uuidString).html")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await ProgramRun.run("scrape", ["p", file.path])
        #expect(run.stdout == "café\n")
    }

    @Test("a bad selector is a usage error with the reason; a missing file a run-time error")
    func errors() async throws {
        expectOneLineError(try await ProgramRun.run("scrape", ["table[class=]"]), program: "scrape", status: 64,
                           containing: ["selector"])
        expectOneLineError(try await ProgramRun.run("scrape", ["p", "/nonexistent-airdate/page.html"]), program: "scrape",
                           status: 1, containing: ["/nonexistent-airdate/page.html"])
        expectOneLineError(try await ProgramRun.run("scrape", ["p", "--base", "not a url"]), program: "scrape", status: 64,
                           containing: ["--base"])
    }
}
