public import Foundation
public import HTTPTypes

/// An ``HTTPTransport`` that answers from recorded files instead of the network: an app's offline
/// mode, a demo, a preview. The folder holds the response bodies and a `routes.json` that maps
/// requests to them:
///
/// ```json
/// [{"request": "/shows/82", "file": "show_82.json"},
///  {"request": "/lookup/shows?imdb=tt0944947", "location": "/shows/82"}]
/// ```
///
/// Requests match by path and query, whatever the order of the query's parameters; a `location`
/// is followed as a redirect. What was not recorded gets the answer of `unrecorded`.
public struct SnapshotTransport: HTTPTransport {
    private struct Route: Decodable {
        var request: String
        var file: String?
        var location: String?
    }

    private let folder: URL
    private let routes: [String: Route]
    private let pathPrefix: String
    private let unrecorded: @Sendable (_ pathAndQuery: String) -> HTTPTransportResponse

    /// A transport over the snapshot in `folder`.
    ///
    /// - Parameters:
    ///   - folder: the folder holding `routes.json` and the recorded bodies.
    ///   - pathPrefix: removed from request paths before matching, for routes recorded relative to
    ///     an API root (Jikan's `/v4`).
    ///   - unrecorded: the answer to a request the snapshot lacks (by default an empty 404), given
    ///     the request's normalised path and query.
    /// - Throws: when `routes.json` is missing or malformed.
    public init(
        folder: URL, pathPrefix: String = "",
        unrecorded: @escaping @Sendable (_ pathAndQuery: String) -> HTTPTransportResponse = { _ in
            HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data())
        }
    ) throws {
        self.folder = folder
        self.pathPrefix = pathPrefix
        self.unrecorded = unrecorded
        let data = try Data(contentsOf: folder.appendingPathComponent("routes.json"))
        var routes: [String: Route] = [:]
        for route in try JSONDecoder().decode([Route].self, from: data) {
            routes[Self.key(route.request)] = route
        }
        self.routes = routes
    }

    /// Path plus sorted, decoded `name=value` pairs.
    private static func key(_ pathAndQuery: String) -> String {
        let encoded = pathAndQuery.replacingOccurrences(of: " ", with: "%20")
        guard let components = URLComponents(string: "http://snapshot" + encoded) else { return pathAndQuery }
        let query = (components.queryItems ?? []).map { "\($0.name)=\($0.value ?? "")" }.sorted()
        return components.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// Answers `request` from the snapshot.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        var key = Self.key(request.path ?? "/")
        if !pathPrefix.isEmpty, key.hasPrefix(pathPrefix + "/") { key.removeFirst(pathPrefix.count) }
        for _ in 0..<5 {  // follow redirects, as URLSession does
            guard let route = routes[key] else { break }
            if let location = route.location {
                key = Self.key(location)
                continue
            }
            guard let file = route.file else { break }
            let body = try Data(contentsOf: folder.appendingPathComponent(file))
            return HTTPTransportResponse(head: HTTPResponse(status: .ok), body: body)
        }
        return unrecorded(key)
    }
}
