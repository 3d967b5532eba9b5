public import AirdateHTTP

/// Every item of a paginated Jikan list as an `AsyncSequence`, fetching pages lazily through the
/// client (so its rate limiter paces the pages).
///
/// A page the API marks as the last is the last: when `has_next_page` is `false`,
/// `last_visible_page` (when sent) is not past it and `items.total` (when sent) is not more than the
/// items up to it, the listing ends there, complete, without asking for the next page.
///
/// Other claims are not trusted, because Jikan's pagination lies: `has_next_page` can be `true` on
/// the last page, `false` before it while `last_visible_page` or `items.total` say more follow, and
/// pages can be short or repeated. Unless a page is marked as the last, the sequence keeps asking
/// while a page brings items not seen before, whatever the claims say, and ends at the first of:
/// - a page with no items, or a 404 past the first page: the list is complete;
/// - a page whose items were all seen before: the server is repeating itself; complete if it
///   claimed no further page, else ``JikanListingEnd/repeatedPage(page:)`` (items may be missing);
/// - ``maxPages`` pages: stopped at the bound, more may follow;
/// - a failing page: the error is thrown after the earlier items.
///
/// Items repeated across pages (same `mal_id`) are yielded once, at their first appearance. How the
/// listing ended is the iterator's ``AsyncIterator/end``, or comes with the items from
/// ``listing()``, so a complete list can be told from a truncated one.
///
/// Iterating throws only `APIClientError` (`Failure` is `APIClientError`): `for try await` over it in
/// a `do` block catches an `APIClientError`, with no cast.
public struct JikanPages<Item: Decodable & MALIdentifiable>: AsyncSequence, Sendable {
    /// The iterator's element: one item.
    public typealias Element = Item
    /// The error iterating can throw.
    public typealias Failure = APIClientError

    let firstPage: Int
    /// The most pages to fetch.
    public let maxPages: Int
    let fetch: @Sendable (Int) async throws(APIClientError) -> JikanPage<Item>

    /// Pages from `firstPage`, fetched with `fetch`, at most `maxPages` of them.
    ///
    /// A closure passed here must say what it throws (SE-0413 infers `any Error` for a closure
    /// without an annotation): `{ (page) async throws(APIClientError) -> JikanPage<Item> in … }`.
    public init(
        firstPage: Int = 1,
        maxPages: Int = 1_000,
        fetch: @escaping @Sendable (Int) async throws(APIClientError) -> JikanPage<Item>
    ) {
        self.firstPage = Swift.max(1, firstPage)
        self.maxPages = Swift.max(1, maxPages)
        self.fetch = fetch
    }

    /// The same sequence stopping after `pages` pages.
    public func limited(toPages pages: Int) -> JikanPages {
        JikanPages(firstPage: firstPage, maxPages: pages, fetch: fetch)
    }

    /// Every item, and how the listing ended; never throws: a failing page ends the listing with
    /// ``JikanListingEnd/failed(page:error:)`` and keeps the items before it.
    public func listing() async -> JikanListing<Item> {
        var iterator = makeAsyncIterator()
        var items: [Item] = []
        do {
            while let item = try await iterator.next() { items.append(item) }
        } catch {
            // `iterator.end` records the failure (`error` is an `APIClientError`).
        }
        return JikanListing(items: items, end: iterator.end ?? .complete(pages: iterator.pagesFetched), pagesFetched: iterator.pagesFetched)
    }

    /// An iterator that fetches the next page when its items run out.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// The error `next()` can throw.
        public typealias Failure = APIClientError

        var page: Int
        /// How many pages were fetched so far.
        public private(set) var pagesFetched = 0
        /// How the listing ended; `nil` while it goes on.
        public private(set) var end: JikanListingEnd?
        var buffer: [Item] = []
        var bufferIndex = 0
        var seen: Set<Int> = []
        let maxPages: Int
        let fetch: @Sendable (Int) async throws(APIClientError) -> JikanPage<Item>

        /// The next item, or `nil` after the last one.
        public mutating func next() async throws(APIClientError) -> Item? {
            while bufferIndex >= buffer.count {
                guard end == nil else { return nil }
                try await loadPage()
            }
            defer { bufferIndex += 1 }
            return buffer[bufferIndex]
        }

        private mutating func loadPage() async throws(APIClientError) {
            let number = page
            let result: JikanPage<Item>
            do {
                result = try await fetch(number)
            } catch where error.code == .notFound && pagesFetched > 0 {
                end = .complete(pages: pagesFetched)
                return
            } catch {
                end = .failed(page: number, error: error)
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
            let claimsMore = pagination.hasNextPage || (pagination.lastVisiblePage ?? 0) > number
            if result.items.isEmpty {
                end = .complete(pages: pagesFetched)
            } else if fresh.isEmpty {
                end = claimsMore ? .repeatedPage(page: number) : .complete(pages: pagesFetched)
            } else if pagination.marksLast(page: number, itemsOnPage: result.items.count) {
                end = .complete(pages: pagesFetched)
            } else if pagesFetched >= maxPages {
                end = .reachedPageBound(pages: pagesFetched)
            }
        }
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(page: firstPage, maxPages: maxPages, fetch: fetch)
    }
}

/// How a ``JikanPages`` listing ended.
public enum JikanListingEnd: Sendable, Equatable {
    /// The page the API marked as the last, an empty page, a page of nothing new, or a 404 past the
    /// first page: every item was seen.
    case complete(pages: Int)
    /// The page bound (``JikanPages/maxPages``) was reached while pages still brought new items:
    /// the listing may be truncated.
    case reachedPageBound(pages: Int)
    /// Page `page` brought only items seen before while the server said more pages follow: it is
    /// repeating itself, asking on would loop, and items after it may be missing.
    case repeatedPage(page: Int)
    /// Page `page` failed with `error`: the listing is truncated there.
    case failed(page: Int, error: APIClientError)

    /// Whether every item was seen.
    public var isComplete: Bool {
        if case .complete = self { return true }
        return false
    }
}

/// The items of a ``JikanPages`` listing with how it ended (``JikanPages/listing()``).
public struct JikanListing<Item: Sendable>: Sendable {
    /// The items, each once, in the server's order.
    public var items: [Item]
    /// How the listing ended: ``JikanListingEnd/isComplete`` tells a complete list from a truncated one.
    public var end: JikanListingEnd
    /// How many pages were fetched.
    public var pagesFetched: Int

    /// A listing.
    public init(items: [Item], end: JikanListingEnd, pagesFetched: Int) {
        self.items = items
        self.end = end
        self.pagesFetched = pagesFetched
    }
}
