import AirdateTestSupport
import AirdateCore
import AirdateTestServer
import Foundation
import Testing
import WatchOrder
import WatchOrderWiki

@Suite("Episode articles: addresses on a wiki, and links for episodes without one")
struct EpisodeArticleTests {
    @Test("An article's address: spaces as underscores, what a path cannot hold percent-encoded")
    func articleURL() {
        let wikipedia = WikiSite.englishWikipedia
        #expect(wikipedia.articleURL(of: "Flash vs. Arrow").absoluteString == "https://en.wikipedia.org/wiki/Flash_vs._Arrow")
        #expect(wikipedia.articleURL(of: "What's Past Is Prologue?").absoluteString
            == "https://en.wikipedia.org/wiki/What's_Past_Is_Prologue%3F")
        #expect(wikipedia.articleURL(of: "100% #1").absoluteString == "https://en.wikipedia.org/wiki/100%25_%231")
        #expect(WikiSite.fandom("arrow").articleURL(of: "Crisis on Earth-X, Part 1").absoluteString
            == "https://arrow.fandom.com/wiki/Crisis_on_Earth-X,_Part_1")
        #expect(WikiSite.fandom("arrow").articleURL(of: "Ñandú é").absoluteString == "https://arrow.fandom.com/wiki/%C3%91and%C3%BA_%C3%A9")
    }

    @Test("Episodes without a page get the article named by their title; shared titles say their show")
    func linking() {
        let a = Show(name: "Arrow"), f = Show(name: "The Flash")
        let own = URL(string: "https://arrow.fandom.com/wiki/Legacy_(Arrow)")
        let lists = [
            EpisodeList(show: a, episodes: [
                Episode(showID: a.id, season: 1, number: 1, title: "Pilot", airDay: nil),
                Episode(showID: a.id, season: 1, number: 2, title: "Legacy", airDay: nil, pageURL: own),
                Episode(showID: a.id, season: 1, number: 3, title: "TBA", airDay: nil),
            ]),
            EpisodeList(show: f, episodes: [
                Episode(showID: f.id, season: 1, number: 1, title: "PILOT", airDay: nil),
                Episode(showID: f.id, season: 1, number: 2, title: "Legacy", airDay: nil),
                Episode(showID: f.id, season: 1, number: 3, title: "Going Rogue", airDay: nil),
            ]),
        ]
        let linked = WikiSite.fandom("arrow").linkingEpisodeArticles(in: lists)
        #expect(linked.map { $0.episodes.map { $0.pageURL?.absoluteString } } == [
            ["https://arrow.fandom.com/wiki/Pilot_(Arrow)", own?.absoluteString, nil],
            ["https://arrow.fandom.com/wiki/PILOT_(The_Flash)", "https://arrow.fandom.com/wiki/Legacy_(The_Flash)",
             "https://arrow.fandom.com/wiki/Going_Rogue"],
        ])
        #expect(linked.map { $0.episodes.map(\.title) } == lists.map { $0.episodes.map(\.title) })
    }

    @Test("A saved page's links point at its wiki, not at the saved file")
    func savedPage() throws {
        let url = TestPaths.fixtures("arrowverse").appendingPathComponent("fandom/Season_2_(Arrow).html")
        let page = WikiPage(site: .fandom("arrow"), title: "Season_2_(Arrow)", show: Show(name: "Arrow"))
        let list = try WikiEpisodePages.episodeList(saved: Data(contentsOf: url), of: page, sourceURL: url)
        #expect(list.episodes.count == 23)
        #expect(list.episodes.allSatisfy { $0.sourceURL == url })
        #expect(list.episodes.allSatisfy { $0.pageURL?.host == "arrow.fandom.com" && $0.pageURL?.path.hasPrefix("/wiki/") == true })
    }
}
