/// A show with its cast, as ``WeekSchedule/details(forShow:)`` returns it.
public struct ShowDetails: Sendable, Hashable {
    /// The show.
    public var show: Show
    /// The main cast.
    public var cast: [CastMember]

    /// Details.
    public init(show: Show, cast: [CastMember]) {
        self.show = show
        self.cast = cast
    }
}
