public import AirdateCore
public import Foundation

/// What a countdown counts down to: an instant in a named time zone, or a whole calendar day.
public enum CountdownTarget: Sendable, Hashable {
    /// An instant, with the time zone it was given in (used for display and for repeating at the
    /// same wall-clock time).
    case instant(Date, TimeZone)
    /// A whole day: it begins at the start of the day and ends at the start of the next day in the
    /// viewer's time zone, and time remaining is counted in calendar days.
    case allDay(CalendarDay)

    /// Whether this is an all-day target.
    public var isAllDay: Bool {
        if case .allDay = self { return true }
        return false
    }

    /// The first instant of the target seen from `timeZone` (the instant itself, or the start of the day).
    public func start(in timeZone: TimeZone) -> Date {
        switch self {
        case .instant(let date, _): date
        case .allDay(let day): day.start(in: timeZone)
        }
    }

    /// The instant after which the target has passed: the instant itself, or the start of the next day.
    public func end(in timeZone: TimeZone) -> Date {
        switch self {
        case .instant(let date, _): date
        case .allDay(let day): day.adding(days: 1).start(in: timeZone)
        }
    }

    /// The calendar day of the target seen from `timeZone`.
    public func day(in timeZone: TimeZone) -> CalendarDay {
        switch self {
        case .instant(let date, _): CalendarDay(containing: date, in: timeZone)
        case .allDay(let day): day
        }
    }

    /// Whether the target has passed at `now`: an instant once it is reached, a day once it is over.
    public func hasPassed(at now: Date, in timeZone: TimeZone) -> Bool {
        switch self {
        case .instant(let date, _): date <= now
        case .allDay(let day): day < CalendarDay(containing: now, in: timeZone)
        }
    }

    /// The target moved to `day`, keeping an instant's wall-clock time in its own zone.
    public func moved(to day: CalendarDay) -> CountdownTarget {
        switch self {
        case .allDay: return .allDay(day)
        case .instant(let date, let zone):
            let local = LocalDateTime(containing: date, in: zone)
            return .instant(LocalDateTime(day: day, time: local.time).date(in: zone), zone)
        }
    }

    /// The target's own calendar day: an instant's day in its own zone.
    var ownDay: CalendarDay {
        switch self {
        case .instant(let date, let zone): CalendarDay(containing: date, in: zone)
        case .allDay(let day): day
        }
    }
}

extension CountdownTarget: Codable {
    private enum CodingKeys: String, CodingKey { case instant, timeZone, day }

    /// Decodes `{"day": "YYYY-MM-DD"}` or `{"instant": "…T…±HH:MM", "timeZone": "Area/City"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let day = try container.decodeIfPresent(CalendarDay.self, forKey: .day) {
            self = .allDay(day)
            return
        }
        let instant = try container.decode(ISO8601Instant.self, forKey: .instant)
        let name = try container.decode(String.self, forKey: .timeZone)
        guard let zone = TimeZone(identifier: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: TimeError.unknownTimeZone(name).errorDescription ?? name)
        }
        self = .instant(instant.date, zone)
    }

    /// Encodes as `{"day": …}` or `{"instant": …, "timeZone": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .allDay(let day):
            try container.encode(day, forKey: .day)
        case .instant(let date, let zone):
            try container.encode(ISO8601Instant(date: date, in: zone), forKey: .instant)
            try container.encode(zone.identifier, forKey: .timeZone)
        }
    }
}
