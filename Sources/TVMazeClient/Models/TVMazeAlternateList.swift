public import Foundation

/// An alternative episode order of a show (DVD order, streaming order…), `/shows/:id/alternatelists`.
public struct TVMazeAlternateList: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id (use it with ``TVMaze/alternateEpisodes(inList:)``).
    public var id: Int
    /// The list's page on tvmaze.com.
    public var url: URL?
    /// The DVD release order.
    public var dvdRelease: Bool
    /// The order the episodes are shown in, verbatim.
    public var verbatimOrder: Bool
    /// The order of a country's premiere.
    public var countryPremiere: Bool
    /// The order of a streaming premiere.
    public var streamingPremiere: Bool
    /// The order of a broadcast premiere.
    public var broadcastPremiere: Bool
    /// The order of a language's premiere.
    public var languagePremiere: Bool
    /// The language, for language premieres.
    public var language: String?
    /// The network of the premiere.
    public var network: TVMazeNetwork?
    /// The streaming service of the premiere.
    public var webChannel: TVMazeNetwork?

    enum CodingKeys: String, CodingKey {
        case id, url, language, network, webChannel
        case dvdRelease = "dvd_release", verbatimOrder = "verbatim_order", countryPremiere = "country_premiere"
        case streamingPremiere = "streaming_premiere", broadcastPremiere = "broadcast_premiere"
        case languagePremiere = "language_premiere"
    }

    /// Decodes TVMaze's alternate-list object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        dvdRelease = try c.decodeIfPresent(Bool.self, forKey: .dvdRelease) ?? false
        verbatimOrder = try c.decodeIfPresent(Bool.self, forKey: .verbatimOrder) ?? false
        countryPremiere = try c.decodeIfPresent(Bool.self, forKey: .countryPremiere) ?? false
        streamingPremiere = try c.decodeIfPresent(Bool.self, forKey: .streamingPremiere) ?? false
        broadcastPremiere = try c.decodeIfPresent(Bool.self, forKey: .broadcastPremiere) ?? false
        languagePremiere = try c.decodeIfPresent(Bool.self, forKey: .languagePremiere) ?? false
        language = try c.nonEmptyString(.language)
        network = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .network)
        webChannel = try c.decodeIfPresent(TVMazeNetwork.self, forKey: .webChannel)
    }
}
