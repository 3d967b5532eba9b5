public import Foundation

/// What went wrong while calling a web API, in terms a caller can act on.
///
/// Every failure of ``HTTPClient`` is one of these cases; `errorDescription` says what failed and
/// what to do about it.
public enum HTTPClientError: Error, LocalizedError, Sendable, Equatable {
    /// The server answered 404: the resource does not exist (or a page past the last one).
    case notFound(url: String)
    /// The server answered 429 (too many requests) and retries ran out. `retryAfter` is the wait the
    /// server asked for, when it said one.
    case rateLimited(retryAfter: Duration?)
    /// The server answered with a 5xx status and retries ran out.
    case server(status: Int)
    /// The server answered with a status this client does not expect (a 4xx other than 404 and 429,
    /// or a 3xx that was not followed).
    case unexpectedStatus(Int)
    /// The server answered with an error and explained it in its body (as read by the API's
    /// ``HTTPClientConfiguration/errorBodyReader``); thrown at once when retrying cannot help, or
    /// when retries ran out.
    case api(APIErrorMessage)
    /// The body could not be decoded. `path` names the failing field (for example
    /// `[3].show.network.country.timezone`; empty for the whole body) and `reason` says why.
    case decoding(path: String, reason: String)
    /// The request never produced a response: no connection, connection lost mid-body, DNS failure…
    case transport(reason: String)
    /// No response arrived within the request time-out, or retries would outlast the total deadline.
    case timedOut
    /// The server sent nothing (no head, no body byte) for `idle`: it or the network is not
    /// responding. Not retried: a dead server fails in the idle time-out, not the total deadline.
    case stalled(idle: Duration)
    /// The body was larger than `limit` bytes (``HTTPClientConfiguration/maxBodyBytes``); the rest
    /// was not read. Not retried.
    case bodyTooLarge(limit: Int)
    /// Redirects went round in a loop or past ``HTTPClientConfiguration/maxRedirects``; `url` is
    /// where the last one pointed. Not retried.
    case tooManyRedirects(url: String)
    /// An HTML page came back where JSON was expected, with HTTP 2xx: something between the client
    /// and the API (a captive portal asking to sign in to a Wi-Fi network, a proxy or a filter)
    /// answered instead of the API.
    case htmlInsteadOfJSON(url: String, contentType: String?)
    /// The body declared a character set (`Content-Type: …; charset=…`) this client cannot read.
    case unsupportedCharset(String)
    /// The calling task was cancelled; the request was abandoned.
    case cancelled
    /// The request could not be built (for example a path that makes no valid URL).
    case invalidRequest(reason: String)
    /// The server answered with a media type the caller did not accept (an HTML error page where
    /// JSON was asked for, say): `contentType` is what it sent.
    case unacceptableContentType(String, url: String)

    /// A sentence that says what failed and what to do.
    public var errorDescription: String? {
        switch self {
        case .notFound(let url):
            return "Nothing was found at \(url). Check the identifier or page number."
        case .rateLimited(let retryAfter):
            if let retryAfter {
                return "The server is rate-limiting requests; try again in \(retryAfter.formattedSeconds)."
            }
            return "The server is rate-limiting requests; wait a few seconds and try again."
        case .server(let status):
            return "The server failed with HTTP \(status); try again later."
        case .unexpectedStatus(let status):
            return "The server answered with unexpected HTTP \(status); the request may be malformed."
        case .api(let message):
            let kind = message.type.map { " (\($0))" } ?? ""
            // The API's own sentence may end in a full stop already ("… rate limits."): one stop, never two.
            var said = message.message.trimmingCharacters(in: .whitespacesAndNewlines)
            while let last = said.last, last == "." { said.removeLast() }
            var text = "The server failed with HTTP \(message.status)\(kind): \(said)."
            if message.isRateLimit {
                text += " Slow down and try again in a few seconds."
            } else if let report = message.reportURL {
                text += " Retrying will not help; the failure can be reported at \(report.absoluteString)."
            } else if message.isRetriable {
                text += " Try again later."
            } else {
                text += " Check the request's parameters."
            }
            return text
        case .decoding(let path, let reason):
            let place = path.isEmpty ? "the response body" : "field \(path)"
            return "The response could not be read at \(place): \(reason). The API may have changed shape."
        case .transport(let reason):
            return "The request could not reach the server (\(reason)). Check the network connection."
        case .timedOut:
            return "The server did not answer in time; check the connection or try again later."
        case .stalled(let idle):
            return "The server sent nothing for \(idle.formattedSeconds) and was given up on; it or the network is not responding. Try again later."
        case .bodyTooLarge(let limit):
            return "The response was larger than the \(limit) bytes allowed and was not read to its end; raise HTTPClientConfiguration.maxBodyBytes if this answer is really that large."
        case .tooManyRedirects(let url):
            return "The server's redirects went round in a loop or too far (last to \(url)); retrying will not help. A misconfigured proxy or server is likely."
        case .htmlInsteadOfJSON(let url, let contentType):
            let type = contentType.map { " (\($0))" } ?? ""
            return "An HTML page\(type) came back from \(url) instead of the API's JSON: a captive portal (sign in to the Wi-Fi network in a browser) or a proxy or filter is answering in the API's place."
        case .unsupportedCharset(let charset):
            return "The response is in the character set \"\(charset)\", which this client cannot read."
        case .cancelled:
            return "The request was cancelled."
        case .invalidRequest(let reason):
            return "The request could not be built: \(reason)."
        case .unacceptableContentType(let contentType, let url):
            return "\(url) answered with \(contentType), not the kind of document asked for; the address may point at the wrong page or service."
        }
    }

    /// Whether trying the same request again later may succeed (429, 5xx, transport, time-out). A
    /// ``timedOut`` attempt is retried only when ``RetryPolicy/retriesTimeouts`` says so.
    public var isRetriable: Bool {
        switch self {
        case .rateLimited, .server, .transport, .timedOut: return true
        case .api(let message): return message.isRetriable
        default: return false
        }
    }
}

extension Duration {
    /// `"2.5 s"`-style rendering, for messages.
    var formattedSeconds: String {
        let value = inSeconds
        if value == value.rounded() { return "\(Int64(value)) s" }
        return String(format: "%.1f s", value)
    }

    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
