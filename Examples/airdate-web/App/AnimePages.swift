import AirdateCore
import AnimePlanner
import Foundation
import JikanClient

/// The anime planner's pages: home lists, search, plan preview, month calendar, statistics.
enum AnimePages {
    static let live = "/anime/events"

    static func document(_ title: String, theme: Theme, path: String, main: String) -> String {
        let sub = """
        <nav class="subnav" aria-label="Anime planner"><a href="/anime"\(path == "/anime" ? " aria-current=\"page\"" : "")>Home</a> <a href="/anime/search"\(path.hasPrefix("/anime/search") ? " aria-current=\"page\"" : "")>Search</a> <a href="/anime/calendar"\(path.hasPrefix("/anime/calendar") ? " aria-current=\"page\"" : "")>Calendar</a> <a href="/anime/stats"\(path.hasPrefix("/anime/stats") ? " aria-current=\"page\"" : "")>Statistics</a></nav>
        """
        return Pages.document(title: title, tab: .anime, theme: theme, eventID: nil, returnPath: path, main: sub + "\n" + main,
                              feeds: "<a href=\"/anime.ics\">Plans as a calendar (with reminders)</a> · Live: <code>animeplan</code> changes appear here by themselves.",
                              live: live)
    }

    static func status(_ status: PlanStatus) -> (text: String, kind: String) {
        switch status {
        case .ahead(let count): ("ahead by \(count)", "ahead")
        case .onTrack: ("on track", "on-track")
        case .behind(let count): ("behind by \(count)", "behind")
        case .completed(let day): ("completed on \(day)", "completed")
        case .paused(let day): ("paused since \(day)", "paused")
        case .dropped(let day): ("dropped on \(day)", "dropped")
        case .queued(let day): ("queued since \(day)", "paused")
        }
    }

    static func episodes(_ range: ClosedRange<Int>) -> String {
        range.count == 1 ? "episode \(range.lowerBound)" : "episodes \(range.lowerBound)–\(range.upperBound)"
    }

    static func home(_ shows: [TrackedShow], today: CalendarDay, offline: Bool, theme: Theme) -> String {
        let watching = shows.filter { show in
            guard !show.isCompleted else { return false }
            if case .dropped = show.state { return false }
            return true
        }
        let completed = shows.filter(\.isCompleted)
        var todayCount = 0
        func card(_ show: TrackedShow) -> String {
            let (text, kind) = status(show.status(on: today))
            var todayText = "Nothing planned today."
            if show.isActive, !show.isCompleted, let range = show.plan.episodes(on: today), range.upperBound > show.watchedThrough {
                let left = max(range.lowerBound, show.watchedThrough + 1)...range.upperBound
                todayCount += left.count
                todayText = "Today: \(episodes(left))."
            } else if show.isActive, !show.isCompleted, let next = show.plan.days.first(where: { $0.day > today && $0.episodes.upperBound > show.watchedThrough }) {
                todayText = "Next: \(SchedulePages.dayHeading(next.day)), \(episodes(next.episodes))."
            }
            let total = show.show.episodeCount
            let progress = total.map { "<progress max=\"\($0)\" value=\"\(min(show.watchedThrough, $0))\" aria-label=\"\(show.watchedThrough) of \($0) episodes watched\"></progress> \(show.watchedThrough)/\($0)" }
                ?? "\(show.watchedThrough) watched (airing)"
            let nextEpisode = min(show.watchedThrough + 1, total ?? Int.max)
            let form = show.isCompleted ? "" : """
            <form class="progress-form" method="post" action="/anime/watch"><input type="hidden" name="id" value="\(show.id)"><input type="hidden" name="return" value="/anime"><label>Watched through episode <input type="number" name="episode" min="1" max="\(total ?? PlannerLimits.episodes.upperBound)" value="\(nextEpisode)" inputmode="numeric"></label> <button type="submit">Save</button></form>
            """
            return """
            <li class="anime-card" id="show-\(show.id)"><h3>\(HTML.escape(show.show.title))</h3>
            <p><span class="plan-status \(kind)">\(HTML.escape(text))</span> · \(progress)</p>
            <p class="today-line">\(HTML.escape(todayText))</p>
            \(show.projectedFinish.map { "<p class=\"numbers\">Finishing \(Pages.day($0))</p>" } ?? "")
            \(form)</li>
            """
        }
        let watchingHTML = watching.map(card).joined(separator: "\n")
        let completedHTML = completed.map(card).joined(separator: "\n")
        let main = """
        <h1>Anime plan · \(SchedulePages.dayHeading(today)), \(today.year)</h1>
        <p class="today-count" id="today-count">\(todayCount == 0 ? "Nothing left to watch today." : "\(todayCount) episode\(todayCount == 1 ? "" : "s") to watch today.")\(offline ? " <span class=\"offline\">offline snapshot: today is \(today)</span>" : "")</p>
        <h2>Watching</h2>
        \(watching.isEmpty ? "<p class=\"empty\">Nothing tracked. <a href=\"/anime/search\">Search for a show</a> to plan it.</p>" : "<ul class=\"anime-list\" id=\"watching\">\n\(watchingHTML)</ul>")
        <h2>Completed</h2>
        \(completed.isEmpty ? "<p class=\"empty\">No show completed yet.</p>" : "<ul class=\"anime-list\" id=\"completed\">\n\(completedHTML)</ul>")
        """
        return document("Anime plan", theme: theme, path: "/anime", main: main)
    }

    static func search(_ text: String, results: [JikanAnime], tracked: Set<Int>, note: String?, theme: Theme) -> String {
        var items = ""
        for anime in results {
            let episodes = anime.episodes.map { "\($0) episodes" } ?? "episodes not known yet"
            items += """
            <li class="result"><span class="title">\(HTML.escape(anime.title))</span> <span class="numbers">\(episodes)\(anime.durationText.map { ", \(HTML.escape($0))" } ?? "")\(anime.status.map { ", \(HTML.escape($0.rawValue))" } ?? "")</span>
            \(tracked.contains(anime.malID) ? "<span class=\"plan-status on-track\">tracked</span>" : "<a class=\"button\" href=\"/anime/plan?id=\(anime.malID)\">Plan it</a>")</li>

            """
        }
        let main = """
        <h1>Search</h1>
        <form class="schedule-filter" method="get" action="/anime/search"><label>Title <input type="search" name="q" value="\(HTML.escape(text))" required></label> <button type="submit">Search</button></form>
        \(note.map { "<p class=\"empty\">\(HTML.escape($0))</p>" } ?? "")
        \(text.isEmpty ? "" : results.isEmpty && note == nil ? "<p class=\"empty\">Nothing matches “\(HTML.escape(text))”.</p>" : "<ul class=\"results\">\n\(items)</ul>")
        """
        return document("Search anime", theme: theme, path: "/anime/search", main: main)
    }

    static func preview(_ tracked: TrackedShow, form: PlanForm, alreadyTracked: Bool, theme: Theme) -> String {
        let show = tracked.show
        let fields = form.fields
        let goal = fields["goal"] ?? "per_day"
        func checked(_ value: String) -> String { goal == value ? " checked" : "" }
        let chosenDays = Set(fields.all("weekday"))
        let weekdayBoxes = PlanForm.weekdayKeys.map { key, day in
            "<label><input type=\"checkbox\" name=\"weekday\" value=\"\(key)\"\(chosenDays.isEmpty || chosenDays.contains(key) ? " checked" : "")> \(day.name.prefix(3))</label>"
        }.joined(separator: " ")
        let controls = """
        <fieldset><legend>Goal</legend>
        <label><input type="radio" name="goal" value="per_day"\(checked("per_day"))> Episodes per day <input type="number" name="per_day" min="1" max="\(PlannerLimits.episodesPerDay.upperBound)" value="\(HTML.escape(fields["per_day"] ?? "1"))"></label>
        <label><input type="radio" name="goal" value="until"\(checked("until"))> Finish by <input type="date" name="until" value="\(HTML.escape(fields["until"] ?? ""))"></label>
        <label><input type="radio" name="goal" value="minutes"\(checked("minutes"))> Minutes per day <input type="number" name="minutes" min="1" max="\(PlannerLimits.minutesPerDay.upperBound)" value="\(HTML.escape(fields["minutes"] ?? ""))"></label>
        </fieldset>
        <fieldset><legend>Days</legend><label>From <input type="date" name="start" value="\(form.options.start.description)"></label>
        <div class="weekdays">\(weekdayBoxes)</div></fieldset>
        <label>Already watched <input type="number" name="watched" min="0" value="\(form.watched)"></label>
        <input type="hidden" name="id" value="\(form.id)">
        """
        var rows = ""
        for day in tracked.plan.days.prefix(60) {
            rows += "<tr><td class=\"d\">\(Pages.day(day.day)) <span class=\"numbers\">\(day.day.weekday.name.prefix(3))</span></td><td>\(episodes(day.episodes))</td></tr>\n"
        }
        let more = tracked.plan.days.count > 60 ? "<p class=\"numbers\">… \(tracked.plan.days.count - 60) more days.</p>" : ""
        let main = """
        <h1>Plan \(HTML.escape(show.title))</h1>
        <p class="numbers">\(show.episodeCount.map { "\($0) episodes" } ?? "Airing: episodes not all out")\(show.episodeLength.map { " × \(Int($0.components.seconds / 60)) min" } ?? "")</p>
        <form class="plan-form" method="get" action="/anime/plan">\(controls)<button type="submit">Preview</button></form>
        <h2>Preview: \(tracked.plan.episodeCount) episodes over \(tracked.plan.days.count) days\(tracked.plan.finishDay.map { ", finishing \(Pages.day($0))" } ?? "")</h2>
        \(tracked.plan.coversOnlyReleasedEpisodes ? "<p class=\"numbers\">Planned up to the episodes out so far; more are added as they air.</p>" : "")
        <table class="plan-days"><thead><tr><th scope="col">Day</th><th scope="col">Episodes</th></tr></thead><tbody>
        \(rows)</tbody></table>
        \(more)
        <form method="post" action="/anime/add" class="add-form">\(hiddenCopy(fields, id: form.id))<button type="submit">\(alreadyTracked ? "Re-plan with this goal" : "Add this plan")</button></form>
        """
        return document("Plan \(show.title)", theme: theme, path: "/anime/plan", main: main)
    }

    /// The previewed fields, as hidden inputs of the form that adds the plan.
    static func hiddenCopy(_ fields: FormFields, id: Int) -> String {
        var out = "<input type=\"hidden\" name=\"id\" value=\"\(id)\">"
        for (name, value) in fields.pairs where ["goal", "per_day", "until", "minutes", "start", "weekday", "watched"].contains(name) {
            out += "<input type=\"hidden\" name=\"\(HTML.escape(name))\" value=\"\(HTML.escape(value))\">"
        }
        return out
    }

    static func calendar(_ agenda: Agenda, month first: CalendarDay, today: CalendarDay, theme: Theme) -> String {
        let previous = first.adding(months: -1), next = first.adding(months: 1)
        func monthText(_ day: CalendarDay) -> String { String(day.description.prefix(7)) }
        // Monday first: blank cells before the 1st.
        let lead = (first.weekday.rawValue + 5) % 7
        var cells = String(repeating: "<li class=\"blank\" aria-hidden=\"true\"></li>", count: lead)
        for day in agenda.days {
            var items = ""
            for item in day.items {
                var parts: [String] = []
                if let planned = item.planned { parts.append("<span class=\"planned\">planned \(planned.lowerBound)\(planned.count > 1 ? "–\(planned.upperBound)" : "")</span>") }
                if !item.watched.isEmpty {
                    parts.append("<span class=\"watched\">watched " + item.watched.map { $0.count > 1 ? "\($0.lowerBound)–\($0.upperBound)" : "\($0.lowerBound)" }.joined(separator: ", ") + "</span>")
                }
                items += "<li data-show=\"\(item.showID)\"><span class=\"title\">\(HTML.escape(item.title))</span> \(parts.joined(separator: " "))</li>"
            }
            cells += """
            <li class="cal-day\(day.day == today ? " today" : "")" id="c-\(day.day.description)"><span class="cal-date"><span class="wd">\(day.day.weekday.name.prefix(3))</span> \(day.day.day)</span>\(items.isEmpty ? "" : "<ul>\(items)</ul>")</li>

            """
        }
        let main = """
        <h1>\(["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][first.month - 1]) \(first.year)</h1>
        <nav class="week-nav" aria-label="Months"><a href="/anime/calendar?month=\(monthText(previous))" rel="prev">← \(Pages.monthNames[previous.month - 1])</a> <a href="/anime/calendar?month=\(monthText(next))" rel="next">\(Pages.monthNames[next.month - 1]) →</a></nav>
        <ol class="month" aria-label="Days of the month">
        <li class="head" aria-hidden="true">Mon</li><li class="head" aria-hidden="true">Tue</li><li class="head" aria-hidden="true">Wed</li><li class="head" aria-hidden="true">Thu</li><li class="head" aria-hidden="true">Fri</li><li class="head" aria-hidden="true">Sat</li><li class="head" aria-hidden="true">Sun</li>
        \(cells)</ol>
        """
        return document("Anime calendar", theme: theme, path: "/anime/calendar", main: main)
    }

    static func statistics(_ stats: PlannerStatistics, today: CalendarDay, theme: Theme) -> String {
        let hours = Int(stats.timeWatched.components.seconds / 60)
        let main = """
        <h1>Statistics</h1>
        <p>Watching \(stats.watchingCount), completed \(stats.completedCount), dropped \(stats.droppedCount); \(stats.episodesWatched) episodes and \(hours / 60) h \(hours % 60) min watched; \(stats.episodesLeft) episodes left.</p>
        <h2>Minutes per day</h2>
        \(minutesChart(stats.recentDays))
        <h2>Per show</h2>
        \(showsChart(stats.shows))
        <h2>Completion</h2>
        \(completionChart(stats))
        """
        return document("Anime statistics", theme: theme, path: "/anime/stats", main: main)
    }

    /// Watched and planned minutes per day, as bars.
    static func minutesChart(_ days: [DayMinutes]) -> String {
        let width = 640, height = 220, left = 40, bottom = 30, top = 10
        let scale = max(30, days.map { max($0.watchedMinutes, $0.plannedMinutes) }.max() ?? 0)
        let slot = Double(width - left - 10) / Double(max(1, days.count))
        let plotHeight = Double(height - bottom - top)
        var bars = ""
        for (index, day) in days.enumerated() {
            let x = Double(left) + slot * Double(index)
            let planned = plotHeight * Double(day.plannedMinutes) / Double(scale)
            let watched = plotHeight * Double(day.watchedMinutes) / Double(scale)
            bars += "<g><title>\(day.day): \(day.watchedMinutes) min watched, \(day.plannedMinutes) min planned</title>"
            bars += "<rect class=\"planned\" x=\(q(x + slot * 0.1)) y=\(q(Double(top) + plotHeight - planned)) width=\(q(slot * 0.8)) height=\(q(planned))/>"
            bars += "<rect class=\"watched\" x=\(q(x + slot * 0.25)) y=\(q(Double(top) + plotHeight - watched)) width=\(q(slot * 0.5)) height=\(q(watched))/>"
            bars += "<text x=\(q(x + slot / 2)) y=\"\(height - 12)\" text-anchor=\"middle\">\(day.day.day)</text></g>"
        }
        return """
        <figure class="chart"><svg viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="minutes-title" preserveAspectRatio="xMinYMin meet">
        <title id="minutes-title">Minutes watched (solid) and planned (light) per day</title>
        <line class="axis" x1="\(left)" y1="\(top)" x2="\(left)" y2="\(height - bottom)"/><line class="axis" x1="\(left)" y1="\(height - bottom)" x2="\(width - 10)" y2="\(height - bottom)"/>
        <text x="\(left - 6)" y="\(top + 10)" text-anchor="end">\(scale)</text><text x="\(left - 6)" y="\(height - bottom)" text-anchor="end">0</text>
        \(bars)
        </svg><figcaption>Minutes per day: watched (solid), planned (light).</figcaption></figure>
        """
    }

    /// Episodes watched and left per show, as stacked horizontal bars.
    static func showsChart(_ shows: [ShowSummary]) -> String {
        guard !shows.isEmpty else { return "<p class=\"empty\">Nothing tracked yet.</p>" }
        let width = 640, row = 28, label = 220
        let height = row * shows.count + 10
        let scale = max(1, shows.map { $0.episodesWatched + ($0.episodesLeft ?? 0) }.max() ?? 1)
        var bars = ""
        for (index, show) in shows.enumerated() {
            let y = 5 + row * index
            let available = Double(width - label - 60)
            let done = available * Double(show.episodesWatched) / Double(scale)
            let left = available * Double(show.episodesLeft ?? 0) / Double(scale)
            bars += "<g><title>\(HTML.escape(show.title)): \(show.episodesWatched) watched, \(show.episodesLeft.map(String.init) ?? "?") left</title>"
            bars += "<text x=\"\(label - 8)\" y=\"\(y + 18)\" text-anchor=\"end\">\(HTML.escape(String(show.title.prefix(28))))</text>"
            bars += "<rect class=\"watched\" x=\"\(label)\" y=\"\(y + 4)\" width=\(q(done)) height=\"18\"/>"
            bars += "<rect class=\"planned\" x=\(q(Double(label) + done)) y=\"\(y + 4)\" width=\(q(left)) height=\"18\"/>"
            bars += "<text x=\(q(Double(label) + done + left + 6)) y=\"\(y + 18)\">\(show.episodesWatched)/\(show.episodesWatched + (show.episodesLeft ?? 0))</text></g>"
        }
        return """
        <figure class="chart"><svg viewBox="0 0 \(width) \(height)" role="img" aria-labelledby="shows-title" preserveAspectRatio="xMinYMin meet">
        <title id="shows-title">Episodes watched and left per show</title>
        \(bars)
        </svg><figcaption>Episodes per show: watched (solid), left (light).</figcaption></figure>
        """
    }

    /// The share of every tracked episode watched, as a ring.
    static func completionChart(_ stats: PlannerStatistics) -> String {
        let total = stats.episodesWatched + stats.episodesLeft
        let share = total == 0 ? 0 : Double(stats.episodesWatched) / Double(total)
        let radius = 60.0, circumference = 2 * Double.pi * radius
        let percent = Int((share * 100).rounded())
        return """
        <figure class="chart ring"><svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-labelledby="ring-title">
        <title id="ring-title">\(percent)% of the tracked episodes watched</title>
        <circle class="planned" cx="80" cy="80" r="60" fill="none" stroke-width="18"/>
        <circle class="watched-ring" cx="80" cy="80" r="60" fill="none" stroke-width="18" stroke-dasharray="\(q(circumference * share, quoted: false)) \(q(circumference, quoted: false))" transform="rotate(-90 80 80)"/>
        <text x="80" y="88" text-anchor="middle" class="big">\(percent)%</text>
        </svg><figcaption>\(stats.episodesWatched) of \(total) episodes watched.</figcaption></figure>
        """
    }

    /// A number for an SVG attribute: one decimal, quoted.
    static func q(_ value: Double, quoted: Bool = true) -> String {
        let text = String(format: "%.1f", max(0, value.isFinite ? value : 0))
        return quoted ? "\"\(text)\"" : text
    }
}
