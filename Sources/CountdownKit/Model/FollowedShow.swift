public import AirdateCore
public import Foundation

/// A show a countdown follows: its next episode, or its next season's premiere, as a catalog such as
/// TVMaze or Jikan (MyAnimeList) knows it. When the catalog moves the date, the countdown moves with it
/// and keeps a record of the move (``Countdown/moves``).
///
/// CountdownKit holds the record; the bridges read the catalogs (`CountdownKitTVMaze`,
/// `CountdownKitJikan`) and hand what they found to ``Countdown/follow(_:noticedAt:)`` or
/// ``CountdownStore/follow(_:noticedAt:)``.
public struct FollowedShow: Sendable, Hashable, Codable {
    /// What of the show the countdown counts down to.
    public enum Event: String, Sendable, Hashable, Codable, CaseIterable {
        /// The next episode to air.
        case nextEpisode = "next-episode"
        /// The first episode of the next season.
        case nextSeasonPremiere = "next-season"
    }

    /// The catalog the show is in.
    public var catalog: ShowCatalog
    /// The show's id in that catalog (a TVMaze show id, a MyAnimeList id).
    public var showID: Int
    /// What the countdown counts down to.
    public var event: Event
    /// The show's name when it was followed, for display.
    public var showName: String
    /// The episode the countdown counts down to now, when the catalog named one.
    public var episode: FollowedEpisode?

    /// Follows `event` of the show `showID` in `catalog`.
    public init(catalog: ShowCatalog, showID: Int, event: Event, showName: String, episode: FollowedEpisode? = nil) {
        self.catalog = catalog
        self.showID = showID
        self.event = event
        self.showName = showName
        self.episode = episode
    }
}

/// A catalog of shows a countdown can follow. An open set of names: `tvmaze` and `jikan` are known,
/// others are kept as they are.
public struct ShowCatalog: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// TVMaze (`api.tvmaze.com`), shows by TVMaze id.
    public static let tvmaze = ShowCatalog(rawValue: "tvmaze")
    /// Jikan, MyAnimeList's unofficial API, anime by MyAnimeList id.
    public static let jikan = ShowCatalog(rawValue: "jikan")

    /// The name, such as `tvmaze`.
    public let rawValue: String

    /// A catalog named `rawValue` (lowercased).
    public init(rawValue: String) { self.rawValue = rawValue.lowercased() }

    /// Decodes the name.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The name.
    public var description: String { rawValue }
}

/// An episode a followed countdown counts down to.
public struct FollowedEpisode: Sendable, Hashable, Codable {
    /// The episode's id in the catalog, when it has one.
    public var id: Int?
    /// The season number, when known.
    public var season: Int?
    /// The number within the season (or the episode number of an anime), when known.
    public var number: Int?
    /// The episode's title, when known.
    public var title: String?

    /// Creates an episode reference.
    public init(id: Int? = nil, season: Int? = nil, number: Int? = nil, title: String? = nil) {
        self.id = id
        self.season = season
        self.number = number
        self.title = title
    }

    /// The episode's code in `style` — with `EpisodeCode.Style.padded` "S02E05", "S02" (the number
    /// not known), "E12" (the season not known) — or `nil` when neither number is known.
    public func code(_ style: EpisodeCode.Style) -> String? {
        guard season != nil || number != nil else { return nil }
        return EpisodeCode(season: season, number: number, isSpecial: false).formatted(style)
    }

    /// Whether the two name the same episode: the same id when both have one, else the same season and number.
    func isSame(as other: FollowedEpisode) -> Bool {
        if let id, let otherID = other.id { return id == otherID }
        return season == other.season && number == other.number && (season != nil || number != nil)
    }
}

/// What a catalog says now about a followed show's next episode or premiere.
public struct ShowSchedule: Sendable, Hashable {
    /// When it airs: an instant in the broadcast's zone, or a day when the catalog gives no time; `nil`
    /// when nothing is scheduled (the show is on a break, or has ended).
    public var target: CountdownTarget?
    /// The episode, when the catalog names one.
    public var episode: FollowedEpisode?

    /// A schedule.
    public init(target: CountdownTarget?, episode: FollowedEpisode? = nil) {
        self.target = target
        self.episode = episode
    }
}

/// A change of a followed countdown's date, kept in ``Countdown/moves``.
public struct CountdownMove: Sendable, Hashable, Codable {
    /// Why the countdown moved.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The same episode (or premiere) was given another date.
        case rescheduled
        /// The episode counted down to aired or was replaced: the countdown now counts down to another one.
        case nextEpisode = "next-episode"
        /// The catalog no longer schedules anything: the countdown keeps its last date.
        case unscheduled
        /// The catalog scheduled something again after nothing was scheduled.
        case scheduled
    }

    /// Why it moved.
    public var kind: Kind
    /// The target before.
    public var from: CountdownTarget
    /// The target after (the same as ``from`` for ``Kind/unscheduled``).
    public var to: CountdownTarget
    /// The episode before, when one was named.
    public var fromEpisode: FollowedEpisode?
    /// The episode after, when one is named.
    public var toEpisode: FollowedEpisode?
    /// When the move was noticed.
    public var noticed: Date

    /// Creates a move.
    public init(kind: Kind, from: CountdownTarget, to: CountdownTarget, fromEpisode: FollowedEpisode? = nil,
                toEpisode: FollowedEpisode? = nil, noticed: Date) {
        self.kind = kind
        self.from = from
        self.to = to
        self.fromEpisode = fromEpisode
        self.toEpisode = toEpisode
        self.noticed = noticed
    }

    private enum CodingKeys: String, CodingKey { case kind, from, to, fromEpisode, toEpisode, noticed }

    /// Decodes, with `noticed` as an ISO 8601 instant.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decode(Kind.self, forKey: .kind)
        from = try c.decode(CountdownTarget.self, forKey: .from)
        to = try c.decode(CountdownTarget.self, forKey: .to)
        fromEpisode = try c.decodeIfPresent(FollowedEpisode.self, forKey: .fromEpisode)
        toEpisode = try c.decodeIfPresent(FollowedEpisode.self, forKey: .toEpisode)
        noticed = try c.decode(ISO8601Instant.self, forKey: .noticed).date
    }

    /// Encodes, with `noticed` as an ISO 8601 instant in UTC.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encodeIfPresent(fromEpisode, forKey: .fromEpisode)
        try c.encodeIfPresent(toEpisode, forKey: .toEpisode)
        try c.encode(ISO8601Instant(date: noticed), forKey: .noticed)
    }
}
