import ArgumentParser
import CommandLineSupport
import Foundation
import Testing

@Suite("Terminal manners and shared options")
struct TerminalOptionsTests {
    @Test("NO_COLOR removes colour only: a terminal still redraws; TERM=dumb neither colours nor redraws")
    func noColorKeepsRedrawing() {
        let noColor = Terminal(outputIsTerminal: true, errorIsTerminal: true, colorDisabled: true)
        #expect(!noColor.usesColor)
        #expect(noColor.controlsScreen)
        #expect(noColor.bold("x") == "x")
        let dumb = Terminal.current(environment: ["TERM": "dumb"])
        #expect(!dumb.usesColor && !dumb.controlsScreen)
        let piped = Terminal(outputIsTerminal: false, errorIsTerminal: false, colorDisabled: false)
        #expect(!piped.usesColor && !piped.controlsScreen)
        let colour = Terminal(outputIsTerminal: true, errorIsTerminal: true, colorDisabled: false)
        #expect(colour.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }

    @Test("the line width: COLUMNS when standard output is not a terminal, else unlimited; nonsense COLUMNS is ignored")
    func lineWidth() {
        // The test's standard output is not a terminal (swift test pipes it).
        #expect(Terminal.current(environment: ["COLUMNS": "120"]).lineWidth == 120)
        #expect(Terminal.current(environment: ["COLUMNS": " 60 "]).lineWidth == 60)
        for nonsense in ["", "0", "-5", "wide", "99999999999999999999", "1e3"] {
            #expect(Terminal.current(environment: ["COLUMNS": nonsense]).lineWidth == Terminal.unlimitedColumns, "COLUMNS=\(nonsense)")
        }
    }

    @Test("plurals", arguments: [(0, "0 episodes"), (1, "1 episode"), (2, "2 episodes"), (-1, "-1 episode"), (21, "21 episodes")])
    func plurals(count: Int, text: String) {
        #expect(Plural.count(count, "episode") == text)
        #expect(Plural.count(count, "series", plural: "series").hasSuffix(" series"))
    }

    struct Program: ParsableCommand {
        @OptionGroup var timeZone: TimeZoneOption
    }

    @Test("one time-zone option: --time-zone documented, --zone and --tz read as hidden spellings")
    func timeZoneOption() throws {
        #expect(try Program.parse([]).timeZone.resolved().identifier == TimeZone.current.identifier, "the system's, as the help says")
        for spelling in ["--time-zone", "--zone", "--tz"] {
            let program = try Program.parse([spelling, "Asia/Tokyo"])
            #expect(try program.timeZone.resolved().identifier == "Asia/Tokyo", "\(spelling)")
        }
        #expect(try Program.parse(["--time-zone", "Asia/Tokyo", "--zone", "Asia/Tokyo"]).timeZone.resolved().identifier == "Asia/Tokyo")
        #expect(throws: (any Error).self) { try Program.parse(["--time-zone", "Europe/Paris", "--tz", "Asia/Tokyo"]) }
        do {
            _ = try Program.parse(["--zone", "Mars/Base"])
            Issue.record("an unknown zone was accepted")
        } catch {
            let message = Program.message(for: error)
            #expect(message.contains("--zone \"Mars/Base\" is not valid"), "\(message)")
            #expect(Program.exitCode(for: error) == .validationFailure)
        }
        let help = Program.helpMessage()
        #expect(help.contains("--time-zone <zone>"))
        #expect(!help.contains("--tz") && !help.contains("--zone"), "\(help)")
    }

    @Test("--db: an empty path is a usage error; a missing folder or a folder is refused and nothing is created")
    func databasePath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dbpath-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("x.sqlite").path
        #expect(try DatabasePath.resolve(file, defaultName: "x.sqlite") == file)
        for empty in ["", "  "] {
            #expect(throws: ValidationError.self) { try DatabasePath.resolve(empty, defaultName: "x.sqlite") }
        }
        let typo = folder.appendingPathComponent("typo/dir/x.sqlite").path
        #expect(throws: DatabasePathError.missingFolder(path: typo, folder: folder.appendingPathComponent("typo/dir").path, option: "--db")) {
            try DatabasePath.resolve(typo, defaultName: "x.sqlite")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path), "nothing created")
        #expect(throws: DatabasePathError.isFolder(path: folder.path, option: "--db")) {
            try DatabasePath.resolve(folder.path, defaultName: "x.sqlite")
        }
        let message = DatabasePathError.missingFolder(path: typo, folder: "/typo/dir", option: "--db").errorDescription ?? ""
        #expect(message.contains("does not exist") && message.contains("/typo/dir"))
    }
}

/// Issue 38, class 4: the width of output that is not a terminal is unlimited unless `COLUMNS` says.
@Suite("Line width of pipes and files")
struct PipeWidthTests {
    @Test("a pipe or a file without COLUMNS is never cut; a terminal without a size is 80; COLUMNS rules both")
    func pipesAreUnlimited() {
        let pipe = Terminal(outputIsTerminal: false, errorIsTerminal: false, colorDisabled: false)
        #expect(pipe.lineWidth >= Terminal.unlimitedColumns)
        let line = String(repeating: "weekly:mon,wed [archived] ", count: 40)
        #expect(line.fitted(toWidth: pipe.lineWidth) == line)
        #expect(TerminalText.wrapped(line, width: pipe.lineWidth).count == 1)
        #expect(TerminalText.fitting(line, width: pipe.lineWidth) { "id  \($0)  tail" } == "id  \(line)  tail")
        // The test's own standard output is not a terminal (swift test pipes it).
        #expect(Terminal.current(environment: [:]).lineWidth == Terminal.unlimitedColumns)
        #expect(TerminalText.lineWidth(environment: [:]) == Terminal.unlimitedColumns)
        #expect(DisplayWidth.outputWidth(environment: [:]) == nil)
        let terminal = Terminal(outputIsTerminal: true, errorIsTerminal: true, colorDisabled: false)
        #expect(terminal.lineWidth == 80)
        // One reading of COLUMNS everywhere.
        for columns in ["10", "60", "132"] {
            #expect(Terminal.current(environment: ["COLUMNS": columns]).lineWidth == Int(columns))
            #expect(DisplayWidth.outputWidth(environment: ["COLUMNS": columns]) == Int(columns), "COLUMNS=\(columns)")
        }
    }
}

/// Issue 38, class 5: each zone option's default is the one its help names.
@Suite("Zone options: the default the help names")
struct ZoneOptionDefaultTests {
    struct Viewer: ParsableCommand { @OptionGroup var timeZone: TimeZoneOption }
    struct Schedule: ParsableCommand { @OptionGroup var timeZone: CountryTimeZoneOption }

    @Test("TimeZoneOption: the system's; CountryTimeZoneOption: the country's, else the system's; a given zone wins")
    func defaults() throws {
        #expect(Viewer.helpMessage().contains("default: the system's"))
        #expect(try Viewer.parse([]).timeZone.resolved().identifier == TimeZone.current.identifier)
        let help = Schedule.helpMessage().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("default: the country's") && !help.contains("default: the system's)"), "\(help)")
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(try Schedule.parse([]).timeZone.resolved(countryZone: newYork) == newYork)
        #expect(try Schedule.parse([]).timeZone.resolved(countryZone: nil).identifier == TimeZone.current.identifier)
        for spelling in ["--time-zone", "--zone", "--tz"] {
            #expect(try Schedule.parse([spelling, "Asia/Tokyo"]).timeZone.resolved(countryZone: newYork) == tokyo)
        }
        #expect(throws: (any Error).self) { try Schedule.parse(["--time-zone", "Mars/Base"]) }
    }
}
