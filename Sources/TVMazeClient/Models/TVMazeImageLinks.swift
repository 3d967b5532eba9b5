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

/// The size of a TVMaze image to fetch (see ``TVMaze/image(_:size:maxBytes:)``).
public enum TVMazeImageSize: Sendable, Hashable, CaseIterable {
    /// The scaled copy (about 210×295 for posters): what a list shows.
    case medium
    /// The original upload: what a details screen shows.
    case original
}

extension TVMazeImageLinks {
    /// The URL of `size`, else of the other size; `nil` when there is no image. TVMaze's own `http`
    /// links (`static.tvmaze.com`) are upgraded to `https` (its image host serves both); other links
    /// are kept as they are.
    public func url(_ size: TVMazeImageSize = .medium) -> URL? {
        let chosen = size == .medium ? (medium ?? original) : (original ?? medium)
        guard let chosen else { return nil }
        let host = chosen.host?.lowercased() ?? ""
        guard chosen.scheme?.lowercased() == "http", host == "tvmaze.com" || host.hasSuffix(".tvmaze.com"),
              var components = URLComponents(url: chosen, resolvingAgainstBaseURL: false) else {
            return chosen
        }
        components.scheme = "https"
        return components.url ?? chosen
    }
}
