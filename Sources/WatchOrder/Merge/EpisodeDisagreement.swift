public import AirdateCore
import Foundation

/// An episode two sources date differently: the page says one air day, a second source (TVMaze)
/// another. Reported, never merged silently: the episode keeps the first source's day and takes no
/// broadcast instant from the second.
public struct EpisodeDisagreement: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The episode, by its identity in the first source.
    public var episode: EpisodeID
    /// The show's name, for messages.
    public var showName: String
    /// The episode's code (`EpisodeCode.Style.crossSeason`: `3x08`, `S5 special`).
    public var code: String
    /// The air day in the first source.
    public var airDay: CalendarDay?
    /// The air day in the second source.
    public var otherAirDay: CalendarDay?
    /// The second source's name (`TVMaze`).
    public var otherSource: String

    /// Creates a disagreement.
    public init(episode: EpisodeID, showName: String, code: String, airDay: CalendarDay?, otherAirDay: CalendarDay?, otherSource: String) {
        self.episode = episode
        self.showName = showName
        self.code = code
        self.airDay = airDay
        self.otherAirDay = otherAirDay
        self.otherSource = otherSource
    }

    /// `Arrow 3x08: aired 2014-12-03 by the page, 2014-12-04 by TVMaze`.
    public var description: String {
        "\(showName) \(code): aired \(airDay?.description ?? "TBA") by the page, \(otherAirDay?.description ?? "TBA") by \(otherSource)"
    }
}

/// What ``EpisodeList/addingBroadcasts(from:sourceName:)`` made of a second source.
public struct CorroboratedEpisodeList: Sendable, Hashable {
    /// The first list with broadcast instants and runtimes added where the second source agreed.
    public var list: EpisodeList
    /// Episodes the two sources date differently.
    public var disagreements: [EpisodeDisagreement]
    /// How many episodes gained a broadcast instant.
    public var broadcastsAdded: Int
    /// Episodes of the first list the second source does not have.
    public var unmatched: [EpisodeID]

    /// Creates a result.
    public init(list: EpisodeList, disagreements: [EpisodeDisagreement], broadcastsAdded: Int, unmatched: [EpisodeID]) {
        self.list = list
        self.disagreements = disagreements
        self.broadcastsAdded = broadcastsAdded
        self.unmatched = unmatched
    }
}

extension EpisodeList {
    /// This list with the broadcast instants, runtimes and external ids of `other` — a second source
    /// for the same show, such as TVMaze — added where this list has none, so that same-night order
    /// comes from the data and episodes can be matched with other services.
    ///
    /// Episodes are matched by season and number; specials (no number) by season and air day, then
    /// by season and title. Where both sources give an air day and the days differ, the episode is
    /// reported as an ``EpisodeDisagreement`` and keeps this list's day, without the other's
    /// instant. An air day this list lacks (TBA) is taken from `other`. Titles, numbers and order stay
    /// this list's.
    public func addingBroadcasts(from other: EpisodeList, sourceName: String) -> CorroboratedEpisodeList {
        var numbered: [String: Episode] = [:]
        var specialsByDay: [String: Episode] = [:]
        var specialsByTitle: [String: Episode] = [:]
        for episode in other.episodes {
            if let number = episode.number {
                numbered["\(episode.season)/\(number)"] = episode
            } else {
                if let day = episode.airDay { specialsByDay["\(episode.season)/\(day)"] = specialsByDay["\(episode.season)/\(day)"] ?? episode }
                specialsByTitle["\(episode.season)/\(Show.slug(episode.title))"] = episode
            }
        }
        var result = self
        result.show.externalIDs.fill(from: other.show.externalIDs)
        var disagreements: [EpisodeDisagreement] = []
        var unmatched: [EpisodeID] = []
        var added = 0
        for index in result.episodes.indices {
            let episode = result.episodes[index]
            let match: Episode?
            if let number = episode.number {
                match = numbered["\(episode.season)/\(number)"]
            } else {
                match = episode.airDay.flatMap { specialsByDay["\(episode.season)/\($0)"] }
                    ?? specialsByTitle["\(episode.season)/\(Show.slug(episode.title))"]
            }
            guard let match else {
                unmatched.append(episode.id)
                continue
            }
            if let day = episode.airDay, let otherDay = match.airDay, day != otherDay {
                disagreements.append(EpisodeDisagreement(
                    episode: episode.id, showName: show.name, code: episode.code(.crossSeason), airDay: day, otherAirDay: otherDay,
                    otherSource: sourceName))
                continue
            }
            if episode.airDay == nil { result.episodes[index].airDay = match.airDay }
            if episode.broadcast == nil, let broadcast = match.broadcast {
                result.episodes[index].broadcast = broadcast
                added += 1
            }
            if episode.runtime == nil { result.episodes[index].runtime = match.runtime }
            result.episodes[index].externalIDs.fill(from: match.externalIDs)
        }
        return CorroboratedEpisodeList(list: result, disagreements: disagreements, broadcastsAdded: added, unmatched: unmatched)
    }
}
