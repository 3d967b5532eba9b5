import Foundation

/// A request the ``FixtureServer`` received, with the instant it arrived.
public struct RecordedRequest: Sendable {
    /// Path and sorted query.
    public var key: RequestKey
    /// The `User-Agent` header, if any.
    public var userAgent: String?
    /// When the request arrived (continuous clock).
    public var arrival: ContinuousClock.Instant
}
