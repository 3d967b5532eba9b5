public import AirdateCore
import Foundation

/// Auto-archiving as a pure function of the countdowns and the reference time: one-off
/// countdowns whose target has passed are archived at `now`; recurring ones roll to their next
/// occurrence instead. Archived countdowns are left alone.
///
/// ```swift
/// let outcome = AutoArchive.apply(to: countdowns, at: .system())
/// try await store.save(outcome.changed)
/// ```
public enum AutoArchive: Sendable {
    /// What changed.
    public struct Outcome: Sendable, Hashable {
        /// One-off countdowns now archived.
        public var archived: [Countdown]
        /// Recurring countdowns moved to their next occurrence.
        public var rolled: [Countdown]
        /// Both, archived first; the countdowns to save.
        public var changed: [Countdown] { archived + rolled }
    }

    /// The countdowns to archive or roll at `reference`, in their given order within each list.
    /// `modified` is set to `reference.now` on each changed countdown.
    public static func apply(to countdowns: [Countdown], at clock: ViewerClock) -> Outcome {
        let reference = clock.frozen()  // one instant for every countdown
        var outcome = Outcome(archived: [], rolled: [])
        for countdown in countdowns where countdown.archived == nil {
            guard countdown.target.hasPassed(at: reference.now, in: reference.timeZone) else { continue }
            var changed = countdown
            changed.modified = reference.now
            if countdown.recurrence != nil, let next = countdown.nextOccurrence(after: reference.now, in: reference.timeZone) {
                changed.target = next
                outcome.rolled.append(changed)
            } else {
                changed.archived = reference.now
                outcome.archived.append(changed)
            }
        }
        return outcome
    }

    /// All countdowns after ``apply(to:at:)``, in their given order.
    public static func applied(to countdowns: [Countdown], at reference: ViewerClock) -> [Countdown] {
        let outcome = apply(to: countdowns, at: reference)
        var changes: [UUID: Countdown] = [:]
        for countdown in outcome.changed { changes[countdown.id] = countdown }
        return countdowns.map { changes[$0.id] ?? $0 }
    }
}
