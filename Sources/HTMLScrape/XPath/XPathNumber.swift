import Foundation

/// XPath 1.0's conversions between numbers and strings.
enum XPathNumber {
    /// `number(string)`: optional XML white space, an optional `-`, digits with an optional
    /// fraction (`12`, `1.5`, `.5`, `3.`); anything else (exponents, `+`, `Infinity`) is `NaN`.
    static func parse(_ text: String) -> Double {
        var bytes = Substring(text).utf8[...]
        while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
        while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits = 0
        var dots = 0
        for byte in bytes {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
            } else if byte == UInt8(ascii: ".") {
                dots += 1
            } else {
                return .nan
            }
        }
        guard digits > 0, dots <= 1, let value = Double(String(decoding: bytes, as: UTF8.self)) else {
            // "." alone, or "1." which Double accepts on some platforms only.
            if digits > 0, dots == 1, let value = Double(String(decoding: bytes, as: UTF8.self) + "0") {
                return negative ? -value : value
            }
            return .nan
        }
        return negative ? -value : value
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `string(number)`: `NaN`, `Infinity`, `-Infinity`; integers without a decimal point (`-0` as
    /// `0`); other numbers in plain decimal notation, never with an exponent, with the fewest
    /// digits that read back as the same double.
    static func format(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        if number == 0 { return "0" }
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        // The shortest round-trip digits, written out without an exponent.
        let description = String(number.magnitude)
        let sign = number < 0 ? "-" : ""
        let parts = description.lowercased().split(separator: "e", maxSplits: 1)
        var mantissa = String(parts[0])
        let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
        if mantissa.hasSuffix(".0") { mantissa.removeLast(2) }
        var integerPart = mantissa
        var fraction = ""
        if let dot = mantissa.firstIndex(of: ".") {
            integerPart = String(mantissa[..<dot])
            fraction = String(mantissa[mantissa.index(after: dot)...])
        }
        var digits = integerPart + fraction
        // The decimal point sits after `point` digits of `digits`.
        var point = integerPart.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: -point + 1) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var whole = String(digits.prefix(point))
        var rest = String(digits.dropFirst(point))
        while rest.hasSuffix("0") { rest.removeLast() }
        while whole.count > 1 && whole.hasPrefix("0") { whole.removeFirst() }
        return sign + whole + (rest.isEmpty ? "" : "." + rest)
    }
}
