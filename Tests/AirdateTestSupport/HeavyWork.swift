public import Testing

/// The trait of CPU-heavy tests (conformance suites, fuzzing, scale, many processes): they run one at
/// a time across the whole test process, whatever target they are in, so that together they never
/// take every core from the loopback and clock-driven tests running beside them.
///
/// ```swift
/// @Suite(.heavy) struct TreeConstructionConformanceTests { … }
/// @Test(.heavy) func millionNestedElements() async throws { … }
/// ```
///
/// The wait for the gate is bounded too (30 minutes: every heavy test has hang bounds of its own, so
/// a holder that keeps it longer is hung): a test that passes it fails naming the test that held it.
public struct HeavyWork: SuiteTrait, TestTrait, TestScoping {
    /// Applied to every test of a suite that carries it.
    public var isRecursive: Bool { true }

    /// How long a heavy test waits for the gate before it fails naming the holder.
    static let gateBound: Duration = .seconds(1800)

    /// Runs one test case while holding the process-wide gate.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope (no test case) takes nothing: its tests take the gate one by one.
        guard testCase != nil else { return try await function() }
        let gate = HeavyGate.shared
        let ticket = await gate.newTicket(for: test.name)
        do {
            try await withHangBound("the heavy-test gate", Self.gateBound) {
                try await withTaskCancellationHandler {
                    try await gate.acquire(ticket)
                } onCancel: {
                    Task { await gate.withdraw(ticket) }
                }
            }
        } catch let error as HangError {
            await gate.withdraw(ticket)
            let holder = await gate.holderName ?? "nobody"
            throw HangError("the heavy-test gate, held all that time by \(holder)", after: error.bound)
        }
        do {
            try await function()
        } catch {
            await gate.release(ticket)
            throw error
        }
        await gate.release(ticket)
    }
}

extension Trait where Self == HeavyWork {
    /// Runs the test (or each test of the suite) alone among the heavy tests of this process.
    public static var heavy: HeavyWork { HeavyWork() }
}

/// One heavy test at a time, first come first served; waiting suspends, it never blocks a thread.
actor HeavyGate {
    static let shared = HeavyGate()

    private var holder: Int?
    private var names: [Int: String] = [:]
    private var waiting: [(ticket: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextTicket = 0

    /// The name of the test holding the gate.
    var holderName: String? { holder.flatMap { names[$0] } }

    func newTicket(for name: String) -> Int {
        nextTicket += 1
        names[nextTicket] = name
        return nextTicket
    }

    /// Waits for the gate; throws `CancellationError` when ``withdraw(_:)`` takes the ticket back first.
    func acquire(_ ticket: Int) async throws {
        guard holder != nil else {
            holder = ticket
            return
        }
        try await withCheckedThrowingContinuation { waiting.append((ticket, $0)) }
    }

    /// Takes back a ticket that gave up waiting (or lets the gate go, if it was granted meanwhile).
    func withdraw(_ ticket: Int) {
        if let index = waiting.firstIndex(where: { $0.ticket == ticket }) {
            waiting.remove(at: index).continuation.resume(throwing: CancellationError())
            names[ticket] = nil
        } else if holder == ticket {
            release(ticket)
        }
    }

    func release(_ ticket: Int) {
        guard holder == ticket else { return }
        names[ticket] = nil
        if waiting.isEmpty {
            holder = nil
        } else {
            let next = waiting.removeFirst()
            holder = next.ticket
            next.continuation.resume()
        }
    }
}
