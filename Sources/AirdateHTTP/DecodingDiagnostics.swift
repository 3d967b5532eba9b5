import Foundation

/// Where a client reports every value it could not read as it should — list elements it skipped,
/// fields it replaced by `nil` or converted (``DecodingIssue``): give one to
/// ``APIClientConfiguration/diagnostics`` and read ``issues`` (or ``removeAll()``) after calls.
///
/// Safe to share between tasks and clients.
public final class DecodingDiagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [DecodingIssue] = []
    private let limit: Int

    /// A collector that keeps the latest `limit` reports (older ones are dropped first).
    public init(limit: Int = 1_000) {
        self.limit = max(1, limit)
    }

    /// Every issue reported so far (at most `limit`, oldest first).
    public var issues: [DecodingIssue] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Returns the reports so far and forgets them.
    @discardableResult
    public func removeAll() -> [DecodingIssue] {
        lock.lock()
        defer { lock.unlock() }
        let all = recorded
        recorded.removeAll()
        return all
    }

    func record(_ issue: DecodingIssue) {
        lock.lock()
        defer { lock.unlock() }
        recorded.append(issue)
        if recorded.count > limit { recorded.removeFirst(recorded.count - limit) }
    }
}
