/// An episode's place in a crossover: the crossover's name and which part of how many the episode is.
///
/// ``WatchList/crossover(of:)`` answers it for every episode an ``OrderingRule/sequence(name:episodes:)``
/// rule names — the parts of a crossover, in story order. Parts the list does not hold (a show not
/// loaded) are not counted.
public struct CrossoverPart: Sendable, Hashable, Codable {
    /// The crossover's name ("Crisis on Infinite Earths").
    public var name: String
    /// The episode's part, from 1, in story order.
    public var part: Int
    /// How many parts of the crossover the list holds.
    public var parts: Int

    /// Creates a crossover part.
    public init(name: String, part: Int, parts: Int) {
        self.name = name
        self.part = part
        self.parts = parts
    }
}
