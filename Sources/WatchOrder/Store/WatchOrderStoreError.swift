public import AirdateStore
public import Foundation

/// Why a ``WatchOrderStore`` operation failed. Failed writes change nothing.
///
/// A struct with a ``code`` rather than an enum, so that a code added later never breaks a caller's
/// `switch`; compare codes, or match them in a `catch`:
///
/// ```swift
/// do {
///     try await store.chooseOrder("flash-first")
/// } catch WatchOrderStoreError.Code.unknownOrder {
///     // offer the orders that exist
/// } catch {
///     print(error.localizedDescription)   // says what failed and what to do
/// }
/// ```
///
/// Beside the code, an error carries what is known of the failure: the database's own error
/// (``storeError``, for ``Code/store``), the contradicting rules (``orderError``), the ``show``,
/// ``session``, ``orderID`` and ``knownOrders`` concerned, a ``reason``, and the ``underlying``
/// error (a decoder's, for an import).
public struct WatchOrderStoreError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible, StoreErrorWrapping {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `WatchOrderStoreError.Code.unknownOrder`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The database failed: it is locked by another process, read-only, corrupt, from a newer
        /// version, on a full disk, cannot be opened… ``WatchOrderStoreError/storeError`` says which.
        public static let store = Code("store")
        /// An imported progress document could not be read; ``WatchOrderStoreError/reason`` says why.
        public static let invalidImport = Code("invalidImport")
        /// The stored rules contradict each other (``WatchOrderStoreError/orderError``).
        public static let order = Code("order")
        /// A refresh was given a list with no episodes for a show that has stored episodes (a page
        /// without a recognisable episode table, say); nothing was written.
        public static let emptyEpisodeList = Code("emptyEpisodeList")
        /// A rewatch session would cover a show an active session already covers; nothing was written.
        public static let rewatchOverlaps = Code("rewatchOverlaps")
        /// A rewatch session cannot be started, ended or removed as asked; ``WatchOrderStoreError/reason``
        /// says why.
        public static let invalidRewatch = Code("invalidRewatch")
        /// The change ``WatchOrderStore/undo(undoneAt:)`` would undo touched rows that have changed
        /// since in a way the change log does not know; nothing was written.
        public static let undoConflict = Code("undoConflict")
        /// No named order has the id ``WatchOrderStoreError/orderID``; ``WatchOrderStoreError/knownOrders``
        /// are those that exist.
        public static let unknownOrder = Code("unknownOrder")
        /// A built-in order has this id: a viewer's order cannot take it, and a built-in order cannot
        /// be removed (the app supplies them).
        public static let orderIsBuiltIn = Code("orderIsBuiltIn")
        /// A viewer's order already has the id of a built-in order the app supplies.
        public static let orderIDTaken = Code("orderIDTaken")
        /// An order could not be stored; ``WatchOrderStoreError/reason`` says why.
        public static let invalidOrder = Code("invalidOrder")

        /// Matches an error against a code in a `catch` clause or a `switch`:
        /// `catch WatchOrderStoreError.Code.unknownOrder { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? WatchOrderStoreError)?.code == code
        }

        /// Matches a `WatchOrderStoreError` against a code: the same as the `any Error` form, chosen
        /// in a `catch` after calls that declare `throws(WatchOrderStoreError)`.
        public static func ~= (code: Code, error: WatchOrderStoreError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// For ``Code/store``: the database's error (busy, read-only, corrupt, newer schema…).
    public var storeError: StoreError?
    /// For ``Code/order``: how the rules contradict each other.
    public var orderError: WatchOrderError?
    /// The show concerned: its name for ``Code/emptyEpisodeList``, its id (or "every show") for
    /// ``Code/rewatchOverlaps``.
    public var show: String?
    /// For ``Code/rewatchOverlaps``: the name of the active session that covers ``show``.
    public var session: String?
    /// The order id concerned (``Code/unknownOrder``, ``Code/orderIsBuiltIn``, ``Code/orderIDTaken``).
    public var orderID: String?
    /// For ``Code/unknownOrder``: the ids of the orders that exist.
    public var knownOrders: [String]
    /// For ``Code/undoConflict``: the change that could not be undone.
    public var change: ChangeRecord?
    /// Why, in words: what is wrong with an import file, a rewatch or an order; the first diagnostic
    /// of an empty episode list.
    public var reason: String?
    /// The error that caused this one (the ``storeError``, the ``orderError``, a decoder's), kept for
    /// logs and debugging.
    public var underlying: (any Error & Sendable)?

    /// An error of `code`; the other properties say what is known.
    public init(
        _ code: Code, storeError: StoreError? = nil, orderError: WatchOrderError? = nil, show: String? = nil,
        session: String? = nil, orderID: String? = nil, knownOrders: [String] = [], change: ChangeRecord? = nil,
        reason: String? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.storeError = storeError
        self.orderError = orderError
        self.show = show
        self.session = session
        self.orderID = orderID
        self.knownOrders = knownOrders
        self.change = change
        self.reason = reason
        self.underlying = underlying ?? (storeError as (any Error & Sendable)?) ?? (orderError as (any Error & Sendable)?)
    }

    // MARK: Making errors

    /// The database failed with `error`.
    public static func store(_ error: StoreError) -> WatchOrderStoreError { WatchOrderStoreError(.store, storeError: error) }
    /// An import file could not be read, for `reason`.
    public static func invalidImport(_ reason: String, underlying: (any Error & Sendable)? = nil) -> WatchOrderStoreError {
        WatchOrderStoreError(.invalidImport, reason: reason, underlying: underlying)
    }
    /// The stored rules contradict each other.
    public static func order(_ error: WatchOrderError) -> WatchOrderStoreError { WatchOrderStoreError(.order, orderError: error) }
    /// No episodes were read for `show` (named), which has stored ones; `reason` is the list's first diagnostic.
    public static func emptyEpisodeList(show: String, reason: String?) -> WatchOrderStoreError {
        WatchOrderStoreError(.emptyEpisodeList, show: show, reason: reason)
    }
    /// `show` (an id, or "every show") is already covered by the active rewatch `session`.
    public static func rewatchOverlaps(show: String, session: String) -> WatchOrderStoreError {
        WatchOrderStoreError(.rewatchOverlaps, show: show, session: session)
    }
    /// A rewatch cannot be changed as asked, for `reason`.
    public static func invalidRewatch(_ reason: String) -> WatchOrderStoreError { WatchOrderStoreError(.invalidRewatch, reason: reason) }
    /// `change` cannot be undone: what it changed has changed since.
    public static func undoConflict(_ change: ChangeRecord) -> WatchOrderStoreError { WatchOrderStoreError(.undoConflict, change: change) }
    /// No named order has the id `id`; `known` are the ids that exist.
    public static func unknownOrder(_ id: String, known: [String]) -> WatchOrderStoreError {
        WatchOrderStoreError(.unknownOrder, orderID: id, knownOrders: known)
    }
    /// `id` is a built-in order's.
    public static func orderIsBuiltIn(_ id: String) -> WatchOrderStoreError { WatchOrderStoreError(.orderIsBuiltIn, orderID: id) }
    /// A viewer's order has the id `id` of a built-in order.
    public static func orderIDTaken(_ id: String) -> WatchOrderStoreError { WatchOrderStoreError(.orderIDTaken, orderID: id) }
    /// An order cannot be stored, for `reason`.
    public static func invalidOrder(_ reason: String) -> WatchOrderStoreError { WatchOrderStoreError(.invalidOrder, reason: reason) }

    // MARK: Describing

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        switch code {
        case .store:
            return storeError?.errorDescription ?? "The watch-order database failed."
        case .invalidImport:
            return "The progress file cannot be imported: \(reason ?? "it cannot be read"). Use a file written by export."
        case .order:
            return orderError?.errorDescription ?? "The stored ordering rules contradict each other; correct or remove one."
        case .emptyEpisodeList:
            let show = show ?? "a show"
            return "No episodes were read for \(show)\(reason.map { " (\($0))" } ?? ""); its stored episodes were kept. "
                + "Check the page, or leave \(show) out of this refresh."
        case .rewatchOverlaps:
            return "\(show ?? "A show") is already being rewatched in \"\(session ?? "another rewatch")\"; end that rewatch first."
        case .invalidRewatch:
            return "The rewatch cannot be changed: \(reason ?? "no such rewatch")."
        case .undoConflict:
            let what = change.map { " (\($0.summary))" } ?? ""
            return "The last change\(what) cannot be undone: what it changed has changed since. Nothing was undone."
        case .unknownOrder:
            return "There is no order \"\(orderID ?? "")\""
                + (knownOrders.isEmpty ? "; no named order is stored." : "; the orders are \(knownOrders.joined(separator: ", ")).")
        case .orderIsBuiltIn:
            return "\"\(orderID ?? "")\" is a built-in order; it cannot be removed or replaced. Give your order another id."
        case .orderIDTaken:
            return "Your order \"\(orderID ?? "")\" has the name of a built-in order; remove or rename it to see the built-in one."
        case .invalidOrder:
            return "The order cannot be stored: \(reason ?? "it is not valid")."
        default:
            return "The watch-order store failed (\(code)): \(reason ?? "no detail")."
        }
    }

    /// The code and the description.
    public var description: String { "WatchOrderStoreError.\(code): \(errorDescription ?? "")" }

    /// Equal when everything but ``underlying`` is equal (errors are rarely `Equatable`).
    public static func == (lhs: WatchOrderStoreError, rhs: WatchOrderStoreError) -> Bool {
        lhs.code == rhs.code && lhs.storeError == rhs.storeError && lhs.orderError == rhs.orderError && lhs.show == rhs.show
            && lhs.session == rhs.session && lhs.orderID == rhs.orderID && lhs.knownOrders == rhs.knownOrders
            && lhs.change == rhs.change && lhs.reason == rhs.reason
    }
}
