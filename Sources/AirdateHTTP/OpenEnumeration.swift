/// A string value from an API whose set of values can grow: a show's type, an airing status, a
/// rating. Known values are static constants of the conforming type; a value the server adds later
/// still decodes (as its raw text) instead of failing the whole response.
///
/// Conforming types declare `rawValue` and `init(rawValue:)`; decoding and encoding as a single
/// string come from the standard library's `RawRepresentable` coding, and `description` from here.
public protocol OpenEnumeration: RawRepresentable, Codable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// Wraps the server's text.
    init(rawValue: String)
}

extension OpenEnumeration {
    /// The server's text.
    public var description: String { rawValue }
}
