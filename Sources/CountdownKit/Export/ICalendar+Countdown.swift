public import AirdateCore
public import Foundation

extension ICalendar {
    /// A calendar of countdowns: all-day countdowns as all-day events, timed ones at their instant
    /// with their own `TZID` (and a `VTIMEZONE` valid for every year their recurrence reaches) and a
    /// `DTEND` (`timedEventLength` later) or `DURATION:PT0S`, recurring ones with an `RRULE` whose
    /// expansion is exactly the app's occurrences (``Recurrence/rule``), the reminders as `VALARM`s
    /// (one when it is due, as ``ReminderScheduler`` does, and one per lead time); tags become
    /// `CATEGORIES` and the note the `DESCRIPTION`. UIDs are stable: `<id>@countdownkit.airdate`.
    ///
    /// - Parameters:
    ///   - timestamp: the `DTSTAMP` of every event: the real time of the export.
    ///   - countdowns: the countdowns (archived ones included, when given).
    ///   - name: the calendar's name (`X-WR-CALNAME`), or `nil` for none.
    ///   - productIdentifier: the calendar's `PRODID`.
    ///   - leadTimes: the reminders before each countdown, as given to ``ReminderScheduler``.
    ///   - timedEventLength: how long a timed countdown's event lasts (zero: a moment, `DURATION:PT0S`).
    public init(countdowns: [Countdown], timestamp: Date, leadTimes: [Duration] = [], timedEventLength: Duration = .zero,
                name: String? = "Countdowns", productIdentifier: String = "-//Airdate//CountdownKit//EN") {
        let alarms = [Duration.zero] + Array(Set(leadTimes.filter { $0 > .zero })).sorted(by: >)
        let length = TimeInterval(max(timedEventLength, .zero).components.seconds)
        let events = countdowns.map { countdown in
            // DTSTART must be an occurrence of the rule: the first one on or after the target's day.
            var target = countdown.target
            if let recurrence = countdown.recurrence, let first = recurrence.firstOccurrence(onOrAfter: target.ownDay),
               first != target.ownDay {
                target = target.moved(to: first)
            }
            let timing: ICalendarEvent.Timing
            switch target {
            case .allDay(let day): timing = .allDay(first: day, last: day)
            case .instant(let date, let zone):
                timing = .timed(start: date, end: length > 0 ? date.addingTimeInterval(length) : nil, timeZone: zone)
            }
            return ICalendarEvent(
                uid: "\(countdown.id.uuidString.lowercased())@countdownkit.airdate",
                timestamp: timestamp, summary: countdown.title, timing: timing,
                recurrence: countdown.recurrence?.rule,
                description: countdown.note.isEmpty ? nil : countdown.note,
                categories: countdown.tags.map(\.name), alarms: alarms)
        }
        self.init(productIdentifier: productIdentifier, name: name, events: events)
    }
}
