public import Foundation

/// A countdown that has come due, or is a lead time away from being due.
public struct Reminder: Sendable, Hashable {
    /// Why the reminder fires.
    public enum Kind: Sendable, Hashable {
        /// The target's first instant has come.
        case due
        /// The target is this far away.
        case ahead(Duration)
    }

    /// The countdown as it was when the reminder fired.
    public let countdown: Countdown
    /// Why it fires.
    public let kind: Kind
    /// The instant it was scheduled for.
    public let fireDate: Date

    /// Creates a reminder.
    public init(countdown: Countdown, kind: Kind, fireDate: Date) {
        self.countdown = countdown
        self.kind = kind
        self.fireDate = fireDate
    }
}
