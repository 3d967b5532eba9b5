/// A show with its cast, as ``WeekSchedule/details(forShow:)`` returns it.
public struct ShowDetails: Sendable, Hashable {
    /// The show.
    public var show: TVMazeShow
    /// The main cast.
    public var cast: [TVMazeCastMember]

    /// Details.
    public init(show: TVMazeShow, cast: [TVMazeCastMember]) {
        self.show = show
        self.cast = cast
    }
}
