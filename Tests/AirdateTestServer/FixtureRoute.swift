public import Foundation

/// One entry of a fixtures folder's `routes.json`: which request gets which file (or redirect).
///
/// `routes.json` is an array of objects such as
/// `{"request": "/schedule?country=US&date=2019-07-15", "file": "schedule_US_2019-07-15.json"}` or
/// `{"request": "/lookup/shows?imdb=tt0944947", "status": 301, "location": "/shows/82"}`.
/// Query parameters match in any order.
public struct FixtureRoute: Sendable, Codable, Hashable {
    /// Path and query, as the client sends them (unencoded).
    public var request: String
    /// The file in the fixtures folder that is the body, for a 200.
    public var file: String?
    /// The status to answer (default 200).
    public var status: Int?
    /// The `Location` of a redirect.
    public var location: String?

    /// A route.
    public init(request: String, file: String? = nil, status: Int? = nil, location: String? = nil) {
        self.request = request
        self.file = file
        self.status = status
        self.location = location
    }

    /// The route's request as a path and a sorted list of query parameters.
    public var key: RequestKey { RequestKey(request) }

    /// Reads `routes.json` in `folder`.
    public static func manifest(in folder: URL) throws -> [FixtureRoute] {
        let data = try Data(contentsOf: folder.appendingPathComponent("routes.json"))
        return try JSONDecoder().decode([FixtureRoute].self, from: data)
    }
}

/// A request reduced to what routing compares: its path and its query parameters, sorted.
public struct RequestKey: Sendable, Hashable, CustomStringConvertible {
    /// The path, starting with `/`.
    public var path: String
    /// `name=value` pairs, sorted.
    public var query: [String]

    /// A key from a path and query parameters.
    public init(path: String, query: [(name: String, value: String)]) {
        self.path = path
        self.query = query.map { "\($0.name)=\($0.value)" }.sorted()
    }

    /// A key from `"/path?name=value&…"` (unencoded, or percent-encoded).
    public init(_ pathAndQuery: String) {
        let parts = pathAndQuery.split(separator: "?", maxSplits: 1)
        let path = parts.first.map(String.init) ?? "/"
        var items: [(name: String, value: String)] = []
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let nameValue = pair.split(separator: "=", maxSplits: 1).map {
                    String($0).removingPercentEncoding ?? String($0)
                }
                items.append((nameValue[0], nameValue.count > 1 ? nameValue[1] : ""))
            }
        }
        self.init(path: path.removingPercentEncoding ?? path, query: items)
    }

    /// `"/path?a=1&b=2"`.
    public var description: String {
        query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }
}
