import Foundation
import HTTPTypes

/// Sends one HTTP request and returns the response head and body.
///
/// ``URLSessionTransport`` is the real implementation. A transport does no retrying, pacing or
/// caching (``HTTPClient`` does); it reports failures as ``HTTPClientError/transport(reason:)``,
/// ``HTTPClientError/timedOut`` or ``HTTPClientError/cancelled`` and must abandon the request when
/// the calling task is cancelled. Redirects (301/302/307/308) are followed by the transport.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and waits for the whole response, at most `timeout` in all.
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse
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
