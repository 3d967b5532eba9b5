public import Foundation

/// A country as TVMaze describes a network's, a person's or an AKA's: name, ISO code, time zone.
public struct TVMazeCountry: Sendable, Hashable, Decodable {
    /// The English name, for example "United States".
    public var name: String
    /// The ISO 3166-1 alpha-2 code, for example "US".
    public var code: String
    /// The IANA time-zone identifier, for example "America/New_York".
    public var timeZoneIdentifier: String?

    /// The country's time zone, when TVMaze names one Foundation knows.
    public var timeZone: TimeZone? { timeZoneIdentifier.flatMap(TimeZone.init(identifier:)) }

    /// A country.
    public init(name: String, code: String, timeZoneIdentifier: String?) {
        self.name = name
        self.code = code
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    enum CodingKeys: String, CodingKey { case name, code, timezone }

    /// Decodes TVMaze's `{"name", "code", "timezone"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        code = try c.decodeIfPresent(String.self, forKey: .code) ?? ""
        timeZoneIdentifier = try c.nonEmptyString(.timezone)
    }
}
