public import AirdateCore

/// How often a ``StoreObservation`` asks SQLite whether *another* process (or connection) changed
/// the database, and on which clock it waits between two questions.
///
/// Writes through the observing store are seen at once; writes by other processes are seen at the
/// next poll, so ``interval`` bounds their latency. One poll is a `PRAGMA data_version` on a
/// connection of its own: it reads no table, so polling every 250 ms costs next to nothing. When it
/// moved, the observation reads the file's per-table change counters (a row per table) and re-runs
/// its query only if a table it read changed.
/// Tests pass a `ViewerClock` built on a test clock and move it forward to trigger polls.
public struct ChangePolling: Sendable {
    /// The time between two polls.
    public var interval: Duration
    /// The clock the poller sleeps on.
    public var clock: ViewerClock

    /// Polls every `interval` (250 ms unless told) on `clock` (the system's unless told).
    public init(every interval: Duration = .milliseconds(250), clock: ViewerClock = .system()) {
        self.interval = interval
        self.clock = clock
    }
}
