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
}
