/// Another title a show is known by, and where.
public struct AKA: Sendable, Hashable, Decodable {
    /// The title.
    public var name: String
    /// Where it is used; `nil` for the original-language title.
    public var country: Country?

    /// An alternative title.
    public init(name: String, country: Country?) {
        self.name = name
        self.country = country
    }
}
