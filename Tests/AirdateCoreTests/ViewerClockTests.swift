import AirdateCore
import Clocks
import Foundation
import Testing

@Suite("ViewerClock")
struct ViewerClockTests {
    static let start = Date(timeIntervalSince1970: 1_732_406_400)  // 2024-11-24T00:00:00Z
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    @Test("a clock built on a test clock moves when the test clock advances, and wakes its sleepers")
    func followsTestClock() async throws {
        let testClock = TestClock()
        let clock = ViewerClock(clock: testClock, startingAt: Self.start, timeZone: .gmt)
        #expect(clock.now == Self.start)
        let woke = Task { try await clock.sleep(until: Self.start.addingTimeInterval(90)); return clock.now }
        await testClock.advance(by: .seconds(60))
        #expect(clock.now == Self.start.addingTimeInterval(60))
        await testClock.advance(by: .seconds(30))
        #expect(try await woke.value == Self.start.addingTimeInterval(90))
    }

    @Test("today, this week and the calendar are seen from the clock's time zone")
    func zoneDecidesTheDay() throws {
        let late = Self.start.addingTimeInterval(-3_600)  // 23:00 UTC on Saturday the 23rd = Sunday 08:00 in Tokyo
        let utc = ViewerClock.fixed(at: late, timeZone: .gmt)
        let tokyo = utc.inTimeZone(Self.tokyo)
        #expect(utc.today == (try CalendarDay(parsing: "2024-11-23")))
        #expect(tokyo.today == (try CalendarDay(parsing: "2024-11-24")))
        #expect(tokyo.thisWeek.firstDay == (try CalendarDay(parsing: "2024-11-18")))
        #expect(ViewerClock.fixed(at: late, timeZone: Self.tokyo, firstWeekday: .sunday).thisWeek.firstDay
                == (try CalendarDay(parsing: "2024-11-24")))
        #expect(tokyo.calendar.timeZone == Self.tokyo)
    }

    @Test("a fixed clock never moves; frozen() stops a moving clock at its current instant")
    func fixedAndFrozen() async throws {
        let fixed = ViewerClock.fixed(at: Self.start, timeZone: .gmt)
        try await fixed.sleep(until: Self.start.addingTimeInterval(-1))  // the past returns at once
        #expect(fixed.now == Self.start)
        let testClock = TestClock()
        let moving = ViewerClock(clock: testClock, startingAt: Self.start, timeZone: .gmt)
        let frozen = moving.frozen()
        await testClock.advance(by: .seconds(10))
        #expect(moving.now == Self.start.addingTimeInterval(10))
        #expect(frozen.now == Self.start)
        let waiting = Task { try await fixed.sleep(until: Self.start.addingTimeInterval(1)) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
    }
}
