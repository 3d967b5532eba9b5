/// The "prescan a byte stream to determine its encoding" algorithm of WHATWG HTML §13.2.3.2, over the
/// first bytes of a document: finds the first `<meta charset>` or
/// `<meta http-equiv="Content-Type" content="…; charset=…">`, skipping comments, other tags and their
/// attributes the way the spec says.
///
/// Running out of bytes anywhere (inside a comment, a tag or an attribute value) ends the prescan
/// without a result.
///
/// With `skipsRawText`, the scan also steps over the contents of the elements whose contents the
/// tokenizer reads as text (`script`, `style`, `title`, `textarea`, …) and stops at `plaintext`: that
/// is how the whole document is searched for a `<meta>` that the tree builder would meet later.
struct MetaPrescan {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let skipsRawText: Bool
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, skipsRawText: Bool = false) {
        self.bytes = bytes
        self.skipsRawText = skipsRawText
    }

    /// Elements whose contents the tokenizer reads as text, up to their end tag.
    private static let rawTextElements: [StaticString] = [
        "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript",
    ]

    /// Whether `bytes` spell `lowercase`, ignoring ASCII case.
    private static func equalsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for i in 0..<bytes.count where lower(bytes[i]) != expected[i] { return false }
        return true
    }

    /// An attribute as the prescan reads it: name and value, ASCII lower-cased.
    private struct Attribute {
        var name: [UInt8] = []
        var value: [UInt8] = []
    }

    /// Signals that the bytes ran out.
    private struct EndOfInput: Error {}

    /// The encoding found, or `nil`.
    mutating func run() -> TextEncoding? {
        do {
            return try scan()
        } catch {
            return nil
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { EncodingLabels.isWhitespace(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }

    private func byte(at index: Int) throws(EndOfInput) -> UInt8 {
        guard index < bytes.count else { throw EndOfInput() }
        return bytes[index]
    }

    /// Whether `bytes` (already lower-cased) are exactly `literal`: no array is made to compare with.
    private static func spells(_ bytes: [UInt8], _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for i in 0..<bytes.count where bytes[i] != expected[i] { return false }
        return true
    }

    /// Whether the bytes at `position` spell `lowercase`, ignoring ASCII case.
    private func matches(_ lowercase: StaticString, at index: Int) -> Bool {
        let count = lowercase.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let expected = lowercase.utf8Start
        for i in 0..<count where Self.lower(bytes[index + i]) != expected[i] { return false }
        return true
    }

    private mutating func scan() throws(EndOfInput) -> TextEncoding? {
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<") else {
                position += 1
                continue
            }
            if matches("<!--", at: position) {
                // To the first ">" preceded by "--", the dashes coming after the "<".
                var index = position + 2
                while true {
                    index += 1
                    let current = try byte(at: index)
                    if current == UInt8(ascii: ">"), bytes[index - 1] == UInt8(ascii: "-"),
                        bytes[index - 2] == UInt8(ascii: "-"), index - 2 >= position + 2
                    {
                        break
                    }
                }
                position = index
            } else if matches("<meta", at: position), position + 5 < bytes.count,
                Self.isSpace(bytes[position + 5]) || bytes[position + 5] == UInt8(ascii: "/")
            {
                position += 6
                if let name = try meta() { return name }
            } else if bytes[position] == UInt8(ascii: "<"), position + 1 < bytes.count,
                Self.isLetter(bytes[position + 1])
                    || (bytes[position + 1] == UInt8(ascii: "/") && position + 2 < bytes.count
                        && Self.isLetter(bytes[position + 2]))
            {
                // Another tag: skip its name, then its attributes.
                let nameStart = position + 1
                while true {
                    let current = try byte(at: position)
                    if Self.isSpace(current) || current == UInt8(ascii: ">") { break }
                    position += 1
                }
                let nameEnd = position
                while try attribute(storing: false) != nil {}
                if skipsRawText && bytes[nameStart] != UInt8(ascii: "/") && nameEnd - nameStart <= 9 {
                    let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
                    if Self.equalsLowercase(name, "plaintext") { return nil }
                    if let element = Self.rawTextElements.first(where: { Self.equalsLowercase(name, $0) }) {
                        try skipToEndTag(element)
                    }
                }
            } else if matches("<!", at: position) || matches("</", at: position) || matches("<?", at: position) {
                while try byte(at: position) != UInt8(ascii: ">") { position += 1 }
            }
            position += 1
        }
        return nil
    }

    /// Moves `position` to the `>` of the end tag `</name` (followed by white space, `/` or `>`).
    private mutating func skipToEndTag(_ name: StaticString) throws(EndOfInput) {
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        while true {
            position += 1
            guard try byte(at: position) == UInt8(ascii: "<"), try byte(at: position + 1) == UInt8(ascii: "/")
            else { continue }
            var matched = true
            for (offset, letter) in expected.enumerated() where Self.lower(try byte(at: position + 2 + offset)) != letter {
                matched = false
                break
            }
            guard matched else { continue }
            let after = try byte(at: position + 2 + expected.count)
            if Self.isSpace(after) || after == UInt8(ascii: "/") || after == UInt8(ascii: ">") {
                while try byte(at: position) != UInt8(ascii: ">") { position += 1 }
                return
            }
        }
    }

    /// The attributes of a `<meta` tag, `position` just after `<meta` and its space or slash. Returns
    /// the encoding when the tag decides one.
    private mutating func meta() throws(EndOfInput) -> TextEncoding? {
        // Only the first of each name counts; the names the algorithm ignores need no bookkeeping.
        var seenHTTPEquiv = false
        var seenContent = false
        var seenCharset = false
        var gotPragma = false
        var needPragma: Bool?
        var charset: TextEncoding?
        while let attribute = try attribute() {
            if Self.spells(attribute.name, "http-equiv") {
                if seenHTTPEquiv { continue }
                seenHTTPEquiv = true
                if Self.spells(attribute.value, "content-type") { gotPragma = true }
            } else if Self.spells(attribute.name, "content") {
                if seenContent { continue }
                seenContent = true
                if charset == nil, let label = EncodingSniffer.charsetFromMetaContent(attribute.value),
                    let encoding = label.withUnsafeBufferPointer({ EncodingLabels.encoding(forLabel: $0) })
                {
                    charset = encoding
                    needPragma = true
                }
            } else if Self.spells(attribute.name, "charset") {
                if seenCharset { continue }
                seenCharset = true
                charset = attribute.value.withUnsafeBufferPointer { EncodingLabels.encoding(forLabel: $0) }
                needPragma = false
            }
        }
        guard let needPragma, !(needPragma && !gotPragma), let charset else { return nil }
        switch charset {
        case .utf16BE, .utf16LE: return .utf8
        case .xUserDefined: return .windows1252
        default: return charset
        }
    }

    /// The "get an attribute" algorithm: the next attribute of the tag, or `nil` at its end (`>`).
    /// Without `storing`, the attribute is stepped over and comes back empty.
    private mutating func attribute(storing: Bool = true) throws(EndOfInput) -> Attribute? {
        while true {
            let current = try byte(at: position)
            guard Self.isSpace(current) || current == UInt8(ascii: "/") else { break }
            position += 1
        }
        if try byte(at: position) == UInt8(ascii: ">") { return nil }
        var attribute = Attribute()
        let nameStart = position
        // Name.
        while true {
            let current = try byte(at: position)
            if current == UInt8(ascii: "="), position > nameStart {
                position += 1
                return try value(of: &attribute, storing: storing)
            }
            if Self.isSpace(current) { break }
            if current == UInt8(ascii: "/") || current == UInt8(ascii: ">") { return attribute }
            if storing { attribute.name.append(Self.lower(current)) }
            position += 1
        }
        // Spaces after the name.
        while Self.isSpace(try byte(at: position)) { position += 1 }
        guard try byte(at: position) == UInt8(ascii: "=") else { return attribute }
        position += 1
        return try value(of: &attribute, storing: storing)
    }

    /// The value part of "get an attribute", `position` just after the `=`.
    private mutating func value(of attribute: inout Attribute, storing: Bool) throws(EndOfInput) -> Attribute {
        while Self.isSpace(try byte(at: position)) { position += 1 }
        let first = try byte(at: position)
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            while true {
                position += 1
                let current = try byte(at: position)
                if current == first {
                    position += 1
                    return attribute
                }
                if storing { attribute.value.append(Self.lower(current)) }
            }
        }
        if first == UInt8(ascii: ">") { return attribute }
        if storing { attribute.value.append(Self.lower(first)) }
        position += 1
        while true {
            let current = try byte(at: position)
            if Self.isSpace(current) || current == UInt8(ascii: ">") { return attribute }
            if storing { attribute.value.append(Self.lower(current)) }
            position += 1
        }
    }
}
