import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

/// A small RFC 5545 RRULE expander written for the tests, independent of CountdownKit and of
/// `CalendarDay` arithmetic: dates come from Foundation's Gregorian calendar. It knows FREQ
/// (YEARLY, MONTHLY, WEEKLY, DAILY), INTERVAL, BYMONTH, BYMONTHDAY (negative from the month's end),
/// BYDAY (plain weekdays, for WEEKLY) and BYSETPOS, with WKST=MO — the parts of RFC 5545 §3.3.10
/// the exports use — and expands all-day (`VALUE=DATE`) and local (`TZID`) starts by their date.
struct RRuleExpander {
    let frequency: String
    let interval: Int
    let byMonth: [Int]
    let byMonthDay: [Int]
    let byDay: [Int]  // Foundation weekday numbers, Sunday = 1
    let bySetPosition: [Int]

    init?(_ text: String) {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2 else { return nil }
            parts[pair[0]] = pair[1]
        }
        guard let frequency = parts["FREQ"] else { return nil }
        func numbers(_ key: String) -> [Int] { parts[key].map { $0.split(separator: ",").compactMap { Int($0) } } ?? [] }
        let codes = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]
        self.frequency = frequency
        interval = Int(parts["INTERVAL"] ?? "1") ?? 1
        byMonth = numbers("BYMONTH")
        byMonthDay = numbers("BYMONTHDAY")
        byDay = parts["BYDAY"].map { $0.split(separator: ",").compactMap { codes[String($0)] } } ?? []
        bySetPosition = numbers("BYSETPOS")
    }

    static var gregorian: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        calendar.firstWeekday = 2
        return calendar
    }

    /// `(year, month, day)` triples of every occurrence from `start` through `last`.
    func expand(start: DateComponents, through last: DateComponents) -> [DateComponents] {
        let calendar = Self.gregorian
        guard let startDate = calendar.date(from: start), let lastDate = calendar.date(from: last) else { return [] }
        func days(inMonth month: Int, year: Int) -> Int {
            guard let date = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let range = calendar.range(of: .day, in: .month, for: date) else { return 0 }
            return range.count
        }
        func date(_ year: Int, _ month: Int, _ day: Int) -> Date? {
            guard day >= 1, day <= days(inMonth: month, year: year) else { return nil }
            return calendar.date(from: DateComponents(year: year, month: month, day: day))
        }
        func monthDays(_ year: Int, _ month: Int) -> [Date] {
            let count = days(inMonth: month, year: year)
            let wanted = byMonthDay.isEmpty ? [start.day ?? 1] : byMonthDay
            return wanted.compactMap { $0 > 0 ? date(year, month, $0) : date(year, month, count + 1 + $0) }
        }
        var result: [Date] = []
        var period = 0
        while true {
            var set: [Date] = []
            switch frequency {
            case "YEARLY":
                let year = (start.year ?? 1) + period * interval
                if year > (last.year ?? 0) { return finish(result, startDate, lastDate) }
                for month in byMonth.isEmpty ? [start.month ?? 1] : byMonth { set += monthDays(year, month) }
            case "MONTHLY":
                let index = (start.month ?? 1) - 1 + period * interval
                let year = (start.year ?? 1) + index / 12, month = index % 12 + 1
                if year > (last.year ?? 0) { return finish(result, startDate, lastDate) }
                set = monthDays(year, month)
            case "WEEKLY":
                guard let week = calendar.dateInterval(of: .weekOfYear, for: startDate)?.start,
                      let first = calendar.date(byAdding: .day, value: 7 * period * interval, to: week) else { return [] }
                if first > lastDate { return finish(result, startDate, lastDate) }
                let wanted = byDay.isEmpty ? [calendar.component(.weekday, from: startDate)] : byDay
                set = (0..<7).compactMap { calendar.date(byAdding: .day, value: $0, to: first) }
                    .filter { wanted.contains(calendar.component(.weekday, from: $0)) }
            case "DAILY":
                guard let day = calendar.date(byAdding: .day, value: period * interval, to: startDate) else { return [] }
                if day > lastDate { return finish(result, startDate, lastDate) }
                set = [day]
            default:
                return []
            }
            set.sort()
            if !bySetPosition.isEmpty {
                set = bySetPosition.compactMap { position in
                    let index = position > 0 ? position - 1 : set.count + position
                    return set.indices.contains(index) ? set[index] : nil
                }.sorted()
            }
            result += set
            period += 1
        }
    }

    private func finish(_ dates: [Date], _ start: Date, _ last: Date) -> [DateComponents] {
        let calendar = Self.gregorian
        return dates.filter { $0 >= start && $0 <= last }.map { calendar.dateComponents([.year, .month, .day], from: $0) }
    }
}

@Suite struct RecurrenceCalendarAgreementTests {
    /// The DTSTART date and RRULE of the one event of an exported calendar.
    static func exported(_ countdown: Countdown) throws -> (start: DateComponents, rule: String) {
        let text = ICalendar(countdowns: [countdown], timestamp: Fixture.base).contentLines
        let event = text.drop { $0 != "BEGIN:VEVENT" }
        let start = try #require(event.first { $0.hasPrefix("DTSTART") })
        let rule = try #require(event.first { $0.hasPrefix("RRULE:") })
        let value = try #require(start.split(separator: ":").last)
        let digits = Array(value.prefix(8))
        let year = Int(String(digits[0..<4])), month = Int(String(digits[4..<6])), day = Int(String(digits[6..<8]))
        return (DateComponents(year: year, month: month, day: day), String(rule.dropFirst(6)))
    }

    static let cases: [(String, CountdownTarget, Recurrence.Frequency)] = [
        ("the 31st monthly", .allDay(Fixture.day("2024-01-31")), .monthly),
        ("the 30th monthly", .allDay(Fixture.day("2025-08-30")), .monthly),
        ("the 29th monthly, timed", .instant(Fixture.instant("2025-01-29T19:00:00Z"), Fixture.zone("Europe/Paris")), .monthly),
        ("the 15th monthly", .allDay(Fixture.day("2024-05-15")), .monthly),
        ("last day monthly", .allDay(Fixture.day("2023-02-28")), .monthlyOnLastDay),
        ("29 February yearly", .allDay(Fixture.day("2024-02-29")), .yearly),
        ("29 February yearly, timed", .instant(Fixture.instant("2028-02-29T23:30:00Z"), Fixture.zone("Asia/Tokyo")), .yearly),
        ("10 March yearly", .allDay(Fixture.day("2024-03-10")), .yearly),
        ("weekly", .allDay(Fixture.day("2024-03-07")), .weekly),
        ("Mon, Wed, Sat", .allDay(Fixture.day("2024-03-07")), .weeklyOn([.monday, .wednesday, .saturday])),
        ("Sundays and Fridays", .instant(Fixture.instant("2024-10-26T18:00:00Z"), Fixture.zone("America/New_York")),
         .weeklyOn([.sunday, .friday])),
        ("daily", .allDay(Fixture.day("2024-02-27")), .everyDays(1)),
        ("every 10 days", .allDay(Fixture.day("2024-02-20")), .everyDays(10)),
        ("every 45 days", .allDay(Fixture.day("2023-12-31")), .everyDays(45)),
    ]

    @Test(arguments: 0..<cases.count)
    func theCalendarsExpansionIsTheAppsOccurrences(_ index: Int) throws {
        let (name, target, frequency) = Self.cases[index]
        let anchor = target.ownDay
        let countdown = Fixture.countdown(1, name, target, recurrence: try Recurrence(frequency, anchor: anchor))
        let (start, rule) = try Self.exported(countdown)
        let expander = try #require(RRuleExpander(rule), "\(name): \(rule)")
        let last = Fixture.day("2036-12-31")
        let calendar = expander.expand(start: start, through: DateComponents(year: 2036, month: 12, day: 31))
            .map { String(format: "%04d-%02d-%02d", $0.year ?? 0, $0.month ?? 0, $0.day ?? 0) }
        let recurrence = try #require(countdown.recurrence)
        var app: [String] = []
        var n = 0
        while let day = recurrence.occurrence(n), day <= last {
            app.append(day.description)
            n += 1
        }
        #expect(calendar == app, "\(name): \(rule)")
        #expect(app.count > 8)
    }

    @Test func monthEndAndLeapDayRulesAreTheOnesCalendarsNeed() throws {
        let monthEnd = try Recurrence(.monthly, anchor: Fixture.day("2026-01-31"))
        #expect(monthEnd.rule.text == "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")
        #expect(monthEnd.occurrence(10) == Fixture.day("2026-11-30"))
        let leap = try Recurrence(.yearly, anchor: Fixture.day("2024-02-29"))
        #expect(leap.rule.text == "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1")
        #expect(leap.occurrence(1) == Fixture.day("2025-02-28"))
        #expect(try Recurrence(.weeklyOn([.saturday, .monday]), anchor: Fixture.day("2024-03-07")).rule.text == "FREQ=WEEKLY;BYDAY=MO,SA")
        #expect(try Recurrence(.everyDays(3), anchor: Fixture.day("2024-03-07")).rule.text == "FREQ=DAILY;INTERVAL=3")
        #expect(Recurrence.Frequency("weekly:mon,sat") == .weeklyOn([.monday, .saturday]))
        #expect(Recurrence.Frequency.weeklyOn([.saturday, .monday]).description == "weekly:mon,sat")
    }

    @Test func aWeeklyStartOffItsDaysIsExportedAtItsFirstOccurrence() throws {
        // Thursday, repeating on Mondays and Saturdays: the first occurrence is Saturday the 9th.
        let countdown = Fixture.countdown(1, "x", .allDay(Fixture.day("2024-03-07")),
                                          recurrence: try Recurrence(.weeklyOn([.monday, .saturday]), anchor: Fixture.day("2024-03-07")))
        let (start, _) = try Self.exported(countdown)
        #expect(start == DateComponents(year: 2024, month: 3, day: 9))
    }
}
