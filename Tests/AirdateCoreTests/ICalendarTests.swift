import Foundation
import Testing
@testable import AirdateCore

@Suite struct ICalendarTests {
    let stamp = Date(timeIntervalSince1970: 1_704_164_645)  // 2024-01-02T03:04:05Z

    private func physicalLines(_ calendar: ICalendar) -> [String] {
        let text = calendar.text
        #expect(text.hasSuffix("\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        for line in lines {
            #expect(!line.contains("\n") && !line.contains("\r"))
            #expect(line.utf8.count <= 75)
        }
        return Array(lines)
    }

    @Test func allDayEventLineByLine() throws {
        let first = try CalendarDay(parsing: "2024-07-18")
        let last = try CalendarDay(parsing: "2024-07-21")
        let calendar = ICalendar(productIdentifier: "-//Airdate//Tests//EN", name: "Cons", events: [
            ICalendarEvent(uid: "con-1@airdate", timestamp: stamp, summary: "Comic-Con, San Diego; \"SDCC\"",
                           timing: .allDay(first: first, last: last),
                           description: "Hall H\nBring a\\backpack", categories: ["Cons", "Travel, US"]),
        ])
        #expect(physicalLines(calendar) == [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Airdate//Tests//EN",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:Cons",
            "BEGIN:VEVENT",
            "UID:con-1@airdate",
            "DTSTAMP:20240102T030405Z",
            "DTSTART;VALUE=DATE:20240718",
            "DTEND;VALUE=DATE:20240722",
            "SUMMARY:Comic-Con\\, San Diego\\; \"SDCC\"",
            "DESCRIPTION:Hall H\\nBring a\\\\backpack",
            "CATEGORIES:Cons,Travel\\, US",
            "END:VEVENT",
            "END:VCALENDAR",
        ])
    }

    @Test func timedEventsInUTCAndWithTZIDAndRecurrence() throws {
        let start = try ISO8601Instant(parsing: "2024-03-10T20:00:00-04:00").date
        let calendar = ICalendar(productIdentifier: "-//Airdate//Tests//EN", events: [
            ICalendarEvent(uid: "u1", timestamp: stamp, summary: "Finale",
                           timing: .timed(start: start, end: start.addingTimeInterval(3600), timeZone: nil)),
            ICalendarEvent(uid: "u2", timestamp: stamp, summary: "Premiere",
                           timing: .timed(start: start, end: nil, timeZone: try TimeZone.named("America/New_York")),
                           recurrence: RecurrenceRule(frequency: .yearly)),
            ICalendarEvent(uid: "u3", timestamp: stamp, summary: "Rent",
                           timing: .allDay(first: try CalendarDay(parsing: "2024-01-31"), last: try CalendarDay(parsing: "2024-01-31")),
                           recurrence: RecurrenceRule(frequency: .monthly, byMonthDay: [-1])),
            ICalendarEvent(uid: "u4", timestamp: stamp, summary: "Sprint",
                           timing: .timed(start: start, end: nil, timeZone: .gmt),
                           recurrence: RecurrenceRule(frequency: .weekly, interval: 2, end: .afterOccurrences(5))),
        ])
        let lines = physicalLines(calendar)
        func event(_ uid: String) -> [String] {
            guard let begin = lines.firstIndex(of: "UID:\(uid)") else { return [] }
            guard let end = lines[begin...].firstIndex(of: "END:VEVENT") else { return [] }
            return Array(lines[(begin - 1)...end])
        }
        #expect(event("u1") == ["BEGIN:VEVENT", "UID:u1", "DTSTAMP:20240102T030405Z", "DTSTART:20240311T000000Z",
                                "DTEND:20240311T010000Z", "SUMMARY:Finale", "END:VEVENT"])
        #expect(event("u2") == ["BEGIN:VEVENT", "UID:u2", "DTSTAMP:20240102T030405Z",
                                "DTSTART;TZID=America/New_York:20240310T200000", "DURATION:PT0S", "RRULE:FREQ=YEARLY",
                                "SUMMARY:Premiere", "END:VEVENT"])
        #expect(event("u3") == ["BEGIN:VEVENT", "UID:u3", "DTSTAMP:20240102T030405Z", "DTSTART;VALUE=DATE:20240131",
                                "DTEND;VALUE=DATE:20240201", "RRULE:FREQ=MONTHLY;BYMONTHDAY=-1",
                                "SUMMARY:Rent", "END:VEVENT"])
        #expect(event("u4") == ["BEGIN:VEVENT", "UID:u4", "DTSTAMP:20240102T030405Z", "DTSTART:20240311T000000Z",
                                "DURATION:PT0S", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=5", "SUMMARY:Sprint", "END:VEVENT"])

        // One VTIMEZONE, before the events, for the zone named by TZID: the offset a year before the
        // event, then New York's current rules as yearly RRULEs (valid for every later year).
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        let tzStart = try #require(lines.firstIndex(of: "BEGIN:VTIMEZONE"))
        #expect(lines[tzStart + 1] == "TZID:America/New_York")
        let firstEvent = try #require(lines.firstIndex(of: "BEGIN:VEVENT"))
        #expect(tzStart < firstEvent)
        let zoneLines = lines[tzStart...].prefix { $0 != "END:VTIMEZONE" }
        let springIndex = try #require(zoneLines.firstIndex(of: "DTSTART:20230312T020000"))
        #expect(lines[springIndex - 1] == "BEGIN:DAYLIGHT")
        #expect(lines[springIndex + 1] == "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")
        #expect(lines[springIndex + 2] == "TZOFFSETFROM:-0500")
        #expect(lines[springIndex + 3] == "TZOFFSETTO:-0400")
        let fallIndex = try #require(zoneLines.firstIndex(of: "DTSTART:20231105T020000"))
        #expect(lines[fallIndex - 1] == "BEGIN:STANDARD")
        #expect(lines[fallIndex + 1] == "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU")
        #expect(lines[fallIndex + 2] == "TZOFFSETFROM:-0400")
        #expect(lines[fallIndex + 3] == "TZOFFSETTO:-0500")
        #expect(zoneLines.filter { $0.hasPrefix("DTSTART:") }.count == 3)
    }

    @Test func foldsLongLinesWithoutSplittingUTF8() throws {
        let summary = String(repeating: "é", count: 50) + String(repeating: "🎬", count: 30) + "end"
        let calendar = ICalendar(productIdentifier: "p", events: [
            ICalendarEvent(uid: "fold", timestamp: stamp, summary: summary,
                           timing: .allDay(first: try CalendarDay(parsing: "2024-01-01"), last: try CalendarDay(parsing: "2024-01-01"))),
        ])
        let lines = physicalLines(calendar)
        let first = try #require(lines.firstIndex { $0.hasPrefix("SUMMARY:") })
        // "SUMMARY:" is 8 octets; 33 two-octet "é" make 74, a 34th would pass 75.
        #expect(lines[first] == "SUMMARY:" + String(repeating: "é", count: 33))
        #expect(lines[first].utf8.count == 74)
        // Next: a space, the other 17 "é" (34 octets), then 10 four-octet emoji (40): 75 octets.
        #expect(lines[first + 1] == " " + String(repeating: "é", count: 17) + String(repeating: "🎬", count: 10))
        #expect(lines[first + 1].utf8.count == 75)
        #expect(lines[first + 2] == " " + String(repeating: "🎬", count: 18))
        #expect(lines[first + 3] == " " + String(repeating: "🎬", count: 2) + "end")
        #expect(lines[first + 4] == "END:VEVENT")
        // Unfolding (remove CRLF + one space) gives the content line back.
        let unfolded = calendar.text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\r\nSUMMARY:\(summary)\r\n"))
    }

    @Test func escapesTextAndDropsControlCharacters() {
        #expect(ICalendarFormat.escapeText("a\\b;c,d\ne\r\nf\rg\u{7}h") == "a\\\\b\\;c\\,d\\ne\\nf\\ngh")
        #expect(ICalendarFormat.escapeText("tab\there") == "tab\there")
        #expect(ICalendarFormat.fold("") == [""])
        #expect(ICalendarFormat.offset(19_800) == "+0530")
        #expect(ICalendarFormat.offset(-12_600) == "-0330")
    }

    @Test func recurrenceRuleText() throws {
        #expect(RecurrenceRule(frequency: .daily, interval: 3).text == "FREQ=DAILY;INTERVAL=3")
        #expect(RecurrenceRule(frequency: .monthly, byMonthDay: [15]).text == "FREQ=MONTHLY;BYMONTHDAY=15")
        #expect(RecurrenceRule(frequency: .yearly, end: .onDay(try CalendarDay(parsing: "2030-12-31"))).text
                == "FREQ=YEARLY;UNTIL=20301231")
        #expect(RecurrenceRule(frequency: .weekly, interval: 0).text == "FREQ=WEEKLY")
    }
}
