public import Foundation
import AirdateHTTP
import HTTPTypes
public import JikanClient

/// What `animeplan` and airdate-web share about anime search: one spelling of a query, and one
/// offline search over the recorded Jikan snapshot, so that both programs find the same shows.
public enum AnimeSearch {
    /// The longest search accepted, in characters (both programs).
    public static let maximumLength = 200

    /// At most this many shows per search (both programs, online and offline).
    public static let limit = 5

    /// The query as searched: lower case, words separated by single spaces. Jikan's search ignores
    /// case, so one spelling gives one answer, and offline the recorded answer is found whatever the
    /// case typed.
    public static func normalized(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Searches `client` for `query` (already ``normalized(_:)``). With `snapshot` (the offline
    /// folder `client` answers from), a query the snapshot did not record as a search is answered
    /// from every show it records (``SnapshotTitles``) instead of failing.
    public static func search(_ query: String, client: Jikan, snapshot: URL?) async throws -> [JikanAnime] {
        do {
            return try await client.searchAnime(JikanAnimeSearch(query: query, limit: limit)).items
        } catch {
            guard let snapshot, error.code == .notFound else { throw error }
            return try SnapshotTitles(folder: snapshot).search(query)
        }
    }

    /// Jikan over the recorded snapshot in `folder` (no rate limit: nothing leaves the machine);
    /// what is missing answers 404 as Jikan would.
    public static func offlineJikan(folder: URL) throws -> Jikan {
        var configuration = Jikan.configuration()
        configuration.rateLimits = []
        let transport = try SnapshotTransport(folder: folder, pathPrefix: "/v4") { _ in
            let body = #"{"status":404,"type":"BadResponseException","message":"Not in the offline snapshot","error":null}"#
            return HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data(body.utf8))
        }
        return Jikan(configuration: configuration, transport: transport)
    }
}

/// Searches every show the offline snapshot records (the `anime_<id>.json` answers and the items of
/// the recorded searches), for offline queries that were not recorded as searches.
///
/// A show matches when any of its titles (default, English, Japanese, synonyms, other languages)
/// contains the query, ignoring case and diacritics; shows come in MyAnimeList id order.
public struct SnapshotTitles: Sendable {
    private struct Envelope: Decodable { var data: JikanAnime }

    /// The snapshot folder.
    public let folder: URL

    /// The titles of the snapshot in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// The shows with a title containing `text`.
    public func search(_ text: String) throws -> [JikanAnime] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601  // Jikan's instants: 2005-10-23T00:00:00+00:00
        var shows: [Int: JikanAnime] = [:]
        for file in files where file.hasPrefix("anime_") && file.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { continue }
            let name = file.dropFirst(6).dropLast(5)
            if Int(name) != nil || name.hasSuffix("_full") {
                if let anime = try? decoder.decode(Envelope.self, from: data).data { shows[anime.malID] = shows[anime.malID] ?? anime }
            } else if name.hasPrefix("search_"), let page = try? decoder.decode(JikanPage<JikanAnime>.self, from: data) {
                for anime in page.items { shows[anime.malID] = shows[anime.malID] ?? anime }
            }
        }
        let needle = text.trimmingCharacters(in: .whitespaces)
        return shows.values
            .filter { anime in
                ([anime.title] + anime.titles.map(\.title) + anime.titleSynonyms + [anime.titleEnglish, anime.titleJapanese].compactMap { $0 })
                    .contains { $0.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
            }
            .sorted { $0.malID < $1.malID }
    }
}
