// Everything here needs AsyncHTTPClient and NIO, which SwiftPM fetches only for a package that
// enables the `AsyncHTTPClient` trait (see Package.swift).
#if AsyncHTTPClient
public import AirdateHTTP
import AirdateLocking
public import AsyncHTTPClient
import Foundation
public import HTTPTypes
import HTTPTypesFoundation
public import NIOCore
import NIOHTTP1
import NIOPosix

/// `HTTPTransport` on AsyncHTTPClient, for server apps: the clients (`TVMaze`, `Jikan`,
/// `WikiEpisodePages`) send through the NIO event loops the server already runs.
///
/// It keeps every `HTTPTransportLimits` exactly as `URLSessionTransport` does: the whole
/// exchange within the time-out, no silence longer than the idle time-out, at most
/// `maxBodyBytes` of *decoded* body (gzip and deflate are inflated here, step by step, so a
/// decompression bomb fails at the cap without filling memory), redirects followed up to the
/// limit with loops refused, and the request abandoned when the calling task is cancelled.
///
/// The transport owns an AsyncHTTPClient `HTTPClient`, which must be shut down: call
/// ``shutdown()`` when the app stops (or use ``withTransport(eventLoopGroup:_:)``, which does).
/// Sending after that fails with `APIClientError.Code.invalidRequest`.
///
/// ```swift
/// let transport = AsyncHTTPClientTransport()
/// let tvmaze = TVMaze(transport: transport)
/// // … serve requests …
/// try await transport.shutdown()
/// ```
public final class AsyncHTTPClientTransport: HTTPTransport, Sendable {
    private let client: HTTPClient
    private let state = LockedState()

    /// A transport with an `HTTPClient` of its own on `eventLoopGroup` (by default
    /// AsyncHTTPClient's shared group, the one a Hummingbird or Vapor server runs on).
    ///
    /// The client follows no redirect and decodes no body itself: the transport does both, so that
    /// each request keeps its own limits.
    public init(eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .seconds(10)),
            decompression: .disabled
        )
        configuration.httpVersion = .automatic
        // A refused connection fails at once, as URLSession's does; APIClient's retry policy decides.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    /// Runs `body` with a new transport and shuts the transport down when `body` returns or throws.
    public static func withTransport<Result: Sendable>(
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup,
        _ body: (AsyncHTTPClientTransport) async throws -> Result
    ) async throws -> Result {
        let transport = AsyncHTTPClientTransport(eventLoopGroup: eventLoopGroup)
        do {
            let result = try await body(transport)
            try await transport.shutdown()
            return result
        } catch {
            try? await transport.shutdown()
            throw error
        }
    }

    /// Shuts the underlying `HTTPClient` down, failing requests still in flight; call it once, when
    /// the app no longer sends requests. Later calls do nothing.
    public func shutdown() async throws {
        guard state.markShutDown() else { return }
        try await client.shutdown()
    }

    deinit {
        // AsyncHTTPClient traps (in debug builds) and leaks its connections when a client goes
        // without a shutdown; a transport dropped without ``shutdown()`` shuts its client down here.
        if state.markShutDown() {
            client.shutdown { _ in }
        }
    }

    /// Sends `request` within `timeout` and the default limits; see `HTTPTransport.send(_:timeout:)`.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        try await send(request, limits: HTTPTransportLimits(timeout: timeout))
    }

    /// Sends `request` within `limits`; see `HTTPTransport.send(_:limits:)`.
    public func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
        guard let url = request.url else {
            throw APIClientError.invalidRequest(reason: "no URL in \(request.method) \(request.path ?? "")")
        }
        if state.isShutDown { throw APIClientError.invalidRequest(reason: "the AsyncHTTPClientTransport was shut down") }
        if Task.isCancelled { throw APIClientError.cancelled }
        let exchange = Exchange(limits: limits)
        let client = self.client
        return try await withThrowingTaskGroup(of: HTTPTransportResponse.self) { group in
            group.addTask { try await Self.perform(request, url: url, client: client, exchange: exchange) }
            group.addTask { try await exchange.watch() }
            defer { group.cancelAll() }
            do {
                guard let first = try await group.next() else { throw APIClientError.cancelled }
                return first
            } catch let error as APIClientError {
                throw error
            } catch {
                throw Self.clientError(for: error, cancelled: Task.isCancelled, url: url)
            }
        }
    }

    /// Sends the request, follows redirects, reads and decodes the body.
    private static func perform(
        _ head: HTTPRequest, url: URL, client: HTTPClient, exchange: Exchange
    ) async throws -> HTTPTransportResponse {
        let limits = exchange.limits
        var current = url
        var visited: Set<String> = [url.absoluteString]
        var redirects = 0
        // A backstop only: the watchdog keeps the limits.
        let deadline = NIODeadline.now() + .nanoseconds(Int64((limits.timeout.inSeconds + 1) * 1e9))
        while true {
            var request = HTTPClientRequest(url: current.absoluteString)
            request.method = HTTPMethod(rawValue: head.method.rawValue)
            for field in head.headerFields {
                request.headers.add(name: field.name.rawName, value: field.value)
            }
            if !request.headers.contains(name: "Accept-Encoding") {
                request.headers.add(name: "Accept-Encoding", value: "gzip, deflate")
            }
            let response = try await client.execute(request, deadline: deadline)
            exchange.touch(headArrived: true)
            let status = Int(response.status.code)
            if [301, 302, 303, 307, 308].contains(status), let location = response.headers.first(name: "Location") {
                guard let target = URL(string: location, relativeTo: current)?.absoluteURL else {
                    throw APIClientError.malformedResponse("a redirect to \"\(location)\", which is no URL")
                }
                redirects += 1
                let seen = !visited.insert(target.absoluteString).inserted
                if seen || redirects > limits.maxRedirects {
                    throw APIClientError.tooManyRedirects(url: target.absoluteString)
                }
                // The redirect's own body is read (a few bytes) so that the connection can be reused.
                _ = try await readBody(response, exchange: exchange, limit: 64 * 1024)
                current = target
                continue
            }
            let body = try await readBody(response, exchange: exchange, limit: limits.maxBodyBytes)
            var fields = HTTPFields()
            for header in response.headers {
                guard let name = HTTPField.Name(header.name) else { continue }
                fields.append(HTTPField(name: name, value: header.value))
            }
            let responseHead = HTTPResponse(
                status: HTTPResponse.Status(code: status, reasonPhrase: response.status.reasonPhrase),
                headerFields: fields
            )
            return HTTPTransportResponse(head: responseHead, body: body)
        }
    }

    /// Reads the body, decoding gzip and deflate, refusing more than `limit` decoded bytes.
    private static func readBody(_ response: HTTPClientResponse, exchange: Exchange, limit: Int) async throws -> Data {
        let coding = response.headers.first(name: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        let inflater: Inflater?
        switch coding {
        case "", "identity":
            inflater = nil
            // A declared length past the limit is refused before a byte of the body is read.
            if let declared = response.headers.first(name: "Content-Length").flatMap(Int.init), declared > limit {
                throw APIClientError.bodyTooLarge(limit: limit)
            }
        default:
            guard let decoder = Inflater(encoding: coding) else {
                throw APIClientError.malformedResponse("the body is in the content coding \"\(coding)\", which was not asked for")
            }
            inflater = decoder
        }
        var body = Data()
        for try await buffer in response.body {
            exchange.touch(bytes: buffer.readableBytes)
            try Task.checkCancellation()
            try buffer.withUnsafeReadableBytes { (bytes) throws(APIClientError) in
                if let inflater {
                    try inflater.inflate(bytes, into: &body, limit: limit)
                } else {
                    if body.count + bytes.count > limit { throw APIClientError.bodyTooLarge(limit: limit) }
                    body.append(contentsOf: bytes)
                }
            }
        }
        try inflater?.finish()
        return body
    }

    /// Maps AsyncHTTPClient's and NIO's errors to the client's: a host name that does not resolve
    /// is `unreachable` (nothing a retry can fix, as URLSession's transport says), a failed
    /// connection a `transport` failure (retried: a server restarting refuses for a moment).
    static func clientError(for error: any Error, cancelled: Bool, url: URL? = nil) -> APIClientError {
        if cancelled || error is CancellationError { return .cancelled }
        if let unresolved = unresolvedHost(error) {
            let host = url?.host ?? "the host"
            return .unreachable(
                url: url?.absoluteString, reason: "the name \(host) does not resolve (\(unresolved))",
                underlying: unresolved)
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .invalidURL, .emptyHost, .emptyScheme:
                return .invalidRequest(reason: "\(error)")
            case .alreadyShutdown:
                return .invalidRequest(reason: "the AsyncHTTPClientTransport was shut down")
            default:
                return .transport(reason: "\(error)", underlying: error)
            }
        }
        if let error = error as? HTTPParserError {
            switch error {
            case .headerOverflow:
                return .malformedResponse("the response head is larger than the client reads (80 KB)")
            case .invalidEOFState:
                // The connection closed before the response was complete: a network failure.
                return .transport(reason: "the connection closed before the response was complete (\(error))", underlying: error)
            default:
                return .malformedResponse("the response is not valid HTTP (\(error))")
            }
        }
        return .transport(reason: String(describing: error), underlying: error)
    }
}

/// The name-resolution failure in `error`, if a host name that does not resolve is what failed:
/// NIO's `NIOConnectionError` whose lookups failed and that tried no address, or the lookup's own
/// `SocketAddressError.UnknownHost`.
private func unresolvedHost(_ error: any Error) -> (any Error)? {
    if let error = error as? NIOConnectionError, error.connectionErrors.isEmpty,
       let lookup = error.dnsAError ?? error.dnsAAAAError {
        return lookup
    }
    if error is SocketAddressError.UnknownHost { return error }
    return nil
}

/// Whether the transport was shut down, under a lock.
private final class LockedState: Sendable {
    private let shutDown = LockBox(false)

    var isShutDown: Bool {
        shutDown.withLock { $0 }
    }

    /// Marks the transport shut down; returns whether it was running until now.
    func markShutDown() -> Bool {
        shutDown.withLock { shutDown in
            if shutDown { return false }
            shutDown = true
            return true
        }
    }
}

/// One request in flight: when something last arrived, for the watchdog.
private final class Exchange: Sendable {
    let limits: HTTPTransportLimits
    let started = ContinuousClock.now

    private struct Snapshot {
        var activity = ContinuousClock.now
        var headArrived = false
        var bodyBytes = 0
    }

    private let state = LockBox(Snapshot())

    init(limits: HTTPTransportLimits) {
        self.limits = limits
    }

    func touch(headArrived head: Bool = false, bytes: Int = 0) {
        state.withLock { state in
            state.activity = .now
            if head { state.headArrived = true }
            state.bodyBytes += bytes
        }
    }

    private var snapshot: Snapshot {
        state.withLock { $0 }
    }

    /// Throws `APIClientError.timedOut` past the total time-out, or `APIClientError.stalled(idle:)`
    /// after a silence of the idle time-out, each saying what had arrived.
    func watch() async throws -> HTTPTransportResponse {
        let clock = ContinuousClock()
        let deadline = started + limits.timeout
        while true {
            let now = snapshot
            try? await clock.sleep(until: min(deadline, now.activity + limits.idleTimeout), tolerance: .milliseconds(50))
            if Task.isCancelled { throw APIClientError.cancelled }
            let state = snapshot
            let progress = HTTPTransportProgress(headArrived: state.headArrived, bodyBytes: state.bodyBytes)
            if clock.now >= deadline { throw APIClientError.timedOut(after: limits.timeout, progress: progress) }
            if clock.now >= state.activity + limits.idleTimeout {
                throw APIClientError.stalled(idle: limits.idleTimeout, progress: progress)
            }
        }
    }
}

extension Duration {
    fileprivate var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
#endif
