/// What a logged change did, as data: the action and its counts, the episode, show or season it
/// concerned, a status before and after, a rewatch's name, settings, an import's source.
/// ``ChangeRecord/summary`` says it in a sentence.
///
/// Every field but ``action`` is optional or zero: each action fills what concerns it.
public struct ChangeDetail: Sendable, Hashable, Codable {
    /// What the change did: an open set of values.
    public struct Action: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
        /// The stable identifier.
        public var rawValue: String
        /// Wraps an identifier.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier.
        public var description: String { rawValue }

        /// ``WatchOrderStore/watch(_:watchedAt:)``.
        public static let watch = Action(rawValue: "watch")
        /// ``WatchOrderStore/watch(through:order:at:)``: ``ChangeDetail/episode`` is the last one.
        public static let watchThrough = Action(rawValue: "watchThrough")
        /// ``WatchOrderStore/watch(show:season:at:)``.
        public static let watchShow = Action(rawValue: "watchShow")
        /// ``WatchOrderStore/watchNext(ofShow:at:)``: ``ChangeDetail/episode`` is the one watched.
        public static let watchNext = Action(rawValue: "watchNext")
        /// ``WatchOrderStore/rewatch(_:watchedAt:)``.
        public static let rewatch = Action(rawValue: "rewatch")
        /// ``WatchOrderStore/unwatch(_:)``.
        public static let unwatch = Action(rawValue: "unwatch")
        /// ``WatchOrderStore/unwatchLast(_:)``.
        public static let unwatchLast = Action(rawValue: "unwatchLast")
        /// ``WatchOrderStore/unwatch(through:)``: ``ChangeDetail/episode`` is the last one.
        public static let unwatchThrough = Action(rawValue: "unwatchThrough")
        /// ``WatchOrderStore/unwatch(show:season:)``.
        public static let unwatchShow = Action(rawValue: "unwatchShow")
        /// ``WatchOrderStore/skip(_:skippedAt:)``.
        public static let skip = Action(rawValue: "skip")
        /// ``WatchOrderStore/unskip(_:)``.
        public static let unskip = Action(rawValue: "unskip")
        /// ``WatchOrderStore/setStatus(_:ofShow:changedAt:)``.
        public static let showStatus = Action(rawValue: "showStatus")
        /// ``WatchOrderStore/setHiddenShows(_:changedAt:)``: ``ChangeDetail/hiddenShows`` are hidden after it.
        public static let hiddenShows = Action(rawValue: "hiddenShows")
        /// ``WatchOrderStore/startRewatch(named:shows:startedAt:)``.
        public static let startRewatch = Action(rawValue: "startRewatch")
        /// ``WatchOrderStore/endRewatch(_:endedAt:)``.
        public static let endRewatch = Action(rawValue: "endRewatch")
        /// ``WatchOrderStore/removeRewatch(_:)``: ``ChangeDetail/watches`` went with it.
        public static let removeRewatch = Action(rawValue: "removeRewatch")
        /// ``WatchOrderStore/setHidesSpecials(_:)``.
        public static let hidesSpecials = Action(rawValue: "hidesSpecials")
        /// ``WatchOrderStore/setSelectedShows(_:)``.
        public static let selectedShows = Action(rawValue: "selectedShows")
        /// ``WatchOrderStore/importProgress(_:dryRun:)``.
        public static let importProgress = Action(rawValue: "importProgress")
        /// ``WatchOrderStore/importWatches(_:showStatus:source:dryRun:)``.
        public static let importWatches = Action(rawValue: "importWatches")
    }

    /// What the change did.
    public var action: Action
    /// How many episodes it changed: newly watched, unwatched, skipped, unskipped, played again; the
    /// watches an import added.
    public var count: Int
    /// Episodes it concerned that were already watched (nothing changed for them).
    public var alreadyWatched: Int
    /// Ids it concerned that name no stored episode (recorded anyway).
    public var unknown: Int
    /// The episode a change "through" ends at, or the next episode watched.
    public var episode: EpisodeID?
    /// The show concerned (its id).
    public var show: String?
    /// The season concerned.
    public var season: Int?
    /// A show's status before the change.
    public var statusBefore: ShowStatus?
    /// A show's status after the change.
    public var statusAfter: ShowStatus?
    /// The rewatch session's name.
    public var rewatchName: String?
    /// The watches removed with a rewatch session.
    public var watches: Int?
    /// Whether specials are hidden after the change.
    public var hidesSpecials: Bool?
    /// The shows followed after the change (sorted); `nil` for every show.
    public var selectedShows: [String]?
    /// The shows hidden after the change (sorted ids), for ``Action/hiddenShows``.
    public var hiddenShows: [String]?
    /// The service an import came from (`trakt`, `tvtime`).
    public var source: String?
    /// Shows an import hid or dropped.
    public var showsHidden: Int
    /// Whether an import of a progress file changed settings.
    public var settingsChanged: Bool

    /// A detail of `action`; the other fields say what is known.
    public init(
        _ action: Action, count: Int = 0, alreadyWatched: Int = 0, unknown: Int = 0, episode: EpisodeID? = nil, show: String? = nil,
        season: Int? = nil, statusBefore: ShowStatus? = nil, statusAfter: ShowStatus? = nil, rewatchName: String? = nil,
        watches: Int? = nil, hidesSpecials: Bool? = nil, selectedShows: [String]? = nil, source: String? = nil, showsHidden: Int = 0,
        settingsChanged: Bool = false, hiddenShows: [String]? = nil
    ) {
        self.action = action
        self.count = count
        self.alreadyWatched = alreadyWatched
        self.unknown = unknown
        self.episode = episode
        self.show = show
        self.season = season
        self.statusBefore = statusBefore
        self.statusAfter = statusAfter
        self.rewatchName = rewatchName
        self.watches = watches
        self.hidesSpecials = hidesSpecials
        self.selectedShows = selectedShows
        self.hiddenShows = hiddenShows
        self.source = source
        self.showsHidden = showsHidden
        self.settingsChanged = settingsChanged
    }

    /// A detail of `action` from a summary of watches: its newly watched, already watched and unknown counts.
    public init(_ action: Action, _ summary: WatchSummary, episode: EpisodeID? = nil, show: String? = nil, season: Int? = nil) {
        self.init(
            action, count: summary.newlyWatched.count, alreadyWatched: summary.alreadyWatched.count, unknown: summary.unknown.count,
            episode: episode, show: show, season: season)
    }
}
