public import Foundation

/// Decodes JSON bodies and turns `DecodingError` into ``APIClientError/decoding(path:reason:)``
/// naming the failing key path (`[3].show.network.country.timezone`).
@_spi(Internals) public struct JSONBodyDecoder: Sendable {
    /// A decoder whose dates are ISO 8601 instants with or without fractional seconds.
    public init() {}

    /// Decodes `T` from `data`, or throws ``APIClientError/decoding(path:reason:)``.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decode(T.self, from: data, report: nil)
    }

    /// Decodes `T` from `data`; lenient lists and fields inside record their issues in `report`.
    func decode<T: Decodable>(_ type: T.Type, from data: Data, report: DecodingReport?) throws -> T {
        let decoder = JSONDecoder()
        if let report { decoder.userInfo[DecodingReport.key] = report }
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if let date = ISO8601DateParsing.parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 instant: \"\(text)\"")
        }
        do {
            return try decoder.decode(T.self, from: data)
        } catch let error as DecodingError {
            throw Self.clientError(for: error)
        } catch {
            throw APIClientError.decoding(path: "", reason: error.localizedDescription)
        }
    }

    /// `[0].show.id`-style rendering of a coding path.
    public static func keyPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                if !path.isEmpty { path += "." }
                path += key.stringValue
            }
        }
        return path
    }

    static func clientError(for error: DecodingError) -> APIClientError {
        let failure = DecodingFailure(error)
        var clientError = APIClientError.decoding(path: failure.codingPath.map(keyPath) ?? "", reason: failure.reason)
        clientError.underlying = error
        return clientError
    }
}

/// Parses ISO 8601 instants as the APIs write them (`2019-07-11T05:30:00+00:00`,
/// `2024-01-05T12:00:00.123Z`), for `Date` fields.
enum ISO8601DateParsing {
    /// The instant, or `nil` when `text` is not an ISO 8601 date-time with an offset.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return try? fractional.parse(text)
    }
}
