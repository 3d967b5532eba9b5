import AirdateTestSupport
import Foundation
import Testing
@testable import AirdateCore

/// Seeded random extreme inputs: nothing in CalendarDay (and the day arithmetic under it) traps; the
/// checked forms throw ``CalendarDayError/Code/outOfRange`` exactly when the result would leave 0001…9999.
@Suite(.heavy) struct CalendarDayExtremeInputTests {
    static let extremes = [Int.min, Int.min + 1, -3_652_059, -719_163, -719_162, -1, 0, 1, 12, 13, 28, 29, 31, 32, 9_999, 10_000,
                           2_932_896, 2_932_897, 3_652_059, Int.max - 1, Int.max]

    static func value(_ random: inout SeededGenerator) -> Int {
        Bool.random(using: &random) ? (extremes.randomElement(using: &random) ?? 0) : Int.random(in: Int.min...Int.max, using: &random)
    }

    @Test func dayArithmeticNeverTraps() throws {
        var random = SeededGenerator(seed: 0xDA7)
        let supported = CalendarDay.earliest...CalendarDay.latest
        var cases = 0
        for _ in 0..<20_000 {
            let a = Self.value(&random), b = Self.value(&random)
            let day = CalendarDay(daysSince1970: a)
            #expect(supported.contains(day))
            let checked = try? CalendarDay(checkedDaysSince1970: a)
            #expect((checked != nil) == CalendarDay.supportedDayNumbers.contains(a))
            let later = day.adding(days: b)
            #expect(supported.contains(later))
            let (sum, overflow) = day.daysSince1970.addingReportingOverflow(b)
            if !overflow, CalendarDay.supportedDayNumbers.contains(sum) {
                #expect(try day.checkedAdding(days: b) == later)
                #expect(day.days(to: later) == b)
            } else {
                #expect(throws: CalendarDayError.self) { try day.checkedAdding(days: b) }
            }
            #expect(supported.contains(day.adding(months: b)))
            #expect(supported.contains(day.adding(years: b)))
            if let months = try? day.checkedAdding(months: b) { #expect(months == day.adding(months: b)) }
            #expect((try? CalendarDay(year: a, month: b, day: Self.value(&random))) == nil
                    || ((1...9999).contains(a) && (1...12).contains(b)))
            let instant = Date(timeIntervalSince1970: Double(a) * (Bool.random(using: &random) ? 1 : 1e9))
            #expect(supported.contains(CalendarDay(containing: instant, in: .gmt)))
            #expect(supported.contains(LocalDateTime(containing: instant, in: TimeZone(secondsFromGMT: 50_400) ?? .gmt).day))
            cases += 1
        }
        for instant in [Date.distantPast, .distantFuture, Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: .infinity),
                        Date(timeIntervalSince1970: -.infinity), Date(timeIntervalSince1970: 1e300), Date(timeIntervalSince1970: -1e300)] {
            #expect(supported.contains(CalendarDay(containing: instant, in: .gmt)))
            _ = LocalDateTime(containing: instant, in: .gmt).description
        }
        let slot = BroadcastSlot(weekday: .sunday, time: .midnight, timeZone: .gmt)
        #expect(CalendarDay(containing: slot.broadcast(Int.max, after: Date(timeIntervalSince1970: 0)), in: .gmt) == .latest)
        #expect(CalendarDay.latest.adding(days: 1) == .latest)
        #expect(CalendarDay.earliest.adding(days: -1) == .earliest)
        #expect(throws: CalendarDayError.outOfRange("9999-12-31 plus 1 days")) { try CalendarDay.latest.checkedAdding(days: 1) }
        print("CalendarDayExtremeInputTests: \(cases) random cases")
    }

    @Test func parsingRefusesAnyText() {
        var random = SeededGenerator(seed: 0x7E47)
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &random)
            let text = String((0..<length).map { _ in "0123456789-x9 é".randomElement(using: &random) ?? "0" })
            if let day = CalendarDay(text) { #expect(day.description == text) }
        }
        #expect(CalendarDay(String(repeating: "9", count: 1_000_000)) == nil)
        #expect(CalendarDay("") == nil)
        #expect(CalendarDay("0000-01-01") == nil)
        #expect(CalendarDay("9999-12-31") == .latest)
    }

    @Test func calendarsOfEventsAtTheEndsOfTimeAreWritten() {
        let zone = TimeZone(identifier: "Europe/Paris") ?? .gmt
        let calendar = ICalendar(productIdentifier: "p", events: [
            ICalendarEvent(uid: "first", timestamp: Date(timeIntervalSince1970: 0), summary: "x",
                           timing: .timed(start: CalendarDay.earliest.start(in: zone), end: nil, timeZone: zone),
                           recurrence: RecurrenceRule(frequency: .daily, interval: Int.max, byMonth: [Int.min, 13],
                                                      byMonthDay: [Int.max, 0], bySetPosition: [Int.min], end: .afterOccurrences(Int.min))),
            ICalendarEvent(uid: "last", timestamp: .distantFuture, summary: "y",
                           timing: .timed(start: CalendarDay.latest.start(in: zone), end: .distantFuture, timeZone: zone),
                           alarms: [.seconds(Int64.max), .seconds(Int64.min)]),
        ])
        #expect(calendar.contentLines.contains("RRULE:FREQ=DAILY;INTERVAL=\(Int.max);COUNT=1"))
        #expect(calendar.text.contains("END:VCALENDAR"))
    }
}
