public import AirdateCore
public import Foundation

/// A reminder to watch: the instant it fires and the episodes still to watch that day, with
/// ``reminder``, the same reminder in the shape every Airdate product shares.
///
/// Apps hand these to the system's notification scheduler; ``upcoming(for:at:through:firingAt:)``
/// lists them from the plans (and `Reminder.upcoming(for:at:through:firingAt:link:)` as `Reminder`s,
/// to merge with other products'), so re-listing after each change (for example from
/// ``PlannerStorage/observe()``) keeps the scheduled notifications in step with the plans.
public struct WatchReminder: Sendable, Hashable, Identifiable {
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

    /// A stable identifier: the day (`"2025-03-04"`); one reminder fires per day.
    public var id: String { day.description }

    /// The number of episodes left to watch that day, over all shows.
    public var episodeCount: Int { items.reduce(0) { $0 + ($1.planned?.count ?? 0) } }

    /// The reminder in the shape every product shares, without a link: see ``reminder(link:)``.
    public var reminder: Reminder { reminder(link: nil) }

    /// The reminder in the shape every product shares: id `animePlan/<day>`, the title "3 episodes to
    /// watch today", the shows and their episodes as the body ("Mushi-Shi: episodes 3–4; Bocchi the
    /// Rock!: episode 2"), the fire date as the event, and `link`.
    public func reminder(link: URL?) -> Reminder {
        let count = episodeCount
        let body = items.map { item in
            guard let planned = item.planned else { return item.title }
            let episodes = planned.count == 1 ? "episode \(planned.lowerBound)" : "episodes \(planned.lowerBound)–\(planned.upperBound)"
            return "\(item.title): \(episodes)"
        }.joined(separator: "; ")
        return Reminder(id: "\(Reminder.Source.animePlan)/\(id)", source: .animePlan,
                        title: "\(count) episode\(count == 1 ? "" : "s") to watch today", body: body,
                        fireDate: fireDate, eventDate: fireDate, link: link)
    }

    /// The reminders of `shows` firing strictly after `clock`'s now and on or before `last`, one per
    /// day that has episodes left to watch, at the wall-clock `time` in `clock`'s zone (a time skipped
    /// by a daylight-saving change fires just after the jump). Completed shows and episodes already
    /// logged are left out.
    ///
    /// - Throws: ``PlanError/Code/outOfRange`` when the range is longer than ``PlannerLimits/days``.
    public static func upcoming(for shows: [TrackedShow], at clock: ViewerClock, through last: CalendarDay,
                                firingAt time: TimeOfDay) throws(PlanError) -> [WatchReminder] {
        let now = clock.now
        let timeZone = clock.timeZone
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

extension Reminder {
    /// The reminders of `shows`, as ``WatchReminder/upcoming(for:at:through:firingAt:)`` lists them,
    /// in the shape every product shares (``WatchReminder/reminder(link:)``), each with the link `link`
    /// gives its day (`nil` unless told): ready to merge with other products' reminders and sort.
    ///
    /// - Throws: as ``WatchReminder/upcoming(for:at:through:firingAt:)``.
    public static func upcoming(
        for shows: [TrackedShow], at clock: ViewerClock, through last: CalendarDay, firingAt time: TimeOfDay,
        link: (CalendarDay) -> URL? = { _ in nil }
    ) throws(PlanError) -> [Reminder] {
        try WatchReminder.upcoming(for: shows, at: clock, through: last, firingAt: time).map { $0.reminder(link: link($0.day)) }
    }
}
