import AirdateCore
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
        let page: JikanPage<JikanAnime>
        do {
            page = try await client.searchAnime(JikanAnimeSearch(query: text, limit: 5))
        } catch {
            guard let snapshot else { throw error }
            return try SnapshotTitles(folder: snapshot).search(text)
        }
        return page.items.map(CatalogEntry.init)
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
        var configuration = Jikan.configuration()
        configuration.rateLimits = []  // nothing to protect offline
        return JikanCatalog(client: Jikan(configuration: configuration, transport: try SnapshotTransport(folder: folder, pathPrefix: "/v4") { _ in
            // Routes are recorded relative to the API root; what is missing answers as Jikan would.
            let body = #"{"status":404,"type":"BadResponseException","message":"Not in the offline snapshot","error":null}"#
            return HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data(body.utf8))
        }),
                            snapshot: folder)
    }

    /// The Jikan API.
    static func live() -> any AnimeCatalog {
        JikanCatalog(client: Jikan(), snapshot: nil)
    }
}
