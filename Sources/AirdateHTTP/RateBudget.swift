import AirdateLocking
public import Foundation

/// The requests an API host admits, shared by every client that draws on it — in this process,
/// and, when the budget has a folder, in every process that shares the folder.
///
/// A server counts the requests of a machine, not of one client object: two `TVMaze()` values in
/// one app, or a command-line tool run twice at once, must share one budget or they overrun the
/// limit together. So by default every ``APIClient`` of one host (scheme, host and port) with the
/// same ``RateLimit``s draws on one budget per process, ``processDefault(for:limits:folder:)``, and
/// that budget is shared with every other process of the user through a small file in the user's
/// rate folder (``RateSharing/perUser``; ``APIClientConfiguration/rateSharing`` names another
/// folder or none). Pass ``APIClientConfiguration/rateBudget`` to choose explicitly (a budget of its
/// own for a test, one budget for two hosts behind one limit).
///
/// Across processes, each request start and completion is written with its wall-clock time to
/// `.rate-budget-<host>` in the folder. Every change is a read, a decision and a write made while
/// holding an exclusive `flock` on the folder's `.rate-budget.lock`, and the new records are written
/// to a temporary file renamed over the old one: a process killed at any moment (`kill -9`) leaves
/// the previous records or the new ones, never an emptied file, and its lock goes with it. A record
/// left in flight by a process that no longer runs counts as completed at the moment it is found
/// (the request may have reached the server), then leaves with its window; a file whose records
/// have all left is removed. Processes must share one machine (and so one clock and one `flock`).
public final class RateBudget: Sendable {
    /// The windows the budget keeps (all at once).
    public let limits: [RateLimit]
    /// The folder through which processes coordinate, or `nil` for this process alone.
    public let folder: URL?
    private let local: RateLimiter?
    private let shared: SharedRateWindow?

    /// A budget of `limits` for one process, timed by `clock`; with `folder`, coordinated with
    /// every process that uses a budget of the same `host` in that folder, its records timed by
    /// `wallClock`.
    ///
    /// - Parameters:
    ///   - limits: the windows to keep.
    ///   - host: names the coordination file when `folder` is given (`api.tvmaze.com`).
    ///   - folder: the folder shared by the processes that coordinate (created if missing); `nil`
    ///     for a budget of this process alone.
    ///   - clock: what waits are timed by.
    ///   - wallClock: the time written to and compared with the shared records.
    public init(
        limits: [RateLimit], host: String = "api", folder: URL? = nil,
        clock: any Clock<Duration> = ContinuousClock(),
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.limits = limits
        self.folder = folder
        if let folder, !limits.isEmpty {
            shared = SharedRateWindow(
                folder: folder, name: ".rate-budget-" + Self.fileName(host),
                limits: limits, clock: clock, wallClock: wallClock
            )
            local = nil
        } else {
            local = RateLimiter(limits: limits, clock: clock)
            shared = nil
        }
    }

    /// The budget every client of `baseURL`'s host with `limits` (and `folder`) shares in this
    /// process by default; made on first use, dropped when no client holds it any more. With a
    /// `folder` (by default ``APIClient`` passes ``RateSharing/perUserFolder(environment:)``) it is
    /// shared with every process that uses the folder.
    ///
    /// The package's one piece of process-wide state, on purpose: a rate limit is the server's view
    /// of this machine, so clients made apart must meet on one budget without the app wiring them
    /// together; it holds weak references only, and an injected budget bypasses it.
    public static func processDefault(for baseURL: URL, limits: [RateLimit], folder: URL? = nil) -> RateBudget {
        let host = origin(of: baseURL)
        let key = BudgetKey(origin: host, limits: limits, folder: folder?.standardizedFileURL.path)
        return registry.budget(for: key) { RateBudget(limits: limits, host: host, folder: folder) }
    }

    private static let registry = BudgetRegistry()

    /// `https://api.tvmaze.com:443`: what a server counts requests by.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// `https___api.tvmaze.com_443`, safe in a file name.
    private static func fileName(_ host: String) -> String {
        String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }

    // MARK: Drawing on the budget

    /// Waits for a slot in every window and takes it; throws ``APIClientError/cancelled`` when the
    /// calling task is cancelled while waiting. Pair with ``release(_:)``.
    func acquire() async throws -> RateSlot {
        if let shared { return try await shared.acquire() }
        try await local?.acquire()
        return RateSlot(token: 0)
    }

    /// Gives back `slot`; it stays counted for one window from now.
    func release(_ slot: RateSlot) async {
        if let shared {
            await shared.release(slot)
        } else {
            await local?.release()
        }
    }

    /// Holds every request of the budget back for `duration` (a 429's `Retry-After`).
    func pause(for duration: Duration) async {
        if let shared {
            await shared.pause(for: duration)
        } else {
            await local?.pause(for: duration)
        }
    }
}

/// A slot taken from a ``RateBudget``.
struct RateSlot: Sendable {
    var token: UInt64
}

/// What a process-default budget is found by.
private struct BudgetKey: Hashable {
    var origin: String
    var limits: [RateLimit]
    var folder: String?
}

/// The process-default budgets, held weakly.
private final class BudgetRegistry: Sendable {
    private final class Weak {
        weak var budget: RateBudget?
        init(_ budget: RateBudget) { self.budget = budget }
    }

    private let budgets = LockBox<[BudgetKey: Weak]>([:])

    func budget(for key: BudgetKey, make: () -> RateBudget) -> RateBudget {
        budgets.withLock { budgets in
            if let existing = budgets[key]?.budget { return existing }
            // Forget the budgets nobody holds any more.
            budgets = budgets.filter { $0.value.budget != nil }
            let budget = make()
            budgets[key] = Weak(budget)
            return budget
        }
    }
}
