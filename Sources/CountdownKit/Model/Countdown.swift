import AirdateCore
public import Foundation

/// An event to count down to (or up from): a premiere, a convention, a finale.
///
/// Instants are kept to the millisecond (so countdowns made within one second still sort by when
/// they were made), tags are normalised (see ``CountdownTag``), and the title is trimmed
/// and never empty.
public struct Countdown: Identifiable, Sendable, Hashable, Codable {
    /// The stable identifier.
    public let id: UUID
    /// The title, trimmed and never empty.
    public private(set) var title: String
    /// What it counts down to. For a recurring countdown, the current occurrence.
    public var target: CountdownTarget { didSet { target = target.wholeMilliseconds } }
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

    /// Creates a countdown.
    ///
    /// - Throws: ``CountdownError/emptyTitle`` when the title is only white space.
    public init(
        id: UUID = UUID(), title: String, target: CountdownTarget, tags: [CountdownTag] = [], note: String = "",
        created: Date, modified: Date? = nil, archived: Date? = nil, recurrence: Recurrence? = nil
    ) throws(CountdownError) {
        self.id = id
        self.title = ""
        self.target = target.wholeMilliseconds
        self.tags = CountdownTag.normalized(tags)
        self.note = note
        self.created = created.wholeMilliseconds
        self.modified = (modified ?? created).wholeMilliseconds
        self.archived = archived?.wholeMilliseconds
        self.recurrence = recurrence
        try rename(title)
    }

    /// Sets the title, trimmed.
    ///
    /// - Throws: ``CountdownError/emptyTitle`` when it is only white space (the title is unchanged).
    public mutating func rename(_ newTitle: String) throws(CountdownError) {
        let trimmed = newTitle.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        title = trimmed
    }

    /// Whether it is archived.
    public var isArchived: Bool { archived != nil }

    /// The next occurrence that has not passed at `now`: the target itself when it has not passed,
    /// the following occurrence of a recurring countdown, or `nil` for a passed one-off event.
    public func nextOccurrence(after now: Date, in timeZone: TimeZone) -> CountdownTarget? {
        guard target.hasPassed(at: now, in: timeZone) else { return target }
        guard let recurrence else { return nil }
        var day = target.ownDay.adding(days: 1)
        let today = CalendarDay(containing: now, in: timeZone)
        if day < today.adding(days: -1) { day = today.adding(days: -1) }
        for _ in 0..<8 {
            guard let next = recurrence.firstOccurrence(onOrAfter: day) else { return nil }
            let candidate = target.moved(to: next)
            if !candidate.hasPassed(at: now, in: timeZone) { return candidate }
            day = candidate.ownDay.adding(days: 1)
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case id, title, target, tags, note, created, modified, archived, recurrence
    }

    /// Decodes, checking the title and normalising tags; instants are ISO 8601 strings.
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
                recurrence: c.decodeIfPresent(Recurrence.self, forKey: .recurrence))
        } catch let error as CountdownError {
            throw DecodingError.dataCorruptedError(forKey: .title, in: c, debugDescription: error.errorDescription ?? "invalid")
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

extension CountdownTarget {
    /// The target with its instant kept to the millisecond.
    var wholeMilliseconds: CountdownTarget {
        if case .instant(let date, let zone) = self { return .instant(date.wholeMilliseconds, zone) }
        return self
    }
}
