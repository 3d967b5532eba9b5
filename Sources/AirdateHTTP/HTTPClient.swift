import Foundation
import HTTPTypes

/// Calls a web API (JSON, or any media type through ``content(for:accepting:)``) politely and reliably: paces requests with a shared ``RateLimiter``,
/// retries 429/5xx/transport failures with back-off and jitter (honouring `Retry-After`) within a
/// total deadline (or as the API's error body advises, see
/// ``HTTPClientConfiguration/errorBodyReader``), serves repeated GETs from a ``ResponseCache`` while
/// `Cache-Control: max-age` or `Expires` allows, decodes JSON
/// reporting the failing key path, and throws only ``HTTPClientError``.
///
/// Copies share their limiter and cache. Cancelling the calling task cancels the request, a
/// wait for a rate-limit slot, or a back-off sleep at once, with ``HTTPClientError/cancelled``.
public struct HTTPClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: HTTPClientConfiguration
    private let transport: any HTTPTransport
    private let limiter: RateLimiter
    private let cache: ResponseCache
    private let timeline: Timeline
    private let decoder = JSONBodyDecoder()

    /// A client of the API described by `configuration`, sending through `transport` and timing
    /// pacing, back-off and cache freshness with `clock`.
    public init(
        configuration: HTTPClientConfiguration,
        transport: any HTTPTransport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.limiter = RateLimiter(limits: configuration.rateLimits, clock: clock)
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, clock: clock)
        self.timeline = Timeline(clock)
    }

    /// Fetches `request` and decodes its body as `T`. A 404 throws ``HTTPClientError/notFound(url:)``.
    public func get<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self) async throws -> T {
        let body = try await data(for: request)
        return try decoder.decode(T.self, from: body)
    }

    /// Fetches `request` and decodes its body as `T`, or returns `nil` when the server answers 404.
    public func getIfFound<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self) async throws -> T? {
        do {
            return try await get(request, as: T.self)
        } catch HTTPClientError.notFound {
            return nil
        }
    }

    /// Fetches `request` and returns the body of its successful (2xx) response.
    public func data(for request: APIRequest) async throws -> Data {
        try await fetch(request, accepting: nil).body
    }

    /// Fetches `request` asking for one of the media types in `accepted` (such as `text/html`,
    /// `application/json` or `text/*`) and returns the body of its successful (2xx) response with its
    /// `Content-Type`: an HTML page, an image, anything that is not JSON to decode. Paced, retried
    /// and cached as ``get(_:as:)`` is.
    ///
    /// - Throws: ``HTTPClientError/unacceptableContentType(_:url:)`` when the server answers with a
    ///   media type outside `accepted` (a response without a `Content-Type` is accepted), and every
    ///   other ``HTTPClientError`` as ``data(for:)`` does.
    public func content(for request: APIRequest, accepting accepted: [String]) async throws -> HTTPContent {
        try await fetch(request, accepting: accepted.isEmpty ? ["*/*"] : accepted)
    }

    /// One GET with pacing, retries and the cache; `accepted` `nil` asks for JSON without checking.
    private func fetch(_ request: APIRequest, accepting accepted: [String]?) async throws -> HTTPContent {
        guard let url = request.url(relativeTo: configuration.baseURL) else {
            throw HTTPClientError.invalidRequest(reason: "\(request.path) is not a valid path")
        }
        let accept = accepted?.joined(separator: ", ") ?? "application/json"
        // JSON answers keep the plain URL as their key (as before); other kinds say what they accept.
        let key = accepted == nil ? url.absoluteString : url.absoluteString + " accept: " + accept
        if let cached = await cache.content(for: key) {
            return HTTPContent(body: cached.body, contentType: cached.contentType, url: url)
        }
        var head = HTTPRequest(method: .get, url: url)
        head.headerFields[.userAgent] = configuration.userAgent
        head.headerFields[.accept] = accept

        let policy = configuration.retry
        let deadline = timeline.now() + policy.totalDeadline
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            attempt += 1
            let failure: HTTPClientError
            var serverWait: Duration? = nil
            var rateLimited = false
            do {
                let remaining = deadline - timeline.now()
                let response = try await send(head, timeout: min(configuration.requestTimeout, max(remaining, .milliseconds(1))))
                let status = response.head.status.code
                switch status {
                case 200..<300:
                    let fields = response.head.headerFields
                    let contentType = fields[.contentType]
                    if let accepted, let contentType, !MediaType.matches(contentType, accepted) {
                        throw HTTPClientError.unacceptableContentType(contentType, url: url.absoluteString)
                    }
                    if let lifetime = ResponseHeaders.freshness(
                        cacheControl: fields[.cacheControl],
                        age: fields[.age],
                        expires: fields[.expires],
                        date: fields[.date]
                    ) {
                        await cache.store(response.body, contentType: contentType, for: key, lifetime: lifetime)
                    }
                    return HTTPContent(body: response.body, contentType: contentType, url: url)
                case 404:
                    throw HTTPClientError.notFound(url: url.absoluteString)
                default:
                    serverWait = ResponseHeaders.retryAfter(response.head.headerFields[.retryAfter])
                    if let message = configuration.errorBodyReader?(status, response.body) {
                        // The server explained itself: its advice decides whether to retry.
                        guard message.isRetriable else { throw HTTPClientError.api(message) }
                        rateLimited = message.isRateLimit
                        failure = .api(message)
                    } else {
                        switch status {
                        case 429:
                            rateLimited = true
                            failure = .rateLimited(retryAfter: serverWait)
                        case 500..<600:
                            failure = .server(status: status)
                        default:
                            throw HTTPClientError.unexpectedStatus(status)
                        }
                    }
                }
            } catch let error as HTTPClientError where error.isRetriable {
                failure = error
            }
            guard attempt < policy.maxAttempts else { throw failure }
            let wait = serverWait ?? policy.delay(afterAttempt: attempt, using: &generator)
            guard timeline.now() + wait < deadline else {
                throw failure
            }
            // A rate-limited server counts every request of this client: hold them all back.
            if rateLimited { await limiter.pause(for: wait) }
            try await timeline.sleep(for: wait)
        }
    }

    /// One attempt: a rate-limit slot, then the transport; errors become ``HTTPClientError``.
    private func send(_ head: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        try await limiter.acquire()
        do {
            let response = try await transport.send(head, timeout: timeout)
            await limiter.release()
            return response
        } catch let error as HTTPClientError {
            await limiter.release()
            if Task.isCancelled { throw HTTPClientError.cancelled }
            throw error
        } catch {
            await limiter.release()
            if Task.isCancelled { throw HTTPClientError.cancelled }
            throw HTTPClientError.transport(reason: error.localizedDescription)
        }
    }

    /// Forgets every cached response.
    public func removeCachedResponses() async {
        await cache.removeAll()
    }
}
