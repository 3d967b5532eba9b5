public import AirdateHTTP
public import Foundation

/// Why a wiki page gave no episode list.
///
/// A struct with a ``code`` (match with `catch WikiPageError.Code.pageNotFound { }`), so that a code
/// added later never breaks a caller's `switch`; the HTTP failure is ``fetchError``.
public struct WikiPageError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `WikiPageError.Code.pageNotFound`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The wiki (``WikiPageError/site``) has no page with this title.
        public static let pageNotFound = Code("pageNotFound")
        /// The page could not be fetched (after retries): ``WikiPageError/fetchError`` says why.
        public static let fetchFailed = Code("fetchFailed")
        /// The page was fetched but holds no episode table that could be read;
        /// ``WikiPageError/notes`` are what the reader said about it. Never an empty list: a store
        /// must not replace episodes with nothing.
        public static let noEpisodes = Code("noEpisodes")

        /// Matches an error against a code in a `catch` clause or a `switch`.
        public static func ~= (code: Code, error: any Error) -> Bool { (error as? WikiPageError)?.code == code }

        /// Matches a `WikiPageError` against a code (a `catch` after `throws(WikiPageError)`).
        public static func ~= (code: Code, error: WikiPageError) -> Bool { error.code == code }
    }

    /// The kind of failure.
    public var code: Code
    /// The page's title.
    public var title: String
    /// For ``Code/pageNotFound``: the wiki's host.
    public var site: String?
    /// For ``Code/fetchFailed``: the HTTP failure.
    public var fetchError: APIClientError?
    /// For ``Code/noEpisodes``: what the reader said about the page.
    public var notes: [String]
    /// The error that caused this one (the ``fetchError``), kept for logs and debugging.
    public var underlying: (any Error & Sendable)? { fetchError }

    /// An error of `code` about the page `title`; the other properties say what is known.
    public init(_ code: Code, title: String, site: String? = nil, fetchError: APIClientError? = nil, notes: [String] = []) {
        self.code = code
        self.title = title
        self.site = site
        self.fetchError = fetchError
        self.notes = notes
    }

    /// `site` has no page `title`.
    public static func pageNotFound(title: String, site: String) -> WikiPageError { WikiPageError(.pageNotFound, title: title, site: site) }
    /// `title` could not be fetched: `error`.
    public static func fetchFailed(title: String, _ error: APIClientError) -> WikiPageError {
        WikiPageError(.fetchFailed, title: title, fetchError: error)
    }
    /// `title` has no episode table that could be read; `notes` say why.
    public static func noEpisodes(title: String, notes: [String]) -> WikiPageError { WikiPageError(.noEpisodes, title: title, notes: notes) }

    /// Whether the page failed because its site could not be reached at all (no network, a host
    /// that does not answer, a time-out): the other pages of that site would fail the same way.
    public var isUnreachableHost: Bool {
        guard code == .fetchFailed, let fetchError else { return false }
        return fetchError.isUnreachable
    }

    /// What failed and what to do, in one line.
    public var errorDescription: String? {
        switch code {
        case .pageNotFound:
            return "\(site ?? "The wiki") has no page \"\(title)\"; check the title (it may have been renamed)."
        case .fetchFailed:
            return "\"\(title)\" could not be fetched: \(fetchError.map { $0.errorDescription ?? "\($0)" } ?? "the request failed")"
        case .noEpisodes:
            let detail = notes.isEmpty ? "" : " (\(notes.prefix(3).joined(separator: "; ")))"
            return "\"\(title)\" has no episode table that could be read\(detail); the page's layout may have changed."
        default:
            return "\"\(title)\" gave no episode list (\(code))."
        }
    }

    /// The code and the description.
    public var description: String { "WikiPageError.\(code): \(errorDescription ?? "")" }
}
