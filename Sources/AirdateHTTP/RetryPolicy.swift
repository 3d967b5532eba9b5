/// When and how long to wait before trying a failed request again.
///
/// Retries happen on 429, 5xx and transport errors (and on time-outs when ``retriesTimeouts``;
/// never on a stalled server, a body too large, a redirect loop or an HTML answer). The wait before attempt *n + 1* is
/// the server's `Retry-After` when it sent one, otherwise `baseDelay · 2ⁿ⁻¹` capped at `maxDelay`
/// and scaled by a random factor in `jitter` (so that many clients do not retry in lock-step).
/// No retry starts if it could not begin before `totalDeadline` measured from the first attempt.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 means never retry).
    public var maxAttempts: Int
    /// The wait before the first retry, before jitter.
    public var baseDelay: Duration
    /// The longest computed wait (a server's `Retry-After` may be longer).
    public var maxDelay: Duration
    /// The random factor applied to computed waits; `1...1` disables jitter.
    public var jitter: ClosedRange<Double>
    /// How long all attempts and waits together may take.
    public var totalDeadline: Duration
    /// Whether an attempt that ran out of ``APIClientConfiguration/requestTimeout`` (a server that
    /// drips its answer) is tried again. Off by default, so a dripping server costs one time-out,
    /// not the whole deadline.
    public var retriesTimeouts: Bool

    /// A policy; the defaults suit TVMaze and Jikan (4 attempts, 1 s doubling up to 16 s, ±50 %
    /// jitter, 60 s overall, time-outs not retried).
    public init(
        maxAttempts: Int = 4,
        baseDelay: Duration = .seconds(1),
        maxDelay: Duration = .seconds(16),
        jitter: ClosedRange<Double> = 0.5...1.5,
        totalDeadline: Duration = .seconds(60),
        retriesTimeouts: Bool = false
    ) {
        self.retriesTimeouts = retriesTimeouts
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.jitter = jitter
        self.totalDeadline = totalDeadline
    }

    /// Never retry.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The computed wait after failed attempt number `attempt` (1-based), jitter applied.
    func delay<G: RandomNumberGenerator>(afterAttempt attempt: Int, using generator: inout G) -> Duration {
        let exponent = min(max(attempt - 1, 0), 30)
        var delay = baseDelay * (1 << exponent)
        if delay > maxDelay { delay = maxDelay }
        let factor = jitter.lowerBound == jitter.upperBound
            ? jitter.lowerBound
            : Double.random(in: jitter, using: &generator)
        return delay * factor
    }
}
