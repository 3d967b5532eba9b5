import AirdateHTTP
public import Foundation

/// A video on YouTube as Jikan links it (`trailer`, `video`).
public struct JikanVideo: Sendable, Hashable, Decodable {
    /// The YouTube id.
    public var youtubeID: String?
    /// The watch page.
    public var url: URL?
    /// The embeddable player.
    public var embedURL: URL?

    private enum CodingKeys: String, CodingKey { case youtubeID = "youtube_id", url, embedURL = "embed_url" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        youtubeID = c.string(.youtubeID)
        url = c.url(.url)
        embedURL = c.url(.embedURL)
    }
}
