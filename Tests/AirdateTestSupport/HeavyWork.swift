public import Testing

/// The trait of CPU-heavy tests (conformance suites, fuzzing, scale, many processes): they run one at
/// a time across the whole test process, whatever target they are in, so that together they never
/// take every core from the loopback and clock-driven tests running beside them.
///
/// ```swift
/// @Suite(.heavy) struct TreeConstructionConformanceTests { … }
/// @Test(.heavy) func millionNestedElements() async throws { … }
/// ```
public struct HeavyWork: SuiteTrait, TestTrait, TestScoping {
    /// Applied to every test of a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs one test case while holding the process-wide gate.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope (no test case) takes nothing: its tests take the gate one by one.
        guard testCase != nil else { return try await function() }
        await HeavyGate.shared.acquire()
        do {
            try await function()
        } catch {
            await HeavyGate.shared.release()
            throw error
        }
        await HeavyGate.shared.release()
    }
}

extension Trait where Self == HeavyWork {
    /// Runs the test (or each test of the suite) alone among the heavy tests of this process.
    public static var heavy: HeavyWork { HeavyWork() }
}

/// One heavy test at a time, first come first served; waiting suspends, it never blocks a thread.
actor HeavyGate {
    static let shared = HeavyGate()

    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
