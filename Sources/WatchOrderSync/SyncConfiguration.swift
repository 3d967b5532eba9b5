public import Foundation
public import TVMazeClient
public import WatchOrderWiki

/// Where a ``FranchiseSync`` reads episodes and broadcast times, and when: a plain value an app
/// builds from its settings (a command line builds it from its flags).
///
/// ```swift
/// // Offline: the saved pages, read into an empty store only; the broadcast facts order same-day episodes.
/// let offline = SyncConfiguration(pages: .snapshot(folder))
/// // On the network, with TVMaze's broadcast times.
/// let live = SyncConfiguration(pages: .wiki(WikiEpisodePages()), broadcasts: .tvmaze(TVMaze()))
/// ```
public struct SyncConfiguration: Sendable {
    /// Where episode lists come from.
    public enum Pages: Sendable {
        /// A snapshot folder: `pages.tsv` lists the saved pages (show, reader, file, season). A page
        /// that is missing or unreadable is skipped and its show keeps its stored episodes.
        case snapshot(URL)
        /// Each show's list pages (``Franchise/pages``), fetched through this reader (the MediaWiki
        /// API, then the article). A page that fails is skipped; once a site proves unreachable, its
        /// other pages are not tried.
        case wiki(WikiEpisodePages)
    }

    /// Where broadcast instants come from.
    public enum Broadcasts: Sendable {
        /// The franchise's broadcast facts (``Franchise/broadcasts``) only: instants a TVMaze
        /// refresh stored earlier are dropped (the report counts them).
        case schedule
        /// TVMaze's recorded answers in this folder (a `routes.json` and the bodies), then the
        /// facts where TVMaze has none. A show not recorded keeps the facts' instants.
        case recorded(URL)
        /// TVMaze through this client, then the facts where TVMaze has none.
        case tvmaze(TVMaze)
    }

    /// When the pages are read.
    public enum Reading: Sendable, Hashable {
        /// Every refresh reads them.
        case always
        /// Only when the store has no episodes yet; otherwise the stored episodes are kept and only
        /// the broadcast facts, episode links, rules and orders are brought up to date.
        case whenStoreIsEmpty
    }

    /// Where episode lists come from.
    public var pages: Pages
    /// Where broadcast instants come from.
    public var broadcasts: Broadcasts
    /// When the pages are read.
    public var reading: Reading

    /// A configuration. `reading` defaults to ``Reading/always`` when the pages come from the wiki
    /// or broadcast times from TVMaze (a refresh was asked for), else to ``Reading/whenStoreIsEmpty``.
    public init(pages: Pages, broadcasts: Broadcasts = .schedule, reading: Reading? = nil) {
        self.pages = pages
        self.broadcasts = broadcasts
        if let reading {
            self.reading = reading
        } else if case .snapshot = pages, case .schedule = broadcasts {
            self.reading = .whenStoreIsEmpty
        } else {
            self.reading = .always
        }
    }
}
