import AirdateHTTP
public import Foundation

/// A MyAnimeList member's profile (`/users/{name}`, `/users/{name}/full`, `/random/users`). The full
/// answer adds statistics and external links.
public struct JikanUserProfile: Sendable, Hashable, Decodable {
    /// The member's MyAnimeList id, when the answer says.
    public var malID: Int?
    /// The member's name.
    public var username: String
    /// The profile page.
    public var url: URL?
    /// The avatar.
    public var images: JikanImageSet
    /// When the member was last online.
    public var lastOnline: Date?
    /// The gender the member gives, if any.
    public var gender: String?
    /// The birthday the member gives, if any.
    public var birthday: Date?
    /// The location the member gives, if any.
    public var location: String?
    /// When the member joined.
    public var joined: Date?
    /// List statistics (full answer only).
    public var statistics: JikanUserStatistics?
    /// External links (full answer only).
    public var external: [JikanExternalLink]

    private enum CodingKeys: String, CodingKey {
        case malID = "mal_id", username, url, images, lastOnline = "last_online", gender, birthday, location, joined, statistics, external
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = c.integer(.malID)
        username = c.string(.username) ?? ""
        url = c.url(.url)
        images = c.imageSet(.images)
        lastOnline = c.instant(.lastOnline)
        gender = c.string(.gender)
        birthday = c.instant(.birthday)
        location = c.string(.location)
        joined = c.instant(.joined)
        statistics = c.value(JikanUserStatistics.self, .statistics)
        external = c.list(JikanExternalLink.self, .external)
    }
}
