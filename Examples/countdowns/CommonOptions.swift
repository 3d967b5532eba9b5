import CommandLineSupport
import AirdateCore
import ArgumentParser
import CountdownKit
import Foundation

/// Options every subcommand takes: the database, the viewer's time zone and, for reproducible output,
/// the time taken as now.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: "The database file; its folder must exist (default: countdowns.sqlite in the user's data directory, under Airdate/).")
    var db: String?

    @OptionGroup var timeZone: TimeZoneOption

    @Option(name: .long, help: ArgumentHelp("Take this instant as now, such as 2026-11-24T10:00:00Z (for reproducible output).", valueName: "instant"))
    var now: String?

    func validate() throws {
        if let now, ISO8601Instant(now) == nil {
            throw Input.invalid("--now", now, expected: "an instant such as 2026-11-24T10:00:00Z or 2026-11-24T19:00:00+09:00")
        }
        // An empty path is a usage error here; a missing folder is reported when the command runs
        // (ArgumentParser would print a run-time error thrown here as its own debug text).
        if let db {
            do { _ = try DatabasePath.resolve(db, defaultName: Self.databaseName) } catch let error as ValidationError { throw error } catch {}
        }
    }

    static let databaseName = "countdowns.sqlite"

    /// The database file: `--db` (its folder must exist), or the default under the user's data directory.
    func databasePath() throws -> String {
        try DatabasePath.resolve(db, defaultName: Self.databaseName)
    }

    /// Opens (creating when missing) the store, for a command that writes.
    func openStore() throws -> CountdownStore {
        try CountdownStore(path: try databasePath())
    }

    /// Opens the store for a view (list, watch, export), which never creates a database: `nil` when
    /// the default database does not exist yet; an error naming the file when `--db` names one that
    /// does not exist.
    func openExistingStore() throws -> CountdownStore? {
        let path = try databasePath()
        guard FileManager.default.fileExists(atPath: path) else {
            if db != nil { throw CommandLineError.noDatabase(path) }
            return nil
        }
        return try CountdownStore(path: path)
    }

    /// The viewer's zone: `--time-zone`, else the system's.
    func viewerZone() throws -> TimeZone {
        try timeZone.resolved()
    }

    /// The user's own zone, whose day decides when an all-day countdown has passed into the archive:
    /// the system's (`TZ`), whatever `--time-zone` shows.
    var userZone: TimeZone { .current }

    /// The current instant: `--now`, or the system's time.
    func currentInstant() -> Date {
        now.flatMap(ISO8601Instant.init).map(\.date) ?? Date()
    }

    /// The viewer's clock: now (from `--now` on, advancing as time passes), in the viewer's zone.
    func clock() throws -> ViewerClock {
        let zone = try viewerZone()
        guard let start = now.flatMap(ISO8601Instant.init)?.date else { return .system(timeZone: zone) }
        let origin = Date()
        return ViewerClock(timeZone: zone, now: { start.addingTimeInterval(Date().timeIntervalSince(origin)) },
                           sleep: { date in
                               while true {
                                   let remaining = date.timeIntervalSince(start.addingTimeInterval(Date().timeIntervalSince(origin)))
                                   if remaining <= 0 { return }
                                   try await Task.sleep(for: .seconds(min(remaining, 60)))
                               }
                           })
    }

    /// `--remind` minutes: 1 to 527 040 (366 days), what ``ReminderScheduler`` accepts.
    static let reminderMinutes: ClosedRange<Int> = 1...(ReminderScheduler.leadTimeSeconds.upperBound / 60)
}

/// A failure while running that the command line reports in one line (exit status 1). Mistakes in
/// the command line itself are `ValidationError`s (exit status 64), made by ``Input``.
enum CommandLineError: Error, LocalizedError {
    case noMatch(String)
    case ambiguous(String, Int)
    case noDatabase(String)
    case passedStaysArchived(title: String, day: CalendarDay, id: String)

    var errorDescription: String? {
        switch self {
        case .noMatch(let prefix):
            "No countdown id starts with \"\(Input.echo(prefix))\". Run `countdowns list --all` to see the ids."
        case .ambiguous(let prefix, let count):
            "\(count) countdowns have ids starting with \"\(Input.echo(prefix))\". Type more of the id."
        case .noDatabase(let path):
            "'\(path)' does not exist; nothing was created. Check the path, or add a countdown there first with `countdowns add`."
        case .passedStaysArchived(let title, let day, let id):
            "\(title) passed on \(day), so it stays in the archive; give it a new date with `countdowns edit \(id) --date YYYY-MM-DD`."
        }
    }
}

/// Reading option values; a value that is not valid is a usage error naming the option.
enum Input {
    /// A usage error: `option "value" is not valid; expected …` (a long value shortened).
    static func invalid(_ option: String, _ value: String, expected: String) -> ValidationError {
        ValidationError("\(option) \"\(echo(value))\" is not valid; expected \(expected).")
    }

    /// A value the user typed, as a message repeats it: on one line, at most 40 columns.
    static func echo(_ value: String) -> String {
        value.terminalSafe.fitted(toWidth: 40)
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

    /// The keys `--sort` takes, for help and messages.
    static let sortKeys = "date, created, modified, tags, tag-count or title"

    /// A tag for `option`.
    static func tag(_ text: String, option: String) throws -> CountdownTag {
        guard let tag = CountdownTag(text) else { throw invalid(option, text, expected: "a tag that is not only white space") }
        guard tag.name.count <= Countdown.Limits.tagLength else {
            throw invalid(option, text, expected: "a tag of at most \(Countdown.Limits.tagLength) characters")
        }
        return tag
    }

    /// Refuses a count outside `range` with a run-time error naming the option.
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
        guard !prefix.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("Give a countdown's id, or its first characters; `countdowns list` shows them.")
        }
        // The one resolution airdate-web's /countdowns/{id} uses too.
        let matches = try await countdowns(withIDPrefix: prefix)
        guard let first = matches.first else { throw CommandLineError.noMatch(prefix) }
        guard matches.count == 1 else { throw CommandLineError.ambiguous(prefix, matches.count) }
        return first
    }
}

/// Reading targets and recurrences from the command line.
enum TargetInput {
    /// A day, an optional `HH:MM` and the zone it is read in → a target; `later` picks the second
    /// pass of a time clocks pass twice.
    static func target(day text: String, dayOption: String, time: String?, zone: TimeZone, later: Bool) throws -> CountdownTarget {
        let day = try Input.day(text, option: dayOption)
        guard let time else { return .allDay(day) }
        let clock = try Input.time(time, option: "--time")
        return .wallClock(LocalDateTime(day: day, time: clock), in: zone, choosing: later ? .second : .first)
    }

    /// A repeat anchored on the target's own day.
    static func recurrence(_ text: String, anchor target: CountdownTarget) throws -> Recurrence {
        let frequency = try Input.frequency(text, option: "--every")
        return try Recurrence(frequency, anchor: target.ownDay)
    }

    /// The notes to print on standard error about `countdown`'s time: the time skipped or passed twice
    /// on its day, the first later occurrence within a year when that happens to a repeating one, and
    /// a first occurrence that is not the day given (`weekly:mon` from a Friday).
    static func notes(for countdown: Countdown, given: CountdownTarget) -> [String] {
        var notes: [String] = []
        if let recurrence = countdown.recurrence, let first = recurrence.firstOccurrence(onOrAfter: given.ownDay), first != given.ownDay {
            notes.append("It repeats \(recurrence.frequency), so the first occurrence is \(first) (\(first.weekday.name)), not \(given.ownDay).")
        }
        guard case .timed(let time) = countdown.target else { return notes }
        if let note = time.clockChangeNote {
            notes.append(countdown.recurrence == nil ? note : note + " On other days it stays at \(time.local.time).")
        }
        guard countdown.recurrence != nil else { return notes }
        let occurrences = countdown.upcomingOccurrences(after: time.date, in: time.timeZone, limit: 400)
        let horizon = time.local.day.adding(days: 366)
        if let affected = occurrences.first(where: { $0.time?.clockChangeNote != nil && $0.ownDay <= horizon }),
           let note = affected.time?.clockChangeNote {
            notes.append(note + " On other days it stays at \(time.local.time).")
        }
        return notes
    }
}
