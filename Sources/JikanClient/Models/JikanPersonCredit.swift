import AirdateHTTP
import Foundation

/// One piece of a person's work: a position on an anime or manga (`{"position", "anime"}`), or a
/// voice role (`{"role", "anime", "character"}`).
public struct JikanPersonCredit: Sendable, Hashable, Decodable {
    /// The staff position ("Director", "Story & Art"…) or the role ("Main").
    public var position: String?
    /// The anime or manga.
    public var entry: JikanEntrySummary
    /// The character voiced, for voice roles.
    public var character: JikanEntrySummary?

    private enum CodingKeys: String, CodingKey { case position, role, anime, manga, character }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        position = c.string(.position) ?? c.string(.role)
        guard let entry = c.summary(.anime) ?? c.summary(.manga) else {
            throw DecodingError.keyNotFound(CodingKeys.anime, .init(codingPath: c.codingPath, debugDescription: "neither anime nor manga"))
        }
        self.entry = entry
        character = c.summary(.character)
    }
}
