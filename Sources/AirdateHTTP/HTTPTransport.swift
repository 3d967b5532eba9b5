public import Foundation
public import HTTPTypes

/// Sends one HTTP request and returns the response head and body.
///
/// ``URLSessionTransport`` is the implementation for apps; server apps use the AsyncHTTPClient
/// transport that README's "Server apps" section shows. A transport does no retrying, pacing or
/// caching (``APIClient`` does); it reports failures as ``APIClientError/transport(reason:underlying:)``
/// (the connection failed: retried), ``APIClientError/malformedResponse(_:)`` (the answer broke HTTP
/// or its labels: not retried), ``APIClientError/timedOut(after:progress:)``,
/// ``APIClientError/stalled(idle:progress:)``, ``APIClientError/bodyTooLarge(limit:)`` (counted in
/// decoded bytes), ``APIClientError/tooManyRedirects(url:)`` or ``APIClientError/cancelled``, and
/// must abandon the request when the calling task is cancelled. Redirects (301/302/303/307/308)
/// are followed by the transport; gzip and deflate bodies arrive decoded.
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
    /// The largest body accepted, counted after gzip or deflate decoding; a longer one fails with
    /// ``APIClientError/bodyTooLarge(limit:)`` as soon as its declared length or its decoded bytes
    /// pass it, so memory stays near this bound whatever the compression ratio.
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

/// What had arrived of a response when a time limit ran out, so that ``APIClientError/Code/stalled``
/// and ``APIClientError/Code/timedOut`` say what really happened: a server that sent nothing, or an
/// answer that was arriving too slowly.
public struct HTTPTransportProgress: Sendable, Hashable, CustomStringConvertible {
    /// Whether the response head (status and header fields) had arrived complete.
    public var headArrived: Bool
    /// How many bytes of the body had arrived (as sent, before any decoding).
    public var bodyBytes: Int

    /// Progress made: the head, and `bodyBytes` of the body.
    public init(headArrived: Bool = false, bodyBytes: Int = 0) {
        self.headArrived = headArrived
        self.bodyBytes = max(0, bodyBytes)
    }

    /// `"no complete response head had arrived"`, `"the response head and 512 bytes of the body had
    /// arrived"`…
    public var description: String {
        if !headArrived { return Self.noHead }
        if bodyBytes == 0 { return "the response head had arrived, no byte of the body" }
        return "the response head and \(bodyBytes) bytes of the body had arrived"
    }

    static let noHead = "no complete response head had arrived"
}
