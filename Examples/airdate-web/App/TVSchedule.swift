public import AirdateCore
public import AirdateHTTP
import AirdateOfflineData
public import Foundation
import HTTPTypes
public import TVMazeClient

/// Where `/schedule`, `/shows/{id}` and `/posters/{id}` get TVMaze's week: the recorded snapshot
/// (offline, the default) or TVMaze itself. Weeks already read are kept (a few, by country, time
/// zone and week); posters come through the client's ``TVMaze/image(_:size:maxBytes:)``, paced and
/// cached on disk by the client.
public struct TVSchedule: Sendable {
    /// The client every request goes through.
    public let client: TVMaze
    /// The day whose week is shown when none is asked for: offline, a day of the recorded week
    /// (the data there is); `nil` for the week of today.
    public let fixedDay: CalendarDay?
    /// Whether the answers come from the recorded snapshot.
    public let isOffline: Bool
    let weeks: WeekCache

    /// A schedule on `client`; `fixedDay` pins "this week".
    public init(client: TVMaze, fixedDay: CalendarDay? = nil, isOffline: Bool = false) {
        self.client = client
        self.fixedDay = fixedDay
        self.isOffline = isOffline
        weeks = WeekCache(client: client)
    }

    /// The recorded TVMaze answers installed with the program (the week of 15 to 21 July 2019), or
    /// `nil` when it was installed without its resource bundle.
    public static var snapshotFolder: URL? { OfflineData.tvmaze }

    /// The recorded week (Monday 15 to Sunday 21 July 2019) in `folder` (the installed one unless
    /// given), offline. Days and casts it lacks are empty, anything else it lacks (posters) is a 404,
    /// as TVMaze says it.
    public static func offline(folder: URL? = snapshotFolder) throws -> TVSchedule {
        guard let folder else { throw SnapshotError(folder: "Airdate_AirdateOfflineData.resources", reason: "it is not installed beside the program") }
        var configuration = TVMaze.configuration()
        configuration.rateLimits = []  // nothing to protect offline
        let transport = try SnapshotTransport(folder: folder) { pathAndQuery in
            if pathAndQuery.hasPrefix("/schedule?") || pathAndQuery.hasPrefix("/schedule/web?")
                || (pathAndQuery.hasPrefix("/shows/") && pathAndQuery.hasSuffix("/cast")) {
                return HTTPTransportResponse(head: HTTPResponse(status: .ok), body: Data("[]".utf8))
            }
            return HTTPTransportResponse(head: HTTPResponse(status: .notFound), body: Data(#"{"name":"Not Found","status":404}"#.utf8))
        }
        return TVSchedule(client: TVMaze(configuration: configuration, transport: transport),
                          fixedDay: CalendarDay(OfflineData.tvmazeRecordedDay), isOffline: true)
    }

    /// TVMaze on the network through `transport`, answers and posters cached in `cacheFolder`
    /// (at most `cacheBytes`).
    public static func live(transport: any HTTPTransport, cacheFolder: URL, cacheBytes: Int = 64 * 1024 * 1024) throws -> TVSchedule {
        var configuration = TVMaze.configuration()
        configuration.diskCache = try HTTPDiskCache(directory: cacheFolder, maxBytes: cacheBytes)
        configuration.servesStaleIfOffline = true
        return TVSchedule(client: TVMaze(configuration: configuration, transport: transport))
    }

    /// The week of `day` (this week when `nil`) for `country`, in `zone`.
    func week(containing day: CalendarDay?, country: String, zone: TimeZone, now: Date) async throws(APIClientError) -> WeekListing {
        let anchor = day ?? fixedDay ?? CalendarDay(containing: now, in: zone)
        return try await weeks.listing(Week(containing: anchor, firstWeekday: .monday, in: zone), country: country)
    }

    /// A show seen in a week already read, or fetched.
    func show(id: Int) async throws(APIClientError) -> TVMazeShow {
        if let known = await weeks.show(id: id) { return known }
        return try await client.show(id: id)
    }
}

/// The weeks read so far (at most ``capacity``, the oldest dropped first), loaded once each even
/// when many requests ask at the same time.
actor WeekCache {
    let client: TVMaze
    let capacity = 16
    private var entries: [String: Task<WeekListing, any Error>] = [:]
    private var order: [String] = []

    init(client: TVMaze) {
        self.client = client
    }

    func listing(_ week: Week, country: String) async throws(APIClientError) -> WeekListing {
        let key = "\(country)|\(week.timeZone.identifier)|\(week.firstDay)"
        let task: Task<WeekListing, any Error>
        if let existing = entries[key] {
            task = existing
        } else {
            let service = WeekSchedule(client: client, configuration: .init(country: country))
            task = Task { try await service.refresh(week: week) }
            entries[key] = task
            order.append(key)
            if order.count > capacity { entries[order.removeFirst()] = nil }
        }
        do {
            return try await task.value
        } catch {
            // A failure is not kept: the next request tries again.
            if entries[key] == task { entries[key] = nil; order.removeAll { $0 == key } }
            throw APIClientError(converting: error)
        }
    }

    /// The show with `id` among the weeks read.
    func show(id: Int) async -> TVMazeShow? {
        for task in entries.values {
            guard let listing = try? await task.value else { continue }
            if let show = listing.airings.lazy.compactMap(\.show).first(where: { $0.id == id }) { return show }
        }
        return nil
    }
}
