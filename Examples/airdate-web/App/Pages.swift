import AirdateCore
import Foundation
import WatchOrder

/// What every page is rendered from: one reading of the store, its watch order, now, and the event
/// id the page has seen (so its live script asks only for what came after).
struct Snapshot: Sendable {
    var eventID: String
    var state: WatchState
    var list: WatchList
    var clock: ViewerClock

    /// The checklist the pages and the API use: the stored marks and the one "hidden" setting the
    /// command line shares — a show hidden (`arrowverse shows --hide` or `--only`, or the list page's
    /// "Hidden shows") is shown nowhere, a dropped one is out of next — every special shown, and the
    /// shows `hidden` left out of this view only (`hide_show=` of a link).
    func checklist(hiding hidden: Set<String> = []) -> Checklist {
        var checklist = state.checklist
        checklist.hidesSpecials = false
        if !hidden.isEmpty {
            checklist.selectedShows = (checklist.selectedShows ?? Set(list.shows.map(\.id))).subtracting(hidden)
        }
        return checklist
    }

    /// The episodes a view shows: `filter`'s (days, order, `hide_show=`), without the shows the
    /// viewer hid — the list, the API, the feed and the calendar alike.
    func episodes(_ filter: EpisodeFilter) -> [Episode] {
        let checklist = checklist(hiding: filter.hiddenShows)
        return filter.episodes(in: list).filter(checklist.isVisible)
    }
}

/// The colour theme the viewer chose: follow the system (`auto`), or always light or dark.
enum Theme: String, Sendable, CaseIterable {
    case auto, light, dark

    /// The theme after this one, as the toggle cycles: auto → dark → light → auto.
    var next: Theme {
        switch self {
        case .auto: .dark
        case .dark: .light
        case .light: .auto
        }
    }

    var label: String {
        switch self {
        case .auto: "Auto"
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}

/// The pages, rendered on the server as complete HTML documents that work without JavaScript.
enum Pages {
    enum Tab: String {
        case list, next, progress, schedule, anime, countdowns
    }

    /// The document around a page's main content.
    static func document(
        title: String, tab: Tab?, theme: Theme, eventID: String?, returnPath: String, main: String, feeds: String? = nil,
        live: String? = nil
    ) -> String {
        func navLink(_ target: Tab, _ href: String, _ text: String) -> String {
            "<a href=\"\(href)\"\(tab == target ? " aria-current=\"page\"" : "")>\(text)</a>"
        }
        let footer = feeds.map { "<p>\($0)</p>" } ?? """
        <p>Live: changes made in another tab, browser or <code>arrowverse</code> appear here by themselves.
        <a href="/recent_episodes.atom">Atom feed</a> · <a href="/calendar.ics">Calendar</a> ·
        <a href="/api/episodes">JSON</a></p>
        """
        return """
        <!doctype html>
        <html lang="en" data-theme="\(theme.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(HTML.escape(title)) · Airdate</title>
        <link rel="stylesheet" href="\(Assets.stylesheet.path)">
        <link rel="icon" href="\(Assets.icon.path)" type="image/svg+xml">
        <link rel="alternate" type="application/atom+xml" title="Recent Arrowverse episodes" href="/recent_episodes.atom">
        <script src="\(Assets.script.path)" defer></script>
        </head>
        <body\(eventID.map { " data-event-id=\"\(HTML.escape($0))\"" } ?? "")\(live.map { " data-live=\"\(HTML.escape($0))\"" } ?? "")>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="top">
        <a class="brand" href="/"><img src="\(Assets.icon.path)" alt="" width="28" height="28"><span>Airdate</span></a>
        <nav aria-label="Pages">\(navLink(.list, "/", "Watch order"))\(navLink(.next, "/next", "Up next"))\(navLink(.progress, "/progress", "Progress"))\(navLink(.schedule, "/schedule", "Schedule"))\(navLink(.anime, "/anime", "Anime"))\(navLink(.countdowns, "/countdowns", "Countdowns"))</nav>
        <form class="theme" method="post" action="/theme">
        <input type="hidden" name="return" value="\(HTML.escape(returnPath))">
        <button type="submit" name="theme" value="\(theme.next.rawValue)" data-theme-toggle aria-label="Colour theme: \(theme.label). Switch to \(theme.next.label.lowercased())"><span aria-hidden="true">◐</span> <span class="theme-name">\(theme.label)</span></button>
        </form>
        </header>
        <main id="main" tabindex="-1">
        \(main)
        </main>
        <div id="status" class="status" role="status" aria-live="polite"></div>
        <footer class="bottom">
        \(footer)
        </footer>
        </body>
        </html>

        """
    }

    // MARK: The list

    static func list(_ snapshot: Snapshot, query: ListQuery, theme: Theme, path: String) -> String {
        let list = snapshot.list
        let checklist = snapshot.checklist()
        let episodes = snapshot.episodes(query.filter)
        let showIndex = Dictionary(uniqueKeysWithValues: list.shows.enumerated().map { ($1.id, $0) })
        let now = snapshot.clock.frozen()
        var rows = ""
        rows.reserveCapacity(episodes.count * 900)
        for episode in episodes {
            rows += row(episode, list: list, checklist: checklist, showIndex: showIndex[episode.showID] ?? 0,
                        aired: episode.hasAired(at: now))
        }
        let count = episodes.count == list.episodes.count
            ? "\(episodes.count) episodes"
            : "\(episodes.count) of \(list.episodes.count) episodes"
        let main = """
        \(summary(snapshot, hidden: query.filter.hiddenShows, query: query))
        \(filters(list, query: query))
        \(hiddenShowsForm(list, checklist: checklist, path: path))
        <form id="checklist" class="checklist" method="post" action="/checklist">
        <input type="hidden" name="return" value="\(HTML.escape(path))">
        <table class="episodes">
        <caption><span class="count">\(count)</span> in watch order\(query.filter.newestFirst ? ", newest first" : "")</caption>
        <thead><tr><th scope="col" class="w">Watched</th><th scope="col" class="d">Air date</th><th scope="col" class="s">Show</th><th scope="col" class="c">Episode</th><th scope="col" class="t">Title</th><th scope="col" class="a"><span class="sr-only">Mark watched up to here</span></th></tr></thead>
        <tbody>
        \(rows)</tbody>
        </table>
        \(episodes.isEmpty ? "<p class=\"empty\">No episode matches these filters.</p>" : "")
        <div class="save"><button type="submit">Save ticks</button> <span class="hint">Without JavaScript, tick the boxes, then save. “⤒” marks everything up to that episode.</span></div>
        </form>
        """
        return document(title: "Arrowverse watch order", tab: .list, theme: theme, eventID: snapshot.eventID, returnPath: path, main: main)
    }

    static func row(_ episode: Episode, list: WatchList, checklist: Checklist, showIndex: Int, aired: Bool) -> String {
        let id = HTML.escape(episode.id.rawValue)
        let name = HTML.escape(list.headline(of: episode))
        let watched = checklist.isWatched(episode.id)
        let show = HTML.escape(list.show(episode.showID)?.name ?? episode.showID)
        var classes = "show-\(showIndex % 12)"
        if !aired { classes += " upcoming" }
        let crossover = list.crossover(of: episode.id)
        if crossover != nil { classes += " crossover" }
        let title = episode.pageURL.map { "<a href=\"\(HTML.escape($0.absoluteString))\" rel=\"external\">\(HTML.escape(episode.title))</a>" }
            ?? HTML.escape(episode.title)
        let part = crossover.map {
            " <span class=\"part\" title=\"Part \($0.part) of \($0.parts) of the crossover \(HTML.escape($0.name))\">\(HTML.escape($0.name)) \($0.part)/\($0.parts)</span>"
        } ?? ""
        let upcoming = aired ? "" : " <span class=\"soon\">upcoming</span>"
        return "<tr id=\"e-\(id)\" class=\"\(classes)\" data-id=\"\(id)\">"
            + "<td class=\"w\"><input type=\"checkbox\" name=\"watched\" value=\"\(id)\" id=\"w-\(id)\"\(watched ? " checked" : "")>"
            + "<label for=\"w-\(id)\"><span class=\"sr-only\">Watched \(name)</span></label>"
            + (watched ? "<input type=\"hidden\" name=\"was\" value=\"\(id)\">" : "") + "</td>"
            + "<td class=\"d\">\(day(episode.airDay))</td>"
            + "<td class=\"s\"><span class=\"badge\">\(show)</span></td>"
            + "<td class=\"c\">\(HTML.escape(list.code(of: episode)))</td>"
            + "<td class=\"t\">\(title)\(part)\(upcoming)</td>"
            + "<td class=\"a\"><button type=\"submit\" name=\"through\" value=\"\(id)\" class=\"through\">"
            + "<span aria-hidden=\"true\">⤒<span class=\"wide\"> Up to here</span></span><span class=\"sr-only\">Mark watched up to \(name)</span></button></td>"
            + "</tr>\n"
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func day(_ day: CalendarDay?) -> String {
        guard let day else { return "<span class=\"tba\">TBA</span>" }
        return "<time datetime=\"\(day.description)\">\(monthNames[day.month - 1]) \(day.day), \(day.year)</time>"
    }

    /// The shows hidden, stored with the progress (as `arrowverse shows --hide`): a show ticked here
    /// is shown nowhere — on any page, feed or calendar, nor by `arrowverse` on the same database —
    /// until unticked.
    static func hiddenShowsForm(_ list: WatchList, checklist: Checklist, path: String) -> String {
        var boxes = ""
        let shown = Set(checklist.visibleShows(in: list).map(\.id))
        let hidden = Set(list.shows.map(\.id)).subtracting(shown)
        for (index, show) in list.shows.enumerated() {
            let dropped = checklist.status(ofShow: show.id) == .dropped ? " <span class=\"numbers\">(dropped)</span>" : ""
            boxes += "<label class=\"show-\(index % 12)\"><input type=\"checkbox\" name=\"hidden\" value=\"\(HTML.escape(show.id))\"\(hidden.contains(show.id) ? " checked" : "")> <span class=\"badge\">\(HTML.escape(show.name))</span>\(dropped)</label>\n"
        }
        return """
        <details class="filters"\(hidden.isEmpty ? "" : " open")>
        <summary>Hidden shows\(hidden.isEmpty ? "" : " (\(hidden.count))")</summary>
        <form method="post" action="/hidden-shows">
        <input type="hidden" name="return" value="\(HTML.escape(path))">
        <fieldset><legend>Hide shows everywhere (saved, as <code>arrowverse shows --hide</code>)</legend><div class="shows">
        \(boxes)</div></fieldset>
        <div class="buttons"><button type="submit">Save</button></div>
        </form>
        </details>
        """
    }

    static func filters(_ list: WatchList, query: ListQuery) -> String {
        let open = query.fields.isEmpty ? "" : " open"
        return """
        <details class="filters"\(open)>
        <summary>Filters\(query.fields.isEmpty ? "" : " (on)")</summary>
        <form method="get" action="/">
        <fieldset class="range"><legend>Air dates</legend>
        <label>From <input type="date" name="from_date" value="\(query.filter.firstDay?.description ?? "")"></label>
        <label>To <input type="date" name="to_date" value="\(query.filter.lastDay?.description ?? "")"></label>
        </fieldset>
        <label class="newest"><input type="checkbox" name="newest_first" value="1"\(query.filter.newestFirst ? " checked" : "")> Newest first</label>
        <div class="buttons"><button type="submit">Apply</button> <a href="/?reset=1">Show everything</a></div>
        </form>
        </details>
        """
    }

    /// Next overall and progress: the top of the list page, also served alone (`/summary`) so the
    /// live script can refresh it.
    static func summary(_ snapshot: Snapshot, hidden: Set<String>, query: ListQuery?, heading: String = "Arrowverse watch order") -> String {
        let checklist = snapshot.checklist(hiding: hidden)
        let clock = snapshot.clock
        let list = snapshot.list
        let progress = checklist.progress(in: list, at: clock)
        let next = checklist.next(in: list, at: clock)
        let nextText: String
        if let next {
            let link = next.pageURL.map { "<a href=\"\(HTML.escape($0.absoluteString))\" rel=\"external\">\(HTML.escape(next.title))</a>" }
                ?? HTML.escape(next.title)
            nextText = "<strong>\(HTML.escape(list.code(of: next, .withShow)))</strong> \(link) <span class=\"when\">\(day(next.airDay))</span>"
                + " <button type=\"submit\" name=\"episode\" value=\"\(HTML.escape(next.id.rawValue))\">Mark watched</button>"
        } else {
            nextText = "Nothing aired is left to watch."
        }
        let back = "/" + (query?.queryString ?? "")
        return """
        <section id="summary" class="summary" aria-labelledby="summary-title">
        <h1 id="summary-title">\(HTML.escape(heading))</h1>
        <form class="next" method="post" action="/watch"><input type="hidden" name="return" value="\(HTML.escape(back))">
        <span class="label">Next:</span> \(nextText)
        </form>
        <p class="progress-line"><progress value="\(min(progress.watched, progress.aired))" max="\(max(progress.aired, 1))" aria-label="Watched of aired"></progress>
        <span class="numbers">\(progress.watched) of \(progress.aired) aired watched (\(progress.percent)%) · \(progress.total) listed</span>
        · <a href="/next">Up next per show</a></p>
        </section>
        """
    }

    // MARK: Up next

    static func next(_ snapshot: Snapshot, hidden: Set<String>, theme: Theme, path: String) -> String {
        let checklist = snapshot.checklist(hiding: hidden)
        let list = snapshot.list
        let clock = snapshot.clock
        let byShow = checklist.upNext(in: list, at: clock).shows.map(\.next)   // as /api/next and `arrowverse next`
        let showIndex = Dictionary(uniqueKeysWithValues: list.shows.enumerated().map { ($1.id, $0) })
        var rows = ""
        for episode in byShow {
            let show = list.show(episode.showID)?.name ?? episode.showID
            let title = episode.pageURL.map { "<a href=\"\(HTML.escape($0.absoluteString))\" rel=\"external\">\(HTML.escape(episode.title))</a>" }
                ?? HTML.escape(episode.title)
            rows += """
            <tr class="show-\((showIndex[episode.showID] ?? 0) % 12)"><td class="s"><span class="badge">\(HTML.escape(show))</span></td>\
            <td class="c">\(HTML.escape(list.code(of: episode)))</td><td class="t">\(title)</td><td class="d">\(day(episode.airDay))</td>\
            <td class="a"><form method="post" action="/watch"><input type="hidden" name="return" value="\(HTML.escape(path))">\
            <button type="submit" name="episode" value="\(HTML.escape(episode.id.rawValue))">Mark watched<span class="sr-only"> \(HTML.escape(list.headline(of: episode)))</span></button></form></td></tr>

            """
        }
        let coming = checklist.comingSoon(in: list, at: clock, limit: 10).map { episode in
            "<li>\(day(episode.airDay)) <strong>\(HTML.escape(list.code(of: episode, .withShow)))</strong> \(HTML.escape(episode.title))</li>"
        }.joined(separator: "\n")
        let main = """
        \(summary(snapshot, hidden: hidden, query: nil, heading: "Up next"))
        <section aria-labelledby="byshow-title">
        <h2 id="byshow-title">Next per show, by air date</h2>
        <p class="hint">The show you are furthest behind on comes first.</p>
        \(byShow.isEmpty ? "<p class=\"empty\">Every aired episode is watched.</p>" : """
        <table class="next-table"><thead><tr><th scope="col">Show</th><th scope="col">Episode</th><th scope="col">Title</th><th scope="col">Aired</th><th scope="col"><span class="sr-only">Mark</span></th></tr></thead>
        <tbody>
        \(rows)</tbody></table>
        """)
        </section>
        <section aria-labelledby="coming-title">
        <h2 id="coming-title">Coming soon</h2>
        \(coming.isEmpty ? "<p class=\"empty\">Nothing announced.</p>" : "<ul class=\"coming\">\n\(coming)\n</ul>")
        </section>
        """
        return document(title: "Up next", tab: .next, theme: theme, eventID: snapshot.eventID, returnPath: path, main: main)
    }

    // MARK: Progress

    static func progress(_ snapshot: Snapshot, hidden: Set<String>, theme: Theme, path: String) -> String {
        let checklist = snapshot.checklist(hiding: hidden)
        let list = snapshot.list
        let shows = checklist.progressByShow(in: list, at: snapshot.clock)
        let showIndex = Dictionary(uniqueKeysWithValues: list.shows.enumerated().map { ($1.id, $0) })
        var sections = ""
        for show in shows {
            let name = HTML.escape(show.show.name)
            var seasons = ""
            for season in show.seasons {
                let label = "\(name) season \(season.season)"
                seasons += """
                <li><span class="season">Season \(season.season)</span> \(bar(season.progress, label: label))\
                <form method="post" action="/watch-season"><input type="hidden" name="return" value="\(HTML.escape(path))"><input type="hidden" name="show" value="\(HTML.escape(show.show.id))">\
                <button type="submit" name="season" value="\(season.season)">Mark<span class="sr-only"> \(label)</span> watched</button></form>\
                <form method="post" action="/unwatch-season"><input type="hidden" name="return" value="\(HTML.escape(path))"><input type="hidden" name="show" value="\(HTML.escape(show.show.id))">\
                <button type="submit" name="season" value="\(season.season)" class="quiet">Unmark<span class="sr-only"> \(label)</span></button></form></li>

                """
            }
            sections += """
            <section class="show-progress show-\((showIndex[show.show.id] ?? 0) % 12)" aria-labelledby="p-\(HTML.escape(show.show.id))">
            <h2 id="p-\(HTML.escape(show.show.id))" class="show-name">\(name)</h2>
            <p>\(bar(show.progress, label: show.show.name))</p>
            <ul class="seasons">
            \(seasons)</ul>
            </section>

            """
        }
        let main = """
        \(summary(snapshot, hidden: hidden, query: nil, heading: "Progress"))
        \(sections.isEmpty ? "<p class=\"empty\">No show is shown.</p>" : sections)
        """
        return document(title: "Progress", tab: .progress, theme: theme, eventID: snapshot.eventID, returnPath: path, main: main)
    }

    static func bar(_ progress: WatchProgress, label: String) -> String {
        "<progress value=\"\(min(progress.watched, progress.aired))\" max=\"\(max(progress.aired, 1))\" aria-label=\"\(HTML.escape(label)) watched\"></progress>"
            + " <span class=\"numbers\">\(progress.watched)/\(progress.aired) aired watched (\(progress.percent)%)\(progress.total > progress.aired ? ", \(progress.total - progress.aired) to come" : "")</span>"
    }
}
