import AirdateLocking
import Foundation

/// Where a client reports every value it could not read as it should — list elements it skipped,
/// fields it replaced by `nil` or converted (``DecodingIssue``): give one to
/// ``APIClientConfiguration/diagnostics`` and read ``issues`` (or ``removeAll()``) after calls.
///
/// Safe to share between tasks and clients.
public final class DecodingDiagnostics: Sendable {
    private let recorded = LockBox<[DecodingIssue]>([])
    private let limit: Int

    /// A collector that keeps the latest `limit` reports (older ones are dropped first).
    public init(limit: Int = 1_000) {
        self.limit = max(1, limit)
    }

    /// Every issue reported so far (at most `limit`, oldest first).
    public var issues: [DecodingIssue] {
        recorded.withLock { $0 }
    }

    /// Returns the reports so far and forgets them.
    @discardableResult
    public func removeAll() -> [DecodingIssue] {
        recorded.withLock { recorded in
            let all = recorded
            recorded.removeAll()
            return all
        }
    }

    func record(_ issue: DecodingIssue) {
        let limit = limit
        recorded.withLock { recorded in
            recorded.append(issue)
            if recorded.count > limit { recorded.removeFirst(recorded.count - limit) }
        }
    }
}
