import AirdateTestSupport
import AirdateCore
import AirdateHTTP
import AirdateTestServer
import AnimePlanner
import AnimePlannerJikan
import Foundation
import JikanClient
import Testing

/// Jikan's airing schedule as this week's broadcasts in a viewer's zone (issue 37), over a loopback
/// server of `Fixtures/jikan/` (all seven of Japan's weekdays, recorded in November 2022).
@Suite("Anime airing schedule: Jikan's /schedules in the viewer's week", .serialized)
struct AiringScheduleTests {
    /// A Jikan client of a loopback server over `folder`.
    private func withJikan<T>(_ folder: URL = TestPaths.fixtures("jikan"), _ body: (Jikan) async throws -> T) async throws -> T {
        let server = try FixtureServer(fixtures: folder)
        try await server.start()
        var configuration = Jikan.configuration(baseURL: await server.baseURL, rateLimits: [RateLimit(limit: 50, per: .milliseconds(100))])
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()
        do {
            let result = try await body(Jikan(configuration: configuration))
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// 2022-11-14 12:00 UTC, a Monday.
    private let monday = Date(timeIntervalSince1970: 1_668_427_200)
    private func zone(_ name: String) throws -> TimeZone { try TimeZone.named(name) }
    private func day(_ text: String) throws -> CalendarDay { try CalendarDay(parsing: text) }
    private func time(_ hour: Int, _ minute: Int) throws -> TimeOfDay { try TimeOfDay(hour: hour, minute: minute) }

    @Test("Paris: each anime once in the week, on the viewer's day at the viewer's time; before a premiere nothing")
    func paris() async throws {
        let paris = try zone("Europe/Paris")
        let schedule = try await withJikan { try await $0.airingSchedule(at: .fixed(at: monday, timeZone: paris)) }
        #expect(schedule.week.firstDay == (try day("2022-11-14")) && schedule.timeZone == paris)
        #expect(schedule.days.map(\.day) == schedule.week.days)
        let all = schedule.broadcasts
        // 34 anime listed; Boku to Roboko premieres 2022-12-05 and High Card 2022-11-19 (its Monday slot
        // this week is before it): 32 broadcasts, each anime once.
        #expect(all.count == 32 && Set(all.map(\.id)).count == 32)
        #expect(!all.contains { $0.id == 51940 || $0.id == 49154 })
        #expect(schedule.withoutSlot.isEmpty && schedule.incompleteDays.isEmpty)
        func find(_ id: Int) throws -> AnimeBroadcast { try #require(all.first { $0.id == id }, "\(id) is listed") }
        // Mondays 23:00 in Japan is Monday 15:00 in Paris (UTC+1 in November).
        let kamuy = try find(50528)
        #expect(kamuy.local == LocalDateTime(day: try day("2022-11-14"), time: try time(15, 0)))
        let eleven = try time(23, 0)
        #expect(kamuy.slot.weekday == .monday && kamuy.slot.time == eleven && kamuy.slot.timeZone.identifier == "Asia/Tokyo")
        #expect(kamuy.coverURL?.absoluteString == "https://cdn.myanimelist.net/images/anime/1855/128059l.jpg")
        #expect(kamuy.pageURL?.host == "myanimelist.net")
        #expect(kamuy.show.episodeCount == 13 && kamuy.show.id == 50528)
        // Wednesdays 00:00 in Japan is Tuesday in Paris; Sundays 00:00 is Saturday.
        #expect(try find(44511).local == LocalDateTime(day: try day("2022-11-15"), time: try time(16, 0)))
        #expect(try find(47917).local == LocalDateTime(day: try day("2022-11-19"), time: try time(16, 0)))
        // Mondays 01:15 in Japan: this Monday's is Sunday the 13th in Paris, before the week; next
        // Monday's is Sunday the 20th, in it.
        #expect(try find(50348).local == LocalDateTime(day: try day("2022-11-20"), time: try time(17, 15)))
        #expect(try find(50348).start == (try ISO8601Instant(parsing: "2022-11-20T16:15:00Z")).date)
        // Each day's broadcasts by start.
        for day in schedule.days {
            #expect(day.broadcasts.map(\.start) == day.broadcasts.map(\.start).sorted())
            #expect(day.broadcasts.allSatisfy { $0.local.day == day.day })
        }
    }

    @Test("New York: Japan's Wednesday 00:00 is Tuesday 10:00; the same anime as in Paris")
    func newYork() async throws {
        let newYork = try zone("America/New_York"), paris = try zone("Europe/Paris")
        let (here, there) = try await withJikan { jikan in
            (try await jikan.airingSchedule(at: .fixed(at: monday, timeZone: newYork)),
             try await jikan.airingSchedule(at: .fixed(at: monday, timeZone: paris)))
        }
        #expect(here.broadcasts.first { $0.id == 44511 }?.local == LocalDateTime(day: try day("2022-11-15"), time: try time(10, 0)))
        #expect(here.day(try day("2022-11-15"))?.broadcasts.contains { $0.title == "Chainsaw Man" } == true)
        // Another zone's week starts six hours later: the set of anime is the same, the instants may
        // be a week apart for a slot near the week's edge.
        #expect(Set(here.broadcasts.map(\.id)) == Set(there.broadcasts.map(\.id)))
    }

    @Test("A weekday split over two pages is read whole; a page that repeats itself marks the day incomplete")
    func pages() async throws {
        let folder = try copyOfFixtures()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Saturday's eight anime over two pages of four, as Jikan pages a long day.
        let saturday = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("schedules_filter-saturday_page-1.json"))) as? [String: Any]
        let items = try #require(saturday?["data"] as? [Any])
        func page(_ slice: ArraySlice<Any>, _ number: Int, hasNext: Bool) throws -> Data {
            try JSONSerialization.data(withJSONObject: [
                "pagination": ["last_visible_page": 2, "has_next_page": hasNext, "current_page": number,
                               "items": ["count": slice.count, "total": items.count, "per_page": 4]],
                "data": Array(slice)])
        }
        try page(items[0..<4], 1, hasNext: true).write(to: folder.appendingPathComponent("schedules_filter-saturday_page-1.json"))
        try page(items[4...], 2, hasNext: false).write(to: folder.appendingPathComponent("saturday-2.json"))
        try addRoute("/schedules?filter=saturday&page=2", file: "saturday-2.json", in: folder)
        let paris = try zone("Europe/Paris")
        let whole = try await withJikan(folder) { try await $0.airingSchedule(at: .fixed(at: monday, timeZone: paris)) }
        #expect(whole.broadcasts.count == 32 && whole.incompleteDays.isEmpty)
        #expect(whole.broadcasts.contains { $0.id == 50590 })   // the last of Saturday's second page

        // Page 2 repeats page 1 while saying more follow: Jikan's pagination bug; the day is incomplete.
        try page(items[0..<4], 2, hasNext: true).write(to: folder.appendingPathComponent("saturday-2.json"))
        let cut = try await withJikan(folder) { try await $0.airingSchedule(at: .fixed(at: monday, timeZone: paris)) }
        #expect(cut.incompleteDays == [.saturday])
        #expect(cut.broadcasts.count == 28)
    }

    @Test("A weekday Jikan cannot answer fails the call with the client's error")
    func failure() async throws {
        let folder = try copyOfFixtures()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Friday's answer taken out of the snapshot: the server answers 404, as Jikan does for a page it lacks.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("schedules_filter-friday_page-1.json"))
        let routesFile = folder.appendingPathComponent("routes.json")
        let routes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: routesFile)) as? [[String: Any]])
        let kept = routes.filter { ($0["request"] as? String)?.hasPrefix("/schedules?filter=friday") != true }
        #expect(kept.count == routes.count - 1)
        try JSONSerialization.data(withJSONObject: kept).write(to: routesFile)
        let error = await clientError {
            _ = try await self.withJikan(folder) { try await $0.airingSchedule(at: .fixed(at: self.monday, timeZone: .gmt)) }
        }
        #expect(error?.code == .notFound)
        #expect(error?.url?.contains("filter=friday") == true, "\(String(describing: error?.url))")
    }

    @Test("Laid out in a week with a clock change: each broadcast at its wall-clock time, a slot at the week's edges twice")
    func clockChange() throws {
        // New York's week of 31 October – 6 November 2022 is 169 hours long (the clocks go back on the 6th).
        let newYork = try zone("America/New_York")
        let week = Week(containing: try day("2022-11-02"), in: newYork)
        var edge = JikanAnime(malID: 1, title: "Edge")
        // Mondays 13:30 in Japan = Monday 00:30 in New York (EDT) on the 31st, and Sunday 23:30 (EST) on the 6th.
        edge.broadcast = JikanBroadcast(day: "Mondays", time: "13:30", timeZoneIdentifier: "Asia/Tokyo")
        var noSlot = JikanAnime(malID: 2, title: "No Slot")
        noSlot.broadcast = JikanBroadcast(day: "Mondays", time: nil, timeZoneIdentifier: "Asia/Tokyo")
        let schedule = AnimeAiringSchedule(anime: [edge, noSlot, edge], week: week, asOf: monday)
        #expect(schedule.broadcasts.map(\.local) == [
            LocalDateTime(day: try day("2022-10-31"), time: try time(0, 30)),
            LocalDateTime(day: try day("2022-11-06"), time: try time(23, 30)),
        ])
        #expect(schedule.withoutSlot.map(\.title) == ["No Slot"])
    }

    // MARK: Helpers

    private func copyOfFixtures() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("airdate-schedule-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestPaths.fixtures("jikan"), to: folder)
        return folder
    }

    private func addRoute(_ request: String, file: String, in folder: URL) throws {
        let url = folder.appendingPathComponent("routes.json")
        var routes = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]])
        routes.append(["request": request, "file": file])
        try JSONSerialization.data(withJSONObject: routes).write(to: url)
    }
}
