import AirdateCore
import CountdownKit
import Foundation

/// The countdowns' pages: the list (with the add form, sorting and filters), the archive, and one
/// countdown's page (edit, archive, delete).
enum CountdownPages {
    static let live = "/countdowns/events"

    static func document(_ title: String, theme: Theme, path: String, current: String, main: String) -> String {
        func link(_ href: String, _ key: String, _ text: String) -> String {
            "<a href=\"\(href)\"\(current == key ? " aria-current=\"page\"" : "")>\(text)</a>"
        }
        let sub = "<nav class=\"subnav\" aria-label=\"Countdowns\">\(link("/countdowns", "active", "Countdowns")) \(link("/countdowns?scope=archived", "archived", "Archive")) \(link("/countdowns?scope=all", "all", "All"))</nav>"
        return Pages.document(title: title, tab: .countdowns, theme: theme, eventID: nil, returnPath: path, main: sub + "\n" + main,
                              feeds: "<a href=\"/countdowns.ics\">Countdowns as a calendar</a> · <a href=\"/reminders\">Upcoming reminders (JSON)</a> · Live: <code>countdowns</code> changes appear here by themselves.",
                              live: live)
    }

    /// The time left to `target`, as the page's script ticks it: the span counts to the target's
    /// first instant (an all-day target's start of day in the viewer's zone) and says the time left in
    /// words for a page without a script.
    static func timeLeft(_ target: CountdownTarget, at clock: ViewerClock) -> String {
        "<span class=\"left\" data-until=\"\(iso(target.start(in: clock.timeZone)))\"\(target.isAllDay ? " data-all-day" : "")>\(HTML.escape(remaining(target, at: clock)))</span>"
    }

    /// `2027-01-16T14:00:00Z` (a value type: no formatter object made per call).
    static let isoStyle = Date.ISO8601FormatStyle()

    static func iso(_ date: Date) -> String {
        isoStyle.format(date)
    }

    /// "in 3 days, 4 hours", "today", "2 hours ago".
    static func remaining(_ target: CountdownTarget, at clock: ViewerClock) -> String {
        let remaining = TimeRemaining(to: target, at: clock)
        let phrase = remaining.phrase
        if remaining.isPast || phrase == "today" || phrase == "now" { return phrase }
        return "in " + phrase
    }

    /// `Monday, Nov 30, 2026` (all day) or `Monday, Nov 30, 2026 at 20:00`, in the viewer's zone, with
    /// the countdown's own zone and time when it is another.
    static func when(_ target: CountdownTarget, in zone: TimeZone) -> String {
        switch target {
        case .allDay(let day):
            return "<time datetime=\"\(day)\">\(SchedulePages.dayHeading(day)), \(day.year)</time> · all day"
        case .timed(let time):
            let local = LocalDateTime(containing: time.date, in: zone)
            var text = "<time datetime=\"\(iso(time.date))\">\(SchedulePages.dayHeading(local.day)), \(local.day.year) at \(SchedulePages.time(time.date, in: zone))</time>"
            if time.timeZone.identifier != zone.identifier {
                text += " <span class=\"numbers\">(\(time.actualLocal.time) in \(HTML.escape(time.timeZone.identifier)))</span>"
            }
            if let note = time.clockChangeNote { text += " <span class=\"numbers\">\(HTML.escape(note))</span>" }
            return text
        }
    }

    static func repeatText(_ recurrence: Recurrence) -> String {
        switch recurrence.frequency {
        case .yearly: "every year"
        case .monthly: "every month"
        case .monthlyOnLastDay: "on the last day of every month"
        case .weekly: "every week"
        case .weeklyOn(let days): "every " + days.sorted().map(\.name).joined(separator: ", ")
        case .everyDays(1): "every day"
        case .everyDays(let n): "every \(n) days"
        }
    }

    static func tagChips(_ tags: [CountdownTag], query: CountdownQuery?) -> String {
        guard !tags.isEmpty else { return "" }
        let chips = tags.map { tag in
            let href = query?.link(["tag": [tag.name], "untagged": nil]) ?? "/countdowns?tag=\(HTML.queryValue(tag.name))"
            return "<a class=\"tag\" href=\"\(HTML.escape(href))\">\(HTML.escape(tag.name))</a>"
        }
        return "<p class=\"tags\">\(chips.joined(separator: " "))</p>"
    }

    static func card(_ countdown: Countdown, clock: ViewerClock, query: CountdownQuery, returnPath: String) -> String {
        let id = countdown.id.uuidString.lowercased()
        let zone = clock.timeZone
        let target = countdown.target
        let archived = countdown.isArchived
        let repeatLine = countdown.recurrence.map { "<p class=\"numbers\">Repeats \(repeatText($0)).</p>" } ?? ""
        let following = countdown.following.map { "<p class=\"numbers\">Follows \(HTML.escape($0.showName))\($0.episode?.code(.padded).map { " \(HTML.escape($0))" } ?? "") on \(HTML.escape($0.catalog.rawValue)).</p>" } ?? ""
        let note = countdown.note.isEmpty ? "" : "<p class=\"note\">\(HTML.escape(countdown.note))</p>"
        return """
        <li class="countdown\(archived ? " archived" : "")" id="c-\(id)" data-id="\(id)"><h3><a href="/countdowns/\(id)">\(HTML.escape(countdown.title))</a></h3>
        <p class="remaining">\(timeLeft(target, at: clock))</p>
        <p class="when">\(when(target, in: zone))</p>
        \(tagChips(countdown.tags, query: query))\(note)\(repeatLine)\(following)
        <form class="inline" method="post" action="/countdowns/\(id)/archive"><input type="hidden" name="return" value="\(HTML.escape(returnPath))">\(archived ? "<input type=\"hidden\" name=\"undo\" value=\"1\">" : "")<button type="submit">\(archived ? "Unarchive" : "Archive")</button></form>
        <a class="button" href="/countdowns/\(id)">Edit</a></li>
        """
    }

    /// The fields of the add and edit forms, filled with `countdown` (or empty).
    static func fields(_ countdown: Countdown?, zone: TimeZone) -> String {
        var day = "", time = "", zoneName = "", tags = "", note = "", every = ""
        if let countdown {
            day = countdown.target.ownDay.description
            if case .timed(let value) = countdown.target {
                time = value.local.time.description
                zoneName = value.timeZone.identifier
            }
            tags = countdown.tags.map(\.name).joined(separator: ", ")
            note = countdown.note
            every = countdown.recurrence?.frequency.description ?? ""
        }
        let repeats = ["", "daily", "weekly", "monthly", "monthly-last-day", "yearly"]
        let options = repeats.map { "<option value=\"\($0)\">" }.joined()
        return """
        <label>Title <input type="text" name="title" required maxlength="\(Countdown.Limits.titleLength)" value="\(HTML.escape(countdown?.title ?? ""))"></label>
        <label>Day <input type="date" name="date" required value="\(day)"></label>
        <label>Time <input type="time" name="time" value="\(time)"> <span class="numbers">empty: all day</span></label>
        <label>Time zone <input type="text" name="zone" value="\(HTML.escape(zoneName))" placeholder="\(HTML.escape(zone.identifier))" list="zones" autocomplete="off"></label>
        <label>Tags <input type="text" name="tags" value="\(HTML.escape(tags))" placeholder="Anime, Premiere"> <span class="numbers">comma separated</span></label>
        <label>Repeats <input type="text" name="every" value="\(HTML.escape(every))" list="repeats" placeholder="never" autocomplete="off"> <span class="numbers">daily, weekly, weekly:mon,wed, monthly, monthly-last-day, yearly, every-3-days</span></label>
        <datalist id="repeats">\(options)</datalist>
        <datalist id="zones"><option value="\(HTML.escape(zone.identifier))"><option value="UTC"><option value="America/New_York"><option value="Europe/London"><option value="Asia/Tokyo"></datalist>
        <label class="wide">Note <textarea name="note" rows="3" maxlength="\(Countdown.Limits.noteLength)">\(HTML.escape(note))</textarea></label>
        """
    }

    static func list(_ listing: CountdownListing, query: CountdownQuery, clock: ViewerClock, userZone: TimeZone, theme: Theme) -> String {
        let returnPath = query.link([:])
        let shown = listing.countdowns
        let allTags = listing.tags
        let total = listing.total
        let cards = shown.map { card($0, clock: clock, query: query, returnPath: returnPath) }.joined(separator: "\n")
        let heading: String
        switch query.scope {
        case .active: heading = "Countdowns"
        case .archived: heading = "Archive"
        case .all: heading = "All countdowns"
        }
        let sortOptions = CountdownQuery.sorts.map { value, label in
            "<option value=\"\(value)\"\(query.order.description == value ? " selected" : "")>\(label)</option>"
        }.joined()
        let tagBoxes = allTags.map { tag in
            "<label><input type=\"checkbox\" name=\"tag\" value=\"\(HTML.escape(tag.name))\"\(query.tags.contains(tag) ? " checked" : "")> \(HTML.escape(tag.name))</label>"
        }.joined(separator: " ")
        let filterForm = """
        <form class="countdown-filter" method="get" action="/countdowns">
        <input type="hidden" name="scope" value="\(query.scope.rawValue)">
        <label>Sort <select name="sort">\(sortOptions)</select></label>
        <label>From <input type="date" name="from" value="\(query.from?.description ?? "")"></label>
        <label>To <input type="date" name="to" value="\(query.to?.description ?? "")"></label>
        <label>Text <input type="search" name="q" value="\(HTML.escape(query.text))"></label>
        \(allTags.isEmpty ? "" : "<fieldset class=\"tag-boxes\"><legend>With every tag</legend>\(tagBoxes) <label><input type=\"checkbox\" name=\"untagged\" value=\"1\"\(query.untagged ? " checked" : "")> untagged</label></fieldset>")
        <button type="submit">Apply</button>\(query.isFiltered ? " <a href=\"\(HTML.escape(query.clearedLink))\">Clear filters</a>" : "")
        </form>
        """
        let addForm = query.scope == .archived ? "" : """
        <details class="add-countdown"\(total == 0 ? " open" : "")><summary>Add a countdown</summary>
        <form class="countdown-form" method="post" action="/countdowns/add">\(fields(nil, zone: clock.timeZone))<button type="submit">Add</button></form>
        </details>
        """
        let count = query.isFiltered ? "\(shown.count) match\(shown.count == 1 ? "es" : "")" : "\(shown.count) countdown\(shown.count == 1 ? "" : "s")"
        let empty: String
        if total == 0 {
            empty = "<p class=\"empty\">No countdowns yet. Add one above, or with <code>countdowns add</code>.</p>"
        } else if query.scope == .archived {
            empty = "<p class=\"empty\">\(query.isFiltered ? "Nothing in the archive matches." : "The archive is empty: countdowns go there when they pass or are archived.")</p>"
        } else {
            empty = "<p class=\"empty\">\(query.isFiltered ? "No countdown matches these filters." : "No active countdowns; see the archive.")</p>"
        }
        let main = """
        <h1>\(heading)</h1>
        \(addForm)
        \(filterForm)
        <div id="live">
        <p class="numbers" id="countdown-count">\(count) · times in \(HTML.escape(clock.timeZone.identifier))</p>
        \(shown.isEmpty ? empty : "<ul class=\"countdowns\" id=\"countdowns\">\n\(cards)</ul>")
        </div>
        """
        return document(heading, theme: theme, path: returnPath, current: query.scope.rawValue, main: main)
    }

    static func detail(_ stored: Countdown, clock: ViewerClock, userZone: TimeZone, theme: Theme) -> String {
        let countdown = stored.current(at: clock.inTimeZone(userZone))
        let id = stored.id.uuidString.lowercased()
        let zone = clock.timeZone
        let path = "/countdowns/\(id)"
        let revision = stored.revision
        var occurrences = ""
        if stored.recurrence != nil {
            let next = stored.upcomingOccurrences(after: clock.now, in: zone, limit: 5)
            occurrences = "<h2>Next times</h2><ul class=\"occurrences\">" + next.map { "<li>\(when($0, in: zone))</li>" }.joined() + "</ul>"
        }
        var moves = ""
        if !stored.moves.isEmpty {
            moves = "<h2>Moves</h2><ul class=\"moves\">" + stored.moves.suffix(10).reversed().map { move in
                "<li>\(HTML.escape(move.kind.rawValue)): \(when(move.from, in: zone)) → \(when(move.to, in: zone))</li>"
            }.joined() + "</ul>"
        }
        let archived = countdown.isArchived
        let main = """
        <div id="live" data-revision="\(revision)">
        <h1>\(HTML.escape(stored.title))</h1>
        <p class="remaining big">\(timeLeft(countdown.target, at: clock))</p>
        <p class="when">\(when(countdown.target, in: zone))\(archived ? " · <span class=\"plan-status paused\">archived</span>" : "")</p>
        \(tagChips(stored.tags, query: nil))
        \(stored.note.isEmpty ? "" : "<p class=\"note\">\(HTML.escape(stored.note))</p>")
        \(stored.recurrence.map { "<p>Repeats \(repeatText($0)).</p>" } ?? "")
        \(occurrences)
        </div>
        <h2>Edit</h2>
        <p id="stale-note" class="stale" role="alert" hidden>Changed elsewhere since this page was opened: <a href="\(path)">reload</a> before saving, or the change is refused.</p>
        <form class="countdown-form" method="post" action="/countdowns/\(id)/edit"><input type="hidden" name="revision" value="\(revision)">\(fields(stored, zone: zone))<button type="submit">Save</button></form>
        <div class="actions">
        <form class="inline" method="post" action="/countdowns/\(id)/archive"><input type="hidden" name="return" value="\(path)">\(archived ? "<input type=\"hidden\" name=\"undo\" value=\"1\">" : "")<button type="submit">\(archived ? "Unarchive" : "Archive")</button></form>
        <form class="inline delete" method="post" action="/countdowns/\(id)/delete"><input type="hidden" name="revision" value="\(revision)"><button type="submit" class="danger">Delete</button></form>
        </div>
        \(moves)
        <p class="numbers">Created <time datetime="\(iso(stored.created))">\(iso(stored.created))</time> · changed <time datetime="\(iso(stored.modified))">\(iso(stored.modified))</time> · id <code>\(id.prefix(8))</code> (<code>countdowns edit \(id.prefix(8))</code>)</p>
        """
        return document(stored.title, theme: theme, path: path, current: "", main: main)
    }
}

extension CountdownQuery {
    /// The list with the same scope and order, without filters.
    var clearedLink: String {
        var pairs: [(name: String, value: String)] = []
        if scope != .active { pairs.append(("scope", scope.rawValue)) }
        if order != CountdownSort(.date) { pairs.append(("sort", order.description)) }
        let text = FormFields(pairs: pairs).encoded
        return "/countdowns" + (text.isEmpty ? "" : "?" + text)
    }
}
