import AirdateCore
import Foundation
import HTMLScrape
import Testing
import WatchOrder
import WatchOrderWiki

/// The page shapes real wikis have used over the years, on small pages of our own and on the 2015
/// Fandom fixtures, plus the guard that keeps an unreadable page from emptying a show.
@Suite("Old and new MediaWiki page shapes")
struct PageShapeTests {
    private let folder2015 = TestSupport.arrowverse.appendingPathComponent("fandom/2015")

    private func row(_ overall: Int, _ number: Int, _ title: String, _ date: String) -> String {
        "<tr><td>\(overall)</td><td>\(number)</td><td>\"\(title)\"</td><td>\(date)</td></tr>"
    }

    @Test("2015 Fandom list of The Flash: \"Season 1Edit\" heading, \"Series NO.\" column, 23 of 23")
    func flash2015() throws {
        let list = MediaWikiEpisodeList.fandom(
            try TestSupport.document(folder2015.appendingPathComponent("List_of_The_Flash_episodes.html")),
            show: Show(name: "The Flash"))
        #expect(list.episodes.count == 23)
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
        #expect(list.episodes.allSatisfy { $0.season == 1 })
        #expect(list.episodes.map(\.number) == Array(1...23).map { Optional($0) })
        #expect(list.episodes.map(\.overall) == Array(1...23).map { Optional($0) })
        let facts = try TestSupport.facts().filter { $0.show == "The Flash" && $0.season == 1 }
        #expect(list.episodes.map(\.title) == facts.map(\.fandomTitle))
        #expect(list.episodes.map { $0.airDay?.description } == facts.map(\.day))
    }

    @Test("2015 Fandom list of Arrow: seasons 1-3 from \"Season NEdit\" headings, 69 of 69")
    func arrow2015() throws {
        let list = MediaWikiEpisodeList.fandom(
            try TestSupport.document(folder2015.appendingPathComponent("List_of_Arrow_episodes.html")),
            show: Show(name: "Arrow"))
        #expect(list.episodes.count == 69)
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
        #expect(Dictionary(grouping: list.episodes, by: \.season).mapValues(\.count) == [1: 23, 2: 23, 3: 23])
        #expect(list.episodes.map(\.overall) == Array(1...69).map { Optional($0) })
        let facts = try TestSupport.facts().filter { $0.show == "Arrow" && $0.season <= 3 }
        for (episode, fact) in zip(list.episodes, facts) {
            #expect(episode.id == EpisodeID(showID: "arrow", season: fact.season, number: fact.number, overall: fact.overall))
            #expect(episode.title == fact.fandomTitle)
            #expect(episode.airDay == TestSupport.day(fact.day))
        }
    }

    @Test("Headings in every skin give the season", arguments: [
        ("<h2><span class=\"mw-headline\" id=\"Season_2\">Season 2</span><span class=\"editsection\"><a>Edit</a></span></h2>", 2),
        ("<h3>Season 3[edit]</h3>", 3),
        ("<h3><span class=\"mw-headline\" id=\"Season_4_(2015–16)\">Season 4 (2015–16)</span><span class=\"mw-editsection\">"
            + "<span class=\"mw-editsection-bracket\">[</span><a>edit</a><span class=\"mw-editsection-bracket\">]</span></span></h3>", 4),
        ("<div class=\"mw-heading mw-heading3\"><h3 id=\"Season_10_(2024)\">Season 10 (2024)</h3>"
            + "<span class=\"mw-editsection\">[<a>edit</a>]</span></div>", 10),
    ])
    func headings(heading: String, season: Int) {
        let html = heading + """
            <table class="wikitable"><tr><th>Series NO.</th><th>Season NO.</th><th>Title</th><th>Original airdate</th></tr>
            \(row(40, 1, "First", "October 7, 2015"))\(row(41, 2, "Second", "October 14, 2015"))</table>
            """
        let list = MediaWikiEpisodeList.fandom(Document(html: html), show: Show(name: "Shape"))
        #expect(list.episodes.map(\.season) == [season, season])
        #expect(list.episodes.map(\.number) == [1, 2])
        #expect(list.episodes.map(\.overall) == [40, 41])
        #expect(list.episodes.map(\.title) == ["First", "Second"])
        #expect(list.episodes.last?.airDay == TestSupport.day("2015-10-14"))
        #expect(list.diagnostics.isEmpty)
    }

    @Test("Number columns: No. overall / No. in season, Series NO. / Season NO., Series # / #, No.", arguments: [
        ("No. overall", "No. in season"), ("Series NO.", "Season NO."), ("Series #", "#"), ("No. in series", "No."),
    ])
    func numberColumns(overallHeader: String, numberHeader: String) {
        let html = """
            <h2>Season 5</h2><table class="wikitable"><tr><th>\(overallHeader)</th><th>\(numberHeader)</th>
            <th>Episode name</th><th>Original air date</th></tr>\(row(99, 7, "Seven", "May 1, 2019"))</table>
            """
        let list = MediaWikiEpisodeList.fandom(Document(html: html), show: Show(name: "Cols"))
        #expect(list.episodes.map(\.id.rawValue) == ["cols/s5e7"])
        #expect(list.episodes.first?.overall == 99)
    }

    @Test("One table for every season: its own \"Season N\" rows set the season; summary rows do not")
    func seasonRows() {
        let html = """
            <h2>Episodes</h2><table class="wikitable"><tr><th>Series #</th><th>Season #</th><th>Episode name</th>
            <th>Original airdate</th></tr>
            <tr><td colspan="4">Season 1 (2018)</td></tr>\(row(1, 1, "A", "January 16, 2018"))
            <tr><td colspan="4">Shape season 2, episode 1.</td></tr>\(row(2, 2, "B", "January 23, 2018"))
            <tr><td colspan="4">Season 2 (2018–19)</td></tr>\(row(3, 1, "C", "October 9, 2018"))</table>
            """
        let list = MediaWikiEpisodeList.fandom(Document(html: html), show: Show(name: "Rows"))
        #expect(list.episodes.map(\.id.rawValue) == ["rows/s1e1", "rows/s1e2", "rows/s2e1"])
        #expect(list.diagnostics.isEmpty)
        // A "Season 3" row above the column names names the season of the whole table and no column.
        let header = """
            <table class="wikitable wikiepisodetable"><tr><th colspan="4">Season 3</th></tr>
            <tr><th>No. overall</th><th>No. in season</th><th>Title</th><th>Original air date</th></tr>
            <tr class="vevent"><th>30</th><td>1</td><td class="summary">"D"</td><td>May 5, 2020</td></tr></table>
            """
        let wikipedia = MediaWikiEpisodeList.wikipedia(Document(html: header), show: Show(name: "Rows"))
        #expect(wikipedia.episodes.map(\.id.rawValue) == ["rows/s3e1"])
        #expect(wikipedia.episodes.first?.overall == 30)
    }

    @Test("A page with no episode table is a noEpisodeTable diagnostic and an unreadable list")
    func noEpisodeTable() {
        let html = """
            <h1 id="firstHeading">List of Arrow episodes</h1><p>This page has moved.</p>
            <table class="wikitable"><tr><th>Award</th><th>Year</th></tr><tr><td>Saturn</td><td>2013</td></tr></table>
            """
        for list in [
            MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "Arrow")),
            MediaWikiEpisodeList.fandom(Document(html: html), show: Show(name: "Arrow")),
        ] {
            #expect(list.episodes.isEmpty)
            #expect(list.isUnreadable)
            #expect(list.diagnostics.map(\.kind).last == .noEpisodeTable)
            #expect(list.diagnostics.last?.message.contains("Arrow") == true)
        }
    }
}
