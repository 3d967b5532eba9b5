import AirdateCore
import Foundation
public import WatchOrder

/// Turns a store's history into the watches and followed shows the writers take
/// (``TraktExport/write(_:)``, ``TVTimeExport/write(_:follows:)``), so a viewer can leave as easily as
/// they came.
///
/// ```swift
/// let export = ExternalHistoryWriter(list: try await store.watchList())
///     .export(try await store.history(), checklist: try await store.state().checklist)
/// try TraktExport.write(export.watches).write(to: url)
/// ```
public struct ExternalHistoryWriter: Sendable {
    /// What a history comes to in another service's terms.
    public struct Export: Sendable, Hashable {
        /// Every watch of a listed, numbered episode, oldest first.
        public var watches: [ExportedWatch]
        /// Every listed show, archived when hidden or dropped.
        public var follows: [ExportedFollow]
        /// Watches left out: of episodes no longer listed, or of specials (no number in season,
        /// which the other services' files cannot name).
        public var leftOut: [EpisodeWatch]
    }

    /// The list that names the watched episodes.
    public let list: WatchList

    private let firstYear: [String: Int]

    /// A writer over `list`.
    public init(list: WatchList) {
        self.list = list
        var years: [String: Int] = [:]
        for episode in list.episodes {
            if let year = episode.airDay?.year { years[episode.showID] = min(years[episode.showID] ?? year, year) }
        }
        firstYear = years
    }

    /// The watches of `history` and the shows of the list with their status in `checklist`.
    public func export(_ history: WatchHistory, checklist: Checklist) -> Export {
        var result = Export(watches: [], follows: [], leftOut: [])
        for watch in history.watches {
            guard let episode = list.episode(watch.episodeID), let number = episode.number, let show = list.show(episode.showID) else {
                result.leftOut.append(watch)
                continue
            }
            result.watches.append(ExportedWatch(
                show: externalShow(show), season: episode.season, number: number, title: episode.title, ids: episode.externalIDs,
                watchedAt: watch.watchedAt))
        }
        result.follows = list.shows.map { ExportedFollow(show: externalShow($0), archived: checklist.status(ofShow: $0.id) != .watching) }
        return result
    }

    private func externalShow(_ show: Show) -> ExternalShow {
        ExternalShow(title: show.name, year: firstYear[show.id], ids: show.externalIDs)
    }
}
