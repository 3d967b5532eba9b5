import AirdateHTTP
public import Foundation

/// A member's friend (`/users/{name}/friends`).
public struct JikanFriend: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The friend.
    public var user: JikanUserSummary
    /// When the friend was last online.
    public var lastOnline: Date?
    /// Since when they are friends.
    public var friendsSince: Date?

    private enum CodingKeys: String, CodingKey { case user, lastOnline = "last_online", friendsSince = "friends_since" }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        user = try c.required(JikanUserSummary.self, .user)
        lastOnline = c.instant(.lastOnline)
        friendsSince = c.instant(.friendsSince)
    }

    /// The friend's stable number.
    public var malID: Int { user.malID }
}
