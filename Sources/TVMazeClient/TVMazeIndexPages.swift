public import AirdateHTTP

/// The pages of a TVMaze index (`/shows?page=N`, `/people?page=N`) as an `AsyncSequence` of
/// arrays, one per page, that ends at the first page TVMaze answers with 404.
///
/// TVMaze pages its indexes by id (page 0 holds ids 0–249, page 1 ids 250–499…), so a page may hold
/// fewer than 250 items (deleted entries) without being the last, and an answer carries no
/// pagination statement: the 404 past the end is TVMaze's only sign of the last page, so a listing
/// of N pages costs N + 1 requests and never more — after the 404 the sequence asks nothing again.
///
/// Pages are fetched lazily, one per iteration step, through the client's rate limiter. Elements
/// that fail to decode are left out of their page and reported (`DecodingDiagnostics`). Iterating
/// throws only `APIClientError` (`Failure` is `APIClientError`).
public struct TVMazeIndexPages<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    /// The error iterating can throw.
    public typealias Failure = APIClientError

    let firstPage: Int
    let fetch: @Sendable (Int) async throws(APIClientError) -> [Element]?

    /// An iterator that fetches the next page on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The error `next()` can throw.
        public typealias Failure = APIClientError

        var page: Int
        var finished = false
        let fetch: @Sendable (Int) async throws(APIClientError) -> [Element]?

        /// The next page's items, or `nil` after the last page.
        public mutating func next() async throws(APIClientError) -> [Element]? {
            guard !finished else { return nil }
            guard let items = try await fetch(page) else {
                finished = true
                return nil
            }
            page += 1
            return items
        }
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(page: firstPage, fetch: fetch)
    }
}
