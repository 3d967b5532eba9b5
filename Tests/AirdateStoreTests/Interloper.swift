import AirdateTestSupport
import AirdateStore
import Foundation
import GRDB

/// A second connection to a store's file — for SQLite, what another process is — that acts at the
/// moment a store's operation has run the body of a transaction and not yet ended it.
///
/// Armed before the operation, it acts once, at the end of the operation's *first* transaction
/// body (``Moment/firstTransaction``), or at the end of every one (``Moment/everyTransaction``).
/// A write of its own starts on a thread of its own, and the store's connection waits until that
/// write either committed or met the store's lock (SQLite's busy handler tells, with no clock
/// involved): an operation whose reads and writes are one write transaction holds the lock, so the
/// interloper writes after it; an operation split into a read and a write lets it write between the two.
final class Interloper: @unchecked Sendable {
    enum Moment { case firstTransaction, everyTransaction }

    private let queue: DatabaseQueue
    private let state: State
    private let moment: Moment
    private let writes: Bool
    private let action: @Sendable (Database) throws -> Void

    /// - Parameters:
    ///   - writes: whether `action` writes (in a write transaction) or only reads (a snapshot).
    init(path: String, at moment: Moment = .firstTransaction, writes: Bool = true, action: @escaping @Sendable (Database) throws -> Void) throws {
        let state = State()
        var configuration = Configuration()
        configuration.busyMode = .callback { _ in
            state.noteBlocked()
            Thread.sleep(forTimeInterval: 0.001)
            return true  // keep waiting: the hang bound is the test's
        }
        configuration.label = "Interloper"
        self.state = state
        self.moment = moment
        self.writes = writes
        self.action = action
        queue = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// From now on, act at the chosen moment.
    func arm() { state.arm() }

    /// Whether its write met the store's lock and had to wait for the store's transaction to end.
    var wasBlocked: Bool { state.wasBlocked }
    /// How many times it acted.
    var actions: Int { state.started }
    /// What its actions threw.
    var errors: [String] { state.errors }

    /// The probe callback: acts when armed, at the chosen moment.
    func transactionBodyDidRun(_ kind: StoreProbe.Transaction) {
        guard state.shouldAct(every: moment == .everyTransaction) else { return }
        let reached = DispatchSemaphore(value: 0)
        state.onBlocked { reached.signal() }
        let (queue, action, writes, state) = (queue, action, writes, state)
        state.group.enter()
        Thread.detachNewThread {
            do {
                if writes { try queue.write(action) } else { try queue.read(action) }
            } catch {
                state.record(error)
            }
            reached.signal()
            state.group.leave()
        }
        // Committed, or waiting for the store's lock (a hang bound only; on GRDB's thread, not one of
        // Swift's concurrency threads). A write that did neither is recorded as an error of the test.
        if reached.wait(timeout: .now() + 300) == .timedOut {
            state.record(HangError("the interloper's write to commit or to meet the store's lock", after: .seconds(300)))
        }
    }

    /// Waits (up to 300 s, a hang bound: the test then fails naming it) for every action to end.
    func finish() async throws {
        let group = state.group
        let ended = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                continuation.resume(returning: group.wait(timeout: .now() + 300) == .success)
            }
        }
        if !ended { throw HangError("the interloper's actions to end", after: .seconds(300)) }
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var armed = false
        private var blocked = false
        private var blockedHandler: (() -> Void)?
        private(set) var startedCount = 0
        private var thrown: [String] = []
        let group = DispatchGroup()

        func arm() { lock.withLock { armed = true } }

        func shouldAct(every: Bool) -> Bool {
            lock.withLock {
                guard armed, every || startedCount == 0 else { return false }
                startedCount += 1
                return true
            }
        }

        func onBlocked(_ handler: @escaping () -> Void) { lock.withLock { blockedHandler = handler } }

        func noteBlocked() {
            let handler = lock.withLock {
                blocked = true
                let handler = blockedHandler
                blockedHandler = nil
                return handler
            }
            handler?()
        }

        func record(_ error: any Error) { lock.withLock { thrown.append("\(error)") } }

        var wasBlocked: Bool { lock.withLock { blocked } }
        var started: Int { lock.withLock { startedCount } }
        var errors: [String] { lock.withLock { thrown } }
    }
}

/// The transactions a store ran, as its probe told them.
final class TransactionLog: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [StoreProbe.Transaction] = []

    func note(_ kind: StoreProbe.Transaction) { lock.withLock { kinds.append(kind) } }

    /// What was noted since the last call, and forgets it.
    func take() -> [StoreProbe.Transaction] {
        lock.withLock {
            defer { kinds = [] }
            return kinds
        }
    }
}

/// What an observation did, as its probe told it: the queries it ran (by index) and the counters
/// it read at each check.
final class ObservationLog: @unchecked Sendable {
    private let lock = NSLock()
    private var queryRuns: [Int] = []
    private var checks: [[String: Int64]?] = []

    var probe: StoreProbe {
        StoreProbe(
            observationQueryDidRun: { [self] index in lock.withLock { queryRuns.append(index) } },
            observationDidCheck: { [self] counts in lock.withLock { checks.append(counts) } })
    }

    /// How many times query `index` ran.
    func runs(of index: Int) -> Int { lock.withLock { queryRuns.filter { $0 == index }.count } }

    /// Waits (up to 300 s, a hang bound) until a check read counters that satisfy `condition`,
    /// then returns.
    func waitForCheck(_ condition: @Sendable ([String: Int64]) -> Bool) async throws {
        let deadline = ContinuousClock.now.advanced(by: hangBound)
        while !lock.withLock({ checks.contains { $0.map(condition) ?? false } }) {
            guard ContinuousClock.now < deadline else { throw HangError("a change-counter check that satisfies the test", after: hangBound) }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    /// Waits for a check that saw `table`'s counter at `count` or more.
    func waitForCheck(seeing table: String, atLeast count: Int64) async throws {
        try await waitForCheck { ($0[table] ?? -1) >= count }
    }
}

/// The change counter of `table` in the file at `path`, read on a connection of its own.
func changeCount(of table: String, at path: String) throws -> Int64 {
    let queue = try DatabaseQueue(path: path)
    defer { try? queue.close() }
    return try queue.read { db in
        try Int64.fetchOne(db, sql: "SELECT changes FROM airdate_table_changes WHERE tableName = ?", arguments: [table]) ?? -1
    }
}
