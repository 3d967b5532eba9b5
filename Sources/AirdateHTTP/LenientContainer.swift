package import Foundation

extension Decoder {
    /// The keyed container of this value, read leniently: see ``LenientContainer``.
    package func lenientContainer<Key: CodingKey>(keyedBy type: Key.Type) throws -> LenientContainer<Key> {
        LenientContainer(try container(keyedBy: type), report: DecodingReport.of(self))
    }
}

/// The fields of one JSON object, read the way the Airdate clients read every API's answers: a
/// value that is null, missing or empty is "no value" (`nil`, said nothing about), and a value that
/// is there but cannot be read — a date that is not a date, a weekday nobody knows, an object of the
/// wrong shape — becomes `nil` (or is left out of its list) **and is reported** as a
/// ``DecodingIssue`` with its key path, to ``APIClientConfiguration/diagnostics`` and the logger.
/// A value sent in a form that can still be read (the number `82` sent as `"82"`) is read and
/// reported too. Nothing is dropped silently; one odd field never fails the object.
///
/// Only the fields an object cannot exist without (its id) use the `required…` readers, which
/// throw — in a list, the element is then skipped and reported by ``LenientList``.
///
/// Both clients' models decode through this one type; its issues go to the report of the decode
/// (`APIClient` puts one in the decoder's `userInfo`). Decoded outside `APIClient`, nothing is
/// recorded and the values are read just as leniently.
package struct LenientContainer<Key: CodingKey> {
    /// The underlying container, for what the readers below do not cover.
    package let raw: KeyedDecodingContainer<Key>
    let report: DecodingReport?

    init(_ raw: KeyedDecodingContainer<Key>, report: DecodingReport?) {
        self.raw = raw
        self.report = report
    }

    /// The coding path of this object.
    package var codingPath: [any CodingKey] { raw.codingPath }

    /// The keys the object has.
    package var allKeys: [Key] { raw.allKeys }

    /// Whether the object has `key` (even with a null value).
    package func contains(_ key: Key) -> Bool { raw.contains(key) }

    /// Whether `key` holds a value other than null.
    package func hasValue(_ key: Key) -> Bool {
        guard raw.contains(key) else { return false }
        return !((try? raw.decodeNil(forKey: key)) ?? true)
    }

    // MARK: Reporting

    /// Records an issue at `key` (and `index` within its list), for checks the readers below cannot
    /// make (a value outside the model's set, a date kept only in part).
    package func record(_ kind: DecodingIssue.Kind, at key: Key, index: Int? = nil, reason: String) {
        var path = raw.codingPath + [key as any CodingKey]
        if let index { path.append(AnyCodingKey.index(index)) }
        report?.record(kind, path: path, reason: reason)
    }

    private func unreadable(_ key: Key, _ error: any Error, replacedBy replacement: String) {
        let failure = DecodingFailure(error)
        report?.record(
            .unreadableValue, path: raw.codingPath + [key as any CodingKey],
            failurePath: failure.codingPath, reason: failure.reason + "; \(replacement)")
    }

    /// What a JSON value is, in words, for reasons.
    private func shape(_ key: Key) -> String {
        if let value = try? raw.decode(String.self, forKey: key) { return "the text \"\(value.prefix(40))\"" }
        if let value = try? raw.decode(Bool.self, forKey: key) { return "the Boolean \(value)" }
        if let value = try? raw.decode(Double.self, forKey: key) { return "the number \(Self.format(value))" }
        if (try? raw.nestedContainer(keyedBy: AnyCodingKey.self, forKey: key)) != nil { return "an object" }
        if (try? raw.nestedUnkeyedContainer(forKey: key)) != nil { return "a list" }
        return "an unreadable value"
    }

    private static func format(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    // MARK: Required fields

    /// An integer the object cannot exist without (an id): a number, or a number sent as text
    /// (read, and reported as converted). Throws when missing, null or unreadable.
    package func requiredInteger(_ key: Key) throws -> Int {
        if let value = integer(key) { return value }
        if !raw.contains(key) {
            throw DecodingError.keyNotFound(key, .init(codingPath: raw.codingPath, debugDescription: "the key is missing"))
        }
        throw DecodingError.typeMismatch(Int.self, .init(
            codingPath: raw.codingPath + [key as any CodingKey],
            debugDescription: hasValue(key) ? "found \(shape(key)), which is not a whole number" : "found null"))
    }

    /// A value the object cannot exist without. Throws when missing, null or unreadable.
    package func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try raw.decode(T.self, forKey: key)
    }

    // MARK: Plain values

    /// Text; `nil` for null, missing or empty text. A number or Boolean is read as its text
    /// (reported as converted); an object or list is reported and becomes `nil`.
    package func string(_ key: Key) -> String? {
        guard hasValue(key) else { return nil }
        do {
            let text = try raw.decode(String.self, forKey: key)
            return text.isEmpty ? nil : text
        } catch {
            if let number = try? raw.decode(Double.self, forKey: key) {
                let text = Self.format(number)
                record(.convertedValue, at: key, reason: "expected text, found the number \(text); read as \"\(text)\"")
                return text
            }
            if let flag = try? raw.decode(Bool.self, forKey: key) {
                record(.convertedValue, at: key, reason: "expected text, found the Boolean \(flag); read as \"\(flag)\"")
                return String(flag)
            }
            record(.unreadableValue, at: key, reason: "expected text, found \(shape(key)); replaced by nil")
            return nil
        }
    }

    /// A whole number; `nil` for null or missing. A number with a fraction is reported and becomes
    /// `nil`; a whole number sent as text (`"82"`) is read and reported as converted; anything else
    /// (`"TBA"`, an object) is reported and becomes `nil`.
    package func integer(_ key: Key) -> Int? {
        guard hasValue(key) else { return nil }
        if let value = try? raw.decode(Int.self, forKey: key) { return value }
        if let value = try? raw.decode(Double.self, forKey: key) {
            if value.rounded() == value, abs(value) < 1e15 { return Int(value) }
            record(.unreadableValue, at: key, reason: "expected a whole number, found \(Self.format(value)); replaced by nil")
            return nil
        }
        if let text = try? raw.decode(String.self, forKey: key) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let value = Int(trimmed) {
                record(.convertedValue, at: key, reason: "expected a number, found the text \"\(text)\"; read as \(value)")
                return value
            }
            record(.unreadableValue, at: key, reason: "expected a whole number, found the text \"\(text.prefix(40))\"; replaced by nil")
            return nil
        }
        record(.unreadableValue, at: key, reason: "expected a whole number, found \(shape(key)); replaced by nil")
        return nil
    }

    /// A number; `nil` for null or missing. A number sent as text is read and reported as
    /// converted; anything else is reported and becomes `nil`.
    package func number(_ key: Key) -> Double? {
        guard hasValue(key) else { return nil }
        if let value = try? raw.decode(Double.self, forKey: key) { return value }
        if let text = try? raw.decode(String.self, forKey: key) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            if let value = Double(trimmed), value.isFinite {
                record(.convertedValue, at: key, reason: "expected a number, found the text \"\(text)\"; read as \(Self.format(value))")
                return value
            }
            record(.unreadableValue, at: key, reason: "expected a number, found the text \"\(text.prefix(40))\"; replaced by nil")
            return nil
        }
        record(.unreadableValue, at: key, reason: "expected a number, found \(shape(key)); replaced by nil")
        return nil
    }

    /// A Boolean; `nil` for null or missing. `0`/`1` and `"true"`/`"false"` are read and reported
    /// as converted; anything else is reported and becomes `nil`.
    package func flag(_ key: Key) -> Bool? {
        guard hasValue(key) else { return nil }
        if let value = try? raw.decode(Bool.self, forKey: key) { return value }
        if let number = try? raw.decode(Int.self, forKey: key), number == 0 || number == 1 {
            record(.convertedValue, at: key, reason: "expected a Boolean, found the number \(number); read as \(number == 1)")
            return number == 1
        }
        if let text = try? raw.decode(String.self, forKey: key), let value = Bool(text.lowercased()) {
            record(.convertedValue, at: key, reason: "expected a Boolean, found the text \"\(text)\"; read as \(value)")
            return value
        }
        record(.unreadableValue, at: key, reason: "expected a Boolean, found \(shape(key)); replaced by nil")
        return nil
    }

    /// Text parsed by `parse`; `nil` for null, missing or empty text. Text that `parse` rejects, or
    /// a value that is not text, is reported (`expected <expected>`) and becomes `nil`.
    package func parsed<T>(_ key: Key, expecting expected: String, _ parse: (String) -> T?) -> T? {
        guard hasValue(key) else { return nil }
        guard let text = try? raw.decode(String.self, forKey: key) else {
            record(.unreadableValue, at: key, reason: "expected \(expected), found \(shape(key)); replaced by nil")
            return nil
        }
        if text.isEmpty { return nil }
        if let value = parse(text) { return value }
        record(.unreadableValue, at: key, reason: "expected \(expected), found \"\(text.prefix(60))\"; replaced by nil")
        return nil
    }

    /// A link; `nil` for null, missing or empty text, reported when the text is not a URL.
    package func url(_ key: Key) -> URL? {
        parsed(key, expecting: "a URL") { text in
            guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)), url.scheme != nil else { return nil }
            return url
        }
    }

    /// An instant from ISO 8601 text with an offset (`2019-07-16T01:00:00+00:00`, fractional seconds
    /// allowed); reported when unreadable.
    package func instant(_ key: Key) -> Date? {
        parsed(key, expecting: "an ISO 8601 date and time with an offset", ISO8601DateParsing.parse)
    }

    /// An instant from a Unix time in seconds; reported when not a number.
    package func unixTime(_ key: Key) -> Date? {
        number(key).map { Date(timeIntervalSince1970: $0) }
    }

    /// An open enumeration's value from text (a number is read as its text, reported).
    package func open<T: OpenEnumeration>(_ type: T.Type, _ key: Key) -> T? {
        string(key).map(T.init(rawValue:))
    }

    // MARK: Nested values

    /// A nested value; `nil` for null or missing, and `nil` — reported, with the failing field's
    /// path — when it does not decode.
    package func value<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        guard hasValue(key) else { return nil }
        let mark = report?.mark ?? 0
        do {
            return try raw.decode(T.self, forKey: key)
        } catch {
            report?.rollBack(to: mark)
            unreadable(key, error, replacedBy: "replaced by nil")
            return nil
        }
    }

    /// The object at `key` read leniently; `nil` for null or missing, and `nil`, reported, when it
    /// is not an object.
    package func nested<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, _ key: Key) -> LenientContainer<NestedKey>? {
        guard hasValue(key) else { return nil }
        do {
            return LenientContainer<NestedKey>(try raw.nestedContainer(keyedBy: type, forKey: key), report: report)
        } catch {
            record(.unreadableValue, at: key, reason: "expected an object, found \(shape(key)); replaced by nil")
            return nil
        }
    }

    /// The object at `key`, which the object cannot exist without. Throws when missing, null or not
    /// an object.
    package func requiredNested<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, _ key: Key) throws -> LenientContainer<NestedKey> {
        LenientContainer<NestedKey>(try raw.nestedContainer(keyedBy: type, forKey: key), report: report)
    }

    /// The list at `key`, each element decoded on its own (``LenientList``: elements that fail are
    /// left out and reported); `nil` for null or missing, and `nil`, reported, when it is not a list.
    package func listIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) -> [T]? {
        guard hasValue(key) else { return nil }
        do {
            return try raw.decode(LenientList<T>.self, forKey: key).elements
        } catch {
            record(.unreadableValue, at: key, reason: "expected a list, found \(shape(key)); replaced by an empty list")
            return nil
        }
    }

    /// The list at `key` as ``listIfPresent(_:_:)`` reads it, empty when missing, null or unreadable.
    package func list<T: Decodable>(_ type: T.Type, _ key: Key) -> [T] {
        listIfPresent(T.self, key) ?? []
    }

    /// The texts of the list at `key`, each parsed by `parse`; elements that are not text or that
    /// `parse` rejects are left out and reported (`expected <expected>`). Empty when missing or null;
    /// empty, reported, when not a list.
    package func parsedList<T>(_ key: Key, expecting expected: String, _ parse: (String) -> T?) -> [T] {
        guard hasValue(key) else { return [] }
        guard var items = try? raw.nestedUnkeyedContainer(forKey: key) else {
            record(.unreadableValue, at: key, reason: "expected a list, found \(shape(key)); replaced by an empty list")
            return []
        }
        var values: [T] = []
        while !items.isAtEnd {
            let index = items.currentIndex
            if let text = try? items.decode(String.self) {
                if let value = parse(text) {
                    values.append(value)
                } else {
                    record(.unreadableValue, at: key, index: index, reason: "expected \(expected), found \"\(text.prefix(60))\"; left out")
                }
            } else {
                _ = try? items.decode(SkippedValue.self)
                record(.unreadableValue, at: key, index: index, reason: "expected \(expected) as text, found something else; left out")
            }
        }
        return values
    }
}
