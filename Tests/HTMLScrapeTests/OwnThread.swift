import Foundation

/// Runs CPU-heavy test work (a million-node parse, a 100,000-element selector sweep) on a thread of
/// its own and hands back what it computed, so the `#expect`s stay in the test's task.
///
/// Swift's cooperative pool has one thread per core; a synchronous test that computes for seconds
/// holds one of them, and on a 2-core machine two such tests starve every async test running beside
/// them (the HTTP tests' time-outs then fire late). Work on its own thread leaves the pool free.
func runOnOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try work() })
        }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
