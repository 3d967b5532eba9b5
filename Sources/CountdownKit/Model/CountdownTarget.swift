public import AirdateCore
public import Foundation

/// What a countdown counts down to: a time on the wall clock of a time zone, or a whole calendar day.
public enum CountdownTarget: Sendable, Hashable {
    /// A time on the wall clock of a time zone, kept as given (see ``CountdownTime``): the zone places
    /// it and a repeating countdown comes back at the same wall-clock time.
    case timed(CountdownTime)
    /// A whole day: it begins at the start of the day and ends at the start of the next day in the
    /// viewer's time zone, and time remaining is counted in calendar days.
    case allDay(CalendarDay)

    /// A timed target at `date`, on the wall clock of `timeZone`.
    public static func instant(_ date: Date, _ timeZone: TimeZone) -> CountdownTarget {
        .timed(CountdownTime(instant: date, in: timeZone))
    }

    /// A timed target at the wall-clock time `local` in `timeZone`; `choice` picks the pass of a time
    /// clocks pass twice that day. A time the zone skips is kept as given, and happens as long after
    /// the jump as it is after the last time before it (see ``CountdownTime/clockChangeNote``).
    public static func wallClock(_ local: LocalDateTime, in timeZone: TimeZone,
                                 choosing choice: RepeatedTimeChoice = .first) -> CountdownTarget {
        .timed(CountdownTime(local, in: timeZone, choosing: choice))
    }

    /// Whether this is an all-day target.
    public var isAllDay: Bool {
        if case .allDay = self { return true }
        return false
    }

    /// The timed target's time, or `nil` for an all-day target.
    public var time: CountdownTime? {
        if case .timed(let time) = self { return time }
        return nil
    }

    /// The timed target's instant, or `nil` for an all-day target.
    public var instant: Date? { time?.date }

    /// The first instant of the target seen from `timeZone` (the instant itself, or the start of the day).
    public func start(in timeZone: TimeZone) -> Date {
        switch self {
        case .timed(let time): time.date
        case .allDay(let day): day.start(in: timeZone)
        }
    }

    /// The instant after which the target has passed: the instant itself, or the start of the next day.
    public func end(in timeZone: TimeZone) -> Date {
        switch self {
        case .timed(let time): time.date
        case .allDay(let day): day.adding(days: 1).start(in: timeZone)
        }
    }

    /// The calendar day of the target seen from `timeZone`.
    public func day(in timeZone: TimeZone) -> CalendarDay {
        switch self {
        case .timed(let time): CalendarDay(containing: time.date, in: timeZone)
        case .allDay(let day): day
        }
    }

    /// Whether the target has passed by the instant `now`, seen from `timeZone`: an instant once it is
    /// reached, a day once it is over.
    public func hasPassed(by now: Date, in timeZone: TimeZone) -> Bool {
        switch self {
        case .timed(let time): time.date <= now
        case .allDay(let day): day < CalendarDay(containing: now, in: timeZone)
        }
    }

    /// The target moved to `day`, keeping a timed target's wall-clock time as given in its own zone
    /// (02:30 stays 02:30, even from a day that skipped it).
    public func moved(to day: CalendarDay) -> CountdownTarget {
        switch self {
        case .allDay: .allDay(day)
        case .timed(let time): .timed(time.moved(to: day))
        }
    }

    /// The target's own calendar day: the day of the wall-clock time as given, or the all-day day.
    public var ownDay: CalendarDay {
        switch self {
        case .timed(let time): time.local.day
        case .allDay(let day): day
        }
    }
}

extension CountdownTarget: Codable {
    private enum CodingKeys: String, CodingKey { case instant, timeZone, local, day }

    /// Decodes `{"day": "YYYY-MM-DD"}` or `{"instant": "…T…±HH:MM", "timeZone": "Area/City",
    /// "local": "YYYY-MM-DDTHH:MM:SS"}`. `local`, the wall-clock time as given, is optional (documents
    /// written before it existed have the instant alone, whose wall-clock time is then used); with it,
    /// the instant only says which pass of a repeated time is meant.
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
        if let text = try container.decodeIfPresent(String.self, forKey: .local) {
            guard let local = LocalDateTime(localText: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .local, in: container, debugDescription: "\"\(text)\" is not a local date and time written YYYY-MM-DDTHH:MM:SS")
            }
            self = .timed(CountdownTime(local: local, timeZone: zone, date: instant.date))
        } else {
            self = .instant(instant.date, zone)
        }
    }

    /// Encodes as `{"day": …}` or `{"instant": …, "timeZone": …, "local": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .allDay(let day):
            try container.encode(day, forKey: .day)
        case .timed(let time):
            try container.encode(ISO8601Instant(date: time.date, in: time.timeZone), forKey: .instant)
            try container.encode(time.timeZone.identifier, forKey: .timeZone)
            try container.encode(time.local.description, forKey: .local)
        }
    }
}

extension LocalDateTime {
    /// Parses `YYYY-MM-DDTHH:MM[:SS]`, or returns `nil`.
    init?(localText text: String) {
        let parts = text.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let day = CalendarDay(String(parts[0])), let time = TimeOfDay(String(parts[1])) else { return nil }
        self.init(day: day, time: time)
    }
}
