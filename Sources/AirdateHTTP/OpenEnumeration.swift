/// A string value whose set can grow, in an API's answers or in its query parameters: a show's
/// type, an airing status, a rating, a search order. Known values are static constants of the
/// conforming type; a value the server adds later still decodes (as its raw text) instead of
/// failing the whole response, and a value the server accepts before this package knows it can be
/// sent as written (`"tv_special"`, or `JikanAnimeFormat(rawValue: "tv_special")`).
///
/// Both clients use this one protocol for every open set of values, in both directions.
/// Conforming types declare `rawValue` and `init(rawValue:)`; decoding and encoding as a single
/// string come from the standard library's `RawRepresentable` coding, a string literal and
/// `description` from here, and a query parameter from ``QueryParameter/value(_:_:)``.
public protocol OpenEnumeration: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral where RawValue == String, StringLiteralType == String {
    /// Wraps the server's text.
    init(rawValue: String)
}

extension OpenEnumeration {
    /// The server's text.
    public var description: String { rawValue }

    /// Wraps the text as written.
    public init(stringLiteral value: String) { self.init(rawValue: value) }
}
