import AirdateHTTP
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

    /// Decodes TVMaze's `{"name", "code", "timezone"}`; unreadable fields become empty (`nil`) and
    /// are reported, and so is a time zone Foundation does not know (the identifier is kept).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        name = c.string(.name) ?? ""
        code = c.string(.code) ?? ""
        timeZoneIdentifier = c.string(.timezone)
        if let timeZoneIdentifier, TimeZone(identifier: timeZoneIdentifier) == nil {
            c.record(.unreadableValue, at: .timezone, reason: "\"\(timeZoneIdentifier.prefix(60))\" is not a time zone this system knows; timeZone is nil, the identifier is kept")
        }
    }
}
