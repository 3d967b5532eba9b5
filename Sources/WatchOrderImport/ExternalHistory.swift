public import AirdateCore
public import Foundation

/// The service an export file comes from (or is written for).
public struct ExternalService: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The stable identifier (`trakt`, `tvtime`): also the `EpisodeWatch/source` of
    /// the watches an import records.
    public var rawValue: String
    /// Wraps an identifier.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The identifier.
    public var description: String { rawValue }
    /// The service's name for people ("Trakt", "TV Time").
    public var displayName: String {
        switch rawValue {
        case "trakt": "Trakt"
        case "tvtime": "TV Time"
        default: rawValue
        }
    }

    /// Trakt (`trakt.tv`): its watched-history and watched-shows JSON.
    public static let trakt = ExternalService(rawValue: "trakt")
    /// TV Time: the CSV files of its data export.
    public static let tvTime = ExternalService(rawValue: "tvtime")
}

/// A show as another service's file names it: its title, the year it began (when given) and its ids
/// on the services the file knows.
public struct ExternalShow: Sendable, Hashable {
    /// The title as written in the file ("The Flash (2014)" or "The Flash").
    public var title: String
    /// The year the show began, when the file gives it (Trakt does; TV Time puts it in the title).
    public var year: Int?
    /// The ids the file gives (TheTVDB for TV Time; Trakt, TheTVDB, IMDb and TMDB for Trakt).
    public var ids: ExternalIDs

    /// Creates a show.
    public init(title: String, year: Int? = nil, ids: ExternalIDs = .none) {
        self.title = title
        self.year = year
        self.ids = ids
    }
}

/// One episode watched, as another service's file records it.
public struct ExternalWatch: Sendable, Hashable {
    /// The show.
    public var show: ExternalShow
    /// The season number (0 for specials on TheTVDB and Trakt); `nil` when the file gives none.
    public var season: Int?
    /// The episode's number in its season; `nil` when the file gives none.
    public var number: Int?
    /// The episode's title, when the file gives it.
    public var title: String?
    /// The episode's own ids (TheTVDB's episode id for TV Time).
    public var ids: ExternalIDs
    /// When it was watched; `nil` when the file gives no time.
    public var watchedAt: Date?
    /// How many times it was watched (1, or more with rewatches); at least 1.
    public var plays: Int
    /// Where in the file the watch is (`line 12`, `item 3`), for reports.
    public var location: String

    /// Creates a watch.
    public init(
        show: ExternalShow, season: Int?, number: Int?, title: String? = nil, ids: ExternalIDs = .none,
        watchedAt: Date?, plays: Int = 1, location: String
    ) {
        self.show = show
        self.season = season
        self.number = number
        self.title = title
        self.ids = ids
        self.watchedAt = watchedAt
        self.plays = max(1, plays)
        self.location = location
    }
}

/// A show another service's file says the viewer follows, and whether it was put away.
public struct ExternalFollow: Sendable, Hashable {
    /// The show.
    public var show: ExternalShow
    /// Whether the viewer archived (stopped following) it there.
    public var archived: Bool
    /// When the viewer began following it, when the file says.
    public var followedAt: Date?
    /// Where in the file it is.
    public var location: String

    /// Creates a followed show.
    public init(show: ExternalShow, archived: Bool, followedAt: Date? = nil, location: String) {
        self.show = show
        self.archived = archived
        self.followedAt = followedAt
        self.location = location
    }
}

/// A part of a file that was not read, and why (a movie in a history of episodes, a row without a
/// season number, a time that is not a time).
public struct ExternalSkip: Sendable, Hashable, CustomStringConvertible {
    /// Where in the file (`line 12`, `item 3`).
    public var location: String
    /// Why it was skipped, in a few words.
    public var reason: String

    /// Creates a skip.
    public init(location: String, reason: String) {
        self.location = location
        self.reason = reason
    }

    /// "line 12: no season number".
    public var description: String { "\(location): \(reason)" }
}

/// Everything read from another service's export: the episodes watched, the shows followed, and
/// what was left unread with the reason. Made by ``TraktExport`` and ``TVTimeExport``; matched
/// against a watch list by ``ExternalHistoryMatcher``.
public struct ExternalHistory: Sendable, Hashable {
    /// The service the file came from.
    public var service: ExternalService
    /// The watches, in file order.
    public var watches: [ExternalWatch]
    /// The followed shows (TV Time's followed shows; empty for Trakt).
    public var follows: [ExternalFollow]
    /// What was not read, and why.
    public var skipped: [ExternalSkip]

    /// Creates a history.
    public init(service: ExternalService, watches: [ExternalWatch] = [], follows: [ExternalFollow] = [], skipped: [ExternalSkip] = []) {
        self.service = service
        self.watches = watches
        self.follows = follows
        self.skipped = skipped
    }

    /// The plays of every watch added up.
    public var playCount: Int { watches.reduce(0) { $0 + $1.plays } }
}
