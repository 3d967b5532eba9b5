import Foundation
public import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking on Linux) that enforces its
/// ``HTTPTransportLimits`` while bytes arrive: a body past the limit is cancelled (not buffered to
/// the end), a silent server fails after the idle time-out, a redirect loop fails at once.
///
/// Cancelling the calling task cancels the underlying data task at once.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A transport over a session made from `configuration`; by default an ephemeral one (no disk
    /// cache, no cookies: ``APIClient`` keeps its own cache).
    public init(configuration: URLSessionConfiguration? = nil) {
        let configuration = configuration ?? {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            return configuration
        }()
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    /// Sends `request` within `timeout` and the default limits; see ``HTTPTransport/send(_:timeout:)``.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        try await send(request, limits: HTTPTransportLimits(timeout: timeout))
    }

    /// Sends `request` within `limits`; see ``HTTPTransport/send(_:limits:)``.
    public func send(_ request: HTTPRequest, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw APIClientError.invalidRequest(reason: "no URL in \(request.method) \(request.path ?? "")")
        }
        // FoundationNetworking truncates the interval to whole seconds (0.5 s becomes "time out at
        // once"), so the session's own time-out is only a backstop; the limits are kept by a watchdog.
        urlRequest.timeoutInterval = (limits.timeout.inSeconds + 1).rounded(.up)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        try Task.checkCancellationAsClientError()

        let exchange = Exchange(limits: limits)
        let urlRequestCopy = urlRequest
        return try await withThrowingTaskGroup(of: HTTPTransportResponse.self) { group in
            group.addTask { try await self.perform(urlRequestCopy, exchange: exchange) }
            group.addTask { try await Self.watch(exchange, limits: limits) }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw APIClientError.cancelled }
            return first
        }
    }

    /// Throws ``APIClientError/timedOut`` past the total time-out, or
    /// ``APIClientError/stalled(idle:)`` after a silence of the idle time-out.
    private static func watch(_ exchange: Exchange, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
        let clock = ContinuousClock()
        let deadline = exchange.started + limits.timeout
        while true {
            let idleDeadline = exchange.lastActivity + limits.idleTimeout
            let wake = min(deadline, idleDeadline)
            try? await clock.sleep(until: wake, tolerance: .milliseconds(50))
            if Task.isCancelled { throw APIClientError.cancelled }
            let now = clock.now
            if now >= deadline { throw APIClientError.timedOut }
            if now >= exchange.lastActivity + limits.idleTimeout {
                throw APIClientError.stalled(idle: limits.idleTimeout)
            }
        }
    }

    /// Runs one data task, cancelling it when the calling task is cancelled.
    private func perform(_ urlRequest: URLRequest, exchange: Exchange) async throws -> HTTPTransportResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPTransportResponse, any Error>) in
                let task = session.dataTask(with: urlRequest)
                exchange.continuation = continuation
                delegate.register(exchange, for: task.taskIdentifier)
                if !exchange.start(task) {
                    delegate.unregister(task.taskIdentifier)
                    exchange.finish(.failure(APIClientError.cancelled))
                }
            }
        } onCancel: {
            exchange.cancel()
        }
    }

    /// Maps a URLSession error to the client's error.
    static func clientError(for error: any Error) -> APIClientError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .transport(reason: nsError.localizedDescription)
        }
        switch nsError.code {
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorTimedOut: return .timedOut
        case NSURLErrorHTTPTooManyRedirects:
            let url = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString ?? ""
            return .tooManyRedirects(url: url)
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed, NSURLErrorCannotConnectToHost,
             NSURLErrorNotConnectedToInternet, NSURLErrorInternationalRoamingOff, NSURLErrorDataNotAllowed:
            // Nothing to retry: the machine is offline or the host does not exist.
            let url = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString
            return .unreachable(url: url, reason: "\(nsError.localizedDescription) [URLError \(nsError.code)]")
        default: return .transport(reason: "\(nsError.localizedDescription) [URLError \(nsError.code)]")
        }
    }
}

/// One request in flight: its data task, the bytes so far, and how it ended. Callbacks arrive on
/// the session's delegate queue; the watchdog reads `lastActivity` from another task.
private final class Exchange: @unchecked Sendable {
    let limits: HTTPTransportLimits
    let started = ContinuousClock.now
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false
    private var finished = false
    private var activity = ContinuousClock.now
    private var head: HTTPResponse?
    private var body = Data()
    private var failure: APIClientError?
    private var redirects = 0
    private var visited: Set<String> = []
    var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?

    init(limits: HTTPTransportLimits) {
        self.limits = limits
    }

    /// When a byte (or the head) last arrived.
    var lastActivity: ContinuousClock.Instant {
        lock.lock()
        defer { lock.unlock() }
        return activity
    }

    /// Starts `task` unless cancellation came first; returns whether it started.
    func start(_ task: URLSessionDataTask) -> Bool {
        lock.lock()
        guard !isCancelled else {
            lock.unlock()
            return false
        }
        self.task = task
        if let url = task.originalRequest?.url?.absoluteString { visited.insert(url) }
        lock.unlock()
        task.resume()
        return true
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// Fails the exchange with `error` and cancels the data task.
    func abort(with error: APIClientError) {
        lock.lock()
        if failure == nil { failure = error }
        let task = self.task
        lock.unlock()
        task?.cancel()
    }

    /// The head arrived; returns whether to go on (a declared length past the limit stops here).
    func receive(_ response: URLResponse) -> Bool {
        lock.lock()
        activity = .now
        let http = response as? HTTPURLResponse
        head = http?.httpResponse
        let declared = response.expectedContentLength
        lock.unlock()
        if declared > Int64(limits.maxBodyBytes) {
            abort(with: .bodyTooLarge(limit: limits.maxBodyBytes))
            return false
        }
        return true
    }

    /// Body bytes arrived.
    func receive(_ data: Data) {
        lock.lock()
        activity = .now
        guard failure == nil else {
            lock.unlock()
            return
        }
        if body.count + data.count > limits.maxBodyBytes {
            lock.unlock()
            abort(with: .bodyTooLarge(limit: limits.maxBodyBytes))
            return
        }
        body.append(data)
        lock.unlock()
    }

    /// A redirect to `url`; returns whether to follow it.
    func redirect(to url: URL?) -> Bool {
        lock.lock()
        activity = .now
        redirects += 1
        let target = url?.absoluteString ?? ""
        let loop = !visited.insert(target).inserted
        let tooMany = redirects > limits.maxRedirects
        lock.unlock()
        if loop || tooMany {
            // Not cancelled here: FoundationNetworking traps when a task is cancelled inside its
            // redirect callback. Refusing the redirect ends the task with the 3xx; the recorded
            // failure is what the exchange reports.
            lock.lock()
            if failure == nil { failure = .tooManyRedirects(url: target) }
            lock.unlock()
            return false
        }
        return true
    }

    /// The task completed (`error` is URLSession's, if any).
    func complete(error: (any Error)?) {
        lock.lock()
        let failure = self.failure
        let head = self.head
        let body = self.body
        lock.unlock()
        if let failure {
            finish(.failure(failure))
        } else if let error {
            finish(.failure(URLSessionTransport.clientError(for: error)))
        } else if let head {
            finish(.success(HTTPTransportResponse(head: head, body: body)))
        } else {
            finish(.failure(APIClientError.transport(reason: "the response was not HTTP")))
        }
    }

    func finish(_ result: Result<HTTPTransportResponse, any Error>) {
        lock.lock()
        guard !finished, let continuation else {
            lock.unlock()
            return
        }
        finished = true
        self.continuation = nil
        body = Data()
        lock.unlock()
        continuation.resume(with: result)
    }
}

/// The session's delegate: routes each task's callbacks to its ``Exchange``.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for identifier: Int) {
        lock.lock()
        exchanges[identifier] = exchange
        lock.unlock()
    }

    func unregister(_ identifier: Int) {
        lock.lock()
        exchanges.removeValue(forKey: identifier)
        lock.unlock()
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        let proceed = exchange(dataTask)?.receive(response) ?? true
        completionHandler(proceed ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(dataTask)?.receive(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let follow = exchange(task)?.redirect(to: request.url) ?? true
        completionHandler(follow ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let exchange = exchanges.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        exchange?.complete(error: error)
    }
}

extension Task where Success == Never, Failure == Never {
    /// `checkCancellation()` that throws ``APIClientError/cancelled``.
    static func checkCancellationAsClientError() throws {
        if Task.isCancelled { throw APIClientError.cancelled }
    }
}
