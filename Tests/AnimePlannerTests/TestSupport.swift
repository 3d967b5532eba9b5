import AirdateCore
import AirdateTestSupport
import Foundation
import Testing
@testable import AnimePlanner

/// Builders for test data.
enum Fixture {
    static func day(_ text: String) -> CalendarDay {
        CalendarDay(text) ?? CalendarDay(daysSince1970: 0)
    }

    static func instant(_ text: String) -> Date {
        (try? ISO8601Instant(parsing: text).date) ?? Date(timeIntervalSince1970: 0)
    }

    static func zone(_ name: String) -> TimeZone {
        TimeZone(identifier: name) ?? .gmt
    }

    static func time(_ text: String) -> TimeOfDay {
        TimeOfDay(text) ?? .midnight
    }

    static func show(_ id: Int = 1, _ title: String = "Show", episodes: Int?, minutes: Int? = 24,
                     release: ReleaseSchedule = .allReleased) -> AnimeShow {
        AnimeShow(id: id, title: title, episodeCount: episodes, episodeLength: minutes.map { .seconds($0 * 60) },
                  release: release)
    }

    /// "day: first-last" lines, easy to write by hand.
    static func lines(_ plan: ViewingPlan) -> [String] {
        plan.days.map { "\($0.day): \($0.episodes.lowerBound)-\($0.episodes.upperBound)" }
    }

    static let planner = ViewingPlanner(clock: .fixed(at: instant("2025-03-01T12:00:00Z"), timeZone: .gmt))

    /// A fresh temporary folder for a database file.
    static func temporaryDatabasePath() -> String {
        TemporaryFiles.path("animeplanner", "plan.sqlite")
    }
}
