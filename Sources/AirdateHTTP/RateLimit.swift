/// One rate-limit window: at most `limit` requests in any span of `interval`.
///
/// TVMaze: `RateLimit(limit: 20, per: .seconds(10))`. Jikan needs two at once:
/// `[RateLimit(limit: 3, per: .seconds(1)), RateLimit(limit: 60, per: .seconds(60))]`.
public struct RateLimit: Sendable, Hashable {
    /// How many requests the window admits.
    public var limit: Int
    /// The window's length.
    public var interval: Duration

    /// A window of `limit` requests per `interval`. A `limit` below 1 is treated as 1.
    public init(limit: Int, per interval: Duration) {
        self.limit = max(1, limit)
        self.interval = interval
    }
}
