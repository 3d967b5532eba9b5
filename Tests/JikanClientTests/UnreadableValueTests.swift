import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import JikanClient
import Testing

/// MyAnimeList's loosely typed data through Jikan: every value that cannot be read as it should is
/// read when it can be, replaced when it cannot, never fails the anime, and is reported.
@Suite("Jikan: unreadable values are reported, never dropped silently")
struct JikanUnreadableValueTests {
    /// `Fixtures/jikan/anime_457.json` with its `data` object changed by `edit`, as text.
    func anime457(_ edit: (inout [String: Any]) -> Void) throws -> String {
        let url = TestData.jikanFixtures.appendingPathComponent("anime_457.json")
        var envelope = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var data = try #require(envelope["data"] as? [String: Any])
        edit(&data)
        envelope["data"] = data
        return String(decoding: try JSONSerialization.data(withJSONObject: envelope), as: UTF8.self)
    }

    @Test("numbers, dates, links, flags, lists and nested objects that cannot be read become nil or empty, each reported with its path")
    func everyClassOfValue() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try anime457 { anime in
            anime["episodes"] = "TBA"                                 // a number that is not one
            anime["score"] = "8.7"                                    // a number sent as text: read
            anime["url"] = 457                                        // a link that is not text
            anime["approved"] = "yes"                                 // a flag that is not one
            anime["aired"] = ["from": "someday", "to": "2006-06-18T00:00:00+00:00", "string": "Oct 2005 to Jun 2006"]
            anime["genres"] = [["mal_id": 8, "type": "anime", "name": "Drama", "url": "https://myanimelist.net/anime/genre/8"],
                               ["type": "anime", "name": "no id"]]    // an element without its id
            anime["titles"] = "Mushishi"                              // a list that is not a list
            anime["broadcast"] = "Sundays"                            // an object that is not one
        }
        try await withJikan(configure: { $0.diagnostics = diagnostics }) { jikan, server in
            await server.serve(body, for: "/anime/457")
            let anime = try await jikan.anime(id: 457)
            #expect(anime.malID == 457)
            #expect(anime.title == "Mushishi")
            #expect(anime.episodes == nil)
            #expect(anime.score == 8.7)
            #expect(anime.url == nil)
            #expect(anime.isApproved)
            #expect(anime.aired.from == nil)
            #expect(anime.aired.to == CalendarDay("2006-06-18"))
            #expect(anime.genres.map(\.name) == ["Drama"])
            #expect(anime.titles.isEmpty)
            #expect(anime.broadcast == JikanBroadcast())
            let byPath = Dictionary(diagnostics.issues.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let expected: [String: DecodingIssue.Kind] = [
                "data.episodes": .unreadableValue, "data.score": .convertedValue, "data.url": .unreadableValue,
                "data.approved": .unreadableValue, "data.aired.from": .unreadableValue,
                "data.genres[1]": .skippedElement, "data.titles": .unreadableValue, "data.broadcast": .unreadableValue,
            ]
            #expect(Set(byPath.keys) == Set(expected.keys))
            #expect(diagnostics.issues.count == expected.count)
            for (path, kind) in expected { #expect(byPath[path]?.kind == kind, "\(path)") }
            #expect(byPath["data.episodes"]?.reason == #"expected a whole number, found the text "TBA"; replaced by nil"#)
            #expect(byPath["data.score"]?.reason == #"expected a number, found the text "8.7"; read as 8.7"#)
            #expect(byPath["data.url"]?.reason == "expected a URL, found the number 457; replaced by nil")
            #expect(byPath["data.aired.from"]?.reason == #"expected an ISO 8601 date (YYYY-MM-DD…), found "someday"; replaced by nil"#)
            #expect(byPath["data.genres[1]"]?.failurePath == "data.genres[1].mal_id")
            let base = await server.baseURL.absoluteString
            #expect(diagnostics.issues.allSatisfy { $0.url == "\(base)/anime/457" })
        }
    }

    @Test("a broadcast statement that cannot be read keeps its text, has no slot, and says why")
    func unreadableBroadcast() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try anime457 { anime in
            anime["airing"] = true
            anime["broadcast"] = ["day": "Caturdays", "time": "25:99", "timezone": "Mars/Olympus", "string": "Caturdays at 25:99"]
        }
        try await withJikan(configure: { $0.diagnostics = diagnostics }) { jikan, server in
            await server.serve(body, for: "/anime/457")
            let anime = try await jikan.anime(id: 457)
            #expect(anime.broadcast.day == "Caturdays" && anime.broadcast.time == "25:99")
            #expect(anime.broadcastSlot == nil)
            #expect(diagnostics.issues.map(\.path) == ["data.broadcast.day", "data.broadcast.time", "data.broadcast.timezone"])
            #expect(diagnostics.issues.first?.reason == #"expected a weekday ("Sundays"), found "Caturdays"; the text is kept, the broadcast slot is nil"#)
        }
    }

    @Test("a character role without its character is left out of the list and reported; the others arrive")
    func listElementLeftOut() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = #"{"data": [{"character": {"mal_id": 1, "name": "Ginko"}, "role": "Main"}, {"role": "Supporting"}, {"character": {"mal_id": 3, "name": "Adashino"}, "role": "Supporting", "favorites": "many"}]}"#
        try await withJikan(configure: { $0.diagnostics = diagnostics }) { jikan, server in
            await server.serve(body, for: "/anime/457/characters")
            let roles = try await jikan.characters(ofAnime: 457)
            #expect(roles.map(\.character.name) == ["Ginko", "Adashino"])
            #expect(roles.last?.favorites == nil)
            #expect(diagnostics.issues.map(\.path) == ["data[1]", "data[2].favorites"])
            #expect(diagnostics.issues.map(\.kind) == [.skippedElement, .unreadableValue])
            #expect(diagnostics.issues.first?.failurePath == "data[1].character")
            #expect(diagnostics.issues.first?.reason == "the key is missing")
        }
    }

    @Test("a page's unreadable pagination claim is reported and read as no further page")
    func unreadablePagination() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withJikan(fixtures: nil, configure: { $0.diagnostics = diagnostics }) { jikan, server in
            await server.serve(#"{"pagination": {"has_next_page": "perhaps", "last_visible_page": 1}, "data": [{"mal_id": 1, "title": "A"}]}"#,
                               for: "/top/anime?page=1")
            let listing = await jikan.allTopAnime().listing()
            #expect(listing.items.map(\.malID) == [1])
            #expect(listing.end == .complete(pages: 1))
            #expect(diagnostics.issues.map(\.path) == ["pagination.has_next_page"])
            #expect(await server.count(path: "/top/anime") == 1)
        }
    }

    @Test("a user name with reserved characters is one path segment, encoded once")
    func userNameSegment() async throws {
        try await withJikan(fixtures: nil) { jikan, server in
            await server.serve(#"{"data": {"username": "a/b c?", "url": "https://myanimelist.net/profile/a"}}"#, for: "/users/a%2Fb%20c%3F")
            let profile = try await jikan.user("a/b c?")
            #expect(profile.username == "a/b c?")
            #expect(await server.requests.count == 1)
        }
    }
}
