public import Foundation

/// One change a viewer made to their data — marks, skips, a show's status, a rewatch, settings, an
/// import — as the store's change log keeps it, with the state before, so that
/// ``WatchOrderStore/undo(undoneAt:)`` puts it back exactly, from any process.
public struct ChangeRecord: Sendable, Hashable, Identifiable {
    /// What kind of change: an open set of values.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The stable identifier.
        public var rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// Episodes marked watched (one, through one, a season, a show, the next one).
        public static let watch = Kind(rawValue: "mark")
        /// Another play of episodes already watched.
        public static let rewatchPlay = Kind(rawValue: "rewatchPlay")
        /// Marks removed.
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
    /// What it did, in one sentence ("Marked 3 episodes watched").
    public var summary: String
    /// How many stored rows it added, changed or removed.
    public var rowsChanged: Int
    /// When it was undone; `nil` while it stands.
    public var undoneAt: Date?

    /// Creates a record.
    public init(id: Int64, madeAt: Date, kind: Kind, summary: String, rowsChanged: Int, undoneAt: Date? = nil) {
        self.id = id
        self.madeAt = madeAt
        self.kind = kind
        self.summary = summary
        self.rowsChanged = rowsChanged
        self.undoneAt = undoneAt
    }
}
