public import AirdateCore
public import AirdateHTTP

/// A day of Jikan's broadcast schedule (`/schedules?filter=`): a weekday, or the lists of anime
/// with an unknown or irregular slot.
public struct JikanScheduleDay: OpenEnumeration {
    /// The filter value as Jikan spells it (`monday`…`sunday`, `unknown`, `other`).
    public var rawValue: String
    /// Wraps a value as Jikan spells it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The schedule of `weekday` (in Japan).
    public init(_ weekday: Weekday) {
        self.rawValue = weekday.name.lowercased()
    }

    /// Anime whose broadcast day is unknown.
    public static let unknown = JikanScheduleDay(rawValue: "unknown")
    /// Anime with an irregular slot.
    public static let other = JikanScheduleDay(rawValue: "other")
}
