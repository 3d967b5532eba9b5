import AirdateCore
import Foundation
import WatchOrder

/// One Server-Sent Event: its id (`BOOT.SEQUENCE`), its type and its data (one line of JSON).
struct FeedEvent: Sendable, Equatable {
    var id: String?
    var name: String
    var data: String

    /// A comment line that keeps an idle stream open.
    static let ping = FeedEvent(id: nil, name: "ping", data: "")

    /// The event as the `text/event-stream` format writes it (a comment for ``ping``).
    var text: String {
        if name == "ping" { return ": ping\n\n" }
        var out = ""
        if let id { out += "id: \(id)\n" }
        out += "event: \(name)\ndata: \(data)\n\n"
        return out
    }
}

/// The live side of the app: follows the store's changes (``WatchOrderStore/observeChanges()``),
/// numbers them, keeps the latest ones for clients that reconnect, and hands them to every open
/// `/events` stream.
///
/// Event ids are `BOOT.SEQUENCE`: `BOOT` is new each time the server starts, `SEQUENCE` counts the
/// changes since. A client that comes back with `Last-Event-ID` gets every change after it, in
/// order, as long as the id is one of the last ``capacity``; otherwise (the server restarted, or it
/// was away too long) it gets a `reset` event and reloads what it shows. Either way no change is lost.
actor ChangeFeed {
    /// The data of a `change` event.
    struct Change: Encodable, Sendable {
        /// Episodes marked watched.
        var watched: [String]
        /// Episodes unmarked.
        var unwatched: [String]
        /// Whether the list itself changed (episodes or order): reload it.
        var reload: Bool
    }

    let boot: String
    let capacity: Int
    private var sequence = 0
    private var recent: [(sequence: Int, event: FeedEvent)] = []
    private var subscribers: [UUID: AsyncStream<FeedEvent>.Continuation] = [:]
    private var latest: (state: WatchState, list: WatchList)?
    private var failure: String?
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
    /// Events a client may fall behind by before its stream is closed (it reconnects and catches up).
    let subscriberBuffer: Int

    init(capacity: Int = 4096, subscriberBuffer: Int = 1024, boot: String? = nil) {
        self.capacity = max(1, capacity)
        self.subscriberBuffer = max(1, subscriberBuffer)
        self.boot = boot ?? String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// The id of the newest event (`BOOT.0` before the first): what a page rendered now has seen.
    var currentID: String { "\(boot).\(sequence)" }

    /// How many clients hold a stream.
    var subscriberCount: Int { subscribers.count }

    /// Follows `store` until cancelled; a failing observation is retried after a pause.
    func follow(_ store: any WatchOrderStorage, retryAfter pause: Duration = .seconds(1)) async {
        while !Task.isCancelled {
            do {
                for try await update in store.observeChanges() {
                    publish(update)
                }
                return
            } catch is CancellationError {
                return
            } catch {
                failure = ErrorText.line(error)
                try? await Task.sleep(for: pause)
            }
        }
    }

    /// Takes one update of the store: remembers its state and, for a change, numbers it and sends it.
    func publish(_ update: WatchStateUpdate) {
        let list = (try? cachedList(for: update.state)) ?? latest?.list
        if let list { latest = (update.state, list) }
        failure = nil
        guard let change = update.change else { return }
        guard !change.newlyWatched.isEmpty || !change.unwatched.isEmpty || change.reordersList else { return }
        let payload = Change(
            watched: change.newlyWatched.map(\.rawValue), unwatched: change.unwatched.map(\.rawValue),
            reload: change.reordersList || change.settingsChanged)
        let data = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"reload\":true}"
        sequence += 1
        let event = FeedEvent(id: currentID, name: "change", data: data)
        recent.append((sequence, event))
        if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
        send(event)
    }

    /// Sends a comment line to every stream (keeps idle connections open through proxies).
    func heartbeat() {
        send(.ping)
    }

    private func send(_ event: FeedEvent) {
        for (key, continuation) in subscribers {
            let result = continuation.yield(event)
            if case .dropped = result {
                // Too far behind: close its stream; it reconnects with Last-Event-ID and catches up.
                continuation.finish()
                subscribers[key] = nil
            }
        }
    }

    /// A stream for a client whose last seen event is `lastEventID` (from `Last-Event-ID`, or the id
    /// its page was rendered at): the events after it first, then every new one. An id this feed
    /// cannot continue from starts the stream with a `reset` event.
    func subscribe(after lastEventID: String?) -> (key: UUID, events: AsyncStream<FeedEvent>) {
        let (stream, continuation) = AsyncStream<FeedEvent>.makeStream(bufferingPolicy: .bufferingOldest(subscriberBuffer + capacity))
        let key = UUID()
        if let lastEventID {
            if let replay = events(after: lastEventID) {
                for event in replay { continuation.yield(event) }
            } else {
                continuation.yield(FeedEvent(id: currentID, name: "reset", data: "{\"reload\":true}"))
            }
        }
        subscribers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.unsubscribe(key) }
        }
        return (key, stream)
    }

    func unsubscribe(_ key: UUID) {
        subscribers.removeValue(forKey: key)?.finish()
    }

    /// Ends every stream (the server is stopping).
    func finishAll() {
        for continuation in subscribers.values { continuation.finish() }
        subscribers.removeAll()
    }

    /// The events after `id`, or `nil` when this feed cannot say (another boot, an id it never
    /// gave, or one older than the events it keeps).
    func events(after id: String) -> [FeedEvent]? {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0] == boot, let seen = Int(parts[1]), seen >= 0, seen <= sequence else { return nil }
        if seen == sequence { return [] }
        guard let first = recent.first, first.sequence <= seen + 1 else { return nil }
        return recent.filter { $0.sequence > seen }.map(\.event)
    }

    /// The watch order of `state`, merged again only when its episodes, rules or priority differ from
    /// the latest state's (marks alone do not change the order).
    func cachedList(for state: WatchState) throws(WatchOrderError) -> WatchList {
        if let latest, latest.state.lists == state.lists, latest.state.rules == state.rules,
           latest.state.showPriority == state.showPriority {
            return latest.list
        }
        return try state.watchList()
    }

    /// The watch order of the latest state seen, `nil` before the first.
    var latestList: WatchList? { latest?.list }

    /// The last failure of the observation, `nil` once it works again.
    var lastFailure: String? { failure }
}
