#if AsyncHTTPClient
import AirdateAsyncHTTPClient
#endif
import AirdateCore
import AirdateHTTP
import AnimePlanner
import CountdownKit
import AirdateStore
import AirdateWebApp
import ArgumentParser
import ArrowverseCommandLine
import CommandLineSupport
import Foundation
import Hummingbird
import WatchOrder

/// `airdate-web [--port 8080] [--host 127.0.0.1] [--db PATH] [--live] [--tvmaze] [--time-zone ZONE]`
@main
struct AirdateWebCommand: OneLineErrors {
    static let configuration = CommandConfiguration(
        commandName: "airdate-web",
        abstract: "The Arrowverse watch order and watched checklist in a browser, live across tabs and processes.",
        discussion: """
        Serves http://HOST:PORT/ until interrupted (Ctrl-C). Offline on the package's snapshot unless \
        --live; --db is the same database file `arrowverse --db` uses, so each sees the other's marks. \
        Pages: / (watch order), /next, /progress, /schedule (TVMaze's week; offline on the recorded week of 15 July 2019 \
        unless --schedule-live), /shows/ID, /anime (the plans of `animeplan --db`, --anime-db here), /countdowns (the countdowns of \
        `countdowns --db`, --countdowns-db here). API: /api/episodes, /api/progress, /api/next, /reminders (the upcoming \
        reminders of all three). Feeds: /recent_episodes.atom, /calendar.ics, /schedule.ics, /anime.ics, /countdowns.ics. \
        Live updates: /events (Server-Sent Events).
        """,
        version: ProgramVersion.current)

    @OptionGroup var common: CommonOptions
    @Option(help: "The port to listen on (0: any free port, printed at start).") var port = 8080
    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Flag(help: "Read TVMaze's schedule, shows and posters on the network (cached on disk) instead of the offline week of 15 July 2019.")
    var scheduleLive = false
    @Option(help: "Where --schedule-live keeps TVMaze's answers and posters, at most 64 MB (default: a folder in the system's caches).")
    var cacheFolder: String?
    @Option(help: "The anime planner's database, the file `animeplan --db` uses (default: the same as animeplan's).")
    var animeDb: String?
    @Option(help: "The countdowns' database, the file `countdowns --db` uses (default: the same as countdowns').")
    var countdownsDb: String?
    @Option(help: "Take this day (YYYY-MM-DD) as today on every page (default: the real day, offline too); the time of day runs on.")
    var today: String?

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw ValidationError("--port \(port) is not a port; give a number from 0 to 65535 (0 picks a free one).")
        }
        if host.isEmpty { throw ValidationError("--host needs an address, such as 127.0.0.1.") }
        if let countdownsDb, countdownsDb.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--countdowns-db needs a path to a database file, such as --countdowns-db ~/countdowns.sqlite.")
        }
        if let today, CalendarDay(today) == nil {
            throw ValidationError("--today must be a day as YYYY-MM-DD, such as 2022-11-14, not '\(TerminalText.echoed(today))'.")
        }
    }

    /// The app's clock: the system's, or with --today the same time of day on that day, running on.
    func appClock() throws -> ViewerClock {
        let system = try common.clock
        guard let today, let day = CalendarDay(today) else { return system }
        let now = system.now
        let start = day.start(in: system.timeZone).addingTimeInterval(now.timeIntervalSince(system.today.start(in: system.timeZone)))
        return ViewerClock(clock: ContinuousClock(), startingAt: start, timeZone: system.timeZone, firstWeekday: system.firstWeekday)
    }

    func run() async throws {
        let clock = try appClock()
        // Other processes' changes are looked for every 100 ms; a request waits at most 2 s for another
        // process's lock, then answers 503 with Retry-After.
        let polling = ChangePolling(every: .milliseconds(100))
        let store: WatchOrderStore
        if common.live {
            // --live fetches the wiki pages (and with --tvmaze TVMaze's answers) on AsyncHTTPClient, the
            // HTTP client a server already runs on, shut down once the episodes are loaded.
            let options = common
            #if AsyncHTTPClient
            store = try await AsyncHTTPClientTransport.withTransport { transport in
                try await options.openStore(transport: transport, polling: polling, busyTimeout: .seconds(2))
            }
            #else
            // Built without the AsyncHTTPClient trait: URLSession's transport.
            store = try await options.openStore(transport: URLSessionTransport(), polling: polling, busyTimeout: .seconds(2))
            #endif
        } else {
            store = try await common.openStore(polling: polling, busyTimeout: .seconds(2))
        }
        if scheduleLive {
            // The schedule's client fetches on AsyncHTTPClient for as long as the server runs.
            #if AsyncHTTPClient
            let transport = AsyncHTTPClientTransport()
            do {
                let schedule = try TVSchedule.live(transport: transport, cacheFolder: scheduleCacheFolder())
                try await serve(store: store, clock: clock, schedule: schedule)
            } catch {
                try? await transport.shutdown()
                throw error
            }
            try? await transport.shutdown()
            #else
            let schedule = try TVSchedule.live(transport: URLSessionTransport(), cacheFolder: scheduleCacheFolder())
            try await serve(store: store, clock: clock, schedule: schedule)
            #endif
        } else {
            let schedule: TVSchedule
            do {
                schedule = try TVSchedule.offline()
            } catch {
                throw ServeError.message("The offline TV schedule (\(TVSchedule.snapshotFolder?.path ?? "not installed")) could not be read: \(ErrorLine.text(for: error)). Pass --schedule-live to read TVMaze instead.")
            }
            try await serve(store: store, clock: clock, schedule: schedule)
        }
    }

    func scheduleCacheFolder() throws -> URL {
        if let cacheFolder { return URL(fileURLWithPath: cacheFolder) }
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return caches.appendingPathComponent("airdate/tvmaze")
    }

    func serve(store: WatchOrderStore, clock: ViewerClock, schedule: TVSchedule) async throws {
        let database = store.path
        let animePath = animeDb ?? AnimeSide.defaultDatabasePath()
        let anime: AnimeSide
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: animePath).deletingLastPathComponent(), withIntermediateDirectories: true)
            anime = try AnimeSide.offline(store: try PlannerStore(path: animePath, polling: ChangePolling(every: .milliseconds(100))))
        } catch {
            throw ServeError.message("The anime planner's database \(animePath) could not be opened: \(ErrorLine.text(for: error)). Pass --anime-db with another file.")
        }
        let countdowns: CountdownSide
        do {
            // The same file `countdowns` opens: --countdowns-db's folder must exist, the default one is made.
            let path = try DatabasePath.resolve(countdownsDb, option: "--countdowns-db", defaultName: "countdowns.sqlite")
            countdowns = CountdownSide(store: try CountdownStore(path: path, polling: ChangePolling(every: .milliseconds(100))))
        } catch {
            throw ServeError.message("The countdowns' database could not be opened: \(ErrorLine.text(for: error)). Pass --countdowns-db with another file.")
        }
        let web = AirdateWeb(
            store: store, clock: clock, configuration: WebConfiguration(host: host, port: port), schedule: schedule, anime: anime,
            countdowns: countdowns)
        let host = self.host
        let app = web.application { port in
            let shown = host.contains(":") ? "[\(host)]" : host
            FileHandle.standardOutput.write(Data("airdate-web: serving http://\(shown):\(port)/ (database \(database)); Ctrl-C stops it.\n".utf8))
        }
        do {
            try await app.runService()
        } catch {
            throw ServeError(host: host, port: port, underlying: error)
        }
    }
}

/// The server could not start or stopped with a failure (the port is taken, say).
struct ServeError: Error, LocalizedError {
    var host: String
    var port: Int
    var underlying: any Error
    var text: String?

    /// A failure before serving, said as `text`.
    static func message(_ text: String) -> ServeError {
        ServeError(host: "", port: 0, underlying: CancellationError(), text: text)
    }

    var errorDescription: String? {
        if let text { return text }
        let text = "\(underlying)"
        if text.contains("Address already in use") || text.contains("EADDRINUSE") {
            return "Port \(port) on \(host) is already in use. Stop the other server, or pass --port another number (0 picks a free one)."
        }
        return "Could not serve on \(host):\(port): \(ErrorLine.text(for: underlying))"
    }
}
