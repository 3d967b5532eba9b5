import AirdateCore
import Foundation

/// A short reference to a MyAnimeList entry with its picture: an anime, manga, character or person
/// as other answers embed it (`{"mal_id", "url", "images", "title"}` or `"name"`).
public struct JikanEntrySummary: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The entry's MyAnimeList id.
    public var malID: Int
    /// The entry's page on MyAnimeList.
    public var url: URL?
    /// The entry's picture.
    public var images: JikanImageSet
    /// The entry's title (anime, manga) or name (character, person).
    public var title: String
    /// What the entry is, when the answer says (`"anime"`, `"manga"`…).
    public var type: String?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", url, images, title, name, type }

    /// Decodes Jikan's object; `title` or `name`, whichever is present.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        malID = c.integer(.malID) ?? 0
        url = c.link(.url)
        images = (try? c.decodeIfPresent(JikanImageSet.self, forKey: .images)) ?? JikanImageSet()
        title = c.text(.title) ?? c.text(.name) ?? ""
        type = c.text(.type)
    }
}

/// A MyAnimeList member as other answers embed them (`{"username", "url", "images"}`).
public struct JikanUserSummary: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The member's name.
    public var username: String
    /// The member's profile page.
    public var url: URL?
    /// The member's avatar.
    public var images: JikanImageSet
    /// When the member was last online, if the answer says.
    public var lastOnline: Date?

    private enum CodingKeys: String, CodingKey { case username, url, images, lastOnline = "last_online" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        username = c.text(.username) ?? ""
        url = c.link(.url)
        images = (try? c.decodeIfPresent(JikanImageSet.self, forKey: .images)) ?? JikanImageSet()
        lastOnline = c.instant(.lastOnline)
    }

    /// A stable number for the username (members have no MyAnimeList id in these answers), so
    /// pagination can drop repeats.
    public var malID: Int { stableID(username) }
}

/// A stable 63-bit number for `text` (FNV-1a), for items identified by text rather than a number.
func stableID(_ text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return Int(hash >> 1)
}

extension KeyedDecodingContainer {
    /// A nested summary; `nil` when missing, null or unreadable.
    func summary(_ key: Key) -> JikanEntrySummary? {
        try? decodeIfPresent(JikanEntrySummary.self, forKey: key)
    }

    /// A nested image set; empty when missing.
    func imageSet(_ key: Key) -> JikanImageSet {
        (try? decodeIfPresent(JikanImageSet.self, forKey: key)) ?? JikanImageSet()
    }

    /// A list of strings; empty when missing.
    func strings(_ key: Key) -> [String] {
        list(String.self, key)
    }
}
