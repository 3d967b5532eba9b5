import AirdateHTTP
import Foundation
import HTTPTypes

/// Serves the recorded `Fixtures/tvmaze/` snapshot instead of the network, by its `routes.json`.
///
/// Schedule days that were not recorded answer `[]`; other unknown requests answer 404, as TVMaze would.
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
        if key.hasPrefix("/schedule?") || key.hasPrefix("/schedule/web?") {
            return HTTPTransportResponse(head: HTTPResponse(status: .ok), body: Data("[]".utf8))
        }
        return HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data(#"{"name":"Not Found","status":404}"#.utf8))
    }
}
