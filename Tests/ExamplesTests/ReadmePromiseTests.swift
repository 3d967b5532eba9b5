import AirdateTestSupport
import Foundation
import Testing

/// Issue 38, class 3: what the README says the programs do, each checked as a user meets it. No test
/// reaches the internet: "no network" is a proxy whose name the resolver refuses before any query (a
/// label of 64 letters), so every host is unreachable at once, as on a machine without a network.
@Suite("README promises", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ReadmePromiseTests {
    /// `https_proxy` and `http_proxy` naming a host that cannot be resolved: no request leaves the machine.
    static let noNetwork: [String: String] = {
        let proxy = "http://\(String(repeating: "a", count: 64)).invalid:1"
        return ["https_proxy": proxy, "http_proxy": proxy, "HTTPS_PROXY": proxy, "HTTP_PROXY": proxy, "no_proxy": "", "NO_PROXY": ""]
    }()

    @Test("arrowverse --live without a network: the first page fails, the site's other pages are not tried (one line says which), one whole error line")
    func liveWithoutNetwork() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let run = try await ProgramRun.run("arrowverse", ["list", "--live", "--db", scratch.db], environment: Self.noNetwork)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        let tried = lines.filter { $0.hasPrefix("[") }
        #expect(tried.count == 1 && tried.first?.hasPrefix("[1/11] Arrow: failed.") == true, "one page tried: \(run.stderr)")
        let skipped = try #require(lines.first { $0.hasPrefix("Not tried") }, "\(run.stderr)")
        for show in ["The Flash", "Supergirl", "Legends of Tomorrow", "Constantine", "Freedom Fighters: The Ray"] {
            #expect(skipped.contains(show), "\(show) named as not tried: \(skipped)")
        }
        let last = try #require(lines.last.map(String.init))
        #expect(last.hasPrefix("arrowverse: ") && !last.contains("…"), "the error line is whole: \(last)")
        #expect(last.contains("read the offline snapshot instead"), "it says what to do: \(last)")
    }

    @Test("animeplan import without a network: one line, exit 1, nothing written (\"nor when the network fails on the way\")")
    func importWithoutNetwork() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let list = TestPaths.fixtures("myanimelist/animelist.xml").path
        let run = try await ProgramRun.run("animeplan", ["import", "--from", "mal", list, "--db", scratch.db], environment: Self.noNetwork)
        expectOneLineError(run, program: "animeplan", status: 1, containing: ["api.jikan.moe", "nothing was imported"])
        let today = try await AnimePlanTests.run(scratch, ["today"])
        #expect(today.stdout.contains("nothing tracked"), "\(today.stdout)")
    }

    @Test("tvweek and animeplan search without a network: one line naming the host, exit 1")
    func liveToolsWithoutNetwork() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        expectOneLineError(try await ProgramRun.run("tvweek", [], environment: Self.noNetwork), program: "tvweek", status: 1, containing: ["api.tvmaze.com"])
        expectOneLineError(try await ProgramRun.run("animeplan", ["search", "frieren", "--db", scratch.db], environment: Self.noNetwork),
                           program: "animeplan", status: 1, containing: ["api.jikan.moe"])
    }
}
