public import AirdateHTTP
public import Foundation

/// Why a wiki page gave no episode list.
public enum WikiPageError: Error, LocalizedError, Sendable, Equatable {
    /// The wiki has no page with this title.
    case pageNotFound(title: String, site: String)
    /// The page could not be fetched (after retries): the HTTP failure says why.
    case fetchFailed(title: String, APIClientError)
    /// The page was fetched but holds no episode table that could be read; `notes` are what the
    /// reader said about it. Never an empty list: a store must not replace episodes with nothing.
    case noEpisodes(title: String, notes: [String])

    /// Whether the page failed because its site could not be reached at all (no network, a host
    /// that does not answer, a time-out): the other pages of that site would fail the same way.
    public var isUnreachableHost: Bool {
        guard case .fetchFailed(_, let error) = self else { return false }
        return [APIClientError.Code.transport, .timedOut, .stalled].contains(error.code)
    }

    /// What failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .pageNotFound(let title, let site):
            return "\(site) has no page \"\(title)\"; check the title (it may have been renamed)."
        case .fetchFailed(let title, let error):
            return "\"\(title)\" could not be fetched: \(error.errorDescription ?? "\(error)")"
        case .noEpisodes(let title, let notes):
            let detail = notes.isEmpty ? "" : " (\(notes.prefix(3).joined(separator: "; ")))"
            return "\"\(title)\" has no episode table that could be read\(detail); the page's layout may have changed."
        }
    }
}
