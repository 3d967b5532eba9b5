import AirdateCore
import Foundation
import Testing
@testable import WatchOrder

/// A small franchise: two shows, a numbered season each, specials in one.
private func smallList() throws -> WatchList {
    let legends = Show(name: "Legends of Tomorrow")
    let flash = Show(name: "The Flash")
    let superman = Show(name: "Superman & Lois")
    return try WatchList.merge([
        EpisodeList(show: flash, episodes: [
            Episode(showID: flash.id, season: 1, number: 8, title: "Flash vs. Arrow", airDay: CalendarDay("2014-12-02")),
            Episode(showID: flash.id, season: 1, number: 9, title: "The Man in the Yellow Suit", airDay: CalendarDay("2014-12-09")),
        ]),
        EpisodeList(show: legends, episodes: [
            Episode(showID: legends.id, season: 5, number: nil, overall: 68, title: "Crisis on Infinite Earths: Part Five",
                    airDay: CalendarDay("2020-01-14")),
            Episode(showID: legends.id, season: 5, number: 1, title: "Meet the Legends", airDay: CalendarDay("2020-01-21")),
            Episode(showID: legends.id, season: 6, number: nil, title: "Legends special", airDay: CalendarDay("2021-05-01")),
            Episode(showID: legends.id, season: 6, number: 1, title: "Ground Control to Sara Lance", airDay: CalendarDay("2021-05-02")),
            Episode(showID: legends.id, season: 6, number: 2, title: "Meat: The Legends", airDay: CalendarDay("2030-05-09")),
        ]),
        EpisodeList(show: superman, episodes: [
            Episode(showID: superman.id, season: 1, number: 1, title: "Pilot", airDay: CalendarDay("2021-02-23")),
        ]),
    ], showPriority: ["The Flash", "Legends of Tomorrow", "Superman & Lois"])
}

private let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt)  // 2023-11-14

@Suite("Episode codes, lookups and the viewer's checklist")
struct LookupTests {
    @Test("every episode, specials included, reads back from the code the list prints")
    func codesRoundTrip() throws {
        let list = try smallList()
        for episode in list.episodes {
            let name = list.code(of: episode, .withShow)
            #expect(try list.episode(named: name).id == episode.id, "\(name)")
        }
        let specials = list.episodes.filter(\.isSpecial).map { list.code(of: $0) }
        #expect(specials == ["special 1", "special 2"])
    }

    @Test("the usual spellings: 3x08, S1E8, a prefix of the show, 5x00 for a season's only special, an identity")
    func spellings() throws {
        let list = try smallList()
        let flash108 = EpisodeID(showID: "the-flash", season: 1, number: 8)
        #expect(try list.episode(named: "The Flash 1x08").id == flash108)
        #expect(try list.episode(named: "flash S1E8").id == flash108)
        #expect(try list.episode(named: "the-flash/s1e8").id == flash108)
        #expect(try list.episode(named: "Legends 5x00").title == "Crisis on Infinite Earths: Part Five")
        #expect(try list.episode(named: "Legends special 1").title == "Crisis on Infinite Earths: Part Five")
        #expect(try list.show(named: "superman").name == "Superman & Lois")
    }

    @Test("what matches nothing is an error naming what exists")
    func errorsNameWhatExists() throws {
        let list = try smallList()
        #expect(throws: EpisodeLookupError.unknownShow("Arrow", shows: ["The Flash", "Legends of Tomorrow", "Superman & Lois"])) {
            try list.show(named: "Arrow")
        }
        #expect(throws: EpisodeLookupError.unknownSeason(show: "The Flash", season: 4, seasons: [1])) {
            try list.season(named: "Flash 4")
        }
        #expect(throws: EpisodeLookupError.unknownSeason(show: "Legends of Tomorrow", season: 2, seasons: [5, 6])) {
            try list.episode(named: "Legends 2x01")
        }
        #expect(throws: EpisodeLookupError.unknownEpisode("special 3", show: "Legends of Tomorrow", example: "special 1")) {
            try list.episode(named: "Legends special 3")
        }
        #expect(throws: EpisodeLookupError.unreadable("Flash")) { try list.episode(named: "Flash") }
        // "Super" could be Superman & Lois or nothing else here; with two matches it would be an error.
        let message = EpisodeLookupError.unknownSeason(show: "The Flash", season: 4, seasons: [1]).errorDescription
        #expect(message == "The Flash has no season 4; its seasons are 1.")
        #expect(try list.season(named: "Legends").season == nil)
        #expect(try list.season(named: "Legends S6").season == 6)
    }

    @Test("a long name typed by the viewer is echoed shortened, in every lookup error")
    func longInputShortened() throws {
        let list = try smallList()
        let long = String(repeating: "x", count: 5_000)
        for lookup in [{ _ = try list.show(named: long) }, { _ = try list.episode(named: long) }, { _ = try list.episode(named: "Arrow 1x0" + long) }] {
            let error = try #require(throws: EpisodeLookupError.self) { try lookup() }
            let text = try #require(error.errorDescription)
            #expect(text.count < 400, "\(text.prefix(100))")
            #expect(text.contains("…"))
        }
    }

    @Test("the show filter applies to up next, coming soon, progress and the shows shown")
    func showFilter() throws {
        let list = try smallList()
        var checklist = Checklist(selectedShows: ["legends-of-tomorrow"])
        #expect(checklist.visibleShows(in: list).map(\.name) == ["Legends of Tomorrow"])
        #expect(checklist.next(in: list, at: clock)?.title == "Crisis on Infinite Earths: Part Five")
        #expect(checklist.progress(in: list, at: clock).total == 5)
        #expect(checklist.comingSoon(in: list, show: "legends-of-tomorrow", at: clock).map(\.title) == ["Meat: The Legends"])
        #expect(checklist.comingSoon(in: list, show: "the-flash", at: clock).isEmpty)
        checklist.selectedShows = nil
        #expect(checklist.visibleShows(in: list).count == 3)
        #expect(checklist.next(in: list, at: clock)?.title == "Flash vs. Arrow")
    }

    @Test("the store keeps the show filter with the progress until it is changed")
    func filterPersists() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let path = folder.appendingPathComponent("w.sqlite").path
        let store = try WatchOrderStore(path: path)
        let list = try smallList()
        try await store.refresh(list.shows.map { show in EpisodeList(show: show, episodes: list.episodes.filter { $0.showID == show.id }) })
        try await store.setSelectedShows(["the-flash"])
        let reopened = try WatchOrderStore(path: path)
        let state = try await reopened.state()
        #expect(state.checklist.selectedShows == ["the-flash"])
        #expect(try state.upNext(at: clock).byShow.keys.sorted() == ["the-flash"])
        try await reopened.setSelectedShows(nil)
        #expect(try await reopened.state().checklist.selectedShows == nil)
    }
}
