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
    /// - Throws: ``SnapshotError`` when `routes.json` is missing, is not JSON, or is not a list of
    ///   routes (the message names the entry and the key).
    public init(
        folder: URL, pathPrefix: String = "",
        unrecorded: @escaping @Sendable (_ pathAndQuery: String) -> HTTPTransportResponse = { _ in
            HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data())
        }
    ) throws(SnapshotError) {
        self.folder = folder
        self.pathPrefix = pathPrefix
        self.unrecorded = unrecorded
        let data: Data
        do {
            data = try Data(contentsOf: folder.appendingPathComponent("routes.json"))
        } catch {
            throw SnapshotError(folder: folder.path, reason: "it has no readable routes.json")
        }
        let decoded: [Route]
        do {
            decoded = try JSONDecoder().decode([Route].self, from: data)
        } catch let error as DecodingError {
            throw SnapshotError(folder: folder.path, reason: "routes.json " + SnapshotError.describe(error))
        } catch {
            throw SnapshotError(folder: folder.path, reason: "routes.json is not JSON")
        }
        var routes: [String: Route] = [:]
        for route in decoded {
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
            let body: Data
            do {
                body = try Data(contentsOf: folder.appendingPathComponent(file))
            } catch {
                throw SnapshotError(folder: folder.path, reason: "\(file), recorded for \(key), cannot be read")
            }
            return HTTPTransportResponse(head: HTTPResponse(status: .ok), body: body)
        }
        return unrecorded(key)
    }
}

/// Why a ``SnapshotTransport`` could not read its folder: the folder and what is wrong, said in one
/// line (never a decoder's type names).
public struct SnapshotError: Error, LocalizedError, Sendable, Hashable {
    /// The snapshot folder.
    public var folder: String
    /// What is wrong: `routes.json is not JSON (line 3)`, `routes.json entry 4 has no "request"`, ….
    public var reason: String

    /// An error about `folder`.
    public init(folder: String, reason: String) {
        self.folder = folder
        self.reason = reason
    }

    /// What is wrong and what to do.
    public var errorDescription: String? {
        "The recorded snapshot in \(folder) cannot be used: \(reason). Record it again, or give the folder of a complete snapshot."
    }

    /// A decoding failure of `routes.json` in words: where (entry and key) and what.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            guard let first = path.first else { return "" }
            var text = first.intValue.map { "entry \($0 + 1)" } ?? "key \"\(first.stringValue)\""
            for key in path.dropFirst() { text += key.intValue.map { " item \($0 + 1)" } ?? " \"\(key.stringValue)\"" }
            return text
        }
        switch error {
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "is not JSON" : "has an unreadable value at \(place(context.codingPath))"
        case .keyNotFound(let key, let context):
            let at = place(context.codingPath)
            return (at.isEmpty ? "has" : at + " has") + " no \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let at = place(context.codingPath)
            return at.isEmpty ? "is not a list of routes" : "has a value of the wrong kind at \(at)"
        @unknown default:
            return "cannot be read"
        }
    }
}
