import Foundation

/// A promotional video of an anime (`/watch/promos`).
public struct JikanWatchPromo: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The video's title.
    public var title: String
    /// The anime.
    public var entry: JikanEntrySummary
    /// The video.
    public var trailer: JikanVideo?

    private enum CodingKeys: String, CodingKey { case title, entry, trailer }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = c.text(.title) ?? ""
        entry = try c.decode(JikanEntrySummary.self, forKey: .entry)
        trailer = try? c.decodeIfPresent(JikanVideo.self, forKey: .trailer)
    }

    /// A stable number for the anime and the title, so pagination drops repeats.
    public var malID: Int { stableID("\(entry.malID)|\(title)") }
}
