public import AirdateCore
public import Foundation

/// A show's broadcast facts, season by season (see ``SeasonBroadcast``): what turns an episode's
/// air day into the instant it was first shown, so that episodes of several shows that aired the
/// same night come out in the order they aired.
///
/// ```swift
/// let schedule = catalog.schedule(ofShow: "arrow")
/// let result = arrowList.addingBroadcasts(from: schedule)
/// for note in result.notes { print(note) }   // episodes the facts do not place
/// ```
public struct BroadcastSchedule: Sendable, Hashable, Codable {
    /// The seasons' facts.
    public var seasons: [SeasonBroadcast]

    /// Creates a schedule.
    public init(seasons: [SeasonBroadcast]) {
        self.seasons = seasons
    }

    /// The facts of one season, or `nil`.
    public func season(_ number: Int) -> SeasonBroadcast? {
        seasons.first { $0.season == number }
    }

    /// What the facts say about `episode`'s first showing.
    ///
    /// The episode's season must have facts. An ``SeasonBroadcast/Airing`` naming the episode wins
    /// (its day must be the episode's air day); else the slot that covers the air day's weekday and
    /// date gives the time. A slot without a time (a release day) places the episode on its day only.
    public func broadcast(of episode: Episode) -> ScheduledBroadcast {
        guard let airDay = episode.airDay else { return .unplaced(.noAirDay) }
        guard let season = season(episode.season) else { return .unplaced(.seasonNotListed) }
        if let airing = season.airings.first(where: { $0.names(episode) }) {
            guard airing.day == airDay else { return .unplaced(.airingOnAnotherDay(airing.day)) }
            return .instant(LocalDateTime(day: airDay, time: airing.time).date(in: season.timeZone), special: airing.note ?? "")
        }
        let covering = season.slots.filter { $0.covers(airDay) }
        guard let slot = covering.first else { return .unplaced(.weekdayNotListed(airDay.weekday)) }
        guard covering.allSatisfy({ $0.time == slot.time }) else { return .unplaced(.slotsDisagree) }
        guard let time = slot.time else { return .releaseDay(network: season.network) }
        return .instant(LocalDateTime(day: airDay, time: time).date(in: season.timeZone), special: nil)
    }
}

/// What a ``BroadcastSchedule`` says about one episode.
public enum ScheduledBroadcast: Sendable, Hashable {
    /// First shown at this instant: in a weekly slot (`special` is `nil`) or in an airing of its
    /// own (`special` says why, possibly empty).
    case instant(Date, special: String?)
    /// Released on its air day at no known hour (a streaming or web release).
    case releaseDay(network: String)
    /// The facts do not place it.
    case unplaced(ScheduleGap)

    /// The instant, when there is one.
    public var instant: Date? {
        if case .instant(let date, _) = self { return date }
        return nil
    }
}

/// Why a ``BroadcastSchedule`` does not place an episode.
public enum ScheduleGap: Sendable, Hashable, CustomStringConvertible {
    /// The episode has no air day.
    case noAirDay
    /// The schedule has no facts for the episode's season.
    case seasonNotListed
    /// No slot of the season covers the episode's weekday and date.
    case weekdayNotListed(Weekday)
    /// An airing names the episode on another day than its air day (one of the two is wrong).
    case airingOnAnotherDay(CalendarDay)
    /// Two slots cover the day with different times.
    case slotsDisagree

    /// A few words: "no slot on Tuesday".
    public var description: String {
        switch self {
        case .noAirDay: "no air day"
        case .seasonNotListed: "no broadcast facts for its season"
        case .weekdayNotListed(let weekday): "no slot of its season on a \(weekday.name) at that date"
        case .airingOnAnotherDay(let day): "the facts give its own airing on \(day), another day than its air day"
        case .slotsDisagree: "two slots of its season cover that day at different times"
        }
    }
}

/// An episode the broadcast facts could not place, or placed differently from the instant it had.
public struct ScheduleNote: Sendable, Hashable, CustomStringConvertible {
    /// What was found.
    public enum Kind: Sendable, Hashable {
        /// The facts do not place the episode; it keeps no instant (ties on its day are broken by
        /// show priority, and said).
        case unplaced(ScheduleGap)
        /// The episode already had an instant (from TVMaze, say) and the facts give another; the
        /// episode keeps its own.
        case differs(facts: Date)
    }

    /// The episode.
    public var episode: EpisodeID
    /// The show's name and the episode's code, for messages ("Arrow 6x08": `EpisodeCode.Style.withShow`).
    public var label: String
    /// What was found.
    public var kind: Kind

    /// Creates a note.
    public init(episode: EpisodeID, label: String, kind: Kind) {
        self.episode = episode
        self.label = label
        self.kind = kind
    }

    /// `Arrow 6x08: no slot of its season on a Monday at that date`.
    public var description: String {
        switch kind {
        case .unplaced(let gap):
            return "\(label): \(gap)"
        case .differs(let facts):
            return "\(label): the broadcast facts say \(ISO8601Instant(date: facts).description), another instant than the one it has"
        }
    }
}

/// An episode list with broadcast instants from a ``BroadcastSchedule``: see
/// ``EpisodeList/addingBroadcasts(from:)``.
public struct ScheduledEpisodeList: Sendable, Hashable {
    /// The list, with instants added where it had none.
    public var list: EpisodeList
    /// How many episodes gained an instant.
    public var broadcastsAdded: Int
    /// How many episodes were placed on their release day only (no hour).
    public var releaseDaysOnly: Int
    /// Episodes the facts do not place, and instants the facts contradict.
    public var notes: [ScheduleNote]

    /// Creates a result.
    public init(list: EpisodeList, broadcastsAdded: Int, releaseDaysOnly: Int, notes: [ScheduleNote]) {
        self.list = list
        self.broadcastsAdded = broadcastsAdded
        self.releaseDaysOnly = releaseDaysOnly
        self.notes = notes
    }
}

extension EpisodeList {
    /// This list with the broadcast instants `schedule` gives, added to the episodes that have none;
    /// an instant an episode already has (TVMaze's, say) is kept, and reported when the facts
    /// differ. Episodes the facts do not place are reported as ``ScheduleNote``s.
    public func addingBroadcasts(from schedule: BroadcastSchedule) -> ScheduledEpisodeList {
        var result = self
        var notes: [ScheduleNote] = []
        var added = 0
        var dayOnly = 0
        for index in result.episodes.indices {
            let episode = result.episodes[index]
            let label = EpisodeCode(season: episode.season, number: episode.number, show: show.name).formatted(.withShow)
            switch schedule.broadcast(of: episode) {
            case .instant(let date, _):
                if let existing = episode.broadcast {
                    if existing != date { notes.append(ScheduleNote(episode: episode.id, label: label, kind: .differs(facts: date))) }
                } else {
                    result.episodes[index].broadcast = date
                    added += 1
                }
            case .releaseDay:
                dayOnly += 1
            case .unplaced(let gap):
                if episode.broadcast == nil && gap != .noAirDay {
                    notes.append(ScheduleNote(episode: episode.id, label: label, kind: .unplaced(gap)))
                }
            }
        }
        return ScheduledEpisodeList(list: result, broadcastsAdded: added, releaseDaysOnly: dayOnly, notes: notes)
    }
}
