import Foundation

/// Exported progress: watched marks and view settings, as JSON.
struct ProgressDocument: Sendable, Hashable, Codable {
    /// The format version (1).
    var version: Int
    /// When it was exported.
    var exported: Date
    /// The watched episodes, sorted.
    var watched: [EpisodeID]
    /// Whether specials are hidden.
    var hidesSpecials: Bool
    /// The selected show ids; `nil` for all.
    var selectedShows: [String]?
    /// The shows hidden or dropped, by id (`{"constantine": "hidden"}`); absent in files written
    /// before statuses were carried, and then left as they are by an import.
    var showStatus: [String: ShowStatus]?

    /// Creates a document from a checklist.
    init(exported: Date, checklist: Checklist) {
        version = 1
        self.exported = exported
        watched = checklist.watched.sorted()
        hidesSpecials = checklist.hidesSpecials
        selectedShows = checklist.selectedShows.map { $0.sorted() }
        showStatus = checklist.showStatus
    }

    /// The document as pretty-printed JSON with ISO 8601 dates.
    func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a document written by ``jsonData()``.
    init(jsonData: Data) throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        self = try decoder.decode(ProgressDocument.self, from: jsonData)
    }
}
