public import Foundation
import HTTPTypes

/// A GET request of an API, built from a path and a closed set of query parameters.
///
/// Clients make these only from typed parameters (an endpoint enum), never from free-form
/// dictionaries, because servers such as TVMaze silently ignore unknown parameters: a typo would
/// return the wrong data instead of failing.
public struct APIRequest: Sendable, Hashable {
    /// The path below the client's base URL, starting with `/` (for example `/shows/1/episodes`).
    public var path: String
    /// Query parameters, in order; a name may repeat (`embed[]=cast&embed[]=crew`).
    public var query: [QueryParameter]

    /// A request for `path` with `query`.
    public init(path: String, query: [QueryParameter] = []) {
        self.path = path
        self.query = query
    }

    /// The full URL below `baseURL`, or `nil` when the parts make no URL.
    public func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + path
        if !query.isEmpty {
            components.percentEncodedQueryItems = query.map {
                URLQueryItem(name: Self.encode($0.name), value: Self.encode($0.value))
            }
        }
        return components.url
    }

    private static let allowed: CharacterSet = {
        var set = CharacterSet.alphanumerics
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// Percent-encodes everything but unreserved characters (so `+`, `&`, `[` and `]` survive).
    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

/// One `name=value` query parameter of an ``APIRequest``.
public struct QueryParameter: Sendable, Hashable {
    /// The parameter's name, as the API spells it.
    public var name: String
    /// The value, unencoded.
    public var value: String

    /// A parameter `name=value`.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
