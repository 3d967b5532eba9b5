import AirdateCore
import AnimePlanSupport
import AirdateHTTP
import AnimePlanner
import AnimePlannerJikan
import Foundation
import HTTPTypes
import JikanClient

/// Shows from Jikan through ``JikanClient`` (live, or over the recorded snapshot with `--offline`).
struct JikanCatalog: AnimeCatalog {
    let client: Jikan
    /// With `--offline`: the snapshot folder, whose titles are searched when a query was not recorded.
    let snapshot: URL?

    func search(_ text: String) async throws -> [CatalogEntry] {
        // The one search airdate-web's /anime/search makes too (offline: the recorded answer, else
        // every show the snapshot records).
        try await AnimeSearch.search(text, client: client, snapshot: snapshot).map(CatalogEntry.init)
    }

    func show(id: Int, at clock: ViewerClock) async throws -> AnimeShow {
        try await client.plannableShow(id: id, at: clock)
    }

    func airingSchedule(at clock: ViewerClock) async throws -> AnimeAiringSchedule {
        try await client.airingSchedule(at: clock)
    }
}

/// The catalogs the command line can use.
enum Catalogs {
    /// Jikan over the recorded snapshot in `folder`.
    static func offline(folder: URL) throws -> any AnimeCatalog {
        JikanCatalog(client: try AnimeSearch.offlineJikan(folder: folder), snapshot: folder)
    }

    /// The Jikan API.
    static func live() -> any AnimeCatalog {
        JikanCatalog(client: Jikan(), snapshot: nil)
    }
}
