import AirdateCore
import Foundation
import HTMLScrape
import Testing
import WatchOrder
import WatchOrderWiki

/// Issue 38, class 6: a wiki cell's text keeps its block boundaries. A `<div>` or `<p>` in a cell is
/// a line of its own, as `<br>` is: never glued to the text before it.
@Suite("Block boundaries in wiki cells")
struct CellBoundaryTests {
    private func list(title: String, date: String = "October 10, 2012") -> EpisodeList {
        let html = """
            <h3>Season 1</h3>
            <table class="wikitable wikiepisodetable"><tr><th>No. overall</th><th>No. in season</th><th>Title</th><th>Original air date</th></tr>
            <tr class="vevent"><th>1</th><td>1</td><td class="summary">\(title)</td><td>\(date)</td></tr></table>
            """
        return MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "Arrow"))
    }

    @Test("a block in the title cell is an alternate title, as after <br>", arguments: ["div", "p", "li"])
    func blockInTitle(element: String) throws {
        let episode = try #require(list(title: "\"Pilot\"<\(element)>\"Piloto\"</\(element)>").episodes.first)
        #expect(episode.title == "Pilot")
        #expect(episode.alternateTitles == ["Piloto"])
    }

    @Test("a block in the date cell does not glue words to the day")
    func blockInDate() throws {
        let episode = try #require(list(title: "\"Pilot\"", date: "October 10, 2012<div>(The CW)</div>").episodes.first)
        #expect(episode.airDay?.description == "2012-10-10")
    }
}
