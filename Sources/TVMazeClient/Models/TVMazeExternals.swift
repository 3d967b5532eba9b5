import AirdateHTTP

/// A show's ids on other sites.
public struct TVMazeExternals: Sendable, Hashable, Decodable {
    /// TVRage's id (the site closed in 2015; kept for old shows).
    public var tvrage: Int?
    /// TheTVDB's id.
    public var thetvdb: Int?
    /// IMDb's id, for example "tt0944947".
    public var imdb: String?

    /// External ids.
    public init(tvrage: Int? = nil, thetvdb: Int? = nil, imdb: String? = nil) {
        self.tvrage = tvrage
        self.thetvdb = thetvdb
        self.imdb = imdb
    }

    enum CodingKeys: String, CodingKey { case tvrage, thetvdb, imdb }

    /// Decodes the `externals` object; every id may be null, and an unreadable one is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        tvrage = c.integer(.tvrage)
        thetvdb = c.integer(.thetvdb)
        imdb = c.string(.imdb)
    }
}
