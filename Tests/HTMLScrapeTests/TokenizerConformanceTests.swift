import AirdateTestSupport
import Foundation
import Testing

@testable import HTMLScrape

/// Runs the html5lib tokenizer tests (`../shared/conformance/html5lib-tests/tokenizer/*.test`) against
/// `Tokenizer`: every test once per initial state, comparing token streams (adjacent character tokens
/// coalesced) and, separately, parse errors (codes and line/column positions).
///
/// Set `HTML5LIB_LIST_FAILURES=1` to list token-stream failures, `HTML5LIB_LIST_FAILURES=errors` to
/// list error mismatches too.
@Suite(.heavy) struct TokenizerConformanceTests {
    /// The number of runs that must pass; raise it when the tokenizer gets better, never lower it.
    static let passFloor = 7036
    /// The number of runs whose parse errors (codes and positions) must match too. The one run that
    /// does not: `xmlViolation.test` lists no errors for U+FFFF, which is a
    /// `noncharacter-in-input-stream` error.
    static let errorMatchFloor = 7035

    /// A token as the test files spell it.
    enum TestToken: Equatable, CustomStringConvertible {
        case doctype(name: String?, publicID: String?, systemID: String?, correctness: Bool)
        case startTag(name: String, attributes: [String: String], selfClosing: Bool)
        case endTag(name: String)
        case comment(String)
        case character(String)

        var description: String {
            switch self {
            case .doctype(let name, let publicID, let systemID, let correctness):
                return "DOCTYPE(\(name.debugDescription), \(publicID.debugDescription), \(systemID.debugDescription), \(correctness))"
            case .startTag(let name, let attributes, let selfClosing):
                let list = attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.debugDescription)" }
                return "StartTag(\(name) \(list.joined(separator: " "))\(selfClosing ? " /" : ""))"
            case .endTag(let name):
                return "EndTag(\(name))"
            case .comment(let data):
                return "Comment(\(data.debugDescription))"
            case .character(let data):
                return "Character(\(data.debugDescription))"
            }
        }
    }

    /// An expected or actual parse error, comparable by code and position.
    struct TestError: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var column: Int
        var code: String

        static func < (a: TestError, b: TestError) -> Bool {
            (a.line, a.column, a.code) < (b.line, b.column, b.code)
        }

        var description: String { "\(line):\(column) \(code)" }
    }

    @Test(.enabled(if: TestData.hasHTML5Lib("tokenizer", suite: "html5lib tokenizer"), "needs html5lib-tests/tokenizer: `git submodule update --init --checkout Conformance/html5lib-tests` (or ../shared/conformance/html5lib-tests)")) func html5libTokenizerTests() throws {
        let folder = try #require(TestData.html5lib("tokenizer"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".test") }.sorted()
        let listing = ProcessInfo.processInfo.environment["HTML5LIB_LIST_FAILURES"]
        let listFailures = listing != nil && listing != "0"
        let listErrors = listing == "errors"

        var total = 0
        var passed = 0
        var errorsMatch = 0
        var errorCodesMatch = 0
        for file in files {
            let raw = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let data = Data(Self.replacingLoneSurrogateEscapes(in: raw).utf8)
            guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                Issue.record("\(file): not a JSON object")
                continue
            }
            let isXMLViolation = root["xmlViolationTests"] != nil
            let tests = (root["tests"] ?? root["xmlViolationTests"]) as? [[String: Any]] ?? []
            for test in tests {
                let description = test["description"] as? String ?? "?"
                let doubleEscaped = Self.bool(test["doubleEscaped"]) ?? false
                var input = test["input"] as? String ?? ""
                if doubleEscaped { input = Self.unescape(input) }
                let expected = Self.coalesced(
                    (test["output"] as? [Any] ?? []).compactMap { Self.expectedToken($0, unescaping: doubleEscaped) })
                let expectedErrors = (test["errors"] as? [[String: Any]] ?? []).map {
                    TestError(
                        line: Self.int($0["line"]) ?? 0, column: Self.int($0["col"]) ?? 0,
                        code: $0["code"] as? String ?? "")
                }.sorted()
                let states = test["initialStates"] as? [String] ?? ["Data state"]
                let lastStartTag = test["lastStartTag"] as? String
                for stateName in states {
                    total += 1
                    var (tokens, errors) = Self.tokenize(input, initialState: stateName, lastStartTag: lastStartTag)
                    if isXMLViolation { tokens = tokens.map(Self.coercedToInfoset) }
                    let actual = Self.coalesced(tokens)
                    let tokensPass = actual == expected
                    if tokensPass { passed += 1 }
                    let codesPass = errors.map(\.code).sorted() == expectedErrors.map(\.code).sorted()
                    let errorsPass = errors == expectedErrors
                    if tokensPass && codesPass { errorCodesMatch += 1 }
                    if tokensPass && errorsPass { errorsMatch += 1 }
                    if listFailures && (!tokensPass || (listErrors && !errorsPass)) {
                        print("FAIL \(file): \(description) [\(stateName)]")
                        print("  input:    \(input.debugDescription)")
                        if !tokensPass {
                            print("  expected: \(expected)")
                            print("  actual:   \(actual)")
                        }
                        if !errorsPass {
                            print("  expected errors: \(expectedErrors)")
                            print("  actual errors:   \(errors)")
                        }
                    }
                }
            }
        }
        print("html5lib tokenizer: \(passed)/\(total) passed")
        ConformanceReport.ran("html5lib tokenizer", cases: total, from: folder)
        print(
            "html5lib tokenizer errors: \(errorsMatch)/\(total) runs match expected errors (codes and positions; \(errorCodesMatch)/\(total) by codes alone)"
        )
        #expect(passed >= Self.passFloor)
        #expect(errorsMatch >= Self.errorMatchFloor)
    }

    // MARK: Running the tokenizer

    /// Tokenizes a test input the way the parser would: preprocessed, then tokenized from the given
    /// initial state. Returns the tokens and the parse errors, with positions.
    static func tokenize(
        _ input: String, initialState: String, lastStartTag: String?
    ) -> ([TestToken], [TestError]) {
        let (preprocessed, _) = InputPreprocessor.preprocess(input.utf8)
        let streamErrors = inputStreamErrors(in: preprocessed)
        let bytes = Array(
            String(decoding: preprocessed, as: UTF8.self).replacingOccurrences(
                of: String(surrogateMarker), with: "\u{FFFD}"
            ).utf8)
        var tokenizer = Tokenizer(input: bytes)
        switch initialState {
        case "PLAINTEXT state": tokenizer.switchTo(.plaintext)
        case "RCDATA state": tokenizer.switchTo(.rcdata)
        case "RAWTEXT state": tokenizer.switchTo(.rawtext)
        case "Script data state": tokenizer.switchTo(.scriptData)
        case "CDATA section state": tokenizer.state = .cdataSection
        default: break
        }
        if let lastStartTag { tokenizer.lastStartTagName = tokenizer.names.intern(lastStartTag) }

        var tokens: [TestToken] = []
        var calls = 0
        loop: while true {
            calls += 1
            if calls > 4 * bytes.count + 16 {
                tokens.append(.comment("<tokenizer did not reach the end of the input>"))
                break
            }
            let kind = tokenizer.next()
            switch kind {
            case .endOfFile:
                break loop
            case .characters:
                tokens.append(.character(String(decoding: tokenizer.text, as: UTF8.self)))
            case .nullCharacter:
                tokens.append(.character("\u{0}"))
            case .comment:
                tokens.append(.comment(String(decoding: tokenizer.text, as: UTF8.self)))
            case .doctype:
                let doctype = tokenizer.doctype
                tokens.append(
                    .doctype(
                        name: doctype.name, publicID: doctype.publicID, systemID: doctype.systemID,
                        correctness: !doctype.forceQuirks))
            case .startTag:
                var attributes: [String: String] = [:]
                for attribute in tokenizer.attributes {
                    let value = tokenizer.attributeValue(attribute)
                    attributes[tokenizer.names.spelling(of: attribute.name)] = String(decoding: value, as: UTF8.self)
                }
                tokens.append(
                    .startTag(
                        name: tokenizer.names.spelling(of: tokenizer.tagName), attributes: attributes,
                        selfClosing: tokenizer.selfClosing))
            case .endTag:
                tokens.append(.endTag(name: tokenizer.names.spelling(of: tokenizer.tagName)))
            }
        }
        let recorded = streamErrors + tokenizer.errors.map { (code: $0.code.publicCode.rawValue, offset: $0.offset) }
        let errors = recorded.map { error -> TestError in
            let (line, column) = locate(error.offset, in: bytes)
            return TestError(line: line, column: column, code: error.code)
        }.sorted()
        return (tokens, errors)
    }

    /// The 1-based line and column of a byte offset, with columns counted in UTF-16 code units as
    /// the test files count them (a character beyond U+FFFF takes two columns).
    static func locate(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += byte >= 0xF0 ? 2 : 1
            }
            index += 1
        }
        return (line, column)
    }

    /// The input-stream parse errors of the spec's preprocessing step (control characters and
    /// noncharacters), which the test files expect alongside the tokenizer's. Computed here so that
    /// the harness does not depend on what the input preprocessor records.
    static func inputStreamErrors(in bytes: [UInt8]) -> [(code: String, offset: Int)] {
        var errors: [(code: String, offset: Int)] = []
        var offset = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            let isControl = (value >= 0x01 && value < 0x20) || (value >= 0x7F && value <= 0x9F)
            let isAllowedWhitespace = value == 0x09 || value == 0x0A || value == 0x0C || value == 0x0D
            if value == surrogateMarker.value {
                errors.append((code: "surrogate-in-input-stream", offset: offset))
            } else if isControl && !isAllowedWhitespace {
                errors.append((code: "control-character-in-input-stream", offset: offset))
            } else if (value >= 0xFDD0 && value <= 0xFDEF) || value & 0xFFFE == 0xFFFE {
                errors.append((code: "noncharacter-in-input-stream", offset: offset))
            }
            offset += scalar.utf8.count
        }
        return errors
    }

    // MARK: Reading the test files

    /// Stands for a lone surrogate in test inputs and outputs (U+E5A7, a private-use character no
    /// test uses), so that the harness can report `surrogate-in-input-stream` where it was.
    static let surrogateMarker: Unicode.Scalar = "\u{E5A7}"

    /// Lone surrogates (`\uD800` not part of a pair) cannot exist in a Swift `String` or in UTF-8, so
    /// they become U+FFFD, in inputs and expected outputs alike (the tokenizer sees U+FFFD where a
    /// browser would see the surrogate). In the JSON text they are first replaced by
    /// `surrogateMarker`; the harness records a `surrogate-in-input-stream` error for each marker in an
    /// input, then turns markers into U+FFFD.
    static func replacingLoneSurrogateEscapes(in json: String) -> String {
        let units = Array(json.utf16)
        var out: [UInt16] = []
        out.reserveCapacity(units.count)
        var i = 0
        func hexUnit(at index: Int) -> UInt16? {
            guard index + 6 <= units.count, units[index] == 0x5C, units[index + 1] == 0x75 else { return nil }
            var value: UInt16 = 0
            for unit in units[(index + 2)..<(index + 6)] {
                guard let digit = Character(Unicode.Scalar(unit) ?? "g").hexDigitValue else { return nil }
                value = value * 16 + UInt16(digit)
            }
            return value
        }
        let replacement = Array("\\uE5A7".utf16)
        while i < units.count {
            if units[i] == 0x5C, i + 1 < units.count, units[i + 1] == 0x5C {
                out.append(0x5C)
                out.append(0x5C)
                i += 2
            } else if let unit = hexUnit(at: i), (0xD800...0xDFFF).contains(unit) {
                if unit < 0xDC00, let low = hexUnit(at: i + 6), (0xDC00...0xDFFF).contains(low) {
                    out.append(contentsOf: units[i..<(i + 12)])
                    i += 12
                } else {
                    out.append(contentsOf: replacement)
                    i += 6
                }
            } else {
                out.append(units[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF16.self)
    }

    /// The extra unescaping of `doubleEscaped` tests: `\uHHHH` becomes that UTF-16 unit; lone
    /// surrogates become U+FFFD (see `replacingLoneSurrogateEscapes`).
    static func unescape(_ string: String) -> String {
        let units = Array(string.utf16)
        var out: [UInt16] = []
        var i = 0
        while i < units.count {
            if units[i] == 0x5C, i + 5 < units.count, units[i + 1] == 0x75,
                let value = UInt16(String(decoding: units[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16)
            {
                out.append(value)
                i += 6
            } else {
                out.append(units[i])
                i += 1
            }
        }
        // Pair surrogates; a lone one becomes the marker.
        var paired: [UInt16] = []
        var j = 0
        while j < out.count {
            let unit = out[j]
            if unit >= 0xD800 && unit < 0xDC00, j + 1 < out.count, out[j + 1] >= 0xDC00 && out[j + 1] <= 0xDFFF {
                paired.append(unit)
                paired.append(out[j + 1])
                j += 2
            } else if unit >= 0xD800 && unit <= 0xDFFF {
                paired.append(contentsOf: String(surrogateMarker).utf16)
                j += 1
            } else {
                paired.append(unit)
                j += 1
            }
        }
        return String(decoding: paired, as: UTF16.self)
    }

    /// An expected string with lone-surrogate markers turned into U+FFFD (what the tokenizer sees).
    static func withoutMarkers(_ string: String) -> String {
        string.replacingOccurrences(of: String(surrogateMarker), with: "\u{FFFD}")
    }

    static func expectedToken(_ value: Any, unescaping: Bool) -> TestToken? {
        guard let array = value as? [Any], let type = array.first as? String else { return nil }
        func string(_ index: Int) -> String? {
            guard index < array.count, let s = array[index] as? String else { return nil }
            return withoutMarkers(unescaping ? unescape(s) : s)
        }
        switch type {
        case "DOCTYPE":
            return .doctype(
                name: string(1), publicID: string(2), systemID: string(3),
                correctness: array.count > 4 ? (bool(array[4]) ?? false) : true)
        case "StartTag":
            var attributes: [String: String] = [:]
            if array.count > 2, let dictionary = array[2] as? [String: Any] {
                for (key, value) in dictionary {
                    let name = withoutMarkers(unescaping ? unescape(key) : key)
                    let text = value as? String ?? ""
                    attributes[name] = withoutMarkers(unescaping ? unescape(text) : text)
                }
            }
            let selfClosing = array.count > 3 ? (bool(array[3]) ?? false) : false
            return .startTag(name: string(1) ?? "", attributes: attributes, selfClosing: selfClosing)
        case "EndTag":
            return .endTag(name: string(1) ?? "")
        case "Comment":
            return .comment(string(1) ?? "")
        case "Character":
            return .character(string(1) ?? "")
        default:
            return nil
        }
    }

    /// Merges adjacent character tokens, as the test format requires.
    static func coalesced(_ tokens: [TestToken]) -> [TestToken] {
        var result: [TestToken] = []
        for token in tokens {
            if case .character(let next) = token, case .character(let previous)? = result.last {
                result[result.count - 1] = .character(previous + next)
            } else {
                result.append(token)
            }
        }
        return result
    }

    /// The spec's "coercing an HTML DOM into an infoset" tweaks that `xmlViolation.test` expects:
    /// U+000C becomes a space, characters XML does not allow become U+FFFD, and `--` in a comment
    /// becomes `- -`.
    static func coercedToInfoset(_ token: TestToken) -> TestToken {
        func coerce(_ text: String) -> String {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value == 0x0C {
                    scalars.append(" ")
                } else if value == 0xFFFE || value == 0xFFFF || (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) {
                    scalars.append("\u{FFFD}")
                } else {
                    scalars.append(scalar)
                }
            }
            return String(scalars)
        }
        switch token {
        case .character(let text):
            return .character(coerce(text))
        case .comment(let text):
            var data = coerce(text)
            while data.contains("--") { data = data.replacingOccurrences(of: "--", with: "- -") }
            return .comment(data)
        case .startTag(let name, let attributes, let selfClosing):
            return .startTag(name: name, attributes: attributes.mapValues(coerce), selfClosing: selfClosing)
        default:
            return token
        }
    }

    static func bool(_ value: Any?) -> Bool? {
        if let value = value as? Bool { return value }
        if let value = value as? NSNumber { return value.boolValue }
        return nil
    }

    static func int(_ value: Any?) -> Int? {
        if let value = value as? Int { return value }
        if let value = value as? NSNumber { return value.intValue }
        return nil
    }
}
