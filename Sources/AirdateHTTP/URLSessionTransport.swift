import AirdateLocking
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
///
/// The transport owns its `URLSession`: when the last copy of the transport (and of every client
/// made with it) goes away, the session finishes the requests still in flight and is invalidated,
/// which releases it and its delegate. Nothing to close by hand.
public struct URLSessionTransport: HTTPTransport {
    private let owner: SessionOwner
    private var session: URLSession { owner.session }
    private var delegate: SessionDelegate { owner.delegate }

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
        owner = SessionOwner(configuration: configuration)
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

    /// Throws ``APIClientError/timedOut(after:progress:)`` past the total time-out, or
    /// ``APIClientError/stalled(idle:progress:)`` after a silence of the idle time-out, each saying
    /// what had arrived.
    private static func watch(_ exchange: Exchange, limits: HTTPTransportLimits) async throws -> HTTPTransportResponse {
        let clock = ContinuousClock()
        let deadline = exchange.started + limits.timeout
        while true {
            let idleDeadline = exchange.lastActivity + limits.idleTimeout
            let wake = min(deadline, idleDeadline)
            try? await clock.sleep(until: wake, tolerance: .milliseconds(50))
            if Task.isCancelled { throw APIClientError.cancelled }
            let now = clock.now
            if now >= deadline { throw APIClientError.timedOut(after: limits.timeout, progress: exchange.progress) }
            if now >= exchange.lastActivity + limits.idleTimeout {
                throw APIClientError.stalled(idle: limits.idleTimeout, progress: exchange.progress)
            }
        }
    }

    /// Runs one data task, cancelling it when the calling task is cancelled.
    private func perform(_ urlRequest: URLRequest, exchange: Exchange) async throws -> HTTPTransportResponse {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPTransportResponse, any Error>) in
                let task = session.dataTask(with: urlRequest)
                exchange.setContinuation(continuation)
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

    /// Maps a URLSession error to the client's error; `headArrived` says whether the response head
    /// had arrived when it failed.
    static func clientError(for error: any Error, headArrived: Bool = false) -> APIClientError {
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
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed,
             NSURLErrorNotConnectedToInternet, NSURLErrorInternationalRoamingOff, NSURLErrorDataNotAllowed:
            // Nothing to retry: the machine is offline or the host name does not exist. (A refused
            // connection stays a transport failure: a server restarting refuses for a moment.)
            let url = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString
            return .unreachable(url: url, reason: "\(nsError.localizedDescription) [URLError \(nsError.code)]", underlying: nsError)
        case NSURLErrorCannotDecodeContentData, NSURLErrorCannotDecodeRawData:
            return .malformedResponse("the body is not in the content coding its Content-Encoding names")
        case NSURLErrorCannotParseResponse, NSURLErrorBadServerResponse:
            return .malformedResponse("the response is not valid HTTP (URLError \(nsError.code))")
        case NSURLErrorUnknown:
            // FoundationNetworking passes curl's failures on as "unknown" with curl's own sentence;
            // the two a retry cannot fix are told apart by it.
            let said = nsError.localizedDescription
            if said.localizedCaseInsensitiveContains("unencoding") || said.localizedCaseInsensitiveContains("content encoding") {
                return .malformedResponse("the body is not in the content coding its Content-Encoding names (\(said))")
            }
            if said.localizedCaseInsensitiveContains("could not resolve") {
                // curl's "Could not resolve proxy" (or host): the name does not resolve, so trying
                // again at once cannot help.
                let url = (nsError.userInfo[NSURLErrorFailingURLErrorKey] as? URL)?.absoluteString
                return .unreachable(url: url, reason: "\(said) [URLError \(nsError.code)]", underlying: nsError)
            }
            if !headArrived, said.localizedCaseInsensitiveContains("out of memory") {
                // curl refuses a response head past 100 KB with CURLE_OUT_OF_MEMORY.
                return .malformedResponse("the response head is larger than the client reads (100 KB)")
            }
            return .transport(reason: "\(said) [URLError \(nsError.code)]", underlying: nsError)
        default:
            return .transport(reason: "\(nsError.localizedDescription) [URLError \(nsError.code)]", underlying: nsError)
        }
    }
}

/// One request in flight: its data task, the bytes so far, and how it ended. Callbacks arrive on
/// the session's delegate queue; the watchdog reads `lastActivity` from another task.
///
/// The caller's continuation is resumed exactly once: by the task's completion, by a failure the
/// exchange decided (a body past the limit), or at once when the caller is cancelled (or its
/// watchdog fired) — never left waiting for a callback FoundationNetworking might not deliver
/// after a cancel.
private final class Exchange: Sendable {
    let limits: HTTPTransportLimits
    let started = ContinuousClock.now

    private struct State {
        var task: UncheckedTask?
        var isCancelled = false
        var finished = false
        var activity = ContinuousClock.now
        var head: HTTPResponse?
        var body = Data()
        var received = 0
        var failure: APIClientError?
        var redirects = 0
        var visited: Set<String> = []
        var continuation: CheckedContinuation<HTTPTransportResponse, any Error>?
    }

    private let state = LockBox(State())

    init(limits: HTTPTransportLimits) {
        self.limits = limits
    }

    /// When a byte (or the head) last arrived.
    var lastActivity: ContinuousClock.Instant {
        state.withLock { $0.activity }
    }

    /// Where the result goes; set before the task starts.
    func setContinuation(_ continuation: CheckedContinuation<HTTPTransportResponse, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// What had arrived so far.
    var progress: HTTPTransportProgress {
        state.withLock { HTTPTransportProgress(headArrived: $0.head != nil, bodyBytes: $0.received) }
    }

    /// Starts `task` unless cancellation came first; returns whether it started.
    func start(_ task: URLSessionDataTask) -> Bool {
        let wrapped = UncheckedTask(task: task)
        let url = task.originalRequest?.url?.absoluteString
        let started = state.withLock { state -> Bool in
            guard !state.isCancelled else { return false }
            state.task = wrapped
            if let url { state.visited.insert(url) }
            return true
        }
        if started { task.resume() }
        return started
    }

    /// The caller was cancelled (or its watchdog fired): cancels the data task and fails the
    /// exchange with ``APIClientError/cancelled`` now.
    func cancel() {
        let task = state.withLock { state -> UncheckedTask? in
            state.isCancelled = true
            return state.task
        }
        Self.cancelOutOfLine(task)
        finish(.failure(APIClientError.cancelled))
    }

    /// Fails the exchange with `error` at once and cancels the data task. The caller gets the
    /// error now; the task winds down on its own (FoundationNetworking may still be decoding what it
    /// already read, at the pace of the delegate queue, which keeps memory bounded).
    func abort(with error: APIClientError) {
        let (task, failure) = state.withLock { state -> (UncheckedTask?, APIClientError?) in
            if state.failure == nil { state.failure = error }
            return (state.task, state.failure)
        }
        Self.cancelOutOfLine(task)
        if let failure { finish(.failure(failure)) }
    }

    /// `URLSessionTask.cancel()` waits for the session's work queue, which may be waiting for the
    /// delegate queue (see ``BoundedDelegateQueue``): never call it from a delegate callback.
    private static func cancelOutOfLine(_ task: UncheckedTask?) {
        guard let task else { return }
        DispatchQueue.global().async { task.task.cancel() }
    }

    /// The head arrived; returns whether to go on (a declared length past the limit stops here).
    func receive(_ response: URLResponse) -> Bool {
        let head = (response as? HTTPURLResponse)?.httpResponse
        state.withLock { state in
            state.activity = .now
            state.head = head
        }
        if response.expectedContentLength > Int64(limits.maxBodyBytes) {
            abort(with: .bodyTooLarge(limit: limits.maxBodyBytes))
            return false
        }
        return true
    }

    /// Body bytes arrived.
    func receive(_ data: Data) {
        let maxBodyBytes = limits.maxBodyBytes
        let tooLarge = state.withLock { state -> Bool in
            state.activity = .now
            state.received += data.count
            // Nothing is kept once the exchange ended (the caller has its answer already).
            guard state.failure == nil, !state.finished else { return false }
            if state.body.count + data.count > maxBodyBytes { return true }
            state.body.append(data)
            return false
        }
        if tooLarge { abort(with: .bodyTooLarge(limit: maxBodyBytes)) }
    }

    /// A redirect to `url`; returns whether to follow it.
    func redirect(to url: URL?) -> Bool {
        let target = url?.absoluteString ?? ""
        let maxRedirects = limits.maxRedirects
        return state.withLock { state -> Bool in
            state.activity = .now
            state.redirects += 1
            let loop = !state.visited.insert(target).inserted
            guard loop || state.redirects > maxRedirects else { return true }
            // Not cancelled here: FoundationNetworking traps when a task is cancelled inside its
            // redirect callback. Refusing the redirect ends the task with the 3xx; the recorded
            // failure is what the exchange reports.
            if state.failure == nil { state.failure = .tooManyRedirects(url: target) }
            return false
        }
    }

    /// The task completed (`error` is URLSession's, if any).
    func complete(error: (any Error)?) {
        let (failure, head, body) = state.withLock { ($0.failure, $0.head, $0.body) }
        if let failure {
            finish(.failure(failure))
        } else if let error {
            finish(.failure(URLSessionTransport.clientError(for: error, headArrived: head != nil)))
        } else if let head {
            finish(.success(HTTPTransportResponse(head: head, body: body)))
        } else {
            finish(.failure(APIClientError.transport(reason: "the response was not HTTP")))
        }
    }

    /// Resumes the caller with `result` unless it was resumed already.
    func finish(_ result: sending Result<HTTPTransportResponse, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPTransportResponse, any Error>? in
            guard !state.finished, let continuation = state.continuation else { return nil }
            state.finished = true
            state.continuation = nil
            state.body = Data()
            return continuation
        }
        continuation?.resume(with: result)
    }
}

/// A data task handed to another queue to be cancelled.
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionDataTask
}

/// Owns the session: `URLSession` keeps itself and its delegate alive until it is invalidated, so
/// the last transport to go invalidates it (after the tasks in flight finish), releasing both.
private final class SessionOwner: Sendable {
    let session: URLSession
    let delegate: SessionDelegate

    init(configuration: URLSessionConfiguration) {
        let delegate = SessionDelegate()
        self.delegate = delegate
        self.session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: BoundedDelegateQueue())
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}

/// The session's delegate queue, with back-pressure: at most `capacity` callbacks wait at once.
///
/// FoundationNetworking hands each piece of a body (16 KB, decoded) to the delegate queue without
/// waiting, so a body that inflates a thousand times over (a 1 MB gzip of 1 GB) piled up in the
/// queue faster than the delegate could refuse it: 1.1 GB before `bodyTooLarge`. Making the
/// session's work queue wait here when the delegate is behind slows the decoding to the delegate's
/// pace, so memory stays near the cap whatever the compression ratio. Callbacks added from the
/// queue's own thread never wait (it is the one that drains it).
private final class BoundedDelegateQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore

    init(capacity: Int = 64) {
        slots = DispatchSemaphore(value: capacity)
        super.init()
        maxConcurrentOperationCount = 1
        name = "Airdate.URLSessionTransport.delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        if OperationQueue.current === self {
            super.addOperation(block)
            return
        }
        slots.wait()
        let slots = self.slots
        super.addOperation {
            block()
            slots.signal()
        }
    }
}

/// The session's delegate: routes each task's callbacks to its ``Exchange``.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let exchanges = LockBox<[Int: Exchange]>([:])

    func register(_ exchange: Exchange, for identifier: Int) {
        exchanges.withLock { $0[identifier] = exchange }
    }

    func unregister(_ identifier: Int) {
        exchanges.withLock { _ = $0.removeValue(forKey: identifier) }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        let identifier = task.taskIdentifier
        return exchanges.withLock { $0[identifier] }
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
        let identifier = task.taskIdentifier
        let exchange = exchanges.withLock { $0.removeValue(forKey: identifier) }
        exchange?.complete(error: error)
    }
}

extension Task where Success == Never, Failure == Never {
    /// `checkCancellation()` that throws ``APIClientError/cancelled``.
    static func checkCancellationAsClientError() throws {
        if Task.isCancelled { throw APIClientError.cancelled }
    }
}
