public import AirdateCore
public import Foundation

extension ICalendar {
    /// A calendar of countdowns: all-day countdowns as all-day events, timed ones at their wall-clock
    /// time as given with their own `TZID` (and a `VTIMEZONE` valid for every year their recurrence
    /// reaches) and a `DURATION` (`timedEventLength`, or `PT0S`) — 02:30 on a spring-forward night is
    /// written 02:30, which calendar programs read as 03:30 that night (RFC 5545), as the app does, and
    /// a weekly repeat stays at 02:30 on the other weeks; the second pass of a repeated time is written
    /// in UTC — recurring ones with an `RRULE` whose
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
        // Whole seconds, at most a century (a longer event is no countdown, and Duration would overflow).
        let seconds = min(max(timedEventLength, .zero).components.seconds, 100 * 366 * 86_400)
        let length = TimeInterval(seconds)
        let events = countdowns.map { countdown in
            // DTSTART must be an occurrence of the rule: the first one on or after the target's day.
            let target = countdown.firstOccurrence
            let timing: ICalendarEvent.Timing
            switch target {
            case .allDay(let day): timing = .allDay(first: day, last: day)
            case .timed(let time) where countdown.recurrence == nil && time.repeatedTimeChoice == .second:
                // The second pass of a repeated time: only an instant says it (written in UTC).
                timing = .timed(start: time.date, end: length > 0 ? time.date.addingTimeInterval(length) : nil, timeZone: time.timeZone)
            case .timed(let time):
                // The wall-clock time as given: a calendar program reads a skipped time as the app
                // does (the offset before the gap), and a recurrence keeps it on the other days.
                timing = .wallClock(start: time.local, timeZone: time.timeZone, duration: .seconds(seconds))
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
