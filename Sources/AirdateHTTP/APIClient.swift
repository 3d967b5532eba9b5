public import Foundation
import HTTPTypes
import Logging

/// Calls a JSON web API politely and reliably: paces requests with a shared `RateLimiter`,
/// retries 429/5xx/transport failures with back-off and jitter (honouring `Retry-After`) within a
/// total deadline (or as the API's error body advises, see
/// ``APIClientConfiguration/errorBodyReader``), serves repeated GETs from a `ResponseCache` while
/// `Cache-Control: max-age` or `Expires` allows (and from an ``HTTPDiskCache``, revalidated with
/// `ETag`/`Last-Modified`, when configured), keeps every attempt within the configuration's limits
/// (idle time-out, body size, redirects), reads a declared charset, refuses HTML where JSON was
/// expected, decodes JSON reporting the failing key path (skipping and reporting bad list elements
/// and unreadable values unless strict, see ``DecodingPolicy``), and throws only ``APIClientError``:
/// every public method declares `throws(APIClientError)`.
///
/// Copies share their limiter and cache. Cancelling the calling task cancels the request, a
/// wait for a rate-limit slot, or a back-off sleep at once, with ``APIClientError/cancelled``.
public struct APIClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: APIClientConfiguration
    private let transport: any HTTPTransport
    private let budget: RateBudget
    private let cache: ResponseCache
    private let timeline: Timeline
    private let decoder = JSONBodyDecoder()

    /// A client of the API described by `configuration`, sending through `transport` and timing
    /// pacing, back-off and cache freshness with `clock`.
    public init(
        configuration: APIClientConfiguration,
        transport: any HTTPTransport = URLSessionTransport(),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.configuration = configuration
        self.transport = transport
        if let budget = configuration.rateBudget {
            self.budget = budget
        } else if clock is ContinuousClock {
            self.budget = RateBudget.processDefault(
                for: configuration.baseURL, limits: configuration.rateLimits, folder: configuration.rateSharing.folder)
        } else {
            // A client on a clock of its own (a test clock) waits on that clock: a budget of its own,
            // shared only through a folder named on purpose.
            let sharing = configuration.rateSharing
            self.budget = RateBudget(
                limits: configuration.rateLimits, host: RateBudget.origin(of: configuration.baseURL),
                folder: sharing.isExplicitFolder ? sharing.folder : nil, clock: clock)
        }
        self.cache = ResponseCache(capacity: configuration.cacheCapacity, clock: clock)
        self.timeline = Timeline(clock)
    }

    /// Fetches `request` and decodes its body as `T`. A 404 throws ``APIClientError/notFound(url:)``.
    public func get<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self) async throws(APIClientError) -> T {
        try await atBoundary {
            let (body, url) = try await jsonBody(for: request)
            do {
                return try decode(T.self, from: body, url: url)
            } catch let error as APIClientError where error.code == .decoding {
                // Never served again from a cache (nor revalidated into one): the next call asks the server.
                await forget(url)
                throw error
            }
        }
    }

    /// Fetches `request` and decodes its body as `T`, or returns `nil` when the server answers 404.
    public func getIfFound<T: Decodable>(_ request: APIRequest, as type: T.Type = T.self) async throws(APIClientError) -> T? {
        do {
            return try await get(request, as: T.self)
        } catch where error.code == .notFound {
            return nil
        }
    }

    /// Fetches `request`, whose body is a JSON array, and decodes its elements as `Element`; with
    /// ``DecodingPolicy/lenient`` (the default) an element that fails is left out and reported.
    public func list<Element: Decodable>(_ request: APIRequest, of type: Element.Type = Element.self) async throws(APIClientError) -> [Element] {
        try await get(request, as: LenientList<Element>.self).elements
    }

    /// Fetches `request` and returns the body of its successful (2xx) response as UTF-8 JSON text
    /// (a body in another declared charset is converted; an HTML page throws
    /// ``APIClientError/htmlInsteadOfJSON(url:contentType:)``).
    public func data(for request: APIRequest) async throws(APIClientError) -> Data {
        try await atBoundary { try await jsonBody(for: request).body }
    }

    /// Fetches `request` asking for one of the media types in `accepted` (such as `text/html`,
    /// `application/json` or `text/*`) and returns the body of its successful (2xx) response with its
    /// `Content-Type`: an HTML page, an image, anything that is not JSON to decode. Paced, retried,
    /// bounded and cached as ``get(_:as:)`` is.
    ///
    /// - Throws: ``APIClientError/unacceptableContentType(_:url:)`` when the server answers with a
    ///   media type outside `accepted` (a response without a `Content-Type` is accepted), and every
    ///   other ``APIClientError`` as ``data(for:)`` does.
    public func content(for request: APIRequest, accepting accepted: [String]) async throws(APIClientError) -> HTTPContent {
        try await atBoundary { try await fetchContent(for: request, accepting: accepted) }
    }

    private func fetchContent(for request: APIRequest, accepting accepted: [String]) async throws -> HTTPContent {
        guard let url = request.url(relativeTo: configuration.baseURL) else {
            throw APIClientError.invalidRequest(reason: "\(request.path) is not a valid path")
        }
        let types = accepted.isEmpty ? ["*/*"] : accepted
        let accept = types.joined(separator: ", ")
        // Stored under a key that says what it accepts (never mixed with JSON answers), framed with
        // its media type so that a cached answer comes back with it.
        let framed = try await fetch(url, key: url.absoluteString + " accept: " + accept, accept: accept) { response in
            let contentType = response.head.headerFields[.contentType]
            if let contentType, !MediaType.matches(contentType, types) {
                throw APIClientError.unacceptableContentType(contentType, url: url.absoluteString)
            }
            return ContentFrame.frame(response.body, contentType: contentType)
        }
        let (body, contentType) = ContentFrame.unframe(framed)
        return HTTPContent(body: body, contentType: contentType, url: url)
    }

    /// The image at `url` (an absolute `http` or `https` URL, such as a poster link a model carries,
    /// which may be on another host than the API's), fetched as the client fetches everything: paced
    /// by its rate limits, retried, bounded, and cached in memory and in its
    /// ``APIClientConfiguration/diskCache`` (bounded by the cache's size). Image URLs name immutable
    /// files, so an answer without freshness headers is kept fresh for `lifetime` (7 days by default).
    ///
    /// - Parameters:
    ///   - url: where the image is.
    ///   - maxBytes: the largest image read (2 MiB by default); a larger one is not read to its end.
    ///   - lifetime: how long an answer that says nothing of its freshness is kept.
    /// - Throws: ``APIClientError/invalidRequest(reason:)`` for a URL that is not `http`/`https`;
    ///   ``APIClientError/bodyTooLarge(limit:)`` past `maxBytes`;
    ///   ``APIClientError/unacceptableContentType(_:url:)`` when the server answers with a media type
    ///   that is not an image; ``APIClientError/malformedResponse(_:)`` when the bytes are not a JPEG,
    ///   PNG, GIF or WebP image whatever the server claimed (the answer is not cached); and every other
    ///   ``APIClientError`` as ``data(for:)`` does (``APIClientError/Code/notFound`` for a 404).
    public func image(
        at url: URL, maxBytes: Int = 2 * 1024 * 1024, lifetime: Duration = .seconds(7 * 24 * 3600)
    ) async throws(APIClientError) -> HTTPImage {
        try await atBoundary {
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                throw APIClientError.invalidRequest(reason: "\(url.absoluteString.prefix(200)) is not an http or https URL of an image")
            }
            let accepted = ["image/*"]
            let body = try await fetch(
                url, key: url.absoluteString + " image", accept: "image/avif;q=0.1, image/webp, image/png, image/jpeg, image/gif, image/*;q=0.5",
                maxBodyBytes: max(1, maxBytes), defaultLifetime: lifetime
            ) { response in
                let contentType = response.head.headerFields[.contentType]
                if let contentType, !MediaType.matches(contentType, accepted) {
                    throw APIClientError.unacceptableContentType(contentType, url: url.absoluteString)
                }
                guard HTTPImage.Format.sniff(response.body) != nil else {
                    throw APIClientError.malformedResponse(
                        "the body (\(response.body.count) bytes) is not a JPEG, PNG, GIF or WebP image")
                }
                return response.body
            }
            guard let format = HTTPImage.Format.sniff(body) else {
                throw APIClientError.malformedResponse("the body (\(body.count) bytes) is not a JPEG, PNG, GIF or WebP image")
            }
            return HTTPImage(data: body, format: format, url: url)
        }
    }

    /// Runs the untyped internals and converts whatever they throw at the public boundary: an
    /// ``APIClientError`` as it is, anything else wrapped with the original kept as
    /// ``APIClientError/underlying``.
    private func atBoundary<R>(_ body: () async throws -> R) async throws(APIClientError) -> R {
        do {
            return try await body()
        } catch {
            throw APIClientError(converting: error)
        }
    }

    /// Decodes `body` leniently, reporting every issue (skipped elements, unreadable or converted
    /// values) to the diagnostics and the logger; with ``DecodingPolicy/strict`` the first issue
    /// fails the response instead.
    private func decode<T: Decodable>(_ type: T.Type, from body: Data, url: String) throws -> T {
        let report = DecodingReport(url: url)
        let value = try decoder.decode(T.self, from: body, report: report)
        let issues = report.issues
        if configuration.decodingPolicy == .strict, let first = issues.first {
            var error = APIClientError.decoding(path: first.failurePath, reason: first.reason)
            error.url = url
            throw error
        }
        for issue in issues {
            configuration.diagnostics?.record(issue)
            configuration.logger?.warning("a value of the response could not be read as it should", metadata: [
                "url": "\(url)", "kind": "\(issue.kind)", "path": "\(issue.path)",
                "field": "\(issue.failurePath)", "reason": "\(issue.reason)",
            ])
        }
        return value
    }

    private func jsonBody(for request: APIRequest) async throws -> (body: Data, url: String) {
        guard let url = request.url(relativeTo: configuration.baseURL) else {
            throw APIClientError.invalidRequest(reason: "\(request.path) is not a valid path")
        }
        let key = url.absoluteString
        let body = try await fetch(url, accept: "application/json") { response in
            try JSONBodyCheck.prepare(response, url: key)
        }
        return (body, key)
    }

    /// Fetches `url`: memory cache, disk cache (fresh, or revalidated), then the network with
    /// retries; `prepare` turns a 2xx response into the body to return and store (or throws).
    private func fetch(
        _ url: URL, key cacheKey: String? = nil, accept: String, maxBodyBytes: Int? = nil, defaultLifetime: Duration? = nil,
        prepare: (HTTPTransportResponse) throws -> Data
    ) async throws -> Data {
        let key = cacheKey ?? url.absoluteString
        let logger = configuration.logger
        // A stored answer past its freshness, revalidated with its ETag / Last-Modified.
        var stale: StoredAnswer? = nil
        switch await cache.lookup(key) {
        case .fresh(let body):
            logger?.debug("served from the memory cache", metadata: ["url": "\(key)"])
            return body
        case .stale(let answer):
            stale = answer
        case .missing:
            break
        }
        if let disk = configuration.diskCache {
            switch disk.lookup(key) {
            case .found(let entry):
                let answer = StoredAnswer(body: entry.body, etag: entry.etag, lastModified: entry.lastModified)
                if let fresh = entry.remainingFreshness(at: disk.now()) {
                    logger?.debug("served from the disk cache", metadata: ["url": "\(key)"])
                    await cache.store(answer, for: key, lifetime: fresh)
                    return entry.body
                }
                // The disk's answer is at least as recent as the memory's (both are written together).
                stale = answer
            case .damaged:
                logger?.warning("removed a damaged disk-cache entry; asking the server again", metadata: ["url": "\(key)"])
            case .missing:
                break
            }
        }
        var head = HTTPRequest(method: .get, url: url)
        head.headerFields[.userAgent] = configuration.userAgent
        head.headerFields[.accept] = accept
        if let stale {
            if let etag = stale.etag { head.headerFields[.ifNoneMatch] = etag }
            if let lastModified = stale.lastModified { head.headerFields[.ifModifiedSince] = lastModified }
        }
        do {
            return try await retrying(
                head, key: key, stale: stale, maxBodyBytes: maxBodyBytes, defaultLifetime: defaultLifetime, prepare: prepare)
        } catch let error as APIClientError {
            if let stale, configuration.servesStaleIfOffline, error.meansOffline {
                logger?.warning("the server could not be reached; serving a stale stored answer", metadata: [
                    "url": "\(key)", "error": "\(error)",
                ])
                return stale.body
            }
            logger?.warning("gave up", metadata: ["url": "\(key)", "error": "\(error)"])
            throw error
        }
    }

    /// The retry loop of ``fetch(_:key:accept:prepare:)``.
    private func retrying(
        _ head: HTTPRequest, key: String, stale: StoredAnswer?, maxBodyBytes: Int? = nil, defaultLifetime: Duration? = nil,
        prepare: (HTTPTransportResponse) throws -> Data
    ) async throws -> Data {
        let policy = configuration.retry
        let logger = configuration.logger
        let deadline = timeline.now() + policy.totalDeadline
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            attempt += 1
            let failure: APIClientError
            var serverWait: Duration? = nil
            var rateLimited = false
            do {
                let remaining = deadline - timeline.now()
                logger?.debug("request", metadata: ["url": "\(key)", "attempt": "\(attempt)"])
                var limits = configuration.transportLimits(remaining: remaining)
                if let maxBodyBytes { limits.maxBodyBytes = min(limits.maxBodyBytes, maxBodyBytes) }
                let response = try await send(head, limits: limits, key: key)
                let status = response.head.status.code
                switch status {
                case 200..<300:
                    let body = try prepare(response)
                    await store(body, response: response, key: key, defaultLifetime: defaultLifetime)
                    return body
                case 304 where stale != nil:
                    guard let stale else { throw APIClientError.unexpectedStatus(status) }
                    logger?.debug("revalidated the stored answer (304)", metadata: ["url": "\(key)"])
                    await store(stale.body, response: response, key: key, validatorsOf: stale, defaultLifetime: defaultLifetime)
                    return stale.body
                case 404:
                    throw APIClientError.notFound(url: head.url?.absoluteString ?? key)
                default:
                    serverWait = ResponseHeaders.retryAfter(response.head.headerFields[.retryAfter])
                    if let message = configuration.errorBodyReader?(status, response.body) {
                        // The server explained itself: its advice decides whether to retry. Its
                        // Retry-After goes into the error, so the message says how long to wait.
                        var explained = APIClientError.api(message)
                        explained.retryAfter = serverWait
                        guard message.isRetriable else { throw explained }
                        rateLimited = message.isRateLimit
                        failure = explained
                    } else {
                        switch status {
                        case 429:
                            rateLimited = true
                            failure = .rateLimited(retryAfter: serverWait)
                        case 500..<600:
                            var failed = APIClientError.server(status: status)
                            failed.retryAfter = serverWait
                            failure = failed
                        default:
                            throw APIClientError.unexpectedStatus(status)
                        }
                    }
                }
            } catch let error as APIClientError where error.isRetriable && (error.code != .timedOut || policy.retriesTimeouts) {
                failure = error
            }
            guard attempt < policy.maxAttempts else { throw failure }
            let wait = serverWait ?? policy.delay(afterAttempt: attempt, using: &generator)
            guard timeline.now() + wait < deadline else {
                throw failure
            }
            logger?.notice("retrying after a failure", metadata: [
                "url": "\(key)", "attempt": "\(attempt)", "wait": "\(wait.formattedSeconds)", "error": "\(failure)",
            ])
            // A rate-limited server counts every request of this client: hold them all back.
            if rateLimited {
                logger?.notice("the server is rate-limiting: holding back every request", metadata: ["wait": "\(wait.formattedSeconds)"])
                await budget.pause(for: wait)
            }
            try await timeline.sleep(for: wait)
        }
    }

    /// Keeps a successful answer in the memory cache and the disk cache: while fresh, and past that
    /// for revalidation when it carries `ETag`/`Last-Modified` (never when `no-store`).
    private func store(
        _ body: Data, response: HTTPTransportResponse, key: String, validatorsOf previous: StoredAnswer? = nil,
        defaultLifetime: Duration? = nil
    ) async {
        let fields = response.head.headerFields
        let lifetime = ResponseHeaders.freshness(
            cacheControl: fields[.cacheControl], age: fields[.age], expires: fields[.expires], date: fields[.date],
            now: configuration.diskCache?.now() ?? Date()
        ) ?? (ResponseHeaders.forbidsStorage(fields[.cacheControl]) || fields[.cacheControl] != nil ? nil : defaultLifetime)
        guard !ResponseHeaders.forbidsStorage(fields[.cacheControl]) else {
            await cache.remove(key)
            return
        }
        let etag = fields[.eTag] ?? previous?.etag
        let lastModified = fields[.lastModified] ?? previous?.lastModified
        await cache.store(StoredAnswer(body: body, etag: etag, lastModified: lastModified), for: key, lifetime: lifetime ?? .zero)
        guard let disk = configuration.diskCache else { return }
        guard lifetime != nil || etag != nil || lastModified != nil else { return }
        let now = disk.now()
        disk.store(HTTPDiskCache.Entry(
            body: body, storedAt: now,
            freshUntil: now.addingTimeInterval(lifetime?.inSeconds ?? 0),
            etag: etag, lastModified: lastModified
        ), for: key)
    }

    /// One attempt: a rate-limit slot, then the transport; errors become ``APIClientError``.
    private func send(_ head: HTTPRequest, limits: HTTPTransportLimits, key: String) async throws -> HTTPTransportResponse {
        let asked = timeline.now()
        let slot = try await budget.acquire()
        let waited = timeline.now() - asked
        if waited > .zero {
            configuration.logger?.debug("waited for a rate-limit slot", metadata: ["url": "\(key)", "wait": "\(waited.formattedSeconds)"])
        }
        do {
            let response = try await transport.send(head, limits: limits)
            await budget.release(slot)
            return response
        } catch let error as APIClientError {
            await budget.release(slot)
            if Task.isCancelled { throw APIClientError.cancelled }
            throw error
        } catch {
            await budget.release(slot)
            if Task.isCancelled { throw APIClientError.cancelled }
            throw APIClientError.transport(reason: error.localizedDescription, underlying: error)
        }
    }

    /// Forgets the answer stored for `key`, in memory and on disk.
    private func forget(_ key: String) async {
        await cache.remove(key)
        configuration.diskCache?.remove(key)
        configuration.logger?.warning("removed a stored answer that did not decode", metadata: ["url": "\(key)"])
    }

    /// Forgets every cached response (in memory and, when configured, on disk).
    public func removeCachedResponses() async {
        await cache.removeAll()
        configuration.diskCache?.removeAll()
    }
}

extension APIClientError {
    /// Whether the failure means the server could not be reached or did not answer properly, so a
    /// stale stored answer is better than none.
    var meansOffline: Bool {
        switch code {
        case .transport, .unreachable, .timedOut, .stalled, .server, .rateLimited: return true
        case .api: return serverMessage?.isRetriable ?? false
        default: return false
        }
    }
}

/// How ``APIClient/content(for:accepting:)`` keeps a body's media type beside it in the caches: the
/// `Content-Type` (or nothing) on a first line, then the body bytes.
enum ContentFrame {
    static func frame(_ body: Data, contentType: String?) -> Data {
        Data(((contentType ?? "") + "\n").utf8) + body
    }

    static func unframe(_ framed: Data) -> (body: Data, contentType: String?) {
        guard let newline = framed.firstIndex(of: 0x0A) else { return (framed, nil) }
        let type = String(decoding: framed[framed.startIndex..<newline], as: UTF8.self)
        return (Data(framed[framed.index(after: newline)...]), type.isEmpty ? nil : type)
    }
}
