@testable import AirdateHTTP
import AirdateTestSupport
import Clocks
import Foundation
import Testing

@Suite("Rate budgets: one per host in a process, shared through a file across processes")
struct RateBudgetTests {
    typealias Window = SharedRateWindow
    let twentyPerTen = [RateLimit(limit: 20, per: .seconds(10))]

    @Test("clients of one host share the process's default budget; another port or other limits do not")
    func processDefaultSharing() {
        let base = URL(string: "https://api.tvmaze.com")!
        let one = RateBudget.processDefault(for: base, limits: twentyPerTen)
        let two = RateBudget.processDefault(for: URL(string: "https://API.tvmaze.com/shows")!, limits: twentyPerTen)
        #expect(one === two)
        let otherPort = RateBudget.processDefault(for: URL(string: "https://api.tvmaze.com:8443")!, limits: twentyPerTen)
        #expect(otherPort !== one)
        let otherLimits = RateBudget.processDefault(for: base, limits: [RateLimit(limit: 1, per: .seconds(1))])
        #expect(otherLimits !== one)
        let folder = RateBudget.processDefault(for: base, limits: twentyPerTen, folder: URL(fileURLWithPath: "/tmp/x"))
        #expect(folder !== one)
        #expect(RateBudget.origin(of: URL(string: "http://127.0.0.1:8080/a")!) == "http://127.0.0.1:8080")
    }

    @Test("the default budget goes when no client holds it")
    func processDefaultIsWeak() {
        let base = URL(string: "https://weak.example")!
        weak let first = RateBudget.processDefault(for: base, limits: twentyPerTen)
        #expect(first == nil)
        let held = RateBudget.processDefault(for: base, limits: twentyPerTen)
        #expect(RateBudget.processDefault(for: base, limits: twentyPerTen) === held)
    }

    @Test("two APIClients made apart draw on one budget unless one is injected")
    func clientsShare() {
        let configuration = APIClientConfiguration(baseURL: URL(string: "https://share.example")!, userAgent: "t", rateLimits: twentyPerTen)
        _ = APIClient(configuration: configuration)
        var own = configuration
        let injected = RateBudget(limits: twentyPerTen)
        own.rateBudget = injected
        #expect(own.rateBudget === injected)
    }

    // MARK: The decision, on records with chosen times

    func slot(_ pid: Int32 = 1, start: Int64, end: Int64?) -> Window.Slot {
        Window.Slot(pid: pid, token: UInt64(start), start: start, end: end)
    }

    @Test("a free window opens now; a full one when its oldest completion leaves it")
    func openings() {
        var records = Window.Records()
        #expect(Window.opening(records, windows: twentyPerTen, now: 100_000) == .now)
        records.slots = (0..<20).map { slot(start: 90_000 + Int64($0) * 100, end: 90_500 + Int64($0) * 100) }
        // 20 completions in the last 10 s: the first leaves at 90 500 + 10 000.
        #expect(Window.opening(records, windows: twentyPerTen, now: 95_000) == .at(100_500))
        // 20 in flight: only a completion frees a slot.
        records.slots = (0..<20).map { slot(start: 94_000 + Int64($0), end: nil) }
        #expect(Window.opening(records, windows: twentyPerTen, now: 95_000) == .afterRelease)
    }

    @Test("in-flight requests of other processes count; a Retry-After pause holds everyone")
    func otherProcessesAndPause() {
        var records = Window.Records()
        records.slots = (0..<10).map { _ in slot(1, start: 94_000, end: nil) } + (0..<10).map { _ in slot(2, start: 94_000, end: 94_500) }
        #expect(Window.opening(records, windows: twentyPerTen, now: 95_000) == .at(104_500))
        records.slots = []
        records.pausedUntil = 120_000
        #expect(Window.opening(records, windows: twentyPerTen, now: 95_000) == .at(120_000))
    }

    @Test("a dead process's request in flight counts as completed now, then leaves with its window")
    func staleRecords() {
        var records = Window.Records()
        records.slots = [slot(4242, start: 50_000, end: nil), slot(7, start: 60_000, end: 61_000)]
        Window.prune(&records, now: 70_000, windows: twentyPerTen, isAlive: { $0 != 4242 })
        #expect(records.slots == [slot(4242, start: 50_000, end: 70_000), slot(7, start: 60_000, end: 61_000)])
        Window.prune(&records, now: 75_000, windows: twentyPerTen, isAlive: { _ in true })
        #expect(records.slots == [slot(4242, start: 50_000, end: 70_000)])
        Window.prune(&records, now: 80_001, windows: twentyPerTen, isAlive: { _ in true })
        #expect(records.slots.isEmpty)
    }

    @Test("a request in flight for longer than ten minutes (a reused process id) stops counting as in flight")
    func hungRecord() {
        var records = Window.Records()
        records.slots = [slot(1, start: 0, end: nil)]
        Window.prune(&records, now: Window.longestFlight + 1, windows: twentyPerTen, isAlive: { _ in true })
        #expect(records.slots.first?.end == Window.longestFlight + 1)
    }

    @Test("the records survive a round trip through the file's text; torn lines are skipped")
    func fileFormat() {
        var records = Window.Records()
        records.slots = [slot(3, start: 1, end: nil), slot(4, start: 2, end: 5)]
        records.pausedUntil = 9
        #expect(Window.parse(Window.render(records)) == records)
        let torn = Window.render(records) + "slot 5 6 7\nslot x y z -\npau"
        #expect(Window.parse(torn) == records)
    }

    @Test("two budgets on one folder (as two processes would) never exceed the window together")
    func twoBudgetsOneFile() async throws {
        let folder = try TemporaryFiles.folder("budget")
        let clock = TestClock()
        let now = LockedDate(Date(timeIntervalSince1970: 1_000_000))
        let limits = [RateLimit(limit: 3, per: .seconds(10))]
        let one = RateBudget(limits: limits, host: "h", folder: folder, clock: clock, wallClock: { now.value })
        let two = RateBudget(limits: limits, host: "h", folder: folder, clock: clock, wallClock: { now.value })
        var slots: [(RateBudget, RateSlot)] = []
        for budget in [one, two, one] {
            slots.append((budget, try await budget.acquire()))
        }
        // The window is full: a fourth request, from either, waits.
        let done = LockedDate(.distantPast)
        let waiting = Task {
            let slot = try await two.acquire()
            done.advance(by: 1)
            return slot
        }
        for (budget, slot) in slots { await budget.release(slot) }
        // Five seconds on: the three completions are still in the window.
        now.advance(by: 5)
        for _ in 0..<10 {
            await clock.advance(by: .seconds(1))
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(done.value == .distantPast)
        // Eleven seconds on, the first completion has left: the fourth request goes.
        now.advance(by: 6)
        try await waitUntil("the fourth request to get its slot", poll: .milliseconds(20)) {
            await clock.advance(by: .seconds(1))
            return done.value != .distantPast
        }
        let fourth = try await withHangBound("the fourth request's slot") { try await waiting.value }
        await two.release(fourth)
        let text = try String(contentsOf: folder.appendingPathComponent(".rate-budget-h"), encoding: .utf8)
        // Nothing is left in flight; what is left are completions still inside the window.
        let lines = text.split(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(lines.allSatisfy { $0.hasPrefix("slot ") && !$0.hasSuffix(" -") }, "\(text)")
    }
}

/// A wall clock a test moves.
final class LockedDate: @unchecked Sendable {
    private let lock = NSLock()
    private var date: Date
    init(_ date: Date) { self.date = date }
    var value: Date {
        lock.lock()
        defer { lock.unlock() }
        return date
    }
    func advance(by seconds: TimeInterval) {
        lock.lock()
        date += seconds
        lock.unlock()
    }
}
