/// Compiles XPath 1.0 text into an ``XPathExpression``: a tokenizer that follows the spec's rules
/// for telling `*` and `div` the operators from `*` and `div` the names, and a recursive-descent
/// parser whose nesting is bounded (``XPath/maximumNesting``), so that no input recurses deeply.
struct XPathParser {
    enum TokenKind: Equatable {
        case leftParen, rightParen, leftBracket, rightBracket, dot, dotDot, at, comma, colonColon
        /// A name test: `*` (no prefix, no local name), `prefix:*` or a QName.
        case nameTest(prefix: String?, local: String?)
        case nodeType(String)
        case operatorName(String)
        /// `/ // | + - = != < <= > >=` and the multiplication `*`.
        case symbol(String)
        case functionName(prefix: String?, local: String)
        case axisName(String)
        case literal(String)
        case number(Double)
        case variable(String)
        case end
    }

    struct Token {
        var kind: TokenKind
        var offset: Int
    }

    let source: String
    let namespaces: [String: String]
    private var tokens: [Token] = []
    private var position = 0

    init(source: String, namespaces: [String: String]) {
        self.source = source
        self.namespaces = namespaces
    }

    /// Parses the whole expression.
    static func parse(_ source: String, namespaces: [String: String]) throws(XPathError) -> XPathExpression {
        var parser = XPathParser(source: source, namespaces: namespaces)
        parser.tokens = try parser.tokenize()
        if parser.tokens.first?.kind == .end { throw parser.error("empty expression", at: 0) }
        let expression = try parser.parseExpression(depth: 0)
        guard parser.current.kind == .end else { throw parser.unexpected() }
        return expression
    }

    // MARK: Errors

    func error(_ reason: String, at offset: Int) -> XPathError {
        XPathError(reason: reason, offset: offset, expression: source)
    }

    private func unexpected() -> XPathError {
        let token = current
        if token.kind == .end { return error("unexpected end of expression", at: token.offset) }
        return error("unexpected \(describe(token.kind))", at: token.offset)
    }

    private func describe(_ kind: TokenKind) -> String {
        switch kind {
        case .leftParen: return "\"(\""
        case .rightParen: return "\")\""
        case .leftBracket: return "\"[\""
        case .rightBracket: return "\"]\""
        case .dot: return "\".\""
        case .dotDot: return "\"..\""
        case .at: return "\"@\""
        case .comma: return "\",\""
        case .colonColon: return "\"::\""
        case let .nameTest(prefix, local): return "\"" + (prefix.map { $0 + ":" } ?? "") + (local ?? "*") + "\""
        case let .nodeType(name): return "\"\(name)\""
        case let .operatorName(name): return "\"\(name)\""
        case let .symbol(symbol): return "\"\(symbol)\""
        case let .functionName(prefix, local): return "\"" + (prefix.map { $0 + ":" } ?? "") + local + "\""
        case let .axisName(name): return "\"\(name)\""
        case let .literal(text): return "string \"\(text)\""
        case let .number(value): return "number \(XPathNumber.format(value))"
        case let .variable(name): return "\"$\(name)\""
        case .end: return "end of expression"
        }
    }

    // MARK: Tokens

    private mutating func tokenize() throws(XPathError) -> [Token] {
        let scalars = Array(source.unicodeScalars)
        var tokens: [Token] = []
        var i = 0

        func peekNonSpace(_ from: Int) -> Int {
            var j = from
            while j < scalars.count, isSpace(scalars[j]) { j += 1 }
            return j
        }

        /// Whether the token before makes `*` a multiplication and a name an operator (XPath 1.0 §3.7).
        func precededByOperand() -> Bool {
            guard let last = tokens.last?.kind else { return false }
            switch last {
            case .at, .colonColon, .leftParen, .leftBracket, .comma, .operatorName, .symbol: return false
            default: return true
            }
        }

        while i < scalars.count {
            let c = scalars[i]
            if isSpace(c) { i += 1; continue }
            let start = i
            switch c {
            case "(": tokens.append(Token(kind: .leftParen, offset: start)); i += 1
            case ")": tokens.append(Token(kind: .rightParen, offset: start)); i += 1
            case "[": tokens.append(Token(kind: .leftBracket, offset: start)); i += 1
            case "]": tokens.append(Token(kind: .rightBracket, offset: start)); i += 1
            case "@": tokens.append(Token(kind: .at, offset: start)); i += 1
            case ",": tokens.append(Token(kind: .comma, offset: start)); i += 1
            case "|", "+", "=":
                tokens.append(Token(kind: .symbol(String(c)), offset: start)); i += 1
            case "-":
                tokens.append(Token(kind: .symbol("-"), offset: start)); i += 1
            case "/":
                if i + 1 < scalars.count, scalars[i + 1] == "/" {
                    tokens.append(Token(kind: .symbol("//"), offset: start)); i += 2
                } else {
                    tokens.append(Token(kind: .symbol("/"), offset: start)); i += 1
                }
            case "!":
                guard i + 1 < scalars.count, scalars[i + 1] == "=" else {
                    throw error("unexpected \"!\" (did you mean \"!=\"? XPath negates with not())", at: start)
                }
                tokens.append(Token(kind: .symbol("!="), offset: start)); i += 2
            case "<", ">":
                if i + 1 < scalars.count, scalars[i + 1] == "=" {
                    tokens.append(Token(kind: .symbol(String(c) + "="), offset: start)); i += 2
                } else {
                    tokens.append(Token(kind: .symbol(String(c)), offset: start)); i += 1
                }
            case ":":
                guard i + 1 < scalars.count, scalars[i + 1] == ":" else { throw error("unexpected \":\"", at: start) }
                tokens.append(Token(kind: .colonColon, offset: start)); i += 2
            case "*":
                if precededByOperand() {
                    tokens.append(Token(kind: .symbol("*"), offset: start))
                } else {
                    tokens.append(Token(kind: .nameTest(prefix: nil, local: nil), offset: start))
                }
                i += 1
            case "\"", "'":
                var j = i + 1
                while j < scalars.count, scalars[j] != c { j += 1 }
                guard j < scalars.count else { throw error("unterminated string literal", at: start) }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[(i + 1)..<j])
                tokens.append(Token(kind: .literal(String(text)), offset: start))
                i = j + 1
            case "$":
                i += 1
                guard i < scalars.count, isNameStart(scalars[i]) else {
                    throw error("expected a variable name after \"$\"", at: i)
                }
                var name = readNCName(scalars, &i)
                if i + 1 < scalars.count, scalars[i] == ":", scalars[i + 1] != ":",
                   isNameStart(scalars[i + 1]) {
                    i += 1
                    name += ":" + readNCName(scalars, &i)
                }
                tokens.append(Token(kind: .variable(name), offset: start))
            case "0"..."9", ".":
                if c == "." {
                    if i + 1 < scalars.count, scalars[i + 1] == "." {
                        tokens.append(Token(kind: .dotDot, offset: start)); i += 2
                        continue
                    }
                    if !(i + 1 < scalars.count && isDigit(scalars[i + 1])) {
                        tokens.append(Token(kind: .dot, offset: start)); i += 1
                        continue
                    }
                }
                var j = i
                while j < scalars.count, isDigit(scalars[j]) { j += 1 }
                if j < scalars.count, scalars[j] == "." {
                    j += 1
                    while j < scalars.count, isDigit(scalars[j]) { j += 1 }
                }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars[i..<j])
                let digits = String(text)
                let value = Double(digits.hasSuffix(".") ? digits + "0" : (digits.hasPrefix(".") ? "0" + digits : digits))
                tokens.append(Token(kind: .number(value ?? .nan), offset: start))
                i = j
            default:
                guard isNameStart(c) else { throw error("unexpected \"\(Character(c))\"", at: start) }
                let first = readNCName(scalars, &i)
                if precededByOperand() {
                    guard ["and", "or", "mod", "div"].contains(first) else {
                        throw error("expected an operator (and, or, mod, div, =, +, …), found \"\(first)\"", at: start)
                    }
                    tokens.append(Token(kind: .operatorName(first), offset: start))
                    continue
                }
                var prefix: String?
                var local: String? = first
                if i + 1 < scalars.count, scalars[i] == ":", scalars[i + 1] != ":" {
                    prefix = first
                    i += 1
                    if i < scalars.count, scalars[i] == "*" {
                        local = nil
                        i += 1
                    } else if i < scalars.count, isNameStart(scalars[i]) {
                        local = readNCName(scalars, &i)
                    } else {
                        throw error("expected a local name or \"*\" after \"\(first):\"", at: i)
                    }
                }
                let next = peekNonSpace(i)
                if let local, next < scalars.count, scalars[next] == "(" {
                    if prefix == nil, ["comment", "text", "processing-instruction", "node"].contains(local) {
                        tokens.append(Token(kind: .nodeType(local), offset: start))
                    } else {
                        tokens.append(Token(kind: .functionName(prefix: prefix, local: local), offset: start))
                    }
                } else if prefix == nil, next + 1 < scalars.count, scalars[next] == ":", scalars[next + 1] == ":" {
                    tokens.append(Token(kind: .axisName(first), offset: start))
                } else {
                    tokens.append(Token(kind: .nameTest(prefix: prefix, local: local), offset: start))
                }
            }
        }
        tokens.append(Token(kind: .end, offset: scalars.count))
        return tokens
    }

    private func readNCName(_ scalars: [Unicode.Scalar], _ i: inout Int) -> String {
        var name = String.UnicodeScalarView()
        while i < scalars.count, isNameChar(scalars[i]) {
            name.append(scalars[i])
            i += 1
        }
        return String(name)
    }

    private func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r"
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    private func isNameStart(_ c: Unicode.Scalar) -> Bool {
        if c == "_" { return true }
        if c.isASCII { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") }
        return c.properties.isAlphabetic
    }

    private func isNameChar(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isNameStart(c) || isDigit(c) || c == "-" || c == "." }
        if c == "\u{B7}" { return true }
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .modifierLetter, .connectorPunctuation:
            return true
        default:
            return c.properties.isAlphabetic
        }
    }

    // MARK: Grammar

    private var current: Token { tokens[position] }

    private mutating func advance() { if position < tokens.count - 1 { position += 1 } }

    private mutating func accept(_ kind: TokenKind) -> Bool {
        if current.kind == kind {
            advance()
            return true
        }
        return false
    }

    private mutating func expect(_ kind: TokenKind, _ what: String) throws(XPathError) {
        guard accept(kind) else {
            if current.kind == .end { throw error("expected \(what), found the end of the expression", at: current.offset) }
            throw error("expected \(what), found \(describe(current.kind))", at: current.offset)
        }
    }

    private func checkDepth(_ depth: Int) throws(XPathError) {
        if depth > XPath.maximumNesting {
            throw error("the expression nests deeper than \(XPath.maximumNesting) levels", at: current.offset)
        }
    }

    private mutating func parseExpression(depth: Int) throws(XPathError) -> XPathExpression {
        try checkDepth(depth)
        var terms = [try parseAnd(depth: depth)]
        while current.kind == .operatorName("or") {
            advance()
            terms.append(try parseAnd(depth: depth))
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd(depth: Int) throws(XPathError) -> XPathExpression {
        var terms = [try parseBinary(level: 0, depth: depth)]
        while current.kind == .operatorName("and") {
            advance()
            terms.append(try parseBinary(level: 0, depth: depth))
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// Levels: 0 equality, 1 relational, 2 additive, 3 multiplicative; then unary.
    private mutating func parseBinary(level: Int, depth: Int) throws(XPathError) -> XPathExpression {
        func operand(_ parser: inout XPathParser) throws(XPathError) -> XPathExpression {
            level == 3 ? try parser.parseUnary(depth: depth) : try parser.parseBinary(level: level + 1, depth: depth)
        }
        let first = try operand(&self)
        var rest: [(XPathOperator, XPathExpression)] = []
        while let op = binaryOperator(at: level) {
            advance()
            rest.append((op, try operand(&self)))
        }
        return rest.isEmpty ? first : .binary(first, rest)
    }

    private func binaryOperator(at level: Int) -> XPathOperator? {
        switch (level, current.kind) {
        case (0, .symbol("=")): return .equal
        case (0, .symbol("!=")): return .notEqual
        case (1, .symbol("<")): return .less
        case (1, .symbol("<=")): return .lessOrEqual
        case (1, .symbol(">")): return .greater
        case (1, .symbol(">=")): return .greaterOrEqual
        case (2, .symbol("+")): return .plus
        case (2, .symbol("-")): return .minus
        case (3, .symbol("*")): return .times
        case (3, .operatorName("div")): return .divide
        case (3, .operatorName("mod")): return .modulo
        default: return nil
        }
    }

    private mutating func parseUnary(depth: Int) throws(XPathError) -> XPathExpression {
        var count = 0
        while current.kind == .symbol("-") {
            count += 1
            advance()
        }
        let operand = try parseUnion(depth: depth)
        return count == 0 ? operand : .negate(operand, count: count)
    }

    private mutating func parseUnion(depth: Int) throws(XPathError) -> XPathExpression {
        var terms = [try parsePath(depth: depth)]
        let offset = current.offset
        while current.kind == .symbol("|") {
            advance()
            terms.append(try parsePath(depth: depth))
        }
        return terms.count == 1 ? terms[0] : .union(terms, offset: offset)
    }

    private var startsStep: Bool {
        switch current.kind {
        case .nameTest, .nodeType, .axisName, .at, .dot, .dotDot: return true
        default: return false
        }
    }

    private mutating func parsePath(depth: Int) throws(XPathError) -> XPathExpression {
        switch current.kind {
        case .symbol("/"):
            advance()
            let steps = startsStep ? try parseRelativeSteps(depth: depth) : []
            return .path(XPathPath(start: .root, steps: Self.optimized(steps)))
        case .symbol("//"):
            advance()
            guard startsStep else { throw error("expected a step after \"//\"", at: current.offset) }
            let steps = [Self.descendantOrSelfNode] + (try parseRelativeSteps(depth: depth))
            return .path(XPathPath(start: .root, steps: Self.optimized(steps)))
        default:
            if startsStep {
                return .path(XPathPath(start: .context, steps: Self.optimized(try parseRelativeSteps(depth: depth))))
            }
            let offset = current.offset
            let primary = try parsePrimary(depth: depth)
            var predicates: [XPathPredicate] = []
            while current.kind == .leftBracket {
                predicates.append(try parsePredicate(depth: depth))
            }
            var steps: [XPathStep] = []
            if current.kind == .symbol("/") || current.kind == .symbol("//") {
                let double = current.kind == .symbol("//")
                advance()
                guard startsStep else { throw error("expected a step after \(double ? "\"//\"" : "\"/\"")", at: current.offset) }
                steps = (double ? [Self.descendantOrSelfNode] : []) + (try parseRelativeSteps(depth: depth))
            }
            if predicates.isEmpty && steps.isEmpty { return primary }
            return .path(XPathPath(start: .filter(primary, predicates, offset: offset), steps: Self.optimized(steps)))
        }
    }

    static let descendantOrSelfNode = XPathStep(axis: .descendantOrSelf, test: .node, predicates: [])

    /// `descendant-or-self::node()/child::x[p]` is `descendant::x[p]` when `p` does not depend on
    /// the position: one walk instead of a child step from every node.
    static func optimized(_ steps: [XPathStep]) -> [XPathStep] {
        var result: [XPathStep] = []
        for step in steps {
            if step.axis == .child, !step.predicates.contains(where: \.usesPosition),
               let last = result.last, last.axis == .descendantOrSelf, case .node = last.test, last.predicates.isEmpty {
                result[result.count - 1] = XPathStep(axis: .descendant, test: step.test, predicates: step.predicates)
            } else {
                result.append(step)
            }
        }
        return result
    }

    private mutating func parseRelativeSteps(depth: Int) throws(XPathError) -> [XPathStep] {
        var steps = [try parseStep(depth: depth)]
        while current.kind == .symbol("/") || current.kind == .symbol("//") {
            let double = current.kind == .symbol("//")
            advance()
            guard startsStep else {
                throw error("expected a step after \(double ? "\"//\"" : "\"/\"")", at: current.offset)
            }
            if double { steps.append(Self.descendantOrSelfNode) }
            steps.append(try parseStep(depth: depth))
        }
        return steps
    }

    private mutating func parseStep(depth: Int) throws(XPathError) -> XPathStep {
        if accept(.dot) { return XPathStep(axis: .self, test: .node, predicates: []) }
        if accept(.dotDot) { return XPathStep(axis: .parent, test: .node, predicates: []) }
        var axis = XPathAxis.child
        if case let .axisName(name) = current.kind {
            guard let named = XPathAxis(rawValue: name) else {
                throw error("unknown axis \"\(name)\"", at: current.offset)
            }
            axis = named
            advance()
            try expect(.colonColon, "\"::\"")
        } else if accept(.at) {
            axis = .attribute
        }
        let test = try parseNodeTest()
        var predicates: [XPathPredicate] = []
        while current.kind == .leftBracket {
            predicates.append(try parsePredicate(depth: depth))
        }
        return XPathStep(axis: axis, test: test, predicates: predicates)
    }

    private mutating func parseNodeTest() throws(XPathError) -> XPathNodeTest {
        let token = current
        switch token.kind {
        case let .nameTest(prefix, local):
            advance()
            var uri: String?
            if let prefix {
                guard let bound = namespaces[prefix] else {
                    throw error("undeclared namespace prefix \"\(prefix)\"", at: token.offset)
                }
                uri = bound
            }
            guard let local else { return uri.map { .anyInNamespace($0) } ?? .any }
            return .name(namespaceURI: uri, localName: local)
        case let .nodeType(name):
            advance()
            try expect(.leftParen, "\"(\"")
            var target: String?
            if name == "processing-instruction", case let .literal(text) = current.kind {
                target = text
                advance()
            }
            try expect(.rightParen, "\")\"")
            switch name {
            case "comment": return .comment
            case "text": return .text
            case "node": return .node
            default: return .processingInstruction(target)
            }
        default:
            if token.kind == .end { throw error("expected a node test, found the end of the expression", at: token.offset) }
            throw error("expected a node test, found \(describe(token.kind))", at: token.offset)
        }
    }

    private mutating func parsePredicate(depth: Int) throws(XPathError) -> XPathPredicate {
        advance()  // [
        try checkDepth(depth + 1)
        let expression = try parseExpression(depth: depth + 1)
        try expect(.rightBracket, "\"]\"")
        var constant: Double?
        if case let .number(value) = expression { constant = value }
        return XPathPredicate(expression: expression, usesPosition: Self.usesPosition(expression), constantPosition: constant)
    }

    private mutating func parsePrimary(depth: Int) throws(XPathError) -> XPathExpression {
        let token = current
        switch token.kind {
        case let .variable(name):
            advance()
            return .variable(name: name, offset: token.offset)
        case .leftParen:
            advance()
            let inner = try parseExpression(depth: depth + 1)
            try expect(.rightParen, "\")\"")
            return inner
        case let .literal(text):
            advance()
            return .literal(text)
        case let .number(value):
            advance()
            return .number(value)
        case let .functionName(prefix, local):
            advance()
            guard prefix == nil, let function = XPathFunction(rawValue: local) else {
                let name = (prefix.map { $0 + ":" } ?? "") + local
                throw error("unknown function \"\(name)\"", at: token.offset)
            }
            try expect(.leftParen, "\"(\"")
            var arguments: [XPathExpression] = []
            if current.kind != .rightParen {
                arguments.append(try parseExpression(depth: depth + 1))
                while accept(.comma) {
                    arguments.append(try parseExpression(depth: depth + 1))
                }
            }
            try expect(.rightParen, "\")\" or \",\"")
            guard function.arity.contains(arguments.count) else {
                let range = function.arity
                let wanted = range.lowerBound == range.upperBound ? "\(range.lowerBound)"
                    : range.upperBound == Int.max ? "at least \(range.lowerBound)"
                    : "\(range.lowerBound) or \(range.upperBound)"
                throw error("\(local)() takes \(wanted) argument\(wanted == "1" ? "" : "s"), not \(arguments.count)", at: token.offset)
            }
            return .function(function, arguments, offset: token.offset)
        case .end:
            throw error("expected an expression, found the end of the expression", at: token.offset)
        default:
            throw error("expected an expression, found \(describe(token.kind))", at: token.offset)
        }
    }

    /// Whether a predicate's value can depend on the context position or size (see ``XPathPredicate``):
    /// a number (or a variable, which may hold one) compares with the position, and `position()` or
    /// `last()` anywhere in it (outside the predicates of its own steps, which have their own context).
    static func usesPosition(_ expression: XPathExpression) -> Bool {
        switch expression {
        case .number, .variable, .negate: return true
        case let .function(function, _, _) where function.returnsNumber: return true
        case let .binary(_, rest) where rest.contains(where: { !$0.0.isComparison }): return true
        default: return mentionsPosition(expression)
        }
    }

    private static func mentionsPosition(_ expression: XPathExpression) -> Bool {
        switch expression {
        case .number, .literal, .variable: return false
        case let .negate(inner, _): return mentionsPosition(inner)
        case let .function(function, arguments, _):
            if function == .position || function == .last { return true }
            return arguments.contains(where: mentionsPosition)
        case let .or(terms), let .and(terms), let .union(terms, _): return terms.contains(where: mentionsPosition)
        case let .binary(first, rest): return mentionsPosition(first) || rest.contains { mentionsPosition($0.1) }
        case let .path(path):
            if case let .filter(primary, _, _) = path.start { return mentionsPosition(primary) }
            return false
        }
    }
}
