/// A show found by ``TVMaze/searchShows(_:)``, with TVMaze's relevance score.
public struct TVMazeShowSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better.
    public var score: Double
    /// The show.
    public var show: TVMazeShow
}

/// A person found by ``TVMaze/searchPeople(_:)``, with TVMaze's relevance score.
public struct TVMazePersonSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better.
    public var score: Double
    /// The person.
    public var person: TVMazePerson
}
