import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Foundation
import Testing
import TVMazeClient

/// Values TVMaze might send that do not fit their field: each is read when it can be, replaced by
/// `nil` when it cannot, never fails the object, and is reported with its URL and key path.
@Suite("Unreadable values: read what can be read, report every one")
struct UnreadableValueTests {
    /// `Fixtures/tvmaze/<file>` as a JSON object, changed by `edit`, as text.
    func fixture(_ file: String, _ edit: (inout [String: Any]) -> Void) throws -> String {
        let url = TestData.tvmazeFixtures.appendingPathComponent(file)
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        edit(&object)
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// `Fixtures/tvmaze/<file>` as a JSON array, element `index` changed by `edit`, as text.
    func fixtureList(_ file: String, at index: Int, _ edit: (inout [String: Any]) -> Void) throws -> String {
        let url = TestData.tvmazeFixtures.appendingPathComponent(file)
        var list = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        edit(&list[index])
        return String(decoding: try JSONSerialization.data(withJSONObject: list), as: UTF8.self)
    }

    @Test("a show id sent as text is read, and reported as converted")
    func showIDAsText() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixture("show_1.json") { $0["id"] = "1" }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            let show = try await tvmaze.show(id: 1)
            #expect(show.id == 1)
            #expect(show.name == "Under the Dome")
            let issues = diagnostics.issues
            #expect(issues.count == 1)
            #expect(issues.first?.kind == .convertedValue)
            #expect(issues.first?.path == "id")
            #expect(issues.first?.url == "\(await server.baseURL.absoluteString)/shows/1")
            #expect(issues.first?.reason == #"expected a number, found the text "1"; read as 1"#)
        }
    }

    @Test("an embedded show's id sent as text keeps the episode in the schedule, reported with its path")
    func showIDAsTextInASchedule() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixtureList("schedule_US_2019-07-15.json", at: 2) { episode in
            var show = episode["show"] as? [String: Any] ?? [:]
            show["id"] = "\(show["id"] ?? 0)"
            episode["show"] = show
        }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/schedule?country=US&date=2019-07-15")
            let episodes = try await tvmaze.schedule(country: "US", date: try #require(CalendarDay("2019-07-15")))
            #expect(episodes.count == 50)
            #expect(episodes[2].show?.id != nil)
            #expect(diagnostics.issues.map(\.path) == ["[2].show.id"])
            #expect(diagnostics.issues.map(\.kind) == [.convertedValue])
        }
    }

    @Test("a show id that is not a number at all skips the show from a search, reported; a lone show fails naming the field")
    func unreadableID() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(#"[{"score": 0.9, "show": {"id": "one", "name": "A"}}, {"score": 0.5, "show": {"id": 2, "name": "B"}}]"#,
                               for: "/search/shows?q=x")
            let results = try await tvmaze.searchShows("x")
            #expect(results.map(\.show.name) == ["B"])
            let issue = try #require(diagnostics.issues.first)
            #expect(diagnostics.issues.count == 1)
            #expect(issue.kind == .skippedElement)
            #expect(issue.path == "[0]")
            #expect(issue.failurePath == "[0].show.id")
            #expect(issue.reason.contains("the text \"one\""))

            await server.serve(#"{"id": "one", "name": "A"}"#, for: "/shows/7")
            let error = await clientError { _ = try await tvmaze.show(id: 7) }
            #expect(error?.code == .decoding)
            #expect(error?.fieldPath == "id")
        }
    }

    @Test("an unknown weekday is left out of schedule.days and reported with its index; the rest is kept")
    func unknownWeekday() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixture("show_1.json") { $0["schedule"] = ["time": "22:00", "days": ["Thursday", "Caturday", "friday", 7]] }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            let show = try await tvmaze.show(id: 1)
            #expect(show.schedule.days == [.thursday, .friday])
            #expect(show.schedule.time == TimeOfDay("22:00"))
            let issues = diagnostics.issues
            #expect(issues.map(\.path) == ["schedule.days[1]", "schedule.days[3]"])
            #expect(issues.map(\.kind) == [.unreadableValue, .unreadableValue])
            #expect(issues.first?.reason == #"expected a weekday (Monday … Sunday), found "Caturday"; left out"#)
        }
    }

    @Test("a year-only birthday keeps its year and is reported as partly read; a full one is unchanged")
    func yearOnlyBirthday() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixture("person_1.json") { $0["birthday"] = "1970"; $0["deathday"] = "2020-05-00" }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/people/1")
            let person = try await tvmaze.person(id: 1)
            #expect(person.birthday == nil)
            #expect(person.birthYear == 1970)
            #expect(person.deathday == nil)
            #expect(person.deathYear == 2020)
            let issues = diagnostics.issues
            #expect(issues.map(\.path) == ["birthday", "deathday"])
            #expect(issues.map(\.kind) == [.partialValue, .partialValue])
            #expect(issues.first?.reason == #"only part of a date ("1970"), not a day: the day is nil, the year 1970 is kept in birthYear"#)

            diagnostics.removeAll()
            let recorded = try await tvmaze.cast(ofShow: 1)
            #expect(recorded.allSatisfy { $0.person.birthday == nil || $0.person.birthYear == $0.person.birthday?.year })
            #expect(diagnostics.issues.isEmpty)
        }
    }

    @Test("a year-only birthday inside a cast list keeps the cast member; the path names the element")
    func yearOnlyBirthdayInACast() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixtureList("show_1_cast.json", at: 1) { member in
            var person = member["person"] as? [String: Any] ?? [:]
            person["birthday"] = "1970"
            member["person"] = person
        }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1/cast")
            let cast = try await tvmaze.cast(ofShow: 1)
            #expect(cast[1].person.birthYear == 1970)
            #expect(diagnostics.issues.map(\.path) == ["[1].person.birthday"])
        }
    }

    @Test("dates, times, numbers, links, enums and nested objects that cannot be read become nil, each reported; the show survives")
    func everyClassOfValue() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixture("show_1.json") { show in
            show["premiered"] = "soon"                 // a date that is not a date
            show["runtime"] = "TBA"                    // a number that is not a number
            show["averageRuntime"] = 42.5              // not a whole number
            show["ended"] = "2015"                     // a year alone, with no field to keep it
            show["weight"] = "98"                      // a number sent as text: read
            show["officialSite"] = "not a link"        // a link that is not a URL
            show["type"] = 3                           // an open enum sent as a number: read as text
            show["network"] = "CBS"                    // an object sent as text
            show["rating"] = ["average": "high"]       // a nested number that is not one
            show["genres"] = ["Drama", ["x": 1]]       // a list element of the wrong kind
            show["schedule"] = ["time": "late", "days": ["Thursday"]]
            show["externals"] = ["tvrage": 25988, "thetvdb": "none", "imdb": "tt1553656"]
            show["_links"] = ["previousepisode": ["href": "https://api.tvmaze.com/episodes/latest"]]
        }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            let show = try await tvmaze.show(id: 1)
            #expect(show.name == "Under the Dome")
            #expect(show.premiered == nil && show.runtime == nil && show.averageRuntime == nil)
            #expect(show.weight == 98)
            #expect(show.officialSite == nil && show.network == nil && show.rating == nil)
            #expect(show.type?.rawValue == "3")
            #expect(show.genres == ["Drama"])
            #expect(show.schedule.time == nil && show.schedule.days == [.thursday])
            #expect(show.externals.tvrage == 25988 && show.externals.thetvdb == nil && show.externals.imdb == "tt1553656")
            #expect(show.previousEpisodeID == nil)
            #expect(show.ended == nil)
            #expect(show.language == "English")
            let byPath = Dictionary(diagnostics.issues.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
            let expected: [String: DecodingIssue.Kind] = [
                "premiered": .unreadableValue, "ended": .unreadableValue, "runtime": .unreadableValue, "averageRuntime": .unreadableValue,
                "weight": .convertedValue, "officialSite": .unreadableValue, "type": .convertedValue,
                "network": .unreadableValue, "rating.average": .unreadableValue, "genres[1]": .skippedElement,
                "schedule.time": .unreadableValue, "externals.thetvdb": .unreadableValue,
                "_links.previousepisode.href": .unreadableValue,
            ]
            #expect(Set(byPath.keys) == Set(expected.keys))
            #expect(diagnostics.issues.count == expected.count)
            for (path, kind) in expected { #expect(byPath[path]?.kind == kind, "\(path)") }
            #expect(byPath["premiered"]?.reason == #"expected a calendar day (YYYY-MM-DD), found "soon"; replaced by nil"#)
            #expect(byPath["ended"]?.reason == #"only part of a date ("2015"), not a day; replaced by nil"#)
            #expect(byPath["runtime"]?.reason == #"expected a whole number, found the text "TBA"; replaced by nil"#)
            #expect(byPath["network"]?.reason.hasPrefix("expected") == true)
            #expect(diagnostics.issues.allSatisfy { $0.url.hasSuffix("/shows/1") })
        }
    }

    @Test("an embedded object that fails is reported once, with the field inside it that failed")
    func nestedObjectFailure() async throws {
        let diagnostics = DecodingDiagnostics()
        let body = try fixture("show_1.json") { show in
            show["network"] = ["name": "CBS", "country": ["name": "United States", "code": "US", "timezone": "America/New_York"]]
        }
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            let show = try await tvmaze.show(id: 1)
            #expect(show.network == nil)
            let issues = diagnostics.issues
            #expect(issues.count == 1)
            #expect(issues.first?.path == "network")
            #expect(issues.first?.failurePath == "network.id")
            #expect(issues.first?.reason == "the key is missing; replaced by nil")
        }
    }

    @Test("update times: an entry that is not a time is left out and reported; the rest arrive")
    func updateTimes() async throws {
        let diagnostics = DecodingDiagnostics()
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(#"{"1": 1563810563, "2": "yesterday", "x": 1563810000}"#, for: "/updates/shows?since=day")
            let times = try await tvmaze.showUpdates(since: .day)
            #expect(times == [1: Date(timeIntervalSince1970: 1563810563)])
            #expect(diagnostics.issues.map(\.path).sorted() == ["2", "x"])
        }
    }

    @Test("strict decoding fails on a converted value too, naming it")
    func strictFailsOnConversion() async throws {
        let body = try fixture("show_1.json") { $0["id"] = "1" }
        try await withTVMaze(configure: { $0.decodingPolicy = .strict }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            let error = await clientError { _ = try await tvmaze.show(id: 1) }
            #expect(error?.code == .decoding)
            #expect(error?.fieldPath == "id")
            #expect(error?.detail == #"expected a number, found the text "1"; read as 1"#)
        }
    }

    @Test("the diagnostics keep the latest `limit` issues, a cached answer reports again, removeAll empties them")
    func diagnosticsLimitAndRemoval() async throws {
        let body = try fixture("show_1.json") { $0["premiered"] = "soon" }
        let diagnostics = DecodingDiagnostics(limit: 1)
        try await withTVMaze(configure: { $0.diagnostics = diagnostics }) { tvmaze, server in
            await server.serve(body, for: "/shows/1")
            _ = try await tvmaze.show(id: 1)
            _ = try await tvmaze.show(id: 1)  // from the cache: decoded again, reported again
            #expect(diagnostics.issues.count == 1)  // the limit keeps the latest
            #expect(diagnostics.removeAll().first?.path == "premiered")
            #expect(diagnostics.issues.isEmpty)
        }
    }
}
