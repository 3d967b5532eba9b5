import AirdateCore
import CountdownKit
import Foundation

/// Text output for countdowns.
enum Rendering {
    /// One line: short id, title, when, time remaining, tags.
    static func line(_ countdown: Countdown, at reference: ViewerClock, withSeconds: Bool = false) -> String {
        let countdown = shown(countdown, at: reference)
        let remaining = TimeRemaining(to: countdown.target, at: reference)
        let id = shortID(countdown)
        var parts = [id, pad(countdown.title, 28), pad(when(countdown.target, in: reference.timeZone), 22)]
        var phrase = remaining.phrase
        if withSeconds, !remaining.isAllDay {
            let total = abs(remaining.totalSeconds)
            phrase = "\(remaining.isPast ? "-" : "")\(total / 86_400)d \(two(total % 86_400 / 3600)):\(two(total % 3600 / 60)):\(two(total % 60))"
        }
        parts.append(pad("\(phrase) (\(remaining.relativePhrase))", 36))
        if !countdown.tags.isEmpty { parts.append(countdown.tags.map { "#\($0.name)" }.joined(separator: " ")) }
        if let recurrence = countdown.recurrence { parts.append("↻ \(recurrence.frequency)") }
        if countdown.isArchived { parts.append("[archived]") }
        return parts.joined(separator: "  ")
    }

    /// The countdown as listed: a recurring one at its next occurrence.
    static func shown(_ countdown: Countdown, at reference: ViewerClock) -> Countdown {
        var countdown = countdown
        if !countdown.isArchived, let next = countdown.nextOccurrence(after: reference.now, in: reference.timeZone) {
            countdown.target = next
        }
        return countdown
    }

    /// The first eight characters of the id, in lower case: what the commands that take an id accept.
    static func shortID(_ countdown: Countdown) -> String {
        String(countdown.id.uuidString.prefix(8)).lowercased()
    }

    /// `2024-07-18 (all day)` or `2024-03-10 20:00 America/New_York`.
    static func when(_ target: CountdownTarget, in zone: TimeZone) -> String {
        switch target {
        case .allDay(let day): return "\(day) (all day)"
        case .instant(let date, let ownZone):
            let local = LocalDateTime(containing: date, in: ownZone)
            return "\(local.day) \(two(local.time.hour)):\(two(local.time.minute)) \(ownZone.identifier == zone.identifier ? "" : ownZone.identifier)"
        }
    }

    static func lines(_ countdowns: [Countdown], grouping: CountdownSection.Grouping?, at reference: ViewerClock, withSeconds: Bool = false) -> [String] {
        guard !countdowns.isEmpty else { return ["(no countdowns)"] }
        guard let grouping else { return countdowns.map { line($0, at: reference, withSeconds: withSeconds) } }
        var out: [String] = []
        for section in CountdownSection.sections(of: countdowns, by: grouping, at: reference) {
            if !out.isEmpty { out.append("") }
            out.append("== \(section.title) ==")
            out += section.countdowns.map { line($0, at: reference, withSeconds: withSeconds) }
        }
        return out
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// `countdowns list --json`: the countdowns the text lists, in the same order.
///
/// ```json
/// {"now": "2026-11-24T10:00:00Z", "timeZone": "Europe/Berlin", "grouping": "when",
///  "countdowns": [{"id": "…", "shortID": "1a2b3c4d", "title": "Comic-Con", "allDay": true,
///                  "day": "2027-07-22", "time": null, "timeZone": null, "instant": "2027-07-21T22:00:00Z",
///                  "remaining": "7 months, 28 days", "relative": "in 8 months", "remainingSeconds": 20995200,
///                  "isPast": false, "tags": ["Cons"], "note": "", "repeat": "yearly", "archived": null,
///                  "created": "…", "modified": "…"}],
///  "sections": [{"title": "Later", "ids": ["…"]}]}
/// ```
///
/// Every key is always there (`null` when it has no value). A repeating countdown shows its next
/// occurrence, as the text does; `instant` is when it starts (an all-day one at the start of its day
/// in `timeZone`, the viewer's zone), `day`/`time`/`timeZone` as written when it was added; `repeat`
/// is a name of the `--every` vocabulary. `sections` is empty without `--group`.
struct ListDocument: Encodable {
    struct Entry: Encodable {
        var id: String
        var shortID: String
        var title: String
        var allDay: Bool
        var day: CalendarDay
        var time: String?
        var timeZone: String?
        var instant: Date
        var remaining: String
        var relative: String
        var remainingSeconds: Int
        var isPast: Bool
        var tags: [String]
        var note: String
        var `repeat`: String?
        var archived: Date?
        var created: Date
        var modified: Date

        init(_ countdown: Countdown, at reference: ViewerClock) {
            let shown = Rendering.shown(countdown, at: reference)
            let remaining = TimeRemaining(to: shown.target, at: reference)
            id = countdown.id.uuidString.lowercased()
            shortID = Rendering.shortID(countdown)
            title = countdown.title
            allDay = shown.target.isAllDay
            switch shown.target {
            case .allDay(let value):
                day = value
                time = nil
                timeZone = nil
            case .instant(let date, let zone):
                let local = LocalDateTime(containing: date, in: zone)
                day = local.day
                time = local.time.description
                timeZone = zone.identifier
            }
            instant = shown.target.start(in: reference.timeZone)
            self.remaining = remaining.phrase
            relative = remaining.relativePhrase
            remainingSeconds = remaining.totalSeconds
            isPast = remaining.isPast
            tags = countdown.tags.map(\.name)
            note = countdown.note
            `repeat` = countdown.recurrence?.frequency.description
            archived = countdown.archived
            created = countdown.created
            modified = countdown.modified
        }

        enum CodingKeys: String, CodingKey {
            case id, shortID, title, allDay, day, time, timeZone, instant, remaining, relative, remainingSeconds
            case isPast, tags, note, `repeat`, archived, created, modified
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(shortID, forKey: .shortID)
            try container.encode(title, forKey: .title)
            try container.encode(allDay, forKey: .allDay)
            try container.encode(day, forKey: .day)
            try container.encode(time, forKey: .time)
            try container.encode(timeZone, forKey: .timeZone)
            try container.encode(instant, forKey: .instant)
            try container.encode(remaining, forKey: .remaining)
            try container.encode(relative, forKey: .relative)
            try container.encode(remainingSeconds, forKey: .remainingSeconds)
            try container.encode(isPast, forKey: .isPast)
            try container.encode(tags, forKey: .tags)
            try container.encode(note, forKey: .note)
            try container.encode(`repeat`, forKey: .repeat)
            try container.encode(archived, forKey: .archived)
            try container.encode(created, forKey: .created)
            try container.encode(modified, forKey: .modified)
        }
    }

    struct Section: Encodable {
        var title: String
        var ids: [String]
    }

    var now: Date
    var timeZone: String
    var grouping: String?
    var countdowns: [Entry]
    var sections: [Section]

    init(_ countdowns: [Countdown], grouping: CountdownSection.Grouping?, at reference: ViewerClock) {
        now = reference.now
        timeZone = reference.timeZone.identifier
        self.grouping = grouping?.rawValue
        if let grouping {
            let grouped = CountdownSection.sections(of: countdowns, by: grouping, at: reference)
            sections = grouped.map { Section(title: $0.title, ids: $0.countdowns.map { $0.id.uuidString.lowercased() }) }
            self.countdowns = grouped.flatMap(\.countdowns).map { Entry($0, at: reference) }
        } else {
            sections = []
            self.countdowns = countdowns.map { Entry($0, at: reference) }
        }
    }

    enum CodingKeys: String, CodingKey { case now, timeZone, grouping, countdowns, sections }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(now, forKey: .now)
        try container.encode(timeZone, forKey: .timeZone)
        try container.encode(grouping, forKey: .grouping)
        try container.encode(countdowns, forKey: .countdowns)
        try container.encode(sections, forKey: .sections)
    }
}
