import Foundation

/// A misbehaviour the ``FixtureServer`` plays instead of (or before) its normal answer.
public enum Fault: Sendable {
    /// Answers `status` with an optional `Retry-After` value and body.
    case status(Int, retryAfter: String? = nil, body: String = "")
    /// Waits `delay` before answering normally (to outlast a client's time-out): a server that
    /// says nothing at all.
    case delay(Duration)
    /// Declares the whole body's length, sends `fraction` of it and closes the connection.
    case closeMidBody(fraction: Double = 0.5)
    /// Answers 200 with exactly this body (malformed, truncated or `null` JSON…).
    case body(String)
    /// Answers 301 with this `Location`.
    case redirect(to: String)
    /// Answers 200 with a JSON array of `bytes` bytes (`[`, spaces, `]`) generated while it is sent,
    /// with a `Content-Length` when `declaresLength`, else chunked. The server counts what it
    /// sent (``FixtureServer/streamedBytes``).
    case hugeBody(bytes: Int, declaresLength: Bool)
    /// Sends the head and the first `prefix` bytes of the normal body, then nothing for `silence`,
    /// then closes the connection.
    case stallMidBody(prefix: Int = 1, silence: Duration)
    /// Sends the normal body one byte every `interval` (a connection that drips).
    case drip(every: Duration)
    /// Answers 200 with this HTML page as `text/html` (a captive portal or a proxy's page).
    case html(String)
    /// Answers 200 with `text` encoded in `charset` (an IANA name known to Foundation:
    /// `iso-8859-1`, `utf-16`, `windows-1252`…) and a `Content-Type` that declares it.
    case charset(String, text: String)
    /// Answers 302 to the request's own URL, to this request and every later one for the path.
    case redirectLoop
}
