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

    /// Decodes TVMaze's character object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        url = try c.lenientURL(.url)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        image = try c.decodeIfPresent(TVMazeImageLinks.self, forKey: .image)
    }
}
