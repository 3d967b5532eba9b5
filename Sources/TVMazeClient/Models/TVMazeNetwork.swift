import AirdateHTTP
public import Foundation

/// A broadcaster: a TV network (`network`) or a streaming service (`webChannel`); both have this shape.
public struct TVMazeNetwork: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id (network ids and web-channel ids are separate number spaces).
    public var id: Int
    /// The name, for example "CBS" or "Netflix".
    public var name: String
    /// The country; `nil` for worldwide web channels.
    public var country: TVMazeCountry?
    /// The broadcaster's own site, when known.
    public var officialSite: URL?

    /// A network.
    public init(id: Int, name: String, country: TVMazeCountry? = nil, officialSite: URL? = nil) {
        self.id = id
        self.name = name
        self.country = country
        self.officialSite = officialSite
    }

    enum CodingKeys: String, CodingKey { case id, name, country, officialSite }

    /// Decodes TVMaze's network or web-channel object; `id` is required, other unreadable fields
    /// are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        name = c.string(.name) ?? ""
        country = c.value(TVMazeCountry.self, .country)
        officialSite = c.url(.officialSite)
    }
}
