import Foundation
import HTMLScrape
import Testing
import WatchOrder
import WatchOrderWiki

@Suite("Each episode's own page, read from its title cell")
struct EpisodePageTests {
    @Test("A Fandom season page links every episode to its own article, resolved against the page's address")
    func fandomLinks() throws {
        let url = TestSupport.arrowverse.appendingPathComponent("fandom/Season_1_(The_Flash).html")
        let base = try #require(URL(string: "https://arrow.fandom.com/wiki/Season_1_(The_Flash)"))
        let list = MediaWikiEpisodeList.fandom(try TestSupport.document(url), show: Show(name: "The Flash"), sourceURL: url, baseURL: base)
        #expect(list.episodes.count == 23)
        #expect(list.episodes.allSatisfy { $0.pageURL?.host == "arrow.fandom.com" })
        #expect(list.episodes.first?.pageURL?.absoluteString == "https://arrow.fandom.com/wiki/Pilot_(The_Flash)")
        #expect(Set(list.episodes.compactMap(\.pageURL)).count == 23)
        #expect(list.episodes.allSatisfy { $0.sourceURL == url })
    }

    @Test("A Wikipedia list links only the episodes whose title is linked; footnotes are not pages")
    func wikipediaLinks() throws {
        let url = TestSupport.arrowverse.appendingPathComponent("wikipedia/List_of_Arrow_episodes.html")
        let base = try #require(URL(string: "https://en.wikipedia.org/wiki/List_of_Arrow_episodes"))
        let list = MediaWikiEpisodeList.wikipedia(try TestSupport.document(url), show: Show(name: "Arrow"), baseURL: base)
        let linked = list.episodes.filter { $0.pageURL != nil }
        #expect(list.episodes.count == 170)
        #expect(linked.map(\.title).contains("The Brave and the Bold"))
        #expect(linked.first { $0.title == "The Brave and the Bold" }?.pageURL?.absoluteString
            == "https://en.wikipedia.org/wiki/The_Brave_and_the_Bold_(Arrow)")
        #expect(linked.count < 20)
        #expect(linked.allSatisfy { !($0.pageURL?.absoluteString.contains("cite_note") ?? true) })
        // Without an address, a relative link cannot be resolved: no page rather than a wrong one.
        let unresolved = MediaWikiEpisodeList.wikipedia(try TestSupport.document(url), show: Show(name: "Arrow"))
        #expect(unresolved.episodes.allSatisfy { $0.pageURL == nil })
    }

    @Test("Only a link that is the whole title counts; red links, edit links and anchors do not")
    func whichLinks() throws {
        let html = """
        <table class="wikitable plainrowheaders wikiepisodetable"><caption>Season 1</caption>
        <tr><th>No. overall</th><th>No. in season</th><th>Title</th><th>Original air date</th></tr>
        <tr class="vevent"><th>1</th><td>1</td><td class="summary">"<a href="/wiki/Own_Page">Own Page</a>"<sup class="reference"><a href="/wiki/Footnote">[1]</a></sup></td><td>January 1, 2020</td></tr>
        <tr class="vevent"><th>2</th><td>2</td><td class="summary">"The <a href="/wiki/Hero">Hero</a> Returns"</td><td>January 8, 2020</td></tr>
        <tr class="vevent"><th>3</th><td>3</td><td class="summary">"<a href="/w/index.php?title=Red&amp;action=edit&amp;redlink=1">Red</a>"</td><td>January 15, 2020</td></tr>
        <tr class="vevent"><th>4</th><td>4</td><td class="summary">"<a href="#cite_note-1">Anchor</a>"</td><td>January 22, 2020</td></tr>
        <tr class="vevent"><th>5</th><td>5</td><td class="summary">"<a href="javascript:alert(1)">Script</a>"</td><td>January 29, 2020</td></tr>
        <tr class="vevent"><th>6</th><td>6</td><td class="summary">"<a href="https://other.example/wiki/Full">Full</a>"</td><td>February 5, 2020</td></tr>
        </table>
        """
        let base = try #require(URL(string: "https://en.wikipedia.org/wiki/List"))
        let list = MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "Test"), baseURL: base)
        #expect(list.episodes.map(\.pageURL?.absoluteString) == [
            "https://en.wikipedia.org/wiki/Own_Page", nil, nil, nil, nil, "https://other.example/wiki/Full",
        ])
    }
}
