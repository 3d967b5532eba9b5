import Foundation
import Testing
@testable import AirdateCore

private func day(_ text: String) -> CalendarDay {
    guard let value = CalendarDay(text) else {
        Issue.record("bad test day \(text)")
        return CalendarDay(daysSince1970: 0)
    }
    return value
}

private func zone(_ identifier: String) throws -> TimeZone { try TimeZone.named(identifier) }

private func utc(_ text: String) throws -> Date { try ISO8601Instant(parsing: text).date }

@Suite struct CalendarDayTests {
    @Test func parsesAndPrintsStrictly() throws {
        let leap = try CalendarDay(parsing: "2024-02-29")
        #expect(leap.year == 2024 && leap.month == 2 && leap.day == 29)
        #expect(leap.description == "2024-02-29")
        #expect(try CalendarDay(year: 7, month: 3, day: 1).description == "0007-03-01")
        for bad in ["2024-1-05", "2024/01/05", " 2024-01-05", "2024-01-05 ", "20240105", "2024-0a-05", "", "+024-01-05"] {
            #expect(throws: CalendarDayError.malformed(bad)) { try CalendarDay(parsing: bad) }
        }
        #expect(throws: CalendarDayError.nonexistentDay(year: 2023, month: 2, day: 29)) { try CalendarDay(parsing: "2023-02-29") }
        #expect(throws: CalendarDayError.nonexistentDay(year: 2024, month: 4, day: 31)) { try CalendarDay(parsing: "2024-04-31") }
        #expect(throws: CalendarDayError.nonexistentDay(year: 2024, month: 13, day: 1)) { try CalendarDay(parsing: "2024-13-01") }
        #expect(throws: CalendarDayError.nonexistentDay(year: 0, month: 1, day: 1)) { try CalendarDay(parsing: "0000-01-01") }
        #expect(CalendarDay("1900-02-29") == nil)
        #expect(CalendarDay("2000-02-29") != nil)
        #expect(CalendarDayError.malformed("x").errorDescription?.contains("YYYY-MM-DD") == true)
    }

    @Test func codableAsString() throws {
        let days = [day("2024-02-29"), day("1999-12-31")]
        let data = try JSONEncoder().encode(days)
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29","1999-12-31"]"#)
        #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == days)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2023-02-29"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2023-2-28"]"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"[20230228]"#.utf8)) }
    }

    @Test func dayArithmeticAcrossMonthsYearsAndLeapYears() {
        #expect(day("2024-02-28").adding(days: 1) == day("2024-02-29"))
        #expect(day("2024-02-28").adding(days: 2) == day("2024-03-01"))
        #expect(day("2023-02-28").adding(days: 1) == day("2023-03-01"))
        #expect(day("1900-02-28").adding(days: 1) == day("1900-03-01"))
        #expect(day("2000-02-28").adding(days: 1) == day("2000-02-29"))
        #expect(day("2023-12-31").adding(days: 1) == day("2024-01-01"))
        #expect(day("2024-01-01").adding(days: -1) == day("2023-12-31"))
        #expect(day("2024-03-01").adding(days: -1) == day("2024-02-29"))
        #expect(day("2024-01-01").days(to: day("2025-01-01")) == 366)
        #expect(day("2023-01-01").days(to: day("2024-01-01")) == 365)
        #expect(day("2025-01-01").days(to: day("2024-01-01")) == -366)
        #expect(day("1970-01-01").daysSince1970 == 0)
        #expect(day("1969-12-31").daysSince1970 == -1)
        #expect(day("2000-01-01").daysSince1970 == 10_957)
        #expect(CalendarDay(daysSince1970: 19_723) == day("2024-01-01"))
        #expect(Array(day("2024-02-27")...day("2024-03-01")).map(\.description)
                == ["2024-02-27", "2024-02-28", "2024-02-29", "2024-03-01"])
    }

    @Test func monthArithmeticClampsToMonthEnd() {
        #expect(day("2024-01-31").adding(months: 1) == day("2024-02-29"))
        #expect(day("2023-01-31").adding(months: 1) == day("2023-02-28"))
        #expect(day("2024-03-31").adding(months: -1) == day("2024-02-29"))
        #expect(day("2024-11-15").adding(months: 3) == day("2025-02-15"))
        #expect(day("2024-02-29").adding(years: 1) == day("2025-02-28"))
        #expect(day("2024-02-29").adding(years: 4) == day("2028-02-29"))
        #expect(day("2024-02-10").lastDayOfMonth == day("2024-02-29"))
        #expect(day("2024-04-30").isLastDayOfMonth)
    }

    @Test func ordersAndWeekdays() {
        #expect(day("2024-02-29") < day("2024-03-01"))
        #expect(day("2023-12-31") < day("2024-01-01"))
        #expect(day("1970-01-01").weekday == .thursday)
        #expect(day("2000-01-01").weekday == .saturday)
        #expect(day("2024-03-10").weekday == .sunday)
        #expect(day("1969-12-29").weekday == .monday)
        #expect(Set([day("2024-01-01"), day("2024-01-01")]).count == 1)
    }

    @Test func dayContainingAnInstantDependsOnTheZone() throws {
        let instant = try utc("2024-03-10T04:30:00Z")
        #expect(CalendarDay(containing: instant, in: try zone("America/New_York")) == day("2024-03-09"))
        #expect(CalendarDay(containing: instant, in: try zone("Europe/Berlin")) == day("2024-03-10"))
        #expect(CalendarDay(containing: instant, in: try zone("Pacific/Kiritimati")) == day("2024-03-10"))
        #expect(CalendarDay(containing: try utc("1969-12-31T23:59:59Z"), in: .gmt) == day("1969-12-31"))
    }

    @Test func startOfDayIsDSTSafe() throws {
        let newYork = try zone("America/New_York")
        #expect(day("2024-03-10").start(in: newYork) == (try utc("2024-03-10T05:00:00Z")))
        #expect(day("2024-03-11").start(in: newYork) == (try utc("2024-03-11T04:00:00Z")))
        #expect(day("2024-03-10").interval(in: newYork).duration == 23 * 3600)
        #expect(day("2024-11-03").interval(in: newYork).duration == 25 * 3600)

        // Chile moved clocks from 00:00 to 01:00 on 2022-09-11: that day starts at 01:00 -03.
        let santiago = try zone("America/Santiago")
        #expect(day("2022-09-11").start(in: santiago) == (try utc("2022-09-11T01:00:00-03:00")))
        #expect(day("2022-09-10").start(in: santiago) == (try utc("2022-09-10T00:00:00-04:00")))
        #expect(day("2022-09-10").interval(in: santiago).duration == 24 * 3600)
        #expect(day("2022-09-11").interval(in: santiago).duration == 23 * 3600)
        #expect(CalendarDay(containing: day("2022-09-11").start(in: santiago), in: santiago) == day("2022-09-11"))
        // ... and back from 00:00 -03 to 23:00 -04 on 2023-04-02: 2023-04-01 lasts 25 hours.
        #expect(day("2023-04-02").start(in: santiago) == (try utc("2023-04-02T00:00:00-04:00")))
        #expect(day("2023-04-01").interval(in: santiago).duration == 25 * 3600)

        // Lebanon moves clocks from 00:00 to 01:00 on the last Sunday of March: 2024-03-31 begins at 01:00 +03.
        let beirut = try zone("Asia/Beirut")
        #expect(day("2024-03-31").start(in: beirut) == (try utc("2024-03-31T01:00:00+03:00")))
        #expect(day("2024-03-31").interval(in: beirut).duration == 23 * 3600)
        #expect(LocalDateTime(containing: day("2024-03-31").start(in: beirut), in: beirut).time == (try TimeOfDay(hour: 1, minute: 0)))
    }
}

@Suite struct LocalTimeTests {
    @Test func wallTimesInGapsAndOverlaps() throws {
        let newYork = try zone("America/New_York")
        let gap = LocalDateTime(day: day("2024-03-10"), time: try TimeOfDay(hour: 2, minute: 30))
        #expect(gap.date(in: newYork) == (try utc("2024-03-10T07:30:00Z")))  // 03:30 EDT
        let overlap = LocalDateTime(day: day("2024-11-03"), time: try TimeOfDay(hour: 1, minute: 30))
        #expect(overlap.date(in: newYork) == (try utc("2024-11-03T05:30:00Z")))  // the first 01:30 (EDT)
        let plain = LocalDateTime(day: day("2024-07-04"), time: try TimeOfDay(hour: 20, minute: 0))
        #expect(plain.date(in: newYork) == (try utc("2024-07-05T00:00:00Z")))
        #expect(LocalDateTime(containing: try utc("2024-07-05T00:00:00Z"), in: newYork) == plain)
        #expect(plain.description == "2024-07-04T20:00:00")
    }

    @Test func timeOfDayParsing() throws {
        #expect(try TimeOfDay(parsing: "20:30") == TimeOfDay(hour: 20, minute: 30))
        #expect(try TimeOfDay(parsing: "9:05:07") == TimeOfDay(hour: 9, minute: 5, second: 7))
        #expect(TimeOfDay("24:00") == nil)
        #expect(TimeOfDay("12:60") == nil)
        #expect(TimeOfDay("12") == nil)
        #expect(TimeOfDay("") == nil)
        #expect(TimeOfDay("ab:cd") == nil)
        #expect(try TimeOfDay(parsing: "07:00").description == "07:00")
    }

    @Test func namedZones() throws {
        #expect(try TimeZone.named("Asia/Tokyo").identifier == "Asia/Tokyo")
        #expect(throws: TimeError.unknownTimeZone("Nowhere/Special")) { try TimeZone.named("Nowhere/Special") }
        #expect(throws: TimeError.unknownTimeZone("")) { try TimeZone.named("") }
    }

    @Test func iso8601InstantsWithOffsets() throws {
        let expected = Date(timeIntervalSince1970: 1_372_125_600)  // 2013-06-25T02:00:00Z
        #expect(try ISO8601Instant(parsing: "2013-06-24T22:00:00-04:00").date == expected)
        #expect(try ISO8601Instant(parsing: "2013-06-25T02:00:00+00:00").date == expected)
        #expect(try ISO8601Instant(parsing: "2013-06-25T02:00:00Z").date == expected)
        #expect(try ISO8601Instant(parsing: "2013-06-25T11:00:00+0900").date == expected)
        #expect(try ISO8601Instant(parsing: "2013-06-25T11:00+09").date == expected)
        #expect(try ISO8601Instant(parsing: "2013-06-25T02:00:00.250Z").date == expected.addingTimeInterval(0.25))
        let parsed = try ISO8601Instant(parsing: "2013-06-24T22:00:00-04:00")
        #expect(parsed.utcOffsetSeconds == -4 * 3600)
        #expect(parsed.description == "2013-06-24T22:00:00-04:00")
        #expect(parsed.localDay == day("2013-06-24"))
        #expect(ISO8601Instant(date: expected).description == "2013-06-25T02:00:00Z")
        for bad in ["2013-06-25T02:00:00", "2013-06-25", "2013-06-25T25:00:00Z", "2013-06-25T02:00:00+5:00",
                    "2013-06-25T02:00:00 EST", "2013-02-30T02:00:00Z", "2013-06-25T02:00:00+24:00"] {
            #expect(throws: TimeError.invalidInstant(bad)) { try ISO8601Instant(parsing: bad) }
        }
        let json = try JSONEncoder().encode([parsed])
        #expect(try JSONDecoder().decode([ISO8601Instant].self, from: json) == [parsed])
    }
}

@Suite struct WeekTests {
    @Test func mondayWeekWithSpringForwardIs167Hours() throws {
        let newYork = try zone("America/New_York")
        let week = Week(containing: day("2024-03-10"), firstWeekday: .monday, in: newYork)
        #expect(week.days.map(\.description) == ["2024-03-04", "2024-03-05", "2024-03-06", "2024-03-07",
                                                  "2024-03-08", "2024-03-09", "2024-03-10"])
        #expect(week.start == (try utc("2024-03-04T05:00:00Z")))
        #expect(week.end == (try utc("2024-03-11T04:00:00Z")))
        #expect(week.interval.duration == 167 * 3600)
        #expect(week.next.firstDay == day("2024-03-11"))
        #expect(week.next.interval.duration == 168 * 3600)
        #expect(week.previous.firstDay == day("2024-02-26"))
        #expect(week.contains(day("2024-03-10")) && !week.contains(day("2024-03-11")) && !week.contains(day("2024-03-03")))
        #expect(week.contains(week.start) && !week.contains(week.end))
        #expect(week.contains(week.end.addingTimeInterval(-1)))
        #expect(week.previous.next == week)
    }

    @Test func berlinWeekWithFallBackIs169Hours() throws {
        let berlin = try zone("Europe/Berlin")
        let week = Week(containing: try utc("2024-10-24T12:00:00Z"), firstWeekday: .monday, in: berlin)
        #expect(week.firstDay == day("2024-10-21"))
        #expect(week.lastDay == day("2024-10-27"))
        #expect(week.start == (try utc("2024-10-20T22:00:00Z")))
        #expect(week.end == (try utc("2024-10-27T23:00:00Z")))
        #expect(week.interval.duration == 169 * 3600)
        let spring = Week(containing: day("2024-03-31"), in: berlin)
        #expect(spring.interval.duration == 167 * 3600)
    }

    @Test func otherFirstWeekdaysAndInstants() throws {
        let newYork = try zone("America/New_York")
        let sundayWeek = Week(containing: day("2024-03-10"), firstWeekday: .sunday, in: newYork)
        #expect(sundayWeek.firstDay == day("2024-03-10"))
        #expect(sundayWeek.lastDay == day("2024-03-16"))
        // 2024-03-11T03:00Z is still Sunday evening in New York.
        let byInstant = Week(containing: try utc("2024-03-11T03:00:00Z"), firstWeekday: .monday, in: newYork)
        #expect(byInstant.firstDay == day("2024-03-04"))
        let saturdayWeek = Week(containing: day("2024-01-01"), firstWeekday: .saturday, in: .gmt)
        #expect(saturdayWeek.firstDay == day("2023-12-30"))
        #expect(saturdayWeek.description == "2023-12-30…2024-01-05")
    }
}
