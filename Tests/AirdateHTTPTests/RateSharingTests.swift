@testable import AirdateHTTP
import AirdateTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Rate budgets shared by default: a per-user folder, records replaced atomically")
struct RateSharingTests {
    @Test("the default is per user: $XDG_RUNTIME_DIR/airdate/rate, else airdate/rate in the caches folder")
    func perUserFolder() throws {
        let runtime = try TemporaryFiles.folder("runtime")
        let folder = try #require(RateSharing.perUserFolder(environment: ["XDG_RUNTIME_DIR": runtime.path]))
        #expect(folder.standardizedFileURL.path == runtime.appendingPathComponent("airdate/rate").standardizedFileURL.path)
        // A runtime folder that does not exist (or is relative) is not used.
        let fallback = RateSharing.perUserFolder(environment: ["XDG_RUNTIME_DIR": runtime.appendingPathComponent("missing").path])
        #expect(fallback?.path.hasSuffix("airdate/rate") == true)
        #expect(fallback?.path.hasPrefix(runtime.path) == false)
        #expect(RateSharing.perUserFolder(environment: ["XDG_RUNTIME_DIR": "relative"])?.path.hasPrefix("relative") != true)
        #expect(RateSharing.thisProcess.folder == nil)
        #expect(RateSharing.folder(runtime).folder == runtime)
        #expect(APIClientConfiguration(baseURL: URL(fileURLWithPath: "/"), userAgent: "t").rateSharing == .perUser)
    }

    @Test("a client with the default configuration and no disk cache shares through the per-user folder")
    func defaultClientUsesThePerUserFolder() throws {
        let limits = [RateLimit(limit: 3, per: .seconds(1))]
        let base = try #require(URL(string: "https://rate-sharing-\(UUID().uuidString.prefix(8)).example"))
        let budget = RateBudget.processDefault(for: base, limits: limits, folder: RateSharing.perUser.folder)
        #expect(budget.folder == RateSharing.perUserFolder())
        #expect(budget.folder != nil, "no per-user folder on this machine: budgets would be this process's alone")
    }

    /// The record file of `host` in `folder`, parsed.
    static func records(_ folder: URL, host: String) -> SharedRateWindow.Records {
        SharedRateWindow.parse(SharedRateWindow.contents(of: folder.appendingPathComponent(".rate-budget-" + host).path))
    }

    @Test("records are replaced by renaming a complete file; a file whose records have all left is removed")
    func replacedAtomically() async throws {
        let folder = try TemporaryFiles.folder("budget")
        let budget = RateBudget(limits: [RateLimit(limit: 5, per: .milliseconds(200))], host: "h", folder: folder)
        let slot = try await budget.acquire()
        #expect(Self.records(folder, host: "h").slots.count == 1)
        // A temporary file a killed writer left behind is never read, and the next write replaces it.
        try Data("garbage".utf8).write(to: folder.appendingPathComponent(".rate-budget-h.new"))
        await budget.release(slot)
        let after = Self.records(folder, host: "h")
        #expect(after.slots.count == 1 && after.slots[0].end != nil)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".rate-budget.lock").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".rate-budget-h.new").path))
        // Once the completion has left the window, the next update (here, of a slot nobody holds)
        // removes the file.
        try await Task.sleep(for: .milliseconds(300))
        await budget.release(RateSlot(token: 0))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".rate-budget-h").path))
    }

    @Test("kill -9 of a process rewriting the records, at any moment, never loses another process's records", .heavy)
    func killedWriterLosesNothing() async throws {
        let probe = try ProbeRun.executable()
        let folder = try TemporaryFiles.folder("budget-kill")
        // This process holds one slot in flight for the whole test: every rewrite must keep it.
        let held = RateBudget(limits: [RateLimit(limit: 1_000_000, per: .milliseconds(50))], host: "k", folder: folder)
        let slot = try await held.acquire()
        var random = SeededGenerator(seed: 0xC0FF_EE38)
        let pid = getpid()
        var lost = 0
        let rounds = 60
        for round in 0..<rounds {
            let hammer = try ProbeRun.start(probe, ["hammer", folder.path, "k"])
            try await hammer.waitForOutput("ready") { $0.contains("ready") }
            try await Task.sleep(for: .microseconds(Int.random(in: 0...20_000, using: &random)))
            hammer.kill()
            _ = try await hammer.finish()
            let records = Self.records(folder, host: "k")
            if !records.slots.contains(where: { $0.pid == pid && $0.end == nil }) {
                lost += 1
                Issue.record("round \(round): the slot this process holds is gone from the records (\(records.slots.count) left)")
            }
        }
        print("rate budget: \(rounds) writers killed (kill -9) mid-rewrite, \(lost) times a held slot was lost")
        await held.release(slot)
    }
}
