import Foundation

/// A value guarded by a lock: the one way Airdate's types share mutable state across threads.
///
/// Every read and write goes through ``withLock(_:)``, which holds the lock for the duration of the
/// closure only, so a value can never be touched unguarded. `LockBox` is a reference (a `final
/// class`): copies of it share one value. Like the standard library's `Mutex` (which needs macOS 15),
/// it is `Sendable` for any value, because the value only ever enters and leaves it as `sending`:
/// no other reference to it survives outside the box.
///
/// ```swift
/// let hits = LockBox(0)
/// hits.withLock { $0 += 1 }
/// let now = hits.withLock { $0 }
/// ```
///
/// Prefer an actor for state that lives across `await`s; a lock box is for short, synchronous
/// critical sections (caches, registries, callbacks from non-async code).
public final class LockBox<Value>: @unchecked Sendable {
    // The one `NSLock` of the package's sources; every access to `value` holds it.
    private let lock = NSLock()
    private var value: Value

    /// A box holding `value`.
    public init(_ value: sending Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// Do not call `withLock` on the same box from inside `body`: the lock is not recursive.
    public func withLock<Result>(_ body: (inout sending Value) throws -> sending Result) rethrows -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
