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
    public nonisolated let reminders: AsyncStream<Reminder>

    private let continuation: AsyncStream<Reminder>.Continuation
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
    ///   - leadTimes: how long before each target to fire an ``Reminder/Kind/ahead(_:)`` reminder.
    ///   - clock: the time the reminders fire by, and the viewer's time zone.
    /// - Throws: ``CountdownError/outOfRange(what:value:allowed:)`` for a lead time outside ``leadTimeSeconds``.
    public init(clock: ViewerClock, leadTimes: [Duration] = []) throws(CountdownError) {
        for lead in leadTimes {
            let seconds = lead.components.seconds
            guard seconds >= Int64(Self.leadTimeSeconds.lowerBound), seconds <= Int64(Self.leadTimeSeconds.upperBound) else {
                let value = seconds > Int64(Int.max) ? Int.max : seconds < Int64(Int.min) ? Int.min : Int(seconds)
                throw .outOfRange(what: "reminder lead time in seconds", value: value, allowed: Self.leadTimeSeconds)
            }
        }
        let (stream, continuation) = AsyncStream<Reminder>.makeStream(bufferingPolicy: .unbounded)
        self.reminders = stream
        self.continuation = continuation
        self.clock = clock
        self.watermark = clock.now
        self.timeZone = clock.timeZone
        self.leadTimes = Array(Set(leadTimes.filter { $0 > .zero })).sorted(by: >)
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

    private struct Entry {
        let fireDate: Date
        let kind: Reminder.Kind
        let lead: Duration
        let countdown: Countdown
    }

    /// The reminders after `after`, for active countdowns.
    private func entries(after: Date) -> [Entry] {
        var entries: [Entry] = []
        for countdown in countdowns where countdown.archived == nil {
            // A one-off countdown's target; a recurring one's next two occurrences (so that lead
            // reminders for the following occurrence are not missed).
            var targets = [countdown.target]
            if countdown.recurrence != nil, let first = countdown.nextOccurrence(after: after, in: timeZone) {
                targets = [first]
                var current = countdown
                current.target = first
                if let second = current.nextOccurrence(after: first.end(in: timeZone), in: timeZone) {
                    targets.append(second)
                }
            }
            for target in targets {
                var current = countdown
                current.target = target
                let start = target.start(in: timeZone)
                if start > after {
                    entries.append(Entry(fireDate: start, kind: .due, lead: .zero, countdown: current))
                }
                for lead in leadTimes {
                    let fire = start.addingTimeInterval(-lead.timeInterval)
                    if fire > after {
                        entries.append(Entry(fireDate: fire, kind: .ahead(lead), lead: lead, countdown: current))
                    }
                }
            }
        }
        return entries
    }

    private func fireDue() {
        let now = self.now
        guard now > watermark else { return }
        let due = entries(after: watermark)
            .filter { $0.fireDate <= now }
            .sorted { a, b in a.fireDate != b.fireDate ? a.fireDate < b.fireDate : b.lead < a.lead }
        watermark = now
        for entry in due {
            continuation.yield(Reminder(countdown: entry.countdown, kind: entry.kind, fireDate: entry.fireDate))
        }
    }

    private func reschedule() {
        timer?.cancel()
        timer = nil
        guard let next = entries(after: watermark).map(\.fireDate).min() else { return }
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
