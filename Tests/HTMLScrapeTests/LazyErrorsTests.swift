import Testing
@testable import HTMLScrape

/// `Document.errors` is worked out on first read, by parsing the kept input again with errors
/// recorded: the parse itself records none. These check that the second pass sees what the first
/// one parsed: the same input (decoded bytes included, and the input stage's own errors), the same
/// scripting flag and the same fragment context.
@Suite struct LazyErrorsTests {
    @Test func theParseRecordsNothingUntilErrorsAreRead() throws {
        let document = Document(html: "<div/><p>x</span>")
        guard case .deferred(let inputErrors) = document.errorSource else {
            Issue.record("a default parse should defer its errors")
            return
        }
        #expect(inputErrors.isEmpty)
        #expect(document.errors.map(\.code.rawValue).contains("non-void-html-element-start-tag-with-trailing-solidus"))
        #expect(document.errors.map(\.code.rawValue).contains("unexpected-end-tag"))
        // Off: nothing deferred, nothing reported.
        let off = Document(html: "<div/><p>x</span>", options: ParseOptions(collectsErrors: false))
        guard case .known(let none) = off.errorSource else {
            Issue.record("a parse without errors should know it has none")
            return
        }
        #expect(none.isEmpty)
        #expect(off.errors.isEmpty)
    }

    @Test func theSecondPassUsesTheScriptingFlag() {
        // Scripting off: `<noscript>` in the head holds markup, and a `<p>` there is an error.
        // Scripting on: its content is raw text, and there is none.
        let html = "<!DOCTYPE html><head><noscript><p>x</p></noscript></head><body></body>"
        let off = Document(html: html).errors.map(\.code.rawValue)
        let on = Document(html: html, options: ParseOptions(scriptingEnabled: true)).errors.map(\.code.rawValue)
        #expect(!off.isEmpty)
        #expect(on.isEmpty)
    }

    @Test func theSecondPassUsesTheFragmentContext() {
        // In a `<table>` context a row is where it belongs (the fragment starts "in table": an
        // implied `tbody`, then the row and its cell): no error. In a `<div>` ("in body") the row
        // and cell tags are ignored, each with an error. (A `<td>` context would not tell them apart:
        // the context element is not on the stack, so the fragment parses "in body" there too, and
        // `</td>` is an unexpected end tag in both.)
        let markup = "<tr><td>x</td></tr>"
        let inTable = Document(fragment: markup, context: FragmentContext(localName: "table"))
        let inDiv = Document(fragment: markup, context: FragmentContext(localName: "div"))
        #expect(inTable.errors.isEmpty)
        #expect(inDiv.errors.map(\.code.rawValue).count == 4)
        #expect(Set(inDiv.errors.map(\.code.rawValue)) == ["unexpected-start-tag", "unexpected-end-tag"])
        // The trees differ too: the second pass must have parsed what the first did.
        #expect(inTable.root.innerHTML == "<tbody><tr><td>x</td></tr></tbody>")
        #expect(inDiv.root.innerHTML == "x")
    }

    @Test func inputStageErrorsAndDecodedBytesAreKept() throws {
        // windows-1252 bytes: 0x81 decodes to the C1 control U+0081, an input stream error, and the
        // second pass reads the decoded input, whose offsets the line and column come from.
        let bytes: [UInt8] = Array("<!DOCTYPE html>\n<p>".utf8) + [0x61, 0x81] + Array("</b>".utf8)
        let document = Document(bytes: bytes, transportEncoding: "windows-1252")
        let codes = document.errors.map(\.code.rawValue)
        #expect(codes.contains("control-character-in-input-stream"))
        #expect(codes.contains("unexpected-end-tag"))
        let control = try #require(document.errors.first { $0.code.rawValue == "control-character-in-input-stream" })
        #expect(control.line == 2)
        #expect(control.column == 5)
    }

    @Test func errorsAreTheSameFromEveryTask() async {
        let document = Document(html: String(repeating: "<p>a</b><div/>", count: 200))
        let first = await withTaskGroup(of: [ParseError].self) { group in
            for _ in 0..<8 { group.addTask { document.errors } }
            var all: [[ParseError]] = []
            for await errors in group { all.append(errors) }
            return all
        }
        #expect(first.count == 8)
        #expect(Set(first.map(\.count)).count == 1)
        #expect(first.allSatisfy { $0 == document.errors })
        #expect(document.errors.count >= 400)
    }
}
