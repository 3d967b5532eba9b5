public import AirdateCore
public import Foundation

/// What a list of countdowns shows, from one reading of the store: the countdowns that pass a
/// filter, in order, as they stand at a clock (the automatic archive computed), with the tags on
/// offer and the number stored, so that a page's list, its tag choices and its count never come
/// from two different moments.
///
/// ```swift
/// let listing = try await store.listing(matching: .hasTag(tv), at: clock)
/// print("\(listing.countdowns.count) of \(listing.total)", listing.tags.map(\.name))
/// ```
public struct CountdownListing: Sendable, Hashable {
    /// The countdowns that pass the filter, in order.
    public var countdowns: [Countdown]
    /// The tags of every countdown stored (archived ones too), normalised: what a filter can offer.
    public var tags: [CountdownTag]
    /// How many countdowns are stored, whatever the filter.
    public var total: Int

    /// The listing of `all` (every stored countdown) that passes `filter`, in `order`, as they stand
    /// at `clock`: see ``CountdownStorage/countdowns(matching:sortedBy:at:archivingIn:automaticArchive:)``
    /// for the parameters.
    public init(
        _ all: [Countdown], matching filter: CountdownFilter = .scope(.active), sortedBy order: CountdownSort = CountdownSort(.date),
        at clock: ViewerClock, archivingIn archiveZone: TimeZone? = nil, automaticArchive: Bool = true
    ) {
        let reference = clock.frozen()
        var list = all
        if automaticArchive {
            list = AutoArchive.current(list, at: archiveZone.map { reference.inTimeZone($0) } ?? reference)
        }
        countdowns = order.sorted(filter.filter(list, at: reference), in: reference.timeZone)
        tags = CountdownTag.normalized(all.flatMap(\.tags))
        total = all.count
    }
}

extension CountdownStorage {
    /// The owner's countdowns that pass `filter`, in `order`, with every stored countdown's tags and
    /// their count, from one reading (see ``CountdownListing``) — a view: nothing is written.
    public func listing(
        matching filter: CountdownFilter = .scope(.active), sortedBy order: CountdownSort = CountdownSort(.date),
        at clock: ViewerClock, archivingIn archiveZone: TimeZone? = nil, automaticArchive: Bool = true
    ) async throws(CountdownStoreError) -> CountdownListing {
        CountdownListing(try await all(), matching: filter, sortedBy: order, at: clock, archivingIn: archiveZone,
                         automaticArchive: automaticArchive)
    }
}
