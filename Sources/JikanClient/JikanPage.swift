import AirdateHTTP

/// One page of a Jikan list: its items and what the server says about the other pages.
public struct JikanPage<Item: Decodable & Sendable>: Sendable, Decodable {
    /// The items, in the server's order.
    public var items: [Item]
    /// The server's pagination statement (absent for unpaginated lists: one page, no next).
    public var pagination: JikanPagination

    /// A page.
    public init(items: [Item], pagination: JikanPagination) {
        self.items = items
        self.pagination = pagination
    }

    private enum CodingKeys: String, CodingKey { case data, pagination }

    /// Decodes `{"data": […], "pagination": {…}}`. Items that fail to decode are left out and
    /// reported (`DecodingIssue`), or fail the page when the client is strict.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        items = c.list(Item.self, .data)
        pagination = c.value(JikanPagination.self, .pagination) ?? JikanPagination(hasNextPage: false)
    }
}

/// `{"data": …}`, the envelope of Jikan's single-resource answers.
struct DataEnvelope<Value: Decodable>: Decodable {
    var data: Value
}
