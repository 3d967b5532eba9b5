import AirdateHTTP

/// A show found by ``TVMaze/searchShows(_:)``, with TVMaze's relevance score.
public struct TVMazeShowSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better (0 when TVMaze sent none that could be read).
    public var score: Double
    /// The show.
    public var show: TVMazeShow

    enum CodingKeys: String, CodingKey { case score, show }

    /// Decodes `{"score", "show"}`; the show is required, an unreadable score is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        score = c.number(.score) ?? 0
        show = try c.required(TVMazeShow.self, .show)
    }
}

/// A person found by ``TVMaze/searchPeople(_:)``, with TVMaze's relevance score.
public struct TVMazePersonSearchResult: Sendable, Hashable, Decodable {
    /// Relevance; higher is better (0 when TVMaze sent none that could be read).
    public var score: Double
    /// The person.
    public var person: TVMazePerson

    enum CodingKeys: String, CodingKey { case score, person }

    /// Decodes `{"score", "person"}`; the person is required, an unreadable score is reported.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        score = c.number(.score) ?? 0
        person = try c.required(TVMazePerson.self, .person)
    }
}
