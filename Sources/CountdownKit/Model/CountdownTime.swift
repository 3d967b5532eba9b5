public import AirdateCore
public import Foundation

/// A time on the wall clock of a time zone, as the user gave it, and the instant it names.
///
/// The wall-clock time is kept exactly: 02:30 on a night clocks jump from 02:00 to 03:00 happens at
/// 03:30 that night (RFC 5545's reading, so a calendar program agrees), but a countdown that repeats
/// is at 02:30 on every other day — never 03:30 ever after. ``resolution`` says whether the time is
/// skipped or repeated on its day, and ``clockChangeNote`` says it in a sentence an app can show.
///
/// ```swift
/// let zone = try TimeZone.named("America/New_York")
/// let time = CountdownTime(LocalDateTime(day: try CalendarDay(parsing: "2027-03-14"), time: try TimeOfDay(parsing: "02:30")), in: zone)
/// time.date                 // 2027-03-14 07:30 UTC (03:30 EDT)
/// time.clockChangeNote      // "02:30 does not exist on 2027-03-14 in America/New_York: clocks go from 02:00 to 03:00, so it is at 03:30 that day."
/// time.moved(to: try CalendarDay(parsing: "2027-03-21")).local.time   // 02:30
/// ```
public struct CountdownTime: Sendable, Hashable {
    /// The day and time on the wall clock, as given.
    public let local: LocalDateTime
    /// The zone of the wall clock.
    public let timeZone: TimeZone
    /// Which pass of a time that happens twice that day (clocks go back) is meant.
    public let repeatedTimeChoice: RepeatedTimeChoice
    /// The instant.
    public private(set) var date: Date

    /// The wall-clock time `local` in `timeZone`; `choice` picks the pass of a time clocks pass twice.
    public init(_ local: LocalDateTime, in timeZone: TimeZone, choosing choice: RepeatedTimeChoice = .first) {
        self.local = local
        self.timeZone = timeZone
        let resolution = local.resolution(in: timeZone)
        if case .repeated = resolution {
            self.repeatedTimeChoice = choice
        } else {
            self.repeatedTimeChoice = .first
        }
        self.date = resolution.date(choosing: choice)
    }

    /// The wall-clock time of `instant` in `timeZone` (to the millisecond): the second pass of a
    /// repeated time is remembered as such.
    public init(instant: Date, in timeZone: TimeZone) {
        let rounded = instant.wholeMilliseconds
        let local = LocalDateTime(containing: rounded, in: timeZone)
        self.local = local
        self.timeZone = timeZone
        self.date = rounded
        if case .repeated(_, let second, _) = local.resolution(in: timeZone), rounded.timeIntervalSince(second) > -1 {
            repeatedTimeChoice = .second
        } else {
            repeatedTimeChoice = .first
        }
    }

    /// The stored form: the wall-clock time, the zone, and the instant, which picks the pass of a
    /// repeated time and keeps the milliseconds. When the instant is not the wall-clock time's (the
    /// zone's rules changed since), the wall-clock time wins.
    init(local: LocalDateTime, timeZone: TimeZone, date: Date) {
        var choice = RepeatedTimeChoice.first
        let resolution = local.resolution(in: timeZone)
        if case .repeated(_, let second, _) = resolution, date.timeIntervalSince(second) > -1 {
            choice = .second
        }
        self.init(local, in: timeZone, choosing: choice)
        let resolved = resolution.date(choosing: choice)
        if date >= resolved, date.timeIntervalSince(resolved) < 1 { self.date = date.wholeMilliseconds }
    }

    /// How the wall-clock time maps to instants on its day: once, skipped or repeated.
    public var resolution: WallClockResolution { local.resolution(in: timeZone) }

    /// The wall-clock time the instant shows: ``local`` itself, except on a day the zone skips it
    /// (03:30 for 02:30 on a spring-forward night).
    public var actualLocal: LocalDateTime { LocalDateTime(containing: date, in: timeZone) }

    /// The same wall-clock time on `day` (the first pass when that day repeats it).
    public func moved(to day: CalendarDay) -> CountdownTime {
        CountdownTime(LocalDateTime(day: day, time: local.time), in: timeZone)
    }

    /// A sentence for the user when the time is skipped or repeated on its day, else `nil`:
    /// "02:30 does not exist on 2027-03-14 in America/New_York: clocks go from 02:00 to 03:00, so it
    /// is at 03:30 that day." or "01:30 happens twice on 2026-11-01 in America/New_York (clocks go
    /// back from 02:00 to 01:00): the first, at UTC−04:00."
    public var clockChangeNote: String? {
        let time = Self.hhmm(local.time)
        switch resolution {
        case .unique:
            return nil
        case .skipped(let instant, let change):
            let actual = Self.hhmm(LocalDateTime(containing: instant, in: timeZone).time)
            return "\(time) does not exist on \(local.day) in \(timeZone.identifier): clocks go from "
                + "\(Self.hhmm(change.wallTimeBefore.time)) to \(Self.hhmm(change.wallTimeAfter.time)), so it is at \(actual) that day."
        case .repeated(let first, let second, let change):
            let chosen = repeatedTimeChoice == .first ? first : second
            return "\(time) happens twice on \(local.day) in \(timeZone.identifier) (clocks go back from "
                + "\(Self.hhmm(change.wallTimeBefore.time)) to \(Self.hhmm(change.wallTimeAfter.time))): "
                + "the \(repeatedTimeChoice == .first ? "first" : "second"), at \(Self.offset(timeZone.secondsFromGMT(for: chosen)))."
        }
    }

    /// `HH:MM`, with seconds when they are not zero.
    static func hhmm(_ time: TimeOfDay) -> String { time.description }

    /// `UTC+09:00`, `UTC−04:00`, `UTC`.
    static func offset(_ seconds: Int) -> String {
        guard seconds != 0 else { return "UTC" }
        let magnitude = abs(seconds)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "UTC\(seconds < 0 ? "−" : "+")\(two(magnitude / 3600)):\(two(magnitude % 3600 / 60))"
    }
}
