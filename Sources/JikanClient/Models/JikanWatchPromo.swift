import AirdateHTTP
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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        title = c.string(.title) ?? ""
        entry = try c.required(JikanEntrySummary.self, .entry)
        trailer = c.value(JikanVideo.self, .trailer)
    }

    /// A stable number for the anime and the title, so pagination drops repeats.
    public var malID: Int { stableID("\(entry.malID)|\(title)") }
}
