import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

/// Reads the `VTIMEZONE` of an export back, independently of the writer: each observance's onsets
/// (its DTSTART, and for a yearly `BYMONTH`/`BYDAY` rule the same rule in every later year) with the
/// offset they switch to. The offset in force at an instant is that of the latest onset before it.
struct VTimeZoneReader {
    struct Onset { let instant: Date; let offset: Int }
    var observances: [(start: DateComponents, from: Int, to: Int, month: Int?, ordinal: Int?, weekday: Int?, monthDays: [Int])] = []

    init(_ lines: [String], zone: String) {
        guard let begin = lines.firstIndex(of: "TZID:\(zone)") else { return }
        var current: [String: String] = [:]
        for line in lines[begin...] {
            if line == "END:VTIMEZONE" { break }
            if line == "BEGIN:STANDARD" || line == "BEGIN:DAYLIGHT" { current = [:]; continue }
            if line == "END:STANDARD" || line == "END:DAYLIGHT" {
                func offset(_ text: String?) -> Int {
                    guard let text, text.count >= 5, let hours = Int(text.dropFirst().prefix(2)),
                          let minutes = Int(text.dropFirst(3).prefix(2)) else { return 0 }
                    return (text.hasPrefix("-") ? -1 : 1) * (hours * 3600 + minutes * 60)
                }
                let start = current["DTSTART"] ?? ""
                let digits = start.filter(\.isNumber).map { Int(String($0)) ?? 0 }
                func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + (digits.indices.contains($1) ? digits[$1] : 0) } }
                let components = DateComponents(year: number(0..<4), month: number(4..<6), day: number(6..<8),
                                                hour: number(8..<10), minute: number(10..<12), second: number(12..<14))
                var month: Int?, ordinal: Int?, weekday: Int?, monthDays: [Int] = []
                if let rule = current["RRULE"] {
                    for part in rule.split(separator: ";") {
                        let pair = part.split(separator: "=").map(String.init)
                        if pair.first == "BYMONTH" { month = Int(pair[1]) }
                        if pair.first == "BYMONTHDAY" { monthDays = pair[1].split(separator: ",").compactMap { Int($0) } }
                        if pair.first == "BYDAY" {
                            let codes = ["SU": 1, "MO": 2, "TU": 3, "WE": 4, "TH": 5, "FR": 6, "SA": 7]
                            weekday = codes[String(pair[1].suffix(2))]
                            ordinal = Int(pair[1].dropLast(2))
                        }
                    }
                }
                observances.append((components, offset(current["TZOFFSETFROM"]), offset(current["TZOFFSETTO"]), month, ordinal, weekday, monthDays))
                continue
            }
            if let colon = line.firstIndex(of: ":") { current[String(line[..<colon])] = String(line[line.index(after: colon)...]) }
        }
    }

    /// Every onset up to `lastYear`.
    func onsets(through lastYear: Int) -> [Onset] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .gmt
        var result: [Onset] = []
        for observance in observances {
            func add(_ local: DateComponents) {
                if let wall = calendar.date(from: local) {
                    result.append(Onset(instant: wall.addingTimeInterval(TimeInterval(-observance.from)), offset: observance.to))
                }
            }
            add(observance.start)
            guard let month = observance.month, let weekday = observance.weekday, let firstYear = observance.start.year else { continue }
            for year in (firstYear + 1)...max(firstYear + 1, lastYear) {
                guard let monthStart = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                      let length = calendar.range(of: .day, in: .month, for: monthStart)?.count else { continue }
                func weekdayOf(_ day: Int) -> Int {
                    calendar.component(.weekday, from: calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? monthStart)
                }
                let matching = (1...length).filter { weekdayOf($0) == weekday }
                let day: Int?
                if !observance.monthDays.isEmpty {
                    day = matching.first { observance.monthDays.contains($0) }
                } else if let ordinal = observance.ordinal {
                    day = ordinal > 0 ? (matching.indices.contains(ordinal - 1) ? matching[ordinal - 1] : nil) : matching.last
                } else {
                    day = nil
                }
                guard let day else { continue }
                var local = observance.start
                local.year = year
                local.month = month
                local.day = day
                add(local)
            }
        }
        return result.sorted { $0.instant < $1.instant }
    }
}

@Suite struct CalendarExportTests {
    @Test(arguments: ["America/New_York", "Europe/Paris", "Australia/Sydney", "America/Santiago", "Asia/Tokyo"])
    func theTimeZoneIsRightForEveryYearARecurrenceReaches(_ name: String) throws {
        let zone = Fixture.zone(name)
        let start = LocalDateTime(day: Fixture.day("2024-01-31"), time: try TimeOfDay(parsing: "20:00")).date(in: zone)
        let countdown = Fixture.countdown(1, "Monthly", .instant(start, zone),
                                          recurrence: try Recurrence(.monthly, anchor: Fixture.day("2024-01-31")))
        let lines = ICalendar(countdowns: [countdown], timestamp: Fixture.instant("2026-11-24T12:00:00Z")).contentLines
        #expect(!lines.contains { $0.hasPrefix("DTSTART:203") }, "no year-by-year list of the current rules")
        let onsets = VTimeZoneReader(lines, zone: name).onsets(through: 2080)
        // Every week from the event to 2080 (the recurrence never ends): the calendar's offset is the zone's.
        var instant = start
        var checked = 0
        while instant < Fixture.instant("2080-12-31T00:00:00Z") {
            let offset = onsets.last { $0.instant <= instant }?.offset
            #expect(offset == zone.secondsFromGMT(for: instant), "\(name) at \(instant)")
            instant = instant.addingTimeInterval(7 * 86_400 + 3_671)
            checked += 1
        }
        #expect(checked > 2_900)
    }

    @Test func timedEventsHaveALengthAndRemindersBecomeAlarms() throws {
        let zone = Fixture.zone("Europe/Paris")
        let items = [
            Fixture.countdown(1, "Premiere", .instant(Fixture.instant("2026-03-29T18:00:00Z"), zone)),
            Fixture.countdown(2, "Con", .allDay(Fixture.day("2026-07-18"))),
        ]
        let exported = Fixture.instant("2026-11-24T09:41:07Z")
        let moment = ICalendar(countdowns: items, timestamp: exported, leadTimes: [.seconds(3600), .seconds(86_400 + 900)]).contentLines
        #expect(moment.contains("DTSTART;TZID=Europe/Paris:20260329T200000"))
        #expect(moment.contains("DURATION:PT0S"))
        #expect(moment.filter { $0 == "DTSTAMP:20261124T094107Z" }.count == 2)
        #expect(moment.filter { $0 == "BEGIN:VALARM" }.count == 6)
        #expect(moment.filter { $0.hasPrefix("TRIGGER:") } == Array(repeating: ["TRIGGER:PT0S", "TRIGGER:-P1DT15M", "TRIGGER:-PT1H"], count: 2).flatMap { $0 })
        #expect(moment.contains("ACTION:DISPLAY"))
        let hour = ICalendar(countdowns: items, timestamp: exported, timedEventLength: .seconds(5400)).contentLines
        // A timed countdown lasts an exact duration from its wall-clock start (an end on the wall clock
        // could fall in a skipped hour).
        #expect(hour.contains("DURATION:PT1H30M"))
        #expect(!hour.contains("DURATION:PT0S") && !hour.contains { $0.hasPrefix("DTEND;TZID") })
        #expect(hour.contains("DTEND;VALUE=DATE:20260719"))
    }

    @Test func countdownsMadeInTheSameMillisecondKeepTheirInsertionOrder() async throws {
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let now = Date(timeIntervalSince1970: 1_700_000_000.123)
        let day = CountdownTarget.allDay(Fixture.day("2024-01-01"))
        // Ids in descending order, so that an id tie-break would reverse them.
        let made = try (0..<5).map { index in
            try Countdown(id: Fixture.id(9 - index), title: "Same", target: day, created: now.addingTimeInterval(index == 4 ? 0.001 : 0))
        }
        for countdown in made { try await store.insert(countdown) }
        for key in CountdownSort.Key.allCases {
            let sorted = try await store.countdowns(matching: .everything, sortedBy: CountdownSort(key), at: .fixed(at: now, timeZone: .gmt))
            #expect(sorted.map(\.id) == made.map(\.id), "\(key)")
        }
        #expect(try await store.all().map(\.created) == made.map(\.created))
    }
}
