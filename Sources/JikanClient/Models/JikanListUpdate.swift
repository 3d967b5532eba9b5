import AirdateHTTP
public import Foundation

/// A member's list update on an anime or manga (`/anime/{id}/userupdates`, `/manga/{id}/userupdates`,
/// `/users/{name}/userupdates`).
public struct JikanListUpdate: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The member (in an entry's updates).
    public var user: JikanUserSummary?
    /// The entry (in a member's updates).
    public var entry: JikanEntrySummary?
    /// The member's score.
    public var score: Int?
    /// The list status ("Watching", "Completed", "Reading"…).
    public var status: String?
    /// Episodes seen and in all (anime).
    public var episodesSeen: Int?, episodesTotal: Int?
    /// Chapters read and in all (manga).
    public var chaptersRead: Int?, chaptersTotal: Int?
    /// Volumes read and in all (manga).
    public var volumesRead: Int?, volumesTotal: Int?
    /// When the update happened.
    public var date: Date?

    private enum CodingKeys: String, CodingKey {
        case user, entry, score, status, episodesSeen = "episodes_seen", episodesTotal = "episodes_total"
        case chaptersRead = "chapters_read", chaptersTotal = "chapters_total", volumesRead = "volumes_read"
        case volumesTotal = "volumes_total", date
    }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        user = c.value(JikanUserSummary.self, .user)
        entry = c.summary(.entry)
        score = c.integer(.score)
        status = c.string(.status)
        episodesSeen = c.integer(.episodesSeen)
        episodesTotal = c.integer(.episodesTotal)
        chaptersRead = c.integer(.chaptersRead)
        chaptersTotal = c.integer(.chaptersTotal)
        volumesRead = c.integer(.volumesRead)
        volumesTotal = c.integer(.volumesTotal)
        date = c.instant(.date)
    }

    /// A stable number for the update (member or entry, and date), so pagination drops repeats.
    public var malID: Int {
        stableID("\(user?.username ?? "")|\(entry?.malID ?? 0)|\(date?.timeIntervalSince1970 ?? 0)")
    }
}
