import AirdateCore
import AirdateStore
import AirdateTestSupport
import AirdateWebApp
import CountdownKit
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// `/countdowns…`, `/countdowns.ics` and `/reminders` over HTTP, on a new countdowns database; now
/// is WebTest's clock (2026-11-20 12:00 UTC), the user's zone UTC.
@Suite("airdate-web: countdowns and reminders", .timeLimit(.minutes(10)))
struct CountdownTests {
    static let utc = TimeZone(identifier: "UTC") ?? .gmt
    static let now = WebTest.clock.now

    static func app(clock: ViewerClock = WebTest.clock) async throws -> (AirdateWeb, CountdownStore, path: String) {
        let (watch, _) = try await WebTest.store()
        let path = try TemporaryFiles.folder("airdate-web-countdowns").appendingPathComponent("countdowns.sqlite").path
        let store = try CountdownStore(path: path, polling: ChangePolling(every: .milliseconds(50)))
        let web = AirdateWeb(store: watch, clock: clock, configuration: WebConfiguration(port: 0, heartbeat: .seconds(1)),
                             countdowns: CountdownSide(store: store, userZone: utc))
        return (web, store, path)
    }

    static func post(_ client: any TestClientProtocol, _ path: String, _ fields: [(String, String)]) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, headers: WebTest.formHeaders, body: WebTest.form(fields))
    }

    static func day(_ text: String) throws -> CalendarDay { try #require(CalendarDay(text)) }

    /// The titles of the countdowns a list page shows, in order.
    static func titles(_ html: String) -> [String] {
        html.components(separatedBy: "<li class=\"countdown").dropFirst().compactMap { card in
            guard let link = card.range(of: "<h3><a href=\"/countdowns/") else { return nil }
            let rest = card[link.upperBound...]
            guard let start = rest.range(of: "\">"), let end = rest.range(of: "</a>") else { return nil }
            return String(rest[start.upperBound..<end.lowerBound])
        }
    }

    /// Three countdowns with known days, tags, creation and change times:
    /// Alpha (1 Dec, all day, 1 tag, made first, changed last), Beta (25 Nov 20:00 UTC, 3 tags),
    /// Gamma (10 Jan, no tags, made last).
    static func seed(_ store: CountdownStore) async throws -> [String: Countdown] {
        let t0 = now.addingTimeInterval(-86_400)
        let alpha = try Countdown(title: "Alpha", target: .allDay(try day("2026-12-01")), tags: [CountdownTag("x")].compactMap { $0 },
                                  created: t0, modified: t0.addingTimeInterval(10 * 3600))
        let beta = try Countdown(title: "Beta", target: .wallClock(LocalDateTime(day: try day("2026-11-25"), time: try TimeOfDay(hour: 20, minute: 0)), in: utc),
                                 tags: ["x", "y", "z"].compactMap(CountdownTag.init), note: "Bring snacks", created: t0.addingTimeInterval(3600))
        let gamma = try Countdown(title: "Gamma", target: .allDay(try day("2027-01-10")), created: t0.addingTimeInterval(7200),
                                  modified: t0.addingTimeInterval(5 * 3600))
        try await store.insert(contentsOf: [alpha, beta, gamma])
        return ["Alpha": alpha, "Beta": beta, "Gamma": gamma]
    }

    @Test("the list sorts by date, created, modified and number of tags, each both ways")
    func sorting() async throws {
        let (web, store, _) = try await Self.app()
        _ = try await Self.seed(store)
        try await WebTest.withRouter(web) { client in
            for (sort, expected) in [
                ("date:asc", ["Beta", "Alpha", "Gamma"]), ("date:desc", ["Gamma", "Alpha", "Beta"]),
                ("created:asc", ["Alpha", "Beta", "Gamma"]), ("created:desc", ["Gamma", "Beta", "Alpha"]),
                ("modified:asc", ["Beta", "Gamma", "Alpha"]), ("modified:desc", ["Alpha", "Gamma", "Beta"]),
                ("tag-count:asc", ["Gamma", "Alpha", "Beta"]), ("tag-count:desc", ["Beta", "Alpha", "Gamma"]),
            ] {
                let page = WebTest.text(try await client.execute(uri: "/countdowns?sort=\(sort)", method: .get))
                #expect(Self.titles(page) == expected, "\(sort)")
                #expect(page.contains("<option value=\"\(sort)\" selected>"), "\(sort) shown as chosen")
            }
        }
    }

    @Test("filters: every tag given, untagged, from and to days, text; clear link")
    func filtering() async throws {
        let (web, store, _) = try await Self.app()
        _ = try await Self.seed(store)
        try await WebTest.withRouter(web) { client in
            for (query, expected) in [
                ("tag=x", ["Beta", "Alpha"]), ("tag=x&tag=y", ["Beta"]), ("tag=X", ["Beta", "Alpha"]), ("untagged=1", ["Gamma"]),
                ("from=2026-11-26&to=2026-12-31", ["Alpha"]), ("from=2026-12-01", ["Alpha", "Gamma"]), ("to=2026-12-01", ["Beta", "Alpha"]),
                ("to=2026-11-01&from=2027-02-01", ["Beta", "Alpha", "Gamma"]), ("q=snack", ["Beta"]), ("q=GAM", ["Gamma"]), ("tag=x&from=2026-11-30", ["Alpha"]),
            ] {
                let page = WebTest.text(try await client.execute(uri: "/countdowns?\(query)", method: .get))
                #expect(Self.titles(page) == expected, "\(query)")
                #expect(page.contains("Clear filters"), "\(query)")
            }
            let empty = WebTest.text(try await client.execute(uri: "/countdowns?q=nothing", method: .get))
            #expect(empty.contains("No countdown matches these filters."))
            let page = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            // Every tag in use is offered as a filter; times are in the clock's zone; the remaining time ticks from data-until.
            #expect(page.contains("name=\"tag\" value=\"y\""))
            #expect(page.contains("data-until=\"2026-11-25T20:00:00Z\">in 5 days, 8 hours</span>"))
            #expect(page.contains("data-until=\"2026-12-01T00:00:00Z\" data-all-day>in 11 days</span>"))
            #expect(page.contains("data-live=\"/countdowns/events\""))
        }
    }

    @Test("add, edit, archive, unarchive and delete through the forms; the database follows")
    func forms() async throws {
        let (web, store, _) = try await Self.app()
        try await WebTest.withRouter(web) { client in
            let first = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            #expect(first.contains("No countdowns yet."))
            let added = try await Self.post(client, "/countdowns/add", [
                ("title", "  Frieren S2  "), ("date", "2027-01-16"), ("time", "23:00"), ("zone", "Asia/Tokyo"),
                ("tags", "Anime, premiere,anime"), ("note", "Line 1\r\nLine 2"), ("every", ""),
            ])
            #expect(added.status == .seeOther)
            let stored = try #require(try await store.all().first)
            #expect(added.headers[.location] == "/countdowns#c-\(stored.id.uuidString.lowercased())")
            #expect(stored.title == "Frieren S2")
            #expect(stored.tags.map(\.name) == ["Anime", "premiere"])
            #expect(stored.note == "Line 1\nLine 2")
            let jan16 = try Self.day("2027-01-16")
            #expect(stored.target.instant == jan16.start(in: Self.utc).addingTimeInterval(14 * 3600))
            #expect(stored.created == Self.now)
            let id = stored.id.uuidString.lowercased()

            // A repeat starts on its first day on or after the day given (a Monday repeat from a Friday).
            _ = try await Self.post(client, "/countdowns/add", [("title", "Trash"), ("date", "2026-11-20"), ("every", "weekly:mon")])
            let trash = try #require(try await store.all().first { $0.title == "Trash" })
            #expect(trash.target == .allDay(try Self.day("2026-11-23")))
            #expect(trash.recurrence?.frequency.description == "weekly:mon")

            // The page carries the revision it was rendered at; an edit with it saves.
            let detail = WebTest.text(try await client.execute(uri: "/countdowns/\(id)", method: .get))
            #expect(detail.contains("value=\"Frieren S2\""))
            #expect(detail.contains("name=\"time\" value=\"23:00\""))
            #expect(detail.contains("name=\"zone\" value=\"Asia/Tokyo\""))
            let version = try #require(detail.components(separatedBy: "name=\"revision\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
            let edited = try await Self.post(client, "/countdowns/\(id)/edit", [
                ("revision", String(version)), ("title", "Frieren S2 premiere"), ("date", "2027-01-16"), ("time", ""),
                ("tags", "Anime"), ("note", ""), ("every", "yearly"),
            ])
            #expect(edited.status == .seeOther)
            let after = try #require(try await store.countdown(id: stored.id))
            #expect(after.title == "Frieren S2 premiere")
            #expect(after.target == .allDay(try Self.day("2027-01-16")))
            #expect(after.recurrence?.frequency == .yearly)
            #expect(after.note.isEmpty)
            #expect(after.created == stored.created)

            // The same (now stale) revision again: refused, nothing written.
            let stale = try await Self.post(client, "/countdowns/\(id)/edit", [("revision", String(version)), ("title", "Stale"), ("date", "2027-02-01")])
            #expect(stale.status == .conflict)
            #expect((try WebTest.json(stale)["error"] as? String)?.contains("changed elsewhere") == true)
            #expect(try await store.countdown(id: stored.id) == after)
            let staleDelete = try await Self.post(client, "/countdowns/\(id)/delete", [("revision", String(version))])
            #expect(staleDelete.status == .conflict)
            #expect(try await store.countdown(id: stored.id) != nil)

            let archived = try await Self.post(client, "/countdowns/\(id)/archive", [("return", "/countdowns?sort=title")])
            #expect(archived.status == .seeOther)
            #expect(archived.headers[.location] == "/countdowns?sort=title")
            #expect(try await store.countdown(id: stored.id)?.archived == Self.now)
            let active = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            #expect(Self.titles(active) == ["Trash"])
            let archive = WebTest.text(try await client.execute(uri: "/countdowns?scope=archived", method: .get))
            #expect(Self.titles(archive) == ["Frieren S2 premiere"])
            #expect(archive.contains("Unarchive"))
            let all = WebTest.text(try await client.execute(uri: "/countdowns?scope=all&sort=title:asc", method: .get))
            #expect(Self.titles(all) == ["Frieren S2 premiere", "Trash"])
            _ = try await Self.post(client, "/countdowns/\(id)/archive", [("undo", "1")])
            #expect(try await store.countdown(id: stored.id)?.archived == nil)

            let page = WebTest.text(try await client.execute(uri: "/countdowns/\(id)", method: .get))
            let current = try #require(page.components(separatedBy: "name=\"revision\" value=\"").dropFirst().first?.prefix { $0 != "\"" })
            #expect(current != version, "the revision changes with every change")
            let deleted = try await Self.post(client, "/countdowns/\(id)/delete", [("revision", String(current)), ("return", "/countdowns/\(id)")])
            #expect(deleted.status == .seeOther)
            #expect(deleted.headers[.location] == "/countdowns", "never back to the deleted countdown's page")
            #expect(try await store.countdown(id: stored.id) == nil)
            #expect(try await client.execute(uri: "/countdowns/\(id)", method: .get).status == .notFound)
        }
    }

    @Test("a passed one-off countdown shows in the archive and stays there; a repeating one moves on")
    func automaticArchive() async throws {
        let (web, store, _) = try await Self.app()
        let passed = try Countdown(title: "Passed", target: .allDay(try Self.day("2026-11-01")), created: Self.now.addingTimeInterval(-90 * 86_400))
        let weekly = try Countdown(title: "Weekly", target: .allDay(try Self.day("2026-11-02")), created: Self.now.addingTimeInterval(-90 * 86_400),
                                   recurrence: try Recurrence(.weekly, anchor: try Self.day("2026-11-02")))
        try await store.insert(contentsOf: [passed, weekly])
        try await WebTest.withRouter(web) { client in
            let active = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            #expect(Self.titles(active) == ["Weekly"])
            #expect(active.contains("<time datetime=\"2026-11-23\">"), "the next Monday")
            let archive = WebTest.text(try await client.execute(uri: "/countdowns?scope=archived", method: .get))
            #expect(Self.titles(archive) == ["Passed"])
            let undo = try await Self.post(client, "/countdowns/\(passed.id.uuidString)/archive", [("undo", "1")])
            #expect(undo.status == .unprocessableContent)
            #expect((try WebTest.json(undo)["error"] as? String)?.contains("stays in the archive") == true)
        }
        // Listing wrote nothing.
        #expect(try await store.countdown(id: passed.id) == passed)
    }

    @Test("bad requests: 400 naming the field, 404 for unknown ids, 503 without a database")
    func errors() async throws {
        let (web, store, _) = try await Self.app()
        let seeded = try await Self.seed(store)
        try await WebTest.withRouter(web) { client in
            for (fields, name) in [
                ([("title", ""), ("date", "2027-01-01")], "title"), ([("title", "x")], "date"),
                ([("title", "x"), ("date", "2027-02-30")], "date"), ([("title", "x"), ("date", "2027-01-01"), ("time", "24:61")], "time"),
                ([("title", "x"), ("date", "2027-01-01"), ("zone", "Mars/Olympus")], "zone"),
                ([("title", "x"), ("date", "2027-01-01"), ("every", "fortnightly")], "every"),
                ([("title", String(repeating: "t", count: 201)), ("date", "2027-01-01")], "title"),
                ([("title", "x"), ("date", "2027-01-01"), ("tags", String(repeating: "t", count: 51))], "tags"),
                ([("title", "x"), ("date", "2027-01-01"), ("note", String(repeating: "n", count: 10_001))], "note"),
            ] {
                let response = try await Self.post(client, "/countdowns/add", fields)
                #expect(response.status == .badRequest, "\(fields.map(\.0))")
                #expect((try WebTest.json(response)["error"] as? String)?.hasPrefix("\(name):") == true, "\(name)")
            }
            for (uri, name) in [("/countdowns?sort=soon", "sort"), ("/countdowns?scope=bin", "scope"), ("/countdowns?from=2026-13-01", "from"),
                                ("/countdowns?tag=x&untagged=1", "untagged"), ("/countdowns.ics?remind=0", "remind"),
                                ("/reminders?days=0", "days"), ("/reminders?limit=5000", "limit"), ("/reminders?anime_at=9pm", "anime_at")] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .badRequest, "\(uri)")
                #expect((try WebTest.json(response)["error"] as? String)?.hasPrefix("\(name):") == true, "\(uri)")
            }
            #expect(try await store.all().count == 3, "nothing was added")
            #expect(try await client.execute(uri: "/countdowns/not-an-id", method: .get).status == .notFound)
            let unknown = UUID().uuidString
            #expect(try await Self.post(client, "/countdowns/\(unknown)/edit", [("title", "x"), ("date", "2027-01-01")]).status == .notFound)
            #expect(try await Self.post(client, "/countdowns/\(unknown)/archive", []).status == .notFound)
            #expect(try await Self.post(client, "/countdowns/\(unknown)/delete", []).status == .notFound)
            let alpha = try #require(seeded["Alpha"])
            let tooLong = try await Self.post(client, "/countdowns/\(alpha.id.uuidString)/edit", [("title", "x"), ("date", "2027-01-01"), ("every", "every-9999-days")])
            #expect(tooLong.status == .badRequest || tooLong.status == .unprocessableContent)
            #expect(try await store.countdown(id: alpha.id) == alpha)
        }
        let (watch, _) = try await WebTest.store()
        let without = AirdateWeb(store: watch, clock: WebTest.clock, configuration: WebConfiguration(port: 0))
        try await WebTest.withRouter(without) { client in
            #expect(try await client.execute(uri: "/countdowns", method: .get).status == .serviceUnavailable)
            let reminders = try WebTest.json(try await client.execute(uri: "/reminders", method: .get))
            let unavailable = try #require(reminders["unavailable"] as? [String: String])
            #expect(unavailable.keys.sorted() == ["anime", "countdowns"])
        }
    }

    @Test("/countdowns.ics: every countdown not in the archive, with alarms when asked")
    func calendar() async throws {
        let (web, store, _) = try await Self.app()
        _ = try await Self.seed(store)
        let passed = try Countdown(title: "Passed", target: .allDay(try Self.day("2026-11-01")), created: Self.now.addingTimeInterval(-90 * 86_400))
        try await store.insert(passed)
        try await WebTest.withRouter(web) { client in
            let response = try await client.execute(uri: "/countdowns.ics?remind=60", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/calendar; charset=utf-8")
            let text = WebTest.text(response)
            #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            #expect(text.components(separatedBy: "BEGIN:VEVENT").count - 1 == 3)
            #expect(!text.contains("SUMMARY:Passed"))
            #expect(text.components(separatedBy: "BEGIN:VALARM").count - 1 == 6, "one when due and one an hour before, each")
            #expect(text.contains("TRIGGER:-PT1H\r\n"))
            #expect(text.contains("CATEGORIES:x,y,z\r\n"))
        }
    }

    @Test("/reminders: countdowns' reminders in firing order, lead times, the watch order's airings, the limit")
    func reminders() async throws {
        let (web, store, _) = try await Self.app()
        let seeded = try await Self.seed(store)
        try await WebTest.withRouter(web) { client in
            let week = try WebTest.json(try await client.execute(uri: "/reminders", method: .get))
            let items = try #require(week["reminders"] as? [[String: Any]])
            // Within 7 days of 20 November only Beta (25 November, 20:00 UTC); nothing airs in 2026.
            #expect(items.map { $0["title"] as? String } == ["Beta"])
            #expect(items.first?["fireDate"] as? String == "2026-11-25T20:00:00Z")
            let beta = try #require(seeded["Beta"]).id.uuidString.lowercased()
            #expect(items.first?["id"] as? String == "countdown/\(beta)/2026-11-25/0")
            #expect(items.first?["source"] as? String == "countdown")
            #expect(items.first?["link"] as? String == "/countdowns/\(beta)")
            #expect(items.first?["eventDate"] as? String == "2026-11-25T20:00:00Z")
            #expect(week["through"] as? String == "2026-11-26")
            let longer = try WebTest.json(try await client.execute(uri: "/reminders?days=30&lead=1440", method: .get))
            let all = try #require(longer["reminders"] as? [[String: Any]])
            #expect(all.map { $0["title"] as? String } == ["Beta", "Beta", "Alpha", "Alpha"])
            #expect(all.map { $0["body"] as? String } == ["In 1 day.", "Now.", "In 1 day.", "Today."])
            let limited = try WebTest.json(try await client.execute(uri: "/reminders?days=60&lead=1440&limit=3", method: .get))
            #expect((longer["reminders"] as? [[String: Any]])?.count == 4, "Gamma (10 January) is past the 30th day")
            #expect((limited["reminders"] as? [[String: Any]])?.count == 3)
        }
        // On 1 October 2019, seven days ahead: the Arrowverse's autumn premieres the viewer follows.
        let october = ViewerClock.fixed(at: try Self.day("2019-10-01").start(in: Self.utc).addingTimeInterval(12 * 3600), timeZone: Self.utc)
        let (autumn, _, _) = try await Self.app(clock: october)
        try await WebTest.withRouter(autumn) { client in
            let answer = try WebTest.json(try await client.execute(uri: "/reminders?days=7", method: .get))
            let items = try #require(answer["reminders"] as? [[String: Any]])
            let ids = items.compactMap { $0["id"] as? String }
            #expect(ids.contains("episode/supergirl/s5e1/0"))
            #expect(ids.contains("episode/batwoman/s1e1/0"))
            #expect(!ids.contains { $0.hasPrefix("episode/the-flash/s6e1") }, "The Flash returns on 8 October, past the seventh day")
            let formatter = ISO8601DateFormatter()
            let dates = items.compactMap { ($0["fireDate"] as? String).flatMap(formatter.date(from:)) }
            #expect(dates.count == items.count)
            #expect(dates == dates.sorted())
            let end = try Self.day("2019-10-08").start(in: Self.utc)
            #expect(dates.allSatisfy { $0 > october.now && $0 < end })
            #expect(items.allSatisfy { $0["source"] as? String == "episode" && $0["link"] as? String == "/next" })
            #expect(items.allSatisfy { $0["eventDate"] is String })
        }
    }

    @Test("`countdowns add` in another process reaches /countdowns/events; a countdown added here shows in `countdowns list`")
    func otherProcess() async throws {
        let countdowns = try #require(WebPrograms.path("countdowns"), "the countdowns example is built with the tests")
        let (web, store, path) = try await Self.app()
        try await WebTest.withServer(web) { client, port in
            let stream = try LoopbackConnection(port: port)
            stream.get("/countdowns/events")
            try await stream.read { $0.body.contains(": connected") }
            let status = try await WebPrograms.run(countdowns, ["add", "From the terminal", "2027-03-01", "--tag", "cli", "--db", path])
            #expect(status == 0)
            try await stream.read { $0.body.contains("event: change") }
            let page = WebTest.text(try await client.execute(uri: "/countdowns", method: .get))
            #expect(Self.titles(page) == ["From the terminal"])

            _ = try await Self.post(client, "/countdowns/add", [("title", "From the browser"), ("date", "2027-02-01"), ("tags", "web")])
            let (code, output) = try await WebPrograms.output(countdowns, ["list", "--db", path, "--json"])
            #expect(code == 0)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
            let listed = try #require(document["countdowns"] as? [[String: Any]])
            #expect(listed.compactMap { $0["title"] as? String } == ["From the browser", "From the terminal"])
        }
        #expect(try await store.all().count == 2)
    }
}
