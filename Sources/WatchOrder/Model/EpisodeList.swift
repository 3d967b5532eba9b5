import Foundation

/// The episodes read from one page, with what could not be read.
public struct EpisodeList: Sendable, Hashable, Codable {
    /// The show the page lists.
    public var show: Show
    /// The episodes, in page order.
    public var episodes: [Episode]
    /// What could not be read (TBA titles and dates, unreadable rows, tables without a season).
    public var diagnostics: [ExtractionDiagnostic]

    /// Creates a list.
    public init(show: Show, episodes: [Episode], diagnostics: [ExtractionDiagnostic] = []) {
        self.show = show
        self.episodes = episodes
        self.diagnostics = diagnostics
    }

    /// The episodes of one season, in page order.
    public func episodes(inSeason season: Int) -> [Episode] {
        episodes.filter { $0.season == season }
    }

    /// The seasons present, ascending.
    public var seasons: [Int] { Array(Set(episodes.map(\.season))).sorted() }

    /// `true` when nothing could be read from the page: no episodes (a page without a recognisable
    /// episode table carries a ``ExtractionDiagnostic/Kind/noEpisodeTable`` diagnostic). Such a list
    /// must not replace stored episodes; `refresh(_:)` refuses it.
    public var isUnreadable: Bool { episodes.isEmpty }

    /// This list with `other`'s episodes and diagnostics appended: one show read from several pages
    /// (one page per season, say). `other` should list the same show; its ``show`` is ignored.
    public func appending(_ other: EpisodeList) -> EpisodeList {
        EpisodeList(show: show, episodes: episodes + other.episodes, diagnostics: diagnostics + other.diagnostics)
    }
}
