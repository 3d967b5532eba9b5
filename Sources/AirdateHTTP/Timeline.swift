/// An injected clock seen as offsets from the moment the timeline was made, so that actors can
/// store instants of any `Clock<Duration>` (continuous, suspending, or a test clock).
struct Timeline: Sendable {
    /// Time elapsed since the timeline was made.
    let now: @Sendable () -> Duration
    /// Sleeps until the given offset; throws `CancellationError` when the task is cancelled.
    let sleepUntil: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let origin = clock.now
        now = { origin.duration(to: clock.now) }
        sleepUntil = { offset in try await clock.sleep(until: origin.advanced(by: offset), tolerance: nil) }
    }

    /// Sleeps for `duration` from now, mapping cancellation to ``APIClientError/cancelled``.
    func sleep(for duration: Duration) async throws {
        do {
            try await sleepUntil(now() + duration)
        } catch {
            throw APIClientError.cancelled
        }
    }
}
