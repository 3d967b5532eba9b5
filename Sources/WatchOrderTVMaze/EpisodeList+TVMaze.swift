public import AirdateCore
public import AirdateHTTP
import Foundation
public import TVMazeClient
public import WatchOrder

extension Episode {
    /// A TVMaze episode as a WatchOrder episode of show `showID`: season, number (`nil` for a
    /// special), title, air day (the network's calendar day), broadcast instant (`airstamp`),
    /// runtime, page and TVMaze's episode id (`Episode/externalIDs`).
    public init(_ episode: TVMazeEpisode, showID: String) {
        self.init(
            showID: showID, season: episode.season, number: episode.number, title: episode.name,
            airDay: episode.airdate, broadcast: episode.airstamp,
            runtime: episode.runtime.map { Duration.seconds($0 * 60) }, sourceURL: episode.url,
            externalIDs: ExternalIDs(tvmaze: episode.id))
    }
}

extension ExternalIDs {
    /// A TVMaze show's ids: TVMaze's own, and TheTVDB's and IMDb's from its `externals`.
    public init(_ show: TVMazeShow) {
        self.init(tvmaze: show.id, theTVDB: show.externals.thetvdb, imdb: show.externals.imdb)
    }
}

extension Show {
    /// A TVMaze show as a WatchOrder show: its name, and its ids on TVMaze, TheTVDB and IMDb.
    public init(_ show: TVMazeShow) {
        self.init(name: show.name, externalIDs: ExternalIDs(show))
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
                    airDay: episode.airDay, broadcast: episode.broadcast, runtime: episode.runtime, sourceURL: episode.sourceURL,
                    externalIDs: episode.externalIDs)
                diagnostics.append(ExtractionDiagnostic(
                    kind: .titleToBeAnnounced, message: "TVMaze episode \(tvmazeEpisode.id) has no title", text: tvmazeEpisode.code(.padded)))
            }
            return episode
        }
        self.init(show: show, episodes: converted, diagnostics: diagnostics)
    }
}

extension TVMaze {
    /// The show's episodes, specials included, as an episode list of `show` (see
    /// `EpisodeList/init(tvmaze:show:)`).
    ///
    /// - Throws: `APIClientError`, the only error it can throw.
    public func episodeList(ofShow showID: Int, as show: Show) async throws(APIClientError) -> EpisodeList {
        var show = show
        show.externalIDs.fill(from: ExternalIDs(tvmaze: showID))
        return EpisodeList(tvmaze: try await episodes(ofShow: showID, includingSpecials: true), show: show)
    }

    /// The show that `ids` name on TVMaze: by TVMaze's id when known, else through TVMaze's lookup
    /// endpoints (`/lookup/shows?thetvdb=`, then `?imdb=`); `nil` when TVMaze knows none of them.
    ///
    /// `ExternalIDs(show)` then gives the ids TVMaze knows, to `ExternalIDs/fill(from:)`
    /// the ones an app has (an import from TV Time carries TheTVDB's, say).
    ///
    /// - Throws: `APIClientError`; a TVMaze id that names no show is `nil`, not an error.
    public func show(matching ids: ExternalIDs) async throws(APIClientError) -> TVMazeShow? {
        if let id = ids.tvmaze {
            do {
                return try await show(id: id)
            } catch APIClientError.Code.notFound {
                // A stale TVMaze id: the other ids may still find the show.
            }
        }
        if let id = ids.theTVDB, let found = try await lookupShow(.thetvdb(id)) { return found }
        if let id = ids.imdb, let found = try await lookupShow(.imdb(id)) { return found }
        return nil
    }
}
