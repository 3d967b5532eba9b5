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
        let zone = try viewerZone.map { name throws(TimeError) in try TimeZone.named(name) } ?? .current
        return ViewerClock.system(timeZone: zone)
    }

    /// `--remind` minutes: 1 to 527 040 (366 days), what ``ReminderScheduler`` accepts.
    static let reminderMinutes: ClosedRange<Int> = 1...(ReminderScheduler.leadTimeSeconds.upperBound / 60)

    /// Refuses a count outside `range` with a one-line error.
    static func check(_ value: Int, option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            let upper = range.upperBound == Int.max ? "or more" : "to \(range.upperBound)"
            throw CommandLineError.invalidValue(option: option, value: "\(value)", expected: "\(range.lowerBound) \(upper)")
        }
    }

    static func defaultDatabasePath() -> String {
        let base = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? URL(fileURLWithPath: NSHomeDirectory()).appendingPathComponent(".local/share")
        return base.appendingPathComponent("Airdate").appendingPathComponent("countdowns.sqlite").path
    }
}

/// A failure the command line reports in one line.
enum CommandLineError: Error, LocalizedError {
    case noMatch(String)
    case ambiguous(String, Int)
    case unknownFileType(String)
    case unreadableFile(String, String)
    case invalidValue(option: String, value: String, expected: String)
    case conflictingOptions(String)

    var errorDescription: String? {
        switch self {
        case .noMatch(let prefix): "No countdown id starts with \"\(prefix)\"; run `countdowns list --all` to see ids."
        case .ambiguous(let prefix, let count): "\(count) countdowns have ids starting with \"\(prefix)\"; type more of the id."
        case .unknownFileType(let path): "\(path): the file name must end in .ics or .json."
        case .unreadableFile(let path, let reason): "Could not read \(path): \(reason)."
        case .invalidValue(let option, let value, let expected): "\(option) \"\(value)\" is not valid; expected \(expected)."
        case .conflictingOptions(let text): text
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
    static func target(day text: String, time: String?, zone: String?) throws -> CountdownTarget {
        let day = try CalendarDay(parsing: text)
        guard let time else {
            if zone != nil { throw CommandLineError.conflictingOptions("--tz needs --time: an all-day countdown has no time zone.") }
            return .allDay(day)
        }
        let clock = try TimeOfDay(parsing: time)
        let timeZone = try zone.map { name throws(TimeError) in try TimeZone.named(name) } ?? .current
        return .instant(LocalDateTime(day: day, time: clock).date(in: timeZone), timeZone)
    }

    static func recurrence(_ text: String, anchor target: CountdownTarget) throws -> Recurrence {
        guard let frequency = Recurrence.Frequency(text) else { throw CountdownError.invalidRecurrence(text) }
        let anchor: CalendarDay
        switch target {
        case .allDay(let day): anchor = day
        case .instant(let date, let zone): anchor = CalendarDay(containing: date, in: zone)
        }
        return try Recurrence(frequency, anchor: anchor)
    }
}
