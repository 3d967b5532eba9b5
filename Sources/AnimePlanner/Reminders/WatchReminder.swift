public import AirdateCore
public import Foundation

/// A reminder to watch: the instant it fires and the episodes still to watch that day.
///
/// Apps hand these to the system's notification scheduler; ``upcoming(for:after:through:at:in:)``
/// lists them from the plans, so re-listing after each change (for example from
/// ``PlannerStore/observe()``) keeps the scheduled notifications in step with the plans.
public struct WatchReminder: Sendable, Hashable {
    /// When it fires.
    public var fireDate: Date
    /// The day it is about.
    public var day: CalendarDay
    /// Per show, the episodes planned that day and not yet watched, in the order the shows were given.
    public var items: [AgendaItem]

    /// Creates a reminder.
    public init(fireDate: Date, day: CalendarDay, items: [AgendaItem]) {
        self.fireDate = fireDate
        self.day = day
        self.items = items
    }

    /// The reminders of `shows` firing strictly after `now` and on or before `last`, one per day that
    /// has episodes left to watch, at the wall-clock `time` in `timeZone` (a time skipped by a
    /// daylight-saving change fires just after the jump). Completed shows and episodes already logged
    /// are left out.
    ///
    /// - Throws: ``PlanError/outOfRange(what:value:allowed:)`` when the range is longer than ``PlannerLimits/days``.
    public static func upcoming(for shows: [TrackedShow], after now: Date, through last: CalendarDay,
                                at time: TimeOfDay, in timeZone: TimeZone) throws(PlanError) -> [WatchReminder] {
        let first = CalendarDay(containing: now, in: timeZone)
        guard first <= last else { return [] }
        var reminders: [WatchReminder] = []
        for day in try Agenda(shows, from: first, through: last).days {
            let fire = LocalDateTime(day: day.day, time: time).date(in: timeZone)
            guard fire > now else { continue }
            let items = day.items.compactMap { item -> AgendaItem? in
                guard let planned = item.planned,
                      let show = shows.first(where: { $0.id == item.showID }), !show.isCompleted, show.isActive,
                      planned.upperBound > show.watchedThrough else { return nil }
                let left = max(planned.lowerBound, show.watchedThrough + 1)...planned.upperBound
                return AgendaItem(showID: item.showID, title: item.title, planned: left, watched: [])
            }
            if !items.isEmpty { reminders.append(WatchReminder(fireDate: fire, day: day.day, items: items)) }
        }
        return reminders
    }
}
