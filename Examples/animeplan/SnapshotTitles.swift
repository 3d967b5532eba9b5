import AnimePlanSupport
import JikanClient

extension CatalogEntry {
    /// A search result as `animeplan search` lists Jikan's answer (recorded, live, or found by `SnapshotTitles`): the preferred (English, then
    /// default) title, the episode count, the airing status, the duration and the broadcast slot.
    init(_ anime: JikanAnime) {
        self.init(id: anime.malID, title: anime.preferredTitle,
                  titles: [anime.title] + anime.titles.map(\.title) + anime.titleSynonyms + [anime.titleEnglish, anime.titleJapanese].compactMap { $0 },
                  episodes: anime.episodes, status: anime.status?.rawValue ?? "?", duration: anime.durationText,
                  broadcast: anime.broadcast.text)
    }
}
