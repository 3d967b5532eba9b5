import AirdateCore
import ArrowverseDocuments
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle
import WatchOrder

/// The handlers: read the request, ask the store and WatchOrder, render a page or a document.
struct Routes: Sendable {
    let app: AirdateWeb

    // MARK: Pages

    @Sendable func listPage(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        if fields["reset"] != nil {
            var response = redirect(to: "/")
            response.headers.append(HTTPField(name: .setCookie, value: Cookies.clear(Cookies.filters)))
            return response
        }
        let snapshot = try await app.snapshot()
        let (query, cookie) = try remembered(fields, request: request, list: snapshot.list)
        let path = "/" + query.queryString
        var response = page(Pages.list(snapshot, query: query, theme: theme(request), path: path))
        if let cookie { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    @Sendable func nextPage(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let snapshot = try await app.snapshot()
        let (query, _) = try remembered(fields, request: request, list: snapshot.list, remember: false)
        return page(Pages.next(snapshot, hidden: query.filter.hiddenShows, theme: theme(request), path: "/next"))
    }

    @Sendable func progressPage(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let snapshot = try await app.snapshot()
        let (query, _) = try remembered(fields, request: request, list: snapshot.list, remember: false)
        return page(Pages.progress(snapshot, hidden: query.filter.hiddenShows, theme: theme(request), path: "/progress"))
    }

    /// The summary box alone, for the live script.
    @Sendable func summaryFragment(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let snapshot = try await app.snapshot()
        let (query, _) = try remembered(fields, request: request, list: snapshot.list, remember: false)
        return page(Pages.summary(snapshot, hidden: query.filter.hiddenShows, query: query))
    }

    // MARK: Live events

    /// `text/event-stream` of `change` events (`{"watched": [ids], "unwatched": [ids], "reload": bool}`),
    /// each with an id; resumes after `Last-Event-ID` (or `?since=ID`, the id a page was rendered at).
    @Sendable func events(_ request: Request, context: WebContext) async throws -> Response {
        let fields = try query(request)
        let lastID = request.headers[Self.lastEventID] ?? fields["since"]
        let feed = app.feed
        let (key, stream) = await feed.subscribe(after: lastID.flatMap { $0.isEmpty ? nil : $0 })
        let headers: HTTPFields = [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-cache, no-store",
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { Task { await feed.unsubscribe(key) } }
            try await withGracefulShutdownHandler {
                // Reconnect after a second when the connection drops.
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                for await event in stream {
                    try await writer.write(ByteBuffer(string: event.text))
                }
            } onGracefulShutdown: {
                Task { await feed.unsubscribe(key) }
            }
            try await writer.finish(nil)
        })
    }

    static let lastEventID = HTTPField.Name("Last-Event-ID")!

    // MARK: API

    /// `{"episodes": [EPISODE, …], "timeZone": …}`, the list's filters applied.
    @Sendable func apiEpisodes(_ request: Request, context: WebContext) async throws -> Response {
        let snapshot = try await app.snapshot()
        let query = try ListQuery(try self.query(request), list: snapshot.list)
        let context = ListingContext(list: snapshot.list, checklist: snapshot.checklist(), clock: snapshot.clock)
        return try json(ListDocument(
            timeZone: snapshot.clock.timeZone.identifier,
            episodes: snapshot.episodes(query.filter).map { EpisodeDocument($0, in: context) }))
    }

    /// One episode: `/api/episodes/arrow/s3e8`.
    @Sendable func apiEpisode(_ request: Request, context: WebContext) async throws -> Response {
        let show = context.parameters.get("show") ?? "", code = context.parameters.get("episode") ?? ""
        let snapshot = try await app.snapshot()
        guard let episode = snapshot.list.episode(EpisodeID(rawValue: "\(show)/\(code)")) else {
            throw WebError.notFound("No episode \(show)/\(code); ids look like arrow/s3e8 (see /api/episodes).")
        }
        let listing = ListingContext(list: snapshot.list, checklist: snapshot.checklist(), clock: snapshot.clock)
        return try json(EpisodeDocument(episode, in: listing))
    }

    /// Progress per show and season (`hide_show` respected).
    @Sendable func apiProgress(_ request: Request, context: WebContext) async throws -> Response {
        let snapshot = try await app.snapshot()
        let query = try ListQuery(try self.query(request), list: snapshot.list)
        return try json(ProgressReportDocument(
            list: snapshot.list, checklist: snapshot.checklist(hiding: query.filter.hiddenShows), clock: snapshot.clock))
    }

    /// Next overall, next per show by air date, coming soon (`hide_show` respected): the document
    /// `arrowverse next --json` prints, from the same `Checklist.upNext(in:at:comingSoonLimit:)`.
    @Sendable func apiNext(_ request: Request, context: WebContext) async throws -> Response {
        let snapshot = try await app.snapshot()
        let query = try ListQuery(try self.query(request), list: snapshot.list)
        let checklist = snapshot.checklist(hiding: query.filter.hiddenShows)
        let list = snapshot.list, clock = snapshot.clock
        return try json(NextDocument(
            checklist.upNext(in: list, at: clock), in: ListingContext(list: list, checklist: checklist, clock: clock)))
    }

    // MARK: Feeds

    /// Atom 1.0: the 15 most recent aired episodes, the list's filters applied.
    @Sendable func atom(_ request: Request, context: WebContext) async throws -> Response {
        let snapshot = try await app.snapshot()
        let query = try ListQuery(try self.query(request), list: snapshot.list)
        var shown = query.filter
        shown.newestFirst = false
        let recent = snapshot.list.recentlyAired(snapshot.episodes(shown), limit: 15, at: snapshot.clock)
        let base = origin(request)
        let selfURL = URL(string: base + "/recent_episodes.atom" + query.queryString) ?? URL(fileURLWithPath: "/")
        let feed = snapshot.list.atomFeed(
            of: recent, id: "tag:airdate.local,2024:arrowverse/recent_episodes" + query.queryString,
            title: "Arrowverse: recent episodes",
            links: [AtomLink(href: selfURL, relation: "self", mediaType: AtomFeed.mediaType),
                    AtomLink(href: URL(string: base + "/" + query.queryString) ?? selfURL, relation: "alternate", mediaType: "text/html")],
            authors: [AtomPerson(name: "Airdate")],
            entryIDPrefix: "tag:airdate.local,2024:arrowverse/episode/", timeZone: snapshot.clock.timeZone,
            updated: snapshot.clock.now)
        return Response(
            status: .ok, headers: [.contentType: "\(AtomFeed.mediaType); charset=utf-8", .cacheControl: "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: feed.xml)))
    }

    /// iCalendar: every episode with an air day, the list's filters applied; broadcast times where known.
    @Sendable func calendar(_ request: Request, context: WebContext) async throws -> Response {
        let snapshot = try await app.snapshot()
        let query = try ListQuery(try self.query(request), list: snapshot.list)
        let calendar = snapshot.list.iCalendar(
            of: snapshot.episodes(query.filter), name: "Arrowverse", productIdentifier: "-//Airdate//airdate-web//EN",
            uidDomain: "airdate.local", timestamp: snapshot.clock.now)
        return Response(
            status: .ok,
            headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache",
                      .contentDisposition: "inline; filename=\"arrowverse.ics\""],
            body: .init(byteBuffer: ByteBuffer(string: calendar.text)))
    }

    // MARK: Assets

    @Sendable func asset(_ request: Request, context: WebContext) async throws -> Response {
        guard let name = context.parameters.get("name"), let asset = Assets.named(name) else {
            throw WebError.notFound("No asset \(context.parameters.get("name") ?? ""); the assets are \(Assets.all.map(\.name).joined(separator: ", ")).")
        }
        let etag = "\"\(asset.version)\""
        let versioned = (try? query(request))?["v"] == asset.version
        var headers: HTTPFields = [
            .contentType: asset.mediaType, .eTag: etag,
            .cacheControl: versioned ? "public, max-age=31536000, immutable" : "no-cache",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: asset.content)))
    }

    // MARK: Forms: marks

    @Sendable func watch(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let list = try await app.currentList()
        let episode = try episode(form, in: list)
        let summary = try await app.store.watch([episode.id], watchedAt: app.clock.now)
        return answer(request, form: form, json: MarkAnswer(watched: summary.episodes, unwatched: []))
    }

    @Sendable func unwatch(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let episode = try episode(form, in: try await app.currentList())
        try await app.store.unwatch([episode.id])
        return answer(request, form: form, json: MarkAnswer(watched: [], unwatched: [episode.id]))
    }

    /// Marks every aired episode up to the given one, in watch order, among the shows the viewer shows.
    @Sendable func watchThrough(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let snapshot = try await app.snapshot()
        let episode = try episode(form, in: snapshot.list)
        let ids = snapshot.checklist().episodes(through: episode.id, in: snapshot.list, at: snapshot.clock)
        let summary = try await app.store.watch(ids, watchedAt: snapshot.clock.now)
        return answer(request, form: form, json: MarkAnswer(watched: summary.episodes, unwatched: [], newlyWatched: summary.newlyWatched.count))
    }

    @Sendable func watchSeason(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let snapshot = try await app.snapshot()
        let (show, season) = try self.season(form, in: snapshot.list)
        let ids = snapshot.checklist().airedEpisodes(ofShow: show.id, season: season, in: snapshot.list, at: snapshot.clock)
        let summary = try await app.store.watch(ids, watchedAt: snapshot.clock.now)
        return answer(request, form: form, json: MarkAnswer(watched: summary.episodes, unwatched: [], newlyWatched: summary.newlyWatched.count))
    }

    @Sendable func unwatchSeason(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let snapshot = try await app.snapshot()
        let (show, season) = try self.season(form, in: snapshot.list)
        let removed = try await app.store.unwatch(show: show.id, season: season)
        return answer(request, form: form, json: MarkAnswer(watched: [], unwatched: removed))
    }

    /// The list's form without JavaScript: boxes ticked since the page was rendered are marked, boxes
    /// unticked are unmarked (marks made meanwhile elsewhere are left alone), then "up to here".
    @Sendable func checklist(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let snapshot = try await app.snapshot()
        func ids(_ name: String) throws(WebError) -> Set<EpisodeID> {
            let values = form.all(name)
            guard values.count <= 10_000 else { throw .badParameter(name, "more than 10000 values.") }
            var ids = Set<EpisodeID>()
            for value in values {
                let id = EpisodeID(rawValue: value)
                guard snapshot.list.episode(id) != nil else {
                    throw .notFound("No episode \(value.prefix(80)); ids look like arrow/s3e8 (see /api/episodes).")
                }
                ids.insert(id)
            }
            return ids
        }
        let ticked = try ids("watched"), was = try ids("was")
        let order = { (ids: Set<EpisodeID>) in ids.sorted { (snapshot.list.position(of: $0) ?? 0) < (snapshot.list.position(of: $1) ?? 0) } }
        var watched = try await app.store.watch(order(ticked.subtracting(was)), watchedAt: snapshot.clock.now).episodes
        let unwatched = try await app.store.unwatch(order(was.subtracting(ticked)))
        if form.has("through") {
            let episode = try episode(form, field: "through", in: snapshot.list)
            let through = snapshot.checklist().episodes(through: episode.id, in: snapshot.list, at: snapshot.clock)
            watched += try await app.store.watch(through, watchedAt: snapshot.clock.now).episodes
        }
        return answer(request, form: form, json: MarkAnswer(watched: watched, unwatched: unwatched))
    }

    /// The list page's "Hidden shows": the ticked shows (`hidden=ID` or a name, repeatable) are
    /// hidden, every other hidden show is shown again — the one setting, stored with the progress, that
    /// `arrowverse shows --hide`, `--only` and `--resume` write, so every page and the command line
    /// follow. A dropped show left unticked stays dropped.
    @Sendable func hiddenShows(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        let snapshot = try await app.snapshot()
        let values = form.all("hidden")
        guard values.count <= 1_000 else { throw WebError.badParameter("hidden", "more than 1000 values.") }
        var wanted = Set<String>()
        for value in values {
            guard let show = snapshot.list.shows.first(where: { $0.id == value }) ?? (try? snapshot.list.show(named: value)) else {
                throw WebError.badParameter("hidden", "no show \"\(value.prefix(60))\"; the shows are \(snapshot.list.shows.map(\.name).joined(separator: ", ")).")
            }
            wanted.insert(show.id)
        }
        try await app.store.setHiddenShows(wanted, changedAt: snapshot.clock.now)
        if wantsJSON(request) {
            return try json(HiddenShowsAnswer(hidden: snapshot.list.shows.map(\.id).filter(wanted.contains)))
        }
        return redirect(to: safeReturn(form["return"]))
    }

    struct HiddenShowsAnswer: Encodable {
        var hidden: [String]
    }

    @Sendable func theme(_ request: Request, context: WebContext) async throws -> Response {
        let form = try await body(request, context: context)
        guard let value = form["theme"] else { throw WebError.badParameter("theme", "missing; give auto, light or dark.") }
        guard let theme = Theme(rawValue: value) else { throw WebError.badParameter("theme", "\"\(value.prefix(40))\" is not auto, light or dark.") }
        var response: Response
        if wantsJSON(request) {
            let answer = ThemeAnswer(
                theme: theme.rawValue, next: theme.next.rawValue, name: theme.label,
                label: "Colour theme: \(theme.label). Switch to \(theme.next.label.lowercased())")
            response = (try? json(answer)) ?? Response(status: .ok)
        } else {
            response = redirect(to: safeReturn(form["return"]))
        }
        response.headers.append(HTTPField(name: .setCookie, value: Cookies.set(Cookies.theme, theme.rawValue)))
        return response
    }

    // MARK: Reading requests

    func query(_ request: Request) throws(WebError) -> FormFields {
        try FormFields(encoded: Substring(request.uri.query ?? ""))
    }

    /// The form of a POST body: `application/x-www-form-urlencoded` (or none), at most
    /// ``WebLimits/maxBody`` bytes.
    func body(_ request: Request, context: WebContext) async throws -> FormFields {
        if let type = request.headers[.contentType]?.lowercased(), !type.hasPrefix("application/x-www-form-urlencoded") {
            throw WebError(.unsupportedMediaType, "Send the form as application/x-www-form-urlencoded, not \(type.prefix(60)).")
        }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: WebLimits.maxBody)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw WebError(.contentTooLarge, "The request body is larger than \(WebLimits.maxBody) bytes.")
        }
        guard let text = buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes) else {
            throw WebError(.badRequest, "The request body is not text.")
        }
        return try FormFields(encoded: Substring(text))
    }

    func episode(_ form: FormFields, field: String = "episode", in list: WatchList) throws(WebError) -> Episode {
        guard let value = form[field]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            throw .badParameter(field, "missing; give an episode id such as arrow/s3e8.")
        }
        guard value.count <= 200 else { throw .notFound("No episode \(value.prefix(80))…; ids look like arrow/s3e8.") }
        if let episode = list.episode(EpisodeID(rawValue: value)) { return episode }
        do {
            return try list.episode(named: value)
        } catch {
            throw .notFound("No episode \(value): \(ErrorText.line(error))")
        }
    }

    func season(_ form: FormFields, in list: WatchList) throws(WebError) -> (Show, Int) {
        guard let showText = form["show"]?.trimmingCharacters(in: .whitespaces), !showText.isEmpty else {
            throw .badParameter("show", "missing; give a show's id or name, such as arrow.")
        }
        guard let seasonText = form["season"]?.trimmingCharacters(in: .whitespaces), !seasonText.isEmpty else {
            throw .badParameter("season", "missing; give a season number, such as 3.")
        }
        guard let season = Int(seasonText), season >= 0, season < 1000 else {
            throw .badParameter("season", "\"\(seasonText.prefix(40))\" is not a season number.")
        }
        let show: Show
        if let exact = list.show(showText) {
            show = exact
        } else {
            do { show = try list.show(named: showText) } catch { throw .notFound(ErrorText.line(error)) }
        }
        guard list.episodes.contains(where: { $0.showID == show.id && $0.season == season }) else {
            let seasons = Set(list.episodes.filter { $0.showID == show.id }.map(\.season)).sorted().map(String.init)
            throw .notFound("\(show.name) has no season \(season); its seasons are \(seasons.joined(separator: ", ")).")
        }
        return (show, season)
    }

    /// The list choice: the query's when it names one (and then remembered in a cookie), else the
    /// remembered one, else none. A remembered choice that no longer reads (a show gone) is dropped.
    func remembered(
        _ fields: FormFields, request: Request, list: WatchList, remember: Bool = true
    ) throws(WebError) -> (ListQuery, cookie: String?) {
        if fields.pairs.contains(where: { ListQuery.names.contains($0.name) }) {
            let query = try ListQuery(fields, list: list)
            guard remember else { return (query, nil) }
            // Days and order are remembered; shows are hidden with the stored setting (/hidden-shows),
            // so a link's hide_show= applies to that view only.
            let kept = FormFields(pairs: query.fields.pairs.filter { $0.name != "hide_show" })
            return (query, kept.isEmpty ? Cookies.clear(Cookies.filters) : Cookies.set(Cookies.filters, kept.encoded))
        }
        // A cookie of an earlier release may hold hide_show=: shows are hidden by the stored setting now.
        if let saved = Cookies.value(Cookies.filters, in: request),
           let fields = try? FormFields(encoded: Substring(saved)),
           let query = try? ListQuery(FormFields(pairs: fields.pairs.filter { $0.name != "hide_show" }), list: list) {
            return (query, nil)
        }
        // Nothing remembered (or nothing readable).
        let none = try ListQuery(FormFields(), list: list)
        return (none, Cookies.value(Cookies.filters, in: request) == nil ? nil : Cookies.clear(Cookies.filters))
    }

    func theme(_ request: Request) -> Theme {
        Cookies.value(Cookies.theme, in: request).flatMap(Theme.init(rawValue:)) ?? .auto
    }

    /// `http://HOST:PORT` as the client addressed the server (its `Host`), for absolute links.
    func origin(_ request: Request) -> String {
        let host = request.head.authority ?? "\(app.configuration.host):\(app.configuration.port)"
        let safe = host.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-:[]".unicodeScalars.contains($0)) }
        return "http://" + (safe && !host.isEmpty ? host : "\(app.configuration.host):\(app.configuration.port)")
    }

    // MARK: Answers

    struct MarkAnswer: Encodable {
        var watched: [String]
        var unwatched: [String]
        var newlyWatched: Int?

        init(watched: [EpisodeID], unwatched: [EpisodeID], newlyWatched: Int? = nil) {
            self.watched = watched.map(\.rawValue)
            self.unwatched = unwatched.map(\.rawValue)
            self.newlyWatched = newlyWatched
        }
    }

    struct ThemeAnswer: Encodable {
        var theme: String
        var next: String
        var name: String
        var label: String
    }

    func wantsJSON(_ request: Request) -> Bool {
        request.headers[.accept]?.contains("application/json") ?? false
    }

    /// JSON for a script, else 303 back to the page the form came from.
    func answer(_ request: Request, form: FormFields, json value: MarkAnswer) -> Response {
        if wantsJSON(request), let response = try? json(value) { return response }
        return redirect(to: safeReturn(form["return"]))
    }

    /// A path of this site to go back to: `/…` only (never `//host` or a scheme), else `/`.
    func safeReturn(_ value: String?) -> String {
        guard let value, value.hasPrefix("/"), !value.hasPrefix("//"), !value.hasPrefix("/\\"),
              value.count < 2000, !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" }) else { return "/" }
        return value
    }

    func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: path, .cacheControl: "no-store"])
    }

    func page(_ html: String) -> Response {
        Response(status: .ok, headers: Self.pageHeaders, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .cacheControl: "no-store",
        .contentSecurityPolicy: "default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "same-origin",
    ]

    func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let data = try encoder.encode(value)
        var buffer = ByteBuffer(bytes: data)
        buffer.writeString("\n")
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                        body: .init(byteBuffer: buffer))
    }
}

/// The two cookies: the list's filters (`filters`, a query string) and the colour theme (`theme`).
enum Cookies {
    static let filters = "airdate_filters"
    static let theme = "airdate_theme"

    /// The value of the cookie `name` the request carries.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for piece in header.split(separator: ";") {
                let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                return String(parts[1]).trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    static func set(_ name: String, _ value: String) -> String {
        "\(name)=\(value); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
    }

    static func clear(_ name: String) -> String {
        "\(name)=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly"
    }
}
