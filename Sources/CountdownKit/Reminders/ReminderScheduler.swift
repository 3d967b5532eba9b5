public import AirdateCore
public import Foundation

/// Yields each countdown when it comes due, and at optional lead times before, on
/// ``reminders`` (an `AsyncSequence`).
///
/// It follows the countdowns it is given (``update(_:)``, or ``follow(_:)`` a store's
/// observation): an edited target moves its reminders, and deleted or archived countdowns never
/// fire. Time comes from the injected clock, so tests drive it with a test clock; reminders whose
/// time had already passed when the scheduler started, or when a countdown was added, do not fire.
/// A recurring countdown fires for each occurrence.
///
/// ```swift
/// let scheduler = ReminderScheduler(clock: .system(), leadTimes: [.seconds(3600)])
/// Task { try await scheduler.follow(store.observe()) }
/// for await reminder in scheduler.reminders { notify(reminder) }
/// ```
public actor ReminderScheduler {
    /// The reminders, in the order they fire (earlier fire dates first; at the same instant,
    /// longer lead times first, then "due").
    public nonisolated let reminders: AsyncStream<CountdownReminder>

    private let continuation: AsyncStream<CountdownReminder>.Continuation
    private let clock: ViewerClock
    private let timeZone: TimeZone
    private let leadTimes: [Duration]
    private var countdowns: [Countdown] = []
    /// Reminders scheduled at or before this instant have been handled.
    private var watermark: Date
    private var timer: Task<Void, Never>?

    /// The lead times accepted, in whole seconds: one second to 366 days.
    public static let leadTimeSeconds: ClosedRange<Int> = 1...(366 * 86_400)

    /// Creates a scheduler timed by `clock`, whose time zone places all-day targets.
    ///
    /// - Parameters:
    ///   - leadTimes: how long before each target to fire an ``CountdownReminder/Kind/ahead(_:)`` reminder.
    ///   - clock: the time the reminders fire by, and the viewer's time zone.
    /// - Throws: ``CountdownError/Code/outOfRange`` for a lead time outside ``leadTimeSeconds``.
    public init(clock: ViewerClock, leadTimes: [Duration] = []) throws(CountdownError) {
        let leads = try Self.checked(leadTimes)
        let (stream, continuation) = AsyncStream<CountdownReminder>.makeStream(bufferingPolicy: .unbounded)
        self.reminders = stream
        self.continuation = continuation
        self.clock = clock
        self.watermark = clock.now
        self.timeZone = clock.timeZone
        self.leadTimes = leads
    }

    /// The lead times, checked against ``leadTimeSeconds``, without duplicates, longest first.
    static func checked(_ leadTimes: [Duration]) throws(CountdownError) -> [Duration] {
        for lead in leadTimes {
            let seconds = lead.components.seconds
            guard seconds >= Int64(Self.leadTimeSeconds.lowerBound), seconds <= Int64(Self.leadTimeSeconds.upperBound) else {
                let value = seconds > Int64(Int.max) ? Int.max : seconds < Int64(Int.min) ? Int.min : Int(seconds)
                throw .outOfRange(what: "reminder lead time in seconds", value: value, allowed: Self.leadTimeSeconds)
            }
        }
        return Array(Set(leadTimes.filter { $0 > .zero })).sorted(by: >)
    }

    /// The current instant by the injected clock.
    public var now: Date { clock.now }

    /// Replaces the countdowns followed, fires whatever is due, and schedules the next reminder.
    public func update(_ countdowns: [Countdown]) {
        self.countdowns = countdowns
        fireDue()
        reschedule()
    }

    /// Follows a sequence of snapshots (such as ``CountdownStore/observe()``) until it ends or
    /// the calling task is cancelled.
    public func follow<S: AsyncSequence & Sendable>(_ snapshots: S) async throws where S.Element == [Countdown] {
        for try await snapshot in snapshots {
            update(snapshot)
        }
    }

    /// The ids of the countdowns followed now (for tests).
    var followedIDs: Set<UUID> { Set(countdowns.map(\.id)) }

    /// Stops: no more reminders, and ``reminders`` ends.
    public func finish() {
        timer?.cancel()
        timer = nil
        continuation.finish()
    }

    private func fireDue() {
        let now = self.now
        guard now > watermark else { return }
        // The same reminders ``CountdownReminder/upcoming(for:at:through:leadTimes:limit:)`` lists.
        var due: [(reminder: CountdownReminder, order: Int)] = []
        for (index, countdown) in countdowns.enumerated() {
            for reminder in CountdownReminder.reminders(of: countdown, leads: leadTimes, after: watermark, before: now.addingTimeInterval(0.001),
                                               in: timeZone, limit: nil) {
                due.append((reminder, index))
            }
        }
        due.sort { a, b in CountdownReminder.firesBefore(a.reminder, a.order, b.reminder, b.order) }
        watermark = now
        for entry in due { continuation.yield(entry.reminder) }
    }

    /// The first instant after `after` at which a reminder fires, or `nil`.
    private func nextFireDate(after: Date) -> Date? {
        var next: Date?
        for countdown in countdowns where countdown.archived == nil && !countdown.isUnscheduled {
            for lead in [Duration.zero] + leadTimes {
                let seconds = lead.timeInterval
                guard let occurrence = countdown.occurrences(startingAfter: after.addingTimeInterval(seconds), before: .distantFuture,
                                                             in: timeZone, limit: 1).first else { continue }
                let fire = occurrence.start(in: timeZone).addingTimeInterval(-seconds)
                if next.map({ fire < $0 }) ?? true { next = fire }
            }
        }
        return next
    }

    private func reschedule() {
        timer?.cancel()
        timer = nil
        guard let next = nextFireDate(after: watermark) else { return }
        let clock = self.clock
        timer = Task { [weak self] in
            if clock.now < next {
                do { try await clock.sleep(until: next) } catch { return }
            }
            guard !Task.isCancelled else { return }
            await self?.timerFired()
        }
    }

    private func timerFired() {
        fireDue()
        reschedule()
    }
}
