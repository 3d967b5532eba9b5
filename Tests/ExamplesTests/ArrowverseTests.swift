import AirdateTestSupport
import Foundation
import Testing

/// `arrowverse` run as a user runs it, on the offline snapshot (828 episodes of eleven series), each
/// test with its own progress database in a fresh temporary folder.
@Suite("arrowverse", .serialized, .enabled(if: ProgramRun.programsFound, "the example programs are not built"))
struct ArrowverseTests {
    /// A fresh folder for one test: its database and files.
    private let folder: URL

    init() throws {
        folder = try TemporaryFiles.folder("arrowverse")
    }

    private var db: String { folder.appendingPathComponent("progress.sqlite").path }

    /// Runs `arrowverse ARGUMENTS --db DB`.
    private func arrowverse(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProgramRun {
        try await ProgramRun.run("arrowverse", arguments + ["--db", db])
    }

    /// Runs it and expects success with nothing on standard error but notes, no escape codes.
    private func succeeds(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> ProgramRun {
        let run = try await arrowverse(arguments)
        #expect(run.status == 0, "arrowverse \(arguments.joined(separator: " ")): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"), "no escape codes off a terminal", sourceLocation: sourceLocation)
        return run
    }

    private func lines(_ run: ProgramRun) -> [String] { run.stdout.split(separator: "\n").map(String.init) }

    /// The code a text line of `list` shows, as commands take it: the show and code columns
    /// ("✓   1  2012-10-10  Arrow                     1x01       Pilot" → "Arrow 1x01"), given the title.
    private func code(ofListLine line: String, title: String) -> String {
        var middle = String(line.dropFirst(19))
        if middle.hasSuffix(" " + title) { middle.removeLast(title.count + 1) }
        return middle.split(separator: " ").joined(separator: " ")
    }

    private func object(_ run: ProgramRun, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try run.json() as? [String: Any], "one JSON object: \(run.stdout.prefix(200))", sourceLocation: sourceLocation)
    }

    // MARK: list

    @Test("no subcommand lists all 828 episodes in airing order, crossovers in story order; the same twice")
    func defaultListing() async throws {
        let first = try await succeeds([])
        let listed = lines(first)
        #expect(listed.count == 828)
        for (index, line) in listed.enumerated() {
            #expect(Int(line.dropFirst(2).prefix(3).trimmingCharacters(in: .whitespaces)) == index + 1, "position of: \(line)")
        }
        let episodes = try #require(try object(try await succeeds(["list", "--json"]))["episodes"] as? [[String: Any]])
        #expect(episodes.count == listed.count)
        let codes = episodes.compactMap { $0["code"] as? String }
        for (line, episode) in zip(listed, episodes) {
            #expect(code(ofListLine: line, title: episode["title"] as? String ?? "") == episode["code"] as? String, "the code commands take, in: \(line)")
        }
        func position(_ code: String) throws -> Int { try #require(codes.firstIndex(of: code), "\(code) is listed") }
        #expect(try position("The Flash 1x08") < position("Arrow 3x08"))  // Flash vs. Arrow
        let earthX = try ["Supergirl 3x08", "Arrow 6x08", "The Flash 4x08", "Legends of Tomorrow 3x08"].map(position)
        #expect(earthX == earthX.sorted(), "Crisis on Earth-X in part order: \(earthX)")
        let invasion = try ["Supergirl 2x08", "The Flash 3x08", "Arrow 5x08", "Legends of Tomorrow 2x07"].map(position)
        #expect(invasion == invasion.sorted(), "Invasion! in story order: \(invasion)")
        // Airing order: the air days never go back by more than the crossovers' few days.
        let reader = ISO8601DateFormatter()
        reader.formatOptions = [.withFullDate]
        let days = listed.compactMap { line in reader.date(from: String(line.dropFirst(7).prefix(10))) }
        #expect(days.count > 800)
        for (earlier, later) in zip(days, days.dropFirst()) {
            #expect(later.timeIntervalSince(earlier) > -8 * 86_400, "airing order around \(earlier)")
        }
        let second = try await succeeds(["list"])
        #expect(second.stdout == first.stdout, "the same list from the stored episodes as from the snapshot")
    }

    @Test("list --json holds what the text shows: position, the code commands take, day, title, marks")
    func listJSON() async throws {
        _ = try await succeeds(["watch", "--through", "Arrow 1x05"])
        let text = lines(try await succeeds(["list"]))
        let document = try object(try await succeeds(["list", "--json"]))
        #expect(document["timeZone"] is String)
        let episodes = try #require(document["episodes"] as? [[String: Any]])
        #expect(episodes.count == text.count)
        let keys = Set(["position", "code", "id", "show", "season", "number", "title", "airDay", "broadcast", "runtime", "watched", "aired", "wikiURL", "crossover"])
        // Each episode links its own wiki article (never the list page); crossover parts say their crossover.
        #expect(episodes.allSatisfy { ($0["wikiURL"] as? String)?.hasPrefix("https://") == true && !(($0["wikiURL"] as? String) ?? "").contains("List_of") })
        let flash = try #require(episodes.first { $0["code"] as? String == "The Flash 1x08" })
        #expect((flash["crossover"] as? [String: Any])?["name"] as? String == "Flash vs. Arrow")
        #expect(episodes.first { $0["code"] as? String == "Arrow 1x01" }?["crossover"] is NSNull)
        for (episode, line) in zip(episodes, text) {
            #expect(Set(episode.keys) == keys, "stable keys: \(episode.keys.sorted())")
            let code = try #require(episode["code"] as? String)
            #expect(code == self.code(ofListLine: line, title: episode["title"] as? String ?? ""))
            #expect(line.hasSuffix(" " + (episode["title"] as? String ?? "?")))
            #expect(line.hasPrefix("✓") == (episode["watched"] as? Bool == true), "watched mark of \(code)")
            if let day = episode["airDay"] as? String {
                #expect(day.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) != nil)
                #expect(line.contains("  \(day)  "))
            }
        }
        #expect(episodes.filter { $0["watched"] as? Bool == true }.compactMap { $0["code"] as? String }
            == ["Arrow 1x01", "Arrow 1x02", "Arrow 1x03", "Arrow 1x04", "Arrow 1x05"])
        // The filters apply to both forms alike, names matched ignoring case.
        let filteredText = lines(try await succeeds(["list", "--show", "FLASH", "--unwatched", "--hide-specials"]))
        let filtered = try #require(try object(try await succeeds(["list", "--show", "flash", "--unwatched", "--hide-specials", "--json"]))["episodes"] as? [[String: Any]])
        #expect(filtered.count == filteredText.count)
        #expect(!filtered.isEmpty)
        #expect(filtered.allSatisfy { $0["show"] as? String == "The Flash" && $0["watched"] as? Bool == false && !($0["number"] is NSNull) })
    }

    @Test("every episode code list --json prints is taken by watch and unwatch, specials and punctuated names too")
    func codesRoundTrip() async throws {
        let episodes = try #require(try object(try await succeeds(["list", "--json"]))["episodes"] as? [[String: Any]])
        let codes = episodes.compactMap { $0["code"] as? String }
        let samples = ["Freedom Fighters: The Ray", "Superman & Lois", "Legends of Tomorrow", "Vixen", "Constantine"].compactMap { show in
            codes.first { $0.hasPrefix(show + " ") }
        } + codes.filter { $0.contains(" special ") }.prefix(1)
        #expect(samples.count == 6, "\(samples)")
        for code in samples {
            let marked = try await succeeds(["watch", code])
            #expect(marked.stdout.hasPrefix("Marked \(code) \""), "\(marked.stdout)")
            let unmarked = try await succeeds(["unwatch", code])
            #expect(unmarked.stdout.hasPrefix("Unmarked \(code) \""), "\(unmarked.stdout)")
        }
    }

    // MARK: shows

    @Test("shows: the choice is saved, names ignore case, --json agrees with the text")
    func shows() async throws {
        let all = lines(try await succeeds(["shows"]))
        #expect(all.count == 11, "eleven series offline, none missing: \(all)")
        #expect(all.allSatisfy { $0.hasPrefix("✓ ") })
        let chosen = lines(try await succeeds(["shows", "--only", "arrow, THE FLASH"]))
        #expect(chosen.filter { $0.hasPrefix("✓ ") } == ["✓ Arrow", "✓ The Flash"])
        let document = try object(try await succeeds(["shows", "--json"]))
        let shows = try #require(document["shows"] as? [[String: Any]])
        #expect(shows.count == 11)
        #expect(shows.filter { $0["followed"] as? Bool == true }.compactMap { $0["name"] as? String } == ["Arrow", "The Flash"])
        #expect(shows.compactMap { $0["episodes"] as? Int }.reduce(0, +) == 828)
        #expect((document["notLoaded"] as? [String])?.isEmpty == true)
        let progress = lines(try await succeeds(["progress"])).filter { !$0.hasPrefix(" ") }.map { $0.split(separator: ":").first.map(String.init) ?? "" }
        #expect(progress == ["Arrow", "The Flash", "Overall"])
        #expect(lines(try await succeeds(["shows", "--all"])).allSatisfy { $0.hasPrefix("✓ ") })

        expectOneLineError(try await arrowverse(["shows", "--only", "Smallville"]), program: "arrowverse", status: 1,
                           containing: ["Smallville", "Arrow", "The Flash"])
        expectOneLineError(try await arrowverse(["shows", "--only", "Arrow", "--all"]), program: "arrowverse", status: 64,
                           containing: ["--only", "--all"])
    }

    // MARK: next

    @Test("next: text and --json agree; --watch marks the next episode and says so; --show looks at one show")
    func next() async throws {
        let special = try #require(lines(try await succeeds(["list"])).first { $0.hasSuffix(" Crisis on Infinite Earths: Part Five") })
        #expect(code(ofListLine: special, title: "Crisis on Infinite Earths: Part Five") == "Legends of Tomorrow special 1")
        #expect(try await succeeds(["watch", "Legends special 1"]).stdout.hasPrefix("Marked Legends of Tomorrow special 1 \"Crisis on Infinite Earths: Part Five\" watched."))
        #expect(!(try await succeeds(["list", "--unwatched"]).stdout.contains("Crisis on Infinite Earths: Part Five")))
        let text = lines(try await succeeds(["next"]))
        let document = try object(try await succeeds(["next", "--json"]))
        #expect(Set(document.keys) == ["next", "byShow", "comingSoon"])
        let next = try #require(document["next"] as? [String: Any])
        #expect(next["code"] as? String == "Arrow 1x01")
        #expect(text.first == "Next: Arrow 1x01 \"Pilot\" — \(next["airDay"] as? String ?? "?")")
        let byShow = try #require(document["byShow"] as? [[String: Any]])
        #expect(byShow.count == 11)
        #expect(text.filter { $0.hasPrefix("  ") }.count == byShow.count)
        for (entry, line) in zip(byShow, text.filter { $0.hasPrefix("  ") }) {
            let show = try #require(entry["show"] as? String)
            let episode = try #require(entry["episode"] as? [String: Any])
            #expect(line.hasPrefix("  \(show)"))
            #expect(line.hasSuffix(episode["title"] as? String ?? "?"))
        }
        let coming = try #require(document["comingSoon"] as? [[String: Any]])
        #expect(text.filter { $0.hasPrefix("Coming ") }.count == coming.count)

        let watched = try await succeeds(["next", "--watch"])
        #expect(watched.stdout == "Marked Arrow 1x01 \"Pilot\" watched.\n")
        let after = try #require(try object(try await succeeds(["next", "--json"]))["next"] as? [String: Any])
        #expect(after["code"] as? String == "Arrow 1x02")
        let flash = try await succeeds(["next", "--show", "FLASH", "--watch"])
        #expect(flash.stdout == "Marked The Flash 1x01 \"Pilot\" watched.\n")
        let flashNext = try object(try await succeeds(["next", "--show", "the flash", "--json"]))
        #expect((flashNext["byShow"] as? [[String: Any]])?.compactMap { $0["show"] as? String } == ["The Flash"])
        #expect((flashNext["next"] as? [String: Any])?["code"] as? String == "The Flash 1x02")

        expectOneLineError(try await arrowverse(["next", "--watch", "--json"]), program: "arrowverse", status: 64, containing: ["--watch", "--json"])
        expectOneLineError(try await arrowverse(["next", "--show", "Smallville"]), program: "arrowverse", status: 1, containing: ["Smallville"])
    }

    @Test("next orders each show's next episode by air date, as airdate-web does: Constantine 1x07 (5 Dec 2014) before The Flash 1x09 (9 Dec) before Arrow 3x09 (10 Dec)")
    func nextByAirDate() async throws {
        _ = try await succeeds(["watch", "--through", "Arrow 3x08"])
        let document = try object(try await succeeds(["next", "--json", "--time-zone", "America/New_York"]))
        let byShow = try #require(document["byShow"] as? [[String: Any]])
        let episodes = byShow.compactMap { $0["episode"] as? [String: Any] }
        let codes = episodes.compactMap { $0["code"] as? String }
        #expect(Array(codes.prefix(3)) == ["Constantine 1x07", "The Flash 1x09", "Arrow 3x09"], "\(codes)")
        let days = episodes.compactMap { $0["airDay"] as? String }
        #expect(days.count == byShow.count && days == days.sorted(), "by air date: \(days)")
        // How far behind: Arrow 3x09 onwards, every aired Arrow episode after 3x08.
        #expect(byShow.first { $0["show"] as? String == "Arrow" }?["behind"] as? Int == 170 - 54)
        let text = lines(try await succeeds(["next", "--time-zone", "America/New_York"])).filter { $0.hasPrefix("  ") }
        #expect(text.count == byShow.count)
        for (line, code) in zip(text, codes) {
            let parts = code.split(separator: " ")
            #expect(line.hasPrefix("  " + parts.dropLast().joined(separator: " ")) && line.contains(" \(parts.last ?? "")  "), "\(line) shows \(code)")
        }
        #expect(text.first?.contains("2014-12-05") == true)
    }

    #if os(Linux)
    /// Runs `arrowverse arguments` on a pseudo-terminal made by util-linux `script(1)`; its output.
    private func onTerminal(_ arguments: [String], environment extra: [String: String]) async throws -> String {
        let program = try #require(TestPaths.builtProgram("arrowverse"))
        let command = ([program.path] + arguments + ["--db", db]).map { "'\($0)'" }.joined(separator: " ")
        var environment = ["TERM": "xterm", "COLORTERM": "", "COLORFGBG": ""]
        for (key, value) in extra { environment[key] = value }
        let run = try await ProgramRun.run(executable: URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
                                           environment: environment)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        return run.stdout
    }

    @Test("On a terminal, next, progress and list paint each show's name in its colour (24-bit or xterm's 256, for a light or dark background); NO_COLOR and pipes get none",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func showColours() async throws {
        _ = try await succeeds(["watch", "--through", "Arrow 3x08"])
        // Arrow's colour: #6fd394 on a dark background, #1b6e3a on a light one.
        let dark = try await onTerminal(["next"], environment: ["COLORTERM": "truecolor"])
        #expect(dark.contains("\u{1B}[38;2;111;211;148mArrow\u{1B}[39m"), "\(dark.debugDescription)")
        let light = try await onTerminal(["progress"], environment: ["COLORTERM": "truecolor", "COLORFGBG": "0;15"])
        #expect(light.contains("\u{1B}[38;2;27;110;58mArrow\u{1B}[39m: 54/170"), "\(light.prefix(400).debugDescription)")
        let palette = try await onTerminal(["next"], environment: [:])
        #expect(palette.contains("\u{1B}[38;5;") && !palette.contains("38;2;"), "\(palette.debugDescription)")
        let listed = try await onTerminal(["list", "--show", "Constantine"], environment: ["COLORTERM": "24bit"])
        #expect(listed.contains("Constantine\u{1B}[39m"), "\(listed.prefix(400).debugDescription)")
        for arguments in [["next"], ["progress"], ["list", "--show", "Vixen"]] {
            let plain = try await onTerminal(arguments, environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
            #expect(!plain.contains("\u{1B}["), "NO_COLOR: \(plain.prefix(300).debugDescription)")
            #expect(!(try await succeeds(arguments)).stdout.contains("\u{1B}"))
        }
    }
    #endif

    @Test("next --watch when everything aired is watched is one line, exit 1, and marks nothing")
    func nothingLeft() async throws {
        _ = try await succeeds(["watch", "--show", "Vixen"])
        let run = try await arrowverse(["next", "--show", "Vixen", "--watch"])
        expectOneLineError(run, program: "arrowverse", status: 1, containing: ["Vixen", "nothing"])
    }

    // MARK: watch and unwatch

    @Test("watch and unwatch say what changed: newly watched, already watched, not watched")
    func watchAndUnwatch() async throws {
        #expect(try await succeeds(["watch", "ARROW 3X08"]).stdout == "Marked Arrow 3x08 \"The Brave and the Bold\" watched.\n")
        #expect(try await succeeds(["watch", "arrow/s3e8"]).stdout == "Arrow 3x08 \"The Brave and the Bold\" was already watched; nothing changed.\n")
        #expect(try await succeeds(["unwatch", "Arrow S3E08"]).stdout == "Unmarked Arrow 3x08 \"The Brave and the Bold\".\n")
        #expect(try await succeeds(["unwatch", "Arrow 3x08"]).stdout == "Arrow 3x08 \"The Brave and the Bold\" was not marked watched; nothing changed.\n")

        #expect(try await succeeds(["watch", "--season", "Arrow 1"]).stdout == "Marked 23 episodes: 23 newly watched, 0 already watched.\n")
        #expect(try await succeeds(["watch", "--season", "arrow s1"]).stdout == "Marked 23 episodes: 0 newly watched, 23 already watched.\n")
        let through = try await succeeds(["watch", "--through", "The Flash 1x01"]).stdout
        let counts = try #require(through.wholeMatch(of: /Marked (\d+) episodes: (\d+) newly watched, 23 already watched.\n/))
        #expect(Int(counts.1) == (Int(counts.2) ?? 0) + 23)
        let show = try await succeeds(["watch", "--show", "vixen"]).stdout
        #expect(show.hasPrefix("Marked 12 episodes: 12 newly watched, 0 already watched."), "\(show)")
        // Unmark a season, then a whole show: every mark of it goes, nothing else.
        func arrowWatched() async throws -> Int? {
            let progress = try object(try await succeeds(["progress", "--json"]))
            let arrow = (progress["shows"] as? [[String: Any]])?.first { $0["show"] as? String == "Arrow" }
            return (arrow?["progress"] as? [String: Any])?["watched"] as? Int
        }
        let arrowBefore = try await arrowWatched()
        #expect(try await succeeds(["unwatch", "--season", "Vixen 2"]).stdout == "Unmarked 6 episodes of Vixen season 2.\n")
        #expect(try await succeeds(["unwatch", "--season", "Vixen 2"]).stdout == "No episode of Vixen season 2 was marked watched; nothing changed.\n")
        #expect(try await succeeds(["unwatch", "--show", "vixen"]).stdout == "Unmarked 6 episodes of Vixen.\n")
        #expect(try await arrowWatched() == arrowBefore)
        expectOneLineError(try await arrowverse(["unwatch", "--season", "Vixen 7"]), program: "arrowverse", status: 1, containing: ["Vixen", "1, 2"])
        expectOneLineError(try await arrowverse(["unwatch", "Arrow 1x01", "--show", "Arrow"]), program: "arrowverse", status: 64, containing: ["--season"])
    }

    @Test("watch: usage errors exit 64 naming the options; unknown shows, seasons and episodes exit 1 naming what exists")
    func watchErrors() async throws {
        expectOneLineError(try await arrowverse(["watch"]), program: "arrowverse", status: 64, containing: ["--through", "--season", "--show"])
        expectOneLineError(try await arrowverse(["watch", "Arrow 1x01", "--show", "Arrow"]), program: "arrowverse", status: 64, containing: ["EPISODE"])
        expectOneLineError(try await arrowverse(["watch", "Arrow 1x01", "--bogus"]), program: "arrowverse", status: 64, containing: ["--bogus"])
        expectOneLineError(try await arrowverse(["unwatch"]), program: "arrowverse", status: 64, containing: ["episode"])

        let season = try await arrowverse(["watch", "--season", "Arrow 9"])
        expectOneLineError(season, program: "arrowverse", status: 1, containing: ["Arrow has no season 9; its seasons are 1, 2, 3"])
        #expect(season.stdout.isEmpty)
        expectOneLineError(try await arrowverse(["watch", "Arrow 9x01"]), program: "arrowverse", status: 1, containing: ["no season 9"])
        expectOneLineError(try await arrowverse(["watch", "Arrow 3x99"]), program: "arrowverse", status: 1, containing: ["3x99", "Arrow 3x01"])
        expectOneLineError(try await arrowverse(["watch", "--show", "Smallville"]), program: "arrowverse", status: 1,
                           containing: ["No show \"Smallville\"; the shows are Arrow, The Flash"])
        expectOneLineError(try await arrowverse(["unwatch", "Smallville 1x01"]), program: "arrowverse", status: 1, containing: ["Smallville"])
        expectOneLineError(try await arrowverse(["watch", "pilot"]), program: "arrowverse", status: 1, containing: ["Arrow 3x08"])
        // Nothing was marked by any of them.
        #expect(try object(try await succeeds(["progress", "--json"]))["overall"].flatMap { ($0 as? [String: Any])?["watched"] as? Int } == 0)
    }

    // MARK: progress

    @Test("progress: text and --json agree per show, per season and overall")
    func progress() async throws {
        _ = try await succeeds(["watch", "--season", "Arrow 1"])
        _ = try await succeeds(["watch", "Supergirl 1x01"])
        let text = lines(try await succeeds(["progress"]))
        let document = try object(try await succeeds(["progress", "--json"]))
        let shows = try #require(document["shows"] as? [[String: Any]])
        #expect(shows.count == 11)
        func numbers(_ value: Any?) -> String {
            guard let progress = value as? [String: Any], let watched = progress["watched"] as? Int, let aired = progress["aired"] as? Int,
                  let total = progress["total"] as? Int, let percent = progress["percent"] as? Int else { return "?" }
            return "\(watched)/\(aired) aired watched (\(percent)%), \(total) listed"
        }
        var expected: [String] = []
        for show in shows {
            expected.append("\(show["show"] as? String ?? "?"): \(numbers(show["progress"]))")
            for season in show["seasons"] as? [[String: Any]] ?? [] {
                expected.append("  Season \(season["season"] as? Int ?? -1): \(numbers(season["progress"]))")
            }
            for episode in show["comingSoon"] as? [[String: Any]] ?? [] {
                let code = (episode["code"] as? String ?? "").dropFirst((show["show"] as? String ?? "").count + 1)
                expected.append("  Coming soon: \(code) \"\(episode["title"] as? String ?? "")\" — \(episode["airDay"] as? String ?? "TBA")")
            }
        }
        expected.append("Overall: \(numbers(document["overall"]))")
        #expect(text == expected)
        let arrow = try #require(shows.first)
        #expect(arrow["show"] as? String == "Arrow")
        #expect((arrow["progress"] as? [String: Any])?["watched"] as? Int == 23)
        #expect(((arrow["seasons"] as? [[String: Any]])?.first?["progress"] as? [String: Any])?["percent"] as? Int == 100)
        #expect((document["overall"] as? [String: Any])?["watched"] as? Int == 24)
        #expect((document["overall"] as? [String: Any])?["total"] as? Int == 828)
    }

    // MARK: export and import

    @Test("export then import twice: the second import says nothing was new; unknown ids are counted apart")
    func exportImport() async throws {
        _ = try await succeeds(["watch", "--season", "Arrow 1"])
        _ = try await succeeds(["shows", "--only", "Arrow"])
        let file = folder.appendingPathComponent("progress.json")
        #expect(try await succeeds(["export", file.path]).stdout == "Exported 23 watched marks to \(file.path).\n")
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect((exported["watched"] as? [String])?.count == 23)
        // --only hides every other show: the one hidden setting, which the file carries.
        let statuses = try #require(exported["showStatus"] as? [String: String])
        #expect(statuses.count == 10 && statuses["arrow"] == nil && Set(statuses.values) == ["hidden"], "\(statuses)")
        #expect(exported["selectedShows"] == nil)
        #expect((exported["exported"] as? String).flatMap(ISO8601DateFormatter().date(from:)) != nil)
        // To standard output: the same document.
        let printed = try #require(try await succeeds(["export"]).json() as? [String: Any])
        #expect(printed["watched"] as? [String] == exported["watched"] as? [String])

        let other = folder.appendingPathComponent("other.sqlite").path
        let first = try await ProgramRun.run("arrowverse", ["import", file.path, "--db", other])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("Imported 23 watched marks: 23 newly watched, 0 already watched.\nShows hidden or dropped: none → Batwoman (hidden), "),
                "every change an import makes is said, the shows hidden too: \(first.stdout)")
        let second = try await ProgramRun.run("arrowverse", ["import", file.path, "--db", other])
        #expect(second.stdout == "Imported 23 watched marks: 0 newly watched, 23 already watched.\n")
        let shows = try await ProgramRun.run("arrowverse", ["shows", "--db", other]).stdout
        #expect(shows.split(separator: "\n").filter { $0.hasPrefix("✓") } == ["✓ Arrow"], "the show choice came along")

        let foreign = folder.appendingPathComponent("foreign.json")
        try Data(#"{"version": 1, "exported": "2024-05-01T12:00:00Z", "watched": ["arrow/s1e1", "smallville/s1e1", "smallville/s1e2"], "hidesSpecials": false}"#.utf8)
            .write(to: foreign)
        let unknown = try await succeeds(["import", foreign.path])
        #expect(unknown.stdout == "Imported 3 watched marks: 0 newly watched, 1 already watched, "
            + "2 unknown (no listed episode has those ids; kept for when one is listed).\n", "a file without statuses leaves them")
    }

    @Test("export and import failures are one line naming the file: missing folder, missing file, not JSON, foreign JSON, a folder")
    func exportImportErrors() async throws {
        expectOneLineError(try await arrowverse(["export", "/nonexistent-airdate/x.json"]), program: "arrowverse", status: 1,
                           containing: ["/nonexistent-airdate/x.json", "does not exist"])
        expectOneLineError(try await arrowverse(["export", folder.path]), program: "arrowverse", status: 1, containing: [folder.path, "folder"])
        expectOneLineError(try await arrowverse(["import", folder.appendingPathComponent("missing.json").path]), program: "arrowverse",
                           status: 1, containing: ["missing.json", "does not exist"])
        let broken = folder.appendingPathComponent("broken.json")
        try Data(#"{"version": 1"#.utf8).write(to: broken)
        expectOneLineError(try await arrowverse(["import", broken.path]), program: "arrowverse", status: 1,
                           containing: ["broken.json", "not valid JSON", "arrowverse export"])
        let foreign = folder.appendingPathComponent("foreign.json")
        try Data(#"{"shows": ["Arrow"]}"#.utf8).write(to: foreign)
        expectOneLineError(try await arrowverse(["import", foreign.path]), program: "arrowverse", status: 1,
                           containing: ["foreign.json", "version", "arrowverse export"])
        let array = folder.appendingPathComponent("array.json")
        try Data("[1, 2, 3]".utf8).write(to: array)
        expectOneLineError(try await arrowverse(["import", array.path]), program: "arrowverse", status: 1, containing: ["array.json"])
        let future = folder.appendingPathComponent("future.json")
        try Data(#"{"version": 9, "exported": "2024-05-01T12:00:00Z", "watched": [], "hidesSpecials": false}"#.utf8).write(to: future)
        expectOneLineError(try await arrowverse(["import", future.path]), program: "arrowverse", status: 1, containing: ["version 9"])
        expectOneLineError(try await arrowverse(["import", folder.path]), program: "arrowverse", status: 1, containing: [folder.path, "folder"])
        expectOneLineError(try await arrowverse(["import"]), program: "arrowverse", status: 64, containing: ["file"])
    }

    // MARK: options every command takes

    @Test("a missing snapshot folder, an incomplete one, a missing database folder: one line each, exit 1",
          arguments: ["list", "shows", "next", "progress", "export"])
    func runTimeErrors(command: String) async throws {
        expectOneLineError(try await arrowverse([command, "--snapshot", "/nonexistent-airdate"]), program: "arrowverse", status: 1,
                           containing: ["/nonexistent-airdate", "--snapshot"])
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        expectOneLineError(try await arrowverse([command, "--snapshot", empty.path]), program: "arrowverse", status: 1,
                           containing: [empty.path, "franchise.json"])
        expectOneLineError(try await ProgramRun.run("arrowverse", [command, "--db", "/nonexistent-airdate/progress.sqlite"]),
                           program: "arrowverse", status: 1, containing: ["/nonexistent-airdate", "--db"])
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-airdate"))
    }

    @Test("usage errors exit 64 with one line naming the option, wherever the options stand",
          arguments: ["list", "shows", "next", "watch", "unwatch", "progress", "export", "import"])
    func usageErrors(command: String) async throws {
        // The arguments the command needs, so only the option at fault is wrong.
        let needed = ["watch": ["Arrow 1x01"], "unwatch": ["Arrow 1x01"], "import": ["progress.json"]][command] ?? []
        expectOneLineError(try await arrowverse([command] + needed + ["--time-zone", "Mars/Base"]), program: "arrowverse", status: 64,
                           containing: ["Mars/Base", "--time-zone"])
        expectOneLineError(try await arrowverse(["--live", command] + needed + ["--offline"]), program: "arrowverse", status: 64,
                           containing: ["--live", "--offline"])
        expectOneLineError(try await arrowverse([command] + needed + ["--frobnicate"]), program: "arrowverse", status: 64, containing: ["--frobnicate"])
        let help = try await arrowverse([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--db"))
        if ["list", "shows", "next", "progress"].contains(command) {
            #expect(help.stdout.contains("--json"), "\(command) documents --json")
        }
    }

    @Test("--tvmaze --offline adds broadcast instants (ISO 8601 in --json); notes go to stderr only")
    func tvmazeOffline() async throws {
        let run = try await succeeds(["list", "--tvmaze", "--offline"])
        #expect(run.stderr.contains("TVMaze Supergirl: 86 broadcast times added, 0 dates differ"))
        #expect(!run.stdout.contains("TVMaze"))
        let listed = lines(run)
        let part1 = try #require(listed.firstIndex { $0.contains("Crisis on Earth-X, Part 1") })
        let part2 = try #require(listed.firstIndex { $0.contains("Crisis on Earth-X, Part 2") })
        #expect(part1 < part2)
        let episodes = try #require(try object(try await succeeds(["list", "--json"]))["episodes"] as? [[String: Any]])
        let supergirl = try #require(episodes.first { $0["code"] as? String == "Supergirl 3x08" })
        let broadcast = try #require(supergirl["broadcast"] as? String)
        #expect(ISO8601DateFormatter().date(from: broadcast) != nil, "ISO 8601 instant: \(broadcast)")
        // TVMaze's runtimes come with its times: the rows carry them in minutes (null where unknown).
        let timed = try #require(try object(try await succeeds(["list", "--tvmaze", "--offline", "--json"]))["episodes"] as? [[String: Any]])
        #expect(timed.first { $0["code"] as? String == "Supergirl 3x08" }?["runtime"] as? Int == 60)
        #expect(timed.contains { $0["code"] as? String == "Vixen 1x01" && $0["runtime"] is NSNull })
    }

    @Test("runs from any folder: the franchise and snapshot come with the program (a resource), not from the working folder")
    func anyFolder() async throws {
        let elsewhere = try TemporaryFiles.folder("arrowverse-cwd")
        let run = try await ProgramRun.run("arrowverse", ["list", "--db", db], in: elsewhere)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(lines(run).count == 828)
        let tvmaze = try await ProgramRun.run("arrowverse", ["list", "--tvmaze", "--offline", "--db", db], in: elsewhere)
        #expect(tvmaze.stderr.contains("TVMaze Supergirl: 86 broadcast times added"), "\(tvmaze.stderr)")
        // Back to the schedule facts: TVMaze's instants are dropped, and said so.
        let back = try await ProgramRun.run("arrowverse", ["list", "--db", db], in: elsewhere)
        #expect(back.stderr.hasPrefix("Ordered by the schedule facts: "), "\(back.stderr)")
        #expect(back.stderr.contains("broadcast times an earlier --tvmaze run stored are not kept"))
    }

    @Test("--json output is the same document run after run", arguments: [["list", "--json"], ["shows", "--json"], ["next", "--json"], ["progress", "--json"]])
    func deterministic(arguments: [String]) async throws {
        let first = try await succeeds(arguments)
        let second = try await succeeds(arguments)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
        #expect(first.stderr.isEmpty && second.stderr.isEmpty, "nothing but results: \(first.stderr)")
    }
}
