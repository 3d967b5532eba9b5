import AirdateHTTP
public import Foundation

/// An anime members recommend to fans of another (`/anime/{id}/recommendations`).
public struct JikanRecommendation: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The recommended anime's id.
    public var malID: Int
    /// The recommended anime's title.
    public var title: String
    /// Its page on MyAnimeList.
    public var url: URL?
    /// Its picture.
    public var images: JikanImageSet
    /// How many members recommend it.
    public var votes: Int

    private enum CodingKeys: String, CodingKey { case entry, votes }
    private enum EntryKeys: String, CodingKey { case malID = "mal_id", title, url, images }

    /// Decodes Jikan's object (`{"entry": {…}, "votes": n}`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        let entry = try c.requiredNested(keyedBy: EntryKeys.self, .entry)
        malID = try entry.requiredInteger(.malID)
        title = entry.string(.title) ?? ""
        url = entry.url(.url)
        images = entry.value(JikanImageSet.self, .images) ?? JikanImageSet()
        votes = c.integer(.votes) ?? 0
    }
}
