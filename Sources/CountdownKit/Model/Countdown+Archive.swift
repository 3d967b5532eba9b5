public import AirdateCore
import Foundation

/// What ``Countdown/setArchived(_:at:)`` did.
public enum ArchiveChange: Sendable, Hashable {
    /// Archived, or brought back; ``Countdown/modified`` is the instant given.
    case changed
    /// Already as asked (archived, or not archived); nothing changed.
    case unchanged
    /// A one-off countdown whose target has passed is in the archive because it passed: only a new
    /// day brings it back. Nothing changed.
    case passedStaysArchived
}

extension Countdown {
    /// Archives the countdown at `clock`'s now, or with `archived` false brings it back, by the rules
    /// every app shares: the automatic archive (``current(at:)``) counts, seen from the user's own day
    /// in `clock`'s zone (give the clock of the user's zone) — a passed countdown is already archived,
    /// and a passed one-off countdown cannot be brought back without a new day.
    ///
    /// Call it inside ``CountdownStorage/update(id:_:)`` so that what it looks at and what it writes
    /// are one transaction; when it changes nothing, nothing is written.
    @discardableResult
    public mutating func setArchived(_ archived: Bool, at clock: ViewerClock) -> ArchiveChange {
        let now = clock.now
        let userZone = clock.timeZone
        let userClock = ViewerClock.fixed(at: now, timeZone: userZone)
        let current = current(at: userClock)
        if archived {
            guard !current.isArchived else { return .unchanged }
            self.archived = now
        } else {
            if current.isArchived, recurrence == nil, target.hasPassed(by: now, in: userZone) { return .passedStaysArchived }
            guard isArchived else { return .unchanged }
            self.archived = nil
        }
        modified = now
        return .changed
    }
}
