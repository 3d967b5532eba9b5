import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

@Suite("Checklist: progress by show and season, up next by air date, unmarking a season")
struct ChecklistViewsTests {
    private let utc = TimeZone(identifier: "UTC") ?? .gmt
    private func day(_ text: String) -> CalendarDay? { CalendarDay(text) }
    private func id(_ text: String) -> EpisodeID { EpisodeID(rawValue: text) }

    private func list() throws -> WatchList {
        let a = Show(name: "Alpha"), b = Show(name: "Beta")
        return try WatchList.merge([
            EpisodeList(show: a, episodes: [
                Episode(showID: a.id, season: 1, number: 1, title: "A1", airDay: day("2020-01-01")),
                Episode(showID: a.id, season: 1, number: 2, title: "A2", airDay: day("2020-01-20")),
                Episode(showID: a.id, season: 2, number: 1, title: "A3", airDay: day("2021-01-01")),
                Episode(showID: a.id, season: 2, number: 2, title: "A4", airDay: day("2099-01-01")),
            ]),
            EpisodeList(show: b, episodes: [
                Episode(showID: b.id, season: 1, number: 1, title: "B1", airDay: day("2020-01-02")),
                Episode(showID: b.id, season: 1, number: 2, title: "B2", airDay: day("2020-01-09")),
                Episode(showID: b.id, season: 1, number: nil, overall: 3, title: "B special", airDay: day("2020-01-10")),
            ]),
        ], showPriority: ["Alpha", "Beta"])
    }

    private var clock: ViewerClock { .fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: utc) }

    @Test("Progress by show and season agrees with progress(in:show:season:) and leaves out hidden shows")
    func progressByShow() throws {
        let list = try list()
        var checklist = Checklist(watched: [id("alpha/s1e1"), id("alpha/s2e2"), id("beta/s1e2")])
        let report = checklist.progressByShow(in: list, at: clock)
        #expect(report.map(\.show.id) == ["alpha", "beta"])
        for show in report {
            #expect(show.progress == checklist.progress(in: list, show: show.show.id, at: clock))
            for season in show.seasons {
                #expect(season.progress == checklist.progress(in: list, show: show.show.id, season: season.season, at: clock))
            }
        }
        #expect(report[0].seasons.map(\.season) == [1, 2])
        // A watched unaired episode counts as watched, not as aired.
        #expect(report[0].seasons[1].progress == WatchProgress(watched: 1, aired: 1, total: 2))
        checklist.selectedShows = ["beta"]
        checklist.hidesSpecials = true
        let hidden = checklist.progressByShow(in: list, at: clock)
        #expect(hidden.map(\.show.id) == ["beta"])
        #expect(hidden[0].progress == WatchProgress(watched: 1, aired: 2, total: 2))
    }

    @Test("Up next by air date: the show furthest behind first")
    func upNextByAirDate() throws {
        let list = try list()
        let checklist = Checklist(watched: [id("alpha/s1e1"), id("beta/s1e1")])
        // Alpha's next aired 2020-01-20, Beta's 2020-01-09: Beta first, though Alpha has priority.
        #expect(checklist.upNextByAirDate(in: list, at: clock).map(\.title) == ["B2", "A2"])
        let upNext = checklist.upNext(in: list, at: clock)
        #expect(upNext.shows.map(\.next.title) == ["B2", "A2"])
        #expect(upNext.shows.map(\.behind) == [2, 2])   // B2 and the special; A2 and A3
        #expect(upNext.byShow.mapValues(\.title) == ["alpha": "A2", "beta": "B2"])
        #expect(upNext.next == checklist.next(in: list, at: clock))   // the watch order's next (B2: it aired first)
        #expect(upNext.next?.title == "B2")
    }

    @Test("Up next: by air day, then broadcast instant whatever the shows' priority, unknown instants after known ones, then watch order")
    func upNextTiesByBroadcast() throws {
        // Arrow has priority over The Flash, but on 10 December 2014 The Flash aired at 20:00
        // Eastern and Arrow at 21:00 (made-up times on one day, to tie). Vixen aired that day with
        // no known instant; Constantine aired on 5 December: it leads.
        let eastern = try TimeZone.named("America/New_York")
        func at(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
        let arrow = Show(name: "Arrow"), flash = Show(name: "The Flash"), vixen = Show(name: "Vixen"),
            constantine = Show(name: "Constantine")
        let list = try WatchList.merge([
            EpisodeList(show: arrow, episodes: [Episode(showID: arrow.id, season: 3, number: 9, title: "The Climb",
                                                        airDay: day("2014-12-10"), broadcast: at("2014-12-11T02:00:00Z"))]),
            EpisodeList(show: flash, episodes: [Episode(showID: flash.id, season: 1, number: 9, title: "The Man in the Yellow Suit",
                                                        airDay: day("2014-12-10"), broadcast: at("2014-12-11T01:00:00Z"))]),
            EpisodeList(show: vixen, episodes: [Episode(showID: vixen.id, season: 1, number: 1, title: "Episode 1", airDay: day("2014-12-10"))]),
            EpisodeList(show: constantine, episodes: [Episode(showID: constantine.id, season: 1, number: 7,
                                                              title: "Blessed Are the Damned", airDay: day("2014-12-05"))]),
        ], showPriority: ["Vixen", "Arrow", "The Flash", "Constantine"])
        let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: eastern)
        let upNext = Checklist().upNext(in: list, at: clock)
        #expect(upNext.shows.map(\.show.name) == ["Constantine", "The Flash", "Arrow", "Vixen"])
        #expect(Checklist().upNextByAirDate(in: list, at: clock).map(\.showID) == upNext.shows.map(\.show.id))
        #expect(Checklist().upNextPerShow(in: list, at: clock) == upNext.shows)
    }

    @Test("Unmarking a season removes its marks only, aired or not")
    func unmarkSeason() throws {
        let list = try list()
        var checklist = Checklist(watched: [id("alpha/s1e1"), id("alpha/s2e1"), id("alpha/s2e2"), id("beta/s1e1")])
        #expect(checklist.watchedEpisodes(ofShow: "alpha", season: 2, in: list) == [id("alpha/s2e1"), id("alpha/s2e2")])
        checklist.unwatch(show: "alpha", season: 2, in: list)
        #expect(checklist.watched == [id("alpha/s1e1"), id("beta/s1e1")])
        checklist.unwatch(show: "beta", in: list)
        #expect(checklist.watched == [id("alpha/s1e1")])
    }

    @Test("percent never says 100 before every aired episode is watched, nor 0 once one is")
    func percent() {
        #expect(WatchProgress(watched: 0, aired: 0, total: 3).percent == 100)
        #expect(WatchProgress(watched: 999, aired: 1000, total: 1000).percent == 99)
        #expect(WatchProgress(watched: 1, aired: 1000, total: 1000).percent == 1)
        #expect(WatchProgress(watched: 0, aired: 10, total: 10).percent == 0)
        #expect(WatchProgress(watched: 1, aired: 3, total: 3).percent == 33)
        #expect(WatchProgress(watched: 10, aired: 10, total: 12).percent == 100)
    }
}
