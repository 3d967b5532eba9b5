/// Paces requests so that no window of any ``RateLimit`` ever sees more requests than it admits.
///
/// One limiter is shared by every call of one client. A request holds its slot from
/// ``acquire()`` until ``release()`` and for a whole window after that, so even with network latency
/// the server never counts more than `limit` arrivals in any `interval` (a request arrives after it
/// was granted and before it completes). A 429's `Retry-After` can pause
/// everyone with ``pause(for:)``.
actor RateLimiter {
    private let windows: [RateLimit]
    private let timeline: Timeline
    private let longestInterval: Duration
    /// Completion offsets of recent requests, oldest first.
    private var completions: [Duration] = []
    private var inFlight = 0
    private var pausedUntil: Duration = .zero
    /// Waiters suspended until something changes (a release), by ticket.
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextTicket = 0

    /// A limiter enforcing every window of `limits` at once, timed by `clock`.
    init(limits: [RateLimit], clock: any Clock<Duration> = ContinuousClock()) {
        self.windows = limits
        self.timeline = Timeline(clock)
        self.longestInterval = limits.map(\.interval).max() ?? .zero
    }

    /// Waits for a slot in every window and takes it. Throws ``APIClientError/cancelled`` when the
    /// calling task is cancelled while waiting. Pair every successful call with ``release()``.
    func acquire() async throws {
        while true {
            try Task.checkCancellationAsClientError()
            let now = timeline.now()
            prune(now: now)
            if now < pausedUntil {
                try await timeline.sleepUntilOrCancel(pausedUntil)
                continue
            }
            switch nextOpening(now: now) {
            case .now:
                inFlight += 1
                return
            case .at(let offset):
                try await timeline.sleepUntilOrCancel(offset)
            case .afterRelease:
                try await waitForRelease()
            }
        }
    }

    /// Gives back the slot taken by ``acquire()``; the slot stays counted for one window from now.
    func release() {
        inFlight = max(0, inFlight - 1)
        completions.append(timeline.now())
        let waiting = waiters
        waiters.removeAll()
        for continuation in waiting.values { continuation.resume() }
    }

    /// Holds every request back for `duration` from now (used when the server answers 429 with
    /// `Retry-After`).
    func pause(for duration: Duration) {
        pausedUntil = max(pausedUntil, timeline.now() + duration)
    }

    private enum Opening { case now, at(Duration), afterRelease }

    /// When the next request may start given the slots in use.
    private func nextOpening(now: Duration) -> Opening {
        var latest: Duration? = nil
        for window in windows {
            let start = now - window.interval
            // Completions still inside this window, oldest first.
            let recent = completions.drop { $0 <= start }
            let used = inFlight + recent.count
            if used < window.limit { continue }
            if inFlight >= window.limit { return .afterRelease }
            // The oldest `used - limit + 1` completions must leave the window.
            let leaving = used - window.limit  // index into `recent` of the last one that must leave
            let index = recent.index(recent.startIndex, offsetBy: leaving)
            let opening = recent[index] + window.interval
            latest = max(latest ?? opening, opening)
        }
        if let latest { return .at(latest) }
        return .now
    }

    private func prune(now: Duration) {
        let start = now - longestInterval
        if let firstKept = completions.firstIndex(where: { $0 > start }) {
            if firstKept > 0 { completions.removeFirst(firstKept) }
        } else {
            completions.removeAll()
        }
    }

    private func waitForRelease() async throws {
        let ticket = nextTicket
        nextTicket += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[ticket] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(ticket) }
        }
        try Task.checkCancellationAsClientError()
    }

    private func cancelWaiter(_ ticket: Int) {
        waiters.removeValue(forKey: ticket)?.resume()
    }
}

extension Timeline {
    /// Sleeps until `offset`, mapping cancellation to ``APIClientError/cancelled``.
    func sleepUntilOrCancel(_ offset: Duration) async throws {
        do {
            try await sleepUntil(offset)
        } catch {
            throw APIClientError.cancelled
        }
    }
}
