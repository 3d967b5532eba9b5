public import Foundation

/// What a server said in the body of an error response, as read by the API's
/// ``APIClientConfiguration/errorBodyReader``.
///
/// Some APIs explain failures in a JSON body (Jikan: `{"status": 429, "type": "RateLimitException",
/// "message": "…"}`); the reader turns that body into this value, and ``APIClient`` uses it to
/// decide whether to retry and reports it as ``APIClientError/api(_:)`` when it gives up.
public struct APIErrorMessage: Sendable, Hashable {
    /// Whether the failure is worth retrying, in the server's terms.
    public enum Retry: Sendable, Hashable {
        /// Decide by HTTP status: 429 and 5xx are retried, other statuses are not.
        case byStatus
        /// The server is rate-limiting: wait (back-off, or `Retry-After`) and retry, holding
        /// back every other request of the client meanwhile.
        case rateLimited
        /// A transient failure (an upstream time-out…): retry with back-off.
        case transient
        /// A failure that will repeat (a server bug, a rejected parameter): do not retry.
        case never
    }

    /// The HTTP status of the response.
    public var status: Int
    /// The server's name for the kind of failure (for example `"UpstreamException"`), if it sent one.
    public var type: String?
    /// The server's explanation, in its own words (several messages joined by "; ").
    public var message: String
    /// Where the server asks for the failure to be reported, if it asked.
    public var reportURL: URL?
    /// Whether retrying may help.
    public var retry: Retry

    /// A message read from an error body.
    public init(status: Int, type: String? = nil, message: String, reportURL: URL? = nil, retry: Retry = .byStatus) {
        self.status = status
        self.type = type
        self.message = message
        self.reportURL = reportURL
        self.retry = retry
    }

    /// Whether the client retries this failure.
    public var isRetriable: Bool {
        switch retry {
        case .byStatus: return status == 429 || (500..<600).contains(status)
        case .rateLimited, .transient: return true
        case .never: return false
        }
    }

    /// Whether this failure is the server rate-limiting.
    public var isRateLimit: Bool {
        switch retry {
        case .rateLimited: return true
        case .byStatus: return status == 429
        case .transient, .never: return false
        }
    }
}

/// Reads an API's error body: given the HTTP status and the body of a non-2xx response, returns
/// what the server said, or `nil` when the body is not the API's error shape.
public typealias APIErrorBodyReader = @Sendable (_ status: Int, _ body: Data) -> APIErrorMessage?
