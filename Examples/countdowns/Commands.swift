import AirdateCore
import ArgumentParser
import CommandLineSupport
import CountdownKit
import Foundation

/// The help text of `--every`, with the names `list` shows.
private let everyHelp = ArgumentHelp("Repeat: \(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval)).",
                                     valueName: "period")

/// The help text of `--later`.
private let laterHelp = ArgumentHelp(
    "When --time happens twice that day (clocks go back), the second time (default: the first). Not with --every.")

/// Prints notes about a countdown's time on standard error, each as one line.
private func printNotes(_ notes: [String]) {
    for note in notes { FileHandle.standardError.write(Data("countdowns: note: \(note)\n".utf8)) }
}

/// `countdowns add TITLE DATE [--time HH:MM [--later]] [--time-zone ZONE] [--tag T]... [--note TEXT] [--every PERIOD]`
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a countdown.",
        discussion: """
        --time is read on the wall clock of --time-zone (the system's zone by default), and the \
        countdown keeps that zone. A time the zone skips that day (02:30 on a night clocks jump from \
        02:00 to 03:00) is kept as given, with a note: that day it is at 03:30, and a repeat stays at \
        02:30 on the other days. A time that happens twice (clocks go back) is the first unless --later.
        """)

    @OptionGroup var common: CommonOptions
    @Argument(help: "The title.") var title: String
    @Argument(help: "The day, YYYY-MM-DD.") var date: String
    @Option(help: "The time, HH:MM (24-hour), in --time-zone; without it the countdown is all-day.") var time: String?
    @Flag(help: laterHelp) var later = false
    @Option(help: "A tag (repeatable).") var tag: [String] = []
    @Option(help: "A note.") var note: String = ""
    @Option(help: everyHelp) var every: String?

    func validate() throws {
        if later && time == nil { throw ValidationError("--later needs --time: it picks the second of a time that happens twice.") }
        if later && every != nil { throw ValidationError("Use --later for a one-off countdown only: a repeat is at the first of a time that happens twice, as calendar programs place it.") }
        if title.allSatisfy(\.isWhitespace) {
            throw ValidationError(CountdownError.emptyTitle.errorDescription ?? "A countdown needs a title.")
        }
        for text in tag { _ = try Input.tag(text, option: "--tag") }
    }

    func run() async throws {
        let clock = try common.clock()
        let given = try TargetInput.target(day: date, dayOption: "DATE", time: time, zone: clock.timeZone, later: later)
        let recurrence = try every.map { try TargetInput.recurrence($0, anchor: given) }
        var countdown = try Countdown(title: title, target: given, tags: CountdownTag.normalized(tag), note: note,
                                      created: common.currentInstant(), recurrence: recurrence)
        // A repeat starts on its first day on or after the day given.
        countdown.target = countdown.firstOccurrence
        let store = try common.openStore()
        try await store.insert(countdown)
        printNotes(TargetInput.notes(for: countdown, given: given))
        print(Rendering.line(countdown, at: clock, userZone: common.userZone))
    }
}

/// `countdowns list [--sort KEY[:desc]] [--tag T | --untagged] [--before DAY] [--after DAY] [--archived] [--group tag|when]`
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List countdowns (nothing is changed: a passed one shows in the archive, a repeating one at its next time).",
        discussion: """
        Each line starts with the countdown's short id, which edit, archive and rm take. Times are shown \
        in --time-zone; lines fit the terminal's width (COLUMNS when not on a terminal, else 80), long \
        titles shortened with "…". Listing never changes the database: a one-off countdown whose day \
        or time has passed shows in the archive (--archived), a repeating one at its next occurrence. \
        An all-day countdown passes at midnight of your own day — the system's time zone, whatever \
        --time-zone shows.

        With --json, prints one JSON document instead: {"now", "timeZone", "grouping", \
        "countdowns": [{"id", "shortID", "title", "allDay", "day" (YYYY-MM-DD), "time" (HH:MM as \
        given, or null), "timeZone", "instant" (ISO 8601, when it happens), "timeNote" (a time skipped \
        or repeated that day, or null), "remaining", "relative", "remainingSeconds", "isPast", "tags", \
        "note", "repeat" (a --every name or null), "archived", "created", "modified", "following" (the \
        show followed, or null)}], "sections": [{"title", "ids"}] (with --group)}. Every key is always \
        present, null when empty.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: ArgumentHelp("Sort by \(Input.sortKeys), optionally with :asc or :desc.", valueName: "key")) var sort: String = "date"
    @Option(help: "Only countdowns with this tag (repeatable: all of them).") var tag: [String] = []
    @Option(help: "Only countdowns with at least one of these tags (repeatable).") var anyTag: [String] = []
    @Flag(help: "Only countdowns without tags.") var untagged = false
    @Option(help: "Only countdowns before this day (YYYY-MM-DD).") var before: String?
    @Option(help: "Only countdowns after this day (YYYY-MM-DD).") var after: String?
    @Option(parsing: .unconditional, help: "Only countdowns within this many days from today (0 to \(CountdownFilter.maximumDays)).") var within: Int?
    @Option(help: "Only countdowns whose title or note contains this text.") var search: String?
    @Flag(help: "Show the archive (archived and passed countdowns) instead of active ones.") var archived = false
    @Flag(help: "Show active and archived countdowns.") var all = false
    @Option(help: "Group by \(Input.groupingNames).") var group: String?
    @Flag(help: "Show countdowns as stored: passed ones stay among the active, repeating ones at their stored time.") var noAutoArchive = false
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func validate() throws {
        _ = try order()
        _ = try Input.grouping(group, option: "--group")
        do {
            _ = try filter()
        } catch let error as ValidationError {
            throw error
        } catch {
            // A number out of range is a run-time failure (exit status 1), reported by `run`.
        }
    }

    func run() async throws {
        let clock = try common.clock().frozen()
        let (filter, order, grouping) = (try filter(), try order(), try Input.grouping(group, option: "--group"))
        // A view: read, never written (not even the automatic archive).
        var shown: [Countdown] = []
        if let store = try common.openExistingStore() {
            shown = try await store.countdowns(matching: filter, sortedBy: order, at: clock, archivingIn: common.userZone,
                                               automaticArchive: !noAutoArchive)
        }
        if json {
            try JSONOutput.print(ListDocument(shown, grouping: grouping, at: clock, userZone: common.userZone))
        } else {
            let width = Terminal.current().lineWidth
            for line in Rendering.lines(shown, grouping: grouping, at: clock, userZone: common.userZone, width: width) { print(line) }
        }
    }

    func order() throws -> CountdownSort {
        guard let order = CountdownSort(sort) else {
            throw Input.invalid("--sort", sort, expected: "\(Input.sortKeys), optionally with :asc or :desc")
        }
        return order
    }

    func filter() throws -> CountdownFilter {
        if untagged && !(tag.isEmpty && anyTag.isEmpty) { throw ValidationError("Use either --tag/--any-tag or --untagged, not both.") }
        if archived && all { throw ValidationError("Use either --archived or --all, not both.") }
        var parts: [CountdownFilter] = [.scope(all ? .all : archived ? .archived : .active)]
        if untagged { parts.append(.untagged) }
        if !tag.isEmpty { parts.append(.allOfTags(try tag.map { try Input.tag($0, option: "--tag") })) }
        if !anyTag.isEmpty { parts.append(.anyOfTags(try anyTag.map { try Input.tag($0, option: "--any-tag") })) }
        if let before { parts.append(.before(try Input.day(before, option: "--before"))) }
        if let after { parts.append(.after(try Input.day(after, option: "--after"))) }
        if let within {
            try Input.check(within, option: "--within", in: 0...CountdownFilter.maximumDays)
            parts.append(.withinNextDays(within))
        }
        if let search { parts.append(.text(search)) }
        return try CountdownFilter.and(parts).validated()
    }
}

/// `countdowns edit ID [--title T] [--date DAY] [--time HH:MM] [--time-zone ZONE] [--tag T]... [--note N] [--every P | --no-repeat]`
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change a countdown.",
        discussion: """
        A new --date or --time is read on the countdown's own wall clock, or on that of --time-zone when \
        it is given (the countdown then takes that zone). Without --date or --time, --time-zone only \
        says how to show the result.
        """)

    @OptionGroup var common: CommonOptions
    @Argument(help: "The id, or its first characters.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new day, YYYY-MM-DD.") var date: String?
    @Option(help: "A new time, HH:MM.") var time: String?
    @Flag(help: laterHelp) var later = false
    @Flag(help: "Make it all-day (drops the time).") var allDay = false
    @Option(help: "Replace the tags (repeatable).") var tag: [String] = []
    @Flag(help: "Remove all tags.") var noTags = false
    @Option(help: "A new note.") var note: String?
    @Option(help: everyHelp) var every: String?
    @Flag(help: "Stop repeating.") var noRepeat = false

    func validate() throws {
        if allDay && time != nil { throw ValidationError("Use either --time or --all-day, not both.") }
        if allDay && later { throw ValidationError("Use either --later or --all-day, not both.") }
        if noRepeat && every != nil { throw ValidationError("Use either --every or --no-repeat, not both.") }
        if noTags && !tag.isEmpty { throw ValidationError("Use either --tag or --no-tags, not both.") }
        if later && every != nil { throw ValidationError("Use --later for a one-off countdown only: a repeat is at the first of a time that happens twice, as calendar programs place it.") }
        if let date { _ = try Input.day(date, option: "--date") }
        if let time { _ = try Input.time(time, option: "--time") }
        if let every { _ = try Input.frequency(every, option: "--every") }
        for text in tag { _ = try Input.tag(text, option: "--tag") }
        if let title, title.allSatisfy(\.isWhitespace) {
            throw ValidationError(CountdownError.emptyTitle.errorDescription ?? "A countdown needs a title.")
        }
    }

    func run() async throws {
        let clock = try common.clock()
        let givenZone = common.timeZone.given == nil ? nil : clock.timeZone
        let now = common.currentInstant()
        let store = try common.openStore()
        let found = try await store.resolve(id)
        let (title, date, time, later, allDay) = (title, date, time, later, allDay)
        let (tag, noTags, note, noRepeat, every) = (tag, noTags, note, noRepeat, every)
        // Read, changed and written in one transaction: an edit another process makes meanwhile is kept.
        let (countdown, given) = try await store.update(id: found.id) { countdown -> (Countdown, CountdownTarget) in
            if let title { try countdown.rename(title) }
            var given = countdown.target
            if date != nil || time != nil || later || allDay {
                var current: (day: String, time: String?, zone: TimeZone?)
                switch countdown.target {
                case .allDay(let day): current = (day.description, nil, nil)
                case .timed(let value): current = (value.local.day.description, value.local.time.description, value.timeZone)
                }
                let newTime = allDay ? nil : (time ?? current.time)
                // A time typed now is read in --time-zone when given, else on the countdown's own clock.
                let zone = (time != nil || date != nil ? givenZone : nil) ?? current.zone ?? givenZone ?? .current
                given = try TargetInput.target(day: date ?? current.day, dayOption: "--date", time: newTime, zone: zone, later: later)
                countdown.target = given
                // A repeat moves with its day.
                if let recurrence = countdown.recurrence, every == nil {
                    countdown.recurrence = try Recurrence(recurrence.frequency, anchor: given.ownDay)
                }
            }
            if noTags { countdown.tags = [] } else if !tag.isEmpty { countdown.tags = CountdownTag.normalized(tag) }
            if let note { countdown.note = note }
            if noRepeat { countdown.recurrence = nil }
            if let every { countdown.recurrence = try TargetInput.recurrence(every, anchor: given) }
            countdown.target = countdown.firstOccurrence
            countdown.modified = now
            try countdown.validated()
            return (countdown, given)
        }
        if date != nil || time != nil || later || allDay || every != nil {
            printNotes(TargetInput.notes(for: countdown, given: given))
        }
        print(Rendering.line(countdown, at: clock, userZone: common.userZone))
    }
}

/// `countdowns archive ID [--undo]`
struct Archive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Archive a countdown (or bring it back with --undo).")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The id, or its first characters.") var id: String
    @Flag(help: "Unarchive.") var undo = false

    func run() async throws {
        let clock = try common.clock()
        // The user's own day decides what has passed.
        let userClock = ViewerClock.fixed(at: common.currentInstant(), timeZone: common.userZone)
        let store = try common.openStore()
        let found = try await store.resolve(id)
        let undo = undo
        // Looked at and changed in one transaction.
        let (countdown, changed) = try await store.update(id: found.id) { countdown -> (Countdown, Bool) in
            switch countdown.setArchived(!undo, at: userClock) {
            case .changed: return (countdown, true)
            case .unchanged: return (countdown, false)
            case .passedStaysArchived:
                throw CommandLineError.passedStaysArchived(title: countdown.title.terminalSafe, day: countdown.target.day(in: clock.timeZone),
                                                           id: String(countdown.id.uuidString.prefix(8)).lowercased())
            }
        }
        guard changed else {
            print("\(countdown.title.terminalSafe) is \(undo ? "not archived" : "already archived"); nothing changed.")
            return
        }
        print(Rendering.line(countdown, at: clock, userZone: common.userZone))
    }
}

/// `countdowns rm ID`
struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a countdown.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The id, or its first characters.") var id: String

    func run() async throws {
        let store = try common.openStore()
        let countdown = try await store.resolve(id)
        try await store.delete(id: countdown.id)
        print("Deleted \(countdown.title.terminalSafe) (\(Rendering.shortID(countdown))).")
    }
}

/// `countdowns export FILE.ics|FILE.json`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write all countdowns to an iCalendar (.ics) or JSON (.json) file.",
        discussion: """
        JSON holds every countdown as stored (a backup `countdowns import` reads back). iCalendar holds \
        those not in the archive, each at its wall-clock time in its own zone, repeats as RRULEs.
        """)

    @OptionGroup var common: CommonOptions
    @Argument(help: "The file to write.") var file: String
    @Option(parsing: .unconditionalSingleValue, help: "Also remind this many minutes before each countdown, as a calendar alarm (repeatable).") var remind: [Int] = []
    @Option(parsing: .unconditional, help: "How many minutes a timed countdown's calendar event lasts (default: 0, a moment).") var length: Int = 0

    func validate() throws {
        let kind = URL(fileURLWithPath: file).pathExtension.lowercased()
        guard kind == "json" || kind == "ics" else {
            throw Input.invalid("FILE", file, expected: "a file name ending in .ics or .json")
        }
    }

    func run() async throws {
        for minutes in remind { try Input.check(minutes, option: "--remind", in: CommonOptions.reminderMinutes) }
        try Input.check(length, option: "--length", in: 0...(366 * 1440))
        let kind = URL(fileURLWithPath: file).pathExtension.lowercased()
        let now = common.currentInstant()
        // A view: the database is read, never written, and never created.
        let stored = try await common.openExistingStore()?.all() ?? []
        let data: Data
        let count: Int
        if kind == "json" {
            data = try CountdownDocument(exported: now, countdowns: stored.sorted {
                $0.created != $1.created ? $0.created < $1.created : $0.id.uuidString < $1.id.uuidString
            }).jsonData()
            count = stored.count
        } else {
            let userClock = ViewerClock.fixed(at: now, timeZone: common.userZone)
            let active = stored.filter { !$0.current(at: userClock).isArchived }
            let calendar = ICalendar(countdowns: active, timestamp: now,
                                     leadTimes: remind.map { .seconds($0 * 60) }, timedEventLength: .seconds(length * 60))
            data = calendar.data
            count = calendar.events.count
        }
        try FileOutput.write(data, toPath: file)
        print("Wrote \(Plural.count(count, "countdown")) to \(file).")
    }
}

/// `countdowns import FILE.json`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read countdowns from a JSON export (same ids are replaced).",
        discussion: "Says what changed: how many countdowns were added, updated, and already there unchanged.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The JSON file (written by `countdowns export FILE.json`).") var file: String

    func run() async throws {
        let data = try FileInput.read(file)
        let outcome = try await common.openStore().importJSON(data)
        print("Imported \(file): \(outcome.added.count) added, \(outcome.updated.count) updated, "
            + "\(outcome.unchanged.count) already there unchanged.")
    }
}
