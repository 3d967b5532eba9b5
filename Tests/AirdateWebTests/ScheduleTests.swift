import AirdateCore
import AirdateHTTP
import AirdateTestSupport
import AirdateWebApp
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TVMazeClient

/// `/schedule`, `/shows/{id}`, `/posters/{id}` and `/schedule.ics` over HTTP, on the offline week
/// (Monday 15 to Sunday 21 July 2019) and on small snapshots written here.
@Suite("airdate-web: TV schedule")
struct ScheduleTests {
    /// The sections of a schedule page: each day's id and the start instants of its airings.
    static func days(_ html: String) -> [(day: String, starts: [String])] {
        html.components(separatedBy: "<section class=\"day\" id=\"d-").dropFirst().map { section in
            let day = String(section.prefix(10))
            let starts = section.components(separatedBy: "<time class=\"start\" datetime=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            return (day, starts)
        }
    }

    @Test("/schedule: Monday to Sunday, every day with airings, each with poster, show link, time, network, runtime")
    func week() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/schedule?tz=America/New_York", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = WebTest.text(response)
            let days = Self.days(html)
            #expect(days.map(\.day) == ["2019-07-15", "2019-07-16", "2019-07-17", "2019-07-18", "2019-07-19", "2019-07-20", "2019-07-21"])
            // The snapshot's counts by New York day (the 18th to the 21st from Fixtures/tvmaze/generate_week.py).
            #expect(days.map(\.starts.count) == [50, 51, 47, 19, 15, 5, 53])
            for day in days {
                let instants = day.starts.compactMap { ISO8601Instant($0)?.date }
                #expect(instants.count == day.starts.count)
                #expect(instants == instants.sorted(), "sorted by start on \(day.day)")
                let zone = try #require(TimeZone(identifier: "America/New_York"))
                #expect(instants.allSatisfy { CalendarDay(containing: $0, in: zone).description == day.day })
            }
            // Late Night with Seth Meyers (TVMaze show 363): its poster, its link, NBC, 61 minutes.
            let item = try #require(html.components(separatedBy: "<li class=\"airing\" data-show=\"363\">").dropFirst().first)
            let row = item.prefix { $0 != "\n" }
            #expect(row.contains("src=\"/posters/363\""))
            #expect(row.contains("<a class=\"show\" href=\"/shows/363\">Late Night with Seth Meyers</a>"))
            #expect(row.contains("<span class=\"network\">NBC</span>"))
            #expect(row.contains("61 min"))
            #expect(row.contains("00:37"))
            #expect(html.contains("Week of Jul 15 to Jul 21, 2019"))
            #expect(html.contains("aria-current=\"page\">Schedule</a>"))
        }
    }

    @Test("/schedule?q= filters by show or network; the time zone moves airings across midnight")
    func filterAndZone() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let nbc = WebTest.text(try await client.execute(uri: "/schedule?tz=America/New_York&q=nbc", method: .get))
            let items = nbc.components(separatedBy: "<li class=\"airing\"").dropFirst().map { String($0.prefix { $0 != "\n" }) }
            #expect(items.count > 10)
            #expect(items.allSatisfy { $0.localizedCaseInsensitiveContains("NBC") })
            #expect(nbc.contains("match “nbc”"))
            let none = WebTest.text(try await client.execute(uri: "/schedule?q=no%20such%20show%20anywhere", method: .get))
            #expect(Self.days(none).allSatisfy { $0.starts.isEmpty })
            #expect(none.contains("Nothing airs that matches the filter."))
            // In Los Angeles, Late Night's 00:37 New York airing of Monday night is on Monday evening.
            let la = WebTest.text(try await client.execute(uri: "/schedule?tz=America/Los_Angeles", method: .get))
            let monday = try #require(la.components(separatedBy: "id=\"d-2019-07-15\"").dropFirst().first?.components(separatedBy: "id=\"d-2019-07-16\"").first)
            #expect(monday.contains("data-show=\"363\""))
            #expect(la.contains("America/Los_Angeles"))
            // Next week is not in the snapshot: seven empty days, and a link back.
            let next = WebTest.text(try await client.execute(uri: "/schedule?week=2019-07-22&tz=America/New_York", method: .get))
            #expect(Self.days(next).map(\.day).first == "2019-07-22")
            #expect(Self.days(next).allSatisfy { $0.starts.isEmpty })
            #expect(next.contains("href=\"/schedule?tz=America%2FNew_York&amp;week=2019-07-15\" rel=\"prev\""))
        }
    }

    @Test("bad schedule parameters are 400s naming the parameter; unknown shows are 404s")
    func errors() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let cases = [
                ("/schedule?tz=Mars/Olympus", "tz"), ("/schedule?country=USA", "country"), ("/schedule?country=1x", "country"),
                ("/schedule?week=2019-02-30", "week"), ("/schedule?week=yesterday", "week"),
                ("/schedule?q=" + String(repeating: "x", count: 300), "q"), ("/shows/abc", "id"), ("/shows/-4", "id"),
                ("/posters/363?size=huge", "size"), ("/posters/x", "id"), ("/schedule.ics?show=abc", "show"),
                ("/schedule.ics?tz=Nowhere", "tz"),
            ]
            for (uri, parameter) in cases {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                let message = try WebTest.json(response)["error"] as? String ?? ""
                #expect(message.hasPrefix("\(parameter):"), "\(uri): \(message)")
            }
            for uri in ["/shows/99999999", "/posters/99999999", "/schedule.ics?show=99999999"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri)")
                let message = try WebTest.json(response)["error"] as? String ?? ""
                #expect(message.contains("99999999"), "\(uri): \(message)")
            }
            let post = try await client.execute(uri: "/schedule", method: .post)
            #expect(post.status == .methodNotAllowed || post.status == .notFound)
        }
    }

    @Test("/shows/{id}: genres, runtime, network, the week's season and episode numbers, the offline cast note")
    func showPage() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/shows/363?tz=America/New_York", method: .get)
            #expect(response.status == .ok)
            let html = WebTest.text(response)
            #expect(html.contains("<h1>Late Night with Seth Meyers</h1>"))
            #expect(html.contains("<dt>Genres</dt><dd>Comedy</dd>"))
            #expect(html.contains("<dt>Runtime</dt><dd>61 min</dd>"))
            #expect(html.contains("<dt>Network</dt><dd>NBC</dd>"))
            #expect(html.contains("Monday, Tuesday, Wednesday, Thursday, Friday at 00:37"))
            // Recorded: S2019E81 on Tuesday night (airdate July 16); derived: the Thursday and Friday nights.
            #expect(html.contains("<td class=\"c\">S2019E81</td><td>Season 2019, episode 81</td><td>Dax Shepard, Weyes Blood</td>"))
            let rows = html.components(separatedBy: "<td class=\"c\">S2019E").count - 1
            #expect(rows == 5)  // Monday to Friday nights
            #expect(html.contains("src=\"/posters/363?size=original\""))
            #expect(html.contains("href=\"/schedule.ics?show=363\""))
            #expect(html.contains("does not record casts"))
        }
    }

    /// A snapshot folder with one schedule day (Monday 15 July 2019) holding `show`, and `files`.
    static func snapshot(show: [String: Any], files: [String: Data] = [:], routes extra: [[String: String]] = []) throws -> URL {
        let folder = try TemporaryFiles.folder("airdate-web-tvmaze")
        let episode: [String: Any] = [
            "id": 1, "url": "https://www.tvmaze.com/episodes/1", "name": "Pilot", "season": 1, "number": 1,
            "airdate": "2019-07-15", "airtime": "21:00", "airstamp": "2019-07-16T01:00:00+00:00", "runtime": 30, "show": show,
        ]
        try JSONSerialization.data(withJSONObject: [episode]).write(to: folder.appendingPathComponent("day.json"))
        var routes: [[String: String]] = [["request": "/schedule?country=US&date=2019-07-15", "file": "day.json"]] + extra
        for (name, data) in files {
            try data.write(to: folder.appendingPathComponent(name))
            routes.append(["request": "/uploads/\(name)", "file": name])
        }
        try JSONSerialization.data(withJSONObject: routes).write(to: folder.appendingPathComponent("routes.json"))
        return folder
    }

    static var testShow: [String: Any] { [
        "id": 7, "name": "Test <Show> & Co", "genres": ["Drama", "Mystery"], "runtime": 30, "language": "English",
        "schedule": ["time": "21:00", "days": ["Monday"]],
        "network": ["id": 1, "name": "NBC", "country": ["name": "United States", "code": "US", "timezone": "America/New_York"]],
        "summary": "<p>A <b>good</b> show.</p><script>alert(1)</script><img src=x onerror=\"alert(2)\"><a href=\"javascript:alert(3)\">x</a>",
        "image": ["medium": "http://static.tvmaze.com/uploads/p.png", "original": "http://static.tvmaze.com/uploads/gone.png"],
        "externals": [:],
    ] }

    static func app(snapshot folder: URL) async throws -> AirdateWeb {
        let (store, _) = try await WebTest.store()
        return AirdateWeb(store: store, clock: WebTest.clock, configuration: WebConfiguration(port: 0), schedule: try TVSchedule.offline(folder: folder))
    }

    @Test("a show's summary goes through HTMLSanitizer: formatting kept, scripts and handlers gone; names escaped")
    func sanitizedSummary() async throws {
        let web = try await Self.app(snapshot: try Self.snapshot(show: Self.testShow))
        try await WebTest.withRouter(web) { client in
            let html = WebTest.text(try await client.execute(uri: "/shows/7", method: .get))
            #expect(html.contains("<b>good</b>"))
            #expect(!html.contains("<script>alert"))
            #expect(!html.contains("onerror"))
            #expect(!html.contains("javascript:"))
            #expect(html.contains("<h1>Test &lt;Show&gt; &amp; Co</h1>"))
            #expect(html.contains("<dt>Genres</dt><dd>Drama, Mystery</dd>"))
            let week = WebTest.text(try await client.execute(uri: "/schedule", method: .get))
            #expect(week.contains("Test &lt;Show&gt; &amp; Co</a>"))
            #expect(!week.contains("<Show>"))
        }
    }

    @Test("/posters/{id}: the poster's bytes through the client; a drawn stand-in when it is missing or not an image")
    func posters() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52])
        var broken = Self.testShow
        broken["id"] = 8
        broken["name"] = "Broken Poster"
        broken["image"] = ["medium": "http://static.tvmaze.com/uploads/fake.png"]
        let folder = try Self.snapshot(show: Self.testShow, files: ["p.png": png, "fake.png": Data("<html>".utf8)])
        // A second airing whose show's poster is not an image.
        let day = folder.appendingPathComponent("day.json")
        var airings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: day)) as? [[String: Any]])
        var second = airings[0]
        second["id"] = 2
        second["show"] = broken
        airings.append(second)
        try JSONSerialization.data(withJSONObject: airings).write(to: day)
        let web = try await Self.app(snapshot: folder)
        try await WebTest.withRouter(web) { client in
            _ = try await client.execute(uri: "/schedule", method: .get)
            let poster = try await client.execute(uri: "/posters/7", method: .get)
            #expect(poster.status == .ok)
            #expect(poster.headers[.contentType] == "image/png")
            #expect(Data(poster.body.readableBytesView) == png)
            #expect(poster.headers[.cacheControl]?.contains("max-age") == true)
            // The original is not in the snapshot (404): the stand-in, with the show's initials.
            let original = try await client.execute(uri: "/posters/7?size=original", method: .get)
            #expect(original.headers[.contentType] == "image/svg+xml")
            #expect(WebTest.text(original).contains(">TS</text>"))
            let fake = try await client.execute(uri: "/posters/8", method: .get)
            #expect(fake.headers[.contentType] == "image/svg+xml")
            #expect(WebTest.text(fake).contains(">BP</text>"))
        }
    }

    @Test("/schedule.ics?show=: one event per airing of the show, timed in UTC with its runtime")
    func calendar() async throws {
        let (web, _, _) = try await WebTest.app()
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/schedule.ics?show=363&tz=America/New_York", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = WebTest.text(response)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 5)
            #expect(text.contains("UID:tvmaze-episode-1680048@airdate.local\r\n"))
            #expect(text.contains("DTSTART:20190717T043700Z\r\n"))
            #expect(text.contains("DTEND:20190717T053800Z\r\n"))
            #expect(text.contains("LOCATION:NBC\r\n"))
            let all = WebTest.text(try await client.execute(uri: "/schedule.ics?tz=America/New_York", method: .get))
            #expect(all.components(separatedBy: "BEGIN:VEVENT").count - 1 == 240)
        }
    }
}
