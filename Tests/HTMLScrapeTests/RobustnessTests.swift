import AirdateTestSupport
import Testing
@testable import HTMLScrape

/// Random and pathological input. Parsing must return, and the tree must be consistent.
@Suite(.heavy) struct RobustnessTests {
    /// Checks every link of the tree below `root` (template contents included), without recursion, and
    /// returns how many nodes it holds below `root`.
    @discardableResult
    static func checkTree(_ root: Node, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var stack: [Node] = [root]
        var count = 0
        var failures = 0
        func fail(_ message: String) {
            failures += 1
            if failures <= 5 { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
        }
        while let node = stack.popLast() {
            var previous: Node?
            for child in node.childNodes {
                count += 1
                if child.parent != node { fail("child's parent is not its parent") }
                if child.previousSibling != previous { fail("previousSibling does not match") }
                if previous == nil, node.firstChild != child { fail("firstChild does not match") }
                previous = child
                stack.append(child)
                if let content = child.element?.templateContent {
                    if content.parent != nil { fail("template contents have a parent") }
                    stack.append(content)
                }
            }
            if node.lastChild != previous { fail("lastChild does not match") }
            if previous?.nextSibling != nil { fail("last child has a next sibling") }
        }
        // The lazy walks agree (each stops at template contents, which are walked in turn).
        var walked = 0
        var roots: [Node] = [root]
        while let walkRoot = roots.popLast() {
            for node in walkRoot.descendants {
                walked += 1
                if let content = node.element?.templateContent { roots.append(content) }
            }
        }
        if walked != count {
            fail("descendants walked \(walked) nodes, links hold \(count)")
        }
        return count
    }

    /// A random mix of HTML-ish fragments, text, NULs and invalid UTF-8.
    static func randomHTMLish(_ random: inout SeededGenerator, pieces: Int) -> [UInt8] {
        let fragments = [
            "<", "</", "<!--", "-->", "<!", "<![CDATA[", "]]>", "&", "&amp;", "&#", "&#x", "&#x1F600;", "&notin",
            "<table>", "</table>", "<tr>", "<td>", "</td>", "<th>", "<caption>", "<colgroup>", "<col>", "<tbody>",
            "<svg>", "</svg>", "<math>", "<mi>", "<foreignObject>", "<desc>", "<annotation-xml encoding=text/html>",
            "<template>", "</template>", "<select>", "<option>", "<optgroup>", "<frameset>", "<frame>",
            "<b>", "</b>", "<i>", "</i>", "<a href=x>", "</a>", "<p>", "</p>", "<div>", "</div>", "<ul><li>",
            "<h1>", "<h2>", "</h1>", "<button>", "<form>", "</form>", "<nobr>", "<marquee>", "<applet>",
            "<script>", "</script>", "<style>", "</style>", "<title>", "</title>", "<textarea>", "<plaintext>",
            "<xmp>", "<iframe>", "<noscript>", "<noembed>", "<!DOCTYPE html>", "<!doctype html public \"x\">",
            "<html>", "<head>", "<body>", "</body>", "</html>", "<br/>", "</br>", "<img src=\"a\">", "<image>",
            "<input type=hidden>", "<hr>", "<meta charset=utf-8>", "<base>", "<isindex>", "<ruby><rt>",
            "\"", "'", "=", " ", "\n", "\r\n", "\r", "\t", "\0", "x", "text", "é", "日本", "🎉",
            "a=b", " c='d' ", "/>", ">", "<?php ?>", "<svg><![CDATA[x]]></svg>", "<math><mtext><table>",
        ]
        var bytes: [UInt8] = []
        for _ in 0..<pieces {
            switch random.next() % 10 {
            case 0:
                bytes.append(UInt8.random(in: 0...255, using: &random))
            case 1:
                let invalid: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0x80], [0xEF, 0xBF, 0xBE]]
                bytes.append(contentsOf: invalid[Int(random.next() % UInt64(invalid.count))])
            default:
                bytes.append(contentsOf: fragments[Int(random.next() % UInt64(fragments.count))].utf8)
            }
        }
        return bytes
    }

    @Test(.timeLimit(.minutes(10)))
    func randomHTMLishInputParsesToConsistentTrees() {
        var random = SeededGenerator(seed: 0xA1D_DA7E)
        for round in 0..<2_000 {
            let bytes = Self.randomHTMLish(&random, pieces: Int(random.next() % 60) + 1)
            let document = Document(bytes: bytes, transportEncoding: round % 3 == 0 ? "utf-8" : nil)
            Self.checkTree(document.root)
            if round % 4 == 0 {
                let fragment = Document(fragment: String(decoding: bytes, as: UTF8.self))
                Self.checkTree(fragment.root)
            }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func randomBytesParseToConsistentTrees() {
        var random = SeededGenerator(seed: 42)
        for round in 0..<2_000 {
            let count = Int(random.next() % 200)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Bias towards markup bytes some of the time.
            if round % 2 == 0 {
                let markup: [UInt8] = Array("<>/!-=&;\"' \n\r\0abtd".utf8)
                bytes = bytes.map { $0 % 3 == 0 ? markup[Int($0) % markup.count] : $0 }
            }
            let encodings = [nil, "utf-16le", "utf-16be", "iso-8859-2", "windows-1251"]
            let document = Document(bytes: bytes, transportEncoding: encodings[round % encodings.count])
            Self.checkTree(document.root)
            // Every error points inside the input.
            for error in document.errors { #expect(error.line >= 1 && error.column >= 1) }
        }
    }

    @Test func fiftyThousandUnclosedFormattingElements() {
        let document = Document(html: String(repeating: "<b><i>", count: 50_000) + "text")
        Self.checkTree(document.root)
        var b = 0
        var i = 0
        for element in document.root.descendants.lazy.compactMap(\.element) {
            if element.localName == "b" { b += 1 }
            if element.localName == "i" { i += 1 }
        }
        #expect(b == 50_000 && i == 50_000)
        #expect(document.root.textContent == "text")
    }

    @Test func fiftyThousandTablesBecomeSiblings() {
        let document = Document(html: String(repeating: "<table>", count: 50_000))
        Self.checkTree(document.root)
        let tables = Array(document.root.descendants.compactMap(\.element).filter { $0.localName == "table" })
        #expect(tables.count == 50_000)
        #expect(tables.allSatisfy { $0.parent?.localName == "body" })
    }

    @Test func deepAndWideInputScaleLinearlyInNodes() {
        // Structure, not time: the node count grows in proportion to the input.
        let small = Self.checkTree(Document(html: String(repeating: "<p><a href=x>y</a>", count: 1_000)).root)
        let large = Self.checkTree(Document(html: String(repeating: "<p><a href=x>y</a>", count: 10_000)).root)
        #expect(large <= small * 10 + 10)
        #expect(large >= small)
    }
}
