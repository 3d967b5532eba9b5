import AirdateCore
import AirdateHTTP
import Foundation
import Testing
import TVMazeClient
import AirdateTestServer

@Suite("TVMaze show endpoints")
struct ShowEndpointTests {
    @Test("/shows/:id decodes the show, its network and schedule")
    func show() async throws {
        try await withTVMaze { tvmaze, server in
            let show = try await tvmaze.show(id: 1)
            #expect(show.name == "Under the Dome")
            #expect(show.type == .scripted)
            #expect(show.status == .ended)
            #expect(show.premiered == CalendarDay("2013-06-24"))
            #expect(show.ended == CalendarDay("2015-09-10"))
            #expect(show.schedule.days == [.thursday])
            #expect(show.schedule.time == TimeOfDay("22:00"))
            #expect(show.network?.name == "CBS")
            #expect(show.network?.country?.timeZone == TimeZone(identifier: "America/New_York"))
            #expect(show.webChannel == nil)
            #expect(show.externals.imdb == "tt1553656")
            #expect(show.rating == 6.5)
            #expect(show.previousEpisodeID == 185054)
            #expect(show.nextEpisodeID == nil)
            #expect(show.summaryText?.hasPrefix("Under the Dome follows a small town in Maine") == true)
            #expect(show.summary?.contains("<b>Under the Dome</b>") == true)
            let request = try #require(await server.requests.first)
            #expect(request.userAgent?.hasPrefix("Airdate-TVMazeClient/") == true)
        }
    }

    @Test("/shows/:id with every embed decodes episodes, cast, crew, seasons, images and AKAs")
    func showWithEmbeds() async throws {
        try await withTVMaze { tvmaze, _ in
            let show = try await tvmaze.show(id: 1, embedding: [.episodes, .cast, .crew, .seasons, .images, .akas])
            #expect(show.embedded.episodes?.count == 13)
            #expect(show.embedded.episodes?.last?.name == "Curtains")
            #expect(show.embedded.cast?.first?.person.name == "Mike Vogel")
            #expect(show.embedded.crew?.first?.type == "Creator")
            #expect(show.embedded.seasons?.map(\.number) == [1, 2, 3])
            #expect(show.embedded.images?.first?.isMain == true)
            #expect(show.embedded.akas?.first?.name == "Die Kuppel")
            #expect(show.embedded.nextEpisode == nil)
        }
    }

    @Test("an unknown show id is notFound")
    func unknownShow() async throws {
        try await withTVMaze { tvmaze, _ in
            await #expect(throws: APIClientError.notFound(url: "\(await tvmazeBase(tvmaze))/shows/424242")) {
                try await tvmaze.show(id: 424242)
            }
        }
    }

    @Test("/shows/:id/episodes: airdate, airtime and the airstamp instant")
    func episodes() async throws {
        try await withTVMaze { tvmaze, _ in
            let episodes = try await tvmaze.episodes(ofShow: 1)
            #expect(episodes.count == 13)
            let pilot = try #require(episodes.first)
            #expect(pilot.code(.padded) == "S01E01")
            #expect(pilot.airdate == CalendarDay("2013-06-24"))
            #expect(pilot.airtime == TimeOfDay("22:00"))
            // 22:00 in New York (EDT, UTC−4) is 02:00 UTC the next day.
            #expect(pilot.airstamp == ISO8601Instant("2013-06-25T02:00:00Z")?.date)
            #expect(pilot.type == .regular)
            #expect(pilot.rating == nil)
            #expect(episodes[2].image == nil)
        }
    }

    @Test("/shows/:id/episodes?specials=1: a special has no number, an empty airtime, a null runtime")
    func specials() async throws {
        try await withTVMaze { tvmaze, _ in
            let episodes = try await tvmaze.episodes(ofShow: 82, includingSpecials: true)
            #expect(episodes.count == 3)
            let special = try #require(episodes.first { $0.number == nil })
            #expect(special.name == "The Making of Game of Thrones")
            #expect(special.type == .significantSpecial)
            #expect(special.airtime == nil)
            #expect(special.runtime == nil)
            #expect(special.code(.padded) == "S01 special")
        }
    }

    @Test("episode by number, and a miss is nil")
    func episodeByNumber() async throws {
        try await withTVMaze { tvmaze, _ in
            let third = try await tvmaze.episode(ofShow: 1, season: 1, number: 3)
            #expect(third?.name == "Manhunt")
            let missing = try await tvmaze.episode(ofShow: 1, season: 9, number: 1)
            #expect(missing == nil)
        }
    }

    @Test("episodes by date, and a day without episodes is empty")
    func episodesByDate() async throws {
        try await withTVMaze { tvmaze, _ in
            let day = try #require(CalendarDay("2013-07-08"))
            #expect(try await tvmaze.episodes(ofShow: 1, airedOn: day).map(\.name) == ["Manhunt"])
            #expect(try await tvmaze.episodes(ofShow: 1, airedOn: day.adding(days: 1)).isEmpty)
        }
    }

    @Test("seasons, and a season's episodes by season id")
    func seasons() async throws {
        try await withTVMaze { tvmaze, _ in
            let seasons = try await tvmaze.seasons(ofShow: 1)
            #expect(seasons.map(\.id) == [1, 2, 6233])
            #expect(seasons[0].episodeOrder == 13)
            #expect(seasons[0].endDate == CalendarDay("2013-09-16"))
            #expect(seasons[0].summary == nil)  // "" means none
            let episodes = try await tvmaze.episodes(inSeason: seasons[0].id)
            #expect(episodes.count == 13)
        }
    }

    @Test("cast, crew, AKAs and images")
    func people() async throws {
        try await withTVMaze { tvmaze, _ in
            let cast = try await tvmaze.cast(ofShow: 1)
            #expect(cast.map(\.character.name) == [#"Dale "Barbie" Barbara"#, "Julia Shumway", #"James "Junior" Rennie"#])
            #expect(cast[1].person.country?.code == "CA")
            #expect(cast[2].person.image == nil)
            #expect(cast[0].person.birthday == CalendarDay("1979-07-17"))
            let crew = try await tvmaze.crew(ofShow: 1)
            #expect(crew.map(\.person.name) == ["Brian K. Vaughan", "Stephen King"])
            let akas = try await tvmaze.akas(ofShow: 1)
            #expect(akas.count == 3)
            #expect(akas[2].country == nil)
            let images = try await tvmaze.images(ofShow: 1)
            #expect(images.map(\.type) == ["poster", "background", "mystery_art"])
            #expect(images[0].resolutions["medium"]?.width == 210)
            // An http:// link decodes as well as https://.
            #expect(images[1].resolutions["original"]?.url?.scheme == "http")
        }
    }

    @Test("alternate lists, one list, and its episodes with the regular episode embedded")
    func alternateLists() async throws {
        try await withTVMaze { tvmaze, _ in
            let lists = try await tvmaze.alternateLists(ofShow: 82)
            #expect(lists.map(\.id) == [9])
            #expect(lists[0].dvdRelease)
            let list = try await tvmaze.alternateList(id: 9)
            #expect(list.dvdRelease && !list.verbatimOrder)
            let episodes = try await tvmaze.alternateEpisodes(inList: 9)
            #expect(episodes.first?.episodeID == 4952)
            #expect(episodes.first?.episode?.name == "Winter is Coming")
        }
    }

    @Test("the show index pages end at the 404")
    func showIndex() async throws {
        try await withTVMaze { tvmaze, server in
            var pages: [[String]] = []
            for try await page in tvmaze.showIndex() {
                pages.append(page.map(\.name))
            }
            #expect(pages == [["Under the Dome", "Game of Thrones"], ["Stranger Things"]])
            #expect(await server.count(path: "/shows") == 3)  // pages 0, 1 and the 404 of page 2
        }
    }

    @Test("the 404 is TVMaze's only last-page sign: N pages cost N + 1 requests, and nothing is asked after it")
    func indexAsksNothingAfterTheEnd() async throws {
        try await withTVMaze { tvmaze, server in
            var iterator = tvmaze.showIndex(startingAt: 1).makeAsyncIterator()
            let first = try await iterator.next()
            let afterTheEnd = [try await iterator.next(), try await iterator.next(), try await iterator.next()]
            #expect(first?.map(\.name) == ["Stranger Things"])
            #expect(afterTheEnd.allSatisfy { $0 == nil })
            #expect(await server.requests.map(\.key.description) == ["/shows?page=1", "/shows?page=2"])
        }
    }

    @Test("a show of an index page that cannot be read is left out and reported; the page is kept")
    func indexPageWithABadShow() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(#"[{"id": 250, "name": "A"}, {"name": "no id"}, {"id": 252, "name": "C"}]"#, for: "/shows?page=1")
            var names: [String] = []
            for try await page in tvmaze.showIndex(startingAt: 1) { names += page.map(\.name) }
            #expect(names == ["A", "C"])
            #expect(diagnostics.issues.map(\.path) == ["[1]"])
            #expect(diagnostics.issues.map(\.failurePath) == ["[1].id"])
            #expect(diagnostics.issues.first?.url.hasSuffix("/shows?page=1") == true)
        }
    }
}

/// The base URL of the client's configuration, as text.
func tvmazeBase(_ tvmaze: TVMaze) async -> String {
    tvmaze.http.configuration.baseURL.absoluteString
}
