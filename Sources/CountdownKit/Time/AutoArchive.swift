public import AirdateCore
import Foundation

/// The automatic archive: one-off countdowns whose target has passed go to the archive, as of the
/// instant they passed; repeating ones move on to their next occurrence. Countdowns archived already
/// are left alone.
///
/// It is a pure function of the countdowns and a clock, so it can be a *view* — ``current(_:at:)``
/// (``Countdown/current(at:)`` for one) computes it and writes nothing, which is how
/// ``CountdownStore/countdowns(matching:sortedBy:at:archivingIn:automaticArchive:)`` lists — or be stored with
/// ``CountdownStore/autoArchive(at:)``. Either way the answer is the same: a countdown is archived
/// as of the end of its target, and an all-day target ends at midnight of the clock's zone, so pass
/// the clock of the user's own day and zone, never that of a view showing another zone.
///
/// ```swift
/// let shown = AutoArchive.current(try await store.all(), at: .system())   // nothing written
/// try await store.autoArchive(at: .system())                              // the same, stored
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

    /// The countdowns as they stand at `clock` (see ``Countdown/current(at:)``), in their given order;
    /// nothing else changes, ``Countdown/modified`` included.
    public static func current(_ countdowns: [Countdown], at clock: ViewerClock) -> [Countdown] {
        let reference = clock.frozen()  // one instant for every countdown
        return countdowns.map { $0.current(at: reference) }
    }

    /// The countdowns to archive or roll at `clock`, in their given order within each list, to be
    /// stored: archived as of the instant their target passed, ``Countdown/modified`` set to `clock.now`.
    public static func apply(to countdowns: [Countdown], at clock: ViewerClock) -> Outcome {
        let reference = clock.frozen()
        var outcome = Outcome(archived: [], rolled: [])
        for countdown in countdowns where countdown.archived == nil {
            var changed = countdown.current(at: reference)
            guard changed != countdown else { continue }
            changed.modified = reference.now
            if changed.archived != nil {
                outcome.archived.append(changed)
            } else {
                outcome.rolled.append(changed)
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
