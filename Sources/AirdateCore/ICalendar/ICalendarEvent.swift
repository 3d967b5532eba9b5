public import Foundation

/// One `VEVENT` of an ``ICalendar``.
public struct ICalendarEvent: Sendable, Hashable {
    /// When an event happens.
    public enum Timing: Sendable, Hashable {
        /// A timed event. With a `timeZone` the times are written as local times with `TZID`
        /// (and the calendar carries a matching `VTIMEZONE`); with `nil` they are written in UTC.
        /// Without an `end` the event lasts no time (written as `DURATION:PT0S`).
        case timed(start: Date, end: Date?, timeZone: TimeZone?)
        /// A timed event given on the wall clock of `timeZone`, written with `TZID` as given and lasting
        /// `duration` (`DURATION`). A time the zone skips or repeats that day is read as RFC 5545 says
        /// (see `WallClockResolution`): the offset before a gap, the first of a repeated time; a
        /// recurrence keeps the wall-clock time on the other days.
        case wallClock(start: LocalDateTime, timeZone: TimeZone, duration: Duration)
        /// An all-day event from `first` to `last`, both included, written as `VALUE=DATE`
        /// with the exclusive `DTEND` the day after `last`.
        case allDay(first: CalendarDay, last: CalendarDay)
    }

    /// A stable, globally unique identifier supplied by the caller, such as `"countdown-42@airdate"`.
    public var uid: String
    /// When this copy of the event was made (`DTSTAMP`, written in UTC).
    public var timestamp: Date
    /// The title (`SUMMARY`).
    public var summary: String
    /// When it happens.
    public var timing: Timing
    /// How it repeats (`RRULE`).
    public var recurrence: RecurrenceRule?
    /// Longer text (`DESCRIPTION`).
    public var description: String?
    /// Categories (`CATEGORIES`), such as tags.
    public var categories: [String]
    /// Where (`LOCATION`).
    public var location: String?
    /// A link (`URL`).
    public var url: URL?
    /// Alarms (`VALARM`, `ACTION:DISPLAY`), each this long before the start (zero: at the start).
    public var alarms: [Duration]

    /// Creates an event.
    public init(
        uid: String, timestamp: Date, summary: String, timing: Timing,
        recurrence: RecurrenceRule? = nil, description: String? = nil, categories: [String] = [],
        location: String? = nil, url: URL? = nil, alarms: [Duration] = []
    ) {
        self.alarms = alarms
        self.uid = uid
        self.timestamp = timestamp
        self.summary = summary
        self.timing = timing
        self.recurrence = recurrence
        self.description = description
        self.categories = categories
        self.location = location
        self.url = url
    }
}
