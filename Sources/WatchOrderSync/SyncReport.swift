public import Foundation
public import WatchOrder
public import WatchOrderWiki

/// What a ``FranchiseSync/refresh(_:progress:)`` did: the pages read and skipped (and why), the sites
/// not tried, each show's TVMaze corroboration, the broadcast facts' notes, and what the store holds
/// now. Values to show or log as an app likes; the library never prints.
public struct SyncReport: Sendable {
    /// A page that gave episodes.
    public struct PageRead: Sendable {
        /// The page (its show, site and title).
        public var page: WikiPage
        /// The saved file it was read from, for a snapshot; `nil` when fetched.
        public var file: URL?
        /// How many episodes it lists.
        public var episodes: Int
        /// What the reader skipped or could not read on it.
        public var diagnostics: [ExtractionDiagnostic]

        /// A page read.
        public init(page: WikiPage, file: URL? = nil, episodes: Int, diagnostics: [ExtractionDiagnostic] = []) {
            self.page = page
            self.file = file
            self.episodes = episodes
            self.diagnostics = diagnostics
        }
    }

    /// A page that gave nothing; its show keeps the episodes the store has.
    public struct PageSkip: Sendable {
        /// The page.
        public var page: WikiPage
        /// The saved file, for a snapshot.
        public var file: URL?
        /// Why: ``SyncError/Code/pageMissing`` or ``SyncError/Code/pageUnreadable`` (the wiki's
        /// error as ``SyncError/underlying``).
        public var error: SyncError

        /// A page skipped.
        public init(page: WikiPage, file: URL? = nil, error: SyncError) {
            self.page = page
            self.file = file
            self.error = error
        }
    }

    /// A site that could not be reached: its other pages were not tried.
    public struct UnreachableSite: Sendable {
        /// The site's host (`en.wikipedia.org`).
        public var host: String
        /// The pages not tried.
        public var pagesNotTried: [WikiPage]
        /// The failure that proved it unreachable (`WikiPageError/isUnreachableHost`).
        public var error: WikiPageError

        /// A site not reached.
        public init(host: String, pagesNotTried: [WikiPage], error: WikiPageError) {
            self.host = host
            self.pagesNotTried = pagesNotTried
            self.error = error
        }
    }

    /// One show's broadcast times checked against TVMaze.
    public struct Corroboration: Sendable {
        /// The show.
        public var show: Show
        /// Its TVMaze id.
        public var tvmazeID: Int
        /// How many episodes gained TVMaze's broadcast instant (and runtime).
        public var broadcastsAdded: Int
        /// Episodes TVMaze dates differently (they keep the page's day, without TVMaze's instant).
        public var disagreements: [EpisodeDisagreement]
        /// Episodes TVMaze does not have.
        public var unmatched: [EpisodeID]
        /// Why TVMaze gave nothing for the show (``SyncError/Code/notRecorded``,
        /// ``SyncError/Code/corroborationFailed``); `nil` when it answered.
        public var error: SyncError?

        /// A show's corroboration.
        public init(
            show: Show, tvmazeID: Int, broadcastsAdded: Int = 0, disagreements: [EpisodeDisagreement] = [], unmatched: [EpisodeID] = [],
            error: SyncError? = nil
        ) {
            self.show = show
            self.tvmazeID = tvmazeID
            self.broadcastsAdded = broadcastsAdded
            self.disagreements = disagreements
            self.unmatched = unmatched
            self.error = error
        }
    }

    /// Whether the pages were read (``SyncConfiguration/Reading``); `false` when the stored episodes
    /// were kept.
    public var readPages = false
    /// The pages that gave episodes, in the order read.
    public var pagesRead: [PageRead] = []
    /// The pages skipped, in the order read.
    public var pagesSkipped: [PageSkip] = []
    /// The sites not reached, with the pages not tried.
    public var unreachableSites: [UnreachableSite] = []
    /// Each corroborated show, in priority order (empty without TVMaze).
    public var corroborations: [Corroboration] = []
    /// Episodes the broadcast facts could not place, and instants they contradict (said when the
    /// pages are read).
    public var scheduleNotes: [ScheduleNote] = []
    /// Broadcast instants an earlier TVMaze refresh stored that this one did not keep (the facts'
    /// instants took their place).
    public var droppedBroadcasts = 0
    /// Whether the store's episodes changed.
    public var storeChanged = false
    /// How many episodes the store holds now.
    public var episodes = 0

    /// An empty report.
    public init() {}
}

/// What a refresh tells as it goes, for an app to show (a line per page, a progress bar).
///
/// New events may be added in a later release: keep a `default` branch when switching.
public enum SyncEvent: Sendable {
    /// A page gave episodes; `index` of `count` pages.
    case pageRead(SyncReport.PageRead, index: Int, count: Int)
    /// A page gave nothing and was skipped; `index` of `count` pages.
    case pageSkipped(SyncReport.PageSkip, index: Int, count: Int)
    /// A site could not be reached: its other pages are not tried.
    case siteUnreachable(SyncReport.UnreachableSite)
    /// A show was checked against TVMaze (or could not be).
    case corroborated(SyncReport.Corroboration)
    /// The broadcast facts could not place an episode, or contradict an instant.
    case scheduleNote(ScheduleNote)
    /// Broadcast instants an earlier TVMaze refresh stored were not kept.
    case broadcastsDropped(Int)
}
