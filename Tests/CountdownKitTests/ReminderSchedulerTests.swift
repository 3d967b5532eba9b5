import AirdateTestSupport
import AirdateCore
import Clocks
import Foundation
import Testing
@testable import CountdownKit

/// The test clock resumes a sleeper registered *at* the current instant only on the next advance,
/// and the scheduler's timer task may register its sleep just after the test advances; so the tests
/// advance one second past each deadline.
@Suite(.timeLimit(.minutes(10))) struct ReminderSchedulerTests {
    let start = Fixture.instant("2024-03-10T12:00:00Z")

    private func at(_ seconds: Int, _ n: Int, _ title: String) -> Countdown {
        Fixture.countdown(n, title, .instant(start.addingTimeInterval(TimeInterval(seconds)), .gmt))
    }

    @Test func firesLeadTimesThenDue() async throws {
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt), leadTimes: [.seconds(600), .seconds(3600)])
        var reminders = scheduler.reminders.makeAsyncIterator()
        await scheduler.update([at(7200, 1, "Premiere"), at(-60, 2, "Already passed")])

        await clock.advance(by: .seconds(3601))
        let first = await reminders.next()
        #expect(first?.countdown.title == "Premiere")
        #expect(first?.kind == .ahead(.seconds(3600)))
        #expect(first?.fireDate == start.addingTimeInterval(3600))

        await clock.advance(by: .seconds(3000))
        let second = await reminders.next()
        #expect(second?.kind == .ahead(.seconds(600)))
        await clock.advance(by: .seconds(600))
        let due = await reminders.next()
        #expect(due?.kind == .due)
        #expect(due?.fireDate == start.addingTimeInterval(7200))
        #expect(await scheduler.now == start.addingTimeInterval(7201))
        await scheduler.finish()
        #expect(await reminders.next() == nil)
    }

    @Test func jumpingPastSeveralFiresThemInOrder() async throws {
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt), leadTimes: [.seconds(60)])
        var reminders = scheduler.reminders.makeAsyncIterator()
        await scheduler.update([at(300, 1, "B"), at(120, 2, "A")])
        await clock.advance(by: .seconds(1000))
        var seen: [String] = []
        for _ in 0..<4 {
            if let r = await reminders.next() { seen.append("\(r.countdown.title) \(r.kind == .due ? "due" : "ahead")") }
        }
        #expect(seen == ["A ahead", "A due", "B ahead", "B due"])
        await scheduler.finish()
    }

    @Test func followsEditsDeletesAndArchives() async throws {
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt))
        var reminders = scheduler.reminders.makeAsyncIterator()
        let moved = at(600, 1, "Moved")
        let deleted = at(700, 2, "Deleted")
        var archived = at(800, 3, "Archived")
        let sentinel = at(900, 4, "Sentinel")
        await scheduler.update([moved, deleted, archived, sentinel])

        // Edit: move "Moved" later; delete "Deleted"; archive "Archived".
        var edited = moved
        edited.target = .instant(start.addingTimeInterval(1200), .gmt)
        archived.archived = start
        await scheduler.update([edited, archived, sentinel])

        await clock.advance(by: .seconds(1000))
        let next = await reminders.next()
        #expect(next?.countdown.title == "Sentinel")  // nothing fired for the edited, deleted or archived ones
        await clock.advance(by: .seconds(201))
        let movedDue = await reminders.next()
        #expect(movedDue?.countdown.title == "Moved")
        #expect(movedDue?.fireDate == start.addingTimeInterval(1200))
        await scheduler.finish()
    }

    @Test func recurringCountdownsFireForEachOccurrence() async throws {
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt))
        var reminders = scheduler.reminders.makeAsyncIterator()
        let daily = Fixture.countdown(1, "Daily", .instant(start.addingTimeInterval(3600), .gmt),
                                      recurrence: try Recurrence(.everyDays(1), anchor: Fixture.day("2024-03-10")))
        await scheduler.update([daily])
        await clock.advance(by: .seconds(3601))
        let first = await reminders.next()
        #expect(first?.fireDate == start.addingTimeInterval(3600))
        await clock.advance(by: .seconds(86_400))
        let second = await reminders.next()
        #expect(second?.fireDate == start.addingTimeInterval(3600 + 86_400))
        #expect(second?.countdown.target == .instant(start.addingTimeInterval(3600 + 86_400), .gmt))
        await scheduler.finish()
    }

    @Test func followsAnAsyncSequenceOfSnapshots() async throws {
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt))
        var reminders = scheduler.reminders.makeAsyncIterator()
        let (snapshots, feed) = AsyncStream<[Countdown]>.makeStream()
        let following = Task { try await scheduler.follow(snapshots) }
        feed.yield([at(60, 1, "Soon")])
        feed.finish()
        _ = try? await following.value
        await clock.advance(by: .seconds(61))
        #expect(await reminders.next()?.countdown.title == "Soon")
        await scheduler.finish()
    }
}

@Suite(.timeLimit(.minutes(10))) struct ReminderStoreIntegrationTests {
    @Test func followsTheStoresObservation() async throws {
        let start = Fixture.instant("2024-03-10T12:00:00Z")
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let clock = TestClock()
        let scheduler = try ReminderScheduler(clock: ViewerClock(clock: clock, startingAt: start, timeZone: .gmt))
        var reminders = scheduler.reminders.makeAsyncIterator()
        let following = Task { try await scheduler.follow(store.observe()) }
        defer { following.cancel() }

        let doomed = Fixture.countdown(1, "Deleted before due", .instant(start.addingTimeInterval(60), .gmt))
        let kept = Fixture.countdown(2, "Kept", .instant(start.addingTimeInterval(120), .gmt))
        try await store.insert(contentsOf: [doomed, kept])
        try await store.delete(id: doomed.id)
        // Wait until the scheduler has seen the deletion through the observation (hang-bounded).
        let keptID = kept.id
        try await waitUntil("the scheduler to see the deletion through the store's observation", poll: .milliseconds(1)) {
            await scheduler.followedIDs == [keptID]
        }
        await clock.advance(by: .seconds(121))
        let first = await reminders.next()
        #expect(first?.countdown.title == "Kept")
        await scheduler.finish()
    }
}

@Suite struct ReminderLeadTimeTests {
    @Test func leadTimesOutsideTheRangeAreRefused() throws {
        let clock = ViewerClock.fixed(at: Fixture.base, timeZone: .gmt)
        for bad: Duration in [.zero, .seconds(-1), .seconds(Int64.max), .seconds(Int64.min), .seconds(366 * 86_400 + 1)] {
            #expect(throws: CountdownError.self) { try ReminderScheduler(clock: clock, leadTimes: [bad]) }
        }
        _ = try ReminderScheduler(clock: clock, leadTimes: [.seconds(1), .seconds(366 * 86_400)])
    }
}
