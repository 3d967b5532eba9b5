import AirdateCore
import Foundation

/// The fields of a query string or of an `application/x-www-form-urlencoded` body, in order, names
/// repeatable (`hide_show=Arrow&hide_show=Vixen`).
struct FormFields: Sendable, Equatable {
    var pairs: [(name: String, value: String)]

    static func == (lhs: FormFields, rhs: FormFields) -> Bool {
        lhs.pairs.map(\.name) == rhs.pairs.map(\.name) && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
    }

    init(pairs: [(name: String, value: String)] = []) {
        self.pairs = pairs
    }

    /// Reads `a=1&b=two+words&c=%C3%A9`; `+` is a space. A name or value that is not valid
    /// percent-encoding (`%zz`, a broken UTF-8 sequence) fails with the name of its field.
    init(encoded text: Substring) throws(WebError) {
        var pairs: [(String, String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = String(parts[0])
            guard let name = Self.decode(rawName) else {
                throw .badParameter(rawName, "the name is not valid percent-encoding")
            }
            let rawValue = parts.count > 1 ? String(parts[1]) : ""
            guard let value = Self.decode(rawValue) else {
                throw .badParameter(name, "the value \"\(rawValue.prefix(40))\" is not valid percent-encoding")
            }
            if name.isEmpty { continue }
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    static func decode(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The first value of `name`, or `nil`.
    subscript(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }

    /// Whether any field is named `name`.
    func has(_ name: String) -> Bool { pairs.contains { $0.name == name } }

    var isEmpty: Bool { pairs.isEmpty }

    /// Back to `a=1&b=two%20words`.
    var encoded: String {
        pairs.map { "\(HTML.queryValue($0.name))=\(HTML.queryValue($0.value))" }.joined(separator: "&")
    }
}

extension FormFields {
    /// The whole number of field `name`, `nil` when it is absent or empty; a 400 naming the field
    /// when it is not a number in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(WebError) -> Int? {
        try self[name].flatMap { text throws(WebError) in try Self.integer(text, field: name, in: range) }
    }

    /// Every value of the repeated field `name` as a whole number (empty values skipped); a 400
    /// naming the field for one that is not a number in `range`.
    func integers(_ name: String, in range: ClosedRange<Int>) throws(WebError) -> [Int] {
        var values: [Int] = []
        for text in all(name) {
            if let value = try Self.integer(text, field: name, in: range) { values.append(value) }
        }
        return values
    }

    /// `text` as a whole number in `range`, `nil` when it is empty.
    private static func integer(_ text: String, field name: String, in range: ClosedRange<Int>) throws(WebError) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .badParameter(name, "\"\(text.prefix(40))\" is not a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }

    /// The `YYYY-MM-DD` day of field `name`, `nil` when it is absent or empty; a 400 naming the field
    /// when it is not a day of a year in `years`.
    func day(_ name: String, years: ClosedRange<Int> = 1...9999) throws(WebError) -> CalendarDay? {
        guard let text = self[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let day = CalendarDay(text), years.contains(day.year) else {
            throw .badParameter(name, "\"\(text.prefix(40))\" is not a day as YYYY-MM-DD.")
        }
        return day
    }
}
