import AirdateCore
import Foundation
import Testing

/// `Reminder`, the one shape every product's reminders come in: ordered by fire date then id, coded
/// with its source's name.
@Suite struct ReminderTests {
    private static let noon = Date(timeIntervalSince1970: 1_800_000_000)

    private static func reminder(_ id: String, _ source: Reminder.Source, firesIn seconds: TimeInterval) -> Reminder {
        Reminder(id: "\(source)/\(id)", source: source, title: id, body: "", fireDate: noon.addingTimeInterval(seconds),
                 eventDate: noon.addingTimeInterval(seconds + 60))
    }

    @Test func sortedByFireDateThenID() {
        let list = [
            Self.reminder("b", .countdown, firesIn: 60), Self.reminder("z", .episode, firesIn: 0),
            Self.reminder("a", .countdown, firesIn: 60), Self.reminder("2025-03-04", .animePlan, firesIn: 60),
        ]
        #expect(list.sorted().map(\.id) == ["episode/z", "animePlan/2025-03-04", "countdown/a", "countdown/b"])
        #expect(list.shuffled().sorted() == list.sorted(), "one order whatever the order given")
    }

    @Test func codedWithTheSourcesName() throws {
        var reminder = Self.reminder("x", .animePlan, firesIn: 0)
        reminder.link = URL(string: "/anime/calendar?month=2027-01")
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let text = String(decoding: try encoder.encode(reminder), as: UTF8.self)
        #expect(text.contains(#""source":"animePlan""#) && text.contains(#""id":"animePlan\/x""#), "\(text)")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Reminder.self, from: Data(text.utf8)) == reminder)
        #expect(Reminder.Source("custom") == Reminder.Source("custom") && Reminder.Source.episode.description == "episode")
    }

    @Test func leadTimesInWords() {
        #expect(Reminder.words(for: .seconds(60)) == "1 minute")
        #expect(Reminder.words(for: .seconds(90 * 60)) == "90 minutes")
        #expect(Reminder.words(for: .seconds(7200)) == "2 hours")
        #expect(Reminder.words(for: .seconds(86_400)) == "1 day")
        #expect(Reminder.words(for: .seconds(30)) == "0 minutes")
    }
}
