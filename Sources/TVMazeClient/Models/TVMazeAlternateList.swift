import AirdateHTTP
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

    /// Decodes TVMaze's alternate-list object. Only `id` is required; unreadable fields become
    /// `nil` (`false`) and are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        dvdRelease = c.flag(.dvdRelease) ?? false
        verbatimOrder = c.flag(.verbatimOrder) ?? false
        countryPremiere = c.flag(.countryPremiere) ?? false
        streamingPremiere = c.flag(.streamingPremiere) ?? false
        broadcastPremiere = c.flag(.broadcastPremiere) ?? false
        languagePremiere = c.flag(.languagePremiere) ?? false
        language = c.string(.language)
        network = c.value(TVMazeNetwork.self, .network)
        webChannel = c.value(TVMazeNetwork.self, .webChannel)
    }
}
