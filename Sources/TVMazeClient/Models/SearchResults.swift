/// A show found by ``TVMazeClient/searchShows(_:)``, with TVMaze's relevance score.
public struct ShowSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better.
    public var score: Double
    /// The show.
    public var show: Show
}

/// A person found by ``TVMazeClient/searchPeople(_:)``, with TVMaze's relevance score.
public struct PersonSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better.
    public var score: Double
    /// The person.
    public var person: Person
}
