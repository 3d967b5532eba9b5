public import AirdateCore
import Foundation

/// A TV show whose episodes take part in a watch order.
///
/// The ``id`` is a slug of the name ("The Flash" → `the-flash`) unless given, so a show keeps its
/// identity across re-scrapes. ``externalIDs`` name the show on TVMaze, TheTVDB, IMDb and other
/// services, for matching imports and lookups; they take no part in the identity.
public struct Show: Sendable, Hashable, Codable, Identifiable {
    /// The show's stable identity.
    public var id: String
    /// The name shown to the viewer.
    public var name: String
    /// The show's ids on other services, where known.
    public var externalIDs: ExternalIDs

    /// Creates a show; `id` defaults to a slug of `name`.
    public init(name: String, id: String? = nil, externalIDs: ExternalIDs = .none) {
        self.name = name
        self.id = id ?? Show.slug(name)
        self.externalIDs = externalIDs
    }

    private enum CodingKeys: String, CodingKey { case id, name, externalIDs }

    /// Decodes a show; `externalIDs` may be absent (documents written before it existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        externalIDs = try container.decodeIfPresent(ExternalIDs.self, forKey: .externalIDs) ?? .none
    }

    /// Lower-case ASCII letters and digits, runs of anything else turned into one `-`.
    public static func slug(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else if scalar != "'" && scalar != "\u{2019}" {
                pendingDash = true
            }
        }
        return result.lowercased()
    }
}
