import AirdateCore
import AirdateStore
import AirdateTestServer
import AirdateTestSupport
import AirdateWebApp
import AnimePlanner
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `/anime…` over HTTP, on the Jikan snapshot and a new planner database, the app's clock at noon
/// UTC on 2022-11-14 (a Monday; `airdate-web --today 2022-11-14`): the snapshot chooses the data,
/// the clock the date.
@Suite("airdate-web: anime planner")
struct AnimeTests {
    /// Noon UTC on Monday 2022-11-14.
    static let clock = ViewerClock.fixed(at: Date(timeIntervalSince1970: 1_668_427_200), timeZone: TimeZone(identifier: "UTC") ?? .gmt)

    static func app(clock: ViewerClock = AnimeTests.clock) async throws -> (AirdateWeb, PlannerStore, path: String) {
        let (watch, _) = try await WebTest.store()
        let path = try TemporaryFiles.folder("airdate-web-anime").appendingPathComponent("animeplan.sqlite").path
        let planner = try PlannerStore(path: path, polling: ChangePolling(every: .milliseconds(50)))
        let web = AirdateWeb(store: watch, clock: clock, configuration: WebConfiguration(port: 0, heartbeat: .seconds(1)),
                             anime: try AnimeSide.offline(store: planner, folder: TestPaths.fixtures("jikan")))
        return (web, planner, path)
    }

    @Test("offline, /anime and its calendar show the app clock's day (the real one by default), not the snapshot's")
    func offlineShowsTheRealDate() async throws {
        let (web, _, _) = try await Self.app(clock: .system(timeZone: TimeZone(identifier: "UTC") ?? .gmt))
        try await WebTest.withRouter(web) { client in
            let before = CalendarDay(containing: Date(), in: TimeZone(identifier: "UTC") ?? .gmt)
            let calendar = WebTest.text(try await client.execute(uri: "/anime/calendar", method: .get))
            let after = CalendarDay(containing: Date(), in: TimeZone(identifier: "UTC") ?? .gmt)
            #expect(calendar.contains("cal-day today\" id=\"c-\(before)\"") || calendar.contains("cal-day today\" id=\"c-\(after)\""),
                    "today is \(before) (or \(after), past midnight)")
            #expect(!calendar.contains("November 2022") || before.description.hasPrefix("2022-11"))
        }
    }

    static func post(_ client: any TestClientProtocol, _ path: String, _ fields: [(String, String)]) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, headers: WebTest.formHeaders, body: WebTest.form(fields))
    }

    @Test("search, preview a plan, add it, log progress: home, calendar and statistics follow")
    func planFlow() async throws {
        let (web, store, _) = try await Self.app()
        try await WebTest.withRouter(web) { client in
            let empty = WebTest.text(try await client.execute(uri: "/anime", method: .get))
            #expect(empty.contains("Nothing tracked."))
            #expect(empty.contains("data-live=\"/anime/events\""))

            let search = WebTest.text(try await client.execute(uri: "/anime/search?q=Mushishi", method: .get))
            #expect(search.contains("<span class=\"title\">Mushishi</span>"))
            #expect(search.contains("href=\"/anime/plan?id=457\""))
            #expect(search.contains("26 episodes"))

            // By episodes per day: 26 episodes at 2 a day from Monday 14 November: 13 days.
            let preview = WebTest.text(try await client.execute(uri: "/anime/plan?id=457&goal=per_day&per_day=2", method: .get))
            #expect(preview.contains("Preview: 26 episodes over 13 days, finishing <time datetime=\"2022-11-26\">"))
            #expect(preview.contains("action=\"/anime/add\""))
            // Weekdays: Mondays and Wednesdays only.
            let weekdays = WebTest.text(try await client.execute(uri: "/anime/plan?id=457&per_day=4&weekday=mon&weekday=wed", method: .get))
            let days = weekdays.components(separatedBy: "<td class=\"d\"><time datetime=\"").dropFirst().map { String($0.prefix(10)) }
            #expect(days.count == 7)
            #expect(days.allSatisfy { [.monday, .wednesday].contains(CalendarDay($0)?.weekday) })
            // By date range: finish by Sunday 20 November.
            let range = WebTest.text(try await client.execute(uri: "/anime/plan?id=457&goal=until&until=2022-11-20", method: .get))
            #expect(range.contains("over 7 days, finishing <time datetime=\"2022-11-20\">"))
            #expect(try await store.all().isEmpty, "a preview adds nothing")

            let added = try await Self.post(client, "/anime/add", [("id", "457"), ("goal", "per_day"), ("per_day", "2")])
            #expect(added.status == .seeOther)
            #expect(added.headers[.location] == "/anime#show-457")
            let tracked = try #require(try await store.show(id: 457))
            #expect(tracked.plan.days.count == 13)

            let home = WebTest.text(try await client.execute(uri: "/anime", method: .get))
            #expect(home.contains("<h3>Mushi-Shi</h3>"))
            #expect(home.contains("Today: episodes 1–2."))
            #expect(home.contains("2 episodes to watch today."))
            #expect(home.contains("plan-status on-track\">on track"))

            let logged = try await Self.post(client, "/anime/watch", [("id", "457"), ("episode", "5"), ("return", "/anime/calendar")])
            #expect(logged.status == .seeOther)
            #expect(logged.headers[.location] == "/anime/calendar")
            #expect(try await store.show(id: 457)?.watchedThrough == 5)
            let after = WebTest.text(try await client.execute(uri: "/anime", method: .get))
            #expect(after.contains("ahead by 3"))
            #expect(after.contains("value=\"6\""), "the form offers the next episode")

            let calendar = WebTest.text(try await client.execute(uri: "/anime/calendar?month=2022-11", method: .get))
            #expect(calendar.contains("<h1>November 2022</h1>"))
            let today = try #require(calendar.components(separatedBy: "id=\"c-2022-11-14\"").dropFirst().first?.prefix { $0 != "\n" })
            #expect(today.contains("watched 1–5"))
            #expect(calendar.contains("cal-day today\" id=\"c-2022-11-14\""))
            #expect(calendar.components(separatedBy: "class=\"cal-day").count - 1 == 30)

            let stats = WebTest.text(try await client.execute(uri: "/anime/stats", method: .get))
            #expect(stats.components(separatedBy: "<svg").count - 1 == 3)
            #expect(stats.contains("5 episodes and 2 h 5 min watched; 21 episodes left."))
            #expect(stats.contains("19% of the tracked episodes watched"))
            #expect(stats.contains("<title>Mushi-Shi: 5 watched, 21 left</title>"))
        }
    }

    @Test("/anime.ics: what is left of each plan, all-day events with a reminder")
    func feed() async throws {
        let (web, _, _) = try await Self.app()
        try await WebTest.withRouter(web) { client in
            _ = try await Self.post(client, "/anime/add", [("id", "457"), ("per_day", "2")])
            let response = try await client.execute(uri: "/anime.ics", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = WebTest.text(response)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 13)
            #expect(text.components(separatedBy: "BEGIN:VALARM").count - 1 == 13)
            #expect(text.contains("DTSTART;VALUE=DATE:20221114\r\n"))
        }
    }

    @Test("bad anime requests: 400 naming the parameter, 404 for unknown shows, 422 for impossible progress")
    func errors() async throws {
        let (web, _, _) = try await Self.app()
        try await WebTest.withRouter(web) { client in
            for (uri, parameter) in [
                ("/anime/plan?id=abc", "id"), ("/anime/plan?id=457&per_day=0", "per_day"), ("/anime/plan?id=457&goal=until", "until"),
                ("/anime/plan?id=457&goal=soon", "goal"), ("/anime/plan?id=457&weekday=funday", "weekday"),
                ("/anime/plan?id=457&start=2022-02-30", "start"), ("/anime/calendar?month=2022-13", "month"),
                ("/anime/stats?days=0", "days"), ("/anime/search?q=" + String(repeating: "a", count: 250), "q"),
            ] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                let message = try WebTest.json(response)["error"] as? String ?? ""
                #expect(message.hasPrefix("\(parameter):"), "\(uri): \(message)")
            }
            let unknown = try await client.execute(uri: "/anime/plan?id=999999", method: .get)
            #expect(unknown.status == .notFound)
            let notTracked = try await Self.post(client, "/anime/watch", [("id", "457"), ("episode", "3")])
            #expect(notTracked.status == .notFound)
            _ = try await Self.post(client, "/anime/add", [("id", "457"), ("per_day", "2")])
            let beyond = try await Self.post(client, "/anime/watch", [("id", "457"), ("episode", "27")])
            #expect(beyond.status == .unprocessableContent)
            #expect((try WebTest.json(beyond)["error"] as? String)?.isEmpty == false)
            let badEpisode = try await Self.post(client, "/anime/watch", [("id", "457"), ("episode", "x")])
            #expect(badEpisode.status == .badRequest)
            let offline = WebTest.text(try await client.execute(uri: "/anime/search?q=no%20such%20anime", method: .get))
            #expect(offline.contains("The offline snapshot has no anime found by"))
            #expect(offline.contains("it records the searches: bocchi the rock"))
        }
    }

    @Test("`animeplan watch` in another process reaches /anime/events")
    func otherProcess() async throws {
        let animeplan = try #require(WebPrograms.path("animeplan"), "the animeplan example is built with the tests")
        let (web, store, path) = try await Self.app()
        let planner = ViewingPlanner(clock: .fixed(at: try #require(CalendarDay("2022-11-14")).start(in: .gmt).addingTimeInterval(12 * 3600), timeZone: .gmt))
        let show = AnimeShow(id: 457, title: "Mushishi", episodeCount: 26, episodeLength: .seconds(25 * 60))
        try await store.insert(try TrackedShow(show: show, goal: .episodesPerDay(2), options: PlanOptions(start: planner.today), planner: planner))
        try await WebTest.withServer(web) { _, port in
            let stream = try LoopbackConnection(port: port)
            stream.get("/anime/events")
            try await stream.read { $0.body.contains(": connected") }
            let status = try await WebPrograms.run(animeplan, ["watch", "457", "4", "--db", path, "--offline", "--tz", "UTC"])
            #expect(status == 0)
            try await stream.read { $0.body.contains("event: change") }
        }
        #expect(try await store.show(id: 457)?.watchedThrough == 4)
    }
}
