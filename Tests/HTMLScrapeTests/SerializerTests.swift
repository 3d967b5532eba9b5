import Testing
@testable import HTMLScrape

/// Serialisation tests on trees built straight in the arena, so they hold whatever the parser does.
@Suite struct SerializerTests {
    private struct Builder {
        var arena = NodeArena()

        mutating func element(_ name: LocalName, _ ns: Namespace = .html, in parent: Int32,
                              attributes: [(LocalName, Namespace, String)] = []) -> Int32 {
            let node = arena.createElement(name, namespace: ns)
            for (attrName, attrNS, value) in attributes {
                Array(value.utf8).withUnsafeBufferPointer {
                    arena.appendAttribute(to: node, name: attrName, namespace: attrNS, value: $0)
                }
            }
            arena.append(node, to: parent)
            return node
        }

        mutating func text(_ text: String, in parent: Int32) {
            Array(text.utf8).withUnsafeBufferPointer { arena.appendText($0, to: parent) }
        }

        mutating func comment(_ text: String, in parent: Int32) {
            let node = Array(text.utf8).withUnsafeBufferPointer { arena.createComment($0) }
            arena.append(node, to: parent)
        }

        func document(scripting: Bool = false) -> Document {
            Document(arena: arena, errors: [], quirksMode: .noQuirks, encoding: .utf8, scriptingEnabled: scripting)
        }
    }

    @Test func writesElementsAttributesTextAndComments() {
        var b = Builder()
        let div = b.element(.div, in: 0, attributes: [(.class, .none, "a \"b\" <c> & d")])
        b.text("1 < 2 & 3 > 2 \u{A0}\"q\"", in: div)
        b.comment(" note ", in: div)
        let br = b.element(.br, in: div)
        b.text("after", in: br)  // a void element's children are never written
        let doc = b.document()
        #expect(doc.root.innerHTML ==
            "<div class=\"a &quot;b&quot; &lt;c&gt; &amp; d\">1 &lt; 2 &amp; 3 &gt; 2 &nbsp;\"q\"<!-- note --><br></div>")
        let divNode = Node(document: doc, index: div)
        #expect(divNode.innerHTML == "1 &lt; 2 &amp; 3 &gt; 2 &nbsp;\"q\"<!-- note --><br>")
    }

    @Test func rawTextElementsAreNotEscapedAndNoscriptDependsOnScripting() {
        var b = Builder()
        let script = b.element(.script, in: 0)
        b.text("if (a < b && c) {}", in: script)
        let noscript = b.element(.noscript, in: 0)
        b.text("<b>", in: noscript)
        #expect(b.document(scripting: false).root.innerHTML ==
            "<script>if (a < b && c) {}</script><noscript>&lt;b&gt;</noscript>")
        #expect(b.document(scripting: true).root.innerHTML ==
            "<script>if (a < b && c) {}</script><noscript><b></noscript>")
    }

    @Test func foreignElementsGetEndTagsAndPrefixedAttributes() {
        var b = Builder()
        let svg = b.element(.svg, .svg, in: 0, attributes: [
            (.xmlns, .xmlns, "http://www.w3.org/2000/svg"),
            (.xlink, .xmlns, "http://www.w3.org/1999/xlink"),
        ])
        _ = b.element(.use, .svg, in: svg, attributes: [(.href, .xlink, "#a"), (.lang, .xml, "en")])
        _ = b.element(.foreignObject, .svg, in: svg)
        #expect(b.document().root.innerHTML ==
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
            + "<use xlink:href=\"#a\" xml:lang=\"en\"></use><foreignObject></foreignObject></svg>")
    }

    @Test func templateContentsAreWrittenInPlace() {
        var b = Builder()
        let template = b.element(.template, in: 0)
        let content = b.arena.templateContent(of: template)
        let li = b.element(.li, in: content)
        b.text("x", in: li)
        let doc = b.document()
        #expect(doc.root.innerHTML == "<template><li>x</li></template>")
        let templateElement = Node(document: doc, index: template).element!
        #expect(templateElement.innerHTML == "<li>x</li>")
        #expect(templateElement.templateContent?.outerHTML == "<li>x</li>")
    }

    @Test func outerHTMLOfAnElementIncludesItself() {
        var b = Builder()
        let ul = b.element(.ul, in: 0)
        let li = b.element(.li, in: ul)
        b.text("one", in: li)
        _ = b.element(.li, in: ul)
        let doc = b.document()
        #expect(Node(document: doc, index: li).outerHTML == "<li>one</li>")
        #expect(Node(document: doc, index: ul).outerHTML == "<ul><li>one</li><li></li></ul>")
    }

    @Test func aMillionNestedElementsSerialise() async throws {
        let (length, framed) = try await runOnOwnThread { () -> (Int, Bool) in
            var b = Builder()
            var parent: Int32 = 0
            for _ in 0..<1_000_000 { parent = b.element(.b, in: parent) }
            let html = b.document().root.innerHTML
            return (html.utf8.count, html.hasPrefix("<b><b>") && html.hasSuffix("</b></b>"))
        }
        #expect(length == 1_000_000 * ("<b>".utf8.count + "</b>".utf8.count))
        #expect(framed)
    }

    /// What the parser builds from these parses back to itself: the serialisation is stable after one
    /// round (the classes the round-trip fuzzer found).
    @Test func parsedTreesRoundTripInOneRound() {
        func once(_ html: String, context: FragmentContext? = nil, scripting: Bool = false) -> (String, String) {
            let options = ParseOptions(scriptingEnabled: scripting)
            func parse(_ text: String) -> Document {
                context.map { Document(fragment: text, context: $0, options: options) } ?? Document(html: text, options: options)
            }
            let first = parse(html).root.innerHTML
            return (first, parse(first).root.innerHTML)
        }
        // Nothing after `<plaintext>` gets an end tag: a parser reads it all as the element's text.
        let plain = once("<p>a<plaintext>b</plaintext>&amp;<i>")
        #expect(plain.0 == "<html><head></head><body><p>a</p><plaintext>b</plaintext>&amp;<i>")
        #expect(plain.0 == plain.1)
        // Including in a template in the head, where the body is made up after it.
        let inTemplate = once("<template><plaintext>x</template><p>")
        #expect(inTemplate.0 == "<html><head><template><plaintext>x</template><p>")
        #expect(inTemplate.0 == inTemplate.1)
        // In a fragment of a raw-text element, the text is that element's text, written as is.
        for name in ["script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"] {
            let raw = once("a&amp;<b>", context: FragmentContext(localName: name))
            #expect(raw.0 == "a&amp;<b>", "\(name)")
            #expect(raw.0 == raw.1, "\(name)")
        }
        #expect(once("a&amp;<b>", context: FragmentContext(localName: "noscript"), scripting: true).0 == "a&amp;<b>")
        #expect(once("a&amp;<b>", context: FragmentContext(localName: "title")).0 == "a&amp;&lt;b&gt;")
        // A script left double-escaped by `<!--<script>` ran to the end: no `</script>` after it.
        let script = once("<script><!--<script>x")
        #expect(script.0 == "<html><head><script><!--<script>x")
        #expect(script.0 == script.1)
        #expect(once("<script><!--<script>x</script>y").0 == "<html><head><script><!--<script>x</script>y</script></head><body></body></html>")
        #expect(HTMLSerializer.leavesScriptDataDoubleEscaped(Array("<!--<script>".utf8)[...]))
        #expect(!HTMLSerializer.leavesScriptDataDoubleEscaped(Array("<!--<script></script>".utf8)[...]))
        #expect(!HTMLSerializer.leavesScriptDataDoubleEscaped(Array("<!--<scripts>".utf8)[...]))
        #expect(HTMLSerializer.leavesScriptDataDoubleEscaped(Array("<!-- <SCRIPT/>--".utf8)[...]))
        #expect(!HTMLSerializer.leavesScriptDataDoubleEscaped(Array("<!--<script>-->".utf8)[...]))
    }
}
