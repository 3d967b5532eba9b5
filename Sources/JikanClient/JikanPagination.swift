import AirdateHTTP

/// Jikan's `pagination` object: what the server claims about the pages of a list.
///
/// The claims are not always true: `has_next_page` can be `true` on the last page, and `items`
/// is absent on some endpoints (episodes). ``JikanPages`` stops at a page only when every claim
/// says it is the last (``marksLast(page:itemsOnPage:)``).
public struct JikanPagination: Sendable, Hashable, Decodable {
    /// The last page the server says exists, if it says.
    public var lastVisiblePage: Int?
    /// Whether the server says another page follows.
    public var hasNextPage: Bool
    /// The page this is, if the server says.
    public var currentPage: Int?
    /// How many items this page holds, if the server says.
    public var count: Int?
    /// How many items the whole list holds, if the server says.
    public var total: Int?
    /// How many items a full page holds, if the server says.
    public var perPage: Int?

    /// A pagination statement.
    public init(lastVisiblePage: Int? = nil, hasNextPage: Bool, currentPage: Int? = nil, count: Int? = nil, total: Int? = nil, perPage: Int? = nil) {
        self.lastVisiblePage = lastVisiblePage
        self.hasNextPage = hasNextPage
        self.currentPage = currentPage
        self.count = count
        self.total = total
        self.perPage = perPage
    }

    /// Whether these claims mark `page` (holding `itemsOnPage` items) as the last one: no next page,
    /// no `last_visible_page` past it, and no `items.total` beyond the items up to it (counted as
    /// `per_page` for each earlier page plus this page's `count`). Claims that contradict each other
    /// do not mark a page as the last.
    public func marksLast(page: Int, itemsOnPage: Int) -> Bool {
        guard !hasNextPage else { return false }
        if let lastVisiblePage, lastVisiblePage > page { return false }
        if let total, let perPage {
            let throughPage = (Swift.max(1, page) - 1) * perPage + (count ?? itemsOnPage)
            if total > throughPage { return false }
        }
        return true
    }

    private enum CodingKeys: String, CodingKey {
        case lastVisiblePage = "last_visible_page", hasNextPage = "has_next_page", currentPage = "current_page", items
    }
    private enum ItemKeys: String, CodingKey { case count, total, perPage = "per_page" }

    /// Decodes Jikan's object; a missing `has_next_page` reads as `false`, unreadable values are
    /// reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        lastVisiblePage = c.integer(.lastVisiblePage)
        hasNextPage = c.flag(.hasNextPage) ?? false
        currentPage = c.integer(.currentPage)
        if let items = c.nested(keyedBy: ItemKeys.self, .items) {
            count = items.integer(.count)
            total = items.integer(.total)
            perPage = items.integer(.perPage)
        }
    }
}
