import CommandLineSupport
import AirdateCore
import ArgumentParser
import CountdownKit
import Foundation

/// Options every subcommand takes: the database and the viewer's time zone.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: countdowns.sqlite in the user's data directory, under Airdate/).")
    var db: String?

    @Option(name: .customLong("zone"), help: "The time zone to show times in (default: the system's).")
    var viewerZone: String?

    /// Opens the store.
    func openStore() throws -> CountdownStore {
        try CountdownStore(path: db ?? Self.defaultDatabasePath())
    }

    /// The viewer's zone and the current time.
    func reference() throws -> ViewerClock {
        ViewerClock.system(timeZone: try viewerZone.map { try Input.zone($0, option: "--zone") } ?? .current)
    }

    /// `--remind` minutes: 1 to 527 040 (366 days), what ``ReminderScheduler`` accepts.
    static let reminderMinutes: ClosedRange<Int> = 1...(ReminderScheduler.leadTimeSeconds.upperBound / 60)

    static func defaultDatabasePath() -> String {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate").appendingPathComponent("countdowns.sqlite").path
    }
}

/// A failure while running that the command line reports in one line (exit status 1). Mistakes in
/// the command line itself are `ValidationError`s (exit status 64), made by ``Input``.
enum CommandLineError: Error, LocalizedError {
    case noMatch(String)
    case ambiguous(String, Int)

    var errorDescription: String? {
        switch self {
        case .noMatch(let prefix): "No countdown id starts with \"\(prefix)\". Run `countdowns list --all` to see the ids."
        case .ambiguous(let prefix, let count): "\(count) countdowns have ids starting with \"\(prefix)\". Type more of the id."
        }
    }
}

/// Reading option values; a value that is not valid is a usage error naming the option.
enum Input {
    /// A usage error: `option "value" is not valid; expected …`.
    static func invalid(_ option: String, _ value: String, expected: String) -> ValidationError {
        ValidationError("\(option) \"\(value)\" is not valid; expected \(expected).")
    }

    /// A `YYYY-MM-DD` day for `option`.
    static func day(_ text: String, option: String) throws -> CalendarDay {
        guard let day = CalendarDay(text) else { throw invalid(option, text, expected: "a day written YYYY-MM-DD") }
        return day
    }

    /// An `HH:MM` time for `option`.
    static func time(_ text: String, option: String) throws -> TimeOfDay {
        do { return try TimeOfDay(parsing: text) } catch {
            throw invalid(option, text, expected: "a time written HH:MM on a 24-hour clock, such as 20:30")
        }
    }

    /// An IANA time zone for `option`.
    static func zone(_ name: String, option: String) throws -> TimeZone {
        do { return try TimeZone.named(name) } catch {
            throw invalid(option, name, expected: "an IANA time zone such as America/New_York or UTC")
        }
    }

    /// A repeat period for `option`, in ``Recurrence/Frequency/vocabulary``.
    static func frequency(_ text: String, option: String) throws -> Recurrence.Frequency {
        guard let frequency = Recurrence.Frequency(text) else {
            throw invalid(option, text, expected: "\(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval))")
        }
        return frequency
    }

    /// A grouping for `option`: `tag` or `when`.
    static func grouping(_ text: String?, option: String) throws -> CountdownSection.Grouping? {
        guard let text else { return nil }
        guard let value = CountdownSection.Grouping(rawValue: text.lowercased()) else {
            throw invalid(option, text, expected: groupingNames)
        }
        return value
    }

    /// The names `--group` takes, for help and messages.
    static let groupingNames = "tag or when"

    /// Refuses a count outside `range` with a usage error naming the option.
    static func check(_ value: Int, option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            let expected = range.upperBound == Int.max
                ? "a number of \(range.lowerBound) or more" : "a number from \(range.lowerBound) to \(range.upperBound)"
            throw OutOfRangeError(option: option, value: "\(value)", expected: expected)
        }
    }
}

extension CountdownStore {
    /// The countdown whose id starts with `prefix` (case-insensitively).
    func resolve(_ prefix: String) async throws -> Countdown {
        let wanted = prefix.uppercased()
        let matches = try await all().filter { $0.id.uuidString.hasPrefix(wanted) }
        guard let first = matches.first else { throw CommandLineError.noMatch(prefix) }
        guard matches.count == 1 else { throw CommandLineError.ambiguous(prefix, matches.count) }
        return first
    }
}

/// Reading targets and recurrences from the command line.
enum TargetInput {
    /// A day, an optional `HH:MM` and an optional zone → a target.
    static func target(day text: String, dayOption: String, time: String?, zone: String?) throws -> CountdownTarget {
        let day = try Input.day(text, option: dayOption)
        guard let time else {
            if zone != nil { throw ValidationError("--tz needs --time: an all-day countdown has no time zone.") }
            return .allDay(day)
        }
        let clock = try Input.time(time, option: "--time")
        let timeZone = try zone.map { try Input.zone($0, option: "--tz") } ?? .current
        return .instant(LocalDateTime(day: day, time: clock).date(in: timeZone), timeZone)
    }

    static func recurrence(_ text: String, anchor target: CountdownTarget) throws -> Recurrence {
        let frequency = try Input.frequency(text, option: "--every")
        let anchor: CalendarDay
        switch target {
        case .allDay(let day): anchor = day
        case .instant(let date, let zone): anchor = CalendarDay(containing: date, in: zone)
        }
        return try Recurrence(frequency, anchor: anchor)
    }
}
