import AirdateCore
import AirdateHTTP
import AnimePlanner
import AnimePlannerImport
import ArgumentParser
import CommandLineSupport
import Foundation

/// `animeplan import --from mal FILE [--dry-run] [--per-day N | --until DAY | --minutes-per-day M]`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring in a list from another tracker: MyAnimeList's anime list export.",
        discussion: """
        --from mal reads the .xml file of MyAnimeList's anime list export (Profile, Export, Anime \
        List; unpack the .xml.gz it hands out first). Each anime is matched by its MyAnimeList id, \
        then by its title: shows tracked already are left as they are, the others are looked up on \
        MyAnimeList (through Jikan, about one a second; with --offline in the snapshot) and added. \
        Completed: every episode logged on its finish day. Watching: its episodes watched, the rest \
        planned from today, one a day unless --per-day, --until or --minutes-per-day says otherwise. \
        On-Hold: paused. Dropped: dropped. Plan to Watch: queued (start it with `animeplan resume ID`). \
        The report lists what was matched and added, what was already there and what was not \
        matched, with the reason. Nothing is written with --dry-run, when the file cannot be read, \
        or when the network fails on the way.

        With --json, prints the report as one JSON document: {"file", "format", "dryRun", "added", \
        "alreadyThere", "unmatched", "items": [{"name", "myAnimeListID", "status", "outcome" \
        ("added", "alreadyThere" or "unmatched"), "showID", "title", "matchedBy", "reason", "notes"}]}.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "The file's format: mal (MyAnimeList's anime list export, XML).") var from: String
    @Argument(help: "The file to import.") var file: String
    @Flag(help: "Show what the import would do; write nothing.") var dryRun = false
    @OptionGroup var plan: PlanArguments
    @Flag(help: "Print the report as one JSON document (see the discussion above).") var json = false

    func validate() throws {
        guard from.lowercased() == "mal" || from.lowercased() == "myanimelist" else {
            throw Input.invalid("--from", from, expected: "mal (MyAnimeList's anime list export)")
        }
        if plan.start != nil { throw ValidationError("import plans from today; --start is not taken (change a plan later with `animeplan plan ID`).") }
    }

    func run() async throws {
        // The file first: a file that cannot be read writes nothing, not even an empty database.
        let export = try MyAnimeListExport(xml: try Self.read(file))
        let goal = try plan.goal(fallback: .episodesPerDay(1))
        let planner = try common.planner()
        let options = try plan.options(today: planner.today)
        let store = try common.openStore()
        let catalog = try common.catalog()
        let offline = common.offline
        let clock = planner.clock
        let terminal = Terminal.current()
        let total = export.entries.count
        var looked = 0
        let prepared: MyAnimeListImport
        do {
            prepared = try await MyAnimeListImport.prepare(
                export, tracked: try await store.all(), planner: planner, goal: goal, options: options,
                myAnimeListID: { $0.show.myAnimeListID ?? $0.id }  // animeplan's ids are MyAnimeList ids
            ) { entry in
                looked += 1
                terminal.progress("Looking up \(looked) of \(total): \(TerminalText.shortened(entry.name, toWidth: 40))")
                return try await Self.lookUp(entry, in: catalog, at: clock, offline: offline)
            }
            terminal.clearProgress()
        } catch let error as APIClientError {
            terminal.clearProgress()
            throw CommandLineError.failed(ErrorLine.text(for: error) + " Nothing was imported.")
        }
        if !dryRun, !prepared.added.isEmpty {
            do {
                try await store.insert(contentsOf: prepared.added)
            } catch {
                // (Matched inside the clause: a typed `catch … where` crashes Swift 6.3.1's SILGen here.)
                guard error.code == .duplicate else { throw error }
                throw CommandLineError.failed("The show \(error.id.map(String.init) ?? "") was added by another process meanwhile; nothing was imported. Run the import again.")
            }
        }
        if json {
            try JSONOutput.print(ImportDocument(prepared, file: file, dryRun: dryRun))
            return
        }
        report(prepared, export: export, planner: planner)
    }

    /// The file's bytes, never more than an export can be: a larger regular file is refused before
    /// it is read, and a device or a pipe (`<(gunzip -c list.xml.gz)`) is read up to the limit.
    static func read(_ path: String) throws -> Data {
        let limit = MyAnimeListExport.maximumFileSize
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let type = attributes[.type] as? FileAttributeType, type != .typeDirectory else {
            return try FileInput.read(path)  // missing, a folder, unreadable: worded there
        }
        if type == .typeRegular {
            if let size = (attributes[.size] as? NSNumber)?.intValue, size > limit {
                throw MyAnimeListExportError(.tooLarge, detail: "64 MiB")
            }
            return try FileInput.read(path)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return try FileInput.read(path) }
        defer { try? handle.close() }
        var data = Data()
        while data.count <= limit, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            data.append(chunk)
        }
        if data.count > limit { throw MyAnimeListExportError(.tooLarge, detail: "64 MiB") }
        return data
    }

    /// The entry's show: by MyAnimeList id, then by a search of its title.
    static func lookUp(_ entry: MyAnimeListEntry, in catalog: any AnimeCatalog, at clock: ViewerClock,
                       offline: Bool) async throws -> MyAnimeListLookup {
        if let id = entry.animeID {
            do {
                return .found(try await catalog.show(id: id, at: clock), by: .myAnimeListID)
            } catch APIClientError.Code.notFound {
                // Not (or no longer) on MyAnimeList under that id: try the title.
            }
        }
        let place = offline ? "The offline snapshot" : "MyAnimeList"
        let asked = entry.animeID.map { "no anime \($0)" } ?? "no id for it"
        guard !entry.title.isEmpty else { return .notFound(reason: "\(place) has \(asked), and the list gives no title.") }
        let query = String(entry.title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ").prefix(100))
        let results: [CatalogEntry]
        do {
            results = try await catalog.search(query)
        } catch APIClientError.Code.notFound {
            results = []
        }
        let title = TerminalText.echoed(entry.title)
        if let match = results.first(where: { result in
            ([result.title] + result.titles).contains { MyAnimeListImport.titlesMatch($0, entry.title) }
        }) {
            do {
                return .found(try await catalog.show(id: match.id, at: clock), by: .title)
            } catch APIClientError.Code.notFound {
                return .notFound(reason: "\(place) lists \"\(title)\" as anime \(match.id) but has no details of it.")
            }
        }
        return .notFound(reason: "\(place) has \(asked) and none titled \"\(title)\".")
    }

    /// The report in text: what was read, then the three groups.
    private func report(_ prepared: MyAnimeListImport, export: MyAnimeListExport, planner: ViewingPlanner) {
        let owner = export.userName.map { " (\(TerminalText.echoed($0, limit: 30))'s list)" } ?? ""
        let count = export.entries.count + export.skipped.count
        print(Rendering.line(path: file) { "Read \(Plural.count(count, "anime", plural: "anime")) from \($0)\(owner)." })
        var added: [String] = []
        var there: [String] = []
        var unmatched: [String] = []
        for item in prepared.items {
            let name = item.name
            switch item.outcome {
            case .added(let show, let by):
                let current = show.caughtUp(on: planner.today, planner: planner)
                var tail = Rendering.status(current.status(on: planner.today))
                if current.isActive, !current.isCompleted { tail += ", \(Rendering.finish(current.projectedFinish))" }
                if by == .title { tail += ", matched by title" }
                added += Rendering.lines(title: name, head: { "  \($0) (\(show.id)):" }, tail: tail)
                for note in item.notes { added += Rendering.wrapped("    note: \(note)", indent: "      ") }
            case .alreadyTracked(let id, _, let by, let difference):
                let how = switch by {
                case .title: "matched by title"
                case .externalID: "matched by another tracker's id"
                default: "matched by MyAnimeList id"
                }
                there += Rendering.lines(title: name, head: { "  \($0) (\(id)):" }, tail: how + ", left as it is")
                if let difference { there += Rendering.wrapped("    \(difference)", indent: "    ") }
            case .unmatched(let reason):
                let id = item.animeID.map { " (\($0))" } ?? ""
                unmatched.append(Rendering.line(name) { "  \($0)\(id):" })
                unmatched += Rendering.wrapped("    " + reason, indent: "    ")
            }
        }
        print("Matched and \(dryRun ? "to be added" : "added"): \(prepared.addedCount)")
        Rendering.print(added)
        print("Already there: \(prepared.alreadyTrackedCount)")
        Rendering.print(there)
        print("Unmatched: \(prepared.unmatchedCount)")
        Rendering.print(unmatched)
        if dryRun {
            print("Dry run: nothing was written.")
        } else if prepared.addedCount == 0 {
            print("Nothing to add; nothing was written.")
        } else {
            print("Imported \(Plural.count(prepared.addedCount, "show")).")
        }
    }
}

/// `animeplan import --json`.
struct ImportDocument: Encodable {
    struct Item: Encodable {
        var name: String
        @NullEncoded var myAnimeListID: Int?
        @NullEncoded var status: String?
        var outcome: String
        @NullEncoded var showID: Int?
        @NullEncoded var title: String?
        @NullEncoded var matchedBy: String?
        @NullEncoded var reason: String?
        var notes: [String]
    }
    var file: String
    var format = "mal"
    var dryRun: Bool
    var added: Int
    var alreadyThere: Int
    var unmatched: Int
    var items: [Item]

    init(_ prepared: MyAnimeListImport, file: String, dryRun: Bool) {
        self.file = file
        self.dryRun = dryRun
        added = prepared.addedCount
        alreadyThere = prepared.alreadyTrackedCount
        unmatched = prepared.unmatchedCount
        items = prepared.items.map { item in
            var result = Item(name: item.name, myAnimeListID: item.animeID, status: item.status?.rawValue, outcome: "",
                              showID: nil, title: nil, matchedBy: nil, reason: nil, notes: item.notes)
            switch item.outcome {
            case .added(let show, let by):
                (result.outcome, result.showID, result.title, result.matchedBy) = ("added", show.id, show.show.title, by.rawValue)
            case .alreadyTracked(let id, let title, let by, let difference):
                (result.outcome, result.showID, result.title, result.matchedBy, result.reason) = ("alreadyThere", id, title, by.rawValue, difference)
            case .unmatched(let reason):
                (result.outcome, result.reason) = ("unmatched", reason)
            }
            return result
        }
    }
}

/// `animeplan export FILE [--to ical|mal]`
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write what is left of every plan to an iCalendar file, or the list to a MyAnimeList export.",
        discussion: """
        --to ical (the default for a .ics file) writes what is left of every plan, from today, as \
        all-day events. --to mal (the default for a .xml file) writes every tracked show in the \
        format of MyAnimeList's anime list export, which MyAnimeList's import page and other \
        trackers read: completed, watching with its episodes watched, On-Hold for paused, dropped, \
        and Plan to Watch for queued shows.
        """)

    @OptionGroup var common: CommonOptions
    @Option(help: "The format: ical or mal (default: by the file's extension, .ics or .xml).") var to: String?
    @Argument(help: "The file to write.") var file: String

    func run() async throws {
        let format: String
        switch to?.lowercased() {
        case "ical", "ics", "icalendar": format = "ical"
        case "mal", "myanimelist": format = "mal"
        case nil:
            let name = file.lowercased()
            guard name.hasSuffix(".ics") || name.hasSuffix(".xml") else {
                throw Input.invalid("FILE", file, expected: "a file name ending in .ics (iCalendar) or .xml (MyAnimeList), or --to ical or --to mal")
            }
            format = name.hasSuffix(".ics") ? "ical" : "mal"
        case let other?:
            throw Input.invalid("--to", other, expected: "ical or mal")
        }
        let planner = try common.planner()
        let overview = try await common.overview(common.openStore(), planner: planner)
        if format == "ical" {
            // DTSTAMP is when the file is written, whatever day --today says it is.
            let calendar = ICalendar(overview: overview, timestamp: ViewerClock.system().now)
            try FileOutput.write(calendar.data, toPath: file)
            print(Rendering.line(path: file) { "Wrote \(Plural.count(calendar.events.count, "event")) to \($0)." })
        } else {
            let export = MyAnimeListExport(trackedShows: overview.shows, on: overview.day,
                                           myAnimeListID: { $0.show.myAnimeListID ?? $0.id })
            try FileOutput.write(export.xmlData(), toPath: file)
            print(Rendering.line(path: file) { "Wrote \(Plural.count(export.entries.count, "anime", plural: "anime")) to \($0) (MyAnimeList's format)." })
        }
    }
}
