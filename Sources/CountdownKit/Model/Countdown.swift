public import AirdateCore
public import Foundation

/// An event to count down to (or up from): a premiere, a convention, a finale.
///
/// Instants are kept to the millisecond (so countdowns made within one second still sort by when
/// they were made), tags are normalised (see ``CountdownTag``), and the title is trimmed
/// and never empty. Lengths are bounded (``Limits``): ``validated()`` checks them, and the store
/// refuses a countdown that is not valid.
public struct Countdown: Identifiable, Sendable, Hashable, Codable {
    /// The longest texts and lists a countdown takes.
    public enum Limits {
        /// The most characters in a title: 200.
        public static let titleLength = 200
        /// The most characters in a note: 10 000.
        public static let noteLength = 10_000
        /// The most characters in a tag: 50.
        public static let tagLength = 50
        /// The most tags on one countdown: 50.
        public static let tags = 50
        /// The most moves kept in ``Countdown/moves`` (the oldest are dropped): 200.
        public static let moves = 200
    }

    /// The stable identifier.
    public let id: UUID
    /// The id's first eight characters in lower case (`c3a94e50`): what `countdowns list` prints and
    /// what every program that takes an id accepts (``CountdownStorage/countdowns(withIDPrefix:)``).
    public var shortID: String { String(id.uuidString.prefix(8)).lowercased() }
    /// The title, trimmed and never empty.
    public private(set) var title: String
    /// What it counts down to. For a recurring countdown, the first occurrence (or the one it was
    /// rolled to by ``CountdownStore/autoArchive(at:)``); ``current(at:)`` gives the next one.
    public var target: CountdownTarget
    /// Tags, without duplicates, in the order first given.
    public var tags: [CountdownTag] { didSet { tags = CountdownTag.normalized(tags) } }
    /// Free text.
    public var note: String
    /// When it was made.
    public var created: Date { didSet { created = created.wholeMilliseconds } }
    /// When it was last changed.
    public var modified: Date { didSet { modified = modified.wholeMilliseconds } }
    /// When it was archived; `nil` while active.
    public var archived: Date? { didSet { archived = archived?.wholeMilliseconds } }
    /// How it repeats; `nil` for a one-off event.
    public var recurrence: Recurrence?
    /// The show it follows, when its date comes from a catalog (see ``follow(_:noticedAt:)``).
    public var following: FollowedShow?
    /// How a followed countdown's date moved, oldest first (at most ``Limits/moves``).
    public var moves: [CountdownMove] { didSet { if moves.count > Limits.moves { moves.removeFirst(moves.count - Limits.moves) } } }

    /// Creates a countdown.
    ///
    /// - Throws: ``CountdownError/emptyTitle`` when the title is only white space,
    ///   ``CountdownError/tooLong(what:length:limit:)`` when a text or the list of tags is longer than
    ///   ``Limits`` allows.
    public init(
        id: UUID = UUID(), title: String, target: CountdownTarget, tags: [CountdownTag] = [], note: String = "",
        created: Date, modified: Date? = nil, archived: Date? = nil, recurrence: Recurrence? = nil,
        following: FollowedShow? = nil, moves: [CountdownMove] = []
    ) throws(CountdownError) {
        try self.init(id: id, title: title, target: target, tags: tags, note: note, created: created, modified: modified,
                      archived: archived, recurrence: recurrence, following: following, moves: moves, checkingLimits: true)
        _ = try validated()
    }

    /// Creates a countdown; `checkingLimits: false` reads one stored before the limits existed.
    init(
        id: UUID, title: String, target: CountdownTarget, tags: [CountdownTag], note: String, created: Date,
        modified: Date?, archived: Date?, recurrence: Recurrence?, following: FollowedShow?, moves: [CountdownMove],
        checkingLimits: Bool
    ) throws(CountdownError) {
        self.id = id
        self.title = ""
        self.target = target
        self.tags = CountdownTag.normalized(tags)
        self.note = note
        self.created = created.wholeMilliseconds
        self.modified = (modified ?? created).wholeMilliseconds
        self.archived = archived?.wholeMilliseconds
        self.recurrence = recurrence
        self.following = following
        self.moves = Array(moves.suffix(Limits.moves))
        try rename(title, checkingLength: checkingLimits)
    }

    /// Sets the title, trimmed.
    ///
    /// - Throws: ``CountdownError/emptyTitle`` when it is only white space, or
    ///   ``CountdownError/tooLong(what:length:limit:)`` past ``Limits/titleLength`` (the title is unchanged).
    public mutating func rename(_ newTitle: String) throws(CountdownError) {
        try rename(newTitle, checkingLength: true)
    }

    private mutating func rename(_ newTitle: String, checkingLength: Bool) throws(CountdownError) {
        let trimmed = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        if checkingLength, trimmed.count > Limits.titleLength {
            throw .tooLong(what: "title", length: trimmed.count, limit: Limits.titleLength)
        }
        title = trimmed
    }

    /// The countdown itself when every text and list is within ``Limits``.
    ///
    /// - Throws: ``CountdownError/tooLong(what:length:limit:)`` naming the first that is not.
    @discardableResult
    public func validated() throws(CountdownError) -> Countdown {
        if title.count > Limits.titleLength { throw .tooLong(what: "title", length: title.count, limit: Limits.titleLength) }
        if note.count > Limits.noteLength { throw .tooLong(what: "note", length: note.count, limit: Limits.noteLength) }
        if tags.count > Limits.tags { throw .tooMany(what: "tags", count: tags.count, limit: Limits.tags) }
        if let long = tags.first(where: { $0.name.count > Limits.tagLength }) {
            throw .tooLong(what: "tag", length: long.name.count, limit: Limits.tagLength)
        }
        if recurrence != nil, target.time?.repeatedTimeChoice == .second { throw .secondPassRepeats }
        return self
    }

    /// Whether it is archived (by hand, or stored so by ``CountdownStore/autoArchive(at:)``); see
    /// ``current(at:)`` for whether it is archived as of a given time.
    public var isArchived: Bool { archived != nil }

    /// The next occurrence that has not passed at `now`: the target itself when it has not passed,
    /// the following occurrence of a recurring countdown (at the wall-clock time given, in the
    /// target's own zone), or `nil` for a passed one-off event.
    public func nextOccurrence(after now: Date, in timeZone: TimeZone) -> CountdownTarget? {
        let first = firstOccurrence
        guard first.hasPassed(by: now, in: timeZone) else { return first }
        guard let recurrence else { return nil }
        var day = first.ownDay.adding(days: 1)
        let today = CalendarDay(containing: now, in: timeZone)
        if day < today.adding(days: -1) { day = today.adding(days: -1) }
        for _ in 0..<8 {
            guard let next = recurrence.firstOccurrence(onOrAfter: day) else { return nil }
            let candidate = target.moved(to: next)
            if !candidate.hasPassed(by: now, in: timeZone) { return candidate }
            day = candidate.ownDay.adding(days: 1)
        }
        return nil
    }

    /// The first occurrence: the target, or for a repeating countdown whose target is not on one of
    /// its days (`weekly:mon` given a Friday), the first day of the repeat on or after it — the day a
    /// calendar program shows first, too (see ``Recurrence/rule``).
    public var firstOccurrence: CountdownTarget {
        guard let recurrence, let first = recurrence.firstOccurrence(onOrAfter: target.ownDay), first != target.ownDay else {
            return target
        }
        return target.moved(to: first)
    }

    /// The occurrences that have not passed at `now`, from the next one on, at most `limit` of them
    /// (one for a one-off countdown, none once it has passed), for a calendar or a list of dates.
    public func upcomingOccurrences(after now: Date, in timeZone: TimeZone, limit: Int) -> [CountdownTarget] {
        guard limit > 0, let first = nextOccurrence(after: now, in: timeZone) else { return [] }
        var out = [first]
        guard let recurrence else { return out }
        var day = first.ownDay.adding(days: 1)
        while out.count < limit, let next = recurrence.firstOccurrence(onOrAfter: day) {
            guard next >= day else { break }
            out.append(target.moved(to: next))
            guard next < CalendarDay.latest else { break }
            day = next.adding(days: 1)
        }
        return out
    }

    /// The countdown as it stands at `clock`, computed without writing anything: a one-off countdown
    /// whose target has passed is archived as of the instant it passed (its target's end in the
    /// clock's zone), and a repeating one is at its next occurrence; ``modified`` is unchanged.
    ///
    /// This is the automatic archive as a view: list with it, and the stored countdowns stay as they
    /// are. Give the clock of the user's own day and zone: an all-day countdown for today is not
    /// archived because a view shows another zone where today is over.
    public func current(at clock: ViewerClock) -> Countdown {
        guard archived == nil else { return self }
        let now = clock.now
        let zone = clock.timeZone
        guard target.hasPassed(by: now, in: zone) else { return self }
        var current = self
        if recurrence != nil, let next = nextOccurrence(after: now, in: zone) {
            current.target = next
        } else {
            current.archived = target.end(in: zone)
        }
        return current
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, target, tags, note, created, modified, archived, recurrence, following, moves
    }

    /// Decodes, checking the title and the ``Limits`` and normalising tags; instants are ISO 8601 strings.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(
                id: c.decode(UUID.self, forKey: .id),
                title: c.decode(String.self, forKey: .title),
                target: c.decode(CountdownTarget.self, forKey: .target),
                tags: c.decodeIfPresent([CountdownTag].self, forKey: .tags) ?? [],
                note: c.decodeIfPresent(String.self, forKey: .note) ?? "",
                created: c.decode(ISO8601Instant.self, forKey: .created).date,
                modified: c.decodeIfPresent(ISO8601Instant.self, forKey: .modified)?.date,
                archived: c.decodeIfPresent(ISO8601Instant.self, forKey: .archived)?.date,
                recurrence: c.decodeIfPresent(Recurrence.self, forKey: .recurrence),
                following: c.decodeIfPresent(FollowedShow.self, forKey: .following),
                moves: c.decodeIfPresent([CountdownMove].self, forKey: .moves) ?? [])
        } catch let error as CountdownError {
            let key: CodingKeys
            switch error.code {
            case .tooLong where error.subject == "note": key = .note
            case .tooLong where error.subject == "tag": key = .tags
            case .tooMany: key = .tags
            case .secondPassRepeats, .invalidRecurrence: key = .recurrence
            default: key = .title
            }
            throw DecodingError.dataCorruptedError(forKey: key, in: c, debugDescription: error.errorDescription ?? "invalid")
        }
    }

    /// Encodes with instants as ISO 8601 strings in UTC.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(target, forKey: .target)
        try c.encode(tags, forKey: .tags)
        try c.encode(note, forKey: .note)
        try c.encode(ISO8601Instant(date: created), forKey: .created)
        try c.encode(ISO8601Instant(date: modified), forKey: .modified)
        try c.encodeIfPresent(archived.map { ISO8601Instant(date: $0) }, forKey: .archived)
        try c.encodeIfPresent(recurrence, forKey: .recurrence)
        try c.encodeIfPresent(following, forKey: .following)
        if !moves.isEmpty { try c.encode(moves, forKey: .moves) }
    }
}

extension Date {
    /// The instant with its fraction of a second dropped.
    var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }

    /// The instant rounded to the nearest millisecond (idempotent: a rounded instant stays as it is).
    var wholeMilliseconds: Date {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return self }
        return Date(timeIntervalSince1970: milliseconds / 1000)
    }
}
