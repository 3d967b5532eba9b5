import Foundation

/// A misbehaviour the ``FixtureServer`` plays instead of (or before) its normal answer.
public enum Fault: Sendable {
    /// Answers `status` with an optional `Retry-After` value and body.
    case status(Int, retryAfter: String? = nil, body: String = "")
    /// Waits `delay` before answering normally (to outlast a client's time-out).
    case delay(Duration)
    /// Declares the whole body's length, sends `fraction` of it and closes the connection.
    case closeMidBody(fraction: Double = 0.5)
    /// Answers 200 with exactly this body (malformed, truncated or `null` JSON…).
    case body(String)
    /// Answers 301 with this `Location`.
    case redirect(to: String)
}
