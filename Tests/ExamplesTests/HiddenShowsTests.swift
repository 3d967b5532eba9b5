import AirdateTestSupport
import Foundation
import Testing

/// Issue 38, class 2 in `arrowverse`: `shows --hide` hides a show everywhere, `--drop` takes it out of
/// next only, and the two say so in their help.
@Suite("arrowverse: hidden and dropped shows", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct HiddenShowsTests {
    static func arrowverse(_ scratch: Scratch, _ arguments: [String]) async throws -> ProgramRun {
        let run = try await ProgramRun.run("arrowverse", arguments + ["--db", scratch.db, "--time-zone", "UTC"])
        #expect(run.status == 0, "arrowverse \(arguments): \(run.stderr)")
        return run
    }

    @Test("--hide Constantine: not in list, next, progress or their --json; --drop Vixen: listed, not in next; --resume brings both back")
    func hideAndDrop() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        _ = try await Self.arrowverse(scratch, ["watch", "--through", "Arrow 3x08"])
        let shows = try await Self.arrowverse(scratch, ["shows", "--hide", "Constantine"])
        #expect(shows.stdout.contains("Constantine (hidden)"))
        _ = try await Self.arrowverse(scratch, ["shows", "--drop", "Vixen"])
        let list = try await Self.arrowverse(scratch, ["list"])
        #expect(!list.stdout.contains("Constantine"), "a hidden show is not listed")
        #expect(list.stdout.split(separator: "\n").count == 828 - 13)
        #expect(list.stdout.contains("Vixen"), "a dropped show is still listed")
        let json = try #require(try await Self.arrowverse(scratch, ["list", "--json"]).json() as? [String: Any])
        #expect((json["episodes"] as? [[String: Any]])?.contains { $0["show"] as? String == "Constantine" } == false)
        let next = try await Self.arrowverse(scratch, ["next"])
        #expect(!next.stdout.contains("Constantine") && !next.stdout.contains("Vixen"), "\(next.stdout)")
        let progress = try await Self.arrowverse(scratch, ["progress"])
        #expect(!progress.stdout.contains("Constantine") && progress.stdout.contains("Vixen"), "\(progress.stdout)")
        #expect(progress.stdout.contains("Overall: 62/815 aired watched"), "Constantine's 6 watched and 13 episodes are out: \(progress.stdout)")
        let status = try #require(try await Self.arrowverse(scratch, ["shows", "--json"]).json() as? [String: Any])
        let byName = Dictionary(uniqueKeysWithValues: ((status["shows"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0["status"] as? String ?? "") })
        #expect(byName["Constantine"] == "hidden" && byName["Vixen"] == "dropped" && byName["Arrow"] == "watching")
        _ = try await Self.arrowverse(scratch, ["shows", "--resume", "Constantine"])
        #expect(try await Self.arrowverse(scratch, ["list"]).stdout.contains("Constantine"))
    }

    @Test("--hide and --drop have help texts of their own")
    func distinctHelp() async throws {
        let help = try await ProgramRun.run("arrowverse", ["shows", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func helpOf(_ option: String) -> String {
            guard let start = text.range(of: "--\(option) <\(option)> ") else { return "" }
            let rest = text[start.upperBound...]
            return String(rest.prefix(120))
        }
        let hide = helpOf("hide"), drop = helpOf("drop")
        #expect(!hide.isEmpty && !drop.isEmpty, "\(help.stdout)")
        #expect(hide != drop)
        #expect(hide.contains("nowhere") && drop.contains("still in list"), "hide: \(hide); drop: \(drop)")
    }

    @Test("--only is the hidden setting (the web reads it), --show names a hidden show, --all shows them again, and export/import carry it")
    func onlyIsHidden() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let only = try await Self.arrowverse(scratch, ["shows", "--only", "Arrow,Flash"])
        #expect(only.stdout.contains("✓ Arrow\n") && only.stdout.contains("  Constantine (hidden)\n"), "\(only.stdout)")
        let named = try await Self.arrowverse(scratch, ["list", "--show", "Constantine"])
        #expect(named.stdout.split(separator: "\n").count == 13, "a hidden show named is listed: \(named.stdout)")
        let nextNamed = try await Self.arrowverse(scratch, ["next", "--show", "Constantine", "--json"])
        #expect(((try nextNamed.json() as? [String: Any])?["byShow"] as? [[String: Any]])?.first?["show"] as? String == "Constantine")
        _ = try await Self.arrowverse(scratch, ["export", scratch.file("progress.json")])
        let other = scratch.file("other.sqlite")
        let imported = try await ProgramRun.run("arrowverse", ["import", scratch.file("progress.json"), "--db", other, "--time-zone", "UTC"])
        #expect(imported.status == 0 && imported.stdout.contains("Shows hidden or dropped: none → "), "\(imported.stdout) \(imported.stderr)")
        let there = try await ProgramRun.run("arrowverse", ["list", "--db", other, "--time-zone", "UTC"])
        #expect(!there.stdout.contains("Constantine") && there.stdout.contains("The Flash"))
        let all = try await Self.arrowverse(scratch, ["shows", "--all"])
        #expect(all.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("✓ ") }, "\(all.stdout)")
        #expect(try await Self.arrowverse(scratch, ["list"]).stdout.split(separator: "\n").count == 828)
    }
}
