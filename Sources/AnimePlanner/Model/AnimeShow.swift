public import AirdateCore
public import Foundation

/// What the planner needs to know about one show: plain values, whatever API they came from.
///
/// ```swift
/// let show = AnimeShow(id: 52991, title: "Frieren", episodeCount: 28, episodeLength: .seconds(24 * 60),
///                      release: .allReleased, externalIDs: ExternalIDs(myAnimeList: 52991, aniList: 154587))
/// ```
public struct AnimeShow: Sendable, Hashable, Codable, Identifiable {
    /// A stable identifier, such as the MyAnimeList id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The number of episodes, or `nil` while it is unknown (shows still airing).
    public var episodeCount: Int?
    /// How long one episode lasts, or `nil` when unknown (time budgets then cannot be planned).
    public var episodeLength: Duration?
    /// Which episodes are out and when the next ones come out.
    public var release: ReleaseSchedule
    /// The show's ids on the services people track anime with (MyAnimeList, AniList, Kitsu, AniDB…),
    /// those known: what imports and exports of other trackers' lists match by. Shows stored before
    /// it existed read their MyAnimeList id into it.
    public var externalIDs: ExternalIDs

    /// The show's id on MyAnimeList, when known (Jikan's `mal_id`): ``externalIDs``' `myAnimeList`.
    public var myAnimeListID: Int? {
        get { externalIDs.myAnimeList }
        set { externalIDs.myAnimeList = newValue }
    }

    /// Creates a show. `myAnimeListID`, when given, is put in `externalIDs` (whose own MyAnimeList id
    /// it replaces).
    public init(id: Int, title: String, episodeCount: Int?, episodeLength: Duration?,
                release: ReleaseSchedule = .allReleased, myAnimeListID: Int? = nil, externalIDs: ExternalIDs = .none) {
        self.id = id
        self.title = title
        self.episodeCount = episodeCount
        self.episodeLength = episodeLength
        self.release = release
        self.externalIDs = externalIDs
        if let myAnimeListID { self.externalIDs.myAnimeList = myAnimeListID }
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, episodeCount, episodeLength, release, externalIDs, myAnimeListID
    }

    /// Decodes a show; one stored before ``externalIDs`` existed has its `myAnimeListID` read into them.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        episodeCount = try container.decodeIfPresent(Int.self, forKey: .episodeCount)
        episodeLength = try container.decodeIfPresent(Duration.self, forKey: .episodeLength)
        release = try container.decode(ReleaseSchedule.self, forKey: .release)
        externalIDs = try container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs) ?? .none
        if externalIDs.myAnimeList == nil {
            externalIDs.myAnimeList = try container.decodeIfPresent(Int.self, forKey: .myAnimeListID)
        }
    }

    /// Encodes the show; the MyAnimeList id is also written as `myAnimeListID`, which earlier
    /// versions read.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(episodeCount, forKey: .episodeCount)
        try container.encodeIfPresent(episodeLength, forKey: .episodeLength)
        try container.encode(release, forKey: .release)
        if !externalIDs.isEmpty { try container.encode(externalIDs, forKey: .externalIDs) }
        try container.encodeIfPresent(externalIDs.myAnimeList, forKey: .myAnimeListID)
    }

    /// Whether `other` states the same facts as this show at `now`: the same id, title, count,
    /// length and external ids, and the same releases — a weekly schedule restated from a later
    /// instant, with the episodes that came out since, is the same schedule.
    public func hasSameFacts(as other: AnimeShow, asOf now: Date) -> Bool {
        guard id == other.id, title == other.title, episodeCount == other.episodeCount, episodeLength == other.episodeLength,
              externalIDs == other.externalIDs else { return false }
        switch (release, other.release) {
        case (.weekly(let slot, _, _), .weekly(let otherSlot, _, _)):
            return slot == otherSlot && releasedEpisodes(asOf: now) == other.releasedEpisodes(asOf: now)
        default:
            return release == other.release
        }
    }

    /// The number of episodes out at `instant`.
    public func releasedEpisodes(asOf instant: Date) -> Int {
        release.releasedEpisodes(asOf: instant, total: episodeCount)
    }

    /// The episode length in whole seconds, when known and positive.
    var episodeSeconds: Int? {
        guard let length = episodeLength else { return nil }
        let seconds = Int(length.components.seconds)
        return seconds > 0 ? seconds : nil
    }

    /// The episode length for sums of time: `nil` when unknown or outside ``PlannerLimits/episodeSeconds``
    /// (so sums never overflow).
    var countableEpisodeLength: Duration? {
        guard let seconds = episodeSeconds, PlannerLimits.episodeSeconds.contains(seconds) else { return nil }
        return .seconds(seconds)
    }
}
