import AirdateCore
import Foundation
import Testing
@testable import AnimePlanner

@Suite struct ICalendarExportTests {
    @Test func aPlanLineByLine() throws {
        let show = Fixture.show(7, "Frieren, Beyond Journey's End", episodes: 3, minutes: 24)
        let plan = try Fixture.planner.plan(show, goal: .episodesPerDay(2), options: PlanOptions(start: Fixture.day("2025-03-03")))
        let calendar = ICalendar(plans: [plan], timestamp: Fixture.instant("2025-03-01T12:00:00Z"),
                                 episodeLengths: [7: .seconds(24 * 60)])
        let lines = calendar.text.components(separatedBy: "\r\n")
        #expect(lines == [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//Airdate//AnimePlanner//EN",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:Anime plan",
            "BEGIN:VEVENT",
            "UID:animeplanner-7-20250303@airdate",
            "DTSTAMP:20250301T120000Z",
            "DTSTART;VALUE=DATE:20250303",
            "DTEND;VALUE=DATE:20250304",
            "SUMMARY:Frieren\\, Beyond Journey's End: episodes 1–2",
            "DESCRIPTION:2 episodes\\, about 48 min",
            "CATEGORIES:Anime",
            "END:VEVENT",
            "BEGIN:VEVENT",
            "UID:animeplanner-7-20250304@airdate",
            "DTSTAMP:20250301T120000Z",
            "DTSTART;VALUE=DATE:20250304",
            "DTEND;VALUE=DATE:20250305",
            "SUMMARY:Frieren\\, Beyond Journey's End: episode 3",
            "DESCRIPTION:1 episode\\, about 24 min",
            "CATEGORIES:Anime",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ])
    }

    @Test func aCombinedScheduleSortedByDayWithFoldedLongTitles() throws {
        let long = String(repeating: "ながい", count: 12) + "; part 2"
        let a = Fixture.show(1, long, episodes: 1, minutes: 24)
        let b = Fixture.show(2, "B", episodes: 2, minutes: 24)
        let schedule = try Fixture.planner.schedule([a, b], minutesPerDay: 24, options: PlanOptions(start: Fixture.day("2025-03-03")))
        let calendar = ICalendar(schedule: schedule, timestamp: Fixture.instant("2025-03-01T12:00:00Z"))
        let text = calendar.text
        let physical = text.components(separatedBy: "\r\n")
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        // Unfolded, the events run by day: A on Monday, B on Tuesday and Wednesday.
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
        #expect(unfolded.filter { $0.hasPrefix("UID:") } == ["UID:animeplanner-1-20250303@airdate",
                                                              "UID:animeplanner-2-20250304@airdate",
                                                              "UID:animeplanner-2-20250305@airdate"])
        #expect(unfolded.contains("SUMMARY:" + String(repeating: "ながい", count: 12) + "\\; part 2: episode 1"))
        #expect(!unfolded.contains { $0.hasPrefix("DESCRIPTION:") })
        // The same schedule exported again gives the same UIDs.
        #expect(ICalendar(schedule: schedule, timestamp: Date()).events.map(\.uid) == calendar.events.map(\.uid))
    }
}
