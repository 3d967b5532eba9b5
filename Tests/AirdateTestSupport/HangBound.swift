import AirdateLocking
import Foundation

/// The bound every test puts on a wait for another process, a server or a continuation: long
/// enough that no loaded machine reaches it (it catches a hang, never a slow machine), short enough
/// that a hung wait fails the test — naming what it waited for — instead of the whole run.
public let hangBound: Duration = .seconds(300)

/// A wait that passed its hang bound: what was awaited, and for how long.
public struct HangError: Error, CustomStringConvertible {
    /// What the test waited for (`"the probe process AirdateHTTPProbe burst …"`).
    public var what: String
    /// How long it waited.
    public var bound: Duration

    /// A hang of `what`, after `bound`.
    public init(_ what: String, after bound: Duration) {
        self.what = what
        self.bound = bound
    }

    public var description: String {
        "hung: waited \(bound.components.seconds) s for \(what)"
    }
}

/// Runs `body` and returns what it returns, or throws ``HangError`` naming `what` once `bound` has
/// passed — even when `body` awaits something that never resumes and ignores cancellation.
///
/// `body` runs in a task of its own, raced against a timer: when the timer wins, `body` is
/// cancelled and abandoned (a wait that never ends cannot be awaited away), and the caller goes
/// on. Cancelling the caller cancels `body`.
///
/// ```swift
/// let status = try await withHangBound("airdate-web to stop after SIGTERM") { await child.wait() }
/// ```
public func withHangBound<T: Sendable>(
    _ what: String, _ bound: Duration = hangBound, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let waiting = LockBox<CheckedContinuation<T, any Error>?>(nil)
    let tasks = LockBox<[Task<Void, Never>]>([])
    /// Resumes the caller once, with the first result.
    @Sendable func settle(_ result: Result<T, any Error>) {
        let continuation = waiting.withLock { waiting -> CheckedContinuation<T, any Error>? in
            let continuation = waiting
            waiting = nil
            return continuation
        }
        continuation?.resume(with: result)
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            waiting.withLock { $0 = continuation }
            let work = Task {
                do {
                    settle(.success(try await body()))
                } catch {
                    settle(.failure(error))
                }
            }
            let timer = Task {
                do {
                    try await Task.sleep(for: bound)
                } catch {
                    return
                }
                settle(.failure(HangError(what, after: bound)))
            }
            tasks.withLock { $0 = [work, timer] }
            // Settled before the tasks were stored: cancel what is left now.
            if waiting.withLock({ $0 == nil }) { work.cancel(); timer.cancel() }
        }
    } onCancel: {
        // The body sees the cancellation; the timer still bounds a body that ignores it.
        tasks.withLock { $0.first }?.cancel()
    }
}

/// Waits until `condition` holds, looking again every `poll`; throws ``HangError`` naming `what`
/// once `bound` has passed (a hang bound: the condition is expected to hold long before).
public func waitUntil(
    _ what: String, _ bound: Duration = hangBound, poll: Duration = .milliseconds(10),
    _ condition: @escaping @Sendable () async throws -> Bool
) async throws {
    try await withHangBound(what, bound) {
        while try await !condition() {
            try await Task.sleep(for: poll)
        }
    }
}
