import AirdateCore
import Foundation
import HTMLScrape
import Testing
import WatchOrder
import WatchOrderWiki

/// Issue 28, class 13: a page is read completely, or the reader says what it skipped — every column
/// it cannot map, every cell it cannot read and every implausible result is a diagnostic.
@Suite("Pages are read completely, or the reader says what it skipped")
struct CompleteReadingTests {
    private let folder2015 = TestSupport.arrowverse.appendingPathComponent("fandom/2015")

    /// A Fandom-shaped season table: `headers`, then one row per `rows` entry (cells as given).
    private func page(season: Int = 2, headers: [String], rows: [[String]]) -> Document {
        let head = headers.map { "<th>\($0)</th>" }.joined()
        let body = rows.map { "<tr>" + $0.map { "<td>\($0)</td>" }.joined() + "</tr>" }.joined(separator: "\n")
        return Document(html: "<h2>Season \(season)</h2><table class=\"wikitable\"><tr>\(head)</tr>\n\(body)</table>")
    }

    private func kinds(_ list: EpisodeList) -> [ExtractionDiagnostic.Kind] { list.diagnostics.map(\.kind) }

    // MARK: Columns

    @Test("The 2015 Fandom list with its in-season number under \"Episode NO.\": 69 numbered episodes, not 69 specials")
    func episodeNumberColumn() throws {
        let html = try String(contentsOf: folder2015.appendingPathComponent("List_of_Arrow_episodes.html"), encoding: .utf8)
        #expect(html.contains("<th>Season NO.</th>"))
        let list = MediaWikiEpisodeList.fandom(
            Document(html: html.replacingOccurrences(of: "<th>Season NO.</th>", with: "<th>Episode NO.</th>")),
            show: Show(name: "Arrow"))
        #expect(list.episodes.count == 69)
        #expect(list.episodes.filter(\.isSpecial).isEmpty)
        #expect(Dictionary(grouping: list.episodes, by: \.season).mapValues { $0.compactMap(\.number) }
            == [1: Array(1...23), 2: Array(1...23), 3: Array(1...23)])
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }

    @Test("Number columns in every spelling: overall and in season", arguments: [
        ("Series NO.", "Episode NO."), ("No. overall", "No. in season"), ("Overall", "Episode"), ("Total", "Ep."),
        ("Series #", "Season #"), ("№ overall", "№ in season"), ("No. in series", "Episode number"),
        ("Overall no.", "Ep. no."), ("Nº overall", "Nº"), ("Series No", "Episode #"),
    ])
    func numberSpellings(overall: String, number: String) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: [overall, number, "Title", "Original airdate"],
                 rows: [["24", "1", "\"City of Heroes\"", "October 9, 2013"], ["25", "2", "\"Identity\"", "October 16, 2013"]]),
            show: Show(name: "Arrow"))
        #expect(list.episodes.map(\.id.rawValue) == ["arrow/s2e1", "arrow/s2e2"], "\(overall) / \(number)")
        #expect(list.episodes.map(\.overall) == [24, 25])
        #expect(list.diagnostics.isEmpty, "\(overall) / \(number): \(list.diagnostics)")
    }

    @Test("Title and date columns in every spelling", arguments: [
        ("Title", "Original air date"), ("Episode title", "Original airdate"), ("Episode name", "Original release date"),
        ("Name", "Air date"), ("Episode", "First aired"), ("Title[a]", "Premiere date"), ("Episode Title", "Original broadcast date"),
        ("TITLE", "Release date"), ("Episode", "Date"), ("Title", "U.S. air date"),
    ])
    func titleAndDateSpellings(title: String, date: String) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["#", title, date], rows: [["1", "\"City of Heroes\"", "October 9, 2013"]]), show: Show(name: "Arrow"))
        #expect(list.episodes.first?.title == "City of Heroes", "\(title)")
        #expect(list.episodes.first?.airDay == CalendarDay("2013-10-09"), "\(date)")
        #expect(list.episodes.first?.number == 1)
        #expect(list.diagnostics.isEmpty, "\(title) / \(date): \(list.diagnostics)")
    }

    @Test("Columns the reader knows and does not need are left unread without a word")
    func knownColumns() {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["No. overall", "No. in season", "Title", "Directed by", "Written by", "Story by", "Teleplay by",
                           "Storyboarded by", "Featured character(s)", "Original air date", "Prod. code", "U.S. viewers (millions)",
                           "Rating/share (18–49)"],
                 rows: [["1", "1", "\"A\"", "—", "—", "—", "—", "—", "—", "May 1, 2019", "T13.1", "2.1", "0.7/3"]]),
            show: Show(name: "X"))
        #expect(list.episodes.count == 1)
        #expect(list.diagnostics.isEmpty, "\(list.diagnostics)")
    }

    @Test("Every column the reader cannot map is a diagnostic naming its header", arguments: [
        (["#", "Title", "Setting", "Original airdate"], "\"Setting\""),
        (["#", "Title", "", "Original airdate"], "column 3"),
        (["#", "Title", "Original airdate", "Title (Spanish)"], "second column for the title"),
        (["#", "Title", "Ep Nmbr", "Original airdate"], "\"Ep Nmbr\""),
        (["#", "Title", "Original airdate", "Original airdate (UK)"], "second column for the air date"),
        (["#", "No.", "Title", "Original airdate"], "second column for the number in season"),
    ])
    func unmappedColumns(headers: [String], named: String) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: headers, rows: [headers.map { $0 == "#" || $0 == "No." ? "1" : ($0.contains("airdate") ? "May 1, 2019" : "\"A\"") }]),
            show: Show(name: "X"))
        #expect(list.episodes.count == 1)
        let unmapped = list.diagnostics.filter { $0.kind == .unmappedColumn }
        #expect(unmapped.count == 1, "\(list.diagnostics)")
        #expect(unmapped.first?.message.contains(named) == true, "\(unmapped)")
        #expect(unmapped.first?.text.contains("Title") == true)
    }

    @Test("A season read as nothing but specials is implausible, and says which column was missed")
    func allSpecials() {
        let list = MediaWikiEpisodeList.fandom(
            page(season: 3, headers: ["Series NO.", "Ep Nmbr", "Title", "Original airdate"],
                 rows: (1...5).map { ["\(46 + $0)", "\($0)", "\"E\($0)\"", "October \($0 + 7), 2014"] }),
            show: Show(name: "Arrow"))
        #expect(list.episodes.count == 5)
        #expect(list.episodes.allSatisfy { $0.isSpecial })
        let implausible = list.diagnostics.filter { $0.kind == .implausibleResult }
        #expect(implausible.count == 1)
        #expect(implausible.first?.message.contains("season 3's 5 episodes came out as a special") == true, "\(implausible)")
        #expect(implausible.first?.text.contains("Ep Nmbr") == true)
        #expect(kinds(list).contains(.unmappedColumn))
        // A "Specials" section of specials is what it says.
        let specials = MediaWikiEpisodeList.fandom(
            Document(html: "<h2>Specials</h2><table class=\"wikitable\"><tr><th>Title</th><th>Original airdate</th></tr>"
                + "<tr><td>\"A\"</td><td>May 1, 2019</td></tr><tr><td>\"B\"</td><td>May 2, 2019</td></tr></table>"),
            show: Show(name: "X"))
        #expect(specials.episodes.count == 2)
        #expect(specials.diagnostics.isEmpty, "\(specials.diagnostics)")
    }

    // MARK: Cells

    @Test("Misspelled and loosely written dates are read, with a note when a month was corrected", arguments: [
        ("Febuary 26, 2014", "2014-02-26", true), ("Feburary 26, 2014", "2014-02-26", true),
        ("Octber 7, 2015", "2015-10-07", true), ("Janaury 12, 2017", "2017-01-12", true), ("Agust 3, 2016", "2016-08-03", true),
        ("Sept. 5, 2016", "2016-09-05", false), ("5th October 2016", "2016-10-05", false), ("October 5th, 2016", "2016-10-05", false),
        ("Oct 5 2016", "2016-10-05", false), ("2016-10-05", "2016-10-05", false), ("Wednesday, October 5, 2016", "2016-10-05", false),
    ])
    func lenientDates(text: String, day: String, corrected: Bool) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["#", "Title", "Original airdate"], rows: [["1", "\"A\"", text]]), show: Show(name: "X"))
        #expect(list.episodes.first?.airDay == CalendarDay(day), "\(text)")
        #expect(kinds(list) == (corrected ? [.correctedValue] : []), "\(text): \(list.diagnostics)")
        if corrected {
            #expect(list.diagnostics.first?.message.contains(day) == true)
            #expect(list.diagnostics.first?.message.contains(text) == true)
        }
    }

    @Test("A date cell that cannot be read is an unreadable cell, never a silent \"no air date\"", arguments: [
        "26.02.2014", "February 30, 2014", "2014-02-30", "Febru 26", "sometime in spring", "26/02/14", "Moonday 26, 2014",
    ])
    func unreadableDates(text: String) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["#", "Title", "Original airdate"], rows: [["1", "\"A\"", text]]), show: Show(name: "X"))
        #expect(list.episodes.count == 1)
        #expect(list.episodes.first?.airDay == nil)
        #expect(kinds(list) == [.unreadableCell], "\(text): \(list.diagnostics)")
        #expect(list.diagnostics.first?.message.contains(text) == true)
    }

    @Test("A date not announced yet is reported as such", arguments: ["TBA", "", "—", "2026", "March 2026", "Fall 2026", "TBD"])
    func datesNotAnnounced(text: String) {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["#", "Title", "Original airdate"], rows: [["1", "\"A\"", text]]), show: Show(name: "X"))
        #expect(list.episodes.first?.airDay == nil)
        #expect(kinds(list) == [.dateToBeAnnounced], "\(text): \(list.diagnostics)")
    }

    @Test("An overall number or a runtime that is not one is an unreadable cell; the episode is kept")
    func otherCells() {
        let list = MediaWikiEpisodeList.fandom(
            page(headers: ["No. overall", "#", "Title", "Original airdate", "Runtime"],
                 rows: [["x1", "1", "\"A\"", "May 1, 2019", "42 min"], ["2", "2", "\"B\"", "May 8, 2019", "about an hour"],
                        ["3", "3", "\"C\"", "May 15, 2019", "1 hr 5 min"], ["4", "4", "\"D\"", "May 22, 2019", "5:30"]]),
            show: Show(name: "X"))
        #expect(list.episodes.map(\.number) == [1, 2, 3, 4])
        #expect(list.episodes.map(\.overall) == [nil, 2, 3, 4])
        #expect(list.episodes.map(\.runtime) == [.seconds(2520), nil, .seconds(3900), .seconds(330)])
        #expect(kinds(list) == [.unreadableCell, .unreadableCell], "\(list.diagnostics)")
        #expect(list.diagnostics.map(\.message).joined().contains("x1"))
        #expect(list.diagnostics.map(\.message).joined().contains("about an hour"))
    }

    // MARK: Plausibility

    @Test("Implausible results: one number twice, numbers missing, air days running backwards, a year no TV aired in")
    func implausibleResults() {
        func check(_ rows: [[String]], _ expected: String) {
            let list = MediaWikiEpisodeList.fandom(page(headers: ["#", "Title", "Original airdate"], rows: rows), show: Show(name: "X"))
            let notes = list.diagnostics.filter { $0.kind == .implausibleResult }
            #expect(notes.count == 1, "\(expected): \(list.diagnostics)")
            #expect(notes.first.map { "\($0)" }?.contains(expected) == true, "\(notes)")
        }
        check([["1", "A", "May 1, 2019"], ["2", "B", "May 8, 2019"], ["2", "C", "May 15, 2019"]], "2 episodes of season 2 are numbered 2")
        check([["1", "A", "May 1, 2019"], ["2", "B", "May 8, 2019"], ["5", "C", "May 29, 2019"]], "lists no episode 3–4 of 1–5")
        check([["1", "A", "May 1, 2019"], ["2", "B", "May 8, 2018"], ["3", "C", "May 15, 2019"]], "episode 2 aired 2018-05-08, before episode 1")
        check([["1", "A", "May 1, 2019"], ["2", "B", "May 8, 2019"], ["3", "C", "May 15, 2109"]], "2109")
        check([["2", "A", "May 1, 2019"], ["3", "B", "May 8, 2019"]], "lists no episode 1 of 1–3")
    }

    @Test("The snapshot's 14 pages: no unmapped column, unreadable cell, correction or implausible result")
    func snapshotIsReadCompletely() throws {
        let lists = try TestSupport.arrowversePageLists()
        #expect(lists.count == 14)
        let notes = lists.flatMap(\.diagnostics)
        #expect(notes.isEmpty, "\(notes)")
    }
}
