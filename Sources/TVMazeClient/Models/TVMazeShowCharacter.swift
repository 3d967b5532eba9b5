import AirdateHTTP
public import Foundation

/// A character played in a show.
public struct TVMazeShowCharacter: Sendable, Hashable, Decodable, Identifiable {
    /// TVMaze's id.
    public var id: Int
    /// The character's page on tvmaze.com.
    public var url: URL?
    /// The name.
    public var name: String
    /// Picture of the character.
    public var image: TVMazeImageLinks?

    enum CodingKeys: String, CodingKey { case id, url, name, image }

    /// Decodes TVMaze's character object; `id` is required, other unreadable fields are reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        id = try c.requiredInteger(.id)
        url = c.url(.url)
        name = c.string(.name) ?? ""
        image = c.value(TVMazeImageLinks.self, .image)
    }
}
