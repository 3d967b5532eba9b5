public import Foundation
import HTTPTypes

/// A GET request of an API: a path below the client's base URL and a closed set of typed query
/// parameters. It is the one way both clients describe a request.
///
/// Each client declares every request it makes as one closed enum (`Endpoint`), whose cases carry
/// only the parameters that endpoint understands, as typed values (numbers, flags, dates,
/// ``OpenEnumeration`` values), and build an `APIRequest` from them with the ``QueryParameter``
/// constructors. Requests never come from free-form dictionaries, because servers such as TVMaze
/// silently ignore unknown parameters: a typo would return the wrong data instead of failing.
public struct APIRequest: Sendable, Hashable {
    /// The path below the client's base URL, starting with `/` (for example `/shows/1/episodes`).
    /// Characters a URL path cannot hold (spaces, `?`, `#`, letters outside ASCII) are
    /// percent-encoded when the URL is made; a `%` followed by two hex digits is taken as already
    /// encoded, which is how a segment carries a `/` of its own (`/users/a%2Fb`).
    public var path: String
    /// Query parameters, in order; a name may repeat (`embed[]=cast&embed[]=crew`).
    public var query: [QueryParameter]

    /// A request for `path` with `query`.
    public init(path: String, query: [QueryParameter] = []) {
        self.path = path
        self.query = query
    }

    /// A request for `path` with the parameters of `query` that are set (`nil` entries — unset
    /// optional values — are left out).
    public init(path: String, query: [QueryParameter?]) {
        self.init(path: path, query: query.compactMap { $0 })
    }

    /// The same request with `page=N` (at least `minimum`) added last.
    public func paged(_ page: Int, minimum: Int = 1) -> APIRequest {
        var request = self
        request.query.append(QueryParameter("page", String(Swift.max(minimum, page))))
        return request
    }

    /// The full URL below `baseURL`, or `nil` when the parts make no URL.
    public func url(relativeTo baseURL: URL) -> URL? {
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else { return nil }
        let basePath = components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + Self.encodePath(path)
        if !query.isEmpty {
            components.percentEncodedQueryItems = query.map {
                URLQueryItem(name: Self.encode($0.name), value: Self.encode($0.value))
            }
        }
        return components.url
    }

    static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        set.insert(charactersIn: "-._~")
        return set
    }()

    /// Percent-encodes what a path cannot hold, keeping `%XX` escapes as they are.
    static func encodePath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("%")
        var result = ""
        var rest = Substring(path)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent].addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
            let escape = rest[percent...].prefix(3)
            if escape.count == 3, escape.dropFirst().allSatisfy(\.isHexDigit) {
                result += escape
                rest = rest[escape.endIndex...]
            } else {
                result += "%25"
                rest = rest[rest.index(after: percent)...]
            }
        }
        return result + (rest.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// Percent-encodes everything but unreserved characters (so `+`, `&`, `/`, `[` and `]` survive
    /// as data).
    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}

extension DefaultStringInterpolation {
    /// `"/users/\(segment: name)/about"`: `text` as one path segment, every reserved character
    /// (`/`, `?`, `#`, `%`, spaces…) percent-encoded, so that a user name cannot change the path.
    package mutating func appendInterpolation(segment text: String) {
        appendLiteral(APIRequest.encode(text))
    }
}

/// One `name=value` query parameter of an ``APIRequest``.
///
/// Make parameters from typed values with the static constructors — each returns `nil` for an unset
/// value, and `APIRequest(path:query:)` given a `[QueryParameter?]` leaves those out — so that a
/// request says what it sends and sends nothing by accident:
///
/// ```swift
/// APIRequest(path: "/anime", query: [
///     .text("q", search.query), .value("type", search.type), .integer("limit", search.limit),
///     .flag("sfw", search.safeForWork), .list("genres", search.genres),
/// ])
/// ```
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

    /// `name=text`; `nil` when `text` is `nil` or empty.
    public static func text(_ name: String, _ text: String?) -> QueryParameter? {
        guard let text, !text.isEmpty else { return nil }
        return QueryParameter(name, text)
    }

    /// `name=42`; `nil` when `value` is `nil`.
    public static func integer(_ name: String, _ value: Int?) -> QueryParameter? {
        value.map { QueryParameter(name, String($0)) }
    }

    /// `name=7.5`; `nil` when `value` is `nil` or not finite.
    public static func number(_ name: String, _ value: Double?) -> QueryParameter? {
        guard let value, value.isFinite else { return nil }
        return QueryParameter(name, String(value))
    }

    /// `name=true` when `isOn`, nothing otherwise: a switch the API reads as off when absent.
    public static func flag(_ name: String, _ isOn: Bool) -> QueryParameter? {
        isOn ? QueryParameter(name, "true") : nil
    }

    /// `name=true` or `name=false`; `nil` when `value` is `nil`: a three-way choice (yes, no,
    /// either).
    public static func boolean(_ name: String, _ value: Bool?) -> QueryParameter? {
        value.map { QueryParameter(name, $0 ? "true" : "false") }
    }

    /// `name=<raw value>` of an ``OpenEnumeration`` or a string enum; `nil` when `value` is `nil`.
    public static func value<Value: RawRepresentable>(_ name: String, _ value: Value?) -> QueryParameter?
    where Value.RawValue == String {
        value.map { QueryParameter(name, $0.rawValue) }
    }

    /// `name=1,2,3`; `nil` when `values` is empty.
    public static func list(_ name: String, _ values: [Int]) -> QueryParameter? {
        values.isEmpty ? nil : QueryParameter(name, values.map(String.init).joined(separator: ","))
    }

    /// `name=<description>` of a value whose text is its wire form (a calendar day's
    /// `YYYY-MM-DD`); `nil` when `value` is `nil`.
    public static func described<Value: CustomStringConvertible>(_ name: String, _ value: Value?) -> QueryParameter? {
        value.map { QueryParameter(name, $0.description) }
    }
}
