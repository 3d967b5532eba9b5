import AirdateTestSupport
import FlyingFox
import FlyingSocks
public import Foundation
import Testing

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
    private var loopingPaths: Set<String> = []
    private let streamed = ByteCounter()
    /// `Cache-Control` sent on successful answers; `nil` sends none.
    public var cacheControl: String? = "public, max-age=3600"
    /// More header fields sent on successful answers (for example `Expires`), by name.
    public var extraHeaders: [String: String] = [:]
    /// The `ETag` sent on successful answers; a request whose `If-None-Match` equals it gets a 304.
    public var etag: String?
    /// The `Last-Modified` sent on successful answers; a request whose `If-Modified-Since` equals it
    /// (and that sends no `If-None-Match`) gets a 304.
    public var lastModified: String?
    /// How many 304 (not modified) answers were sent.
    public private(set) var notModifiedCount = 0
    /// The server's own rate limit (``limitRate(_:per:)``): at most this many requests in any span.
    private var rateLimit: (limit: Int, interval: Duration)?
    private var admitted: [ContinuousClock.Instant] = []
    /// How many 429 answers the server's own rate limit sent.
    public private(set) var tooManyRequestsCount = 0
    /// The body of a 200 for every request with no route of its own (`nil`: a 404).
    private var fallbackBody: Data?
    /// How many requests carried `If-None-Match` or `If-Modified-Since` (a revalidation of a stored answer).
    public private(set) var conditionalRequestCount = 0

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

    /// Stops listening and drops open connections. The wait for FlyingFox's server to wind down is
    /// hang-bounded: if it does not end within ``hangBound``, the current test fails saying so (the
    /// stuck server is abandoned) instead of the run hanging.
    public func stop() async {
        let server = self.server
        let runTask = self.runTask
        do {
            try await withHangBound("the loopback test server (FlyingFox's HTTPServer.stop) to stop") {
                await server.stop(timeout: 0)
                runTask?.cancel()
            }
        } catch {
            runTask?.cancel()
            Issue.record("\(error)")
        }
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

    /// Answers `request` (path and query) with the bytes `body` and `status` from now on, as
    /// `contentType` (none when `nil`: an image whose server does not say what it is).
    public func serve(data body: Data, status: Int = 200, contentType: String?, for request: String) {
        bodies[RequestKey(request)] = (status, body, contentType ?? "")
    }

    /// Answers 429 (with `Retry-After: 1`) to every request past `limit` in any span of
    /// `interval`, as TVMaze does past 20 per 10 s; the requests it answers 429 count too.
    public func limitRate(_ limit: Int, per interval: Duration) {
        rateLimit = (limit, interval)
    }

    /// Answers 200 with `body` (JSON) to every request that has no route or served body of its own.
    public func serveByDefault(_ body: String) {
        fallbackBody = Data(body.utf8)
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

    /// How many bytes of generated bodies (``Fault/hugeBody(bytes:declaresLength:)``) were handed to
    /// the connection so far.
    public nonisolated var streamedBytes: Int { streamed.value }

    /// Sets the `ETag` of successful answers (`nil` for none).
    public func setETag(_ value: String?) {
        etag = value
    }

    /// Sets the `Last-Modified` of successful answers (`nil` for none).
    public func setLastModified(_ value: String?) {
        lastModified = value
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
        let ifNoneMatch = request.headers[HTTPHeader("If-None-Match")]
        let ifModifiedSince = request.headers[HTTPHeader("If-Modified-Since")]
        if ifNoneMatch != nil || ifModifiedSince != nil { conditionalRequestCount += 1 }
        if let rateLimit {
            let now = ContinuousClock.now
            admitted.removeAll { $0.duration(to: now) >= rateLimit.interval }
            admitted.append(now)
            if admitted.count > rateLimit.limit {
                tooManyRequestsCount += 1
                let headers: HTTPHeaders = [.contentType: "application/json", HTTPHeader("Retry-After"): "1"]
                return HTTPResponse(statusCode: Self.status(429), headers: headers, body: Data(#"{"status":429}"#.utf8))
            }
        }
        if loopingPaths.contains(key.path) {
            let headers: HTTPHeaders = [.location: request.path]
            return HTTPResponse(statusCode: .found, headers: headers)
        }
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
            case .hugeBody(let bytes, let declaresLength):
                let generated = GeneratedJSON(total: bytes, counter: streamed)
                let body = declaresLength
                    ? HTTPBodySequence(from: generated, count: bytes, suggestedBufferSize: 64 * 1024)
                    : HTTPBodySequence(from: generated, suggestedBufferSize: 64 * 1024)
                let headers: HTTPHeaders = [.contentType: "application/json"]
                return HTTPResponse(statusCode: .ok, headers: headers, body: body)
            case .stallMidBody(let prefix, let silence):
                let full = try normalBody(for: key).body
                let bytes = ScriptedBytes(chunks: [Array(full.prefix(prefix))], pause: silence, failAtEnd: true)
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                                    body: HTTPBodySequence(from: bytes, count: full.count))
            case .drip(let interval):
                let full = try normalBody(for: key).body
                let bytes = ScriptedBytes(chunks: full.map { [$0] }, pause: interval, failAtEnd: false)
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"],
                                    body: HTTPBodySequence(from: bytes, count: full.count))
            case .html(let page):
                let headers: HTTPHeaders = [.contentType: "text/html; charset=utf-8"]
                return HTTPResponse(statusCode: .ok, headers: headers, body: Data(page.utf8))
            case .charset(let charset, let text):
                let encoding = String.Encoding.fault(charset)
                let body = text.data(using: encoding) ?? Data(text.utf8)
                var headers: HTTPHeaders = [.contentType: "application/json; charset=\(charset)"]
                if let cacheControl { headers[.cacheControl] = cacheControl }
                return HTTPResponse(statusCode: .ok, headers: headers, body: body)
            case .redirectLoop:
                loopingPaths.insert(key.path)
                let headers: HTTPHeaders = [.location: request.path]
                return HTTPResponse(statusCode: .found, headers: headers)
            }
        }
        let answer = try normalBody(for: key)
        let etagMatches = etag != nil && ifNoneMatch == etag
        let dateMatches = ifNoneMatch == nil && lastModified != nil && ifModifiedSince == lastModified
        if answer.status == 200, etagMatches || dateMatches {
            notModifiedCount += 1
            var headers: HTTPHeaders = [:]
            if let etag { headers[HTTPHeader("ETag")] = etag }
            if let lastModified { headers[HTTPHeader("Last-Modified")] = lastModified }
            if let cacheControl { headers[.cacheControl] = cacheControl }
            return HTTPResponse(statusCode: HTTPStatusCode(304, phrase: "Not Modified"), headers: headers)
        }
        if answer.status == 200 { return ok(answer.body, contentType: answer.contentType) }
        var headers: HTTPHeaders = [.contentType: "application/json"]
        if let location = answer.location { headers[.location] = location }
        return HTTPResponse(statusCode: Self.status(answer.status), headers: headers, body: answer.body)
    }

    private func ok(_ body: Data, contentType: String? = nil) -> HTTPResponse {
        // An empty content type (``serve(data:status:contentType:for:)`` with `nil`) sends none.
        var headers: HTTPHeaders = contentType == "" ? [:] : [.contentType: contentType ?? "application/json; charset=UTF-8"]
        if let cacheControl { headers[.cacheControl] = cacheControl }
        if let etag { headers[HTTPHeader("ETag")] = etag }
        if let lastModified { headers[HTTPHeader("Last-Modified")] = lastModified }
        for (name, value) in extraHeaders { headers[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: .ok, headers: headers, body: body)
    }

    private static let notFoundBody = Data(#"{"name":"Not Found","message":"","code":0,"status":404}"#.utf8)

    /// The normal answer; files ending in `.html` are served as `text/html`.
    private func normalBody(for key: RequestKey) throws -> (status: Int, body: Data, location: String?, contentType: String?) {
        if let served = bodies[key] { return (served.status, served.body, nil, served.contentType) }
        guard let route = routes[key] else {
            if let fallbackBody { return (200, fallbackBody, nil, nil) }
            return (404, Self.notFoundBody, nil, nil)
        }
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

/// A thread-safe count of bytes handed out.
final class ByteCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func add(_ bytes: Int) {
        lock.lock()
        count += bytes
        lock.unlock()
    }
}

/// `[`, spaces, `]`: a valid JSON array of `total` bytes, made as it is read, 64 KB at a time.
private struct GeneratedJSON: AsyncBufferedSequence, AsyncBufferedIteratorProtocol {
    typealias Element = UInt8
    let total: Int
    let counter: ByteCounter
    var produced = 0

    func makeAsyncIterator() -> GeneratedJSON { self }

    mutating func next() async throws -> UInt8? {
        try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
        guard produced < total else { return nil }
        let size = Swift.min(Swift.max(count, 1), 64 * 1024, total - produced)
        var chunk = [UInt8](repeating: UInt8(ascii: " "), count: size)
        if produced == 0 { chunk[0] = UInt8(ascii: "[") }
        if produced + size == total { chunk[size - 1] = UInt8(ascii: "]") }
        produced += size
        counter.add(size)
        return chunk
    }
}

/// Chunks sent with a pause before each one after the first (or, for one chunk, after it); ends
/// in a disconnection when `failAtEnd`.
private struct ScriptedBytes: AsyncBufferedSequence, AsyncBufferedIteratorProtocol {
    typealias Element = UInt8
    var chunks: [[UInt8]]
    let pause: Duration
    let failAtEnd: Bool
    var index = 0

    func makeAsyncIterator() -> ScriptedBytes { self }

    mutating func next() async throws -> UInt8? {
        try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
        if index > 0 || chunks.isEmpty { try await Task.sleep(for: pause) }
        guard index < chunks.count else {
            if failAtEnd { throw SocketError.disconnected }
            return nil
        }
        defer { index += 1 }
        return chunks[index]
    }
}

extension String.Encoding {
    /// The encoding of an IANA charset name the fault plays (UTF-8 for names it does not know).
    static func fault(_ ianaName: String) -> String.Encoding {
        switch ianaName.lowercased() {
        case "iso-8859-1", "latin1": return .isoLatin1
        case "windows-1252": return .windowsCP1252
        case "utf-16": return .utf16
        case "utf-16le": return .utf16LittleEndian
        case "utf-16be": return .utf16BigEndian
        case "shift_jis": return .shiftJIS
        default: return .utf8
        }
    }
}
