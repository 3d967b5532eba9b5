import AirdateCore
import Foundation

extension ICalendar {
    /// A calendar of countdowns: all-day countdowns as all-day events, timed ones at their instant
    /// with their own `TZID`, recurring ones with an `RRULE`; tags become `CATEGORIES` and the note
    /// the `DESCRIPTION`. UIDs are stable: `<id>@countdownkit.airdate`.
    ///
    /// - Parameter timestamp: the `DTSTAMP` of every event (pass "now").
    public init(countdowns: [Countdown], timestamp: Date, name: String? = "Countdowns",
                productIdentifier: String = "-//Airdate//CountdownKit//EN") {
        let events = countdowns.map { countdown in
            let timing: ICalendarEvent.Timing
            switch countdown.target {
            case .allDay(let day): timing = .allDay(first: day, last: day)
            case .instant(let date, let zone): timing = .timed(start: date, end: nil, timeZone: zone)
            }
            return ICalendarEvent(
                uid: "\(countdown.id.uuidString.lowercased())@countdownkit.airdate",
                timestamp: timestamp, summary: countdown.title, timing: timing,
                recurrence: countdown.recurrence?.rule,
                description: countdown.note.isEmpty ? nil : countdown.note,
                categories: countdown.tags.map(\.name))
        }
        self.init(productIdentifier: productIdentifier, name: name, events: events)
    }
}
