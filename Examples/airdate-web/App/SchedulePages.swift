import AirdateCore
import Foundation
import HTMLScrape
import TVMazeClient

/// What `/schedule` shows: the country, the viewer's time zone, the week and the filter.
struct ScheduleQuery: Sendable {
    var country: String
    var zone: TimeZone
    /// A day of the week asked for (`?week=`), or `nil` for this week.
    var day: CalendarDay?
    /// Text a show's name or network must contain (`?q=`).
    var filter: String?
    /// Whether `tz` came from the request (kept in links) or from the app.
    var explicitZone: Bool

    /// The query string that asks for the same, with `day` instead of this query's.
    func queryString(day: CalendarDay?? = .none) -> String {
        var fields = FormFields()
        if country != "US" { fields.pairs.append(("country", country)) }
        if explicitZone { fields.pairs.append(("tz", zone.identifier)) }
        let chosen: CalendarDay? = day ?? self.day
        if let chosen { fields.pairs.append(("week", chosen.description)) }
        if let filter { fields.pairs.append(("q", filter)) }
        return fields.isEmpty ? "" : "?" + fields.encoded
    }
}

/// The schedule's pages: the week (`/schedule`) and a show (`/shows/{id}`).
enum SchedulePages {
    static let weekdayNames = ["", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// `Monday, Jul 15`.
    static func dayHeading(_ day: CalendarDay) -> String {
        "\(day.weekday.name), \(Pages.monthNames[day.month - 1]) \(day.day)"
    }

    /// `20:30` in `zone`.
    static func time(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    static func runtime(_ minutes: Int?) -> String {
        guard let minutes, minutes > 0 else { return "" }
        return "\(minutes) min"
    }

    static func network(_ show: TVMazeShow?) -> String {
        show?.broadcaster?.name ?? ""
    }

    /// The week page.
    static func week(
        _ listing: WeekListing, query: ScheduleQuery, total: Int, offline: Bool, theme: Theme, path: String
    ) -> String {
        let zone = listing.week.timeZone
        let first = listing.week.firstDay, last = listing.week.lastDay
        let previous = first.adding(days: -7), next = first.adding(days: 7)
        var jump = ""
        var days = ""
        for scheduleDay in listing.days {
            let id = "d-\(scheduleDay.day.description)"
            jump += "<a href=\"#\(id)\"><span class=\"wd\">\(String(scheduleDay.day.weekday.name.prefix(3)))</span> <span class=\"n\">\(scheduleDay.airings.count)</span></a>"
            var items = ""
            for airing in scheduleDay.airings {
                items += item(airing, zone: zone)
            }
            days += """
            <section class="day" id="\(id)" aria-labelledby="\(id)-h">
            <h2 id="\(id)-h"><time datetime="\(scheduleDay.day.description)">\(dayHeading(scheduleDay.day))</time> <span class="count">\(scheduleDay.airings.count) airing\(scheduleDay.airings.count == 1 ? "" : "s")</span></h2>
            \(scheduleDay.airings.isEmpty ? "<p class=\"empty\">Nothing airs\(query.filter == nil ? "" : " that matches the filter").</p>" : "<ol class=\"airings\">\n\(items)</ol>")
            </section>

            """
        }
        let shown = listing.airings.count
        let countText = query.filter == nil ? "\(shown) airings" : "\(shown) of \(total) airings match “\(HTML.escape(query.filter ?? ""))”"
        let main = """
        <h1>TV schedule · \(HTML.escape(query.country))</h1>
        <p class="week-line"><span>Week of \(Pages.monthNames[first.month - 1]) \(first.day) to \(Pages.monthNames[last.month - 1]) \(last.day), \(last.year)</span> · <span>\(HTML.escape(zone.identifier))</span> · <span class="count">\(countText)</span>\(offline ? " · <span class=\"offline\">offline snapshot</span>" : "")</p>
        <form class="schedule-filter" method="get" action="/schedule">
        <label>Show or network <input type="search" name="q" value="\(HTML.escape(query.filter ?? ""))" placeholder="NBC, Late Night…"></label>
        <label>Country <input type="text" name="country" value="\(HTML.escape(query.country))" size="3" maxlength="2" pattern="[A-Za-z]{2}" autocapitalize="characters"></label>
        <label>Time zone <input type="text" name="tz" value="\(HTML.escape(zone.identifier))" size="18"></label>
        \(query.day.map { "<input type=\"hidden\" name=\"week\" value=\"\($0.description)\">" } ?? "")
        <button type="submit">Show</button>
        </form>
        <nav class="week-nav" aria-label="Weeks"><a href="/schedule\(HTML.escape(query.queryString(day: .some(previous))))" rel="prev">← Previous week</a> <a href="/schedule\(HTML.escape(query.queryString(day: .some(next))))" rel="next">Next week →</a></nav>
        <nav class="day-jump" aria-label="Days">\(jump)</nav>
        \(days)
        """
        return Pages.document(
            title: "TV schedule", tab: .schedule, theme: theme, eventID: nil, returnPath: path, main: main,
            feeds: "<a href=\"/schedule.ics\(HTML.escape(query.queryString()))\">This week as a calendar</a>")
    }

    static func item(_ airing: TVMazeEpisode, zone: TimeZone) -> String {
        let show = airing.show
        let showName = HTML.escape(show?.name ?? "Unknown show")
        let poster = show.map { "<img class=\"poster\" src=\"/posters/\($0.id)\" alt=\"\" width=\"56\" height=\"78\" loading=\"lazy\" decoding=\"async\">" }
            ?? "<span class=\"poster\"></span>"
        let start = airing.airstamp.map { "<time class=\"start\" datetime=\"\(ISO8601Instant(date: $0).description)\">\(time($0, in: zone))</time>" } ?? "<span class=\"start tba\">TBA</span>"
        let link = show.map { "<a class=\"show\" href=\"/shows/\($0.id)\">\(showName)</a>" } ?? "<span class=\"show\">\(showName)</span>"
        let network = HTML.escape(network(show))
        let runtime = runtime(airing.runtime ?? show?.runtime)
        let date = airing.airstamp.map { CalendarDay(containing: $0, in: zone) }
        return "<li class=\"airing\" data-show=\"\(show?.id ?? 0)\">\(poster)<div class=\"what\">\(start) \(link)"
            + "<span class=\"ep\"><span class=\"code\">\(HTML.escape(airing.code(.padded)))</span> \(HTML.escape(airing.name))</span>"
            + "<span class=\"meta\">\(date.map { Pages.day($0) } ?? "")\(network.isEmpty ? "" : " · <span class=\"network\">\(network)</span>")\(runtime.isEmpty ? "" : " · <span class=\"runtime\">\(runtime)</span>")</span>"
            + "</div></li>\n"
    }

    static let sanitizer = HTMLSanitizer(policy: .basicFormatting)

    /// A show's page: what TVMaze says of it, its airings in the week, its cast.
    static func show(
        _ show: TVMazeShow, cast: [TVMazeCastMember], airings: [TVMazeEpisode], zone: TimeZone, offline: Bool, theme: Theme, path: String
    ) -> String {
        let name = HTML.escape(show.name)
        var facts: [(String, String)] = []
        if !show.genres.isEmpty { facts.append(("Genres", show.genres.map(HTML.escape).joined(separator: ", "))) }
        if let minutes = show.runtime ?? show.averageRuntime { facts.append(("Runtime", runtime(minutes))) }
        if let broadcaster = show.broadcaster { facts.append(("Network", HTML.escape(broadcaster.name))) }
        if !show.schedule.days.isEmpty || show.schedule.time != nil {
            let days = show.schedule.days.map(\.name).joined(separator: ", ")
            facts.append(("Airs", HTML.escape([days, show.schedule.time?.description].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " at "))))
        }
        if let type = show.type { facts.append(("Type", HTML.escape(type.rawValue))) }
        if let status = show.status { facts.append(("Status", HTML.escape(status.rawValue))) }
        if let premiered = show.premiered { facts.append(("Premiered", Pages.day(premiered))) }
        if let language = show.language { facts.append(("Language", HTML.escape(language))) }
        let factList = facts.map { "<dt>\($0.0)</dt><dd>\($0.1)</dd>" }.joined()
        let summary = show.summary.map { sanitizer.sanitizedHTML(fragment: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? "<p class=\"empty\">TVMaze has no summary of this show.</p>"
        var episodes = ""
        for airing in airings {
            let start = airing.airstamp.map { "\(Pages.day(CalendarDay(containing: $0, in: zone))) <time datetime=\"\(ISO8601Instant(date: $0).description)\">\(time($0, in: zone))</time>" } ?? "TBA"
            episodes += "<tr><td class=\"c\">\(HTML.escape(airing.code(.padded)))</td><td>Season \(airing.season)\(airing.number.map { ", episode \($0)" } ?? ", special")</td><td>\(HTML.escape(airing.name))</td><td class=\"d\">\(start)</td><td>\(runtime(airing.runtime ?? show.runtime))</td></tr>\n"
        }
        var castItems = ""
        for member in cast.prefix(40) {
            castItems += "<li><span class=\"person\">\(HTML.escape(member.person.name))</span> <span class=\"as\">as \(HTML.escape(member.character.name))</span></li>"
        }
        let castHTML = cast.isEmpty
            ? "<p class=\"empty\">\(offline ? "The offline snapshot does not record casts; run with --schedule-live for TVMaze's." : "TVMaze lists no cast for this show.")</p>"
            : "<ul class=\"cast\">\(castItems)</ul>"
        let main = """
        <p class="back"><a href="/schedule">← Schedule</a></p>
        <article class="show-details">
        <img class="poster-large" src="/posters/\(show.id)?size=original" alt="Poster of \(name)" width="210" height="295">
        <div class="about">
        <h1>\(name)</h1>
        <dl class="facts">\(factList)</dl>
        <div class="synopsis">\(summary)</div>
        <p class="links">\(show.url.map { "<a href=\"\(HTML.escape($0.absoluteString))\" rel=\"external\">On TVMaze</a> · " } ?? "")<a href="/schedule.ics?show=\(show.id)">Its airings as a calendar</a></p>
        </div>
        </article>
        <h2>This week</h2>
        <p class="numbers">Times in \(HTML.escape(zone.identifier)).</p>
        \(airings.isEmpty ? "<p class=\"empty\">No airing this week.</p>" : "<table class=\"show-airings\"><thead><tr><th scope=\"col\">Code</th><th scope=\"col\">Season and episode</th><th scope=\"col\">Title</th><th scope=\"col\">Starts</th><th scope=\"col\">Runtime</th></tr></thead><tbody>\n\(episodes)</tbody></table>")
        <h2>Cast</h2>
        \(castHTML)
        """
        return Pages.document(title: show.name, tab: .schedule, theme: theme, eventID: nil, returnPath: path, main: main,
                              feeds: "<a href=\"/schedule.ics?show=\(show.id)\">Calendar of \(name)</a>")
    }

    /// A poster that stands in for a missing one: the show's initials on a colour of its own.
    static func placeholderPoster(name: String, id: Int) -> String {
        let initials = name.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(2).compactMap(\.first).map(String.init).joined().uppercased()
        let hues = [150, 0, 215, 40, 265, 185, 320, 70, 25, 200]
        let hue = hues[abs(id) % hues.count]
        return """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 210 295" width="210" height="295" role="img" aria-label="\(HTML.escape(name))">
        <rect width="210" height="295" fill="hsl(\(hue) 45% 38%)"/>
        <text x="105" y="165" font-family="system-ui, sans-serif" font-size="72" font-weight="700" fill="#fff" text-anchor="middle">\(HTML.escape(initials.isEmpty ? "?" : initials))</text>
        </svg>
        """
    }
}
