#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A rate budget kept in a file that several processes share: each request's start and completion,
/// with wall-clock times, read, decided on and rewritten while holding an exclusive `flock` on the
/// folder's lock file (never held across a wait).
///
/// The file is a few lines of text: `slot <pid> <token> <start ms> <end ms or ->` per request still
/// counted, and `pause <until ms>` while a server's `Retry-After` holds everyone back. It is never
/// rewritten in place: the new records go to a temporary file that is renamed over it, so a process
/// killed at any moment leaves the old records or the new ones (the lock is a file of its own, which
/// the rename leaves alone, and the kernel releases it with the process). Unreadable lines are
/// skipped (a file from elsewhere costs at most a little pacing, never an error).
actor SharedRateWindow {
    /// One request still counted.
    struct Slot: Equatable {
        var pid: Int32
        var token: UInt64
        var start: Int64
        var end: Int64?
    }

    /// The file's content.
    struct Records: Equatable {
        var slots: [Slot] = []
        var pausedUntil: Int64 = 0
    }

    /// When the next request may start.
    enum Opening: Equatable {
        case now
        case at(Int64)
        /// The windows are full of requests in flight: only a completion frees a slot.
        case afterRelease
    }

    private let path: String
    private let temporaryPath: String
    private let lockPath: String
    /// The lock file, opened on first use and kept open (closed with the window).
    private var lockDescriptor: Int32 = -1
    private let windows: [RateLimit]
    private let timeline: Timeline
    private let wallClock: @Sendable () -> Date
    private let pid = getpid()
    /// How often a waiter looks again for completions in other processes.
    private let poll: Duration = .milliseconds(100)
    /// Waiters of this process, woken by its own releases.
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextTicket = 0

    /// The longest a request is counted as in flight, whatever its record says (a process that
    /// hangs, or a process identifier reused after a crash): ten minutes.
    static let longestFlight: Int64 = 10 * 60 * 1000

    /// The window kept in `folder/name`, locked through `folder/.rate-budget.lock`.
    init(folder: URL, name: String, limits: [RateLimit], clock: any Clock<Duration>, wallClock: @escaping @Sendable () -> Date) {
        path = folder.appendingPathComponent(name).path
        temporaryPath = folder.appendingPathComponent(name + ".new").path
        lockPath = folder.appendingPathComponent(Self.lockName).path
        windows = limits
        timeline = Timeline(clock)
        self.wallClock = wallClock
        // The user's own folder: other users neither read nor write it.
        try? FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// The lock file every budget of a folder locks, whatever its host.
    static let lockName = ".rate-budget.lock"

    private var nowMillis: Int64 { Int64((wallClock().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// Takes a slot in every window, waiting as long as needed.
    func acquire() async throws -> RateSlot {
        while true {
            try Task.checkCancellationAsClientError()
            // Random, so that two budgets of one process on one file never share a token.
            let token = UInt64.random(in: 1...UInt64.max)
            let decision = update { records, now in
                let opening = Self.opening(records, windows: windows, now: now)
                if opening == .now {
                    records.slots.append(Slot(pid: pid, token: token, start: now, end: nil))
                }
                return opening
            }
            switch decision {
            case .now:
                return RateSlot(token: token)
            case .at(let millis):
                let wait = Duration.milliseconds(max(1, millis - nowMillis))
                try await sleepOrRelease(min(wait, poll * 10))
            case .afterRelease:
                try await sleepOrRelease(poll)
            }
        }
    }

    /// Records the completion of `slot`.
    func release(_ slot: RateSlot) {
        update { records, now in
            if let index = records.slots.firstIndex(where: { $0.pid == pid && $0.token == slot.token }) {
                records.slots[index].end = now
            }
        }
        let waiting = waiters
        waiters.removeAll()
        for continuation in waiting.values { continuation.resume() }
    }

    /// Holds every process back for `duration` from now.
    func pause(for duration: Duration) {
        let millis = Int64(duration.inSeconds * 1000)
        update { records, now in
            records.pausedUntil = max(records.pausedUntil, now + millis)
        }
    }

    // MARK: The decision, a pure function of the records

    /// When the next request may start, given `records` at `now` (pruned first: see ``prune(_:now:windows:isAlive:)``).
    static func opening(_ records: Records, windows: [RateLimit], now: Int64) -> Opening {
        if now < records.pausedUntil { return .at(records.pausedUntil) }
        let inFlight = records.slots.filter { $0.end == nil }.count
        let completions = records.slots.compactMap(\.end).sorted()
        var latest: Int64? = nil
        for window in windows {
            let interval = Int64(window.interval.inSeconds * 1000)
            let recent = completions.filter { $0 > now - interval }
            let used = inFlight + recent.count
            if used < window.limit { continue }
            if inFlight >= window.limit { return .afterRelease }
            // The oldest `used - limit + 1` completions must leave the window.
            let opening = recent[used - window.limit] + interval
            latest = max(latest ?? opening, opening)
        }
        return latest.map { .at($0) } ?? .now
    }

    /// Drops what no window counts any more, and settles the requests of processes that are gone:
    /// a record in flight whose process no longer runs (or older than ``longestFlight``) counts as
    /// completed now — its request may have reached the server just before the process ended.
    static func prune(_ records: inout Records, now: Int64, windows: [RateLimit], isAlive: (Int32) -> Bool) {
        let longest = windows.map { Int64($0.interval.inSeconds * 1000) }.max() ?? 0
        var alive: [Int32: Bool] = [:]
        records.slots = records.slots.compactMap { slot in
            var slot = slot
            if slot.end == nil {
                let running = alive[slot.pid] ?? isAlive(slot.pid)
                alive[slot.pid] = running
                if !running || now - slot.start > longestFlight { slot.end = now }
            }
            guard let end = slot.end, end <= now - longest else { return slot }
            return nil
        }
        if records.pausedUntil <= now { records.pausedUntil = 0 }
    }

    /// Whether process `pid` runs (a process of another user counts as running).
    static func processIsAlive(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    // MARK: The file

    /// Reads the records under the lock, prunes them, lets `change` decide and edit, writes them back
    /// (a temporary file renamed over the old one; no file at all once nothing is counted).
    @discardableResult
    private func update<T>(_ change: (inout Records, Int64) -> T) -> T {
        let now = nowMillis
        guard lock() else {
            // No lock file (a read-only folder, or none at all): this process alone.
            var records = memoryOnly
            Self.prune(&records, now: now, windows: windows, isAlive: { _ in true })
            let result = change(&records, now)
            memoryOnly = records
            return result
        }
        defer { unlock() }
        var records = Self.parse(Self.contents(of: path))
        Self.prune(&records, now: now, windows: windows, isAlive: Self.processIsAlive)
        let result = change(&records, now)
        if records.slots.isEmpty, records.pausedUntil == 0 {
            unlink(path)
        } else {
            Self.replace(path, with: Array(Self.render(records).utf8), through: temporaryPath)
        }
        return result
    }

    /// Takes the folder's lock (waiting for other processes); returns whether it is held.
    private func lock() -> Bool {
        if lockDescriptor < 0 {
            lockDescriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if lockDescriptor < 0 { return false }
        }
        while flock(lockDescriptor, LOCK_EX) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    private func unlock() {
        _ = flock(lockDescriptor, LOCK_UN)
    }

    private var memoryOnly = Records()

    /// The whole content of the file at `path` (empty when there is none).
    static func contents(of path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `bytes` to `temporary` and renames it over `path`; on any failure `path` keeps what it
    /// had. (Only the holder of the lock writes `temporary`, so no two writers share it; one left by
    /// a killed process is overwritten by the next.)
    static func replace(_ path: String, with bytes: [UInt8], through temporary: String) {
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            written += count
        }
        close(fd)
        if written != bytes.count || rename(temporary, path) != 0 {
            unlink(temporary)
        }
    }

    static func parse(_ text: String) -> Records {
        var records = Records()
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 5, parts[0] == "slot", let pid = Int32(parts[1]), let token = UInt64(parts[2]),
               let start = Int64(parts[3]) {
                records.slots.append(Slot(pid: pid, token: token, start: start, end: Int64(parts[4])))
            } else if parts.count == 2, parts[0] == "pause", let until = Int64(parts[1]) {
                records.pausedUntil = max(records.pausedUntil, until)
            }
        }
        return records
    }

    static func render(_ records: Records) -> String {
        var text = ""
        if records.pausedUntil > 0 { text += "pause \(records.pausedUntil)\n" }
        for slot in records.slots {
            text += "slot \(slot.pid) \(slot.token) \(slot.start) \(slot.end.map(String.init) ?? "-")\n"
        }
        return text
    }

    // MARK: Waiting

    /// Sleeps `duration`, or less when a request of this process completes.
    private func sleepOrRelease(_ duration: Duration) async throws {
        let ticket = nextTicket
        nextTicket += 1
        let timer = Task { [timeline] in
            try? await timeline.sleepUntil(timeline.now() + duration)
            self.wake(ticket)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                if Task.isCancelled {
                    continuation.resume()
                } else {
                    waiters[ticket] = continuation
                }
            }
        } onCancel: {
            Task { await self.wake(ticket) }
        }
        timer.cancel()
        try Task.checkCancellationAsClientError()
    }

    private func wake(_ ticket: Int) {
        waiters.removeValue(forKey: ticket)?.resume()
    }
}
