import Foundation

extension DecodingError {
    /// What is wrong with the data, in words a user reads: where (`countdowns[0].target`), then what
    /// ("the field \"timeZone\" is missing", "expected a list but found text", "it is not JSON") —
    /// never Swift's type names (`Dictionary<String, Any>`) or coding keys (`CodingKeys(stringValue: …)`).
    /// Values quoted from the data are shortened to 40 characters. No final full stop.
    ///
    /// ```swift
    /// do { _ = try JSONDecoder().decode(Document.self, from: data) }
    /// catch let error as DecodingError { print(error.plainDescription) }   // "countdowns[0]: the field \"title\" is missing"
    /// ```
    public var plainDescription: String {
        switch self {
        case .keyNotFound(let key, let context):
            return Self.located(context.codingPath, "the field \"\(Self.shortened(key.stringValue))\" is missing")
        case .valueNotFound(let type, let context):
            return Self.located(context.codingPath, "a value is missing (expected \(Self.kind(of: type)))")
        case .typeMismatch(let type, let context):
            let found = Self.foundKind(in: context.debugDescription).map { " but found \($0)" } ?? ""
            return Self.located(context.codingPath, "expected \(Self.kind(of: type))\(found)")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty, Self.isFoundationText(context.debugDescription) || context.underlyingError != nil {
                return "it is not valid JSON; check that the file is complete, or write it again"
            }
            var reason = context.debugDescription
            if reason.contains("UUID") && Self.isFoundationText(reason) {
                reason = "not a valid id (a UUID such as 6B29FC40-CA47-1067-B31D-00DD010662DA)"
            } else if Self.isFoundationText(reason) {
                reason = "the value is not valid"
            }
            while let last = reason.last, last == "." || last == " " { reason.removeLast() }
            return Self.located(context.codingPath, Self.shortenedQuotes(reason))
        @unknown default:
            return "the data does not have the expected shape"
        }
    }

    /// `countdowns[0].target: …`, or the text alone at the top level.
    private static func located(_ path: [any CodingKey], _ text: String) -> String {
        let keys = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(shortened(key.stringValue))" }.joined()
        let place = keys.hasPrefix(".") ? String(keys.dropFirst()) : keys
        return place.isEmpty ? text : "\(place): \(text)"
    }

    /// A value of `type` in words: an object, a list, a number, text, true or false.
    private static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
        if name.hasPrefix("Array") || name.hasPrefix("[") { return "a list" }
        if name == "String" || name == "Substring" || name == "Character" { return "text" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Decimal"]
            .contains(name) { return "a number" }
        return "a value of another kind"
    }

    /// What Foundation says it found ("but found a string instead"), in words, or `nil`.
    private static func foundKind(in text: String) -> String? {
        // Foundation writes "found a string", "found number", "found an array" depending on the platform.
        let words: [(String, String)] = [("dictionary", "an object"), ("object", "an object"), ("array", "a list"),
                                         ("string", "text"), ("number", "a number"), ("bool", "true or false"), ("null", "null")]
        let lowered = text.lowercased()
        guard let range = lowered.range(of: "found ") else { return nil }
        var rest = lowered[range.upperBound...]
        for article in ["a ", "an "] where rest.hasPrefix(article) { rest = rest.dropFirst(article.count) }
        return words.first { rest.hasPrefix($0.0) }?.1
    }

    /// Whether `text` is Foundation's own wording rather than a message written for users.
    private static func isFoundationText(_ text: String) -> Bool {
        ["The given data was not valid JSON", "Attempted to decode", "Expected to decode", "Unexpected character",
         "Unable to parse", "No value associated with key", "CodingKeys(", "Invalid value around", "corrupted"]
            .contains { text.contains($0) } || text.isEmpty
    }

    /// `text` at most 40 characters long ("…" after a cut).
    private static func shortened(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(39)) + "…" : text
    }

    /// `text` with every quoted part ("…") shortened to 40 characters.
    private static func shortenedQuotes(_ text: String) -> String {
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return text }
        return parts.enumerated().map { index, part in index.isMultiple(of: 2) ? String(part) : shortened(String(part)) }
            .joined(separator: "\"")
    }
}
