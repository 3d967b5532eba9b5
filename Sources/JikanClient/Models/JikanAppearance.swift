import AirdateHTTP
import Foundation

/// A character's place in an anime or manga (`{"role", "anime"|"manga": {…}}`).
public struct JikanAppearance: Sendable, Hashable, Decodable {
    /// "Main" or "Supporting".
    public var role: String?
    /// The anime or manga.
    public var entry: JikanEntrySummary

    private enum CodingKeys: String, CodingKey { case role, anime, manga }

    /// Decodes Jikan's object, whichever of `anime` or `manga` it holds.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        role = c.string(.role)
        guard let entry = c.summary(.anime) ?? c.summary(.manga) else {
            throw DecodingError.keyNotFound(CodingKeys.anime, .init(codingPath: c.codingPath, debugDescription: "neither anime nor manga"))
        }
        self.entry = entry
    }
}
