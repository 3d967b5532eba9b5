import AirdateTestSupport
import AirdateCore
import Foundation
import HTMLScrape
import Testing
import WatchOrder
import WatchOrderWiki

@Suite("Episode lists from MediaWiki pages")
struct ExtractionTests {
    @Test("Every fixture episode matches the facts table: season, number, overall, title, day")
    func fixturesMatchFacts() throws {
        let lists = try TestSupport.arrowverseLists()
        let episodes = lists.flatMap(\.episodes)
        let facts = try TestSupport.facts()
        #expect(facts.count == 828)
        #expect(episodes.count == 828)
        #expect(Set(episodes.map(\.id)).count == 828)
        let fandomShows = Set(try TestSupport.manifest().filter { $0.reader == "fandom" }.map(\.show))
        let byID = Dictionary(episodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for fact in facts {
            let id = EpisodeID(showID: Show.slug(fact.show), season: fact.season, number: fact.number, overall: fact.overall)
            let episode = byID[id]
            let title = fandomShows.contains(fact.show) ? fact.fandomTitle : fact.title
            #expect(episode?.title == title, "\(fact.show) \(fact.season)x\(fact.number ?? 0)")
            #expect(episode?.airDay == TestSupport.day(fact.day), "\(fact.show) \(fact.season)x\(fact.number ?? 0)")
            #expect(episode?.overall == fact.overall)
        }
        for list in lists {
            #expect(list.diagnostics.isEmpty, "\(list.show.name): \(list.diagnostics)")
        }
    }

    @Test("The snapshot's pages, read and merged: the 828-episode Arrowverse order with every crossover rule matched")
    func pagesMergeIntoTheArrowverse() throws {
        let ruleSet = try TestSupport.arrowverseRules()
        let merged = try WatchList.merge(try TestSupport.arrowverseLists(), rules: ruleSet.rules, showPriority: ruleSet.shows)
        #expect(merged.episodes.count == 828)
        #expect(merged.unmatchedReferences.isEmpty)
        let flash = try #require(merged.position(of: EpisodeID(rawValue: "the-flash/s1e8")))
        #expect(merged.episodes[flash + 1].id == EpisodeID(rawValue: "arrow/s3e8"))
    }

    @Test("Episodes per season of each fixture page")
    func seasonCounts() throws {
        let lists = try TestSupport.arrowverseLists()
        func counts(_ show: String) -> [Int: Int] {
            let list = lists.first { $0.show.name == show }
            return Dictionary(grouping: list?.episodes ?? [], by: \.season).mapValues(\.count)
        }
        #expect(lists.map(\.show.name) == TestSupport.shows)
        #expect(counts("Arrow") == [1: 23, 2: 23, 3: 23, 4: 23, 5: 23, 6: 23, 7: 22, 8: 10])
        #expect(counts("The Flash") == [1: 23, 2: 23, 3: 23, 4: 23, 5: 22, 6: 19, 7: 18, 8: 20, 9: 13])
        #expect(counts("Supergirl") == [1: 20, 2: 22, 3: 23, 4: 22, 5: 19, 6: 20])
        #expect(counts("Legends of Tomorrow") == [1: 16, 2: 17, 3: 18, 4: 16, 5: 15, 6: 15, 7: 13])
        #expect(counts("Batwoman") == [1: 20, 2: 18, 3: 13])
        #expect(counts("Black Lightning") == [1: 13, 2: 16, 3: 16, 4: 13])
        #expect(counts("Superman & Lois") == [1: 15, 2: 15, 3: 13, 4: 10])
        #expect(counts("Stargirl") == [1: 13, 2: 13, 3: 13])
        #expect(counts("Constantine") == [1: 13])
        #expect(counts("Vixen") == [1: 6, 2: 6])
        #expect(counts("Freedom Fighters: The Ray") == [1: 6, 2: 6])
        let totals = Dictionary(uniqueKeysWithValues: lists.map { ($0.show.name, $0.episodes.count) })
        #expect(totals == [
            "Arrow": 170, "The Flash": 184, "Supergirl": 126, "Legends of Tomorrow": 110, "Batwoman": 51,
            "Black Lightning": 58, "Superman & Lois": 53, "Stargirl": 39, "Constantine": 13, "Vixen": 12,
            "Freedom Fighters: The Ray": 12,
        ])
        // Overall numbers run 1…n within each show, in season order.
        for list in lists {
            #expect(list.episodes.compactMap(\.overall).sorted() == Array(1...list.episodes.count), "\(list.show.name)")
        }
    }

    @Test("Footnotes outside and inside quotes, linked titles, the Legends special")
    func titlesAndSpecial() throws {
        let lists = try TestSupport.arrowverseLists()
        let all = lists.flatMap(\.episodes)
        #expect(all.first { $0.id.rawValue == "arrow/s3e2" }?.title == "Sara")
        #expect(all.first { $0.id.rawValue == "supergirl/s3e8" }?.title == "Crisis on Earth-X, Part 1")
        let special = all.first { $0.id.rawValue == "legends-of-tomorrow/s5o68" }
        #expect(special?.number == nil)
        #expect(special?.isSpecial == true)
        #expect(special?.title == "Crisis on Infinite Earths: Part Five")
        #expect(special?.airDay == TestSupport.day("2020-01-14"))
        // Rows after a rowspan keep their columns: The Flash 1×03 (rows 2–3 share "Written by").
        #expect(all.first { $0.id.rawValue == "the-flash/s1e3" }?.title == "Things You Can't Outrun")
        #expect(all.first { $0.id.rawValue == "the-flash/s1e3" }?.airDay == TestSupport.day("2014-10-21"))
    }

    @Test("Fandom season pages: plain dates, linked titles, season from the page title")
    func fandom() throws {
        let folder = TestSupport.arrowverse.appendingPathComponent("fandom")
        let legends = MediaWikiEpisodeList.fandom(
            try TestSupport.document(folder.appendingPathComponent("Season_5_(DC's_Legends_of_Tomorrow).html")),
            show: Show(name: "Legends of Tomorrow"))
        #expect(legends.episodes.count == 15)
        #expect(legends.episodes.allSatisfy { $0.season == 5 })
        #expect(legends.episodes.first?.number == nil)
        #expect(legends.episodes.first?.title == "Crisis on Infinite Earths: Part Five")
        #expect(legends.episodes.first?.airDay == TestSupport.day("2020-01-14"))
        #expect(legends.episodes[1].title == "Meet the Legends")
        #expect(legends.episodes[1].airDay == TestSupport.day("2020-01-21"))
        let flash = MediaWikiEpisodeList.fandom(
            try TestSupport.document(folder.appendingPathComponent("Season_1_(The_Flash).html")),
            show: Show(name: "The Flash"))
        #expect(flash.episodes.count == 23)
        #expect(flash.episodes.first { $0.number == 8 }?.title == "Flash vs. Arrow")
        #expect(flash.episodes.first { $0.number == 8 }?.airDay == TestSupport.day("2014-12-02"))
        #expect(flash.diagnostics.isEmpty)
    }

    @Test("Two episodes in one row, alternate titles, TBA titles and dates, unreadable rows")
    func awkwardRows() {
        let html = """
            <h3>Season 2 (2020)</h3>
            <table class="wikitable wikiepisodetable"><tr><th>No.<br>overall</th><th>No. in<br>season</th><th>Title</th>
            <th>Written by</th><th>Original air date</th></tr>
            <tr class="vevent"><th>33</th><td>1</td><td class="summary">"Before<sup class="reference"><a>[4]</a></sup>"<br>"Also Known As"</td>
            <td rowspan="2">Someone</td><td>March 1, 2020<span style="display:none">(<span class="published">2020-03-01</span>)</span></td></tr>
            <tr class="vevent"><th>34<hr>35</th><td>2<hr>3</td><td class="summary">"Double One"<hr>"Double Two"</td>
            <td>March 8, 2020<span style="display:none">(<span class="published">2020-03-08</span>)</span></td></tr>
            <tr class="vevent"><th>36</th><td>4</td><td class="summary">TBA</td><td>Someone</td><td>TBA</td></tr>
            <tr class="vevent"><th>37</th><td>5</td><td class="summary">"Plain Date"</td><td>Someone</td><td>12 April 2020</td></tr>
            <tr class="vevent"><th>?</th><td>six</td><td class="summary">"Broken"</td><td>x</td><td>y</td></tr>
            </table>
            """
        let list = MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "Test Show"))
        #expect(list.episodes.map(\.number) == [1, 2, 3, 4, 5])
        #expect(list.episodes.map(\.overall) == [33, 34, 35, 36, 37])
        #expect(list.episodes.map(\.title) == ["Before", "Double One", "Double Two", "TBA", "Plain Date"])
        #expect(list.episodes[0].alternateTitles == ["Also Known As"])
        #expect(list.episodes.allSatisfy { $0.season == 2 })
        #expect(list.episodes[1].airDay == TestSupport.day("2020-03-08"))
        #expect(list.episodes[2].airDay == TestSupport.day("2020-03-08"))
        #expect(list.episodes[3].airDay == nil)
        #expect(list.episodes[4].airDay == TestSupport.day("2020-04-12"))
        let kinds = list.diagnostics.map(\.kind)
        #expect(kinds.filter { $0 == .titleToBeAnnounced }.count == 1)
        #expect(kinds.filter { $0 == .dateToBeAnnounced }.count == 1)
        #expect(kinds.filter { $0 == .unreadableRow }.count == 1)
        #expect(list.diagnostics.first { $0.kind == .unreadableRow }?.text.contains("Broken") == true)
    }

    @Test("A table with no season anywhere is reported, not guessed")
    func noSeason() {
        let html = """
            <table class="wikitable wikiepisodetable"><tr><th>No.</th><th>Title</th><th>Original air date</th></tr>
            <tr class="vevent"><td>1</td><td>"One"</td><td>May 1, 2020</td></tr></table>
            """
        let list = MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "X"))
        #expect(list.episodes.isEmpty)
        #expect(list.diagnostics.map(\.kind) == [.seasonNotFound, .noEpisodeTable])
        let given = MediaWikiEpisodeList.wikipedia(Document(html: html), show: Show(name: "X"), season: 4)
        #expect(given.episodes.map(\.id.rawValue) == ["x/s4e1"])
    }
}

@Suite("Episode lists from the real Wikipedia pages in ../shared",
       .enabled(if: TestPaths.hasShared("fixtures/wiki"),
                "needs ../shared/fixtures/wiki, which is absent beside the package"))
struct RealPageExtractionTests {
    private func page(_ name: String) throws -> Document? {
        let url = TestSupport.sharedWiki.appendingPathComponent(name)
        try #require(FileManager.default.fileExists(atPath: url.path), "\(url.path) is missing from ../shared")
        return try TestSupport.document(url)
    }

    @Test("List of The 100 episodes: 100 episodes over 7 seasons")
    func the100() throws {
        guard let document = try page("wikipedia-2026-03_List_of_The_100_episodes.saved.html") else { return }
        let list = MediaWikiEpisodeList.wikipedia(document, show: Show(name: "The 100"))
        #expect(list.episodes.count == 100)
        let counts = Dictionary(grouping: list.episodes, by: \.season).mapValues(\.count)
        #expect(counts == [1: 13, 2: 16, 3: 16, 4: 13, 5: 13, 6: 13, 7: 16])
        #expect(list.episodes.first?.title == "Pilot")
        #expect(list.episodes.first?.id.rawValue == "the-100/s1e1")
        #expect(list.episodes.first?.airDay == TestSupport.day("2014-03-19"))
        #expect(list.episodes.last?.id.rawValue == "the-100/s7e16")
        #expect(list.episodes.last?.title == "The Last War")
        #expect(list.episodes.last?.airDay == TestSupport.day("2020-09-30"))
        #expect(list.episodes.map(\.overall) == Array(1...100).map { Optional($0) })
        for season in 1...7 {
            let numbers = list.episodes(inSeason: season).compactMap(\.number)
            #expect(numbers == Array(1...(counts[season] ?? 0)))
        }
        #expect(list.episodes.allSatisfy { $0.airDay != nil })
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }

    @Test("Game of Thrones season 8: 6 episodes, season from the page title")
    func gameOfThrones() throws {
        guard let document = try page("wikipedia-2026-03_Game_of_Thrones_season_8.page.html") else { return }
        let list = MediaWikiEpisodeList.wikipedia(document, show: Show(name: "Game of Thrones"))
        #expect(list.episodes.count == 6)
        #expect(list.episodes.allSatisfy { $0.season == 8 })
        #expect(list.episodes.first?.title == "Winterfell")
        #expect(list.episodes.first?.overall == 68)
        #expect(list.episodes.first?.airDay == TestSupport.day("2019-04-14"))
        #expect(list.episodes.last?.title == "The Iron Throne")
        #expect(list.episodes.last?.airDay == TestSupport.day("2019-05-19"))
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }

    @Test("House season 1: 22 episodes, alternate titles after <br>")
    func house() throws {
        guard let document = try page("wikipedia-2026-03_House_season_1.parse.html") else { return }
        let list = MediaWikiEpisodeList.wikipedia(document, show: Show(name: "House"), season: 1)
        #expect(list.episodes.count == 22)
        #expect(list.episodes.allSatisfy { $0.season == 1 })
        #expect(list.episodes.first?.title == "Pilot")
        #expect(list.episodes.first?.alternateTitles == ["Everybody Lies"])
        #expect(list.episodes.first?.airDay == TestSupport.day("2004-11-16"))
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }

    @Test("The Good Place season 1: 13 episodes")
    func goodPlace() throws {
        guard let document = try page("wikipedia-2026-03_The_Good_Place_season_1.page.html") else { return }
        let list = MediaWikiEpisodeList.wikipedia(document, show: Show(name: "The Good Place"))
        #expect(list.episodes.count == 13)
        #expect(list.episodes.allSatisfy { $0.season == 1 })
        #expect(list.episodes.first?.airDay == TestSupport.day("2016-09-19"))
        #expect(list.episodes.last?.title == "Michael's Gambit")
        #expect(list.episodes.last?.airDay == TestSupport.day("2017-01-19"))
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }
}

@Suite("Fandom fixture pages against the facts table")
struct FandomFixtureTests {
    @Test("Every Fandom season page: count, numbers, days and (Fandom-spelled) titles")
    func everyFandomPage() throws {
        let folder = TestSupport.arrowverse.appendingPathComponent("fandom")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("Season_") && $0.hasSuffix(".html") }
        #expect(files.count == 24)
        let text = try String(contentsOf: TestSupport.arrowverse.appendingPathComponent("episodes.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        for file in files {
            // "Season_3_(Arrow).html" → Arrow season 3; Fandom names Legends "DC's Legends of Tomorrow".
            let inside = file.split(separator: "(").last.map { String($0.dropLast(6)) } ?? ""
            let show = inside == "DC's_Legends_of_Tomorrow" ? "Legends of Tomorrow" : inside.replacingOccurrences(of: "_", with: " ")
            let season = Int(file.split(separator: "_")[1]) ?? -1
            let list = MediaWikiEpisodeList.fandom(
                try TestSupport.document(folder.appendingPathComponent(file)), show: Show(name: show))
            let expected = rows.filter { $0[0] == show && Int($0[1]) == season }
            #expect(list.episodes.count == expected.count, "\(file)")
            #expect(list.diagnostics.isEmpty, "\(file): \(list.diagnostics)")
            for row in expected {
                let number = Int(row[2])
                let episode = list.episodes.first { $0.number == number && (number != nil || $0.isSpecial) }
                let title = row.count > 6 && !row[6].isEmpty ? row[6] : row[4]
                #expect(episode?.title.lowercased() == title.lowercased(), "\(file) \(row[2])")
                #expect(episode?.airDay == TestSupport.day(row[5]), "\(file) \(row[2])")
                #expect(episode?.season == season)
            }
        }
    }
}
