public import AirdateCore
public import Foundation

/// How and when one season of a show was first shown: the network, the time zone of its schedule,
/// its weekly slots (a season that moved night has several, each with the days it held), and the
/// episodes that aired outside them (a crossover night, a two-hour premiere), with the public sources
/// of these facts.
///
/// An episode's broadcast instant is its air day at the time of its ``Airing``, else of the slot that
/// covers its weekday and day, in ``timeZone``: see ``BroadcastSchedule/broadcast(of:)``.
///
/// In JSON (weekdays by English name, times `HH:MM`, days `YYYY-MM-DD`):
///
/// ```json
/// {"season": 2, "network": "The CW", "release": "broadcast", "timeZone": "America/New_York",
///  "slots": [{"weekday": "thursday", "time": "20:00", "through": "2016-12-08"},
///            {"weekday": "tuesday", "time": "21:00", "from": "2017-01-24"}],
///  "airings": [{"episode": 17, "day": "2017-04-04", "time": "20:00", "note": "season finale"}],
///  "sources": ["https://…"]}
/// ```
public struct SeasonBroadcast: Sendable, Hashable, Codable {
    /// How the season reached its first audience.
    public enum Release: String, Sendable, Hashable, Codable {
        /// On a broadcast or cable network's schedule, at a time of day.
        case broadcast
        /// On a streaming service, released on a day (a slot may still give the hour).
        case streaming
        /// As a web series (CW Seed, say), released on a day.
        case web
    }

    /// A weekly slot: a weekday and, when known, the time of day, held between two days.
    public struct Slot: Sendable, Hashable, Codable {
        /// The day of the week, in the season's time zone.
        public var weekday: Weekday
        /// The start time on the wall clock; `nil` for a release day without a known hour.
        public var time: TimeOfDay?
        /// The first day the slot held, when the season moved; `nil` from the start.
        public var from: CalendarDay?
        /// The last day the slot held, when the season moved; `nil` to the end.
        public var through: CalendarDay?

        /// Creates a slot.
        public init(weekday: Weekday, time: TimeOfDay?, from: CalendarDay? = nil, through: CalendarDay? = nil) {
            self.weekday = weekday
            self.time = time
            self.from = from
            self.through = through
        }

        /// Whether the slot covers `day`: the weekday matches and the day lies in the slot's range.
        public func covers(_ day: CalendarDay) -> Bool {
            day.weekday == weekday && (from.map { $0 <= day } ?? true) && (through.map { day <= $0 } ?? true)
        }

        private enum CodingKeys: String, CodingKey { case weekday, time, from, through }

        /// Decodes a slot; the weekday is an English name ("tuesday", any case).
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            weekday = try SeasonBroadcast.weekday(named: container.decode(String.self, forKey: .weekday), in: container, key: .weekday)
            time = try container.decodeIfPresent(TimeOfDay.self, forKey: .time)
            from = try container.decodeIfPresent(CalendarDay.self, forKey: .from)
            through = try container.decodeIfPresent(CalendarDay.self, forKey: .through)
        }

        /// Encodes a slot, the weekday by its lower-case English name.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weekday.name.lowercased(), forKey: .weekday)
            try container.encodeIfPresent(time, forKey: .time)
            try container.encodeIfPresent(from, forKey: .from)
            try container.encodeIfPresent(through, forKey: .through)
        }
    }

    /// An episode shown outside the season's slots: its day and time.
    public struct Airing: Sendable, Hashable, Codable {
        /// The number in season; `nil` for a special (named by ``overall``).
        public var episode: Int?
        /// The overall number, for a special with no number in season.
        public var overall: Int?
        /// The day it aired, in the season's time zone (checked against the episode's air day).
        public var day: CalendarDay
        /// The start time on the wall clock.
        public var time: TimeOfDay
        /// Why it aired then ("Crisis on Earth-X, part 2"), for people.
        public var note: String?
        /// Where the fact comes from.
        public var sources: [String]

        /// Creates an airing.
        public init(episode: Int?, overall: Int? = nil, day: CalendarDay, time: TimeOfDay, note: String? = nil, sources: [String] = []) {
            self.episode = episode
            self.overall = overall
            self.day = day
            self.time = time
            self.note = note
            self.sources = sources
        }

        /// Whether this airing names `episode` (of the right season, checked by the caller).
        public func names(_ episode: Episode) -> Bool {
            if let number = self.episode { return episode.number == number }
            if let overall { return episode.number == nil && episode.overall == overall }
            return false
        }

        private enum CodingKeys: String, CodingKey { case episode, overall, day, time, note, sources }

        /// Decodes an airing; `sources` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            episode = try container.decodeIfPresent(Int.self, forKey: .episode)
            overall = try container.decodeIfPresent(Int.self, forKey: .overall)
            guard episode != nil || overall != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .episode, in: container, debugDescription: "an airing names its episode by \"episode\" or \"overall\"")
            }
            day = try container.decode(CalendarDay.self, forKey: .day)
            time = try container.decode(TimeOfDay.self, forKey: .time)
            note = try container.decodeIfPresent(String.self, forKey: .note)
            sources = try container.decodeIfPresent([String].self, forKey: .sources) ?? []
        }
    }

    /// The season number.
    public var season: Int
    /// The network or service that first showed it ("The CW", "CBS", "DC Universe", "CW Seed").
    public var network: String
    /// How it was released.
    public var release: Release
    /// The time zone of the schedule (`America/New_York` for a US network's Eastern times).
    public var timeZone: TimeZone
    /// The weekly slots.
    public var slots: [Slot]
    /// Episodes shown outside the slots.
    public var airings: [Airing]
    /// Where the facts come from (addresses of public pages).
    public var sources: [String]

    /// Creates a season's broadcast facts.
    public init(
        season: Int, network: String, release: Release = .broadcast, timeZone: TimeZone, slots: [Slot],
        airings: [Airing] = [], sources: [String] = []
    ) {
        self.season = season
        self.network = network
        self.release = release
        self.timeZone = timeZone
        self.slots = slots
        self.airings = airings
        self.sources = sources
    }

    private enum CodingKeys: String, CodingKey { case season, network, release, timeZone, slots, airings, sources }

    /// Decodes the facts; `release` defaults to `broadcast`, `airings` and `sources` to none; an
    /// unknown time-zone identifier is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        season = try container.decode(Int.self, forKey: .season)
        network = try container.decode(String.self, forKey: .network)
        release = try container.decodeIfPresent(Release.self, forKey: .release) ?? .broadcast
        let zone = try container.decode(String.self, forKey: .timeZone)
        guard let timeZone = TimeZone(identifier: zone) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timeZone, in: container, debugDescription: "\"\(zone)\" is not a time zone identifier such as America/New_York")
        }
        self.timeZone = timeZone
        slots = try container.decode([Slot].self, forKey: .slots)
        airings = try container.decodeIfPresent([Airing].self, forKey: .airings) ?? []
        sources = try container.decodeIfPresent([String].self, forKey: .sources) ?? []
    }

    /// Encodes the facts, the time zone by its identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(season, forKey: .season)
        try container.encode(network, forKey: .network)
        try container.encode(release, forKey: .release)
        try container.encode(timeZone.identifier, forKey: .timeZone)
        try container.encode(slots, forKey: .slots)
        if !airings.isEmpty { try container.encode(airings, forKey: .airings) }
        if !sources.isEmpty { try container.encode(sources, forKey: .sources) }
    }

    static func weekday<Key: CodingKey>(named name: String, in container: KeyedDecodingContainer<Key>, key: Key) throws -> Weekday {
        guard let weekday = Weekday.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(name)\" is not a weekday such as \"tuesday\"")
        }
        return weekday
    }
}
