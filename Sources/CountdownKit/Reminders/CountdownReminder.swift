public import AirdateCore
public import Foundation

/// A countdown that has come due, or is a lead time away from being due.
///
/// ``upcoming(for:after:through:leadTimes:in:limit:)`` lists the reminders still to fire, as an app
/// hands them to the system's notification scheduler (each with a stable ``id``, so scheduling the
/// list again after a change replaces what was scheduled); ``ReminderScheduler`` fires the same
/// reminders live.
public struct Reminder: Sendable, Hashable, Identifiable {
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

    /// The reminders of `countdowns` that fire strictly after `now` and on or before the end of the
    /// day `last` (in `timeZone`), in firing order: for every occurrence (each of a repeating
    /// countdown), one when it is due and one per lead time before. Archived countdowns, and
    /// followed ones the catalog no longer schedules, have none. At one instant, longer lead times
    /// come first, then "due", then the countdowns in the order given.
    ///
    /// - Parameters:
    ///   - countdowns: the countdowns to remind of (archived ones have no reminders).
    ///   - now: reminders fire strictly after this instant.
    ///   - last: the last day (in `timeZone`) whose reminders are listed.
    ///   - leadTimes: how long before each target to remind (as given to ``ReminderScheduler``).
    ///   - timeZone: the zone all-day targets start in (the user's).
    ///   - limit: at most this many reminders, the earliest (notification schedulers keep a few dozen).
    /// - Throws: ``CountdownError/outOfRange(what:value:allowed:)`` for a lead time outside
    ///   ``ReminderScheduler/leadTimeSeconds``, a range longer than ``CountdownFilter/maximumDays``, or a
    ///   negative limit.
    public static func upcoming(
        for countdowns: [Countdown], after now: Date, through last: CalendarDay, leadTimes: [Duration] = [],
        in timeZone: TimeZone, limit: Int? = nil
    ) throws(CountdownError) -> [Reminder] {
        let leads = try ReminderScheduler.checked(leadTimes)
        let first = CalendarDay(containing: now, in: timeZone)
        let span = first.days(to: last)
        guard span <= CountdownFilter.maximumDays else {
            throw .outOfRange(what: "number of days of reminders", value: span, allowed: 0...CountdownFilter.maximumDays)
        }
        if let limit, limit < 0 { throw .outOfRange(what: "number of reminders", value: limit, allowed: 0...Int.max) }
        guard span >= 0, limit != 0 else { return [] }
        let end = last.adding(days: 1).start(in: timeZone)
        var found: [(reminder: Reminder, order: Int)] = []
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
    static func firesBefore(_ a: Reminder, _ aOrder: Int, _ b: Reminder, _ bOrder: Int) -> Bool {
        if a.fireDate != b.fireDate { return a.fireDate < b.fireDate }
        if a.kind.leadTime != b.kind.leadTime { return a.kind.leadTime > b.kind.leadTime }
        return aOrder < bOrder
    }

    /// The reminders of one countdown firing after `after` and before `end` (at most `limit` per lead time).
    static func reminders(of countdown: Countdown, leads: [Duration], after: Date, before end: Date,
                          in timeZone: TimeZone, limit: Int?) -> [Reminder] {
        guard countdown.archived == nil, !countdown.isUnscheduled else { return [] }
        var out: [Reminder] = []
        for lead in [Duration.zero] + leads {
            let seconds = lead.timeInterval
            // The occurrences whose start falls after `after + lead` and before `end + lead`.
            for occurrence in countdown.occurrences(startingAfter: after.addingTimeInterval(seconds),
                                                    before: end.addingTimeInterval(seconds), in: timeZone, limit: limit) {
                var current = countdown
                current.target = occurrence
                let fire = occurrence.start(in: timeZone).addingTimeInterval(-seconds)
                out.append(Reminder(countdown: current, kind: lead == .zero ? .due : .ahead(lead), fireDate: fire))
            }
        }
        return out
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
