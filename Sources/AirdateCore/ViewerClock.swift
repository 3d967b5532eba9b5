public import Foundation

/// The one notion of "now" in Airdate: the current instant, the viewer's time zone (and first weekday),
/// and the clock to wait on.
///
/// Every product takes a `ViewerClock` where it needs the time: planners, countdown queries and
/// reminders, the watched checklist, the week-schedule service. An app makes one with ``system(timeZone:firstWeekday:)``
/// and passes it everywhere; a test makes one from a test clock with ``init(clock:startingAt:timeZone:firstWeekday:)``
/// and moves *that* clock forward, so every product sees the same time and every sleeper wakes.
///
/// ```swift
/// let clock = ViewerClock.system()                       // the device's time and zone
/// print(clock.now, clock.today)                         // 2026-11-24 10:00:00 +0000, 2026-11-24
/// let frozen = ViewerClock.fixed(at: someDate, timeZone: try .named("Asia/Tokyo"))
/// ```
///
/// A computation that must see one instant throughout (a sort, a plan) reads ``now`` once, or works on
/// ``frozen()``.
public struct ViewerClock: Sendable {
    /// The viewer's time zone: calendar days, "today" and all-day events are seen from it.
    public var timeZone: TimeZone
    /// The weekday weeks start on, for "this week".
    public var firstWeekday: Weekday

    private let readNow: @Sendable () -> Date
    private let sleeper: @Sendable (Date) async throws -> Void

    /// The current instant.
    public var now: Date { readNow() }

    /// The calendar day that contains ``now`` in ``timeZone``.
    public var today: CalendarDay { CalendarDay(containing: now, in: timeZone) }

    /// The Monday–Sunday (or ``firstWeekday``-based) week that contains ``now``.
    public var thisWeek: Week { Week(containing: now, firstWeekday: firstWeekday, in: timeZone) }

    /// A Gregorian calendar in ``timeZone`` whose weeks start on ``firstWeekday``.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = firstWeekday.rawValue
        return calendar
    }

    /// Suspends until ``now`` reaches `date` (at once when it has); throws `CancellationError` when the
    /// calling task is cancelled.
    public func sleep(until date: Date) async throws {
        try await sleeper(date)
    }

    /// Suspends for `duration` of this clock's time; throws `CancellationError` when cancelled.
    public func sleep(for duration: Duration) async throws {
        try await sleeper(now.addingTimeInterval(duration.timeInterval))
    }

    /// The device's time and, by default, its time zone. Long sleeps wake at least once a minute to
    /// re-read the system time, so a changed clock or a device that slept is noticed.
    public static func system(timeZone: TimeZone = .current, firstWeekday: Weekday = .monday) -> ViewerClock {
        ViewerClock(
            timeZone: timeZone, firstWeekday: firstWeekday,
            now: { Date() },
            sleep: { date in
                while true {
                    let remaining = date.timeIntervalSinceNow
                    if remaining <= 0 { return }
                    try await Task.sleep(for: .seconds(min(remaining, 60)))
                }
            }
        )
    }

    /// Time that stands still at `date`: ``now`` is always `date`. Sleeping until a later instant
    /// waits until the task is cancelled (that instant never comes); an earlier one returns at once.
    /// For reproducible computations such as plans, sorts and exports.
    public static func fixed(at date: Date, timeZone: TimeZone, firstWeekday: Weekday = .monday) -> ViewerClock {
        ViewerClock(
            timeZone: timeZone, firstWeekday: firstWeekday,
            now: { date },
            sleep: { target in
                guard target > date else { return }
                while true { try await Task.sleep(for: .seconds(3_600)) }
            }
        )
    }

    /// Calendar time that starts at `date` and advances as `clock` does: the way tests drive time.
    /// Advancing a test clock moves ``now`` and wakes whoever sleeps on this `ViewerClock`.
    public init<C: Clock>(clock: C, startingAt date: Date, timeZone: TimeZone, firstWeekday: Weekday = .monday)
    where C.Duration == Duration {
        let origin = clock.now
        self.init(
            timeZone: timeZone, firstWeekday: firstWeekday,
            now: { date.addingTimeInterval(origin.duration(to: clock.now).timeInterval) },
            sleep: { target in
                let offset = target.timeIntervalSince(date)
                let milliseconds = (offset * 1000).rounded(.up)
                // Far-future targets (beyond what Duration holds) are clamped: such a sleep never ends
                // before cancellation anyway.
                let clamped = Int64(max(-9.0e15, min(9.0e15, milliseconds.isFinite ? milliseconds : 9.0e15)))
                try await clock.sleep(until: origin.advanced(by: .milliseconds(clamped)), tolerance: nil)
            }
        )
    }

    /// Calendar time from two functions: what time it is, and how to wait until a given instant.
    public init(
        timeZone: TimeZone, firstWeekday: Weekday = .monday,
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (Date) async throws -> Void
    ) {
        self.timeZone = timeZone
        self.firstWeekday = firstWeekday
        self.readNow = now
        self.sleeper = sleep
    }

    /// This clock stopped at its current instant (same zone and first weekday).
    public func frozen() -> ViewerClock {
        .fixed(at: now, timeZone: timeZone, firstWeekday: firstWeekday)
    }

    /// The same time seen from another time zone.
    public func inTimeZone(_ timeZone: TimeZone) -> ViewerClock {
        var copy = self
        copy.timeZone = timeZone
        return copy
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval` (for `Date` arithmetic).
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
