import Foundation
import Testing
@testable import AirdateCore

/// Issue 28 class 9 (a wall-clock time a zone skips or repeats is named, never silently moved) and
/// class 11 (decoding failures in the user's words), at the AirdateCore level every product shares.
@Suite struct WallClockResolutionTests {
    private func local(_ day: String, _ time: String) throws -> LocalDateTime {
        LocalDateTime(day: try CalendarDay(parsing: day), time: try TimeOfDay(parsing: time))
    }

    private func utc(_ text: String) throws -> Date { try ISO8601Instant(parsing: text).date }

    @Test("skipped times, in zones whose clocks jump by an hour, half an hour, and at midnight",
          arguments: [
              ("America/New_York", "2027-03-14", "02:30", "2027-03-14T07:30:00Z", 3600),
              ("Europe/London", "2027-03-28", "01:15", "2027-03-28T01:15:00Z", 3600),
              ("Australia/Lord_Howe", "2026-10-04", "02:15", "2026-10-03T15:45:00Z", 1800),
              ("America/Santiago", "2026-09-06", "00:30", "2026-09-06T04:30:00Z", 3600),
          ])
    func skipped(zone: String, day: String, time: String, instant: String, shift: Int) throws {
        let resolution = try local(day, time).resolution(in: try TimeZone.named(zone))
        guard case .skipped(let date, let change) = resolution else {
            Issue.record("\(zone) \(day) \(time) is not skipped: \(resolution)")
            return
        }
        let expected = try utc(instant)
        #expect(date == expected)
        #expect(change.shift == .seconds(shift))
        #expect(change.offsetAfter - change.offsetBefore == shift)
        // The change lies between the last wall time before the gap and the time asked for.
        #expect(change.instant <= date)
        #expect(resolution.clockChange == change)
    }

    @Test("repeated times name both passes, the first unless the second is chosen",
          arguments: [
              ("America/New_York", "2026-11-01", "01:30", "2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"),
              ("Europe/Berlin", "2026-10-25", "02:45", "2026-10-25T00:45:00Z", "2026-10-25T01:45:00Z"),
              ("Australia/Lord_Howe", "2027-04-04", "01:45", "2027-04-03T14:45:00Z", "2027-04-03T15:15:00Z"),
          ])
    func repeated(zone: String, day: String, time: String, first: String, second: String) throws {
        let resolution = try local(day, time).resolution(in: try TimeZone.named(zone))
        guard case .repeated(let a, let b, let change) = resolution else {
            Issue.record("\(zone) \(day) \(time) is not repeated: \(resolution)")
            return
        }
        let (firstInstant, secondInstant) = (try utc(first), try utc(second))
        #expect(a == firstInstant && b == secondInstant)
        #expect(change.shift < .zero)
        #expect(resolution.date == a)
        #expect(resolution.date(choosing: .second) == b)
        #expect(resolution.date(choosing: .first) == a)
    }

    @Test("an ordinary time is unique and agrees with LocalDateTime.date(in:)",
          arguments: [("America/New_York", "2027-03-13", "02:30"), ("Asia/Tokyo", "2027-03-14", "02:30"),
                      ("UTC", "2027-03-14", "02:30"), ("Europe/Berlin", "2026-10-25", "03:00")])
    func unique(zone: String, day: String, time: String) throws {
        let timeZone = try TimeZone.named(zone)
        let value = try local(day, time)
        let resolution = value.resolution(in: timeZone)
        guard case .unique(let date) = resolution else {
            Issue.record("\(zone) \(day) \(time) is not unique: \(resolution)")
            return
        }
        #expect(date == value.date(in: timeZone))
        #expect(resolution.clockChange == nil)
    }

    @Test("the clock change names the wall times the clocks show")
    func wallTimes() throws {
        let spring = try local("2027-03-14", "02:30").resolution(in: try TimeZone.named("America/New_York"))
        #expect(spring.clockChange?.wallTimeBefore.time.description == "02:00")
        #expect(spring.clockChange?.wallTimeAfter.time.description == "03:00")
        let fall = try local("2026-11-01", "01:30").resolution(in: try TimeZone.named("America/New_York"))
        #expect(fall.clockChange?.wallTimeBefore.time.description == "02:00")
        #expect(fall.clockChange?.wallTimeAfter.time.description == "01:00")
    }
}

@Suite struct DecodingErrorDescriptionTests {
    private struct Document: Decodable {
        struct Item: Decodable {
            let title: String
            let count: Int
            let id: UUID?
        }
        let items: [Item]
    }

    private func message(_ json: String) -> String {
        do {
            _ = try JSONDecoder().decode(Document.self, from: Data(json.utf8))
            return "decoded"
        } catch let error as DecodingError {
            return error.plainDescription
        } catch {
            return "other: \(error)"
        }
    }

    /// Swift's own words that must never reach a user.
    private static let forbidden = ["CodingKeys", "Dictionary<", "Array<", "Swift.", "No value associated", "Expected to decode",
                                    "debugDescription", "underlyingError"]

    @Test("every kind of decoding failure says where and what, in plain words",
          arguments: [
              (#"{"items": [{"count": 1}]}"#, #"items[0]: the field "title" is missing"#),
              (#"{"items": {"title": "x"}}"#, "items: expected a list but found an object"),
              (#"[1, 2]"#, "expected an object but found a list"),
              (#"{"items": [{"title": 5, "count": 1}]}"#, "items[0].title: expected text but found a number"),
              (#"{"items": [{"title": "x", "count": "many"}]}"#, "items[0].count: expected a number but found text"),
              (#"{"items": [{"title": "x", "count": null}]}"#, "items[0].count: a value is missing (expected a number)"),
              (#"{"items": [{"title": "x", "count": 1, "id": "nope"}]}"#, "items[0].id: not a valid id"),
              (#"{"items": [{"title": "x""#, "it is not valid JSON"),
              ("", "it is not valid JSON"),
          ])
    func plainWords(json: String, expected: String) {
        let text = message(json)
        #expect(text.contains(expected), "\(text)")
        for word in Self.forbidden { #expect(!text.contains(word), "\(text)") }
    }

    @Test("a long key quoted from the data is shortened to 40 characters")
    func shortened() throws {
        let key = String(repeating: "k", count: 300)
        let json = "{\"\(key)\": {\"a\": \"x\"}}"
        do {
            _ = try JSONDecoder().decode([String: [String: Int]].self, from: Data(json.utf8))
            Issue.record("decoded")
        } catch let error as DecodingError {
            let text = error.plainDescription
            #expect(text.hasPrefix(String(repeating: "k", count: 39) + "…"), "\(text)")
            #expect(text.count < 100, "\(text)")
            #expect(text.hasSuffix("expected a number but found text"), "\(text)")
        }
    }
}
