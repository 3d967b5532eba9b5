import AirdateHTTP
public import Foundation

/// The two sizes of an image TVMaze keeps for shows, episodes, people, characters and seasons.
public struct TVMazeImageLinks: Sendable, Hashable, Decodable {
    /// About 210×295 for posters, 250×140 for episode stills; `nil` when absent.
    public var medium: URL?
    /// The original upload; `nil` when absent.
    public var original: URL?

    /// Image links.
    public init(medium: URL?, original: URL?) {
        self.medium = medium
        self.original = original
    }

    enum CodingKeys: String, CodingKey { case medium, original }

    /// Decodes `{"medium", "original"}`, accepting `http` and `https` links and nulls; a link that
    /// is not a URL is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        medium = c.url(.medium)
        original = c.url(.original)
    }
}
