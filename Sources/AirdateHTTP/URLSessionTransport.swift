import Foundation
import HTTPTypes
import HTTPTypesFoundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over `URLSession` (FoundationNetworking on Linux).
///
/// Cancelling the calling task cancels the underlying data task at once.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// A transport over `session`; by default an ephemeral session (no disk cache, no cookies:
    /// ``HTTPClient`` keeps its own cache).
    public init(session: URLSession? = nil) {
        if let session {
            self.session = session
        } else {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.urlCache = nil
            configuration.httpCookieStorage = nil
            self.session = URLSession(configuration: configuration)
        }
    }

    /// Sends `request`; see ``HTTPTransport/send(_:timeout:)``.
    public func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPTransportResponse {
        guard var urlRequest = URLRequest(httpRequest: request) else {
            throw HTTPClientError.invalidRequest(reason: "no URL in \(request.method) \(request.path ?? "")")
        }
        // FoundationNetworking truncates the interval to whole seconds (0.5 s becomes "time out at
        // once"), so the session's own time-out is only a backstop and `timeout` is kept by a timer.
        urlRequest.timeoutInterval = (timeout.inSeconds + 1).rounded(.up)
        urlRequest.cachePolicy = .reloadIgnoringLocalCacheData
        try Task.checkCancellationAsClientError()

        let urlRequestCopy = urlRequest
        return try await withThrowingTaskGroup(of: HTTPTransportResponse.self) { group in
            group.addTask { try await self.perform(urlRequestCopy) }
            group.addTask {
                try? await Task.sleep(for: timeout)
                if Task.isCancelled { throw HTTPClientError.cancelled }
                throw HTTPClientError.timedOut
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw HTTPClientError.cancelled }
            return first
        }
    }

    /// Runs one data task, cancelling it when the calling task is cancelled.
    private func perform(_ urlRequest: URLRequest) async throws -> HTTPTransportResponse {
        let box = DataTaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPTransportResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(throwing: Self.clientError(for: error))
                        return
                    }
                    guard let httpURLResponse = response as? HTTPURLResponse,
                          let head = httpURLResponse.httpResponse else {
                        continuation.resume(throwing: HTTPClientError.transport(reason: "the response was not HTTP"))
                        return
                    }
                    continuation.resume(returning: HTTPTransportResponse(head: head, body: data ?? Data()))
                }
                if !box.start(task) {
                    continuation.resume(throwing: HTTPClientError.cancelled)
                }
            }
        } onCancel: {
            box.cancel()
        }
    }

    /// Maps a URLSession error to the client's error.
    static func clientError(for error: any Error) -> HTTPClientError {
        let nsError = error as NSError
        guard nsError.domain == NSURLErrorDomain else {
            return .transport(reason: nsError.localizedDescription)
        }
        switch nsError.code {
        case NSURLErrorCancelled: return .cancelled
        case NSURLErrorTimedOut: return .timedOut
        default: return .transport(reason: "\(nsError.localizedDescription) [URLError \(nsError.code)]")
        }
    }
}

/// Holds the data task so that a cancellation arriving before or after it starts cancels it.
private final class DataTaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    /// Starts `task` unless cancellation came first; returns whether it started.
    func start(_ task: URLSessionDataTask) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isCancelled else { return false }
        self.task = task
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
}

extension Task where Success == Never, Failure == Never {
    /// `checkCancellation()` that throws ``HTTPClientError/cancelled``.
    static func checkCancellationAsClientError() throws {
        if Task.isCancelled { throw HTTPClientError.cancelled }
    }
}
