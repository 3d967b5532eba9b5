/// Every item of a paginated Jikan list as an `AsyncSequence`, fetching pages lazily through the
/// client (so its rate limiter paces the pages).
///
/// Jikan's pagination has known bugs, so the sequence ends at the first of:
/// - a page with no items;
/// - a page that says `has_next_page: false`, or whose number reaches `last_visible_page`;
/// - a *short* page: fewer items than a full page holds (`items.per_page`, else the size the
///   endpoint is known to use), even when `has_next_page` says `true`;
/// - a page whose items were all seen before (the server is repeating itself);
/// - ``maxPages`` pages.
///
/// Items repeated across pages (same `mal_id`) are yielded once, at their first appearance.
public struct JikanPages<Item: Decodable & MALIdentifiable>: AsyncSequence, Sendable {
    /// The iterator's element: one item.
    public typealias Element = Item

    let firstPage: Int
    /// The size of a full page when the server does not state it.
    let expectedPageSize: Int?
    /// The most pages to fetch.
    public let maxPages: Int
    let fetch: @Sendable (Int) async throws -> JikanPage<Item>

    /// Pages from `firstPage`, fetched with `fetch`, at most `maxPages` of them; `expectedPageSize`
    /// is the size of a full page when the server does not say.
    public init(
        firstPage: Int = 1,
        expectedPageSize: Int? = nil,
        maxPages: Int = 1_000,
        fetch: @escaping @Sendable (Int) async throws -> JikanPage<Item>
    ) {
        self.firstPage = Swift.max(1, firstPage)
        self.expectedPageSize = expectedPageSize
        self.maxPages = Swift.max(1, maxPages)
        self.fetch = fetch
    }

    /// The same sequence stopping after `pages` pages.
    public func limited(toPages pages: Int) -> JikanPages {
        JikanPages(firstPage: firstPage, expectedPageSize: expectedPageSize, maxPages: pages, fetch: fetch)
    }

    /// An iterator that fetches the next page when its items run out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var page: Int
        var pagesFetched = 0
        var finished = false
        var buffer: [Item] = []
        var bufferIndex = 0
        var seen: Set<Int> = []
        let expectedPageSize: Int?
        let maxPages: Int
        let fetch: @Sendable (Int) async throws -> JikanPage<Item>

        /// The next item, or `nil` after the last one.
        public mutating func next() async throws -> Item? {
            while bufferIndex >= buffer.count {
                guard !finished else { return nil }
                try await loadPage()
            }
            defer { bufferIndex += 1 }
            return buffer[bufferIndex]
        }

        private mutating func loadPage() async throws {
            let number = page
            let result: JikanPage<Item>
            do {
                result = try await fetch(number)
            } catch {
                finished = true
                throw error
            }
            pagesFetched += 1
            page += 1

            var fresh: [Item] = []
            for item in result.items where seen.insert(item.malID).inserted {
                fresh.append(item)
            }
            buffer = fresh
            bufferIndex = 0

            let pagination = result.pagination
            let fullPage = pagination.perPage ?? expectedPageSize
            if result.items.isEmpty
                || fresh.isEmpty
                || !pagination.hasNextPage
                || pagination.lastVisiblePage.map({ number >= $0 }) == true
                || fullPage.map({ result.items.count < $0 }) == true
                || pagesFetched >= maxPages {
                finished = true
            }
        }
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(page: firstPage, expectedPageSize: expectedPageSize, maxPages: maxPages, fetch: fetch)
    }
}
