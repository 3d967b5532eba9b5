/// A show's or an episode's ids on the services people track TV and anime with, so that one item
/// can be matched across them (an import from Trakt or TV Time, a TVMaze lookup, a MyAnimeList
/// list). Every id is optional: a source gives some and not others.
///
/// Encoded as a JSON object with the keys `tvmaze`, `thetvdb`, `imdb`, `tmdb`, `trakt`,
/// `myanimelist`, `anilist`, `kitsu` and `anidb`; a missing or `null` key is an id that is not known.
///
/// ```swift
/// var ids = ExternalIDs(tvmaze: 4, imdb: "tt2193021")
/// ids.fill(from: ExternalIDs(theTVDB: 257655))   // adds TheTVDB's id, keeps the others
/// ids.sharesAnID(with: ExternalIDs(imdb: "tt2193021"))  // true
/// ```
public struct ExternalIDs: Sendable, Hashable, Codable, CustomStringConvertible {
    /// TVMaze's id (`https://www.tvmaze.com/shows/<id>`, `/episodes/<id>`).
    public var tvmaze: Int?
    /// TheTVDB's id (series or episode).
    public var theTVDB: Int?
    /// IMDb's id, `tt` followed by digits (`tt2193021`).
    public var imdb: String?
    /// The Movie Database's id.
    public var tmdb: Int?
    /// Trakt's numeric id.
    public var trakt: Int?
    /// MyAnimeList's id (an anime, for AnimePlanner).
    public var myAnimeList: Int?
    /// AniList's id of an anime (`https://anilist.co/anime/<id>`).
    public var aniList: Int?
    /// Kitsu's id of an anime (`https://kitsu.app/anime/<id>`).
    public var kitsu: Int?
    /// AniDB's id of an anime (`https://anidb.net/anime/<id>`).
    public var aniDB: Int?

    /// Creates a set of ids; every one defaults to unknown.
    public init(
        tvmaze: Int? = nil, theTVDB: Int? = nil, imdb: String? = nil, tmdb: Int? = nil, trakt: Int? = nil,
        myAnimeList: Int? = nil, aniList: Int? = nil, kitsu: Int? = nil, aniDB: Int? = nil
    ) {
        self.tvmaze = tvmaze
        self.theTVDB = theTVDB
        self.imdb = imdb
        self.tmdb = tmdb
        self.trakt = trakt
        self.myAnimeList = myAnimeList
        self.aniList = aniList
        self.kitsu = kitsu
        self.aniDB = aniDB
    }

    /// No id is known.
    public static let none = ExternalIDs()

    /// Whether no id is known.
    public var isEmpty: Bool { self == .none }

    /// Adds the ids of `other` that this set lacks; ids already known are kept, even when `other`
    /// gives a different one (see ``conflicts(with:)``).
    public mutating func fill(from other: ExternalIDs) {
        tvmaze = tvmaze ?? other.tvmaze
        theTVDB = theTVDB ?? other.theTVDB
        imdb = imdb ?? other.imdb
        tmdb = tmdb ?? other.tmdb
        trakt = trakt ?? other.trakt
        myAnimeList = myAnimeList ?? other.myAnimeList
        aniList = aniList ?? other.aniList
        kitsu = kitsu ?? other.kitsu
        aniDB = aniDB ?? other.aniDB
    }

    /// This set with the ids of `other` it lacks (see ``fill(from:)``).
    public func filled(from other: ExternalIDs) -> ExternalIDs {
        var result = self
        result.fill(from: other)
        return result
    }

    /// Whether both sets know the same id on at least one service: the two name one item.
    public func sharesAnID(with other: ExternalIDs) -> Bool {
        func same<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a != nil && a == b }
        return same(tvmaze, other.tvmaze) || same(theTVDB, other.theTVDB)
            || same(imdb.map(Self.normalizedIMDb), other.imdb.map(Self.normalizedIMDb))
            || same(tmdb, other.tmdb) || same(trakt, other.trakt) || same(myAnimeList, other.myAnimeList)
            || same(aniList, other.aniList) || same(kitsu, other.kitsu) || same(aniDB, other.aniDB)
    }

    /// The services on which both sets know an id and the ids differ (`["thetvdb"]`): the two
    /// name different items, or one source is wrong.
    public func conflicts(with other: ExternalIDs) -> [String] {
        var result: [String] = []
        func check<T: Equatable>(_ a: T?, _ b: T?, _ key: CodingKeys) {
            if let a, let b, a != b { result.append(key.rawValue) }
        }
        check(tvmaze, other.tvmaze, .tvmaze)
        check(theTVDB, other.theTVDB, .theTVDB)
        check(imdb.map(Self.normalizedIMDb), other.imdb.map(Self.normalizedIMDb), .imdb)
        check(tmdb, other.tmdb, .tmdb)
        check(trakt, other.trakt, .trakt)
        check(myAnimeList, other.myAnimeList, .myAnimeList)
        check(aniList, other.aniList, .aniList)
        check(kitsu, other.kitsu, .kitsu)
        check(aniDB, other.aniDB, .aniDB)
        return result
    }

    /// Whether `text` has the shape of an IMDb id: `tt` followed by at least seven digits.
    public static func isIMDbID(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst(2)
        return text.utf8.starts(with: "tt".utf8) && digits.count >= 7 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func normalizedIMDb(_ text: String) -> String { text.lowercased() }

    /// `tvmaze 4, thetvdb 257655, imdb tt2193021`, or `none`.
    public var description: String {
        var parts: [String] = []
        if let tvmaze { parts.append("tvmaze \(tvmaze)") }
        if let theTVDB { parts.append("thetvdb \(theTVDB)") }
        if let imdb { parts.append("imdb \(imdb)") }
        if let tmdb { parts.append("tmdb \(tmdb)") }
        if let trakt { parts.append("trakt \(trakt)") }
        if let myAnimeList { parts.append("myanimelist \(myAnimeList)") }
        if let aniList { parts.append("anilist \(aniList)") }
        if let kitsu { parts.append("kitsu \(kitsu)") }
        if let aniDB { parts.append("anidb \(aniDB)") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    enum CodingKeys: String, CodingKey {
        case tvmaze, theTVDB = "thetvdb", imdb, tmdb, trakt, myAnimeList = "myanimelist", aniList = "anilist", kitsu, aniDB = "anidb"
    }
}
