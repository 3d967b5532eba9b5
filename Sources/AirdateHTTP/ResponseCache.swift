import Foundation

/// An in-memory cache of successful GET responses, keyed by URL, honouring `Cache-Control: max-age`
/// and keeping `ETag` / `Last-Modified` for revalidation.
///
/// TVMaze answers with `max-age=3600`; a second call for the same URL within the hour is served
/// from here without a request (and without using a rate-limit slot). Past its freshness an answer
/// that carries a validator stays, so that the next call asks the server with `If-None-Match` /
/// `If-Modified-Since` and a `304 Not Modified` serves it again without its body crossing the
/// network; an answer without one goes when it turns stale.
actor ResponseCache {
    private struct Entry {
        var answer: StoredAnswer
        var expires: Duration
    }

    /// What a lookup found.
    enum Lookup {
        /// Nothing usable is stored.
        case missing
        /// A fresh answer: serve it.
        case fresh(Data)
        /// A stale answer with a validator: revalidate it.
        case stale(StoredAnswer)
    }

    private let capacity: Int
    private let timeline: Timeline
    private var entries: [String: Entry] = [:]
    /// Keys in insertion order, for eviction.
    private var order: [String] = []

    /// A cache of at most `capacity` responses, timed by `clock`.
    init(capacity: Int = 256, clock: any Clock<Duration> = ContinuousClock()) {
        self.capacity = max(0, capacity)
        self.timeline = Timeline(clock)
    }

    /// The body stored for `key` if it is still fresh.
    func body(for key: String) -> Data? {
        if case .fresh(let body) = lookup(key) { return body }
        return nil
    }

    /// The answer stored for `key`: fresh, stale with a validator, or nothing (a stale answer
    /// without a validator is dropped here).
    func lookup(_ key: String) -> Lookup {
        guard let entry = entries[key] else { return .missing }
        if timeline.now() < entry.expires { return .fresh(entry.answer.body) }
        guard entry.answer.hasValidator else {
            remove(key)
            return .missing
        }
        return .stale(entry.answer)
    }

    /// Stores `body` for `key`, fresh for `lifetime`.
    func store(_ body: Data, for key: String, lifetime: Duration) {
        store(StoredAnswer(body: body), for: key, lifetime: lifetime)
    }

    /// Stores `answer` for `key`, fresh for `lifetime` (`.zero`: stale at once, kept only to be
    /// revalidated, and only when it has a validator).
    func store(_ answer: StoredAnswer, for key: String, lifetime: Duration) {
        guard capacity > 0, lifetime > .zero || answer.hasValidator else { return }
        if entries[key] == nil {
            order.append(key)
        }
        entries[key] = Entry(answer: answer, expires: timeline.now() + max(lifetime, .zero))
        while order.count > capacity {
            let oldest = order.removeFirst()
            entries.removeValue(forKey: oldest)
        }
    }

    /// Forgets the body stored for `key`.
    func remove(_ key: String) {
        if entries.removeValue(forKey: key) != nil {
            order.removeAll { $0 == key }
        }
    }

    /// Forgets everything.
    func removeAll() {
        entries.removeAll()
        order.removeAll()
    }

    /// How many responses are stored (fresh, or stale and kept for revalidation).
    var count: Int { entries.count }
}

/// A stored answer's body and the validators a conditional request sends for it.
struct StoredAnswer: Sendable {
    var body: Data
    var etag: String?
    var lastModified: String?

    /// Whether the server can be asked "has it changed?" about it.
    var hasValidator: Bool { etag != nil || lastModified != nil }
}
