public import AirdateCore

/// A calendar of tracked shows: for each day of a range, what was planned and what was watched,
/// per show with episode ranges. It reads each show's one ``TrackedShow/plan`` and
/// ``TrackedShow/log`` as given (pass the shows ``TrackedShow/caughtUp(on:planner:)`` for today, or use
/// ``PlannerOverview/agenda(from:through:)``), so every day from today on lists each episode at most once.
///
/// ```swift
/// let month = try Agenda(shows, from: today.firstDayOfMonth, through: today.lastDayOfMonth)
/// for day in month.days where !day.items.isEmpty { … }
/// ```
public struct Agenda: Sendable, Hashable {
    /// One day of the agenda.
    public struct Day: Sendable, Hashable {
        /// The day.
        public var day: CalendarDay
        /// The shows planned or watched that day, in the order the shows were given.
        public var items: [AgendaItem]
    }

    /// Every day of the range, in order (days with nothing have no items).
    public var days: [Day]

    /// The agenda of `shows` from `first` through `last` (empty when `last` is before `first`).
    ///
    /// - Throws: ``PlanError/outOfRange(what:value:allowed:)`` for more days than ``PlannerLimits/days``.
    public init(_ shows: [TrackedShow], from first: CalendarDay, through last: CalendarDay) throws(PlanError) {
        guard first <= last else {
            days = []
            return
        }
        let count = first.days(to: last) + 1
        guard PlannerLimits.days.contains(count) else {
            throw .outOfRange(what: "number of days of an agenda", value: count, allowed: PlannerLimits.days)
        }
        var byDay: [CalendarDay: [AgendaItem]] = [:]
        for show in shows {
            var planned: [CalendarDay: ClosedRange<Int>] = [:]
            for entry in show.plan.days where entry.day >= first && entry.day <= last { planned[entry.day] = entry.episodes }
            var watched: [CalendarDay: [ClosedRange<Int>]] = [:]
            for entry in show.log where entry.day >= first && entry.day <= last { watched[entry.day, default: []].append(entry.episodes) }
            for day in Set(planned.keys).union(watched.keys) {
                byDay[day, default: []].append(AgendaItem(showID: show.id, title: show.show.title,
                                                          planned: planned[day], watched: watched[day] ?? []))
            }
        }
        days = (first...last).map { Day(day: $0, items: byDay[$0] ?? []) }
    }

    /// The agenda of one day.
    public func items(on day: CalendarDay) -> [AgendaItem] {
        days.first { $0.day == day }?.items ?? []
    }
}
