import AirdateCore
import AirdateHTTP
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import TVMazeClient

/// The handlers of the TV schedule: `/schedule`, `/shows/{id}`, `/posters/{id}`, `/schedule.ics`.
extension Routes {
    func tvSchedule() throws(WebError) -> TVSchedule {
        guard let schedule = app.schedule else {
            throw WebError(.serviceUnavailable, "The TV schedule is not available: TVMaze's recorded answers are not installed beside the program (run with --schedule-live).")
        }
        return schedule
    }

    /// `country`, `tz`, `week` and `q` of the request, checked.
    func scheduleQuery(_ fields: FormFields) throws(WebError) -> ScheduleQuery {
        var country = "US"
        if let text = fields["country"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard text.count == 2, text.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.letters.contains($0) }) else {
                throw .badParameter("country", "\"\(text.prefix(40))\" is not a two-letter country code such as US or GB.")
            }
            country = text.uppercased()
        }
        var zone = app.clock.timeZone
        var explicit = false
        if let text = fields["tz"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard text.count <= 64, let found = TimeZone(identifier: text) else {
                throw .badParameter("tz", "\"\(text.prefix(64))\" is not a time zone; give an identifier such as America/New_York or Europe/London.")
            }
            zone = found
            explicit = true
        }
        var day: CalendarDay?
        if let text = fields["week"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            guard let parsed = CalendarDay(text), parsed.year >= 1900, parsed.year <= 2200 else {
                throw .badParameter("week", "\"\(text.prefix(40))\" is not a day as YYYY-MM-DD (from 1900 to 2200).")
            }
            day = parsed
        }
        let filter = fields["q"]?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (filter?.count ?? 0) <= 200 else { throw .badParameter("q", "longer than 200 characters.") }
        return ScheduleQuery(country: country, zone: zone, day: day, filter: filter?.isEmpty == false ? filter : nil, explicitZone: explicit)
    }

    /// The week the query asks for, from the schedule (a failure of TVMaze is a 502 that says why).
    func listing(_ query: ScheduleQuery) async throws -> WeekListing {
        let schedule = try tvSchedule()
        do {
            return try await schedule.week(containing: query.day, country: query.country, zone: query.zone, now: app.clock.now)
        } catch {
            throw WebError.upstream(error)
        }
    }

    @Sendable func schedulePage(_ request: Request, context: WebContext) async throws -> Response {
        let query = try scheduleQuery(try self.query(request))
        let listing = try await listing(query)
        let shown = query.filter.map { listing.filtered(by: $0) } ?? listing
        let path = "/schedule" + query.queryString()
        return page(SchedulePages.week(shown, query: query, total: listing.airings.count, offline: try tvSchedule().isOffline,
                                       theme: theme(request), path: path))
    }

    func showID(_ context: WebContext) throws(WebError) -> Int {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int(text), id > 0, id < 100_000_000 else {
            throw .badParameter("id", "\"\(text.prefix(40))\" is not a TVMaze show id (a number, such as 363).")
        }
        return id
    }

    @Sendable func showPage(_ request: Request, context: WebContext) async throws -> Response {
        let id = try showID(context)
        let query = try scheduleQuery(try self.query(request))
        let schedule = try tvSchedule()
        let listing = try await listing(query)
        let show: TVMazeShow
        let cast: [TVMazeCastMember]
        do {
            show = try await schedule.show(id: id)
            cast = try await schedule.client.cast(ofShow: id)
        } catch where error.code == .notFound {
            throw WebError.notFound("No show \(id)\(schedule.isOffline ? " in the offline snapshot" : " on TVMaze"); the ids are in the links of /schedule.")
        } catch {
            throw WebError.upstream(error)
        }
        let airings = listing.airings.filter { $0.show?.id == id }
        return page(SchedulePages.show(show, cast: cast, airings: airings, zone: query.zone, offline: schedule.isOffline,
                                       theme: theme(request), path: "/shows/\(id)"))
    }

    /// The show's poster, through the client (paced, bounded, cached on disk); a drawn stand-in
    /// when TVMaze has none or cannot be reached.
    @Sendable func poster(_ request: Request, context: WebContext) async throws -> Response {
        let id = try showID(context)
        let fields = try query(request)
        let size: TVMazeImageSize
        switch fields["size"] ?? "medium" {
        case "medium": size = .medium
        case "original": size = .original
        case let other: throw WebError.badParameter("size", "\"\(other.prefix(40))\" is not medium or original.")
        }
        let schedule = try tvSchedule()
        let show: TVMazeShow
        do {
            show = try await schedule.show(id: id)
        } catch where error.code == .notFound {
            throw WebError.notFound("No show \(id); the ids are in the links of /schedule.")
        } catch {
            throw WebError.upstream(error)
        }
        if let links = show.image {
            do {
                let image = try await schedule.client.image(links, size: size)
                return Response(
                    status: .ok,
                    headers: [.contentType: image.mediaType, .cacheControl: "public, max-age=86400",
                              HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                    body: .init(byteBuffer: ByteBuffer(bytes: image.data)))
            } catch where error.code == .cancelled {
                throw CancellationError()
            } catch {
                // Offline (the snapshot has no image files), gone, or not an image: the stand-in.
                if !schedule.isOffline { context.logger.notice("poster \(id): \(ErrorText.line(error))") }
            }
        }
        return Response(
            status: .ok,
            headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=300",
                      HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
            body: .init(byteBuffer: ByteBuffer(string: SchedulePages.placeholderPoster(name: show.name, id: id))))
    }

    /// iCalendar of the week's airings (`?show=ID`, repeatable, for some shows; the page's `q`,
    /// `country`, `tz` and `week` too).
    @Sendable func scheduleCalendar(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let query = try scheduleQuery(fields)
        var shows = Set<Int>()
        for text in fields.all("show") {
            guard let id = Int(text.trimmingCharacters(in: .whitespaces)), id > 0 else {
                throw WebError.badParameter("show", "\"\(text.prefix(40))\" is not a TVMaze show id (a number, such as 363).")
            }
            shows.insert(id)
        }
        var listing = try await listing(query)
        if let filter = query.filter { listing = listing.filtered(by: filter) }
        var airings = listing.airings
        if !shows.isEmpty {
            airings = airings.filter { shows.contains($0.show?.id ?? 0) }
            if airings.isEmpty, let id = shows.first, (try? await tvSchedule().show(id: id)) == nil {
                throw WebError.notFound("No show \(id) in this week's schedule; the ids are in the links of /schedule.")
            }
        }
        let now = app.clock.now
        let events = airings.compactMap { airing -> ICalendarEvent? in
            guard let start = airing.airstamp else { return nil }
            let minutes = airing.runtime ?? airing.show?.runtime
            let show = airing.show?.name ?? "TV"
            return ICalendarEvent(
                uid: "tvmaze-episode-\(airing.id)@airdate.local", timestamp: now,
                summary: "\(show) \(airing.code(.padded)): \(airing.name)",
                timing: .timed(start: start, end: minutes.map { start.addingTimeInterval(Double($0) * 60) }, timeZone: nil),
                description: airing.summaryText, categories: airing.show?.genres ?? [],
                location: airing.show?.broadcaster?.name, url: airing.url)
        }
        let name = shows.count == 1 ? (airings.first?.show?.name ?? "TV schedule") : "TV schedule \(query.country)"
        let calendar = ICalendar(productIdentifier: "-//Airdate//airdate-web//EN", name: name, events: events)
        return Response(
            status: .ok,
            headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache",
                      .contentDisposition: "inline; filename=\"schedule.ics\""],
            body: .init(byteBuffer: ByteBuffer(string: calendar.text)))
    }
}
