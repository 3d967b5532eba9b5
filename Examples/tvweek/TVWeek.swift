import AirdateCore
import AirdateHTTP
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

    @Option(help: "ISO country code of the broadcast schedule.")
    var country = "US"

    @Option(help: "A day (YYYY-MM-DD) in the week to show; default today (offline: 2019-07-15).")
    var date: String?

    @Option(help: "Time-zone identifier for days and times; default the country's main zone (US: America/New_York) or this machine's.")
    var timeZone: String?

    @Option(help: "Only shows whose name, network or streaming service contains TEXT (case and accents ignored).")
    var filter: String?

    @Option(help: "Print one show's details and cast instead of the week (the id in brackets in the listing).")
    var details: Int?

    @Flag(help: "Print the result as one JSON document.")
    var json = false

    @Flag(help: "Serve the recorded Fixtures/tvmaze/ snapshot instead of the network.")
    var offline = false

    @Option(help: "The snapshot folder for --offline.")
    var fixtures: String?

    func run() async throws {
        let zone = try resolveTimeZone()
        let client = try makeClient()
        let clock = ViewerClock.system(timeZone: zone)
        let service = WeekSchedule(client: client, configuration: .init(country: country), clock: clock)
        let day = try resolveDay(zone: zone)
        if let showID = details {
            // Offline, the snapshot's week tells the shows it knows; their details come from it.
            if offline { _ = try await load(service, day: day, zone: zone) }
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
        let listing = try await load(service, day: day, zone: zone)
        let shown = filter.map { listing.filtered(by: $0) } ?? listing
        if json {
            try JSONOutput.print(ListingDocument(shown, country: country.uppercased(), zone: zone, filter: filter))
        } else {
            printListing(shown, zone: zone)
        }
    }

    private func resolveTimeZone() throws -> TimeZone {
        if let timeZone {
            guard let zone = TimeZone(identifier: timeZone) else {
                throw ValidationError("--time-zone '\(timeZone)' is not a time zone. Use an identifier such as America/New_York")
            }
            return zone
        }
        let byCountry = ["US": "America/New_York", "GB": "Europe/London", "CA": "America/Toronto", "AU": "Australia/Sydney"]
        return byCountry[country.uppercased()].flatMap(TimeZone.init(identifier:)) ?? .current
    }

    private func resolveDay(zone: TimeZone) throws -> Date {
        let text = date ?? (offline ? "2019-07-15" : nil)
        guard let text else { return Date() }
        guard let day = CalendarDay(text) else { throw ValidationError("--date must be a day as YYYY-MM-DD, not '\(text)'") }
        return day.start(in: zone).addingTimeInterval(12 * 3600)
    }

    private func makeClient() throws -> TVMaze {
        guard offline else { return TVMaze() }
        let folder = fixtures.map { URL(fileURLWithPath: $0) } ?? Self.defaultFixtures
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

    /// `Fixtures/tvmaze/` of the package this source file is in.
    static let defaultFixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/tvmaze")

    /// Loads the week, drawing a progress bar on standard error while the days arrive (only when
    /// standard error is a terminal).
    private func load(_ service: WeekSchedule, day: Date, zone: TimeZone) async throws -> WeekListing {
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
        let listing = try await service.refresh(containing: day)
        terminal.clearProgress()
        await service.stop()
        return listing
    }

    private func printListing(_ listing: WeekListing, zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let heading = Date.FormatStyle(date: .complete, time: .omitted, locale: Locale(identifier: "en_US_POSIX"), calendar: calendar, timeZone: zone)
        if offline {
            Terminal.current().note("Offline: the snapshot in Fixtures/tvmaze/ records the US days 2019-07-14 to 2019-07-17 only.")
        }
        print("TV schedule \(country.uppercased()), week \(listing.week.firstDay) to \(listing.week.lastDay) (\(zone.identifier))"
            + (filter.map { ", filter \"\($0)\"" } ?? ""))
        for scheduleDay in listing.days {
            print("")
            print(scheduleDay.day.start(in: zone).formatted(heading))
            if scheduleDay.airings.isEmpty {
                print("  (nothing)")
                continue
            }
            for episode in scheduleDay.airings {
                let time = episode.airstamp.map { LocalDateTime(containing: $0, in: zone).time }
                let clock = time.map { String(format: "%02d:%02d", $0.hour, $0.minute) } ?? "--:--"
                let show = episode.show.map { "\($0.name) [\($0.id)]" } ?? "?"
                let network = episode.show?.broadcaster?.name ?? ""
                print("  \(clock)  \(show)  \(episode.code)  \(episode.name)" + (network.isEmpty ? "" : "  [\(network)]"))
            }
        }
    }

    private func printDetails(_ details: ShowDetails) {
        let show = details.show
        print("\(show.name) (#\(show.id))")
        var facts: [String] = []
        if let broadcaster = show.broadcaster { facts.append(broadcaster.name) }
        if let status = show.status { facts.append(status.rawValue) }
        if let premiered = show.premiered { facts.append("premiered \(premiered)") }
        if let ended = show.ended { facts.append("ended \(ended)") }
        if !show.genres.isEmpty { facts.append(show.genres.joined(separator: ", ")) }
        print(facts.joined(separator: " · "))
        if let text = show.summaryText { print(""); print(text) }
        print("")
        if details.cast.isEmpty {
            print(offline ? "Cast: not recorded in the snapshot." : "Cast: none listed.")
        } else {
            print("Cast:")
            for member in details.cast {
                print("  \(member.person.name) as \(member.character.name)")
            }
        }
    }
}

/// A run-time failure: one line on standard error, exit status 1.
struct Failure: Error, LocalizedError {
    var message: String
    var errorDescription: String? { message }
}
