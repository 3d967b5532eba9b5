/// The pages of a TVMaze index (`/shows?page=N`, `/people?page=N`) as an `AsyncSequence` of
/// arrays, one per page, that ends at the first page TVMaze answers with 404.
///
/// Pages are fetched lazily, one per iteration step, through the client's rate limiter.
public struct TVMazeIndexPages<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    let firstPage: Int
    let fetch: @Sendable (Int) async throws -> [Element]?

    /// An iterator that fetches the next page on demand.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var page: Int
        var finished = false
        let fetch: @Sendable (Int) async throws -> [Element]?

        /// The next page's items, or `nil` after the last page.
        public mutating func next() async throws -> [Element]? {
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
