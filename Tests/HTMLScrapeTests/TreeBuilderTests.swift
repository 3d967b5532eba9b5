import Foundation
import Testing

@testable import HTMLScrape

/// Hand-written trees for the tree construction rules that are easiest to get wrong, and the
/// pathological inputs that must stay linear and never recurse. Expected trees were derived from the
/// WHATWG spec by hand.
@Suite struct TreeBuilderTests {
    private func dump(_ html: String) -> String {
        TreeDump.dump(Document(html: "<!DOCTYPE html>" + html))
    }

    private func expected(_ lines: String...) -> String {
        (["| <!DOCTYPE html>", "| <html>", "|   <head>", "|   <body>"] + lines).joined(separator: "\n")
    }

    @Test func valuesAndTextShareTheInputOnlyWhereTheyAreUnchanged() {
        // Plain quoted values and text point into the input; values with references, unquoted or
        // NUL-carrying values, duplicates and text joined across ignored tags are written apart.
        // Each kind must read back exactly.
        let document = Document(html: """
            <p title="plain" data-a="x&amp;y" data-b=unquoted data-c='it&#39;s' title="dropped" data-d="">\
            one</div>two&lt;three</p><p>\u{0}x</p>
            """)
        let paragraphs = document.root.descendants.compactMap(\.element).filter { $0.localName == "p" }
        #expect(paragraphs.count == 2)
        let first = paragraphs[0]
        #expect(first.attributes.map(\.name) == ["title", "data-a", "data-b", "data-c", "data-d"])
        #expect(first.attribute("title") == "plain")
        #expect(first.attribute("data-a") == "x&y")
        #expect(first.attribute("data-b") == "unquoted")
        #expect(first.attribute("data-c") == "it's")
        #expect(first.attribute("data-d") == "")
        #expect(Array(first.node.childNodes).count == 1)
        #expect(first.node.firstChild?.data == "onetwo<three")
        #expect(paragraphs[1].node.firstChild?.data == "x")
        #expect(document.arena.ownBytesInUse < 40)
    }

    @Test func adoptionAgencyMovesTheParagraphOutOfTheLink() {
        // </a> with a furthest block (p): p moves to body, a clone of <a> wraps p's children, and the
        // second pass of the outer loop pops that clone, so "y" lands in p.
        #expect(dump("<a><p>x</a>y") == expected(
            "|     <a>",
            "|     <p>",
            "|       <a>",
            "|         \"x\"",
            "|       \"y\""))
    }

    @Test func adoptionAgencyReopensMisnestedFormatting() {
        // <b><i></b>: i is not special, so </b> pops b and i; "z" reopens i (reconstruction).
        #expect(dump("<b>x<i>y</b>z") == expected(
            "|     <b>",
            "|       \"x\"",
            "|       <i>",
            "|         \"y\"",
            "|     <i>",
            "|       \"z\""))
    }

    @Test func fosterParentsTextAndElementsBeforeTheTable() {
        #expect(dump("<table>a<b>c</b><tr><td>d</td></tr></table>") == expected(
            "|     \"a\"",
            "|     <b>",
            "|       \"c\"",
            "|     <table>",
            "|       <tbody>",
            "|         <tr>",
            "|           <td>",
            "|             \"d\""))
    }

    @Test func whitespaceInTablesStaysInTheTable() {
        #expect(dump("<table> <tr> </tr></table>") == expected(
            "|     <table>",
            "|       \" \"",
            "|       <tbody>",
            "|         <tr>",
            "|           \" \""))
    }

    @Test func tableWhitespaceFollowedByTextAfterANullIsFosterParentedWithIt() {
        // "in table text" collects "  ", drops the U+0000 and collects " x": the run holds text,
        // so all of it, the leading spaces included, goes before the table. (Without a U+0000 the
        // spaces would have been a run of their own and stayed in the table.)
        #expect(dump("<table>  \u{0} x<tr></tr></table>") == expected(
            "|     \"   x\"",
            "|     <table>",
            "|       <tbody>",
            "|         <tr>"))
        #expect(dump("<table>  <tr> \n </tr>\n</table>") == expected(
            "|     <table>",
            "|       \"  \"",
            "|       <tbody>",
            "|         <tr>",
            "|           \" \n \"",
            "|         \"\n\""))
    }

    @Test func templateInsideATableKeepsItsRowsInItsContents() {
        #expect(dump("<table><template><tr><td>x</td></tr></template></table>") == expected(
            "|     <table>",
            "|       <template>",
            "|         content",
            "|           <tr>",
            "|             <td>",
            "|               \"x\""))
    }

    @Test func foreignContentFixesNamesAndBreaksOut() {
        #expect(dump("<svg viewbox='0 0 1 1' xlink:href=a><foreignobject><p>x</p></foreignobject></svg><math definitionurl=u><mi>y</mi></math>") == expected(
            "|     <svg svg>",
            "|       viewBox=\"0 0 1 1\"",
            "|       xlink href=\"a\"",
            "|       <svg foreignObject>",
            "|         <p>",
            "|           \"x\"",
            "|     <math math>",
            "|       definitionURL=\"u\"",
            "|       <math mi>",
            "|         \"y\""))
    }

    @Test func fragmentInATableRowContext() {
        // The context `tr` is not on the stack: after </td>, the current node is the fragment's html
        // root, so "x" is not table text and is inserted (no table to foster-parent from).
        let document = Document(fragment: "<td>a</td>x", context: FragmentContext(localName: "tr"))
        #expect(TreeDump.dump(document) == ["| <td>", "|   \"a\"", "| \"x\""].joined(separator: "\n"))
    }

    @Test func leadingNewlineAfterPreIsDropped() {
        #expect(dump("<pre>\n\nx</pre>") == expected("|     <pre>", "|       \"\nx\""))
    }

    @Test func recordsTreeConstructionErrors() {
        let codes = Document(html: "<div/><p>x</span>").errors.map(\.code.rawValue)
        #expect(codes.contains("missing-doctype"))
        #expect(codes.contains("non-void-html-element-start-tag-with-trailing-solidus"))
        #expect(codes.contains("unexpected-end-tag"))
        #expect(Document(html: "<!DOCTYPE html><p>x</p>").errors.isEmpty)
    }

    @Test func everyRecordedCodeHasItsOwnSpelling() {
        // The one-byte codes the parser records map to the public codes: no two share a spelling,
        // and each is spelled the spec's way (lower case, words joined by hyphens).
        let spellings = ErrorCode.allCases.map(\.publicCode.rawValue)
        #expect(Set(spellings).count == ErrorCode.allCases.count)
        for spelling in spellings {
            #expect(spelling.allSatisfy { $0 == "-" || ("a"..."z").contains($0) }, "\(spelling)")
        }
        #expect(ErrorCode.eofInTag.publicCode.rawValue == "eof-in-tag")
        #expect(ErrorCode.unexpectedEndTag.publicCode.rawValue == "unexpected-end-tag")
    }

    @Test func quirksModeComesFromTheDoctype() {
        #expect(Document(html: "<p>").quirksMode == .quirks)
        #expect(Document(html: "<!DOCTYPE html>").quirksMode == .noQuirks)
        #expect(Document(html: "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Transitional//EN\" \"x\">").quirksMode == .limitedQuirks)
        #expect(Document(html: "<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">").quirksMode == .quirks)
    }

    // MARK: Pathological inputs

    @Test func millionNestedDivsParseWalkAndFreeWithoutRecursion() async throws {
        let count = 1_000_000
        let (divs, depth) = try await runOnOwnThread { () -> (Int, Int) in
            let document = Document(html: String(repeating: "<div>", count: count), options: ParseOptions(collectsErrors: false))
            var divs = 0
            var deepest: Node?
            for node in document.root.descendants where node.element?.localName == "div" {
                divs += 1
                deepest = node
            }
            var depth = 0
            var current = deepest
            while let parent = current?.parent {
                depth += 1
                current = parent
            }
            return (divs, depth)
            // The document is freed here; freeing must not recurse either.
        }
        #expect(divs == count)
        #expect(depth == count + 2)  // divs, body, html, then the document
    }

    @Test func fiftyThousandUnclosedFormattingElementsStayLinear() {
        let html = String(repeating: "<b><i>", count: 50_000) + "x"
        let start = ContinuousClock.now
        let document = Document(html: html, options: ParseOptions(collectsErrors: false))
        #expect(document.root.descendants.count { $0.element?.localName == "b" } == 50_000)
        print("50,000 unclosed <b><i>: \(ContinuousClock.now - start)")
    }

    @Test func fiftyThousandNestedTablesStayLinear() {
        let start = ContinuousClock.now
        let flat = Document(html: String(repeating: "<table>", count: 50_000))
        // Each <table> in table mode closes the open one: they end up side by side.
        #expect(flat.body?.children.count { $0.localName == "table" } == 50_000)
        let nested = Document(html: String(repeating: "<table><tr><td>", count: 50_000) + "x")
        #expect(nested.root.descendants.count { $0.element?.localName == "td" } == 50_000)
        print("50,000 <table> + 50,000 nested <table><tr><td>: \(ContinuousClock.now - start)")
    }

    @Test func repeatedFosterParentedTextStaysLinear() {
        // Every "x" is foster-parented into the one text node before the table, while each <tr a=b>
        // adds attribute bytes after it: the text node must not be copied on every extension.
        let count = 100_000
        let start = ContinuousClock.now
        let document = Document(html: "<table>" + String(repeating: "x<tr a=b>", count: count))
        let body = document.body?.node
        #expect(body?.firstChild?.data == String(repeating: "x", count: count))
        #expect(document.root.descendants.count { $0.element?.localName == "tr" } == count)
        // The arena's own bytes in use stay linear; the storage (room to append into) is at most twice that.
        #expect(document.arena.ownBytesInUse < 8 * count)
        #expect(document.arena.ownBytesStorage <= max(2 * document.arena.ownBytesInUse, 1 << 16))
        print("100,000 foster-parented x<tr a=b>: \(ContinuousClock.now - start)")
    }

    @Test func misnestedFormattingInDeepStacksStaysBounded() {
        let html = String(repeating: "<a><div>", count: 20_000) + String(repeating: "</a>", count: 20_000)
        let start = ContinuousClock.now
        let document = Document(html: html, options: ParseOptions(collectsErrors: false))
        #expect(document.body != nil)
        print("20,000 <a><div> then </a>: \(ContinuousClock.now - start)")
    }

    @Test func nullCharactersInTableTextLeaveNoEmptyTextNode() {
        // "in table text" drops U+0000 (a parse error); with nothing left, nothing is inserted.
        #expect(dump("<table>\u{0}</table>") == expected("|     <table>"))
        #expect(dump("<table>\u{0} </table>") == expected("|     <table>", "|       \" \""))
        let table = Document(html: "<table>\u{0}</table>").root.descendants.first { $0.element?.localName == "table" }
        #expect(table?.childNodes.isEmpty == true)
    }

    @Test func emptyTemplateHasAnEmptyContentFragment() throws {
        let document = Document(html: "<template id=t></template><template id=u><p>x</template>")
        let empty = try #require(try document.selectFirst("#t"))
        let content = try #require(empty.templateContent)
        #expect(content.kind == .documentFragment)
        #expect(content.childNodes.isEmpty)
        let full = try #require(try document.selectFirst("#u")?.templateContent)
        #expect(Array(full.childNodes).count == 1)
        // A non-template element still has none.
        #expect(try document.selectFirst("head")?.templateContent == nil)
    }

    @Test func anOpenSelectBoundsTheDefaultScope() {
        // The 2025 select parsing puts `select` in the list of elements that end the default scope
        // (so `<div><select></div><option>`, common on real pages, keeps its options): an end tag
        // of an element outside the select is ignored and what follows stays in the select.
        #expect(dump("<div><select></div>text") == expected(
            "|     <div>",
            "|       <select>",
            "|         \"text\""))
        #expect(dump("<div><select></div><option>a") == expected(
            "|     <div>",
            "|       <select>",
            "|         <option>",
            "|           \"a\""))
        // </html> (and </body>) need a body in scope: with a select open they are ignored, so the
        // comment lands in the select, not after the document.
        #expect(dump("<select></html><!--c-->") == expected(
            "|     <select>",
            "|       <!-- c -->"))
        #expect(dump("<select></body>x") == expected(
            "|     <select>",
            "|       \"x\""))
        // An element opened inside the select still closes.
        #expect(dump("<select><div></div>x") == expected(
            "|     <select>",
            "|       <div>",
            "|       \"x\""))
        // After </select> the outer element closes as usual.
        #expect(dump("<div><select></select></div>x") == expected(
            "|     <div>",
            "|       <select>",
            "|     \"x\""))
    }

    @Test func aClosedSelectLeavesNoFormattingBehind() {
        // A select pushes no marker onto the active formatting elements: one would outlive the
        // select, hide the formatting element around it from its own end tag, and bring that
        // element back after an enclosing object or template closed.
        #expect(dump("<object><div>x<u>a<select></select></u></div></object>z") == expected(
            "|     <object>",
            "|       <div>",
            "|         \"x\"",
            "|         <u>",
            "|           \"a\"",
            "|           <select>",
            "|     \"z\""))
        #expect(dump("<b>t<select><option>o</option></select></b><p>x") == expected(
            "|     <b>",
            "|       \"t\"",
            "|       <select>",
            "|         <option>",
            "|           \"o\"",
            "|     <p>",
            "|       \"x\""))
    }

    @Test func selectedContentInsideAnOptionIsDisabled() {
        // HTML "selectedcontent" post-connection steps: one inside an option (or another
        // selectedcontent, or a nested select) is disabled and never receives a copy, so the tree
        // survives serialise → parse unchanged instead of nesting a copy of itself each round.
        let html = "<select><option><selectedcontent></selectedcontent>X</option></select>"
        var document = Document(html: html)
        let first = TreeDump.dump(document)
        #expect(first.contains("<selectedcontent>"))
        #expect(!first.contains("<selectedcontent>\n|           <selectedcontent>"))
        for _ in 0..<3 {
            document = Document(html: document.root.innerHTML)
            #expect(TreeDump.dump(document) == first)
        }
        let unclosed = Document(html: "<select><option><selectedcontent>")
        #expect(Document(html: unclosed.root.innerHTML).root.innerHTML == unclosed.root.innerHTML)
        // The enabled one (in the select's button) still gets the selected option's contents.
        #expect(dump("<select><button><selectedcontent></button><option>X</select>") == expected(
            "|     <select>", "|       <button>", "|         <selectedcontent>", "|           \"X\"",
            "|       <option>", "|         \"X\""))
    }

    @Test func leadingByteOrderMarkInAStringIsContent() throws {
        // A String is decoded text: U+FEFF is a character before the doctype (quirks mode), as
        // DOMParser treats it. Bytes are decoded with the mark taken as a marker and dropped.
        let fromString = Document(html: "\u{FEFF}<!DOCTYPE html><p>x")
        #expect(fromString.quirksMode == .quirks)
        #expect(fromString.body?.node.firstChild?.data == "\u{FEFF}")
        let fromBytes = Document(bytes: [0xEF, 0xBB, 0xBF] + Array("<!DOCTYPE html><p>x".utf8))
        #expect(fromBytes.quirksMode == .noQuirks)
        #expect(try fromBytes.selectFirst("body")?.text == "x")
        #expect(fromBytes.body?.node.firstChild?.element?.localName == "p")
    }
}

extension TreeBuilderTests {
    @Test func misnestedFormattingOverManyBlocksStaysLinear() {
        // `<a>` + N `<div>` + N `</a>`: every `</a>` runs the adoption agency with the `a` deep below
        // N open divs. Each run moves the `a` one div up; finding it, checking its scope and moving it
        // must not scan or shift the whole stack (that was quadratic: 3.6 s for N = 40,000).
        for count in [100, 20_000] {
            let html = "<a>" + String(repeating: "<div>", count: count) + String(repeating: "</a>", count: count)
            let start = ContinuousClock.now
            let document = Document(html: html, options: ParseOptions(collectsErrors: false))
            let elements = document.root.descendants.compactMap(\.element)
            #expect(elements.count { $0.localName == "div" } == count)
            #expect(elements.count { $0.localName == "a" } == count + 1)
            // The spec's shape (html5lib agrees): body and each div hold an empty `a` clone then the
            // next div; the innermost div holds the last `a`.
            var level = document.body
            var levels = 0
            while let parent = level, parent.children.map(\.localName) == ["a", "div"] {
                level = Array(parent.children).last
                levels += 1
            }
            #expect(levels == count)
            #expect(level?.children.map(\.localName) == ["a"])
            print("<a> + \(count) <div> + \(count) </a>: \(ContinuousClock.now - start)")
        }
    }
}

extension TreeBuilderTests {
    @Test func noahsArkCountsSurviveRebuilds() {
        // The Noah's Ark counts against a dictionary, through many rebuilds of the table (distinct
        // keys coming and going, as links with different `href`s do).
        var counts = KeyCounts()
        var reference: [UInt64: Int32] = [:]
        var state: UInt64 = 0x1234_5678
        for step in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = (state >> 33) % 700
            if step % 3 == 2, let count = reference[key], count > 0 {
                counts.decrement(key)
                reference[key] = count - 1
            } else {
                counts.increment(key)
                reference[key, default: 0] += 1
            }
        }
        for key in 0..<UInt64(800) {
            #expect(counts.count(of: key) == reference[key] ?? 0, "key \(key)")
        }
        // The parser's use: a fourth identical unclosed <b> drops the earliest of the three.
        #expect(dump("<p><b x=1><b x=1><b x=1><b x=1><b x=2></p>z").components(separatedBy: "<b>").count - 1 == 5 + 4)
    }

    /// Table tags in a template after head content (`title`, `base`, `noframes`, `script`): the
    /// "in template" mode hands those to the "in head" rules and comes back (a raw-text element's
    /// original insertion mode is "in template"), so `tbody`, `tr` and `td` switch the template to
    /// its table modes as they would first thing — as html5lib's `<template><script>…</script><td>`
    /// case and Chromium's tree builder have it. (justhtml's own tests drop them.)
    @Test func tableTagsAfterHeadContentInATemplate() {
        func content(_ html: String) -> [String] {
            let lines = dump(html).split(separator: "\n").map(String.init)
            guard let start = lines.firstIndex(of: "|       content") else { return [] }
            return lines[(start + 1)...].prefix { $0.hasPrefix("|         ") }.map { String($0.dropFirst(10)) }
        }
        #expect(content("<template><title>x</title><tbody></template>") == ["<title>", "  \"x\"", "<tbody>"])
        #expect(content("<template><title>x</title><tr></template>") == ["<title>", "  \"x\"", "<tr>"])
        #expect(content("<template><title>x</title><td>x</template>") == ["<title>", "  \"x\"", "<td>", "  \"x\""])
        #expect(content("<template><base><tbody></template>") == ["<base>", "<tbody>"])
        #expect(content("<template><noframes></noframes><td>x</template>") == ["<noframes>", "<td>", "  \"x\""])
        #expect(content("<template><script></script><td></td></template>") == ["<script>", "<td>"])
        // A form start tag in a template's table modes is ignored (a template is on the stack).
        #expect(content("<template><tr><form>V") == ["<tr>", "\"V\""])
    }

    /// `<?…>` is a bogus comment (WHATWG HTML §13.2.5.6, `unexpected-question-mark-instead-of-tag-name`)
    /// in documents and in fragments of every kind of context, foreign ones included.
    @Test func processingInstructionsAreBogusCommentsInFragments() {
        for context in [FragmentContext.body, FragmentContext(localName: "div"), FragmentContext(localName: "template"),
                        FragmentContext(localName: "table"), FragmentContext(localName: "svg", namespace: .svg),
                        FragmentContext(localName: "math", namespace: .mathML)] {
            let fragment = Document(fragment: "a<?pi x?>b<?x", context: context)
            #expect(TreeDump.dump(fragment) == ["| \"a\"", "| <!-- ?pi x? -->", "| \"b\"", "| <!-- ?x -->"].joined(separator: "\n"),
                    "\(context.localName)")
        }
        #expect(TreeDump.dump(Document(html: "<?xml version='1.0'?><p>")).hasPrefix("| <!-- ?xml version='1.0'? -->"))
    }
}
