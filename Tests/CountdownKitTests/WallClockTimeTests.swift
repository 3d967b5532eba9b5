import AirdateCore
import Foundation
import Testing
@testable import CountdownKit

/// Issue 28, class 9 "Time is exact": a wall-clock time a zone skips (02:30 on a spring-forward night)
/// or passes twice (01:30 on a fall-back night) is kept as given; the app and the iCalendar export
/// agree on every occurrence, for every kind of repeat.
@Suite struct WallClockTimeTests {
    static func local(_ day: String, _ time: String) -> LocalDateTime {
        LocalDateTime(day: Fixture.day(day), time: (try? TimeOfDay(parsing: time)) ?? .midnight)
    }

    @Test("a skipped time happens as long after the jump as it is after the last time before it, and says so",
          arguments: [
              ("America/New_York", "2027-03-14", "02:30", "2027-03-14T07:30:00Z", "02:00", "03:00"),
              ("Europe/Berlin", "2027-03-28", "02:30", "2027-03-28T01:30:00Z", "02:00", "03:00"),
              ("Europe/Berlin", "2024-03-31", "02:00", "2024-03-31T01:00:00Z", "02:00", "03:00"),
              ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:45:00Z", "02:00", "02:30"),
              ("America/Santiago", "2026-09-06", "00:30", "2026-09-06T04:30:00Z", "00:00", "01:00"),
          ])
    func skipped(zone name: String, day: String, time: String, instant: String, from: String, to: String) throws {
        let zone = Fixture.zone(name)
        let countdownTime = CountdownTime(Self.local(day, time), in: zone)
        #expect(countdownTime.date == Fixture.instant(instant))
        #expect(countdownTime.local == Self.local(day, time), "the time as given is kept")
        guard case .skipped(_, let change) = countdownTime.resolution else {
            Issue.record("\(name) \(day) \(time) is not skipped: \(countdownTime.resolution)")
            return
        }
        #expect(change.wallTimeBefore.time.description == from && change.wallTimeAfter.time.description == to)
        let note = try #require(countdownTime.clockChangeNote)
        #expect(note.contains("\(time) does not exist on \(day) in \(name)") && note.contains("clocks go from \(from) to \(to)"), "\(note)")
        // The same instant as RFC 5545's reading, which `LocalDateTime.date(in:)` implements.
        #expect(Self.local(day, time).date(in: zone) == countdownTime.date)
    }

    @Test("a repeated time is the first pass unless the second is chosen; the choice survives JSON and the store")
    func repeated() async throws {
        let zone = Fixture.zone("America/New_York")
        let local = Self.local("2026-11-01", "01:30")
        let first = CountdownTime(local, in: zone)
        let second = CountdownTime(local, in: zone, choosing: .second)
        #expect(first.date == Fixture.instant("2026-11-01T05:30:00Z"))
        #expect(second.date == Fixture.instant("2026-11-01T06:30:00Z"))
        #expect(first.clockChangeNote?.contains("the first, at UTC−04:00") == true, "\(first.clockChangeNote ?? "")")
        #expect(second.clockChangeNote?.contains("the second, at UTC−05:00") == true)
        // An instant given as such remembers which pass it is.
        #expect(CountdownTime(instant: second.date, in: zone).repeatedTimeChoice == .second)
        #expect(CountdownTime(instant: first.date, in: zone).repeatedTimeChoice == .first)

        let countdown = Fixture.countdown(1, "Second pass", .timed(second))
        let decoded = try JSONDecoder().decode(Countdown.self, from: JSONEncoder().encode(countdown))
        #expect(decoded == countdown)
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        try await store.insert(countdown)
        #expect(try await store.countdown(id: countdown.id) == countdown)
        // A one-off second pass is exported in UTC, exactly; a first pass with its wall-clock time.
        let lines = ICalendar(countdowns: [countdown, Fixture.countdown(2, "First pass", .timed(first))], timestamp: Fixture.base).contentLines
        #expect(lines.contains("DTSTART:20261101T063000Z"))
        #expect(lines.contains("DTSTART;TZID=America/New_York:20261101T013000"))
        // A repeat is at the first pass, as calendar programs place it: the second is refused for one.
        #expect(throws: CountdownError.secondPassRepeats) {
            try Countdown(title: "x", target: .timed(second), created: Fixture.base,
                          recurrence: try Recurrence(.weekly, anchor: local.day))
        }
    }

    /// The repeats that cross a daylight-saving change, one of each kind.
    static let repeats: [(String, String, String, String, Recurrence.Frequency)] = [
        ("weekly across the change", "America/New_York", "2027-03-07", "02:30", .weekly),
        ("weekly from the skipped day", "America/New_York", "2027-03-14", "02:30", .weekly),
        ("daily", "America/New_York", "2027-03-12", "02:30", .everyDays(1)),
        ("every 7 days", "America/New_York", "2027-02-28", "02:30", .everyDays(7)),
        ("Sundays and Wednesdays", "America/New_York", "2027-03-10", "02:30", .weeklyOn([.sunday, .wednesday])),
        ("monthly on the 14th", "America/New_York", "2027-02-14", "02:30", .monthly),
        ("yearly from the skipped day", "America/New_York", "2027-03-14", "02:30", .yearly),
        ("monthly on the last day", "Europe/Berlin", "2024-01-31", "02:30", .monthlyOnLastDay),
        ("weekly through a fall-back night", "America/New_York", "2026-10-25", "01:30", .weekly),
        ("daily in Lord Howe's half hour", "Australia/Lord_Howe", "2026-10-02", "02:10", .everyDays(1)),
    ]

    @Test("every repeat keeps the time given on the days it exists, and the calendar program's occurrences are the app's",
          arguments: 0..<repeats.count)
    func repeatsKeepTheTimeGiven(_ index: Int) throws {
        let (name, zoneName, day, time, frequency) = Self.repeats[index]
        let zone = Fixture.zone(zoneName)
        let given = Self.local(day, time)
        let countdown = Fixture.countdown(1, name, .wallClock(given, in: zone), recurrence: try Recurrence(frequency, anchor: given.day))
        let app = countdown.upcomingOccurrences(after: countdown.firstOccurrence.start(in: zone).addingTimeInterval(-1), in: zone, limit: 14)
        #expect(app.count == 14)
        var sawChange = false
        for occurrence in app {
            let value = try #require(occurrence.time)
            #expect(value.local.time == given.time, "\(name): the time given on every day (\(value.local))")
            let actual = LocalDateTime(containing: value.date, in: zone).time
            if case .skipped = value.resolution {
                sawChange = true
                #expect(actual != given.time, "\(name): a skipped time happens later that day")
            } else {
                #expect(actual == given.time, "\(name): \(value.local.day) at \(actual), not \(given.time)")
            }
            if case .repeated(let first, _, _) = value.resolution {
                sawChange = true
                #expect(value.date == first)
            }
        }
        #expect(sawChange, "\(name) meets a daylight-saving change within 14 occurrences")

        // The export read back as a calendar program reads it: the DTSTART's wall-clock time on each day
        // of the rule's expansion, placed by the exported VTIMEZONE (RFC 5545: a skipped time with the
        // offset before the gap, a repeated one at its first pass).
        let lines = ICalendar(countdowns: [countdown], timestamp: Fixture.instant("2024-01-01T00:00:00Z")).contentLines
        let start = try #require(lines.first { $0.hasPrefix("DTSTART;TZID=\(zoneName):") })
        #expect(start.hasSuffix("T" + time.replacingOccurrences(of: ":", with: "") + "00"), "the time as given: \(start)")
        let event = lines.drop { $0 != "BEGIN:VEVENT" }
        let ruleLine = try #require(event.first { $0.hasPrefix("RRULE:") })
        let rule = try #require(RRuleExpander(String(ruleLine.dropFirst(6))))
        let (startDay, _) = try RecurrenceCalendarAgreementTests.exported(countdown)
        let days = rule.expand(start: startDay, through: DateComponents(year: 2045, month: 12, day: 31)).prefix(14)
        let onsets = VTimeZoneReader(lines, zone: zoneName).onsets(through: 2046)
        let calendar = days.map { components -> Date in
            let wall = Self.local(String(format: "%04d-%02d-%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0), time)
            return Self.rfc5545Instant(wall, onsets: onsets)
        }
        #expect(calendar == app.map { $0.start(in: zone) }, "\(name)")
    }

    /// The instant a calendar program gives a wall-clock time, from a VTIMEZONE's onsets alone.
    static func rfc5545Instant(_ local: LocalDateTime, onsets: [VTimeZoneReader.Onset]) -> Date {
        let wall = Double(local.day.daysSince1970 * 86_400 + local.time.secondsSinceMidnight)
        func offset(at instant: Double) -> Int { onsets.last { $0.instant.timeIntervalSince1970 <= instant }?.offset ?? 0 }
        let candidates = Set(onsets.map(\.offset)).map { wall - Double($0) }.filter { offset(at: $0) == Int(wall - $0) }.sorted()
        if let first = candidates.first { return Date(timeIntervalSince1970: first) }
        // In a gap: the offset in force before it.
        let before = onsets.last { $0.instant.timeIntervalSince1970 <= wall - Double(onsets.map(\.offset).max() ?? 0) }?.offset ?? 0
        return Date(timeIntervalSince1970: wall - Double(before))
    }

    @Test("a stored repeat rolled onto a skipped day rolls back to the time given (not 03:30 ever after)")
    func rollingKeepsTheTimeGiven() async throws {
        let zone = Fixture.zone("America/New_York")
        let store = try CountdownStore(path: Fixture.temporaryDatabasePath())
        let countdown = Fixture.countdown(1, "Weekly", .wallClock(Self.local("2027-03-07", "02:30"), in: zone),
                                          recurrence: try Recurrence(.weekly, anchor: Fixture.day("2027-03-07")))
        try await store.insert(countdown)
        try await store.autoArchive(at: .fixed(at: Fixture.instant("2027-03-10T00:00:00Z"), timeZone: zone))
        let onGap = try #require(try await store.countdown(id: countdown.id))
        #expect(onGap.target.start(in: zone) == Fixture.instant("2027-03-14T07:30:00Z"), "03:30 EDT on the night 02:30 is skipped")
        #expect(onGap.target.time?.local.time.description == "02:30")
        try await store.autoArchive(at: .fixed(at: Fixture.instant("2027-03-16T00:00:00Z"), timeZone: zone))
        let after = try #require(try await store.countdown(id: countdown.id))
        #expect(after.target.start(in: zone) == Fixture.instant("2027-03-21T06:30:00Z"), "02:30 EDT the week after")
        // The view agrees, without the store.
        #expect(countdown.nextOccurrence(after: Fixture.instant("2027-03-16T00:00:00Z"), in: zone) == after.target)
    }

    @Test("documents and rows written before the wall-clock time existed take the instant's wall-clock time")
    func olderDocumentsReadTheInstant() throws {
        let json = #"{"id": "6B29FC40-CA47-1067-B31D-00DD010662DA", "title": "Old", "created": "2024-01-01T00:00:00Z", "#
            + #""target": {"instant": "2026-11-01T01:30:00-05:00", "timeZone": "America/New_York"}}"#
        let countdown = try JSONDecoder().decode(Countdown.self, from: Data(json.utf8))
        let time = try #require(countdown.target.time)
        #expect(time.local == Self.local("2026-11-01", "01:30"))
        #expect(time.repeatedTimeChoice == .second, "the instant was the second pass")
        #expect(time.date == Fixture.instant("2026-11-01T06:30:00Z"))
        // A document with a wall-clock time that does not parse says where.
        let bad = json.replacingOccurrences(of: #""timeZone": "America/New_York""#, with: #""timeZone": "America/New_York", "local": "1 Nov""#)
        do {
            _ = try JSONDecoder().decode(Countdown.self, from: Data(bad.utf8))
            Issue.record("a malformed local time was read")
        } catch let error as DecodingError {
            #expect(error.plainDescription.contains("target.local") && error.plainDescription.contains("YYYY-MM-DDTHH:MM:SS"),
                    "\(error.plainDescription)")
        }
    }
}
