import AirdateCore
import AirdateHTTP
import Foundation
import Testing
import TVMazeClient
import AirdateTestServer

@Suite("TVMaze search, lookup, people, episodes and updates")
struct SearchAndPeopleTests {
    @Test("show search returns scored results; an unknown enum value and null network decode")
    func searchShows() async throws {
        try await withTVMaze { tvmaze, _ in
            let results = try await tvmaze.searchShows("under the dome")
            #expect(results.map(\.show.id) == [1, 99999])
            #expect(results[0].score > results[1].score)
            #expect(results[1].show.network == nil && results[1].show.webChannel == nil)
            #expect(results[1].show.type == TVMazeShowType(rawValue: "Documentary"))
        }
    }

    @Test("single search embeds episodes; no match is nil")
    func singleSearch() async throws {
        try await withTVMaze { tvmaze, _ in
            let show = try await tvmaze.singleSearch("under the dome", embedding: [.episodes])
            #expect(show?.id == 1)
            #expect(show?.embedded.episodes?.count == 13)
            #expect(try await tvmaze.singleSearch("no such show at all") == nil)
        }
    }

    @Test("lookup by IMDb, TheTVDB and TVRage follows the 301; a miss is nil", arguments: [
        TVMazeExternalID.imdb("tt0944947"), .thetvdb(121361), .tvrage(24493),
    ])
    func lookup(id: TVMazeExternalID) async throws {
        try await withTVMaze { tvmaze, server in
            let show = try await tvmaze.lookupShow(id)
            #expect(show?.name == "Game of Thrones")
            #expect(show?.network?.name == "HBO")
            #expect(await server.count(path: "/shows/82") == 1)
            #expect(try await tvmaze.lookupShow(.imdb("tt0000000")) == nil)
        }
    }

    @Test("people search and person with embedded cast credits")
    func people() async throws {
        try await withTVMaze { tvmaze, _ in
            let found = try await tvmaze.searchPeople("mike vogel")
            #expect(found.first?.person.id == 1)
            let person = try await tvmaze.person(id: 1)
            #expect(person.name == "Mike Vogel")
            #expect(person.gender == "Male")
            #expect(person.deathday == nil)
            let withCredits = try await tvmaze.person(id: 1, embedding: [.castCredits])
            #expect(withCredits.castCredits?.first?.showID == 1)
            #expect(withCredits.castCredits?.first?.characterID == 1)
        }
    }

    @Test("cast, crew and guest-cast credits of a person")
    func credits() async throws {
        try await withTVMaze { tvmaze, _ in
            let cast = try await tvmaze.castCredits(ofPerson: 1)
            #expect(cast.first?.show?.name == "Under the Dome")
            let crew = try await tvmaze.crewCredits(ofPerson: 24046)
            #expect(crew.first?.type == "Executive Producer")
            #expect(crew.first?.showID == 1)
            let guest = try await tvmaze.guestCastCredits(ofPerson: 36924)
            #expect(guest.first?.episodeID == 4952)
            #expect(guest.first?.characterID == 5321)
            #expect(guest.first?.episode?.airdate == CalendarDay("2011-04-17"))
        }
    }

    @Test("episode with its show embedded, guest cast and guest crew")
    func episode() async throws {
        try await withTVMaze { tvmaze, _ in
            let pilot = try await tvmaze.episode(id: 1, embedding: [.show])
            #expect(pilot.name == "Pilot")
            #expect(pilot.show?.name == "Under the Dome")
            #expect(pilot.summaryText?.hasPrefix("Residents of Chester's Mill") == true)
            let guests = try await tvmaze.guestCast(ofEpisode: 4952)
            #expect(guests.first?.character.name == "Rodrik Cassel")
            #expect(guests.first?.person.birthday == nil)
            let crew = try await tvmaze.guestCrew(ofEpisode: 4952)
            #expect(crew.first?.type == "Director")
        }
    }

    @Test("the people index ends at the 404")
    func peopleIndex() async throws {
        try await withTVMaze { tvmaze, _ in
            var names: [String] = []
            for try await page in tvmaze.peopleIndex() { names += page.map(\.name) }
            #expect(names == ["Mike Vogel", "Rachelle Lefevre", "Alexander Koch"])
        }
    }

    @Test("show and person updates map ids to instants")
    func updates() async throws {
        try await withTVMaze { tvmaze, _ in
            let shows = try await tvmaze.showUpdates(since: .day)
            #expect(shows.count == 3)
            #expect(shows[82] == Date(timeIntervalSince1970: 1_704_804_069))
            let people = try await tvmaze.personUpdates(since: .day)
            #expect(Set(people.keys) == [1, 2])
        }
    }
}
