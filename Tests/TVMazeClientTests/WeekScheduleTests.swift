import AirdateCore
import AirdateHTTP
import AirdateTestServer
import Clocks
import Foundation
import Testing
import TVMazeClient

@Suite("WeekSchedule service", .timeLimit(.minutes(10)))
struct WeekScheduleTests {
    static let newYork = TimeZone(identifier: "America/New_York") ?? .gmt

    /// A client of `server` without retries (the service retries) and, optionally, without cache.
    static func client(_ server: FixtureServer, cache: Bool = true, paced: Bool = true) async -> TVMaze {
        var configuration = TVMaze.configuration(baseURL: await server.baseURL)
        configuration.retry = .none
        configuration.useLoopbackTestTimeouts()
        if !cache { configuration.cacheCapacity = 0 }
        // Two weeks are 36 requests: unpaced, so the test does not wait out TVMaze's 20 per 10 s.
        if !paced { configuration.rateLimits = [] }
        return TVMaze(configuration: configuration)
    }

    static func date(_ text: String) throws -> Date {
        try #require(ISO8601Instant(text)?.date)
    }

    static func day(_ text: String) throws -> CalendarDay {
        try #require(CalendarDay(text))
    }

    @Test("groups by the airstamp's day in the zone, sorted, within Monday–Sunday")
    func groupsByAirstamp() async throws {
        try await withTVMaze { _, server in
            let service = WeekSchedule(
                client: await Self.client(server),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
            )
            let listing = try await service.refresh()
            #expect(listing.week.firstDay == (try Self.day("2019-07-15")))
            #expect(listing.days.map(\.day.description) == [
                "2019-07-15", "2019-07-16", "2019-07-17", "2019-07-18", "2019-07-19", "2019-07-20", "2019-07-21",
            ])
            // The snapshot holds 50, 51, 47, 19, 15, 5 and 53 airings (New York days) for July 15 to 21;
            // July 14's all start on Sunday, before the week.
            #expect(listing.airings.count == 240)
            #expect(listing.days.map(\.airings.count) == [50, 51, 47, 19, 15, 5, 53])
            for scheduleDay in listing.days {
                let starts = scheduleDay.airings.compactMap(\.airstamp)
                #expect(starts == starts.sorted())
                #expect(starts.allSatisfy { CalendarDay(containing: $0, in: Self.newYork) == scheduleDay.day })
            }
            // Late Night (airdate July 15, 00:37) starts on Tuesday July 16, not on Monday.
            let tuesday = listing.days[1].airings
            let lateNight = try #require(tuesday.first { $0.show?.name == "Late Night with Seth Meyers" && $0.airdate == CalendarDay("2019-07-15") })
            #expect(lateNight.airtime == TimeOfDay("00:37"))
            #expect(!listing.days[0].airings.contains { $0.id == lateNight.id })
        }
    }

    @Test("refresh(week:) loads any week, in its own zone, whatever the clock says; start(week:) follows it without rolling over")
    func anyWeek() async throws {
        try await withTVMaze { _, server in
            // The clock is years after the recorded week, in another zone.
            let clock = ViewerClock(clock: TestClock(), startingAt: try Self.date("2026-03-04T09:00:00+09:00"),
                                    timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
            let service = WeekSchedule(client: await Self.client(server), clock: clock)
            let recorded = Week(containing: try Self.day("2019-07-17"), firstWeekday: .monday, in: Self.newYork)
            let listing = try await service.refresh(week: recorded)
            #expect(listing.week == recorded)
            #expect(listing.days.map(\.airings.count) == [50, 51, 47, 19, 15, 5, 53], "grouped by New York days, as the week says")
            #expect(await service.currentWeek.firstDay == (try Self.day("2026-03-02")), "the clock's week is untouched")

            let follower = WeekSchedule(client: await Self.client(server), clock: clock)
            let updates = await follower.updates()
            await follower.start(week: recorded)
            var listed: WeekListing?
            for await update in updates {
                if case .listing(let week) = update { listed = week; break }
            }
            #expect(listed?.week == recorded && listed?.airings.count == 240)
            #expect(await follower.listing?.week.firstDay == (try Self.day("2019-07-15")))
            await follower.stop()
        }
    }

    @Test("the same week in Los Angeles files the 00:37 New York airing on Monday evening")
    func timeZoneMatters() async throws {
        try await withTVMaze { _, server in
            let losAngeles = try #require(TimeZone(identifier: "America/Los_Angeles"))
            let service = WeekSchedule(
                client: await Self.client(server),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-07:00"), timeZone: losAngeles)
            )
            let listing = try await service.refresh()
            let monday = listing.days[0].airings
            #expect(monday.contains { $0.show?.name == "Late Night with Seth Meyers" && $0.airdate == CalendarDay("2019-07-15") })
        }
    }

    @Test("an airing served by two requests appears once")
    func noDuplicates() async throws {
        try await withTVMaze { _, server in
            // The web schedule of July 16 repeats the broadcast schedule of that day.
            await server.addRoute(FixtureRoute(request: "/schedule/web?date=2019-07-16&country=US", file: "schedule_US_2019-07-16.json"))
            let service = WeekSchedule(
                client: await Self.client(server),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
            )
            let listing = try await service.refresh()
            let ids = listing.airings.map(\.id)
            #expect(ids.count == Set(ids).count)
            #expect(ids.count == 240)
        }
    }

    @Test("every day is fetched with its date, broadcast and streaming, the day before and after included")
    func fetchesDayByDay() async throws {
        try await withTVMaze { _, server in
            let service = WeekSchedule(
                client: await Self.client(server),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
            )
            try await service.refresh()
            let requests = await server.requests.map(\.key)
            let broadcastDates = requests.filter { $0.path == "/schedule" }.flatMap(\.query).filter { $0.hasPrefix("date=") }
            #expect(broadcastDates == (14...22).map { "date=2019-07-\($0)" })
            #expect(requests.filter { $0.path == "/schedule/web" }.count == 9)
        }
    }

    @Test("filter by show, network or web channel name ignores case and diacritics")
    func filter() async throws {
        try await withTVMaze { _, server in
            let service = WeekSchedule(
                client: await Self.client(server),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
            )
            let listing = try await service.refresh()
            let fiance = listing.filtered(by: "FIANCE").airings.compactMap(\.show?.name)
            #expect(fiance == ["90 Day Fiancé: The Other Way", "90 Day Fiancé: Happily Ever After?", "90 Day Fiancé: Pillow Talk"])
            let wwe = Set(listing.filtered(by: "wwe network").airings.compactMap(\.show?.name))
            // RAW airs on USA Network and streams on WWE Network too.
            #expect(wwe == ["205 Live", "WWE NXT UK", "WWE NXT", "WWE Monday Night RAW"])
            let nbc = listing.filtered(by: "nbc").airings
            #expect(!nbc.isEmpty)
            #expect(nbc.allSatisfy { ($0.show?.network?.name ?? "").lowercased().contains("nbc") || $0.show?.name.lowercased().contains("nbc") == true })
            #expect(listing.filtered(by: "  ").airings.count == 240)
        }
    }

    @Test("details are fetched once and then served from the service's cache")
    func detailsCached() async throws {
        try await withTVMaze { _, server in
            let service = WeekSchedule(
                client: await Self.client(server, cache: false),
                clock: ViewerClock(clock: TestClock(), startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
            )
            let first = try await service.details(forShow: 1)
            let second = try await service.details(forShow: 1)
            #expect(first.show.name == "Under the Dome")
            #expect(first.cast.count == 3)
            #expect(first == second)
            #expect(await server.count(path: "/shows/1/cast") == 1)
            #expect(await server.count(path: "/shows/1") == 1)
        }
    }

    @Test("observers see progress, then the listing; at local midnight Sunday→Monday the next week loads")
    func weekRollover() async throws {
        try await withTVMaze { _, server in
            let clock = TestClock()
            // Sunday July 21, 23:30 in New York.
            let service = WeekSchedule(
                client: await Self.client(server, paced: false),
                clock: ViewerClock(clock: clock, startingAt: try Self.date("2019-07-21T23:30:00-04:00"), timeZone: Self.newYork)
            )
            let updates = await service.updates()
            await service.start()
            var iterator = updates.makeAsyncIterator()
            var progress: [(Int, Int)] = []
            var firstWeek: WeekListing?
            while firstWeek == nil, let update = await iterator.next() {
                switch update {
                case .progress(let loaded, let total): progress.append((loaded, total))
                case .listing(let listing): firstWeek = listing
                case .failed(let error, _): Issue.record("unexpected failure \(error)")
                }
            }
            #expect(firstWeek?.week.firstDay == (try Self.day("2019-07-15")))
            #expect(progress.first.map { [$0.0, $0.1] } == [0, 18])
            #expect(progress.last.map { [$0.0, $0.1] } == [18, 18])

            // The service sleeps until midnight once it has delivered the week; advancing before that
            // sleep began would leave it asleep at exactly the new instant, which a test clock never ends.
            try await clock.waitForSleeper()
            await clock.advance(by: .seconds(29 * 60))  // 23:59: still the same week
            try await clock.waitForSleeper()
            await clock.advance(by: .seconds(60))       // Monday 00:00
            var nextWeek: WeekListing?
            while nextWeek == nil, let update = await iterator.next() {
                if case .listing(let listing) = update { nextWeek = listing }
            }
            #expect(nextWeek?.week.firstDay == (try Self.day("2019-07-22")))
            #expect(nextWeek?.airings.isEmpty == true)  // not in the snapshot
            let dates = await server.requests.filter { $0.key.path == "/schedule" }.flatMap(\.key.query)
            #expect(dates.contains("date=2019-07-29"))
            await service.stop()
        }
    }

    @Test("offline: failures reach observers, back-off doubles, and the service recovers when the server returns")
    func offlineRetries() async throws {
        // Find a free port, then leave it unserved: requests fail to connect.
        let probe = try FixtureServer(fixtures: nil)
        try await probe.start()
        let baseURL = await probe.baseURL
        await probe.stop()
        let port = try #require(baseURL.port.flatMap { UInt16(exactly: $0) })

        var configuration = TVMaze.configuration(baseURL: baseURL)
        configuration.retry = .none
        let clock = TestClock()
        let service = WeekSchedule(
            client: TVMaze(configuration: configuration),
            configuration: .init(retryDelay: .seconds(5)),
            clock: ViewerClock(clock: clock, startingAt: try Self.date("2019-07-17T12:00:00-04:00"), timeZone: Self.newYork)
        )
        let updates = await service.updates()
        await service.start()
        var iterator = updates.makeAsyncIterator()

        func nextFailureOrListing() async -> WeekScheduleUpdate? {
            while let update = await iterator.next() {
                if case .progress = update { continue }
                return update
            }
            return nil
        }

        guard case .failed(let error, let wait) = await nextFailureOrListing() else {
            Issue.record("expected a failure while offline")
            return
        }
        guard error.code == .transport else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(wait == .seconds(5))
        try await clock.waitForSleeper()
        await clock.advance(by: .seconds(5))
        guard case .failed(_, let secondWait) = await nextFailureOrListing() else {
            Issue.record("expected a second failure while offline")
            return
        }
        #expect(secondWait == .seconds(10))

        // Back online on the same port.
        let server = try FixtureServer(fixtures: TestData.tvmazeFixtures, port: port)
        try await server.start()
        try await clock.waitForSleeper()
        await clock.advance(by: .seconds(10))
        guard case .listing(let listing) = await nextFailureOrListing() else {
            Issue.record("expected a listing once online")
            await server.stop()
            return
        }
        #expect(listing.airings.count == 240)
        await service.stop()
        await server.stop()
    }
}

extension TestClock<Duration> {
    /// Waits until code under test sleeps on this clock, so that an advance cannot come before the
    /// sleep it is meant to end (on a busy machine the service reaches its sleep late). The 120 s
    /// bound only catches a hang.
    func waitForSleeper(within limit: Duration = .seconds(120)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            do { try await checkSuspension() } catch { return }  // throws once something sleeps
            try await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("nothing slept on the test clock within \(limit)")
    }
}
