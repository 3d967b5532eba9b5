public import Foundation

/// One change an owner made to their data — watches, skips, a show's status, a rewatch, settings,
/// an import — as the store's change log keeps it, with the state before, so that
/// ``WatchOrderStore/undo(undoneAt:)`` puts it back exactly, from any process.
///
/// What the change did is data (``detail``); ``summary`` says it in a sentence ("Marked 3 episodes
/// watched"), written by the presentation layer, not stored.
public struct ChangeRecord: Sendable, Hashable, Identifiable {
    /// What kind of change: an open set of values.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable identifier.
        public var rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// Episodes watched (one, through one, a season, a show, the next one).
        public static let watch = Kind(rawValue: "mark")
        /// Another play of episodes already watched.
        public static let rewatchPlay = Kind(rawValue: "rewatchPlay")
        /// Watches removed.
        public static let unwatch = Kind(rawValue: "unmark")
        /// Episodes skipped or unskipped.
        public static let skip = Kind(rawValue: "skip")
        /// A show hidden, dropped or followed again.
        public static let showStatus = Kind(rawValue: "showStatus")
        /// A rewatch session started, ended or removed.
        public static let rewatch = Kind(rawValue: "rewatch")
        /// View settings (specials, followed shows).
        public static let settings = Kind(rawValue: "settings")
        /// An import of another service's file or of a progress file.
        public static let importFile = Kind(rawValue: "import")
    }

    /// The change's identity, increasing.
    public var id: Int64
    /// When it was made.
    public var madeAt: Date
    /// What kind of change.
    public var kind: Kind
    /// What it did, as data; `nil` for a change logged by a version that kept a sentence instead
    /// (``loggedSummary``).
    public var detail: ChangeDetail?
    /// The sentence a version before ``detail`` logged; `nil` for changes logged since.
    public var loggedSummary: String?
    /// How many stored rows it added, changed or removed.
    public var rowsChanged: Int
    /// When it was undone; `nil` while it stands.
    public var undoneAt: Date?

    /// Creates a record.
    public init(
        id: Int64, madeAt: Date, kind: Kind, detail: ChangeDetail?, loggedSummary: String? = nil, rowsChanged: Int,
        undoneAt: Date? = nil
    ) {
        self.id = id
        self.madeAt = madeAt
        self.kind = kind
        self.detail = detail
        self.loggedSummary = loggedSummary
        self.rowsChanged = rowsChanged
        self.undoneAt = undoneAt
    }
}
