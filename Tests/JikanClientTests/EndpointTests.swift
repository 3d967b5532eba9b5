import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

@Suite("Jikan endpoints over loopback")
struct EndpointTests {
    @Test("search sends only the given parameters and decodes the page")
    func search() async throws {
        try await withJikan { jikan, server in
            let page = try await jikan.searchAnime(JikanAnimeSearch(query: "mushishi", limit: 5))
            #expect(page.items.map(\.malID) == [457])
            #expect(page.pagination.hasNextPage == false)
            #expect(page.pagination.perPage == 5)
            let sent = try #require(await server.requests.last)
            #expect(sent.key.description == "/anime?limit=5&page=1&q=mushishi")
            #expect(sent.userAgent?.hasPrefix("Airdate-JikanClient/") == true)
        }
    }

    @Test("a query with spaces is encoded and matched")
    func searchWithSpaces() async throws {
        try await withJikan { jikan, _ in
            let results = try await collect(jikan.allSearchResults(JikanAnimeSearch(query: "fullmetal alchemist brotherhood", limit: 5)))
            #expect(results.map(\.title) == ["Fullmetal Alchemist: Brotherhood"])
        }
    }

    @Test("every search parameter is spelled as Jikan expects; limit is clamped to 25")
    func searchParameters() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"pagination": {"last_visible_page": 1, "has_next_page": false}, "data": []}"#,
                               for: "/anime?q=k-on&type=tv&status=complete&rating=pg13&genres=36,19&genres_exclude=8&order_by=score&sort=desc&sfw=true&start_date=2009-01-01&end_date=2010-12-31&limit=25&page=2")
            let search = JikanAnimeSearch(
                query: "k-on", type: .tv, status: .complete, rating: .pg13, genres: [36, 19], excludedGenres: [8],
                orderBy: .score, sort: .descending, safeForWork: true,
                startDate: CalendarDay("2009-01-01"), endDate: CalendarDay("2010-12-31"), limit: 40
            )
            #expect(search.limit == 25)
            let page = try await jikan.searchAnime(search, page: 2)
            #expect(page.items.isEmpty)
            #expect(await server.count(path: "/anime") == 1)
        }
    }

    @Test("anime by id: a finished TV series with every field")
    func animeByID() async throws {
        try await withJikan { jikan, server in
            let anime = try await jikan.anime(id: 457)
            #expect(anime.title == "Mushishi")
            #expect(anime.titleEnglish == "Mushi-Shi")
            #expect(anime.type == .tv)
            #expect(anime.status == .finishedAiring)
            #expect(anime.episodes == 26)
            #expect(anime.durationText == "25 min per ep")
            #expect(anime.duration == JikanAnimeDuration(length: .seconds(25 * 60), isPerEpisode: true))
            #expect(anime.aired.from == CalendarDay("2005-10-23"))
            #expect(anime.aired.to == CalendarDay("2006-06-19"))
            #expect(anime.rating == .teens)
            #expect(anime.season == .fall)
            #expect(anime.year == 2005)
            #expect(anime.studios.map(\.name) == ["Artland"])
            #expect(anime.genres.map(\.malID).contains(36))
            #expect(anime.broadcastSlot?.weekday == .sunday)
            #expect(anime.relations == nil)
            #expect(await server.count(path: "/anime/457") == 1)
        }
    }

    @Test("anime full: relations, theme songs, streaming")
    func animeFull() async throws {
        try await withJikan { jikan, _ in
            let anime = try await jikan.animeFull(id: 5114)
            #expect(anime.episodes == 64)
            let relations = try #require(anime.relations)
            #expect(relations.map(\.relation) == ["Alternative version", "Adaptation"])
            #expect(relations[1].entries.first?.type == "manga")
            #expect(anime.themeSongs?.openings.count == 1)
            #expect(anime.streaming?.first?.name == "Crunchyroll")
            #expect(anime.externalLinks == [])
        }
    }

    @Test("a still-airing anime has no episode count; a movie has no broadcast")
    func nullableFields() async throws {
        try await withJikan { jikan, _ in
            let mob = try await jikan.anime(id: 50172)
            #expect(mob.episodes == nil)
            #expect(mob.isAiring)
            #expect(mob.aired.to == nil)
            #expect(mob.duration?.isPerEpisode == false)
            #expect(mob.duration?.length == .seconds(23 * 60))

            let movie = try await jikan.animeFull(id: 32281)
            #expect(movie.type == .movie)
            #expect(movie.durationText == "1 hr 46 min")
            #expect(movie.duration?.length == .seconds(106 * 60))
            #expect(movie.broadcastSlot == nil)
            #expect(movie.season == nil && movie.year == nil)
            #expect(movie.preferredTitle == "Your Name.")
            #expect(movie.nextBroadcast(after: Date()) == nil)
        }
    }

    @Test("an unknown anime is notFound")
    func unknownAnime() async throws {
        try await withJikan { jikan, _ in
            let error = await clientError { _ = try await jikan.anime(id: 999_999_999) }
            guard error?.code == .notFound else {
                Issue.record("expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test("episodes page and single episode")
    func episodes() async throws {
        try await withJikan { jikan, server in
            let page = try await jikan.episodes(ofAnime: 457)
            #expect(page.items.count == 26)
            #expect(page.items.first?.title == "The Green Seat")
            #expect(page.items.first?.titleRomanji == "Midori no Za")
            #expect(page.items.last?.airedDay == CalendarDay("2006-06-19"))
            #expect(await server.requests.last?.key.description == "/anime/457/episodes?page=1")

            let first = try await jikan.episode(ofAnime: 457, number: 1)
            #expect(first.number == 1)
            #expect(first.duration == .seconds(1440))
            #expect(first.airedDay == CalendarDay("2005-10-23"))
            #expect(first.synopsis == nil)
        }
    }

    @Test("all episodes of a movie is empty, and takes one request")
    func movieEpisodes() async throws {
        try await withJikan { jikan, server in
            let all = try await collect(jikan.allEpisodes(ofAnime: 32281))
            #expect(all.isEmpty)
            #expect(await server.count(path: "/anime/32281/episodes") == 1)
        }
    }

    @Test("seasons now, a past season, upcoming, and the archive")
    func seasons() async throws {
        try await withJikan { jikan, server in
            let now = try await collect(jikan.allCurrentSeason())
            #expect(now.count == 6)
            #expect(now.allSatisfy { $0.status == .currentlyAiring })

            await server.serve(#"{"pagination": {"last_visible_page": 1, "has_next_page": false}, "data": [{"mal_id": 33352, "title": "Violet Evergarden", "type": "TV", "episodes": 13, "season": "winter", "year": 2018}]}"#,
                               for: "/seasons/2018/winter?filter=tv&page=1")
            let winter = try await jikan.season(.winter, of: 2018, format: .tv)
            #expect(winter.items.map(\.title) == ["Violet Evergarden"])

            await server.serve(#"{"pagination": {"last_visible_page": 1, "has_next_page": false}, "data": [{"mal_id": 60000, "title": "Announced", "status": "Not yet aired", "episodes": null, "score": null, "rank": null, "aired": {"from": null, "to": null, "string": "Not available"}, "season": null, "year": null}]}"#,
                               for: "/seasons/upcoming?sfw=true&page=1")
            let upcoming = try await jikan.upcomingSeasons(safeForWork: true)
            #expect(upcoming.items.first?.status == .notYetAired)
            #expect(upcoming.items.first?.score == nil)
            #expect(upcoming.items.first?.aired.from == nil)

            let archive = try await jikan.seasonArchive()
            #expect(archive.first?.year == 2023)
            #expect(archive[1].seasons == [.winter, .spring, .summer, .fall])
        }
    }

    @Test("schedule of a weekday")
    func schedule() async throws {
        try await withJikan { jikan, server in
            let sunday = try await collect(jikan.allScheduled(on: JikanScheduleDay(.sunday)))
            #expect(sunday.map(\.malID) == [49596, 49709, 47917, 50425, 52046, 49828])
            #expect(sunday.allSatisfy { $0.broadcastSlot?.weekday == .sunday })
            #expect(await server.requests.first?.key.description == "/schedules?filter=sunday&page=1")
        }
    }

    @Test("top anime, genres and producers")
    func topGenresProducers() async throws {
        try await withJikan { jikan, _ in
            let top = try await jikan.topAnime(format: .tv)
            #expect(top.items.first?.rank == 1)
            #expect(top.items.first?.title == "Fullmetal Alchemist: Brotherhood")

            let genres = try await jikan.genres()
            #expect(genres.first(where: { $0.name == "Slice of Life" })?.malID == 36)

            let producers = try await jikan.producers(matching: "bones")
            let bones = try #require(producers.items.first)
            #expect(bones.name == "Bones")
            #expect(bones.established == CalendarDay("1998-10-01"))
            #expect(bones.images.url() == nil)
        }
    }

    @Test("relations, characters, staff, statistics and recommendations")
    func animeDetails() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"data": [{"relation": "Prequel", "entry": [{"mal_id": 37510, "type": "anime", "name": "Mob Psycho 100 II", "url": "https://myanimelist.net/anime/37510/Mob_Psycho_100_II"}]}]}"#,
                               for: "/anime/50172/relations")
            await server.serve(#"{"data": [{"character": {"mal_id": 11, "url": "https://myanimelist.net/character/11/Edward_Elric", "images": {"jpg": {"image_url": "https://cdn.myanimelist.net/images/questionmark_23.gif"}}, "name": "Elric, Edward"}, "role": "Main", "favorites": 70000, "voice_actors": [{"person": {"mal_id": 1, "name": "Park, Romi"}, "language": "Japanese"}]}]}"#,
                               for: "/anime/5114/characters")
            await server.serve(#"{"data": [{"person": {"mal_id": 2, "url": null, "images": null, "name": "Irie, Yasuhiro"}, "positions": ["Director", "Storyboard"]}]}"#,
                               for: "/anime/5114/staff")
            await server.serve(#"{"data": {"watching": 200000, "completed": "2500000", "on_hold": 80000, "dropped": 40000, "plan_to_watch": 900000, "total": 3720000, "scores": [{"score": 10, "votes": 1000000, "percentage": 55.5}, {"score": 1, "votes": 5000, "percentage": 0.3}]}}"#,
                               for: "/anime/5114/statistics")
            await server.serve(#"{"data": [{"entry": {"mal_id": 1575, "url": "https://myanimelist.net/anime/1575/Code_Geass__Hangyaku_no_Lelouch", "images": {}, "title": "Code Geass: Hangyaku no Lelouch"}, "url": "https://myanimelist.net/recommendations/anime/1575-5114", "votes": 120}]}"#,
                               for: "/anime/5114/recommendations")

            let relations = try await jikan.relations(ofAnime: 50172)
            #expect(relations.first?.entries.first?.malID == 37510)

            let characters = try await jikan.characters(ofAnime: 5114)
            #expect(characters.first?.character.name == "Elric, Edward")
            #expect(characters.first?.character.images.url() == nil)
            #expect(characters.first?.voiceActors.first?.language == "Japanese")

            let staff = try await jikan.staff(ofAnime: 5114)
            #expect(staff.first?.positions == ["Director", "Storyboard"])

            let statistics = try await jikan.statistics(ofAnime: 5114)
            #expect(statistics.completed == 2_500_000)
            #expect(statistics.scores.map(\.score) == [10, 1])

            let recommendations = try await jikan.recommendations(ofAnime: 5114)
            #expect(recommendations.first?.malID == 1575)
            #expect(recommendations.first?.votes == 120)
        }
    }

    @Test("unknown enum values are kept, odd list elements skipped, ranks of 0 read as unranked")
    func lenientModels() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"data": {"mal_id": 1, "title": "Odd", "type": "Hologram", "status": "On Hiatus", "rating": "None", "season": "monsoon", "rank": 0, "score": null, "episodes": null, "genres": [{"mal_id": 1, "name": "Action"}, {"name": "no id"}], "broadcast": {"day": "Unknown", "time": null, "timezone": null, "string": "Unknown"}, "titles": [{"type": "Klingon", "title": "tlhIngan"}]}}"#,
                               for: "/anime/1")
            let anime = try await jikan.anime(id: 1)
            #expect(anime.type == JikanAnimeType(rawValue: "Hologram"))
            #expect(anime.status?.rawValue == "On Hiatus")
            #expect(anime.season?.rawValue == "monsoon")
            #expect(anime.rank == nil)
            #expect(anime.genres.map(\.malID) == [1])
            #expect(anime.broadcastSlot == nil)
            #expect(anime.titles.first?.type.rawValue == "Klingon")
            #expect(anime.preferredTitle == "Odd")
        }
    }
}
