public import AirdateStore
public import Foundation

/// Why a plan store operation failed. Failed writes change nothing.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`: `catch PlannerStoreError.Code.notFound { … }`
/// (and `catch StoreError.Code.busy` for a locked database).
public struct PlannerStoreError: Error, LocalizedError, Sendable, Hashable, CustomStringConvertible, StoreErrorWrapping {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match in a
    /// `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `PlannerStoreError.Code.notFound`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The database failed: it is locked by another process, read-only, corrupt, from a newer
        /// version, on a full disk, cannot be opened, or another failure
        /// (``PlannerStoreError/storeError`` says which).
        public static let store = Code("store")
        /// No tracked show has the id ``PlannerStoreError/id`` (for this store's owner).
        public static let notFound = Code("notFound")
        /// A show with the id ``PlannerStoreError/id`` is already tracked.
        public static let duplicate = Code("duplicate")
        /// A stored row (of the show ``PlannerStoreError/id``) could not be turned back into a tracked
        /// show; ``PlannerStoreError/reason`` says why.
        public static let corruptRow = Code("corruptRow")
        /// A change passed to ``PlannerStorage/update(id:_:)`` gave the show ``PlannerStoreError/id``
        /// another id (``PlannerStoreError/otherID``: refreshed it with another anime, say); nothing
        /// was written.
        public static let changedID = Code("changedID")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PlannerStoreError)?.code == code
        }

        /// Matches a `PlannerStoreError` against a code, after calls that declare
        /// `throws(PlannerStoreError)`.
        public static func ~= (code: Code, error: PlannerStoreError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The show the error is about.
    public var id: Int?
    /// The id a change gave the show (``Code/changedID``).
    public var otherID: Int?
    /// Why a row is damaged, as a clause (``Code/corruptRow``).
    public var reason: String?
    /// The database's failure (``Code/store``).
    public var storeError: StoreError?

    /// An error of `code`; the other properties say what is known.
    public init(_ code: Code, id: Int? = nil, otherID: Int? = nil, reason: String? = nil, storeError: StoreError? = nil) {
        self.code = code
        self.id = id
        self.otherID = otherID
        self.reason = reason
        self.storeError = storeError
    }

    /// The error that caused this one: the database's (``storeError``).
    public var underlying: (any Error)? { storeError }

    // MARK: Making errors

    /// The database failed with `error`.
    public static func store(_ error: StoreError) -> PlannerStoreError { PlannerStoreError(.store, storeError: error) }
    /// No tracked show has `id`.
    public static func notFound(_ id: Int) -> PlannerStoreError { PlannerStoreError(.notFound, id: id) }
    /// The show `id` is tracked already.
    public static func duplicate(_ id: Int) -> PlannerStoreError { PlannerStoreError(.duplicate, id: id) }
    /// The stored show `id` is damaged, as `reason` says.
    public static func corruptRow(id: Int, reason: String) -> PlannerStoreError { PlannerStoreError(.corruptRow, id: id, reason: reason) }
    /// A change turned the show `id` into the show `other`.
    public static func changedID(from id: Int, to other: Int) -> PlannerStoreError { PlannerStoreError(.changedID, id: id, otherID: other) }

    // MARK: Describing

    /// A sentence saying what failed and what to do.
    public var errorDescription: String? {
        let show = id.map(String.init) ?? "?"
        switch code {
        case .store:
            return storeError?.errorDescription ?? "The plans' database failed."
        case .notFound:
            return "No tracked show has the id \(show); add it first."
        case .duplicate:
            return "The show \(show) is already tracked; change its plan instead of adding it again."
        case .corruptRow:
            return "The stored show \(show) is damaged (\(reason ?? "unreadable")); delete it and add it again."
        case .changedID:
            let other = otherID.map(String.init) ?? "?"
            return "A change turned the tracked show \(show) into the show \(other); nothing was written. Track \(other) on its own instead."
        default:
            return "The plans' store failed (\(code))."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
