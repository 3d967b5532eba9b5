import Foundation

/// Calendar time for services that act at wall-clock moments (such as midnight): what time it is,
/// and sleeping until a given `Date`.
///
/// ``system`` reads the system time. ``init(clock:startingAt:)`` derives calendar time from any
/// `Clock<Duration>`, so tests drive it with a test clock and jump days.
public struct WallClock: Sendable {
    private let nowProvider: @Sendable () -> Date
    private let sleeper: @Sendable (Date) async throws -> Void

    /// The current time.
    public var now: Date { nowProvider() }

    /// Sleeps until `date`; throws `CancellationError` when cancelled.
    public func sleep(until date: Date) async throws {
        try await sleeper(date)
    }

    /// The system's time; sleeps in steps of at most a minute so that clock changes and sleep of
    /// the device are noticed.
    public static let system = WallClock(
        now: { Date() },
        sleep: { date in
            while true {
                let remaining = date.timeIntervalSinceNow
                if remaining <= 0 { return }
                try await Task.sleep(for: .seconds(min(remaining, 60)))
            }
        }
    )

    /// Calendar time that starts at `date` and advances as `clock` does.
    public init<C: Clock>(clock: C, startingAt date: Date) where C.Duration == Duration {
        let origin = clock.now
        self.nowProvider = {
            let elapsed = origin.duration(to: clock.now)
            let (seconds, attoseconds) = elapsed.components
            return date.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
        self.sleeper = { target in
            let offset = target.timeIntervalSince(date)
            try await clock.sleep(until: origin.advanced(by: .milliseconds(Int64((offset * 1000).rounded(.up)))), tolerance: nil)
        }
    }

    /// Calendar time from two functions.
    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Date) async throws -> Void) {
        self.nowProvider = now
        self.sleeper = sleep
    }
}
