import AirdateTestSupport
import Foundation
import Testing

@testable import HTMLScrape

/// Runs the html5lib tree-construction tests (`../shared/conformance/html5lib-tests/tree-construction/
/// *.dat`, not `scripted/`) against the parser, comparing tree dumps. A test without `#script-on` or
/// `#script-off` runs twice, with scripting off and on. Error counts are not compared.
///
/// Set `HTML5LIB_LIST_FAILURES=1` to list the failures (input, expected and actual trees).
@Suite(.heavy) struct TreeConstructionConformanceTests {
    /// The number of runs that must pass; raise it when the parser gets better, never lower it.
    static let passFloor = 3549

    /// One test of a `.dat` file.
    struct TreeTest {
        var file: String
        var data: String = ""
        var fragmentContext: FragmentContext?
        var scripting: Bool?
        var document: String = ""
        /// Directives this runner does not know (justhtml's `#xml-coercion`, `#iframe-srcdoc`).
        var otherDirectives: [String] = []
    }

    /// Splits a `.dat` file into tests. Reads bytes as UTF-8 without any newline conversion.
    static func parse(_ bytes: [UInt8], file: String) -> [TreeTest] {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        var tests: [TreeTest] = []
        var current: TreeTest?
        var section = ""
        var dataLines: [String] = []
        var documentLines: [String] = []

        func finish() {
            guard var test = current else { return }
            while documentLines.last == "" { documentLines.removeLast() }
            test.data = dataLines.joined(separator: "\n")
            test.document = documentLines.joined(separator: "\n")
            tests.append(test)
        }

        for line in lines {
            if line == "#data" && (section == "" || section == "#document") {
                if section == "#document", documentLines.last == "" { documentLines.removeLast() }
                finish()
                current = TreeTest(file: file)
                section = "#data"
                dataLines = []
                documentLines = []
                continue
            }
            if section == "#document" {
                // justhtml's files sometimes put a test's scripting directive after its tree.
                if line == "#script-on" || line == "#script-off" {
                    current?.scripting = line == "#script-on"
                    continue
                }
                documentLines.append(line)
                continue
            }
            switch line {
            case "#errors", "#new-errors", "#document-fragment", "#document":
                section = line
                continue
            case "#script-on":
                current?.scripting = true
                continue
            case "#script-off":
                current?.scripting = false
                continue
            case "#xml-coercion", "#iframe-srcdoc":
                current?.otherDirectives.append(line)
                continue
            default:
                break
            }
            switch section {
            case "#data":
                dataLines.append(line)
            case "#document-fragment":
                let spec = line.trimmingCharacters(in: .whitespaces)
                if spec.hasPrefix("svg ") {
                    current?.fragmentContext = FragmentContext(localName: String(spec.dropFirst(4)), namespace: .svg)
                } else if spec.hasPrefix("math ") {
                    current?.fragmentContext = FragmentContext(localName: String(spec.dropFirst(5)), namespace: .mathML)
                } else {
                    current?.fragmentContext = FragmentContext(localName: spec)
                }
            default:
                break
            }
        }
        finish()
        return tests
    }

    /// The dump of the tree the parser builds for a test.
    static func actualDump(_ test: TreeTest, scripting: Bool) -> String {
        let options = ParseOptions(scriptingEnabled: scripting)
        let document: Document
        if let context = test.fragmentContext {
            document = Document(fragment: test.data, context: context, options: options)
        } else {
            document = Document(html: test.data, options: options)
        }
        return TreeDump.dump(document)
    }

    @Test(.enabled(if: TestData.hasHTML5Lib("tree-construction", suite: "html5lib tree construction"), "needs html5lib-tests/tree-construction: `git submodule update --init --checkout Conformance/html5lib-tests` (or ../shared/conformance/html5lib-tests)")) func html5libTreeConstructionTests() throws {
        let folder = try #require(TestData.html5lib("tree-construction"))
        let (passed, total) = try Self.run(folder: folder)
        print("html5lib tree-construction: \(passed)/\(total) passed")
        ConformanceReport.ran("html5lib tree construction", cases: total, from: folder)
        #expect(passed >= Self.passFloor, "html5lib tree-construction: \(passed)/\(total) passed, floor \(Self.passFloor)")
    }

    /// Another suite in the same format, from `TREE_CONSTRUCTION_TESTS` (a folder of `.dat` files),
    /// such as the tests of the justhtml parser, which extend html5lib's:
    ///
    /// ```sh
    /// TREE_CONSTRUCTION_TESTS=/path/to/justhtml/tests/justhtml-tests HTML5LIB_LIST_FAILURES=1 \
    ///     swift test --filter TreeConstructionConformanceTests/otherTreeConstructionTests
    /// ```
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TREE_CONSTRUCTION_TESTS"] != nil, "set TREE_CONSTRUCTION_TESTS to a folder of .dat files"))
    func otherTreeConstructionTests() throws {
        let path = try #require(ProcessInfo.processInfo.environment["TREE_CONSTRUCTION_TESTS"])
        let (passed, total) = try Self.run(folder: URL(fileURLWithPath: path), decodingEscapes: true)
        print("tree-construction tests in \(path): \(passed)/\(total) passed")
    }

    /// The lines of `text` as Python's `str.splitlines()` cuts them.
    static func pythonLines(_ text: String) -> [Substring] {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1D}", "\u{1E}", "\u{85}", "\u{2028}", "\u{2029}"]
        return text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(omittingEmptySubsequences: false, whereSeparator: { $0.unicodeScalars.count == 1 && breaks.contains($0.unicodeScalars.first!) })
    }

    /// `\xHH` and `\uHHHH` in a test's data, as justhtml's tests write control characters.
    static func decodingEscapes(_ text: String) -> String {
        guard text.contains("\\x") || text.contains("\\u") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            func code(at start: Int) -> (value: UInt32, width: Int)? {
                guard scalars[start] == "\\", start + 1 < scalars.count, scalars[start + 1] == "x" || scalars[start + 1] == "u"
                else { return nil }
                let width = scalars[start + 1] == "x" ? 2 : 4
                guard start + 2 + width <= scalars.count,
                      let value = UInt32(String(String.UnicodeScalarView(scalars[(start + 2)..<(start + 2 + width)])), radix: 16)
                else { return nil }
                return (value, 2 + width)
            }
            if let (value, width) = code(at: index) {
                if let scalar = Unicode.Scalar(value) {
                    result.append(scalar)
                    index += width
                    continue
                }
                // A surrogate pair written as two escapes (`\ud83d\ude80`).
                if value >= 0xD800, value < 0xDC00, index + width < scalars.count,
                   let (low, lowWidth) = code(at: index + width), low >= 0xDC00, low < 0xE000,
                   let scalar = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)) {
                    result.append(scalar)
                    index += width + lowWidth
                    continue
                }
            }
            result.append(scalars[index])
            index += 1
        }
        return String(result)
    }

    /// Runs every test of every `.dat` file in `folder`; lists the failures when
    /// `HTML5LIB_LIST_FAILURES` is set. Tests with directives this runner does not know are
    /// skipped (and counted in neither number).
    static func run(folder: URL, decodingEscapes: Bool = false) throws -> (passed: Int, total: Int) {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".dat") }.sorted()
        let listing = ProcessInfo.processInfo.environment["HTML5LIB_LIST_FAILURES"]
        let listFailures = listing != nil && listing != "0"
        let trace = ProcessInfo.processInfo.environment["HTML5LIB_TRACE"] != nil
        var passed = 0
        var total = 0
        var testsPassed = 0
        var tests = 0
        var failures: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            for var test in Self.parse(bytes, file: file) {
                if !test.otherDirectives.isEmpty {
                    if listFailures { print("--- skipped: \(test.file) \(test.otherDirectives.joined(separator: " ")): \(test.data.debugDescription)") }
                    continue
                }
                if decodingEscapes { test.data = Self.decodingEscapes(test.data) }
                let modes = test.scripting.map { [$0] } ?? [false, true]
                tests += 1
                let passedBefore = passed
                defer { if passed - passedBefore == modes.count { testsPassed += 1 } }
                for scripting in modes {
                    total += 1
                    if trace { print("running \(test.file): \(test.data.debugDescription)") }
                    let actual = Self.actualDump(test, scripting: scripting)
                    // justhtml's dumps went through Python's `splitlines()`, which also breaks lines
                    // at CR, VT, FF and a few others: compare as it does.
                    if actual == test.document
                        || (decodingEscapes && Self.pythonLines(actual) == Self.pythonLines(test.document)) {
                        passed += 1
                    } else if listFailures {
                        let context = test.fragmentContext.map { " (fragment: \($0.namespace) \($0.localName))" } ?? ""
                        failures.append("""
                            --- \(test.file) scripting \(scripting ? "on" : "off")\(context)
                            #data
                            \(test.data)
                            #expected
                            \(test.document)
                            #actual
                            \(actual)
                            """)
                    }
                }
            }
        }
        if listFailures {
            for failure in failures { print(failure) }
        }
        print("\(folder.lastPathComponent): \(testsPassed)/\(tests) tests pass in every scripting mode they run in")
        return (passed, total)
    }
}
