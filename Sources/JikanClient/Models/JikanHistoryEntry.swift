import AirdateHTTP
public import Foundation

/// One step of a member's history: episodes watched or chapters read (`/users/{name}/history`).
public struct JikanHistoryEntry: Sendable, Hashable, Decodable {
    /// The anime or manga.
    public var entry: MALEntry
    /// The episode or chapter reached.
    public var increment: Int?
    /// When.
    public var date: Date?

    private enum CodingKeys: String, CodingKey { case entry, increment, date }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        entry = try c.required(MALEntry.self, .entry)
        increment = c.integer(.increment)
        date = c.instant(.date)
    }
}
