import Foundation

/// Reads selector text into `SelectorList`: a recursive-descent parser over Unicode scalars whose
/// recursion is bounded by the nesting of the selector itself (`:not(:is(…))`), never by a document.
struct SelectorParser {
    private let source: String
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    /// How many `:has()` arguments the parser is inside (Selectors 4: `:has()` does not nest).
    private var hasDepth = 0

    /// Functional pseudo-classes may nest this deep; more is surely not a real selector.
    private static let maximumDepth = 32

    init(_ source: String) {
        self.source = source
        self.scalars = Array(source.unicodeScalars)
    }

    /// Parses the whole text as a selector list.
    static func parse(_ source: String) throws(SelectorError) -> SelectorList {
        var parser = SelectorParser(source)
        parser.skipWhitespace()
        let list = try parser.parseList(relative: false, until: nil).list
        if !parser.atEnd { throw parser.unexpected() }
        return list
    }

    // MARK: Errors

    private func error(_ reason: String, at offset: Int? = nil) -> SelectorError {
        SelectorError(reason: reason, offset: offset ?? position, selector: source)
    }

    /// `a || b`: the column combinator of Selectors 4, which applies to table grid layouts only.
    private func columnCombinator() -> SelectorError {
        error("the column combinator \"||\" is not supported")
    }

    private func unexpected() -> SelectorError {
        guard let scalar = peek() else { return error("unexpected end of selector") }
        return error("unexpected \"\(Character(scalar))\"")
    }

    // MARK: Reading scalars

    private var atEnd: Bool { position >= scalars.count }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index < scalars.count ? scalars[index] : nil
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}": return true
        default: return false
        }
    }

    /// Skips white space and comments; returns whether it skipped anything.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while true {
            if Self.isWhitespace(peek()) {
                position += 1
            } else if peek() == "/" && peek(1) == "*" {
                position += 2
                while !atEnd && !(peek() == "*" && peek(1) == "/") { position += 1 }
                position = min(position + 2, scalars.count)
            } else {
                break
            }
        }
        return position != start
    }

    private mutating func expect(_ scalar: Unicode.Scalar) throws(SelectorError) {
        guard peek() == scalar else { throw unexpected() }
        position += 1
    }

    // MARK: Identifiers and strings

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        default: return scalar.value >= 0x80
        }
    }

    private static func isName(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || scalar == "-" || (scalar.value >= 0x30 && scalar.value <= 0x39)
    }

    private func isValidEscape(at offset: Int) -> Bool {
        peek(offset) == "\\" && peek(offset + 1) != "\n"
    }

    /// Whether an identifier starts here (CSS Syntax §4.3.9).
    private func startsIdentifier() -> Bool {
        guard let first = peek() else { return false }
        if first == "-" {
            guard let second = peek(1) else { return false }
            return Self.isNameStart(second) || second == "-" || isValidEscape(at: 1)
        }
        return Self.isNameStart(first) || isValidEscape(at: 0)
    }

    /// Reads an escape after its backslash.
    private mutating func readEscape() -> Unicode.Scalar {
        guard let first = peek() else { return "\u{FFFD}" }
        if first.properties.isASCIIHexDigit {
            var value: UInt32 = 0
            var count = 0
            while count < 6, let digit = peek(), digit.properties.isASCIIHexDigit {
                value = value * 16 + UInt32(Character(digit).hexDigitValue ?? 0)
                position += 1
                count += 1
            }
            if Self.isWhitespace(peek()) {
                if peek() == "\r" && peek(1) == "\n" { position += 1 }
                position += 1
            }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return scalar
        }
        position += 1
        return first
    }

    /// Reads name characters and escapes (the tail of an identifier, or a whole hash name).
    private mutating func readName() -> String {
        var result = String.UnicodeScalarView()
        while let scalar = peek() {
            if Self.isName(scalar) {
                result.append(scalar)
                position += 1
            } else if isValidEscape(at: 0) {
                position += 1
                result.append(readEscape())
            } else {
                break
            }
        }
        return String(result)
    }

    private mutating func readIdentifier(_ what: String) throws(SelectorError) -> String {
        guard startsIdentifier() else {
            if atEnd { throw error("expected \(what), found end of selector") }
            throw unexpected()
        }
        return readName()
    }

    private mutating func readString() throws(SelectorError) -> String {
        let start = position
        guard let quote = peek(), quote == "\"" || quote == "'" else { throw unexpected() }
        position += 1
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else { throw error("unterminated string", at: start) }
            position += 1
            if scalar == quote { break }
            if scalar == "\n" { throw error("newline in string", at: position - 1) }
            if scalar == "\\" {
                if peek() == "\n" {
                    position += 1
                } else if !atEnd {
                    result.append(readEscape())
                }
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    // MARK: Selector lists

    /// Parses comma-separated (relative) complex selectors, stopping before `terminator` (or at the end).
    private mutating func parseList(
        relative: Bool, until terminator: Unicode.Scalar?
    ) throws(SelectorError) -> (list: SelectorList, relative: [RelativeSelector]) {
        var complexes: [ComplexSelector] = []
        var relatives: [RelativeSelector] = []
        while true {
            skipWhitespace()
            var leading = Combinator.descendant
            if relative, let combinator = combinator(at: peek()) {
                leading = combinator
                position += 1
                skipWhitespace()
            }
            let complex = try parseComplex()
            complexes.append(complex)
            relatives.append(RelativeSelector(leading: leading, complex: complex))
            skipWhitespace()
            if peek() == "," {
                position += 1
                continue
            }
            if peek() == terminator { break }
            throw unexpected()
        }
        return (SelectorList(selectors: complexes), relatives)
    }

    private func combinator(at scalar: Unicode.Scalar?) -> Combinator? {
        switch scalar {
        case ">": return .child
        case "+": return .nextSibling
        case "~": return .subsequentSibling
        default: return nil
        }
    }

    private mutating func parseComplex() throws(SelectorError) -> ComplexSelector {
        var compounds = [try parseCompound()]
        var combinators: [Combinator] = []
        while true {
            let hadSpace = skipWhitespace()
            if let combinator = combinator(at: peek()) {
                position += 1
                skipWhitespace()
                combinators.append(combinator)
                compounds.append(try parseCompound())
            } else if hadSpace, let next = peek(), next != ",", next != ")" {
                combinators.append(.descendant)
                compounds.append(try parseCompound())
            } else {
                break
            }
        }
        return ComplexSelector(compounds: compounds.reversed(), combinators: combinators.reversed())
    }

    private mutating func parseCompound() throws(SelectorError) -> CompoundSelector {
        var compound = CompoundSelector(typeName: nil, simples: [])
        var empty = true
        if peek() == "*" {
            position += 1
            empty = false
        } else if startsIdentifier() {
            compound.typeName = readName()
            empty = false
        }
        if peek() == "|" {
            if peek(1) == "|" { throw columnCombinator() }
            throw error("namespace prefixes are not supported")
        }
        while let scalar = peek() {
            switch scalar {
            case "#":
                position += 1
                compound.simples.append(.id(try readIdentifier("an id after \"#\"")))
            case ".":
                position += 1
                compound.simples.append(.className(try readIdentifier("a class name after \".\"")))
            case "[":
                position += 1
                compound.simples.append(try parseAttribute())
            case ":":
                position += 1
                if peek() == ":" { throw error("pseudo-elements are not supported", at: position - 1) }
                compound.simples.append(try parsePseudoClass())
            default:
                if empty { throw unexpected() }
                return compound
            }
            empty = false
        }
        if empty { throw unexpected() }
        return compound
    }

    // MARK: Attribute selectors

    private mutating func parseAttribute() throws(SelectorError) -> SimpleSelector {
        skipWhitespace()
        let name = try readIdentifier("an attribute name")
        skipWhitespace()
        if peek() == "|" && peek(1) != "=" { throw error("namespace prefixes are not supported") }
        if peek() == "]" {
            position += 1
            return .attribute(name: name, operator: .exists, value: "", flag: .standard)
        }
        let op: AttributeOperator
        switch peek() {
        case "=": op = .equals
        case "~": op = .includes
        case "|": op = .dashMatch
        case "^": op = .prefix
        case "$": op = .suffix
        case "*": op = .substring
        default: throw unexpected()
        }
        position += 1
        if op != .equals { try expect("=") }
        skipWhitespace()
        let value: String
        if peek() == "\"" || peek() == "'" {
            value = try readString()
        } else if let scalar = peek(), Self.isName(scalar) || isValidEscape(at: 0) {
            // An identifier in CSS; digits are accepted too (`[colspan=2]`), as scrapers write them.
            value = readName()
        } else {
            throw unexpected()
        }
        skipWhitespace()
        var flag = CaseFlag.standard
        if let scalar = peek(), scalar != "]" {
            switch scalar {
            case "i", "I": flag = .insensitive
            case "s", "S": flag = .sensitive
            default: throw unexpected()
            }
            position += 1
            skipWhitespace()
        }
        try expect("]")
        return .attribute(name: name, operator: op, value: value, flag: flag)
    }

    // MARK: Pseudo-classes

    private mutating func parsePseudoClass() throws(SelectorError) -> SimpleSelector {
        let start = position - 1
        let name = try readIdentifier("a pseudo-class name after \":\"").lowercased()
        if peek() == "(" {
            position += 1
            depth += 1
            if depth > Self.maximumDepth { throw error("selector nests too deeply", at: start) }
            let result = try parseFunction(name, start: start)
            depth -= 1
            return result
        }
        switch name {
        case "root": return .root
        case "scope": return .scope
        case "empty": return .empty
        case "first-child": return .firstChild
        case "last-child": return .lastChild
        case "only-child": return .onlyChild
        case "first-of-type": return .firstOfType
        case "last-of-type": return .lastOfType
        case "only-of-type": return .onlyOfType
        case "link", "any-link": return .anyLink
        case "checked": return .checked
        case "disabled": return .disabled
        case "enabled": return .enabled
        case "not", "is", "where", "has", "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type",
             "lang", "dir", "contains", "containsown", "-soup-contains", "-soup-contains-own", "matches", "matchesown":
            throw error("\":\(name)\" needs an argument in parentheses", at: start)
        default:
            throw error("unknown pseudo-class \":\(name)\"", at: start)
        }
    }

    private mutating func parseFunction(_ name: String, start: Int) throws(SelectorError) -> SimpleSelector {
        let result: SimpleSelector
        switch name {
        case "not":
            result = .not(try parseList(relative: false, until: ")").list)
        case "is", "where":
            result = .isAny(try parseForgivingList())
        case "has":
            // Selectors 4 §4.5: `:has()` cannot be nested, even through `:is()` or `:not()`.
            if hasDepth > 0 { throw error("\":has()\" cannot be nested inside \":has()\"", at: start) }
            hasDepth += 1
            result = .has(try parseList(relative: true, until: ")").relative)
            hasDepth -= 1
        case "nth-child", "nth-last-child":
            let pattern = try parseNth(allowsOf: true)
            var of: SelectorList?
            if pattern.hasOf {
                of = try parseList(relative: false, until: ")").list
            }
            result = name == "nth-child" ? .nthChild(pattern.nth, of: of) : .nthLastChild(pattern.nth, of: of)
        case "nth-of-type", "nth-last-of-type":
            let pattern = try parseNth(allowsOf: false)
            result = name == "nth-of-type" ? .nthOfType(pattern.nth) : .nthLastOfType(pattern.nth)
        case "lang":
            result = .lang(try parseStringList(allowsRaw: false))
        case "dir":
            // Selectors 4: any identifier is valid; only `ltr` and `rtl` ever match.
            skipWhitespace()
            switch try readIdentifier("\"ltr\" or \"rtl\"").lowercased() {
            case "ltr": result = .dir(.leftToRight)
            case "rtl": result = .dir(.rightToLeft)
            default: result = .dir(nil)
            }
        case "contains", "containsown", "-soup-contains", "-soup-contains-own":
            let strings = try parseStringList(allowsRaw: true)
            let own = name == "containsown" || name == "-soup-contains-own"
            // jsoup's `:contains` ignores case and never sees script or style text (jsoup keeps it as
            // data, out of `text()`); soupsieve's `:-soup-contains` keeps case and sees every text node.
            let soup = name.hasPrefix("-soup")
            result = .contains(strings, own: own, caseInsensitive: !soup, includesScripts: soup)
        case "matches", "matchesown":
            skipWhitespace()
            let patternStart = position
            let source: String
            if peek() == "\"" || peek() == "'" {
                source = try readString()
                skipWhitespace()
            } else {
                source = try readRawArgument()
            }
            guard let regex = try? NSRegularExpression(pattern: source) else {
                throw error("invalid regular expression \"\(source)\"", at: patternStart)
            }
            result = .matches(TextPattern(source: source, regex: regex), own: name == "matchesown")
        default:
            throw error("unknown pseudo-class \":\(name)()\"", at: start)
        }
        skipWhitespace()
        try expect(")")
        return result
    }

    /// Parses the forgiving selector list of `:is()` and `:where()`: a selector that does not parse is
    /// dropped (as browsers do) rather than failing the whole selector. Stops before the `)`.
    private mutating func parseForgivingList() throws(SelectorError) -> SelectorList {
        var complexes: [ComplexSelector] = []
        while true {
            skipWhitespace()
            if peek() == ")" { break }
            let start = position
            let startDepth = depth
            let startHasDepth = hasDepth
            do {
                let complex = try parseComplex()
                skipWhitespace()
                guard peek() == "," || peek() == ")" else { throw unexpected() }
                complexes.append(complex)
            } catch {
                position = start
                depth = startDepth
                hasDepth = startHasDepth
                try skipToEndOfArgument()
            }
            if peek() == "," { position += 1 }
        }
        return SelectorList(selectors: complexes)
    }

    /// Skips to the next `,` or `)` outside brackets and strings.
    private mutating func skipToEndOfArgument() throws(SelectorError) {
        let start = position
        var closers: [Unicode.Scalar] = []
        while let scalar = peek() {
            if closers.isEmpty && (scalar == "," || scalar == ")") { return }
            switch scalar {
            case "\\": position += 1
            case "\"", "'":
                _ = try readString()
                continue
            case "(": closers.append(")")
            case "[": closers.append("]")
            case "{": closers.append("}")
            case ")", "]", "}":
                if closers.last == scalar { closers.removeLast() } else { throw unexpected() }
            default: break
            }
            position += 1
        }
        throw error("missing \")\"", at: start)
    }

    /// Reads strings or identifiers separated by commas; with `allowsRaw`, an unquoted argument is
    /// taken as raw text up to the closing parenthesis (as jsoup reads `:contains(some text)`).
    private mutating func parseStringList(allowsRaw: Bool) throws(SelectorError) -> [String] {
        skipWhitespace()
        if allowsRaw && peek() != "\"" && peek() != "'" {
            let text = try readRawArgument()
            if text.isEmpty { throw unexpected() }
            return [text]
        }
        var strings: [String] = []
        while true {
            skipWhitespace()
            if peek() == "\"" || peek() == "'" {
                strings.append(try readString())
            } else {
                strings.append(try readIdentifier("a string"))
            }
            skipWhitespace()
            if peek() == "," {
                position += 1
                continue
            }
            return strings
        }
    }

    /// Raw text up to the `)` that closes the function, with balanced parentheses and backslash
    /// escapes kept as written; trimmed of surrounding white space.
    private mutating func readRawArgument() throws(SelectorError) -> String {
        let start = position
        var nesting = 0
        var result = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else { throw error("missing \")\"", at: start) }
            if scalar == "\\", let next = peek(1) {
                result.append(scalar)
                result.append(next)
                position += 2
                continue
            }
            if scalar == "(" { nesting += 1 }
            if scalar == ")" {
                if nesting == 0 { break }
                nesting -= 1
            }
            result.append(scalar)
            position += 1
        }
        return String(result).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Parses `An+B`, optionally followed by `of`. Leaves the position after `of` (and its space) or
    /// before the `)`.
    private mutating func parseNth(allowsOf: Bool) throws(SelectorError) -> (nth: NthPattern, hasOf: Bool) {
        skipWhitespace()
        let start = position
        var text = ""
        var hasOf = false
        // Collect words up to `)` or the word `of`.
        while let scalar = peek(), scalar != ")" {
            if Self.isWhitespace(scalar) {
                skipWhitespace()
                if allowsOf, peek().map({ $0 == "o" || $0 == "O" }) == true,
                   peek(1).map({ $0 == "f" || $0 == "F" }) == true,
                   Self.isWhitespace(peek(2)) {
                    position += 2
                    skipWhitespace()
                    hasOf = true
                    break
                }
                if peek() != ")" { text.append(" ") }
                continue
            }
            guard scalar.isASCII, Self.isName(scalar) || scalar == "+" else { throw unexpected() }
            text.unicodeScalars.append(scalar)
            position += 1
        }
        guard let nth = Self.nth(from: text.lowercased()) else {
            if text.isEmpty { throw unexpected() }
            throw error("invalid An+B expression \"\(text)\"", at: start)
        }
        return (nth, hasOf)
    }

    /// `odd`, `even`, `B`, `An`, `An+B` (with the white space CSS allows around the second sign).
    static func nth(from text: String) -> NthPattern? {
        if text == "odd" { return NthPattern(a: 2, b: 1) }
        if text == "even" { return NthPattern(a: 2, b: 0) }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func digits() -> Int? {
            var value = 0
            var count = 0
            while index < scalars.count, let digit = Int(String(scalars[index])), scalars[index].isASCII {
                value = min(value * 10 + digit, 1_000_000_000)
                index += 1
                count += 1
            }
            return count == 0 ? nil : value
        }
        var sign = 1
        if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
            sign = scalars[index] == "-" ? -1 : 1
            index += 1
        }
        let first = digits()
        guard index < scalars.count, scalars[index] == "n" else {
            // Just B.
            guard let b = first, index == scalars.count else { return nil }
            return NthPattern(a: 0, b: sign * b)
        }
        index += 1
        let a = sign * (first ?? 1)
        while index < scalars.count, scalars[index] == " " { index += 1 }
        if index == scalars.count { return NthPattern(a: a, b: 0) }
        guard scalars[index] == "+" || scalars[index] == "-" else { return nil }
        let bSign = scalars[index] == "-" ? -1 : 1
        index += 1
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard let b = digits(), index == scalars.count else { return nil }
        return NthPattern(a: a, b: bSign * b)
    }
}
