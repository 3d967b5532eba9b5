import AirdateCore
public import AirdateHTTP
import Foundation
public import TVMazeClient
public import WatchOrder

extension Episode {
    /// A TVMaze episode as a WatchOrder episode of show `showID`: season, number (`nil` for a
    /// special), title, air day (the network's calendar day), broadcast instant (`airstamp`),
    /// runtime and page.
    public init(_ episode: TVMazeEpisode, showID: String) {
        self.init(
            showID: showID, season: episode.season, number: episode.number, title: episode.name,
            airDay: episode.airdate, broadcast: episode.airstamp,
            runtime: episode.runtime.map { Duration.seconds($0 * 60) }, sourceURL: episode.url)
    }
}

extension EpisodeList {
    /// A TVMaze show's episodes (as `TVMaze.episodes(ofShow:includingSpecials:)` returns them) as an
    /// episode list of `show` for `merge(_:rules:showPriority:)`, with broadcast
    /// instants and runtimes, so that same-day order comes from the data: an episode that aired at
    /// 20:00 precedes one at 21:00.
    ///
    /// ```swift
    /// let episodes = try await TVMaze().episodes(ofShow: 13, includingSpecials: true)
    /// let flash = EpisodeList(tvmaze: episodes, show: Show(name: "The Flash"))
    /// ```
    ///
    /// An episode without a name is titled `TBA` and noted in `diagnostics`.
    public init(tvmaze episodes: [TVMazeEpisode], show: Show) {
        var diagnostics: [ExtractionDiagnostic] = []
        let converted = episodes.map { tvmazeEpisode in
            var episode = Episode(tvmazeEpisode, showID: show.id)
            if episode.title.trimmingCharacters(in: .whitespaces).isEmpty {
                episode = Episode(
                    showID: show.id, season: episode.season, number: episode.number, title: "TBA",
                    airDay: episode.airDay, broadcast: episode.broadcast, runtime: episode.runtime, sourceURL: episode.sourceURL)
                diagnostics.append(ExtractionDiagnostic(
                    kind: .titleToBeAnnounced, message: "TVMaze episode \(tvmazeEpisode.id) has no title", text: tvmazeEpisode.code))
            }
            return episode
        }
        self.init(show: show, episodes: converted, diagnostics: diagnostics)
    }
}

extension TVMaze {
    /// The show's episodes, specials included, as an episode list of `show` (see
    /// ``WatchOrder/EpisodeList/init(tvmaze:show:)``).
    ///
    /// - Throws: `APIClientError`, the only error it can throw.
    public func episodeList(ofShow showID: Int, as show: Show) async throws(APIClientError) -> EpisodeList {
        EpisodeList(tvmaze: try await episodes(ofShow: showID, includingSpecials: true), show: show)
    }
}
