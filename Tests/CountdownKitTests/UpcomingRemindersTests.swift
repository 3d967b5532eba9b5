import AirdateCore
import Clocks
import Foundation
import Testing
@testable import CountdownKit

/// Issue 30 part 5 and issue 27: the public list of upcoming reminders an app hands to a notification
/// scheduler, and that it agrees with what ``ReminderScheduler`` fires live.
@Suite(.timeLimit(.minutes(10))) struct UpcomingRemindersTests {
    let start = Fixture.instant("2024-03-10T12:00:00Z")

    private func sample() throws -> [Countdown] {
        [
            Fixture.countdown(1, "Premiere", .instant(start.addingTimeInterval(7200), .gmt)),
            Fixture.countdown(2, "Passed", .instant(start.addingTimeInterval(-60), .gmt)),
            Fixture.countdown(3, "Daily", .instant(start.addingTimeInterval(1800), .gmt),
                              recurrence: try Recurrence(.everyDays(1), anchor: Fixture.day("2024-03-10"))),
            Fixture.countdown(4, "Archived", .instant(start.addingTimeInterval(600), .gmt), archived: start),
            Fixture.countdown(5, "Con", .allDay(Fixture.day("2024-03-12"))),
        ]
    }

    @Test("listed in firing order, every occurrence of a repeat, leads before due, none for passed or archived ones")
    func listsInFiringOrder() throws {
        let reminders = try CountdownReminder.upcoming(for: try sample(), at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"),
                                              leadTimes: [.seconds(3600)])
        let listed = reminders.map { "\($0.countdown.title) \($0.kind == .due ? "due" : "ahead") \(ISO8601Instant(date: $0.fireDate))" }
        #expect(listed == [
            // Daily at 12:30: its 11:30 lead has passed on the 10th.
            "Daily due 2024-03-10T12:30:00Z",
            "Premiere ahead 2024-03-10T13:00:00Z",
            "Premiere due 2024-03-10T14:00:00Z",
            "Daily ahead 2024-03-11T11:30:00Z",
            "Daily due 2024-03-11T12:30:00Z",
            "Con ahead 2024-03-11T23:00:00Z",
            "Con due 2024-03-12T00:00:00Z",
            "Daily ahead 2024-03-12T11:30:00Z",
            "Daily due 2024-03-12T12:30:00Z",
        ], "\(listed)")
        // Each carries the occurrence it is about, and a stable identifier for a notification request.
        let daily = reminders.filter { $0.countdown.title == "Daily" }
        #expect(daily.map(\.countdown.target.ownDay) == [Fixture.day("2024-03-10"), Fixture.day("2024-03-11"),
                                                          Fixture.day("2024-03-11"), Fixture.day("2024-03-12"), Fixture.day("2024-03-12")])
        #expect(Set(reminders.map(\.id)).count == reminders.count, "identifiers are unique")
        let again = try CountdownReminder.upcoming(for: try sample().reversed(), at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"),
                                          leadTimes: [.seconds(3600)])
        #expect(Set(again.map(\.id)) == Set(reminders.map(\.id)), "the same identifiers whatever the order given")
        #expect(reminders.first?.id == "00000000-0000-0000-0000-000000000003/2024-03-10/0")
    }

    @Test("the limit keeps the earliest; an all-day target starts in the zone given; the range is bounded")
    func limitsZonesAndBounds() throws {
        let first3 = try CountdownReminder.upcoming(for: try sample(), at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"),
                                           leadTimes: [.seconds(3600)], limit: 3)
        #expect(first3.map(\.countdown.title) == ["Daily", "Premiere", "Premiere"])
        #expect(try CountdownReminder.upcoming(for: try sample(), at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"), limit: 0).isEmpty)
        let tokyo = Fixture.zone("Asia/Tokyo")
        let con = try CountdownReminder.upcoming(for: [try sample()[4]], at: .fixed(at: start, timeZone: tokyo), through: Fixture.day("2024-03-12"))
        #expect(con.map(\.fireDate) == [Fixture.instant("2024-03-11T15:00:00Z")], "midnight in Tokyo")
        // A day before now lists nothing; out-of-range values are refused, not trapped on.
        #expect(try CountdownReminder.upcoming(for: try sample(), at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-01")).isEmpty)
        #expect(throws: CountdownError.self) {
            try CountdownReminder.upcoming(for: [], at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"), leadTimes: [.seconds(-5)])
        }
        #expect(throws: CountdownError.self) {
            try CountdownReminder.upcoming(for: [], at: .fixed(at: start, timeZone: .gmt), through: .latest)
        }
        #expect(throws: CountdownError.self) {
            try CountdownReminder.upcoming(for: [], at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-12"), limit: -1)
        }
        // A daily repeat over the longest range lists one a day, and no more than the limit.
        let year = try CountdownReminder.upcoming(for: [try sample()[2]], at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-10").adding(days: CountdownFilter.maximumDays - 1), limit: 500)
        #expect(year.count == 500)
    }

    @Test("followed countdowns the catalog no longer schedules have no reminders")
    func unscheduledHaveNone() throws {
        let show = FollowedShow(catalog: .tvmaze, showID: 82, event: .nextEpisode, showName: "Game of Thrones")
        var countdown = try Countdown.following(show, schedule: ShowSchedule(target: .instant(start.addingTimeInterval(600), .gmt)),
                                                placeholder: .allDay(Fixture.day("2024-12-31")), created: start)
        #expect(try CountdownReminder.upcoming(for: [countdown], at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-10")).count == 1)
        countdown.follow(ShowSchedule(target: nil), noticedAt: start)
        #expect(try CountdownReminder.upcoming(for: [countdown], at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-10")).isEmpty)
    }

    @Test("the live scheduler fires exactly what the list said, in the same order")
    func schedulerAgrees() async throws {
        let countdowns = try sample()
        let listed = try CountdownReminder.upcoming(for: countdowns, at: .fixed(at: start, timeZone: .gmt), through: Fixture.day("2024-03-11"),
                                           leadTimes: [.seconds(3600)])
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt), leadTimes: [.seconds(3600)])
        var reminders = scheduler.reminders.makeAsyncIterator()
        await scheduler.update(countdowns)
        // Through the end of the 11th (UTC), one second past each listed instant (a timer task that
        // registers its sleep after an advance then finds its deadline passed, and fires at once).
        var fired: [CountdownReminder] = []
        var reached = start
        for reminder in listed {
            let target = reminder.fireDate.addingTimeInterval(1)
            if target > reached {
                await clock.advance(by: .seconds(target.timeIntervalSince(reached)))
                reached = target
            }
            guard let next = await reminders.next() else { break }
            fired.append(next)
        }
        #expect(fired.map(\.id) == listed.map(\.id))
        #expect(fired.map(\.fireDate) == listed.map(\.fireDate))
        await scheduler.finish()
    }
}

@Suite struct TagCountSortTests {
    @Test("sort by number of tags, both ways, ties by creation then the order given; parses as tag-count")
    func tagCount() throws {
        let items = [
            Fixture.countdown(1, "Two", .allDay(Fixture.day("2024-05-01")), tags: Fixture.tags("a", "b")),
            Fixture.countdown(2, "None", .allDay(Fixture.day("2024-04-01"))),
            Fixture.countdown(3, "Three", .allDay(Fixture.day("2024-06-01")), tags: Fixture.tags("a", "b", "c")),
            Fixture.countdown(4, "One", .allDay(Fixture.day("2024-03-01")), tags: Fixture.tags("z")),
            Fixture.countdown(5, "Two earlier", .allDay(Fixture.day("2024-02-01")), tags: Fixture.tags("x", "y")),
        ]
        let ascending = CountdownSort(.tagCount, .ascending).sorted(items, in: .gmt).map(\.title)
        #expect(ascending.first == "None" && ascending.last == "Three")
        #expect(ascending[1] == "One")
        #expect(Set(ascending[2...3]) == ["Two", "Two earlier"])
        let descending = CountdownSort(.tagCount, .descending).sorted(items, in: .gmt).map(\.title)
        #expect(descending.first == "Three" && descending.last == "None")
        #expect(CountdownSort("tag-count:desc") == CountdownSort(.tagCount, .descending))
        #expect(CountdownSort("TAG-COUNT") == CountdownSort(.tagCount, .ascending))
        #expect(CountdownSort(.tagCount, .descending).description == "tag-count:desc")
        #expect(CountdownSort("tagcount") == nil)
        // The store sorts the same way.
        #expect(CountdownSort.Key.allCases.contains(.tagCount))
    }
}

/// Issue 28, class 12: a ticking clock never shows 00:00:00 with time left, nor a signed zero.
@Suite struct TickingClockTests {
    @Test("whole seconds round up while ahead and down once passed; the clock text is never signed",
          arguments: [(0.4, 1, "00:00:01"), (1.0, 1, "00:00:01"), (59.999, 60, "00:01:00"), (86_400.5, 86_401, "1d 00:00:01"),
                      (-0.4, 0, "00:00:00"), (-1.6, -1, "00:00:01"), (-90_061.0, -90_061, "1d 01:01:01")])
    func rounding(ahead: Double, total: Int, text: String) {
        let now = Fixture.instant("2026-11-26T12:00:00Z")
        let remaining = TimeRemaining(to: .instant(now.addingTimeInterval(ahead), .gmt), at: .fixed(at: now, timeZone: .gmt))
        #expect(remaining.totalSeconds == total)
        #expect(remaining.clockText == text)
        #expect(!remaining.clockText.contains("-"))
        #expect(remaining.isPast == (ahead < 0))
    }
}
