import AirdateCore
import CountdownKit
import Foundation
import Testing

/// Issue 38, class 5: a time shown away from the zone it was entered in names that zone.
@Suite("CountdownTime.ownZoneNote(shownIn:)")
struct OwnZoneNoteTests {
    static func zone(_ name: String) throws -> TimeZone { try #require(TimeZone(identifier: name)) }

    @Test("23:00 in Tokyo: nothing to say in Tokyo; the time and zone elsewhere; the day when it differs")
    func notes() throws {
        let day = try #require(CalendarDay("2027-01-16"))
        let time = CountdownTime(LocalDateTime(day: day, time: try TimeOfDay(hour: 23, minute: 0)), in: try Self.zone("Asia/Tokyo"))
        #expect(time.ownZoneNote(shownIn: try Self.zone("Asia/Tokyo")) == nil)
        #expect(time.ownZoneNote(shownIn: try Self.zone("UTC")) == "23:00 Asia/Tokyo")
        let morning = CountdownTime(LocalDateTime(day: day, time: try TimeOfDay(hour: 8, minute: 0)), in: try Self.zone("Asia/Tokyo"))
        // 08:00 on the 16th in Tokyo is 18:00 on the 15th in New York: the note gives Tokyo's day.
        #expect(morning.ownZoneNote(shownIn: try Self.zone("America/New_York")) == "2027-01-16 08:00 Asia/Tokyo")
    }
}
