public import AirdateCore
public import Foundation

/// The JSON export format: a version, when it was exported, and the countdowns.
///
/// ```json
/// {"version": 1, "exported": "2024-03-01T12:00:00Z", "countdowns": [{"id": "…", "title": "…",
///  "target": {"day": "2024-07-18"}, "tags": ["Cons"], "note": "", "created": "…", "modified": "…"}]}
/// ```
public struct CountdownDocument: Sendable, Hashable, Codable {
    /// The format version this library writes.
    public static let currentVersion = 1

    /// The format version.
    public var version: Int
    /// When it was written.
    public var exported: ISO8601Instant
    /// The countdowns.
    public var countdowns: [Countdown]

    /// Creates a document.
    public init(exported: Date, countdowns: [Countdown]) {
        self.version = Self.currentVersion
        self.exported = ISO8601Instant(date: exported.wholeSeconds)
        self.countdowns = countdowns
    }

    /// Reads a document, refusing versions newer than this library understands.
    ///
    /// - Throws: `DecodingError` for malformed JSON or a newer version.
    public init(jsonData: Data) throws {
        self = try JSONDecoder().decode(CountdownDocument.self, from: jsonData)
        guard (1...Self.currentVersion).contains(version) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "version \(version) is not supported (this library reads version \(Self.currentVersion))"))
        }
    }

    /// Pretty-printed JSON with sorted keys.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
