import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("EpisodeFilter: hidden shows, air-day range, newest first")
struct EpisodeFilterTests {
    private func day(_ text: String) -> CalendarDay? { CalendarDay(text) }

    private func list() throws -> WatchList {
        let a = Show(name: "Alpha"), b = Show(name: "Beta")
        return try WatchList.merge([
            EpisodeList(show: a, episodes: [
                Episode(showID: a.id, season: 1, number: 1, title: "A1", airDay: day("2020-01-01")),
                Episode(showID: a.id, season: 1, number: 2, title: "A2", airDay: day("2020-01-08")),
                Episode(showID: a.id, season: 1, number: 3, title: "A3", airDay: nil),
            ]),
            EpisodeList(show: b, episodes: [
                Episode(showID: b.id, season: 1, number: 1, title: "B1", airDay: day("2020-01-02")),
                Episode(showID: b.id, season: 1, number: 2, title: "B2", airDay: day("2020-01-09")),
            ]),
        ], showPriority: ["Alpha", "Beta"])
    }

    @Test("The empty filter keeps every episode in watch order")
    func empty() throws {
        let list = try list()
        let filter = EpisodeFilter()
        #expect(filter.isEmpty)
        #expect(filter.episodes(in: list).map(\.title) == ["A1", "B1", "A2", "B2", "A3"])
    }

    @Test("Hidden shows are left out of the episodes and the shows")
    func hidden() throws {
        let list = try list()
        let filter = EpisodeFilter(hiddenShows: ["beta"])
        #expect(filter.episodes(in: list).map(\.title) == ["A1", "A2", "A3"])
        #expect(filter.shows(in: list).map(\.id) == ["alpha"])
        #expect(!filter.isEmpty)
    }

    @Test("A range includes both ends and leaves out episodes whose day is not announced")
    func range() throws {
        let list = try list()
        let filter = EpisodeFilter(firstDay: day("2020-01-02"), lastDay: day("2020-01-08"))
        #expect(filter.episodes(in: list).map(\.title) == ["B1", "A2"])
        #expect(EpisodeFilter(firstDay: day("2020-01-08")).episodes(in: list).map(\.title) == ["A2", "B2"])
        #expect(EpisodeFilter(lastDay: day("2020-01-01")).episodes(in: list).map(\.title) == ["A1"])
        #expect(!filter.isEmptyRange)
        let backwards = EpisodeFilter(firstDay: day("2020-02-01"), lastDay: day("2020-01-01"))
        #expect(backwards.isEmptyRange)
        #expect(backwards.episodes(in: list).isEmpty)
    }

    @Test("Newest first is the watch order reversed, after the other choices")
    func newestFirst() throws {
        let list = try list()
        let filter = EpisodeFilter(hiddenShows: ["alpha"], newestFirst: true)
        #expect(filter.episodes(in: list).map(\.title) == ["B2", "B1"])
        #expect(EpisodeFilter(newestFirst: true).episodes(in: list).map(\.title) == ["A3", "B2", "A2", "B1", "A1"])
    }

    @Test("On the Arrowverse snapshot: hiding every show but one leaves exactly that show's episodes")
    func snapshot() throws {
        let rules = try TestSupport.arrowverseRules()
        let list = try WatchList.merge(try TestSupport.arrowverseLists(), rules: rules.rules, showPriority: rules.shows)
        #expect(list.episodes.count == 828)
        let others = Set(list.shows.map(\.id)).subtracting(["arrow"])
        let arrow = EpisodeFilter(hiddenShows: others).episodes(in: list)
        #expect(arrow.count == 170)
        #expect(arrow.allSatisfy { $0.showID == "arrow" })
        let season3 = EpisodeFilter(hiddenShows: others, firstDay: day("2014-10-08"), lastDay: day("2015-05-13")).episodes(in: list)
        #expect(season3.count == 23)
        #expect(season3.allSatisfy { $0.season == 3 })
    }
}
