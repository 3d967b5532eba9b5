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
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".dat") }.sorted()
        let listing = ProcessInfo.processInfo.environment["HTML5LIB_LIST_FAILURES"]
        let listFailures = listing != nil && listing != "0"
        let trace = ProcessInfo.processInfo.environment["HTML5LIB_TRACE"] != nil
        var passed = 0
        var total = 0
        var failures: [String] = []
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            for test in Self.parse(bytes, file: file) {
                let modes = test.scripting.map { [$0] } ?? [false, true]
                for scripting in modes {
                    total += 1
                    if trace { print("running \(test.file): \(test.data.debugDescription)") }
                    let actual = Self.actualDump(test, scripting: scripting)
                    if actual == test.document {
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
        print("html5lib tree-construction: \(passed)/\(total) passed")
        ConformanceReport.ran("html5lib tree construction", cases: total, from: folder)
        #expect(passed >= Self.passFloor, "html5lib tree-construction: \(passed)/\(total) passed, floor \(Self.passFloor)")
    }
}
