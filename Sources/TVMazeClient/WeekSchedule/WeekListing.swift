public import AirdateCore
import Foundation

/// One week's airings, Monday to Sunday in a time zone, grouped by the day each airing *starts* in
/// that zone.
public struct WeekListing: Sendable, Hashable {
    /// The week (its days and time zone).
    public var week: Week
    /// Seven days, Monday first; each day's airings sorted by start instant.
    public var days: [WeekListingDay]

    /// A listing.
    public init(week: Week, days: [WeekListingDay]) {
        self.week = week
        self.days = days
    }

    /// Every airing of the week, in order.
    public var airings: [TVMazeEpisode] { days.flatMap(\.airings) }

    /// The listing with only the airings whose show name, network name or web-channel name contains
    /// `text`, ignoring case and diacritics ("fiance" finds "90 Day Fiancé"); all of it for empty text.
    public func filtered(by text: String) -> WeekListing {
        let needle = Self.fold(text.trimmingCharacters(in: .whitespaces))
        guard !needle.isEmpty else { return self }
        return WeekListing(week: week, days: days.map { day in
            WeekListingDay(day: day.day, airings: day.airings.filter { Self.matches($0, needle) })
        })
    }

    private static func matches(_ episode: TVMazeEpisode, _ needle: String) -> Bool {
        guard let show = episode.show else { return false }
        let names = [show.name, show.network?.name, show.webChannel?.name].compactMap { $0 }
        return names.contains { fold($0).contains(needle) }
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// The airings of one calendar day.
public struct WeekListingDay: Sendable, Hashable {
    /// The day, in the listing's time zone.
    public var day: CalendarDay
    /// Airings starting that day, by start instant.
    public var airings: [TVMazeEpisode]

    /// A day.
    public init(day: CalendarDay, airings: [TVMazeEpisode]) {
        self.day = day
        self.airings = airings
    }
}
