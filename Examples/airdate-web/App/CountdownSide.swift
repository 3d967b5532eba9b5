import AirdateCore
public import CountdownKit
public import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServiceLifecycle

/// The countdowns' side of the app (`/countdowns…`): the database `countdowns --db` uses.
public struct CountdownSide: Sendable {
    /// The countdowns' storage: the database `countdowns --db` uses (a `CountdownStore`), or any other.
    public let store: any CountdownStorage
    /// The user's own zone, whose day decides when an all-day countdown has passed into the archive
    /// (the system's, as `countdowns list` takes it), whatever zone the pages show.
    public let userZone: TimeZone

    /// The countdowns' side on `store`.
    public init(store: any CountdownStorage, userZone: TimeZone = .current) {
        self.store = store
        self.userZone = userZone
    }
}

/// The list's choices, read from the query: sort, tags, dates, text and which countdowns (active,
/// the archive or all).
struct CountdownQuery: Sendable {
    var order: CountdownSort
    var scope: CountdownFilter.Scope
    var tags: [CountdownTag]
    var untagged: Bool
    var from: CalendarDay?
    var to: CalendarDay?
    var text: String
    var fields: FormFields

    static let sorts: [(value: String, label: String)] = [
        ("date:asc", "Date, soonest first"), ("date:desc", "Date, latest first"),
        ("created:desc", "Newest first"), ("created:asc", "Oldest first"),
        ("modified:desc", "Changed lately"), ("modified:asc", "Changed longest ago"),
        ("tag-count:desc", "Most tags first"), ("tag-count:asc", "Fewest tags first"),
        ("tags:asc", "Tags A–Z"), ("title:asc", "Title A–Z"),
    ]

    init(_ fields: FormFields) throws(WebError) {
        self.fields = fields
        let sortText = fields["sort"].flatMap { $0.isEmpty ? nil : $0 } ?? "date:asc"
        guard let order = CountdownSort(sortText) else {
            throw .badParameter("sort", "\"\(sortText.prefix(40))\" is not one of date, created, modified, tags, tag-count or title, with :asc or :desc.")
        }
        self.order = order
        let scopeText = fields["scope"].flatMap { $0.isEmpty ? nil : $0 } ?? "active"
        guard let scope = CountdownFilter.Scope(rawValue: scopeText) else {
            throw .badParameter("scope", "\"\(scopeText.prefix(40))\" is not active, archived or all.")
        }
        self.scope = scope
        var tags: [CountdownTag] = []
        for text in fields.all("tag") where !text.trimmingCharacters(in: .whitespaces).isEmpty {
            tags.append(try CountdownForm.tag(text, field: "tag"))
        }
        self.tags = CountdownTag.normalized(tags)
        untagged = ["1", "on", "true"].contains(fields["untagged"] ?? "")
        if untagged && !self.tags.isEmpty { throw .badParameter("untagged", "choose either tags or untagged, not both.") }
        from = try fields.day("from")
        to = try fields.day("to")
        text = (fields["q"] ?? "").trimmingCharacters(in: .whitespaces)
        guard text.count <= 200 else { throw .badParameter("q", "longer than 200 characters.") }
    }

    /// The filter the list applies (CountdownKit's, as `countdowns list` builds it).
    var filter: CountdownFilter {
        var parts: [CountdownFilter] = [.scope(scope)]
        if untagged { parts.append(.untagged) }
        if !tags.isEmpty { parts.append(.allOfTags(tags)) }
        switch (from, to) {
        case let (from?, to?): parts.append(.between(from, to))
        case let (from?, nil): parts.append(.not(.before(from)))
        case let (nil, to?): parts.append(.not(.after(to)))
        case (nil, nil): break
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return .and(parts)
    }

    /// Whether anything narrows the list (beyond the scope and the order).
    var isFiltered: Bool { untagged || !tags.isEmpty || from != nil || to != nil || !text.isEmpty }

    /// The query of this list with `changes` applied (`nil` removes a field), for links.
    func link(_ changes: [String: [String]?]) -> String {
        var pairs = fields.pairs.filter { ["sort", "scope", "tag", "untagged", "from", "to", "q"].contains($0.name) && changes[$0.name] == nil }
        for (name, values) in changes.sorted(by: { $0.key < $1.key }) {
            for value in values ?? [] { pairs.append((name, value)) }
        }
        let text = FormFields(pairs: pairs).encoded
        return "/countdowns" + (text.isEmpty ? "" : "?" + text)
    }
}

/// The add and edit forms' fields: title, day, time (empty: all day) and its zone, tags (comma
/// separated), note and repeat.
struct CountdownForm: Sendable {
    var title: String
    var target: CountdownTarget
    var tags: [CountdownTag]
    var note: String
    var frequency: Recurrence.Frequency?

    init(_ fields: FormFields, defaultZone: TimeZone) throws(WebError) {
        let title = (fields["title"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw .badParameter("title", "missing; give the countdown a title.") }
        guard title.count <= Countdown.Limits.titleLength else {
            throw .badParameter("title", "\(title.count) characters; at most \(Countdown.Limits.titleLength).")
        }
        self.title = title
        guard let day = try fields.day("date") else {
            throw .badParameter("date", "missing; give the day (YYYY-MM-DD).")
        }
        var zone = defaultZone
        if let name = fields["zone"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            guard name.count <= 64, let given = TimeZone(identifier: name) else {
                throw .badParameter("zone", "\"\(name.prefix(40))\" is not a time zone; give an IANA name such as Europe/Paris.")
            }
            zone = given
        }
        if let text = fields["time"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            let time: TimeOfDay
            do { time = try TimeOfDay(parsing: text) } catch {
                throw .badParameter("time", "\"\(text.prefix(40))\" is not a time as HH:MM (24-hour), such as 20:30.")
            }
            target = .wallClock(LocalDateTime(day: day, time: time), in: zone)
        } else {
            target = .allDay(day)
        }
        var tags: [CountdownTag] = []
        for piece in (fields["tags"] ?? "").split(separator: ",") where !piece.trimmingCharacters(in: .whitespaces).isEmpty {
            tags.append(try Self.tag(String(piece), field: "tags"))
        }
        guard tags.count <= Countdown.Limits.tags else {
            throw .badParameter("tags", "\(tags.count) tags; at most \(Countdown.Limits.tags).")
        }
        self.tags = CountdownTag.normalized(tags)
        note = (fields["note"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        guard note.count <= Countdown.Limits.noteLength else {
            throw .badParameter("note", "\(note.count) characters; at most \(Countdown.Limits.noteLength).")
        }
        if let text = fields["every"]?.trimmingCharacters(in: .whitespaces), !text.isEmpty, text != "never" {
            guard let frequency = Recurrence.Frequency(text.lowercased()) else {
                throw .badParameter("every", "\"\(text.prefix(40))\" is not a repeat; give \(Recurrence.Frequency.vocabulary).")
            }
            self.frequency = frequency
        }
    }

    /// A tag of `field`, within CountdownKit's limits.
    static func tag(_ text: String, field: String) throws(WebError) -> CountdownTag {
        guard let tag = CountdownTag(text) else { throw .badParameter(field, "a tag cannot be only white space.") }
        guard tag.name.count <= Countdown.Limits.tagLength else {
            throw .badParameter(field, "the tag \"\(tag.name.prefix(40))…\" is longer than \(Countdown.Limits.tagLength) characters.")
        }
        return tag
    }

    /// The repeat anchored on the target's day.
    func recurrence() throws(WebError) -> Recurrence? {
        guard let frequency else { return nil }
        do { return try Recurrence(frequency, anchor: target.ownDay) } catch {
            throw WebError(.unprocessableContent, "every: \(ErrorText.line(error))")
        }
    }
}

/// The handlers of `/countdowns…`.
extension Routes {
    func countdownSide() throws(WebError) -> CountdownSide {
        guard let side = app.countdowns else {
            throw WebError(.serviceUnavailable, "The countdowns are not available: their database could not be opened (see --countdowns-db).")
        }
        return side
    }

    static func countdownError(_ error: any Error) -> WebError {
        if let error = error as? WebError { return error }
        if let error = error as? CountdownStoreError {
            if let failure = error.storeError { return WebError.store(failure) }
            switch error.code {
            case .notFound: return WebError.notFound("No such countdown (deleted meanwhile?); see /countdowns.")
            case .corruptRow: return WebError(.internalServerError, ErrorText.line(error))
            default: return WebError(.unprocessableContent, ErrorText.line(error))
            }
        }
        if error is CountdownError { return WebError(.unprocessableContent, ErrorText.line(error)) }
        return WebError(.internalServerError, ErrorText.line(error))
    }

    func countdownID(_ context: WebContext) throws(WebError) -> UUID {
        let text = context.parameters.get("id") ?? ""
        guard let id = UUID(uuidString: text) else {
            throw WebError.notFound("No countdown \(text.prefix(40)); countdown ids look like 0f8e1c2a-… (see /countdowns).")
        }
        return id
    }

    /// The clock pages show: the app's.
    var countdownClock: ViewerClock { app.clock.frozen() }

    @Sendable func countdownsPage(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let query = try CountdownQuery(try self.query(request))
        let clock = countdownClock
        do {
            // One reading: the list (the automatic archive by the user's day, the filter, the order),
            // the tags on offer and the count of every countdown.
            let listing = try await side.store.listing(matching: query.filter, sortedBy: query.order, at: clock, archivingIn: side.userZone)
            return page(CountdownPages.list(listing, query: query, clock: clock, userZone: side.userZone, theme: theme(request)))
        } catch { throw Self.countdownError(error) }
    }

    @Sendable func countdownPage(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let id = try countdownID(context)
        do {
            guard let countdown = try await side.store.countdown(id: id) else {
                throw WebError.notFound("No countdown \(id.uuidString.lowercased()) (deleted?); see /countdowns.")
            }
            return page(CountdownPages.detail(countdown, clock: countdownClock, userZone: side.userZone, theme: theme(request)))
        } catch { throw Self.countdownError(error) }
    }

    @Sendable func countdownAdd(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let clock = countdownClock
        let form = try CountdownForm(try await body(request, context: context), defaultZone: clock.timeZone)
        do {
            var countdown = try Countdown(title: form.title, target: form.target, tags: form.tags, note: form.note,
                                          created: clock.now, recurrence: try form.recurrence())
            // A repeat starts on its first day on or after the day given, as `countdowns add` does.
            countdown.target = countdown.firstOccurrence
            try await side.store.insert(countdown)
            return redirect(to: "/countdowns#c-\(countdown.id.uuidString.lowercased())")
        } catch { throw Self.countdownError(error) }
    }

    /// The revision a form was rendered at (`revision`, or `version` from a page of an earlier
    /// release): the store refuses the form's change when the countdown changed since.
    static func revision(_ fields: FormFields) throws(WebError) -> CountdownRevision? {
        guard let text = fields["revision"] ?? fields["version"], !text.isEmpty else { return nil }
        guard let revision = CountdownRevision(text) else {
            throw .badParameter("revision", "\"\(text.prefix(40))\" is not a countdown's revision (16 hexadecimal digits).")
        }
        return revision
    }

    /// A change refused because the countdown changed since the page showed it: 409.
    static func conflict(_ title: String) -> WebError {
        WebError(.conflict, "\(title) was changed elsewhere since this page was opened (by another tab or `countdowns`); nothing was saved. Reload the page and try again.")
    }

    @Sendable func countdownEdit(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let id = try countdownID(context)
        let clock = countdownClock
        let fields = try await body(request, context: context)
        let form = try CountdownForm(fields, defaultZone: clock.timeZone)
        let recurrence = try form.recurrence()
        let revision = try Self.revision(fields)
        do {
            // Read, checked against the form's revision, changed and written in one transaction.
            try await side.store.update(id: id, expecting: revision) { countdown in
                try countdown.rename(form.title)
                countdown.target = form.target
                countdown.tags = form.tags
                countdown.note = form.note
                countdown.recurrence = recurrence
                countdown.target = countdown.firstOccurrence
                countdown.modified = clock.now
                _ = try countdown.validated()
            }
        } catch CountdownStoreError.Code.conflict {
            throw Self.conflict(form.title)
        } catch { throw Self.countdownError(error) }
        return redirect(to: "/countdowns#c-\(id.uuidString.lowercased())")
    }

    @Sendable func countdownArchive(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let id = try countdownID(context)
        let fields = try await body(request, context: context)
        let undo = ["1", "on", "true"].contains(fields["undo"] ?? "")
        // The user's own day decides what has passed, whatever zone the pages show.
        let userClock = countdownClock.inTimeZone(side.userZone)
        do {
            try await side.store.update(id: id) { countdown in
                if countdown.setArchived(!undo, at: userClock) == .passedStaysArchived {
                    throw WebError(.unprocessableContent, "\(countdown.title) passed on \(countdown.target.ownDay), so it stays in the archive; give it a new day on its page.")
                }
            }
        } catch { throw Self.countdownError(error) }
        return redirect(to: safeReturn(fields["return"] ?? "/countdowns"))
    }

    @Sendable func countdownDelete(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let id = try countdownID(context)
        let fields = try await body(request, context: context)
        let revision = try Self.revision(fields)
        do {
            // Checked and deleted in one transaction: a countdown changed elsewhere meanwhile stays.
            try await side.store.delete(id: id, expecting: revision)
        } catch {
            switch error.code {
            case .conflict:
                let title = (try? await side.store.countdown(id: id))??.title ?? "The countdown"
                throw Self.conflict(title)
            case .notFound:
                throw WebError.notFound("No countdown \(id.uuidString.lowercased()) (deleted already?); see /countdowns.")
            default:
                throw Self.countdownError(error)
            }
        }
        let back = safeReturn(fields["return"] ?? "/countdowns")
        return redirect(to: back.hasPrefix("/countdowns/") ? "/countdowns" : back)
    }

    /// `change` events whenever the countdowns' database changes, whoever changed it.
    @Sendable func countdownEvents(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        return liveStream(side.store.observe())
    }

    /// Every countdown not in the archive, as `countdowns export FILE.ics` writes them; `remind`
    /// (minutes, repeatable) adds alarms before each.
    @Sendable func countdownCalendarFeed(_ request: Request, context: WebContext) async throws -> Response {
        let side = try countdownSide()
        let fields = try self.query(request)
        let leads = try fields.integers("remind", in: 1...(ReminderScheduler.leadTimeSeconds.upperBound / 60))
            .map { Duration.seconds($0 * 60) }
        let now = countdownClock.now
        do {
            let userClock = ViewerClock.fixed(at: now, timeZone: side.userZone)
            let active = try await side.store.all().filter { !$0.current(at: userClock).isArchived }
            let calendar = ICalendar(countdowns: active, timestamp: now, leadTimes: leads)
            return Response(
                status: .ok,
                headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "no-cache",
                          .contentDisposition: "inline; filename=\"countdowns.ics\""],
                body: .init(byteBuffer: ByteBuffer(string: calendar.text)))
        } catch { throw Self.countdownError(error) }
    }
}
