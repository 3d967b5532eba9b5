import Foundation

/// An in-memory cache of successful GET responses, keyed by URL, honouring `Cache-Control: max-age`.
///
/// TVMaze answers with `max-age=3600`; a second call for the same URL within the hour is served
/// from here without a request (and without using a rate-limit slot).
actor ResponseCache {
    private struct Entry {
        var body: Data
        var expires: Duration
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
        guard let entry = entries[key] else { return nil }
        if timeline.now() >= entry.expires {
            entries.removeValue(forKey: key)
            order.removeAll { $0 == key }
            return nil
        }
        return entry.body
    }

    /// Stores `body` for `key`, fresh for `lifetime`.
    func store(_ body: Data, for key: String, lifetime: Duration) {
        guard capacity > 0, lifetime > .zero else { return }
        if entries[key] == nil {
            order.append(key)
        }
        entries[key] = Entry(body: body, expires: timeline.now() + lifetime)
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

    /// How many responses are stored (fresh or not yet noticed stale).
    var count: Int { entries.count }
}
