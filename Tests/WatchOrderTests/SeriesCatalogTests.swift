import AirdateCore
import Foundation
import Testing
import WatchOrder

@Suite("Series catalog and broadcast facts")
struct SeriesCatalogTests {
    static func catalog() throws -> SeriesCatalog {
        try SeriesCatalog(json: Data(contentsOf: TestSupport.arrowverse.appendingPathComponent("series.json")))
    }

    private func instant(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    @Test("The snapshot's catalog lists the eleven series, in priority order, with their ids")
    func eleven() throws {
        let catalog = try Self.catalog()
        #expect(catalog.series.map(\.name) == TestSupport.shows)
        #expect(catalog.showPriority == TestSupport.shows.map(Show.slug))
        #expect(catalog.show("arrow")?.externalIDs == ExternalIDs(tvmaze: 4, theTVDB: 257655, imdb: "tt2193021"))
        #expect(catalog.show("the-flash")?.externalIDs.imdb == "tt3107288")
        for series in catalog.series {
            #expect(!series.pages.isEmpty, "\(series.name) has a page")
            if let imdb = series.externalIDs.imdb { #expect(ExternalIDs.isIMDbID(imdb), "\(series.name): \(imdb)") }
        }
    }

    @Test("Every season of every series has broadcast facts, and they place every episode of the snapshot")
    func everyEpisodePlaced() throws {
        let catalog = try Self.catalog()
        let lists = try TestSupport.arrowverseLists()
        var seasons = 0, timed = 0, releaseDays = 0
        for list in lists {
            let schedule = catalog.schedule(ofShow: list.show.id)
            for number in list.seasons {
                let season = try #require(schedule.season(number), "\(list.show.name) season \(number) has facts")
                #expect(!season.sources.isEmpty, "\(list.show.name) season \(number) names its sources")
                seasons += 1
            }
            let result = list.addingBroadcasts(from: schedule)
            #expect(result.notes.isEmpty, "\(list.show.name): \(result.notes)")
            timed += result.broadcastsAdded
            releaseDays += result.releaseDaysOnly
            for episode in result.list.episodes {
                guard let broadcast = episode.broadcast, let season = schedule.season(episode.season) else { continue }
                // The instant falls on the episode's air day in the schedule's zone.
                #expect(CalendarDay(containing: broadcast, in: season.timeZone) == episode.airDay, "\(list.show.name) \(episode.code(.compact))")
            }
        }
        #expect(seasons == 49)
        // Every broadcast season is timed; only the streaming and web releases are placed on their day.
        #expect(timed == 828 - 13 - 24)
        #expect(releaseDays == 13 + 24)
    }

    @Test("Slots turn Eastern wall times into instants across daylight saving; special airings win")
    func instants() throws {
        let catalog = try Self.catalog()
        func broadcast(_ show: String, _ season: Int, _ number: Int?, overall: Int? = nil, _ day: String) -> ScheduledBroadcast {
            catalog.schedule(ofShow: show).broadcast(of: Episode(
                showID: show, season: season, number: number, overall: overall, title: "", airDay: CalendarDay(day)))
        }
        // Wednesday 8 pm EDT, then EST.
        #expect(broadcast("arrow", 3, 1, "2014-10-08").instant == instant("2014-10-09T00:00:00Z"))
        #expect(broadcast("arrow", 3, 8, "2014-12-03").instant == instant("2014-12-04T01:00:00Z"))
        // Crisis on Earth-X part 2: Arrow on a Monday at 9 pm, an airing of its own.
        #expect(broadcast("arrow", 6, 8, "2017-11-27") == .instant(try #require(instant("2017-11-28T02:00:00Z")),
                                                                   special: "Crisis on Earth-X, part 2, after Supergirl on a Monday"))
        // Season 7 moved from 8 pm to 9 pm in April 2019, when Legends took 8 pm.
        #expect(broadcast("arrow", 7, 17, "2019-03-18").instant == instant("2019-03-19T00:00:00Z"))
        #expect(broadcast("arrow", 7, 18, "2019-04-15").instant == instant("2019-04-16T01:00:00Z"))
        #expect(broadcast("legends-of-tomorrow", 4, 11, "2019-04-15").instant == instant("2019-04-16T00:00:00Z"))
        // Supergirl's series premiere at 8:30 pm on CBS.
        #expect(broadcast("supergirl", 1, 1, "2015-10-26").instant == instant("2015-10-27T00:30:00Z"))
        // The Legends special of Crisis, named by overall number, at 9 pm (the season's slot).
        #expect(broadcast("legends-of-tomorrow", 5, nil, overall: 68, "2020-01-14").instant == instant("2020-01-15T02:00:00Z"))
        // A streaming release: on its day, no hour.
        #expect(broadcast("stargirl", 1, 1, "2020-05-18") == .releaseDay(network: "DC Universe"))
        // Not covered: a Thursday in a Wednesday season, a season with no facts, an airing on another day.
        #expect(broadcast("arrow", 3, 9, "2014-12-11") == .unplaced(.weekdayNotListed(.thursday)))
        #expect(broadcast("arrow", 9, 1, "2021-01-01") == .unplaced(.seasonNotListed))
        #expect(broadcast("arrow", 6, 8, "2017-11-30") == .unplaced(.airingOnAnotherDay(try #require(CalendarDay("2017-11-27")))))
    }

    @Test("Adding facts keeps an instant an episode has, reports one that differs, and names the episodes left out")
    func adding() throws {
        let catalog = try Self.catalog()
        let tvmazeInstant = try #require(instant("2017-01-25T02:00:00Z"))  // Legends 2x09 at 9 pm, as the facts say
        let wrong = try #require(instant("2017-04-05T01:00:00Z"))  // 2x17 at 9 pm; the finale aired at 8 pm
        let list = EpisodeList(show: Show(name: "Legends of Tomorrow"), episodes: [
            Episode(showID: "legends-of-tomorrow", season: 2, number: 9, title: "", airDay: CalendarDay("2017-01-24"), broadcast: tvmazeInstant),
            Episode(showID: "legends-of-tomorrow", season: 2, number: 17, title: "", airDay: CalendarDay("2017-04-04"), broadcast: wrong),
            Episode(showID: "legends-of-tomorrow", season: 2, number: 1, title: "", airDay: CalendarDay("2016-10-13")),
            Episode(showID: "legends-of-tomorrow", season: 8, number: 1, title: "", airDay: CalendarDay("2030-01-01")),
            Episode(showID: "legends-of-tomorrow", season: 2, number: 99, title: "TBA", airDay: nil),
        ])
        let result = list.addingBroadcasts(from: catalog.schedule(ofShow: "legends-of-tomorrow"))
        #expect(result.broadcastsAdded == 1)
        #expect(result.list.episodes[0].broadcast == tvmazeInstant)
        #expect(result.list.episodes[1].broadcast == wrong)
        #expect(result.list.episodes[2].broadcast == instant("2016-10-14T00:00:00Z"))
        #expect(result.list.episodes[4].broadcast == nil)
        #expect(result.notes.map(\.description) == [
            "Legends of Tomorrow 2x17: the broadcast facts say 2017-04-05T00:00:00Z, another instant than the one it has",
            "Legends of Tomorrow 8x01: no broadcast facts for its season",
        ])
    }

    @Test("A catalog that contradicts itself or is malformed is refused with the reason", arguments: [
        (#"{"version": 2, "series": []}"#, "version 2"),
        (#"{"version": 1, "series": [{"name": "A"}, {"name": "A"}]}"#, "the series id a is listed twice"),
        ("[1, 2]", "cannot be read"),
        ("{", "not valid JSON"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "Mars/Olympus", "slots": []}]}]}"#,
         "Mars/Olympus"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "blursday"}]}]}]}"#,
         "blursday"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": []}]}]}"#,
         "A season 1 has no slot"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "monday", "time": "20:00"}, {"weekday": "Monday", "time": "21:00", "from": "2020-01-01"}]}]}]}"#,
         "two Monday slots overlap"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "monday", "time": "25:00"}]}]}]}"#,
         "slots"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "monday"}], "airings": [{"day": "2020-01-01", "time": "20:00"}]}]}]}"#,
         "airings"),
        (#"{"version": 1, "series": [{"name": "A", "broadcasts": [{"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "monday"}]}, {"season": 1, "network": "X", "timeZone": "UTC", "slots": [{"weekday": "monday"}]}]}]}"#,
         "A season 1 has broadcast facts twice"),
    ])
    func refused(json: String, reason: String) {
        #expect {
            try SeriesCatalog(json: Data(json.utf8))
        } throws: { error in
            (error as? SeriesCatalogError)?.errorDescription?.contains(reason) == true
        }
    }
}
