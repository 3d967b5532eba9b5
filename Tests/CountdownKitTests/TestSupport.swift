import AirdateCore
import AirdateTestSupport
import Foundation
import Testing
@testable import CountdownKit

/// Builders for test data.
enum Fixture {
    static let base = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z

    static func id(_ n: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n)) ?? UUID()
    }

    static func instant(_ text: String) -> Date {
        (try? ISO8601Instant(parsing: text).date) ?? Date(timeIntervalSince1970: 0)
    }

    static func day(_ text: String) -> CalendarDay {
        CalendarDay(text) ?? CalendarDay(daysSince1970: 0)
    }

    static func zone(_ name: String) -> TimeZone {
        TimeZone(identifier: name) ?? .gmt
    }

    static func tags(_ names: String...) -> [CountdownTag] { CountdownTag.normalized(names) }

    static func countdown(
        _ n: Int, _ title: String, _ target: CountdownTarget, tags: [CountdownTag] = [], note: String = "",
        created: Int = 0, modified: Int? = nil, archived: Date? = nil, recurrence: Recurrence? = nil
    ) -> Countdown {
        do {
            return try Countdown(
                id: id(n), title: title, target: target, tags: tags, note: note,
                created: base.addingTimeInterval(TimeInterval(created)),
                modified: base.addingTimeInterval(TimeInterval(modified ?? created)),
                archived: archived, recurrence: recurrence)
        } catch {
            Issue.record("fixture: \(error)")
            return try! Countdown(title: "x", target: target, created: base)  // test-only fallback
        }
    }

    /// A fresh temporary folder for a database file.
    static func temporaryDatabasePath() -> String {
        TemporaryFiles.path("countdownkit", "countdowns.sqlite")
    }
}
