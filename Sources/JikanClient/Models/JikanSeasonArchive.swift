import AirdateHTTP
/// One year of the season archive (`/seasons`): the seasons MyAnimeList lists for it.
public struct JikanSeasonArchive: Sendable, Hashable, Decodable {
    /// The year.
    public var year: Int
    /// Its seasons, as Jikan lists them (usually winter to fall).
    public var seasons: [JikanAnimeSeason]

    private enum CodingKeys: String, CodingKey { case year, seasons }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        year = try c.requiredInteger(.year)
        seasons = c.list(String.self, .seasons).map(JikanAnimeSeason.init(rawValue:))
    }
}
