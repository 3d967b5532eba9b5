import Foundation

/// Everything an ``HTTPClient`` needs to know about one API.
public struct HTTPClientConfiguration: Sendable {
    /// The API's root, e.g. `https://api.tvmaze.com`.
    public var baseURL: URL
    /// Sent as `User-Agent` on every request: say who is calling and where to learn more.
    public var userAgent: String
    /// The windows the client keeps to (all at once).
    public var rateLimits: [RateLimit]
    /// When failed requests are tried again.
    public var retry: RetryPolicy
    /// How long one attempt may take, from sending to the last byte of the body.
    public var requestTimeout: Duration
    /// How many responses the in-memory cache keeps; 0 disables caching.
    public var cacheCapacity: Int
    /// Reads the API's error bodies (non-2xx answers other than 404) so that failures carry the
    /// server's message and its advice on retrying; `nil` judges by HTTP status alone.
    public var errorBodyReader: APIErrorBodyReader?

    /// A configuration; every part but the base URL and user agent has a default.
    public init(
        baseURL: URL,
        userAgent: String,
        rateLimits: [RateLimit] = [],
        retry: RetryPolicy = RetryPolicy(),
        requestTimeout: Duration = .seconds(30),
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
