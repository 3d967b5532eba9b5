import AirdateTestSupport
import Foundation
import Testing

@testable import HTMLScrape

/// Random tag soup from the tags the tree construction rules single out, in document and fragment
/// parses: the parser must never crash or hang, and the tree it builds must have consistent links.
@Suite struct TreeBuilderFuzzTests {
    static let tags = """
        html head body table tbody thead tfoot tr td th caption col colgroup select option optgroup p div a b i \
        nobr font svg math mi mtext annotation-xml foreignObject desc title template frameset frame noscript \
        script style textarea plaintext pre listing li dd dt ul ol form button input hr image br marquee applet \
        object ruby rt rp rb rtc iframe xmp selectedcontent h1 h2 em span code s u keygen area meta link base \
        noframes noembed path g mglyph malignmark
        """.split(separator: " ").map(String.init)

    static let extras = [
        "x", " ", "\n", "\u{0}", "<!--c-->", "<!DOCTYPE html>", "<![CDATA[y]]>", "&amp;", " color=red",
        "<font color=1>", "<annotation-xml encoding=text/html>", "<input type=hidden>", "<a href=x>", "<b id=1>",
    ]

    static let contexts: [FragmentContext?] = [
        nil, nil, nil, .body, FragmentContext(localName: "tr"), FragmentContext(localName: "td"),
        FragmentContext(localName: "table"), FragmentContext(localName: "select"),
        FragmentContext(localName: "template"), FragmentContext(localName: "title"),
        FragmentContext(localName: "script"), FragmentContext(localName: "html"),
        FragmentContext(localName: "frameset"), FragmentContext(localName: "colgroup"),
        FragmentContext(localName: "path", namespace: .svg), FragmentContext(localName: "mi", namespace: .mathML),
        FragmentContext(localName: "foreignObject", namespace: .svg),
    ]

    /// Checks that every link in the tree agrees with its reverse link, without recursion.
    static func linksAreConsistent(_ document: Document) -> Bool {
        let arena = document.arena
        var roots: [Int32] = [0]
        roots.append(contentsOf: arena.templateContents.values)
        var visited = 0
        for root in roots {
            var node = root
            while node != NodeArena.none {
                visited += 1
                if visited > arena.nodes.count * 2 { return false }
                let record = arena.nodes[Int(node)]
                var child = record.firstChild
                var previous = NodeArena.none
                while child != NodeArena.none {
                    let childRecord = arena.nodes[Int(child)]
                    if childRecord.parent != node || childRecord.previousSibling != previous { return false }
                    previous = child
                    child = childRecord.nextSibling
                }
                if previous != record.lastChild { return false }
                node = arena.following(node, within: root)
            }
        }
        return true
    }

    /// The documents mode: random tag soup parsed as whole documents.
    @Test func randomTagSoupNeverBreaksTheTree() {
        run(fragments: false)
    }

    /// The fragments mode: the same soup parsed in every kind of context element.
    @Test func randomTagSoupInFragmentsNeverBreaksTheTree() {
        run(fragments: true)
    }

    /// `FUZZ_SEED`, `FUZZ_ITERATIONS` and `FUZZ_SECONDS` as in ``FuzzModesTests``.
    func run(fragments: Bool) {
        let (seed, iterations, deadline, trace) = FuzzModesTests.budget(defaultIterations: 1500)
        var random = SeededGenerator(seed: seed &+ (fragments ? 1 : 0))
        let contexts = Self.contexts.compactMap { $0 }
        var runs = 0
        while runs < iterations, deadline.map({ Date() < $0 }) ?? true {
            runs += 1
            var html = ""
            for _ in 0..<(20 + Int(random.next() % 80)) {
                switch random.next() % 4 {
                case 0: html += "</" + random.pick(Self.tags) + ">"
                case 1: html += random.pick(Self.extras)
                default: html += "<" + random.pick(Self.tags) + (random.next() % 8 == 0 ? "/>" : ">")
                }
            }
            let scripting = random.next() % 2 == 0
            let context = fragments ? random.pick(contexts) : nil
            let options = ParseOptions(scriptingEnabled: scripting)
            if trace {
                print("fuzz \(String(describing: context)) scripting \(scripting): \(html.debugDescription)")
            }
            let document = context.map { Document(fragment: html, context: $0, options: options) }
                ?? Document(html: html, options: options)
            #expect(Self.linksAreConsistent(document), "\(html.debugDescription) in \(String(describing: context))")
        }
        print("\(fragments ? "fragments" : "documents") fuzz: \(runs) inputs, seed \(seed)")
    }
}
