import AirdateCore
import AirdateHTTP
import AirdateOfflineData
import ArgumentParser
import CommandLineSupport
import Foundation
import HTTPTypes
import TVMazeClient

/// `tvweek`: this week's TV schedule from TVMaze, grouped by day.
@main
struct TVWeek: OneLineErrors {
    static let configuration = CommandConfiguration(
        commandName: "tvweek",
        abstract: "Print this week's TV schedule (Monday to Sunday) from TVMaze, grouped by day.",
        discussion: """
        Each airing shows its show's TVMaze id in brackets: pass it to --details. With --json the \
        same data is printed as one JSON document (instants in ISO 8601).
        """,
        version: ProgramVersion.current
    )

    @Option(help: "ISO country code of the broadcast schedule (two letters).")
    var country = "US"

    @Option(parsing: .unconditional, help: "A day (YYYY-MM-DD) in the week to show, from 0001-01-01 to 9999-12-26; default today (offline: the recorded week, 2019-07-15 to 21).")
    var date: String?

    @OptionGroup var timeZone: TimeZoneOption

    @Option(help: "Only shows whose name, network or streaming service contains TEXT (case and accents ignored).")
    var filter: String?

    @Option(parsing: .unconditional, help: "Print one show's details and cast instead of the week (the id in brackets in the listing).")
    var details: String?

    /// The longest `--filter` accepted.
    static let maximumFilterLength = 200

    func validate() throws {
        guard country.count == 2, country.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) }) else {
            throw ValidationError("--country needs a two-letter ISO country code such as US or GB, not '\(Self.echo(country))'")
        }
        if let filter {
            if filter.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--filter needs some text, such as --filter HBO") }
            if filter.count > Self.maximumFilterLength {
                throw ValidationError("--filter takes at most \(Self.maximumFilterLength) characters; '\(Self.echo(filter))' has \(filter.count)")
            }
        }
        _ = try showID()
        if let date { _ = try Self.day(date) }
    }

    /// `--details` as a TVMaze show id: a whole number from 1 to 999,999,999.
    func showID() throws -> Int? {
        guard let details else { return nil }
        guard let id = Int(details), (1...999_999_999).contains(id) else {
            throw ValidationError("--details needs a TVMaze show id, a whole number such as 82 (the number in brackets in the listing), not '\(Self.echo(details))'")
        }
        return id
    }

    /// A user's text as it is echoed in a message: on one line, at most 40 columns.
    static func echo(_ text: String) -> String { text.terminalSafe.fitted(toWidth: 40) }

    /// The last day `--date` takes: 9999-12-31 is a Friday, so the week of Monday 9999-12-20 to
    /// Sunday 9999-12-26 is the last whole week a date can name.
    static let latestDay = CalendarDay("9999-12-26") ?? .latest

    /// `--date` read: a real day whose whole week lies in the calendar (0001-01-01 to 9999-12-26).
    static func day(_ text: String) throws -> CalendarDay {
        guard let day = CalendarDay(text) else {
            throw ValidationError("--date must be a day as YYYY-MM-DD, such as 2019-07-15, not '\(echo(text))'")
        }
        guard day <= latestDay else {
            throw ValidationError("--date \(day): its week runs past 9999-12-31, the last day a date can name; give a day up to \(latestDay)")
        }
        return day
    }

    @Flag(help: "Print the result as one JSON document.")
    var json = false

    @Flag(help: "Serve TVMaze's recorded answers installed with the program instead of the network.")
    var offline = false

    @Option(help: "The snapshot folder for --offline (default: the one installed with the program; the package's Fixtures/tvmaze).")
    var fixtures: String?

    func run() async throws {
        let zone = try resolveTimeZone()
        let details = try showID()
        let client = try makeClient()
        let clock = ViewerClock.system(timeZone: zone)
        let service = WeekSchedule(client: client, configuration: .init(country: country), clock: clock)
        let week = try resolveWeek(zone: zone)
        if let showID = details {
            // Offline, the snapshot's week tells the shows it knows; their details come from it.
            if offline { _ = try await load(service, week: week) }
            let found: ShowDetails
            do {
                found = try await service.details(forShow: showID)
            } catch {
                guard error.code == .notFound else { throw error }
                throw Failure(message: offline
                    ? "The snapshot has no show \(showID). Pick an id in brackets from 'tvweek --offline'"
                    : "TVMaze has no show \(showID). Pick an id in brackets from the listing")
            }
            if json { try JSONOutput.print(DetailsDocument(found)) } else { printDetails(found) }
            return
        }
        let listing = try await load(service, week: week)
        let shown = filter.map { listing.filtered(by: $0) } ?? listing
        if json {
            try JSONOutput.print(ListingDocument(shown, country: country.uppercased(), zone: zone, filter: filter))
        } else {
            printListing(shown, zone: zone)
        }
    }

    private func resolveTimeZone() throws -> TimeZone {
        let byCountry = ["US": "America/New_York", "GB": "Europe/London", "CA": "America/Toronto", "AU": "Australia/Sydney"]
        return try timeZone.resolved(default: byCountry[country.uppercased()].flatMap(TimeZone.init(identifier:)) ?? .current)
    }

    /// The week to show: `--date`'s; offline, the week the recording holds (the data chooses the
    /// week, the clock stays the real one); else this week.
    private func resolveWeek(zone: TimeZone) throws -> Week {
        if let date { return Week(containing: try Self.day(date), firstWeekday: .monday, in: zone) }
        if offline, let recorded = CalendarDay(OfflineData.tvmazeRecordedDay) {
            return Week(containing: recorded, firstWeekday: .monday, in: zone)
        }
        return Week(containing: Date(), firstWeekday: .monday, in: zone)
    }

    private func makeClient() throws -> TVMaze {
        guard offline else { return TVMaze() }
        guard let folder = fixtures.map({ URL(fileURLWithPath: $0) }) ?? OfflineData.tvmaze else {
            throw Failure(message: "The recorded answers are not installed beside the program (Airdate_AirdateOfflineData.resources). Pass --fixtures with the path of the package's Fixtures/tvmaze")
        }
        guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("routes.json").path) else {
            throw Failure(message: "No snapshot at \(folder.path). Pass --fixtures with the path of Fixtures/tvmaze")
        }
        var configuration = TVMaze.configuration()
        configuration.rateLimits = []  // nothing to protect offline
        return TVMaze(configuration: configuration, transport: try SnapshotTransport(folder: folder) { pathAndQuery in
            // Schedule days that were not recorded are empty, and so are casts (the snapshot records
            // shows through their schedule entries, not their casts); anything else unknown is a 404,
            // as TVMaze says it.
            if pathAndQuery.hasPrefix("/schedule?") || pathAndQuery.hasPrefix("/schedule/web?")
                || (pathAndQuery.hasPrefix("/shows/") && pathAndQuery.hasSuffix("/cast")) {
                return HTTPTransportResponse(head: HTTPResponse(status: .ok), body: Data("[]".utf8))
            }
            return HTTPTransportResponse(
                head: HTTPResponse(status: .notFound), body: Data(#"{"name":"Not Found","status":404}"#.utf8))
        })
    }

    /// Loads the week, drawing a progress bar on standard error while the days arrive (only when
    /// standard error is a terminal).
    private func load(_ service: WeekSchedule, week: Week) async throws -> WeekListing {
        let terminal = Terminal.current()
        let updates = await service.updates()
        let progress = Task {
            for await update in updates {
                guard case .progress(let loaded, let total) = update, total > 0 else { continue }
                let width = 28
                let filled = width * loaded / total
                let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
                terminal.progress("Loading the week [\(bar)] \(loaded)/\(total)")
            }
        }
        defer { progress.cancel() }
        let listing = try await service.refresh(week: week)
        terminal.clearProgress()
        await service.stop()
        return listing
    }

    private func printListing(_ listing: WeekListing, zone: TimeZone) {
        let terminal = Terminal.current()
        let width = terminal.lineWidth
        if offline {
            terminal.note("Offline: TVMaze's recorded answers hold the US days 2019-07-14 to 2019-07-17; 2019-07-18 to 2019-07-21 are derived from the shows' schedules (see the package's Fixtures/tvmaze/README.md). --date picks another week.")
        }
        print(("TV schedule \(country.uppercased()), week \(listing.week.firstDay) to \(listing.week.lastDay) (\(zone.identifier))"
            + (filter.map { ", filter \"\($0.terminalSafe)\"" } ?? "")).fitted(toWidth: width))
        for scheduleDay in listing.days {
            print("")
            print(Self.heading(scheduleDay.day))
            if scheduleDay.airings.isEmpty {
                print("  (nothing)")
                continue
            }
            for episode in scheduleDay.airings {
                let time = episode.airstamp.map { LocalDateTime(containing: $0, in: zone).time }
                let clock = time.map { String(format: "%02d:%02d", $0.hour, $0.minute) } ?? "--:--"
                let show = episode.show.map { "\($0.name.terminalSafe) [\($0.id)]" } ?? "?"
                let network = episode.show?.broadcaster?.name.terminalSafe ?? ""
                print(Self.airingLine(
                    lead: "  \(clock)  \(show)  \(episode.code(.padded))  ", title: episode.name.terminalSafe,
                    tail: network.isEmpty ? "" : "  [\(network)]", width: width))
            }
        }
    }

    /// One airing on at most `width` columns: the title is shortened first (down to 12 columns), then
    /// the network, then the line as a whole, each with "…".
    static func airingLine(lead: String, title: String, tail: String, width: Int) -> String {
        let whole = lead + title + tail
        if whole.displayWidth <= width { return whole }
        let room = width - lead.displayWidth - tail.displayWidth
        if room >= min(12, title.displayWidth) { return lead + title.fitted(toWidth: room) + tail }
        return (lead + title.fitted(toWidth: 12) + tail).fitted(toWidth: width)
    }

    /// A day's heading, "Monday, July 15, 2019", in the proleptic Gregorian calendar the days
    /// themselves use (Foundation's formatter switches to the Julian calendar before 1582, which
    /// would name 0001-01-01 "January 3, 1").
    static func heading(_ day: CalendarDay) -> String {
        let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        let months = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
        let weekday = weekdays[(day.daysSince1970 % 7 + 7 + 3) % 7]  // 1970-01-01 was a Thursday
        return "\(weekday), \(months[day.month - 1]) \(day.day), \(day.year)"
    }

    private func printDetails(_ details: ShowDetails) {
        let show = details.show
        let width = Terminal.current().lineWidth
        print("\(show.name.terminalSafe) (#\(show.id))".fitted(toWidth: width))
        var facts: [String] = []
        if let broadcaster = show.broadcaster { facts.append(broadcaster.name) }
        if let status = show.status { facts.append(status.rawValue) }
        if let premiered = show.premiered { facts.append("premiered \(premiered)") }
        if let ended = show.ended { facts.append("ended \(ended)") }
        if !show.genres.isEmpty { facts.append(show.genres.joined(separator: ", ")) }
        print(facts.joined(separator: " · ").terminalSafe.fitted(toWidth: width))
        if let text = show.summaryText {
            print("")
            for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
                for line in Self.wrapped(String(paragraph).terminalSafe, width: width) { print(line) }
            }
        }
        print("")
        if details.cast.isEmpty {
            print(offline ? "Cast: not recorded in the snapshot." : "Cast: none listed.")
        } else {
            print("Cast:")
            for member in details.cast {
                print("  \(member.person.name.terminalSafe) as \(member.character.name.terminalSafe)".fitted(toWidth: width))
            }
        }
    }
}

extension TVWeek {
    /// `text` broken at spaces into lines of at most `width` columns (a word wider than a line is
    /// cut with "…").
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let word = String(word).fitted(toWidth: width)
            if line.isEmpty {
                line = word
            } else if line.displayWidth + 1 + word.displayWidth <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

/// A run-time failure: one line on standard error, exit status 1.
struct Failure: Error, LocalizedError {
    var message: String
    var errorDescription: String? { message }
}
