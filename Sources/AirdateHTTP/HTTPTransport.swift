public import Foundation
public import HTTPTypes

/// Sends one HTTP request and returns the response head and body.
///
/// ``URLSessionTransport`` is the real implementation. A transport does no retrying, pacing or
/// caching (``APIClient`` does); it reports failures as ``APIClientError/transport(reason:)``,
/// ``APIClientError/timedOut``, ``APIClientError/stalled(idle:)``,
/// ``APIClientError/bodyTooLarge(limit:)``, ``APIClientError/tooManyRedirects(url:)`` or
/// ``APIClientError/cancelled`` and must abandon the request when the calling task is cancelled.
/// Redirects (301/302/307/308) are followed by the transport.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response, at most `timeout` in all.
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse

    /// Sends `request` within `limits`: the whole exchange within ``HTTPTransportLimits/timeout``,
    /// no silence longer than ``HTTPTransportLimits/idleTimeout``, a body of at most
    /// ``HTTPTransportLimits/maxBodyBytes`` (refused without reading the rest), at most
    /// ``HTTPTransportLimits/maxRedirects`` redirects.
    ///
    /// The default implementation calls ``send(_:timeout:)`` and checks the body's size after the
    /// fact; transports that stream (``URLSessionTransport``) enforce every limit as bytes arrive.
    func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse
}

extension HTTPTransport {
    /// Calls ``send(_:timeout:)``, then refuses a body larger than `limits.maxBodyBytes`.
    public func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
        let response = try await send(request, timeout: limits.timeout)
        if response.body.count > limits.maxBodyBytes {
            throw APIClientError.bodyTooLarge(limit: limits.maxBodyBytes)
        }
        return response
    }
}

/// The bounds one request is sent within (see ``HTTPTransport/send(_:limits:)``).
public struct HTTPTransportLimits: Sendable, Hashable {
    /// How long the whole exchange may take, from sending to the last byte of the body.
    public var timeout: Duration
    /// The longest silence allowed: no response head or body byte for this long fails the request
    /// with ``APIClientError/stalled(idle:)`` (a dead server fails in this time, not in `timeout`).
    public var idleTimeout: Duration
    /// The largest body accepted; a longer one fails with ``APIClientError/bodyTooLarge(limit:)``
    /// as soon as its declared length or its received bytes pass it.
    public var maxBodyBytes: Int
    /// How many redirects are followed; one more (or a loop) fails with
    /// ``APIClientError/tooManyRedirects(url:)``.
    public var maxRedirects: Int

    /// Limits; the defaults are ``APIClientConfiguration``'s.
    public init(
        timeout: Duration = .seconds(20),
        idleTimeout: Duration = .seconds(10),
        maxBodyBytes: Int = 32 * 1024 * 1024,
        maxRedirects: Int = 5
    ) {
        self.timeout = timeout
        self.idleTimeout = idleTimeout
        self.maxBodyBytes = max(0, maxBodyBytes)
        self.maxRedirects = max(0, maxRedirects)
    }
}

/// A complete HTTP response: status and header fields, and the body bytes.
public struct HTTPTransportResponse: Sendable {
    /// Status and header fields.
    public var head: HTTPResponse
    /// The body, complete.
    public var body: Data

    /// Wraps a response head and its body.
    public init(head: HTTPResponse, body: Data) {
        self.head = head
        self.body = body
    }
}
