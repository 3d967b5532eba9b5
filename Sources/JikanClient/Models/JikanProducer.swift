import AirdateHTTP
public import AirdateCore
public import Foundation

/// A producer, studio or licensor (`/producers`, `/producers/{id}`).
public struct JikanProducer: Sendable, Hashable, Decodable, MALIdentifiable {
    /// The MyAnimeList id.
    public var malID: Int
    /// Its page on MyAnimeList.
    public var url: URL?
    /// Its names with their kinds (the default one first, as Jikan lists them).
    public var titles: [JikanAnimeTitle]
    /// The logo.
    public var images: JikanImageSet
    /// How many members favourited it.
    public var favorites: Int?
    /// How many anime it is credited on.
    public var count: Int?
    /// When it was founded, if known.
    public var established: CalendarDay?
    /// About it, if anything.
    public var about: String?

    private enum CodingKeys: String, CodingKey { case malID = "mal_id", url, titles, images, favorites, count, established, about }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        malID = try c.requiredInteger(.malID)
        url = c.url(.url)
        titles = c.list(JikanAnimeTitle.self, .titles)
        images = c.value(JikanImageSet.self, .images) ?? JikanImageSet()
        favorites = c.integer(.favorites)
        count = c.integer(.count)
        established = c.day(.established)
        about = c.string(.about)
    }

    /// The default name (the first title of kind ``JikanTitleType/default``, else the first one).
    public var name: String {
        titles.first(where: { $0.type == .default })?.title ?? titles.first?.title ?? ""
    }
}
