public import Foundation

/// Why a refresh, or one of its pages or shows, failed.
///
/// A refresh throws it when nothing could be done (``Code/snapshotUnreadable``, ``Code/noPageRead``,
/// ``Code/recordedAnswersUnreadable``, ``Code/store``); a page or a show that failed while others
/// succeeded is reported instead (``SyncReport/PageSkip``, ``SyncReport/Corroboration``), with the
/// same type. Match a code in a `catch`:
///
/// ```swift
/// do {
///     let report = try await sync.refresh(store)
/// } catch SyncError.Code.noPageRead {
///     // offline? read the snapshot instead
/// }
/// ```
public struct SyncError: Error, LocalizedError, Sendable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `SyncError.Code.noPageRead`.
        public let description: String

        private init(_ name: String) { description = name }

        /// A page the snapshot lists is not in its folder (``SyncError/path``).
        public static let pageMissing = Code("pageMissing")
        /// A page could not be fetched or holds no episode table that could be read; the wiki's
        /// error is ``SyncError/underlying``.
        public static let pageUnreadable = Code("pageUnreadable")
        /// The snapshot's list of pages (`pages.tsv`) could not be read.
        public static let snapshotUnreadable = Code("snapshotUnreadable")
        /// No page gave episodes: ``SyncError/detail`` says why, show by show. Nothing was stored.
        public static let noPageRead = Code("noPageRead")
        /// The folder of TVMaze's recorded answers has no readable `routes.json`.
        public static let recordedAnswersUnreadable = Code("recordedAnswersUnreadable")
        /// TVMaze's recorded answers do not have the show: it keeps the broadcast facts' instants.
        public static let notRecorded = Code("notRecorded")
        /// TVMaze could not be asked about the show (its `APIClientError` is ``SyncError/underlying``):
        /// it keeps the broadcast facts' instants.
        public static let corroborationFailed = Code("corroborationFailed")
        /// The store failed (its error is ``SyncError/underlying``).
        public static let store = Code("store")

        /// Matches an error against a code in a `catch` clause: `catch SyncError.Code.noPageRead { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? SyncError)?.code == code
        }

        /// Matches a `SyncError` against a code.
        public static func ~= (code: Code, error: SyncError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The show concerned, when one is.
    public var show: String?
    /// The file or folder concerned, when one is.
    public var path: String?
    /// What went wrong, in a few words, without a final period.
    public var detail: String
    /// The error that caused this one (the wiki's, TVMaze's, the store's), when there is one.
    public var underlying: (any Error & Sendable)?

    /// An error of `code`.
    public init(_ code: Code, show: String? = nil, path: String? = nil, detail: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.show = show
        self.path = path
        self.detail = detail
        self.underlying = underlying
    }

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        var detail = detail
        while detail.hasSuffix(".") { detail.removeLast() }
        return switch code {
        case .pageMissing:
            "\(path ?? "A saved page") is missing; \(show ?? "its show") keeps its stored episodes."
        case .pageUnreadable:
            "\(detail); \(show ?? "its show") keeps its stored episodes."
        case .snapshotUnreadable:
            "Could not read \(path ?? "the snapshot's pages.tsv"): \(detail). Give a snapshot folder holding pages.tsv and the pages it lists."
        case .noPageRead:
            "No page could be read (\(detail)). Check the network, or read the offline snapshot instead."
        case .recordedAnswersUnreadable:
            "TVMaze's recorded answers in \(path ?? "the folder") cannot be read: \(detail). Give the folder that holds their routes.json."
        case .notRecorded:
            "\(show ?? "The show") is not in TVMaze's recorded answers; it keeps the broadcast facts' times."
        case .corroborationFailed:
            "TVMaze could not be asked about \(show ?? "the show"): \(detail). It keeps the broadcast facts' times."
        case .store:
            "The watch-order store failed: \(detail)."
        default:
            detail + "."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }
}
