public import Foundation

/// What went wrong while calling a web API, in terms a caller can act on.
///
/// Every call of ``APIClient`` — and of the clients built on it, `TVMaze` and `Jikan` — that fails
/// throws exactly this type: the methods declare `throws(APIClientError)`. It is a struct with a
/// ``code`` rather than an enum, so that a code added later (as servers find new ways to fail) never
/// breaks a caller's `switch`; compare codes, or match them in a `catch`:
///
/// ```swift
/// do {
///     let show = try await tvmaze.show(id: 82)
/// } catch APIClientError.Code.notFound {
///     // no such show
/// } catch {
///     print(error.localizedDescription)   // says what failed and what to do
/// }
/// ```
///
/// Beside the code, an error carries what is known of the failure: the ``url`` asked for, the
/// HTTP ``status``, the server's ``retryAfter``, the failing ``fieldPath`` of a body that did not
/// decode, the server's own ``serverMessage``, and the ``underlying`` error a transport threw.
public struct APIClientError: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added in any release: compare with `==` or match
    /// in a `catch`, and keep a default branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as in `APIClientError.Code.notFound`.
        public let description: String

        private init(_ name: String) { description = name }

        /// The server answered 404: the resource does not exist.
        public static let notFound = Code("notFound")
        /// The server answered 429 (too many requests) and retries ran out; ``APIClientError/retryAfter``
        /// is the wait it asked for, when it said one.
        public static let rateLimited = Code("rateLimited")
        /// The server answered with a 5xx status and retries ran out.
        public static let server = Code("server")
        /// The server answered with a status this client does not expect (a 4xx other than 404 and
        /// 429, or a 3xx that was not followed).
        public static let unexpectedStatus = Code("unexpectedStatus")
        /// The server answered with an error and explained it in its body
        /// (``APIClientError/serverMessage``).
        public static let api = Code("api")
        /// The body could not be decoded; ``APIClientError/fieldPath`` names the failing field.
        public static let decoding = Code("decoding")
        /// The request never produced a complete response: no connection, connection lost, DNS
        /// failure… ``APIClientError/underlying`` keeps the transport's own error.
        public static let transport = Code("transport")
        /// The host cannot be reached at all: no network, or a host name that does not resolve.
        /// Never retried (trying again at once cannot help), so an offline machine hears so in one
        /// attempt; ``APIClientError/url`` names the host asked for. (A refused connection is
        /// ``transport``, retried: a server that is restarting refuses for a moment.)
        public static let unreachable = Code("unreachable")
        /// The exchange did not complete within the request time-out: the answer arrived too slowly
        /// (or, when ``APIClientError/detail`` says nothing had arrived, not at all).
        public static let timedOut = Code("timedOut")
        /// The server sent nothing at all for the idle time-out: it or the network is not responding.
        /// ``APIClientError/detail`` says what had arrived before the silence.
        public static let stalled = Code("stalled")
        /// The body, decoded, was larger than the configured limit; the rest was not read.
        public static let bodyTooLarge = Code("bodyTooLarge")
        /// Redirects went round in a loop or past the configured limit.
        public static let tooManyRedirects = Code("tooManyRedirects")
        /// An HTML page came back where JSON was expected (a captive portal or proxy answered).
        public static let htmlInsteadOfJSON = Code("htmlInsteadOfJSON")
        /// The body declared a character set this client cannot read.
        public static let unsupportedCharset = Code("unsupportedCharset")
        /// The calling task was cancelled; the request was abandoned.
        public static let cancelled = Code("cancelled")
        /// The request could not be built (for example a path that makes no valid URL).
        public static let invalidRequest = Code("invalidRequest")
        /// The server answered with a media type the caller did not accept.
        public static let unacceptableContentType = Code("unacceptableContentType")
        /// The response broke HTTP or its own labels (a response head too large to read, a body
        /// labelled gzip that is not gzip, a content coding nobody asked for); the same request
        /// would get the same answer, so it is not retried. ``APIClientError/detail`` says what was wrong.
        public static let malformedResponse = Code("malformedResponse")

        /// Matches an error against a code in a `catch` clause or a `switch`:
        /// `catch APIClientError.Code.notFound { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? APIClientError)?.code == code
        }

        /// Matches an `APIClientError` against a code: the same as the `any Error` form, chosen in a
        /// `catch` after calls that declare `throws(APIClientError)`.
        public static func ~= (code: Code, error: APIClientError) -> Bool {
            error.code == code
        }
    }

    /// The kind of failure.
    public var code: Code
    /// The URL that was requested, when known.
    public var url: String?
    /// The HTTP status the server answered with, when it answered.
    public var status: Int?
    /// How long the server asked the client to wait (`Retry-After`), when it said.
    public var retryAfter: Duration?
    /// For ``Code/decoding``: the key path of the field that failed, from the body's root
    /// (`[3].show.network.country.timezone`; empty for the whole body).
    public var fieldPath: String?
    /// What went wrong, in more detail: why a field did not decode, what the transport reported.
    public var detail: String?
    /// The limit that was passed: bytes for ``Code/bodyTooLarge``, redirects for ``Code/tooManyRedirects``.
    public var limit: Int?
    /// The time limit that was passed: the idle time-out for ``Code/stalled``, the request time-out
    /// for ``Code/timedOut``.
    public var timeLimit: Duration?
    /// The media type the server sent (``Code/htmlInsteadOfJSON``, ``Code/unacceptableContentType``,
    /// ``Code/unsupportedCharset``).
    public var contentType: String?
    /// What the server said in its error body (``Code/api``).
    public var serverMessage: APIErrorMessage?
    /// The error that caused this one (a transport's, a decoder's), kept for logs and debugging.
    public var underlying: (any Error & Sendable)?

    /// An error of `code`; the other properties say what is known.
    public init(
        _ code: Code, url: String? = nil, status: Int? = nil, retryAfter: Duration? = nil,
        fieldPath: String? = nil, detail: String? = nil, limit: Int? = nil, timeLimit: Duration? = nil,
        contentType: String? = nil, serverMessage: APIErrorMessage? = nil, underlying: (any Error & Sendable)? = nil
    ) {
        self.code = code
        self.url = url
        self.status = status
        self.retryAfter = retryAfter
        self.fieldPath = fieldPath
        self.detail = detail
        self.limit = limit
        self.timeLimit = timeLimit
        self.contentType = contentType
        self.serverMessage = serverMessage
        self.underlying = underlying
    }

    /// `error` as an `APIClientError`, for the boundary of a method that declares
    /// `throws(APIClientError)`: an `APIClientError` as it is; a task's cancellation as
    /// ``Code/cancelled``; a `DecodingError` as ``Code/decoding`` naming the failing field; anything
    /// else as ``Code/transport``. The original is kept as ``underlying``.
    public init(converting error: any Error) {
        if let error = error as? APIClientError {
            self = error
        } else if error is CancellationError {
            self = .cancelled
            underlying = error
        } else if let error = error as? DecodingError {
            self = JSONBodyDecoder.clientError(for: error)
        } else {
            self = .transport(reason: (error as? LocalizedError)?.errorDescription ?? String(describing: error), underlying: error)
        }
    }

    // MARK: Making errors

    /// 404 at `url`.
    public static func notFound(url: String) -> APIClientError { APIClientError(.notFound, url: url, status: 404) }
    /// 429 after the retries, with the server's `Retry-After`.
    public static func rateLimited(retryAfter: Duration?) -> APIClientError {
        APIClientError(.rateLimited, status: 429, retryAfter: retryAfter)
    }
    /// A 5xx answer after the retries.
    public static func server(status: Int) -> APIClientError { APIClientError(.server, status: status) }
    /// A status the client does not expect.
    public static func unexpectedStatus(_ status: Int) -> APIClientError { APIClientError(.unexpectedStatus, status: status) }
    /// The server explained its failure in its body.
    public static func api(_ message: APIErrorMessage) -> APIClientError {
        APIClientError(.api, status: message.status, serverMessage: message)
    }
    /// The body did not decode at `path` because of `reason`.
    public static func decoding(path: String, reason: String) -> APIClientError {
        APIClientError(.decoding, fieldPath: path, detail: reason)
    }
    /// The transport failed with `underlying`, described by `reason`.
    public static func transport(reason: String, underlying: (any Error & Sendable)? = nil) -> APIClientError {
        APIClientError(.transport, detail: reason, underlying: underlying)
    }
    /// The host of `url` cannot be reached (no network, a host name that does not resolve).
    public static func unreachable(url: String?, reason: String, underlying: (any Error & Sendable)? = nil) -> APIClientError {
        APIClientError(.unreachable, url: url, detail: reason, underlying: underlying)
    }
    /// The request time-out passed.
    public static var timedOut: APIClientError { APIClientError(.timedOut) }
    /// The request time-out `limit` passed with `progress` made: the answer arrived too slowly.
    public static func timedOut(after limit: Duration, progress: HTTPTransportProgress) -> APIClientError {
        APIClientError(.timedOut, detail: progress.description, timeLimit: limit)
    }
    /// Nothing arrived for `idle`.
    public static func stalled(idle: Duration) -> APIClientError { APIClientError(.stalled, timeLimit: idle) }
    /// Nothing arrived for `idle` after `progress`.
    public static func stalled(idle: Duration, progress: HTTPTransportProgress) -> APIClientError {
        APIClientError(.stalled, detail: progress.description, timeLimit: idle)
    }
    /// The response broke HTTP or its own labels, as `detail` says.
    public static func malformedResponse(_ detail: String) -> APIClientError {
        APIClientError(.malformedResponse, detail: detail)
    }
    /// The body passed `limit` bytes.
    public static func bodyTooLarge(limit: Int) -> APIClientError { APIClientError(.bodyTooLarge, limit: limit) }
    /// Redirects looped or went too far; `url` is the last target.
    public static func tooManyRedirects(url: String) -> APIClientError { APIClientError(.tooManyRedirects, url: url) }
    /// An HTML page came back from `url` instead of JSON.
    public static func htmlInsteadOfJSON(url: String, contentType: String?) -> APIClientError {
        APIClientError(.htmlInsteadOfJSON, url: url, contentType: contentType)
    }
    /// A charset the client cannot read.
    public static func unsupportedCharset(_ charset: String) -> APIClientError {
        APIClientError(.unsupportedCharset, detail: charset)
    }
    /// The calling task was cancelled.
    public static var cancelled: APIClientError { APIClientError(.cancelled) }
    /// The request could not be built.
    public static func invalidRequest(reason: String) -> APIClientError { APIClientError(.invalidRequest, detail: reason) }
    /// `url` answered with `contentType`, which was not asked for.
    public static func unacceptableContentType(_ contentType: String, url: String) -> APIClientError {
        APIClientError(.unacceptableContentType, url: url, contentType: contentType)
    }

    // MARK: Describing

    /// A sentence that says what failed and what to do.
    public var errorDescription: String? {
        let at = url.map { " at \($0)" } ?? ""
        switch code {
        case .notFound:
            return "Nothing was found\(at). Check the identifier or page number."
        case .rateLimited:
            if let retryAfter {
                return "The server is rate-limiting requests\(at) and asked to wait \(retryAfter.formattedSeconds); try again after that."
            }
            return "The server is rate-limiting requests\(at); wait a few seconds and try again."
        case .server:
            if let retryAfter {
                return "The server failed with HTTP \(status.map(String.init) ?? "5xx")\(at) and asked to wait \(retryAfter.formattedSeconds); try again after that."
            }
            return "The server failed with HTTP \(status.map(String.init) ?? "5xx")\(at); try again later."
        case .unexpectedStatus:
            return "The server answered with unexpected HTTP \(status.map(String.init) ?? "?")\(at); the request may be malformed."
        case .api:
            guard let message = serverMessage else { return "The server failed\(at)." }
            let kind = message.type.map { " (\($0))" } ?? ""
            // The API's own sentence may end in a full stop already ("… rate limits."): one stop, never two.
            var said = message.message.trimmingCharacters(in: .whitespacesAndNewlines)
            while let last = said.last, last == "." { said.removeLast() }
            var text = "The server failed with HTTP \(message.status)\(kind): \(said)."
            if message.isRateLimit {
                if let retryAfter {
                    text += " It asked to wait \(retryAfter.formattedSeconds); try again after that."
                } else {
                    text += " Slow down and try again in a few seconds."
                }
            } else if let report = message.reportURL {
                text += " Retrying will not help; the failure can be reported at \(report.absoluteString)."
            } else if message.isRetriable {
                text += " Try again later."
            } else {
                text += " Check the request's parameters."
            }
            return text
        case .decoding:
            let place = (fieldPath ?? "").isEmpty ? "the response body" : "field \(fieldPath ?? "")"
            return "The response\(at) could not be read at \(place): \(detail ?? "unreadable"). The API may have changed shape."
        case .transport:
            return "The request could not reach the server (\(detail ?? "no response")). Check the network connection."
        case .unreachable:
            let host = url.flatMap { URL(string: $0)?.host } ?? "the server"
            return "Could not reach \(host) (\(detail ?? "no connection")); check the network connection, or work offline."
        case .timedOut:
            let limit = timeLimit.map { " within \($0.formattedSeconds)" } ?? " in time"
            if let detail, detail != HTTPTransportProgress.noHead {
                return "The answer\(at) arrived too slowly and was not complete\(limit) (\(detail)); the server or the network is slow. Try again later."
            }
            if let detail {
                return "The server did not answer\(at)\(limit) (\(detail)); check the connection or try again later."
            }
            return "The server did not finish answering\(at)\(limit); check the connection or try again later."
        case .stalled:
            let idle = timeLimit.map { " for \($0.formattedSeconds)" } ?? ""
            if detail == HTTPTransportProgress.noHead {
                // Before the head, a transport sees no bytes: a silent server and a head that trickles
                // in look alike, so the message claims only what is known.
                let within = timeLimit.map { " within \($0.formattedSeconds)" } ?? ""
                return "The server did not answer\(at)\(within) (\(HTTPTransportProgress.noHead)), so it was given up on; it or the network is not responding. Try again later."
            }
            let after = detail.map { " (\($0) before the silence)" } ?? ""
            return "Nothing arrived from the server\(idle)\(at)\(after), so it was given up on; it or the network is not responding. Try again later."
        case .malformedResponse:
            return "The server's response\(at) was malformed: \(detail ?? "it is not valid HTTP"). Retrying will not help; the server or a proxy on the way is at fault."
        case .bodyTooLarge:
            return "The response\(at) was larger than the \(limit.map(String.init) ?? "allowed number of") bytes allowed and was not read to its end; raise APIClientConfiguration.maxBodyBytes if this answer is really that large."
        case .tooManyRedirects:
            return "The server's redirects went round in a loop or too far (last to \(url ?? "?")); retrying will not help. A misconfigured proxy or server is likely."
        case .htmlInsteadOfJSON:
            let type = contentType.map { " (\($0))" } ?? ""
            return "An HTML page\(type) came back\(url.map { " from \($0)" } ?? "") instead of the API's JSON: a captive portal (sign in to the Wi-Fi network in a browser) or a proxy or filter is answering in the API's place."
        case .unsupportedCharset:
            return "The response\(at) is in the character set \"\(detail ?? contentType ?? "?")\", which this client cannot read."
        case .cancelled:
            return "The request was cancelled."
        case .invalidRequest:
            return "The request could not be built: \(detail ?? "invalid")."
        case .unacceptableContentType:
            return "\(url ?? "The server") answered with \(contentType ?? "an unexpected media type"), not the kind of document asked for; the address may point at the wrong page or service."
        default:
            return "The request\(at) failed (\(code))\(detail.map { ": \($0)" } ?? "")."
        }
    }

    /// The same as ``errorDescription``.
    public var description: String { errorDescription ?? code.description }

    /// Whether trying the same request again later may succeed (429, 5xx, transport, time-out, and
    /// the server's errors it says are worth retrying). A ``Code/timedOut`` attempt is retried only
    /// when ``RetryPolicy/retriesTimeouts`` says so.
    public var isRetriable: Bool {
        switch code {
        case .rateLimited, .server, .transport, .timedOut: return true
        case .api: return serverMessage?.isRetriable ?? false
        default: return false
        }
    }

    /// Equal when everything but ``underlying`` is equal (errors are rarely `Equatable`).
    public static func == (lhs: APIClientError, rhs: APIClientError) -> Bool {
        lhs.code == rhs.code && lhs.url == rhs.url && lhs.status == rhs.status && lhs.retryAfter == rhs.retryAfter
            && lhs.fieldPath == rhs.fieldPath && lhs.detail == rhs.detail && lhs.limit == rhs.limit
            && lhs.timeLimit == rhs.timeLimit && lhs.contentType == rhs.contentType && lhs.serverMessage == rhs.serverMessage
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
