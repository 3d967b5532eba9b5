import AirdateCore
import Foundation

/// When new episodes air, as MyAnimeList states it (`broadcast`): every field may be null.
public struct Broadcast: Sendable, Hashable, Decodable {
    /// The day as written, such as `"Mondays"`.
    public var day: String?
    /// The local time as written, such as `"10:15"`.
    public var time: String?
    /// The IANA time zone, such as `"Asia/Tokyo"`.
    public var timeZoneIdentifier: String?
    /// MyAnimeList's wording, such as `"Mondays at 10:15 (JST)"`.
    public var text: String?

    /// A broadcast statement.
    public init(day: String? = nil, time: String? = nil, timeZoneIdentifier: String? = nil, text: String? = nil) {
        self.day = day
        self.time = time
        self.timeZoneIdentifier = timeZoneIdentifier
        self.text = text
    }

    private enum CodingKeys: String, CodingKey { case day, time, timezone, string }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        day = c.text(.day)
        time = c.text(.time)
        timeZoneIdentifier = c.text(.timezone)
        text = c.text(.string)
    }

    /// The weekly slot, when day, time and time zone are all known and readable. A missing time
    /// zone is taken as Japan's (`Asia/Tokyo`), where MyAnimeList states broadcasts.
    public var slot: BroadcastSlot? {
        guard let day, let weekday = Self.weekday(day), let time, let timeOfDay = TimeOfDay(time) else { return nil }
        let zone: TimeZone
        if let timeZoneIdentifier {
            guard let named = try? TimeZone.named(timeZoneIdentifier) else { return nil }
            zone = named
        } else {
            guard let tokyo = try? TimeZone.named("Asia/Tokyo") else { return nil }
            zone = tokyo
        }
        return BroadcastSlot(weekday: weekday, time: timeOfDay, timeZone: zone)
    }

    /// `"Mondays"`, `"Monday"` or `"mon"` as a weekday.
    static func weekday(_ text: String) -> Weekday? {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard word.count >= 3 else { return nil }
        return Weekday.allCases.first { $0.name.lowercased().hasPrefix(String(word.prefix(3))) }
    }
}

/// A weekly broadcast slot: a weekday and a wall-clock time in a time zone (for anime, JST).
public struct BroadcastSlot: Sendable, Hashable {
    /// The day of the week, in ``timeZone``.
    public var weekday: Weekday
    /// The wall-clock time, in ``timeZone``.
    public var time: TimeOfDay
    /// The zone the day and time are stated in.
    public var timeZone: TimeZone

    /// A slot.
    public init(weekday: Weekday, time: TimeOfDay, timeZone: TimeZone) {
        self.weekday = weekday
        self.time = time
        self.timeZone = timeZone
    }

    /// The first broadcast strictly after `date`.
    public func nextBroadcast(after date: Date) -> Date {
        let today = CalendarDay(containing: date, in: timeZone)
        for offset in 0...7 {
            let day = today.adding(days: offset)
            guard day.weekday == weekday else { continue }
            let instant = LocalDateTime(day: day, time: time).date(in: timeZone)
            if instant > date { return instant }
        }
        // Unreachable: within eight days the weekday recurs after `date`; keep a sane answer.
        return LocalDateTime(day: today.adding(days: 7), time: time).date(in: timeZone)
    }

    /// The weekday and time of the slot as seen in `zone` (for example a viewer's), for the
    /// broadcast following `date`.
    public func local(in zone: TimeZone, after date: Date) -> LocalDateTime {
        LocalDateTime(containing: nextBroadcast(after: date), in: zone)
    }
}
