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
        let c = try decoder.container(keyedBy: CodingKeys.self)
        youtubeID = c.text(.youtubeID)
        url = c.link(.url)
        embedURL = c.link(.embedURL)
    }
}
