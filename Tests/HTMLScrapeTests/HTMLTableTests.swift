import Foundation
import Testing
@testable import HTMLScrape

@Suite struct HTMLTableTests {
    private func table(_ html: String) throws -> HTMLTable {
        let document = Document(html: html)
        let element = try #require(try document.selectFirst("table"))
        return try #require(HTMLTable(element))
    }

    private func texts(_ table: HTMLTable) -> [[String]] {
        table.grid.map { $0.map { $0?.text ?? "-" } }
    }

    @Test func spansFollowTheTableModel() throws {
        let t = try table("""
        <table>
        <thead><tr><th>A</th><th colspan=2>B</th><th>C</th></tr></thead>
        <tbody>
        <tr><td rowspan=2>a1</td><td>b1</td><td>b2</td><td rowspan=3>c1</td></tr>
        <tr><td colspan=2>b3</td></tr>
        <tr><td>a3</td><td rowspan=0>b4</td><td>b5</td></tr>
        <tr><td>a4</td><td>x</td></tr>
        </tbody>
        <tbody><tr><td rowspan=5>z</td><td>y</td></tr><tr><td>w</td></tr></tbody>
        </table>
        """)
        #expect(texts(t) == [
            ["A", "B", "B", "C"],
            ["a1", "b1", "b2", "c1"],
            ["a1", "b3", "b3", "c1"],
            ["a3", "b4", "b5", "c1"],
            ["a4", "b4", "x", "-"],
            ["z", "y", "-", "-"],
            ["z", "w", "-", "-"],
        ])
        #expect(t.headerRowCount == 1)
        #expect(t.headers == ["A", "B", "C"])  // B's header cell spans two columns: one key
        #expect(t.columnCount == 4)
        #expect(t.grid[5][0]?.rowSpan == 2)  // rowspan=5 cut at the end of its tbody
        #expect(t.grid[3][1]?.rowSpan == 2)  // rowspan=0 reaches the end of its tbody
        #expect(t.grid[1][3]?.rowSpan == 3)
        #expect(t.grid[2][1]?.columnSpan == 2 && t.grid[2][1]?.column == 1 && t.grid[2][1]?.row == 2)
        let records = t.records
        #expect(records.count == 6)
        #expect(records[0].values == ["A": "a1", "B": "b1 b2", "C": "c1"])
        #expect(records[1].values == ["A": "a1", "B": "b3", "C": "c1"])
        #expect(records[3].values == ["A": "a4", "B": "b4 x", "C": ""])
        #expect(records[4].values == ["A": "z", "B": "y", "C": ""])
        #expect(t.rows.count == 7)
        #expect(t.grid[0][0]?.isHeader == true && t.grid[1][0]?.isHeader == false)
    }

    @Test func oversizedAndInvalidSpansAreClamped() throws {
        let t = try table("<table><tr><td colspan=5000>x</td><td>y</td></tr><tr><td colspan=0 rowspan=70000>z</td></tr></table>")
        #expect(t.grid[0][0]?.columnSpan == 1000)
        #expect(t.grid[0][1000]?.text == "y")
        #expect(t.columnCount == 1001)
        #expect(t.grid.count == 2)
        #expect(t.grid[1][0]?.columnSpan == 1 && t.grid[1][0]?.rowSpan == 1)
        let u = try table("<table><tr><td colspan=' 2abc'>a</td><td rowspan=-3>b</td></tr><tr><td>c</td></tr></table>")
        #expect(texts(u) == [["a", "a", "b"], ["c", "-", "-"]])
        #expect(u.grid[0][2]?.rowSpan == 1)
    }

    @Test func headerRowsAreDetected() throws {
        let simple = try table("<table><tr><th>Season</th><th>Episodes</th></tr><tr><th>1</th><td>13</td></tr></table>")
        #expect(simple.headerRowCount == 1)
        #expect(simple.records.map(\.values) == [["Season": "1", "Episodes": "13"]])
        let twoRows = try table("""
        <table><tr><th rowspan=2>Season</th><th colspan=2>Originally released</th></tr>
        <tr><th>First</th><th>Last</th></tr><tr><td>1</td><td>x</td><td>y</td></tr></table>
        """)
        #expect(twoRows.headerRowCount == 2)
        #expect(twoRows.headers == ["Season", "Originally released First", "Originally released Last"])
        let none = try table("<table><tr><td>a</td><td>b</td></tr></table>")
        #expect(none.headerRowCount == 0)
        #expect(none.headers == ["Column 1", "Column 2"])
        #expect(none.records.first?.values == ["Column 1": "a", "Column 2": "b"])
    }

    @Test func footnotesAreStripped() throws {
        let t = try table("""
        <table><tr><th>Title<sup class="reference"><a href="#n1">[1]</a></sup></th><th>Viewers [a]</th>\
        <th>Area (km<sup>2</sup>)</th></tr>
        <tr><td>"Pilot"<sup class="reference"><a href="#n2">[2]</a></sup></td><td>7.05</td><td>3</td></tr></table>
        """)
        #expect(t.headers == ["Title", "Viewers", "Area (km2)"])
        #expect(t.records.first?.values == ["Title": "\"Pilot\"", "Viewers": "7.05", "Area (km2)": "3"])
    }

    @Test func fullWidthRowsAreDetailsNotRecords() throws {
        let t = try table("""
        <table><tr><th>No</th><th>Title</th></tr><tr><td>1</td><td>A</td></tr>
        <tr><td colspan=3>Summary A</td></tr><tr><td>2</td><td>B, "b"</td></tr></table>
        """)
        #expect(t.columnCount == 2)
        #expect(t.records.count == 2)
        #expect(t.records[0].detail?.text == "Summary A")
        #expect(t.records[1].detail == nil)
        #expect(t.csv() == "No,Title\n1,A\n2,\"B, \"\"b\"\"\"\n")
    }

    @Test func onlyHTMLTablesAreTables() throws {
        let document = Document(html: "<div><table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table></div>")
        let div = try #require(try document.selectFirst("div"))
        #expect(HTMLTable(div) == nil)
        let first = try #require(try document.selectFirst("table"))
        let outer = try #require(HTMLTable(first))
        #expect(outer.grid.count == 1 && outer.grid[0].count == 1)
    }

    /// Every `table.wikiepisodetable` of the real pages gives one record per `tr.vevent` row, and the
    /// totals are the shows' known episode counts.
    @Test(.enabled(if: TestData.hasShared("fixtures/wiki"), "needs ../shared/fixtures/wiki, which is absent beside the package"), arguments: [
        ("wikipedia-2026-03_List_of_The_100_episodes.saved.html", 100, 7),
        ("wikipedia-2026-03_Game_of_Thrones_season_8.page.html", 6, 1),
        ("wikipedia-2026-03_House_season_1.parse.html", 22, 1),
        ("wikipedia-2026-03_The_Good_Place_season_1.page.html", 13, 1),
    ])
    func wikipediaEpisodeTables(file: String, episodes: Int, tables: Int) throws {
        let folder = try #require(TestData.sharedFolder("fixtures/wiki"))
        let data = try Data(contentsOf: folder.appendingPathComponent(file))
        let document = Document(html: String(decoding: data, as: UTF8.self))
        let episodeTables = try document.select("table.wikiepisodetable")
        #expect(episodeTables.count == tables)
        var total = 0
        for element in episodeTables {
            let table = try #require(HTMLTable(element))
            let veventRows = try element.select("tr.vevent").count
            #expect(table.records.count == veventRows)
            #expect(try table.records.allSatisfy { try $0.row.matches("tr.vevent") })
            #expect(table.headers.contains("Title"))
            total += table.records.count
        }
        #expect(total == episodes)
    }

    /// The series overview of The 100: two header rows, and the season rows' episode counts, which
    /// add up to the show's 100 episodes.
    @Test(.enabled(if: TestData.hasShared("fixtures/wiki"), "needs ../shared/fixtures/wiki, which is absent beside the package")) func theHundredSeriesOverview() throws {
        let folder = try #require(TestData.sharedFolder("fixtures/wiki"))
        let data = try Data(contentsOf: folder.appendingPathComponent("wikipedia-2026-03_List_of_The_100_episodes.saved.html"))
        let document = Document(html: String(decoding: data, as: UTF8.self))
        let element = try #require(try document.selectFirst("table.wikitable"))
        let table = try #require(HTMLTable(element))
        #expect(table.headerRowCount == 2)
        #expect(table.headers.prefix(2) == ["Season", "Episodes"])
        #expect(table.records.map { $0["Season"] ?? "" } == ["1", "2", "3", "4", "5", "6", "7"])
        #expect(table.records.map { $0["Episodes"] ?? "" } == ["13", "16", "16", "13", "13", "13", "16"])
    }

    @Test(.enabled(if: TestData.hasShared("fixtures/wiki"), "needs ../shared/fixtures/wiki, which is absent beside the package")) func gameOfThronesSeasonEightTitlesAndDates() throws {
        let folder = try #require(TestData.sharedFolder("fixtures/wiki"))
        let data = try Data(contentsOf: folder.appendingPathComponent("wikipedia-2026-03_Game_of_Thrones_season_8.page.html"))
        let document = Document(html: String(decoding: data, as: UTF8.self))
        let element = try #require(try document.selectFirst("table.wikiepisodetable"))
        let table = try #require(HTMLTable(element))
        #expect(table.records.map { $0["Title"] ?? "" } == [
            "\"Winterfell\"", "\"A Knight of the Seven Kingdoms\"", "\"The Long Night\"",
            "\"The Last of the Starks\"", "\"The Bells\"", "\"The Iron Throne\"",
        ])
        #expect(try table.records.map { try $0.row.selectFirst("span.published")?.text ?? "" } == [
            "2019-04-14", "2019-04-21", "2019-04-28", "2019-05-05", "2019-05-12", "2019-05-19",
        ])
        #expect(table.records.allSatisfy { $0.detail != nil })
    }
}
