import Foundation
import Testing
import HTMLScrape

/// The README's HTMLScrape example, run on the project's fixture page.
@Suite struct ReadmeExampleTests {
    @Test func readmeExample() throws {
        let html = try String(contentsOf: TestData.fixtures.appendingPathComponent("html/episodes.html"), encoding: .utf8)
        var lines: [String] = []
        // --- README example ---
        let page = Document(html: html, options: ParseOptions(url: URL(string: "https://en.wikipedia.org/wiki/Chernobyl")))
        for title in try page.select("table.wikiepisodetable tr.vevent td.summary") {
            lines.append(title.text)                                  // "Please Remain Calm" …
        }
        if let element = try page.selectFirst("table.wikiepisodetable"), let table = HTMLTable(element) {
            for episode in table.records {
                lines.append("\(episode["No."] ?? "") \(episode["Title"] ?? "") \(episode["Directed by"] ?? "")")
            }
        }
        let link = try page.selectFirst("a[href^='/wiki/']")?.absoluteURL(for: "href")
        let summary = PlainText.from(html: "<p>Five episodes.</p><p>HBO &amp; Sky.</p>")
        // --- end ---
        #expect(lines.count == 10)
        #expect(lines[1] == "\"Please Remain Calm\"")
        #expect(lines[9] == "5 \"Vichnaya Pamyat\" Johan Renck")
        #expect(link?.absoluteString == "https://en.wikipedia.org/wiki/Craig_Mazin")
        #expect(summary == "Five episodes.\n\nHBO & Sky.")
    }

    @Test func readmeSanitizingAndEditingExample() throws {
        let html = try String(contentsOf: TestData.fixtures.appendingPathComponent("html/episodes.html"), encoding: .utf8)
        let page = Document(html: html, options: ParseOptions(url: URL(string: "https://en.wikipedia.org/wiki/Chernobyl")))
        // --- README example ---
        // Clean a TVMaze summary for display.
        let summaryHTML = #"<p onclick="steal()">A <b>chemistry</b> teacher <a href="javascript:steal()">turns</a> to crime.<script>steal()</script></p>"#
        let safe = HTMLSanitizer(policy: .basicFormatting).sanitizedHTML(fragment: summaryHTML)
        // "<p>A <b>chemistry</b> teacher <a>turns</a> to crime.</p>"

        // Rewrite a page's links to absolute URLs.
        var editor = MutableDocument(page)
        for anchor in try page.select("a[href]") {
            if let absolute = anchor.absoluteURL(for: "href") {
                try editor.setAttribute("href", to: absolute.absoluteString, on: editor.node(for: anchor.node))
            }
        }
        let rewritten = editor.makeDocument()  // selectors, text and outerHTML work on it as on a parsed page
        // --- end ---
        #expect(safe == "<p>A <b>chemistry</b> teacher <a>turns</a> to crime.</p>")
        let hrefs = try rewritten.select("a[href]").compactMap { $0.attribute("href") }
        #expect(!hrefs.isEmpty)
        #expect(hrefs.allSatisfy { $0.hasPrefix("https://") })
        #expect(hrefs.contains("https://en.wikipedia.org/wiki/Craig_Mazin"))
        #expect(try page.select("a[href^='/wiki/']").count <= rewritten.select("a[href^='https://en.wikipedia.org/wiki/']").count)
    }
}
