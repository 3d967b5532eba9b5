public import AirdateCore
public import Foundation

extension ICalendar {
    /// A calendar of viewing plans: one all-day event (`VALUE=DATE`) per show per planned day,
    /// titled "Title: episode 4" or "Title: episodes 4–6".
    ///
    /// UIDs are stable — `animeplanner-<show id>-<YYYYMMDD>@airdate` — so re-importing an export made
    /// after a re-plan updates the events of the same days instead of duplicating them.
    ///
    /// - Parameters:
    ///   - plans: the plans (for example ``CombinedSchedule/plans`` or each ``TrackedShow/plan``).
    ///   - timestamp: the `DTSTAMP` of every event (pass "now").
    ///   - episodeLengths: episode lengths by show id; when given (and at most a day), the description says
    ///     how long the day's viewing takes.
    ///   - name: the calendar's name (`X-WR-CALNAME`), or `nil` for none.
    ///   - productIdentifier: the calendar's `PRODID`.
    public init(plans: [ViewingPlan], timestamp: Date, episodeLengths: [Int: Duration] = [:],
                name: String? = "Anime plan", productIdentifier: String = "-//Airdate//AnimePlanner//EN") {
        var events: [ICalendarEvent] = []
        for plan in plans {
            for entry in plan.days {
                let range = entry.episodes
                let what = range.count == 1 ? "episode \(range.lowerBound)" : "episodes \(range.lowerBound)–\(range.upperBound)"
                var description: String?
                if let length = episodeLengths[plan.showID], length > .zero, length <= .seconds(86_400) {
                    let seconds = Int(length.components.seconds) * range.count
                    let minutes = seconds / 60 + (seconds % 60 > 0 ? 1 : 0)
                    description = "\(range.count) episode\(range.count == 1 ? "" : "s"), about \(minutes) min"
                }
                let stamp = entry.day.description.replacingOccurrences(of: "-", with: "")
                events.append(ICalendarEvent(
                    uid: "animeplanner-\(plan.showID)-\(stamp)@airdate", timestamp: timestamp,
                    summary: "\(plan.title): \(what)", timing: .allDay(first: entry.day, last: entry.day),
                    description: description, categories: ["Anime"]))
            }
        }
        events.sort { lhs, rhs in
            guard case .allDay(let left, _) = lhs.timing, case .allDay(let right, _) = rhs.timing, left != right else {
                return lhs.uid < rhs.uid
            }
            return left < right
        }
        self.init(productIdentifier: productIdentifier, name: name, events: events)
    }

    /// A calendar of a combined schedule (see ``init(plans:timestamp:episodeLengths:name:productIdentifier:)``).
    public init(schedule: CombinedSchedule, timestamp: Date, episodeLengths: [Int: Duration] = [:],
                name: String? = "Anime plan") {
        self.init(plans: schedule.plans, timestamp: timestamp, episodeLengths: episodeLengths, name: name)
    }

    /// A calendar of what is left to watch of tracked shows from `day` on: each show's
    /// ``TrackedShow/upcomingPlan(from:)`` (so a re-plan replaces the exported future, and paused or
    /// dropped shows export nothing), with the episode lengths in the descriptions.
    ///
    /// - Parameters:
    ///   - day: the first day to export, usually today (pass the shows ``TrackedShow/caughtUp(on:planner:)``
    ///     for it, or use ``init(overview:timestamp:name:)``).
    ///   - timestamp: the `DTSTAMP`: the real time of the export, not a planning clock's "today".
    ///   - shows: the tracked shows.
    ///   - name: the calendar's name (`X-WR-CALNAME`), or `nil` for none.
    public init(trackedShows shows: [TrackedShow], from day: CalendarDay, timestamp: Date, name: String? = "Anime plan") {
        self.init(plans: shows.map { $0.upcomingPlan(from: day) }, timestamp: timestamp,
                  episodeLengths: Self.lengths(of: shows), name: name)
    }

    /// A calendar of what is left to watch from the overview's day on: the same shows, plans and
    /// episodes as the overview's other views (see ``init(trackedShows:from:timestamp:name:)``).
    ///
    /// - Parameters:
    ///   - overview: the tracked shows as they stand on a day.
    ///   - timestamp: the `DTSTAMP`: the real time of the export, not the overview's day.
    ///   - name: the calendar's name (`X-WR-CALNAME`), or `nil` for none.
    public init(overview: PlannerOverview, timestamp: Date, name: String? = "Anime plan") {
        self.init(trackedShows: overview.shows, from: overview.day, timestamp: timestamp, name: name)
    }

    private static func lengths(of shows: [TrackedShow]) -> [Int: Duration] {
        var lengths: [Int: Duration] = [:]
        for show in shows { lengths[show.id] = show.show.episodeLength }
        return lengths
    }
}
