/// Jikan's `pagination` object: what the server claims about the pages of a list.
///
/// The claims are not always true: `has_next_page` can be `true` on the last page, and `items`
/// is absent on some endpoints (episodes). ``JikanPages`` does not rely on them alone.
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

    private enum CodingKeys: String, CodingKey {
        case lastVisiblePage = "last_visible_page", hasNextPage = "has_next_page", currentPage = "current_page", items
    }
    private enum ItemKeys: String, CodingKey { case count, total, perPage = "per_page" }

    /// Decodes Jikan's object; a missing `has_next_page` reads as `false`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lastVisiblePage = c.integer(.lastVisiblePage)
        hasNextPage = c.flag(.hasNextPage)
        currentPage = c.integer(.currentPage)
        if let items = try? c.nestedContainer(keyedBy: ItemKeys.self, forKey: .items) {
            count = items.integer(.count)
            total = items.integer(.total)
            perPage = items.integer(.perPage)
        }
    }
}
