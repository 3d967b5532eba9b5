import AirdateHTTP
public import AirdateCore
import Foundation

/// When new episodes air, as MyAnimeList states it (`broadcast`): every field may be null.
public struct JikanBroadcast: Sendable, Hashable, Decodable {
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
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        day = c.string(.day)
        time = c.string(.time)
        timeZoneIdentifier = c.string(.timezone)
        text = c.string(.string)
        // The texts are kept as sent; one that cannot be read leaves `slot` nil, and says so.
        if let day, Self.weekday(day) == nil {
            c.record(.unreadableValue, at: .day, reason: "expected a weekday (\"Sundays\"), found \"\(day.prefix(40))\"; the text is kept, the broadcast slot is nil")
        }
        if let time, TimeOfDay(time) == nil {
            c.record(.unreadableValue, at: .time, reason: "expected a time of day (HH:MM), found \"\(time.prefix(40))\"; the text is kept, the broadcast slot is nil")
        }
        if let timeZoneIdentifier, (try? TimeZone.named(timeZoneIdentifier)) == nil {
            c.record(.unreadableValue, at: .timezone, reason: "\"\(timeZoneIdentifier.prefix(60))\" is not a time zone this system knows; the text is kept, the broadcast slot is nil")
        }
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
