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
}
