import AirdateHTTP
import Foundation
import HTTPTypes

/// Serves the recorded `Fixtures/jikan/` snapshot instead of the network, by its `routes.json`.
///
/// Requests that were not recorded answer 404 with a Jikan-shaped error body.
struct SnapshotTransport: HTTPTransport {
    private struct Route: Decodable {
        var request: String
        var file: String?
        var status: Int?
        var location: String?
    }

    private let folder: URL
    private let routes: [String: Route]

    init(folder: URL) throws {
        self.folder = folder
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

    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        var key = Self.key(request.path ?? "/")
        if key.hasPrefix("/v4/") { key.removeFirst(3) }  // routes are recorded relative to the API root
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
        let body = #"{"status":404,"type":"BadResponseException","message":"Not in the offline snapshot","error":null}"#
        return HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data(body.utf8))
    }
}
