import AirdateCore
import ArgumentParser
import CommandLineSupport
import CountdownKit
import Foundation

/// The help text of `--every`, with the names `list` shows.
private let everyHelp = ArgumentHelp("Repeat: \(Recurrence.Frequency.vocabulary) (N from 2 to \(Recurrence.maximumDayInterval)).",
                                     valueName: "period")

/// `countdowns add TITLE DATE [--time HH:MM] [--tz ZONE] [--tag T]... [--note TEXT] [--every PERIOD]`
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Add a countdown.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The title.") var title: String
    @Argument(help: "The day, YYYY-MM-DD.") var date: String
    @Option(help: "The time, HH:MM (24-hour); without it the countdown is all-day.") var time: String?
    @Option(help: "The time zone of --time, such as America/New_York (default: the system's).") var tz: String?
    @Option(help: "A tag (repeatable).") var tag: [String] = []
    @Option(help: "A note.") var note: String = ""
    @Option(help: everyHelp) var every: String?

    func run() async throws {
        let reference = try common.reference()
        let target = try TargetInput.target(day: date, dayOption: "DATE", time: time, zone: tz)
        let recurrence = try every.map { try TargetInput.recurrence($0, anchor: target) }
        if title.allSatisfy(\.isWhitespace) {
            throw ValidationError(CountdownError.emptyTitle.errorDescription ?? "A countdown needs a title.")
        }
        let countdown = try Countdown(title: title, target: target, tags: CountdownTag.normalized(tag), note: note,
                                      created: Date(), recurrence: recurrence)
        let store = try common.openStore()
        try await store.insert(countdown)
        print(Rendering.line(countdown, at: reference))
    }
}

/// `countdowns list [--sort KEY[:desc]] [--tag T | --untagged] [--before DAY] [--after DAY] [--archived] [--group tag|when]`
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List countdowns (passed ones are archived, recurring ones roll on).",
        discussion: """
        Each line starts with the countdown's short id, which edit, archive and rm take.

        With --json, prints one JSON document instead: {"now", "timeZone", "grouping", \
        "countdowns": [{"id", "shortID", "title", "allDay", "day" (YYYY-MM-DD), "time" (HH:MM or null), \
        "timeZone", "instant" (ISO 8601), "remaining", "relative", "remainingSeconds", "isPast", "tags", \
        "note", "repeat" (a --every name or null), "archived", "created", "modified"}], \
        "sections": [{"title", "ids"}] (with --group)}. Every key is always present, null when empty.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "Sort by date, created, modified, tags or title, optionally with :asc or :desc.") var sort: String = "date"
    @Option(help: "Only countdowns with this tag (repeatable: all of them).") var tag: [String] = []
    @Flag(help: "Only countdowns without tags.") var untagged = false
    @Option(help: "Only countdowns before this day (YYYY-MM-DD).") var before: String?
    @Option(help: "Only countdowns after this day (YYYY-MM-DD).") var after: String?
    @Option(parsing: .unconditional, help: "Only countdowns within this many days from today (0 to \(CountdownFilter.maximumDays)).") var within: Int?
    @Option(help: "Only countdowns whose title or note contains this text.") var search: String?
    @Flag(help: "Show archived countdowns instead of active ones.") var archived = false
    @Flag(help: "Show active and archived countdowns.") var all = false
    @Option(help: "Group by \(Input.groupingNames).") var group: String?
    @Flag(help: "Do not archive passed countdowns first.") var noAutoArchive = false
    @Flag(help: "Print one JSON document (see the discussion above).") var json = false

    func run() async throws {
        let reference = try common.reference()
        let (filter, order, grouping) = (try filter(), try order(), try Input.grouping(group, option: "--group"))
        let store = try common.openStore()
        if !noAutoArchive { try await store.autoArchive(at: reference) }
        let shown = try await store.countdowns(matching: filter, sortedBy: order, at: reference)
        if json {
            try JSONOutput.print(ListDocument(shown, grouping: grouping, at: reference))
        } else {
            for line in Rendering.lines(shown, grouping: grouping, at: reference) { print(line) }
        }
    }

    func order() throws -> CountdownSort {
        guard let order = CountdownSort(sort) else {
            throw Input.invalid("--sort", sort, expected: "date, created, modified, tags or title, optionally with :asc or :desc")
        }
        return order
    }

    func filter() throws -> CountdownFilter {
        if untagged && !tag.isEmpty { throw ValidationError("Use either --tag or --untagged, not both.") }
        if archived && all { throw ValidationError("Use either --archived or --all, not both.") }
        var parts: [CountdownFilter] = [.scope(all ? .all : archived ? .archived : .active)]
        if untagged { parts.append(.untagged) }
        if !tag.isEmpty { parts.append(.allOfTags(CountdownTag.normalized(tag))) }
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

/// `countdowns edit ID [--title T] [--date DAY] [--time HH:MM] [--tz ZONE] [--tag T]... [--note N] [--every P | --no-repeat]`
struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Change a countdown.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The id, or its first characters.") var id: String
    @Option(help: "A new title.") var title: String?
    @Option(help: "A new day, YYYY-MM-DD.") var date: String?
    @Option(help: "A new time, HH:MM.") var time: String?
    @Option(help: "The time zone of --time.") var tz: String?
    @Flag(help: "Make it all-day (drops the time).") var allDay = false
    @Option(help: "Replace the tags (repeatable).") var tag: [String] = []
    @Flag(help: "Remove all tags.") var noTags = false
    @Option(help: "A new note.") var note: String?
    @Option(help: everyHelp) var every: String?
    @Flag(help: "Stop repeating.") var noRepeat = false

    func run() async throws {
        if allDay && time != nil { throw ValidationError("Use either --time or --all-day, not both.") }
        if noRepeat && every != nil { throw ValidationError("Use either --every or --no-repeat, not both.") }
        if noTags && !tag.isEmpty { throw ValidationError("Use either --tag or --no-tags, not both.") }
        if let date { _ = try Input.day(date, option: "--date") }
        if let every { _ = try Input.frequency(every, option: "--every") }
        if let title, title.allSatisfy(\.isWhitespace) {
            throw ValidationError(CountdownError.emptyTitle.errorDescription ?? "A countdown needs a title.")
        }
        let reference = try common.reference()
        let store = try common.openStore()
        let found = try await store.resolve(id)
        let (title, date, time, tz, allDay) = (title, date, time, tz, allDay)
        let (tag, noTags, note, noRepeat, every) = (tag, noTags, note, noRepeat, every)
        // Read, changed and written in one transaction: an edit another process makes meanwhile is kept.
        let countdown = try await store.update(id: found.id) { countdown in
            if let title { try countdown.rename(title) }
            if date != nil || time != nil || tz != nil || allDay {
                var current: (day: String, time: String?, zone: String?)
                switch countdown.target {
                case .allDay(let day): current = (day.description, nil, nil)
                case .instant(let instant, let zone):
                    let local = LocalDateTime(containing: instant, in: zone)
                    current = (local.day.description, local.time.description, zone.identifier)
                }
                let newTime = allDay ? nil : (time ?? current.time)
                countdown.target = try TargetInput.target(day: date ?? current.day, dayOption: "--date", time: newTime,
                                                          zone: newTime == nil ? nil : (tz ?? current.zone))
            }
            if noTags { countdown.tags = [] } else if !tag.isEmpty { countdown.tags = CountdownTag.normalized(tag) }
            if let note { countdown.note = note }
            if noRepeat { countdown.recurrence = nil }
            if let every { countdown.recurrence = try TargetInput.recurrence(every, anchor: countdown.target) }
            countdown.modified = Date()
            return countdown
        }
        print(Rendering.line(countdown, at: reference))
    }
}

/// `countdowns archive ID [--undo]`
struct Archive: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Archive a countdown (or bring it back with --undo).")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The id, or its first characters.") var id: String
    @Flag(help: "Unarchive.") var undo = false

    func run() async throws {
        let reference = try common.reference()
        let store = try common.openStore()
        let found = try await store.resolve(id)
        let undo = undo
        // Looked at and changed in one transaction.
        let (countdown, changed) = try await store.update(id: found.id) { countdown in
            // Changes nothing when it already is as asked.
            guard countdown.isArchived == undo else { return (countdown, false) }
            let now = Date()
            countdown.archived = undo ? nil : now
            countdown.modified = now
            return (countdown, true)
        }
        guard changed else {
            print("\(countdown.title) is \(undo ? "not archived" : "already archived"); nothing changed.")
            return
        }
        print(Rendering.line(countdown, at: reference))
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
        print("Deleted \(countdown.title) (\(Rendering.shortID(countdown))).")
    }
}

/// `countdowns export FILE.ics|FILE.json`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Write all countdowns to an iCalendar (.ics) or JSON (.json) file.")

    @OptionGroup var common: CommonOptions
    @Argument(help: "The file to write.") var file: String
    @Option(parsing: .unconditionalSingleValue, help: "Also remind this many minutes before each countdown, as a calendar alarm (repeatable).") var remind: [Int] = []
    @Option(parsing: .unconditional, help: "How many minutes a timed countdown's calendar event lasts (default: 0, a moment).") var length: Int = 0

    func run() async throws {
        for minutes in remind { try Input.check(minutes, option: "--remind", in: CommonOptions.reminderMinutes) }
        try Input.check(length, option: "--length", in: 0...(366 * 1440))
        let url = URL(fileURLWithPath: file)
        let kind = url.pathExtension.lowercased()
        guard kind == "json" || kind == "ics" else {
            throw Input.invalid("FILE", file, expected: "a file name ending in .ics or .json")
        }
        let store = try common.openStore()
        let data: Data
        let count: Int
        if kind == "json" {
            data = try await store.exportJSON(at: Date())
            count = try await store.all().count
        } else {
            let calendar = ICalendar(countdowns: try await store.all().filter { !$0.isArchived }, timestamp: Date(),
                                     leadTimes: remind.map { .seconds($0 * 60) }, timedEventLength: .seconds(length * 60))
            data = calendar.data
            count = calendar.events.count
        }
        try FileOutput.write(data, toPath: file)
        print("Wrote \(count) countdown\(count == 1 ? "" : "s") to \(file).")
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
