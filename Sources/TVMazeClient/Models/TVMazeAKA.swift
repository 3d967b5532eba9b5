import AirdateHTTP

/// Another title a show is known by, and where.
public struct TVMazeAKA: Sendable, Hashable, Decodable {
    /// The title.
    public var name: String
    /// Where it is used; `nil` for the original-language title.
    public var country: TVMazeCountry?

    /// An alternative title.
    public init(name: String, country: TVMazeCountry?) {
        self.name = name
        self.country = country
    }

    enum CodingKeys: String, CodingKey { case name, country }

    /// Decodes `{"name", "country"}`; the name is required, an unreadable country is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        name = try c.required(String.self, .name)
        country = c.value(TVMazeCountry.self, .country)
    }
}
