import AirdateCore
import Foundation

/// Decoding helpers for Jikan's loosely typed fields: nulls everywhere, empty strings, numbers that
/// are sometimes text, URLs as text.
extension KeyedDecodingContainer {
    /// A string that is `nil` when null, missing, empty or not a string.
    func text(_ key: Key) -> String? {
        guard let text = try? decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        return text
    }

    /// An integer from a number or numeric text; `nil` when null, missing or unreadable.
    func integer(_ key: Key) -> Int? {
        if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
        if let value = try? decodeIfPresent(Double.self, forKey: key), value.rounded() == value, abs(value) < 1e15 {
            return Int(value)
        }
        if let text = text(key) { return Int(text.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    /// A number from a number or numeric text; `nil` when null, missing or unreadable.
    func number(_ key: Key) -> Double? {
        if let value = try? decodeIfPresent(Double.self, forKey: key) { return value }
        if let text = text(key) { return Double(text.trimmingCharacters(in: .whitespaces)) }
        return nil
    }

    /// A Boolean; `false` when null, missing or not a Boolean.
    func flag(_ key: Key) -> Bool {
        (try? decodeIfPresent(Bool.self, forKey: key)) ?? false
    }

    /// A URL from text; `nil` for null, missing, empty or malformed text.
    func link(_ key: Key) -> URL? {
        text(key).flatMap { URL(string: $0) }
    }

    /// An instant from ISO 8601 text with an offset; `nil` for null, missing or unreadable text.
    func instant(_ key: Key) -> Date? {
        text(key).flatMap { ISO8601Instant($0)?.date }
    }

    /// A list whose unreadable elements are skipped; empty when null or missing. Elements that fail
    /// to decode are dropped so that one odd entry does not lose the whole response.
    func list<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        guard let wrapped = try? decodeIfPresent([Lenient<T>].self, forKey: key) else { return [] }
        return wrapped.compactMap(\.value)
    }
}

/// One element of a list, or `nil` when it did not decode.
struct Lenient<T: Decodable>: Decodable {
    var value: T?

    init(from decoder: any Decoder) throws {
        value = try? T(from: decoder)
    }
}

/// Any key, for objects with open sets of keys.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A stable 63-bit number for `text` (FNV-1a), for items identified by text rather than a number.
func stableID(_ text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return Int(hash >> 1)
}

extension KeyedDecodingContainer {
    /// A nested summary; `nil` when missing, null or unreadable.
    func summary(_ key: Key) -> JikanEntrySummary? {
        try? decodeIfPresent(JikanEntrySummary.self, forKey: key)
    }

    /// A nested image set; empty when missing.
    func imageSet(_ key: Key) -> JikanImageSet {
        (try? decodeIfPresent(JikanImageSet.self, forKey: key)) ?? JikanImageSet()
    }

    /// A list of strings; empty when missing.
    func strings(_ key: Key) -> [String] {
        list(String.self, key)
    }
}
