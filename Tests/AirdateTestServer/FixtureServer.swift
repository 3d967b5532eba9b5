import FlyingFox
import FlyingSocks
import Foundation

/// A real HTTP server on 127.0.0.1 (ephemeral port) that serves a fixtures folder by its
/// `routes.json`, records every request with its arrival instant, and plays scripted ``Fault``s.
///
/// Unrouted requests get a 404 with TVMaze's error body. Responses carry
/// `Cache-Control: public, max-age=3600` unless told otherwise.
public actor FixtureServer {
    private let server: HTTPServer
    private var routes: [RequestKey: FixtureRoute] = [:]
    private let folder: URL?
    private var faults: [String: [Fault]] = [:]
    private var bodies: [RequestKey: (status: Int, body: Data, contentType: String?)] = [:]
    private var recorded: [RecordedRequest] = []
    private var runTask: Task<Void, Never>?
    /// `Cache-Control` sent on successful answers; `nil` sends none.
    public var cacheControl: String? = "public, max-age=3600"
    /// More header fields sent on successful answers (for example `Expires`), by name.
    public var extraHeaders: [String: String] = [:]

    /// The server's root URL, `http://127.0.0.1:<port>`, once ``start()`` returned.
    public private(set) var baseURL = URL(fileURLWithPath: "/")

    /// A server for `folder` (with its `routes.json`), or for no files when `folder` is `nil`, on
    /// `port` (0 picks a free one).
    public init(fixtures folder: URL?, port: UInt16 = 0) throws {
        self.folder = folder
        self.server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: port),
            timeout: 30,
            logger: .disabled
        )
        if let folder {
            for route in try FixtureRoute.manifest(in: folder) {
                routes[route.key] = route
            }
        }
    }

    /// Starts listening and sets ``baseURL``.
    public func start() async throws {
        await server.appendRoute("*") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return try await self.respond(to: request)
        }
        let server = self.server
        runTask = Task { try? await server.run() }
        // A busy machine (other builds beside the tests) can take many seconds to schedule the
        // listener; the bound only catches a server that never starts.
        try await server.waitUntilListening(timeout: 120)
        guard case .ip4(_, let port) = await server.listeningAddress,
              let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw URLError(.cannotConnectToHost)
        }
        baseURL = url
    }

    /// Stops listening and drops open connections.
    public func stop() async {
        await server.stop(timeout: 0)
        runTask?.cancel()
    }

    /// Plays `plan`, one fault per request, on the next requests whose path is `path`.
    public func inject(_ plan: [Fault], forPath path: String) {
        faults[path, default: []].append(contentsOf: plan)
    }

    /// Answers `request` (path and query) with `body` and `status` from now on, as `contentType`
    /// (JSON unless told).
    public func serve(_ body: String, status: Int = 200, contentType: String? = nil, for request: String) {
        bodies[RequestKey(request)] = (status, Data(body.utf8), contentType)
    }

    /// Adds or replaces a route.
    public func addRoute(_ route: FixtureRoute) {
        routes[route.key] = route
    }

    /// Sets the `Cache-Control` header sent with successful answers (`nil` for none).
    public func setCacheControl(_ value: String?) {
        cacheControl = value
    }

    /// Sets more header fields sent with successful answers (`Expires`, `Date`…), replacing earlier ones.
    public func setExtraHeaders(_ headers: [String: String]) {
        extraHeaders = headers
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { recorded }

    /// How many requests had `path`.
    public func count(path: String) -> Int {
        recorded.filter { $0.key.path == path }.count
    }

    private func respond(to request: HTTPRequest) async throws -> HTTPResponse {
        let key = RequestKey(path: request.path, query: request.query.map { ($0.name, $0.value) })
        recorded.append(RecordedRequest(
            key: key,
            userAgent: request.headers[HTTPHeader("User-Agent")],
            arrival: .now
        ))
        if var plan = faults[key.path], !plan.isEmpty {
            let fault = plan.removeFirst()
            faults[key.path] = plan
            switch fault {
            case .status(let status, let retryAfter, let body):
                var headers: HTTPHeaders = [.contentType: "application/json"]
                if let retryAfter { headers[HTTPHeader("Retry-After")] = retryAfter }
                return HTTPResponse(statusCode: Self.status(status), headers: headers, body: Data(body.utf8))
            case .delay(let delay):
                try await Task.sleep(for: delay)
            case .closeMidBody(let fraction):
                let full = try normalBody(for: key).body
                let sent = full.prefix(max(1, Int(Double(full.count) * fraction)))
                return HTTPResponse(
                    statusCode: .ok,
                    headers: [.contentType: "application/json"],
                    body: HTTPBodySequence(from: FailingBytes(bytes: Array(sent)), count: full.count)
                )
            case .body(let text):
                return ok(Data(text.utf8))
            case .redirect(let location):
                let headers: HTTPHeaders = [.location: location]
                return HTTPResponse(statusCode: .movedPermanently, headers: headers)
            }
        }
        let answer = try normalBody(for: key)
        if answer.status == 200 { return ok(answer.body, contentType: answer.contentType) }
        var headers: HTTPHeaders = [.contentType: "application/json"]
        if let location = answer.location { headers[.location] = location }
        return HTTPResponse(statusCode: Self.status(answer.status), headers: headers, body: answer.body)
    }

    private func ok(_ body: Data, contentType: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = [.contentType: contentType ?? "application/json; charset=UTF-8"]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        for (name, value) in extraHeaders { headers[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    private static let notFoundBody = Data(#"{"name":"Not Found","message":"","code":0,"status":404}"#.utf8)

    /// The normal answer; files ending in `.html` are served as `text/html`.
    private func normalBody(for key: RequestKey) throws -> (status: Int, body: Data, location: String?, contentType: String?) {
        if let served = bodies[key] { return (served.status, served.body, nil, served.contentType) }
        guard let route = routes[key] else { return (404, Self.notFoundBody, nil, nil) }
        if let location = route.location { return (route.status ?? 301, Data(), location, nil) }
        guard let file = route.file, let folder else { return (route.status ?? 404, Self.notFoundBody, nil, nil) }
        let contentType = file.hasSuffix(".html") ? "text/html; charset=UTF-8" : nil
        return (route.status ?? 200, try Data(contentsOf: folder.appendingPathComponent(file)), nil, contentType)
    }

    private static func status(_ code: Int) -> HTTPStatusCode {
        HTTPStatusCode(code, phrase: code == 429 ? "Too Many Requests" : "Status \(code)")
    }
}

/// Bytes that end in an error, so the server closes the connection mid-body.
private struct FailingBytes: AsyncBufferedSequence, AsyncBufferedIteratorProtocol {
    typealias Element = UInt8
    var bytes: [UInt8]
    var sent = false

    func makeAsyncIterator() -> FailingBytes { self }

    mutating func next() async throws -> UInt8? {
        try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
        guard !sent else { throw SocketError.disconnected }
        sent = true
        return bytes
    }
}
