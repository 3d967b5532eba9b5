public import AirdateCore
public import Foundation

/// A countdown that has come due, or is a lead time away from being due, with what only a countdown
/// has (the ``countdown`` at that occurrence, and why it fires); ``reminder`` is the same reminder in
/// the shape every Airdate product shares.
///
/// ``upcoming(for:at:through:leadTimes:limit:)`` lists the reminders still to fire, as an app
/// hands them to the system's notification scheduler (each with a stable ``id``, so scheduling the
/// list again after a change replaces what was scheduled); `Reminder.upcoming(for:at:through:leadTimes:limit:link:)`
/// lists them as `Reminder`s, to merge with other products'; ``ReminderScheduler`` fires the same
/// reminders live.
public struct CountdownReminder: Sendable, Hashable, Identifiable {
    /// Why the reminder fires.
    public enum Kind: Sendable, Hashable {
        /// The target's first instant has come.
        case due
        /// The target is this far away.
        case ahead(Duration)

        /// How long before the target it fires (zero when due).
        public var leadTime: Duration {
            if case .ahead(let lead) = self { return lead }
            return .zero
        }
    }

    /// The countdown, with ``Countdown/target`` set to the occurrence the reminder is about.
    public let countdown: Countdown
    /// Why it fires.
    public let kind: Kind
    /// The instant it fires.
    public let fireDate: Date

    /// Creates a reminder.
    public init(countdown: Countdown, kind: Kind, fireDate: Date) {
        self.countdown = countdown
        self.kind = kind
        self.fireDate = fireDate
    }

    /// A stable identifier, the same whenever this reminder is listed again: the countdown's id, the
    /// occurrence's day and the lead time in seconds (`"<uuid>/2027-07-22/3600"`), for a notification
    /// request's identifier.
    public var id: String {
        "\(countdown.id.uuidString.lowercased())/\(countdown.target.ownDay)/\(kind.leadTime.components.seconds)"
    }

    /// The reminder in the shape every product shares, without a link: see ``reminder(link:)``.
    public var reminder: Reminder { reminder(link: nil) }

    /// The reminder in the shape every product shares: id `countdown/<id>`, the countdown's title,
    /// "Today." (an all-day countdown) or "Now." when due and "In 2 hours." ahead, the occurrence's
    /// first instant as the event, and `link`.
    public func reminder(link: URL?) -> Reminder {
        let body: String
        switch kind {
        case .due: body = countdown.target.isAllDay ? "Today." : "Now."
        case .ahead(let lead): body = "In \(Reminder.words(for: lead))."
        }
        return Reminder(id: "\(Reminder.Source.countdown)/\(id)", source: .countdown, title: countdown.title, body: body,
                        fireDate: fireDate, eventDate: fireDate.addingTimeInterval(kind.leadTime.timeInterval), link: link)
    }

    /// The reminders of `countdowns` that fire strictly after `clock`'s now and on or before the end
    /// of the day `last` (in `clock`'s zone), in firing order: for every occurrence (each of a
    /// repeating countdown), one when it is due and one per lead time before. Archived countdowns,
    /// and followed ones the catalog no longer schedules, have none. At one instant, longer lead
    /// times come first, then "due", then the countdowns in the order given.
    ///
    /// - Parameters:
    ///   - countdowns: the countdowns to remind of (archived ones have no reminders).
    ///   - clock: now (reminders fire strictly after it) and the zone all-day targets start in (the
    ///     user's: pass `clock.inTimeZone(userZone)` when the clock shows another).
    ///   - last: the last day (in the clock's zone) whose reminders are listed.
    ///   - leadTimes: how long before each target to remind (as given to ``ReminderScheduler``).
    ///   - limit: at most this many reminders, the earliest (notification schedulers keep a few dozen).
    /// - Throws: ``CountdownError/Code/outOfRange`` for a lead time outside
    ///   ``ReminderScheduler/leadTimeSeconds``, a range longer than ``CountdownFilter/maximumDays``, or a
    ///   negative limit.
    public static func upcoming(
        for countdowns: [Countdown], at clock: ViewerClock, through last: CalendarDay, leadTimes: [Duration] = [],
        limit: Int? = nil
    ) throws(CountdownError) -> [CountdownReminder] {
        let now = clock.now
        let timeZone = clock.timeZone
        let leads = try ReminderScheduler.checked(leadTimes)
        let first = CalendarDay(containing: now, in: timeZone)
        let span = first.days(to: last)
        guard span <= CountdownFilter.maximumDays else {
            throw .outOfRange(what: "number of days of reminders", value: span, allowed: 0...CountdownFilter.maximumDays)
        }
        if let limit, limit < 0 { throw .outOfRange(what: "number of reminders", value: limit, allowed: 0...Int.max) }
        guard span >= 0, limit != 0 else { return [] }
        let end = last.adding(days: 1).start(in: timeZone)
        var found: [(reminder: CountdownReminder, order: Int)] = []
        for (index, countdown) in countdowns.enumerated() {
            for reminder in reminders(of: countdown, leads: leads, after: now, before: end, in: timeZone, limit: limit) {
                found.append((reminder, index))
            }
        }
        found.sort { a, b in firesBefore(a.reminder, a.order, b.reminder, b.order) }
        let reminders = found.map(\.reminder)
        return limit.map { Array(reminders.prefix($0)) } ?? reminders
    }

    /// `a` fires before `b`: earlier, then the longer lead, then the countdown given first.
    static func firesBefore(_ a: CountdownReminder, _ aOrder: Int, _ b: CountdownReminder, _ bOrder: Int) -> Bool {
        if a.fireDate != b.fireDate { return a.fireDate < b.fireDate }
        if a.kind.leadTime != b.kind.leadTime { return a.kind.leadTime > b.kind.leadTime }
        return aOrder < bOrder
    }

    /// The reminders of one countdown firing after `after` and before `end` (at most `limit` per lead time).
    static func reminders(of countdown: Countdown, leads: [Duration], after: Date, before end: Date,
                          in timeZone: TimeZone, limit: Int?) -> [CountdownReminder] {
        guard countdown.archived == nil, !countdown.isUnscheduled else { return [] }
        var out: [CountdownReminder] = []
        for lead in [Duration.zero] + leads {
            let seconds = lead.timeInterval
            // The occurrences whose start falls after `after + lead` and before `end + lead`.
            for occurrence in countdown.occurrences(startingAfter: after.addingTimeInterval(seconds),
                                                    before: end.addingTimeInterval(seconds), in: timeZone, limit: limit) {
                var current = countdown
                current.target = occurrence
                let fire = occurrence.start(in: timeZone).addingTimeInterval(-seconds)
                out.append(CountdownReminder(countdown: current, kind: lead == .zero ? .due : .ahead(lead), fireDate: fire))
            }
        }
        return out
    }
}

extension Reminder {
    /// The reminders of `countdowns`, as ``CountdownReminder/upcoming(for:at:through:leadTimes:limit:)``
    /// lists them, in the shape every product shares (``CountdownReminder/reminder(link:)``), each
    /// with the link `link` gives its countdown (`nil` unless told): ready to merge with other
    /// products' reminders and sort.
    ///
    /// - Throws: as ``CountdownReminder/upcoming(for:at:through:leadTimes:limit:)``.
    public static func upcoming(
        for countdowns: [Countdown], at clock: ViewerClock, through last: CalendarDay, leadTimes: [Duration] = [],
        limit: Int? = nil, link: (Countdown) -> URL? = { _ in nil }
    ) throws(CountdownError) -> [Reminder] {
        try CountdownReminder.upcoming(for: countdowns, at: clock, through: last, leadTimes: leadTimes, limit: limit)
            .map { $0.reminder(link: link($0.countdown)) }
    }
}

extension Countdown {
    /// The occurrences whose first instant (in `timeZone`) is after `after` and before `end`, in order,
    /// at most `limit` (and at most ``CountdownFilter/maximumDays`` + 1 however far `end` is).
    func occurrences(startingAfter after: Date, before end: Date, in timeZone: TimeZone, limit: Int?) -> [CountdownTarget] {
        guard after < end, var occurrence = nextOccurrence(after: after, in: timeZone) else { return [] }
        var out: [CountdownTarget] = []
        let cap = min(limit ?? Int.max, CountdownFilter.maximumDays + 1)
        while out.count < cap {
            let start = occurrence.start(in: timeZone)
            if start >= end { break }
            if start > after { out.append(occurrence) }
            guard let recurrence, occurrence.ownDay < CalendarDay.latest,
                  let day = recurrence.firstOccurrence(onOrAfter: occurrence.ownDay.adding(days: 1)) else { break }
            occurrence = target.moved(to: day)
        }
        return out
    }
}
