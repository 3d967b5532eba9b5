import AirdateCore
import CommandLineSupport
import CountdownKit
import Foundation

/// Text output for countdowns: one line each — short id, title, when (in the viewer's zone, and the
/// zone it was entered in when that is another), time left, then tags, repeat and archive marks —
/// fitted to the terminal's width by display columns.
enum Rendering {
    /// The columns of a line, before fitting.
    struct Row {
        var id: String
        var title: String
        var when: String
        var remaining: String
        /// The time left in fewer words ("in 8 months" for "in 7 months, 26 days"), for narrow lines.
        var shortRemaining: String
        var extras: String
    }

    /// The narrowest a title is cut to before the marks after it are given up.
    static let minimumTitleWidth = 12
    /// `2027-07-22 20:00`: the narrowest the "when" column is.
    static let whenWidth = 16

    /// One line for `countdown` as it stands at `clock` (its next occurrence; archived when it passed
    /// by the user's own day), fitted to `width` columns.
    static func line(_ countdown: Countdown, at clock: ViewerClock, userZone: TimeZone, withSeconds: Bool = false,
                     width: Int = Terminal.current().lineWidth) -> String {
        lines([countdown], grouping: nil, at: clock, userZone: userZone, withSeconds: withSeconds, width: width)[0]
    }

    /// The countdown as shown: as it stands at `clock`, by the user's own day.
    static func shown(_ countdown: Countdown, at clock: ViewerClock, userZone: TimeZone) -> Countdown {
        countdown.current(at: clock.inTimeZone(userZone))
    }

    /// The first eight characters of the id, in lower case: what the commands that take an id accept.
    static func shortID(_ countdown: Countdown) -> String { countdown.shortID }

    /// `2024-07-18` (all day) or `2024-03-10 20:00`, in the viewer's zone; a time entered in another
    /// zone names both: `2027-01-16 14:00 UTC (23:00 Asia/Tokyo)`.
    static func when(_ target: CountdownTarget, in zone: TimeZone) -> String {
        switch target {
        case .allDay(let day): return day.description
        case .timed(let time):
            let local = LocalDateTime(containing: time.date, in: zone)
            let shown = "\(local.day) \(two(local.time.hour)):\(two(local.time.minute))"
            guard let own = time.ownZoneNote(shownIn: zone) else { return shown }
            return "\(shown) \(zone.shownName) (\(own))"
        }
    }

    /// "in 3 days", "today", "2 hours ago" (and the shorter "in 8 months" for narrow lines); with
    /// seconds, a ticking clock: "in 3d 04:05:06", "00:00:12 ago".
    static func remaining(_ target: CountdownTarget, at clock: ViewerClock, withSeconds: Bool) -> (full: String, short: String) {
        let remaining = TimeRemaining(to: target, at: clock)
        if withSeconds, !remaining.isAllDay {
            if remaining.totalSeconds == 0 { return ("now", "now") }
            let text = remaining.isPast ? "\(remaining.clockText) ago" : "in \(remaining.clockText)"
            return (text, text)
        }
        let phrase = remaining.phrase
        let full = remaining.isPast || phrase == "today" || phrase == "now" ? phrase : "in \(phrase)"
        return (full, remaining.relativePhrase)
    }

    static func row(_ countdown: Countdown, at clock: ViewerClock, userZone: TimeZone, withSeconds: Bool) -> Row {
        let current = shown(countdown, at: clock, userZone: userZone)
        var extras = current.tags.map { "#\($0.name.terminalSafe)" }
        if let recurrence = current.recurrence { extras.append("↻ \(recurrence.frequency)") }
        if current.isArchived { extras.append("[archived]") }
        let left = remaining(current.target, at: clock, withSeconds: withSeconds)
        return Row(id: shortID(current), title: current.title.terminalSafe, when: when(current.target, in: clock.timeZone),
                   remaining: left.full, shortRemaining: left.short, extras: extras.joined(separator: " "))
    }

    /// The lines of a list (grouped under `== Section ==` headings when asked), each fitted to `width`.
    static func lines(_ countdowns: [Countdown], grouping: CountdownSection.Grouping?, at clock: ViewerClock, userZone: TimeZone,
                      withSeconds: Bool = false, width: Int) -> [String] {
        guard !countdowns.isEmpty else { return ["(no countdowns)"] }
        let clock = clock.frozen()
        let rows = Dictionary(countdowns.map { ($0.id, row($0, at: clock, userZone: userZone, withSeconds: withSeconds)) },
                              uniquingKeysWith: { first, _ in first })
        let layout = Layout(rows: Array(rows.values), width: width)
        guard let grouping else { return countdowns.compactMap { rows[$0.id].map(layout.line) } }
        var out: [String] = []
        // Sections are made from the countdowns as shown (a repeating one at its next occurrence).
        let current = countdowns.map { shown($0, at: clock, userZone: userZone) }
        for section in CountdownSection.sections(of: current, by: grouping, at: clock) {
            if !out.isEmpty { out.append("") }
            out.append("== \(section.title.terminalSafe) ==".fitted(toWidth: width))
            out += section.countdowns.compactMap { rows[$0.id].map(layout.line) }
        }
        return out
    }

    /// Column widths shared by the lines of one list, chosen so that every line fits `width`: titles
    /// first, then the time left (in fewer words when the full phrase does not fit), then the tags and
    /// marks, cut with "…" or left out.
    struct Layout {
        let width: Int
        let whenWidth: Int
        let titleWidth: Int
        let remainingWidth: Int
        let shortens: Bool

        init(rows: [Row], width: Int) {
            self.width = width
            whenWidth = max(Rendering.whenWidth, rows.map(\.when.displayWidth).max() ?? 0)
            let longestTitle = rows.map(\.title.displayWidth).max() ?? 0
            let longestExtras = rows.map(\.extras.displayWidth).max() ?? 0
            let full = rows.map(\.remaining.displayWidth).max() ?? 0
            let short = rows.map(\.shortRemaining.displayWidth).max() ?? 0
            let before = 8 + 2 + 2 + whenWidth + 2   // id, when and the gaps around the title
            let extras = longestExtras == 0 ? 0 : longestExtras + 2
            // Everything as it is, when it fits.
            if before + longestTitle + full + extras <= width {
                (titleWidth, remainingWidth, shortens) = (longestTitle, full, false)
                return
            }
            // Fewer words for the time left; the title keeps what it needs, down to a readable
            // minimum, with room kept for the first marks after it.
            shortens = short < full
            remainingWidth = shortens ? short : full
            let reserve = longestExtras == 0 ? 0 : min(longestExtras, 12) + 2
            titleWidth = min(longestTitle, max(Rendering.minimumTitleWidth, width - before - remainingWidth - reserve))
        }

        func line(_ row: Row) -> String {
            let remaining = shortens ? row.shortRemaining : row.remaining
            var text = "\(row.id)  \(row.title.column(titleWidth))  \(row.when.column(whenWidth))  "
            if row.extras.isEmpty {
                text += remaining
                while text.last == " " { text.removeLast() }
            } else {
                text += remaining.column(remainingWidth)
                let room = width - text.displayWidth - 2
                // Marks that no longer fit are cut with "…"; with too little room they are left out.
                if room >= 4 { text += "  " + row.extras.fitted(toWidth: room) }
                while text.last == " " { text.removeLast() }
            }
            return text.fitted(toWidth: width)
        }
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

/// `countdowns list --json`: the countdowns the text lists, in the same order.
///
/// ```json
/// {"now": "2026-11-24T10:00:00Z", "timeZone": "Europe/Berlin", "grouping": "when",
///  "countdowns": [{"id": "…", "shortID": "1a2b3c4d", "title": "Comic-Con", "allDay": true,
///                  "day": "2027-07-22", "time": null, "timeZone": null, "instant": "2027-07-21T22:00:00Z",
///                  "timeNote": null, "remaining": "7 months, 28 days", "relative": "in 8 months",
///                  "remainingSeconds": 20995200, "isPast": false, "tags": ["Cons"], "note": "",
///                  "repeat": "yearly", "archived": null, "created": "…", "modified": "…", "following": null}],
///  "sections": [{"title": "Later", "ids": ["…"]}]}
/// ```
///
/// Every key is always there (`null` when it has no value). A repeating countdown shows its next
/// occurrence, as the text does; `instant` is when it starts (an all-day one at the start of its day
/// in `timeZone`, the viewer's zone), `day`/`time`/`timeZone` the wall-clock time as given, `timeNote`
/// what a daylight-saving change does to that time that day; `repeat` is a name of the `--every`
/// vocabulary. `sections` is empty without `--group`.
struct ListDocument: Encodable {
    struct Following: Encodable {
        var catalog: String
        var showID: Int
        var event: String
        var showName: String
        var episode: String?
        var episodeTitle: String?
        var moves: Int

        enum CodingKeys: String, CodingKey { case catalog, showID, event, showName, episode, episodeTitle, moves }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(catalog, forKey: .catalog)
            try container.encode(showID, forKey: .showID)
            try container.encode(event, forKey: .event)
            try container.encode(showName, forKey: .showName)
            try container.encode(episode, forKey: .episode)
            try container.encode(episodeTitle, forKey: .episodeTitle)
            try container.encode(moves, forKey: .moves)
        }
    }

    struct Entry: Encodable {
        var id: String
        var shortID: String
        var title: String
        var allDay: Bool
        var day: CalendarDay
        var time: String?
        var timeZone: String?
        var instant: Date
        var timeNote: String?
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
        var following: Following?

        init(_ countdown: Countdown, at clock: ViewerClock, userZone: TimeZone) {
            let shown = Rendering.shown(countdown, at: clock, userZone: userZone)
            let remaining = TimeRemaining(to: shown.target, at: clock)
            id = countdown.id.uuidString.lowercased()
            shortID = Rendering.shortID(countdown)
            title = countdown.title
            allDay = shown.target.isAllDay
            switch shown.target {
            case .allDay(let value):
                day = value
                time = nil
                timeZone = nil
                timeNote = nil
            case .timed(let value):
                day = value.local.day
                time = value.local.time.description
                timeZone = value.timeZone.identifier
                timeNote = value.clockChangeNote
            }
            instant = shown.target.start(in: clock.timeZone)
            self.remaining = remaining.phrase
            relative = remaining.relativePhrase
            remainingSeconds = remaining.totalSeconds
            isPast = remaining.isPast
            tags = countdown.tags.map(\.name)
            note = countdown.note
            `repeat` = countdown.recurrence?.frequency.description
            archived = shown.archived
            created = countdown.created
            modified = countdown.modified
            following = countdown.following.map {
                Following(catalog: $0.catalog.rawValue, showID: $0.showID, event: $0.event.rawValue, showName: $0.showName,
                          episode: $0.episode?.code(.padded), episodeTitle: $0.episode?.title, moves: countdown.moves.count)
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, shortID, title, allDay, day, time, timeZone, instant, timeNote, remaining, relative, remainingSeconds
            case isPast, tags, note, `repeat`, archived, created, modified, following
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
            try container.encode(timeNote, forKey: .timeNote)
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
            try container.encode(following, forKey: .following)
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

    init(_ countdowns: [Countdown], grouping: CountdownSection.Grouping?, at clock: ViewerClock, userZone: TimeZone) {
        let clock = clock.frozen()
        now = clock.now
        timeZone = clock.timeZone.identifier
        self.grouping = grouping?.rawValue
        if let grouping {
            let current = countdowns.map { Rendering.shown($0, at: clock, userZone: userZone) }
            let grouped = CountdownSection.sections(of: current, by: grouping, at: clock)
            let byID = Dictionary(countdowns.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            sections = grouped.map { Section(title: $0.title, ids: $0.countdowns.map { $0.id.uuidString.lowercased() }) }
            self.countdowns = grouped.flatMap(\.countdowns).compactMap { byID[$0.id] }.map { Entry($0, at: clock, userZone: userZone) }
        } else {
            sections = []
            self.countdowns = countdowns.map { Entry($0, at: clock, userZone: userZone) }
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
