import AirdateHTTP
public import Foundation

/// A reference to another MyAnimeList entry: a genre, studio, producer, licensor, or a related
/// anime or manga (`{"mal_id", "type", "name", "url"}`).
public struct MALEntry: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The entry's MyAnimeList id (unique within its `type`).
    public var malID: Int
    /// What the entry is: `"anime"`, `"manga"`… (for genres and studios, `"anime"`).
    public var type: String?
    /// The entry's name or title.
    public var name: String
    /// The entry's page on MyAnimeList.
    public var url: URL?

    /// An entry.
    public init(malID: Int, type: String? = nil, name: String, url: URL? = nil) {
        self.malID = malID
        self.type = type
        self.name = name
        self.url = url
    }

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", type, name, title, url }

    /// Decodes Jikan's object (`name`, or `title` in some lists).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        type = c.string(.type)
        name = c.string(.name) ?? c.string(.title) ?? ""
        url = c.url(.url)
    }
}

/// Something with a MyAnimeList id, which pagination uses to drop items repeated across pages.
public protocol MALIdentifiable: Sendable {
    /// The MyAnimeList id (for an episode, its number).
    var malID: Int { get }
}
