public import Foundation
public import Logging

/// Everything an ``APIClient`` needs to know about one API.
public struct APIClientConfiguration: Sendable {
    /// The API's root, e.g. `https://api.tvmaze.com`.
    public var baseURL: URL
    /// Sent as `User-Agent` on every request: say who is calling and where to learn more.
    public var userAgent: String
    /// The windows the client keeps to (all at once).
    public var rateLimits: [RateLimit]
    /// The budget the client's requests draw on; `nil` (the default) draws on
    /// ``RateBudget/processDefault(for:limits:folder:)``: one budget per host and limits for every
    /// client in the process, shared with the user's other processes as ``rateSharing`` says. (A
    /// client made with a clock other than `ContinuousClock`, such as a test clock, gets a budget of
    /// its own on that clock, shared only through a folder named with ``RateSharing/folder(_:)``.)
    public var rateBudget: RateBudget?
    /// Where the default budget meets the other processes' budgets of the same host:
    /// ``RateSharing/perUser`` (every process of the user, whether or not it has a disk cache) unless
    /// told otherwise; ``RateSharing/thisProcess`` keeps it to the process. Ignored when
    /// ``rateBudget`` is given.
    public var rateSharing: RateSharing = .perUser
    /// When failed requests are tried again.
    public var retry: RetryPolicy
    /// How long one attempt may take, from sending to the last byte of the body.
    public var requestTimeout: Duration
    /// How many responses the in-memory cache keeps; 0 disables caching.
    public var cacheCapacity: Int
    /// Reads the API's error bodies (non-2xx answers other than 404) so that failures carry the
    /// server's message and its advice on retrying; `nil` judges by HTTP status alone.
    public var errorBodyReader: APIErrorBodyReader?
    /// The longest silence (no head, no body byte) one attempt may keep before it fails with
    /// ``APIClientError/stalled(idle:)``; separate from ``requestTimeout``. Default 10 s.
    public var idleTimeout: Duration = .seconds(10)
    /// The largest body accepted, in bytes; a longer one fails with
    /// ``APIClientError/bodyTooLarge(limit:)`` without being read to its end. Default 32 MB
    /// (TVMaze's full schedule, the largest real answer, is about 12 MB).
    public var maxBodyBytes: Int = 32 * 1024 * 1024
    /// How many redirects one request may follow; a loop fails at once with
    /// ``APIClientError/tooManyRedirects(url:)``. Default 5.
    public var maxRedirects: Int = 5
    /// Whether values that cannot be read — list elements that fail to decode, fields whose value is
    /// unreadable — are left out or replaced (and reported), or fail the response.
    public var decodingPolicy: DecodingPolicy = .lenient
    /// Where every ``DecodingIssue`` is reported — skipped list elements, unreadable values replaced by
    /// `nil`, values converted from another form — with the URL and key path (they are also logged as
    /// warnings); `nil` keeps no record.
    public var diagnostics: DecodingDiagnostics?
    /// Logs each request (debug), cache hit and revalidation (debug), rate-limit wait and retry
    /// (notice) and give-up (warning). URLs and statuses only: no header values, no bodies.
    /// `nil` logs nothing.
    public var logger: Logger?
    /// An on-disk cache shared across launches and processes; `nil` keeps only the in-memory one.
    public var diskCache: HTTPDiskCache?
    /// Whether a stored answer past its freshness may be returned when the server cannot be reached
    /// (transport failure, time-out, stall, 5xx after retries). Off by default.
    public var servesStaleIfOffline: Bool = false

    /// The transport limits of one attempt that has `remaining` of the total deadline left.
    func transportLimits(remaining: Duration) -> HTTPTransportLimits {
        HTTPTransportLimits(
            timeout: min(requestTimeout, max(remaining, .milliseconds(1))),
            idleTimeout: idleTimeout,
            maxBodyBytes: maxBodyBytes,
            maxRedirects: maxRedirects
        )
    }

    /// A configuration; every part but the base URL and user agent has a default.
    public init(
        baseURL: URL,
        userAgent: String,
        rateLimits: [RateLimit] = [],
        retry: RetryPolicy = RetryPolicy(),
        requestTimeout: Duration = .seconds(20),
        cacheCapacity: Int = 256,
        errorBodyReader: APIErrorBodyReader? = nil
    ) {
        self.baseURL = baseURL
        self.userAgent = userAgent
        self.rateLimits = rateLimits
        self.retry = retry
        self.requestTimeout = requestTimeout
        self.cacheCapacity = cacheCapacity
        self.errorBodyReader = errorBodyReader
    }

    /// `"Airdate-<product>/<version> (<platform>; +<contact>)"`, a descriptive User-Agent.
    public static func userAgent(product: String, version: String, contact: String) -> String {
        #if os(Linux)
        let platform = "Linux"
        #elseif os(macOS)
        let platform = "macOS"
        #elseif os(iOS)
        let platform = "iOS"
        #else
        let platform = "Swift"
        #endif
        return "Airdate-\(product)/\(version) (\(platform); Swift; +\(contact))"
    }
}
