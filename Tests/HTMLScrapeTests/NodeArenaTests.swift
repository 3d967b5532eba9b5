import Testing
@testable import HTMLScrape

@Suite struct NodeArenaTests {
    private func text(_ arena: NodeArena, _ node: Int32) -> String { arena.string(of: node) }

    private func children(_ arena: NodeArena, _ parent: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = arena.nodes[Int(parent)].firstChild
        while child != NodeArena.none {
            result.append(child)
            child = arena.nodes[Int(child)].nextSibling
        }
        return result
    }

    @Test func appendInsertDetachKeepLinksConsistent() {
        var arena = NodeArena()
        let a = arena.createElement(.div, namespace: .html)
        let b = arena.createElement(.p, namespace: .html)
        let c = arena.createElement(.span, namespace: .html)
        arena.append(a, to: 0)
        arena.append(c, to: 0)
        arena.insert(b, into: 0, before: c)
        #expect(children(arena, 0) == [a, b, c])
        arena.detach(b)
        #expect(children(arena, 0) == [a, c])
        #expect(arena.nodes[Int(c)].previousSibling == a)
        arena.detach(a)
        #expect(arena.nodes[0].firstChild == c)
        arena.detach(c)
        #expect(arena.nodes[0].firstChild == NodeArena.none && arena.nodes[0].lastChild == NodeArena.none)
    }

    @Test func adjacentTextMergesEvenWhenItsBytesAreNotLast() {
        var arena = NodeArena()
        let div = arena.createElement(.div, namespace: .html)
        arena.append(div, to: 0)
        Array("one ".utf8).withUnsafeBufferPointer { arena.appendText($0, to: div) }
        // Bytes of another node land in between.
        _ = Array("x".utf8).withUnsafeBufferPointer { arena.createComment($0) }
        Array("two".utf8).withUnsafeBufferPointer { arena.appendText($0, to: div) }
        let kids = children(arena, div)
        #expect(kids.count == 1)
        #expect(text(arena, kids[0]) == "one two")
    }

    @Test func textInsertedBeforeAReferenceMergesWithThePreviousText() {
        var arena = NodeArena()
        let table = arena.createElement(.table, namespace: .html)
        Array("a".utf8).withUnsafeBufferPointer { arena.appendText($0, to: 0) }
        arena.append(table, to: 0)
        Array("b".utf8).withUnsafeBufferPointer {
            arena.insertText($0[...], input: UnsafeBufferPointer(start: nil, count: 0), into: 0, before: table)
        }
        let kids = children(arena, 0)
        #expect(kids.count == 2)
        #expect(text(arena, kids[0]) == "ab")
        #expect(kids[1] == table)
    }

    @Test func textAndValuesFromTheSourceAreNotCopiedAndGrowByMoving() {
        let input = Array("<p title=\"hello\">one</p>two".utf8)
        var arena = NodeArena(expectedBytes: input.count, source: input)
        let p = arena.createElement(.p, namespace: .html)
        arena.append(p, to: 0)
        arena.appendAttribute(to: p, name: .title, namespace: .none, sourceStart: 10, count: 5)
        input.withUnsafeBufferPointer { buffer in
            arena.insertText(buffer[17..<20], input: buffer, into: p, before: NodeArena.none)
        }
        // Both point into the source: the arena wrote nothing of its own.
        #expect(arena.ownBytesInUse == 0)
        let title = arena.attributes[0]
        #expect(String(decoding: arena.bytes(start: title.valueStart, count: title.valueCount), as: UTF8.self) == "hello")
        let text = arena.nodes[Int(p)].firstChild
        #expect(arena.string(of: text) == "one")
        #expect(arena.nodes[Int(text)].dataStart == 17)
        // Text that joins a source run cannot grow in place (the input goes on): the run moves to
        // the arena's own bytes, and a copy from another buffer lands there as well.
        input.withUnsafeBufferPointer { buffer in
            arena.insertText(buffer[24..<27], input: buffer, into: p, before: NodeArena.none)
        }
        Array("!".utf8).withUnsafeBufferPointer {
            arena.insertText($0[...], input: UnsafeBufferPointer(start: nil, count: 0), into: p, before: NodeArena.none)
        }
        #expect(children(arena, p) == [text])
        #expect(arena.string(of: text) == "onetwo!")
        #expect(Int(arena.nodes[Int(text)].dataStart) >= input.count)
        // The source itself is untouched.
        #expect(String(decoding: arena.bytes(start: 0, count: UInt32(input.count)), as: UTF8.self)
            == "<p title=\"hello\">one</p>two")
    }

    @Test func addAttributeIfMissingKeepsExistingValuesAndContiguity() {
        var arena = NodeArena()
        let html = arena.createElement(.html, namespace: .html)
        Array("en".utf8).withUnsafeBufferPointer {
            arena.appendAttribute(to: html, name: .lang, namespace: .none, value: $0)
        }
        let body = arena.createElement(.body, namespace: .html)
        Array("x".utf8).withUnsafeBufferPointer {
            arena.appendAttribute(to: body, name: .class, namespace: .none, value: $0)
        }
        Array("fr".utf8).withUnsafeBufferPointer {
            arena.addAttributeIfMissing(to: html, name: .lang, namespace: .none, value: $0)
        }
        Array("main".utf8).withUnsafeBufferPointer {
            arena.addAttributeIfMissing(to: html, name: .id, namespace: .none, value: $0)
        }
        let record = arena.nodes[Int(html)]
        #expect(record.dataCount == 2)
        let attrs = arena.attributes[Int(record.dataStart)..<Int(record.dataStart + record.dataCount)]
        #expect(attrs.map(\.name) == [.lang, .id])
        let lang = attrs.first!
        #expect(String(decoding: arena.bytes(start: lang.valueStart, count: lang.valueCount), as: UTF8.self) == "en")
        // The body's attribute is untouched by the move.
        let bodyAttr = arena.attributes[Int(arena.nodes[Int(body)].dataStart)]
        #expect(bodyAttr.name == .class)
    }

    @Test func generatedTagSetsHoldTheSpecsNames() {
        // The sets are literal bit words (Scripts/generate-tag-sets.py); built here from names, as
        // the spec lists them, they must come out the same.
        #expect(TagSets.formatting == NameSet(
            .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u))
        #expect(TagSets.impliedEndTags == NameSet(.dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc))
        #expect(TagSets.impliedEndTagsThoroughly == NameSet(
            .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc,
            .caption, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr))
        #expect(TagSets.mathMLScope == NameSet(.mi, .mo, .mn, .ms, .mtext, .annotationXml))
        #expect(TagSets.svgHTMLIntegration == NameSet(.foreignObject, .desc, .title))
        // `select` bounds the default scope since the 2025 select parsing.
        #expect(TagSets.buttonScope == NameSet(
            .applet, .caption, .html, .table, .td, .th, .marquee, .object, .select, .template, .button))
        #expect(TagSets.special.contains(.xmp) && TagSets.special.contains(.address))
        #expect(!TagSets.special.contains(.span) && !TagSets.special.contains(.a))
        #expect(TagSets.special != TagSets.formatting)
    }

    @Test func namesInternOnceAndKnownNamesKeepTheirIds() {
        var names = NameTable()
        #expect(names.lookup("div") == .div)
        #expect(names.lookup("foreignObject") == .foreignObject)
        let custom = names.intern("my-element")
        #expect(custom.id >= LocalName.knownCount)
        #expect(names.intern("my-element") == custom)
        #expect(names.spelling(of: custom) == "my-element")
        for i in 0..<5000 { _ = names.intern("x\(i)") }
        #expect(names.lookup("x4999") != nil)
        #expect(names.lookup("my-element") == custom)
        #expect(Array(names.utf8(of: custom)) == Array("my-element".utf8))
        #expect(names.spelling(of: .div) == "div" && Array(names.utf8(of: .foreignObject)) == Array("foreignObject".utf8))
        // Added names belong to one table: another numbers its own from the same first id.
        var other = NameTable()
        #expect(other.lookup("my-element") == nil && other.lookup("x4999") == nil)
        let otherName = other.intern("other-name")
        #expect(otherName == custom)
        #expect(other.lookup("div") == .div && other.spelling(of: otherName) == "other-name")
        #expect(names.lookup("other-name") == nil)
        // The lower-case spellings of SVG's mixed-case names have the same id in every table.
        let lower = names.intern("foreignobject")
        #expect(lower.id >= LocalName.knownCount && lower.id < custom.id && other.lookup("foreignobject") == lower)
        #expect(names.spelling(of: lower) == "foreignobject")
    }

    @Test func nameSetsHoldOnlyTheirMembers() {
        let set = NameSet(.td, .th, .tr)
        #expect(set.contains(.td) && set.contains(.th) && set.contains(.tr))
        #expect(!set.contains(.table))
        #expect(!set.contains(LocalName(id: 100_000)))
    }

    @Test func deepTreesWalkWithoutRecursion() {
        var arena = NodeArena()
        var parent: Int32 = 0
        for _ in 0..<200_000 {
            let child = arena.createElement(.div, namespace: .html)
            arena.append(child, to: parent)
            parent = child
        }
        var count = 0
        var node = arena.following(0, within: 0)
        while node != NodeArena.none {
            count += 1
            node = arena.following(node, within: 0)
        }
        #expect(count == 200_000)
    }
}
