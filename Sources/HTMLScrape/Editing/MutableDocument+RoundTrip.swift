/// The rule every edit keeps: the edited tree, serialised and parsed again, is the same tree.
///
/// An edit that puts nodes somewhere is checked before it is made: the start tags of the new
/// place's ancestors, the new nodes' HTML and a marker comment are parsed (as a document, or as a
/// fragment in the document's context), and the nodes the parser builds at that place must be the
/// new nodes and then the marker. That catches the whole class at once — text that ends a raw-text
/// element (`</style>` in a `style`, `</script>` or `<!--<script>` in a `script`), elements the
/// parser closes, moves or drops there (`p` in `p`, `a` in `a`, `form` in `form`, a `td` outside a
/// row, content the parser foster-parents out of a table, `select` in `select`), HTML-namespace
/// elements under `svg` or `math` that would turn into foreign ones, anything after a `plaintext`
/// start tag — without a list of cases to keep up to date. Only the new nodes, their new place's
/// ancestors and (at the top of a document and in a template, where order decides the insertion
/// mode) their earlier siblings are serialised, so an edit costs the size of what it inserts, not of the document.
///
/// Two differences are not differences: adjacent text nodes, which a parse joins into one (and empty
/// ones, which it drops), and the empty `html`, `head` and `body` elements the parser adds to a
/// document that lacks them.
extension MutableDocument {
    /// The marker comment's text.
    static let probeMarker = "airdate-edit-probe"

    /// Checks that `nodes`, inserted into `parent` before `reference` (at the end for `none`),
    /// would serialise and parse back as they are. `excluding` nodes are left out of the earlier
    /// siblings (nodes moved away, or replaced).
    ///
    /// - Throws: ``DocumentEditError/wouldParseDifferently(_:)`` naming what would change.
    mutating func checkRoundTrip(
        inserting nodes: [Int32], into parent: Int32, before reference: Int32 = NodeArena.none,
        excluding: Set<Int32> = []
    ) throws(DocumentEditError) {
        guard !nodes.isEmpty else { return }
        // Nodes inside a template have its contents fragment as their parent: check at the template.
        var parent = parent
        if arena.nodes[Int(parent)].kind == .documentFragment, parent != 0 {
            if templateOwners.count != arena.templateContents.count {
                for (template, content) in arena.templateContents { templateOwners[content] = template }
            }
            guard let owner = templateOwners[parent] else { return }
            parent = owner
        }
        if nodes.count == 1, keepsText(nodes[0], in: parent) { return }
        // A detached parent is checked when its subtree is inserted.
        guard let chain = probeChain(of: parent) else { return }
        let isDocument = arena.nodes[0].kind == .document
        let container = arena.templateContents[parent] ?? parent
        // At the top of a document the earlier siblings decide the insertion mode.
        let topLevel = parent == 0 || (chain.count == 1 && isHTML(chain[0], .html) && chain[0] == parent)
        // In a template the first element decides how the rest of its contents parse, and at the
        // top of a document a doctype counts only first: there the siblings on both sides go in.
        var earlier: [Int32] = []
        var later: [Int32] = []
        if topLevel || isHTML(parent, .template) {
            var sibling = arena.nodes[Int(container)].firstChild
            var before = true
            while sibling != NodeArena.none {
                if sibling == reference { before = false }
                if !excluding.contains(sibling) && !nodes.contains(sibling) {
                    if before { earlier.append(sibling) } else if parent == 0 || !topLevel { later.append(sibling) }
                }
                sibling = arena.nodes[Int(sibling)].nextSibling
            }
        }

        if isDocument && chain.count == 1 && chain[0] == parent {
            try checkDocumentElementChildren(inserting: nodes, into: parent, before: reference, excluding: excluding)
        }
        // A `selectedcontent` holds a copy of its select's selected option, which parsing makes
        // afresh: inside such a select nothing can be edited and come back as it was.
        if chain.contains(where: { isInSelectWithSelectedContent($0) }) { throw refusal(nodes, parent: parent) }
        if chain.contains(where: { isHTML($0, .select) }),
           nodes.contains(where: { isHTML($0, .selectedcontent) || isInSelectWithSelectedContent($0) || containsSelectedContent($0) }) {
            throw refusal(nodes, parent: parent)
        }

        let document = snapshotForSerialising()
        var html = ""
        if isDocument && !chain.isEmpty, let doctype = firstDoctype() {
            html += "<!DOCTYPE " + arena.doctypes[Int(arena.nodes[Int(doctype)].dataStart)].name + ">"
        }
        for element in chain { html += startTag(of: element) }
        // In an element whose contents are text to the parser (`title`, `style`, `script`…) the
        // marker goes after the element's end tag, which the text must not have ended early; after
        // `<plaintext>` nothing ends the text, so there is no marker.
        let textParent = chain.last.flatMap { Self.textElementName(arena.nodes[Int($0)], scripting: scriptingEnabled) }
        let rawParent = textParent != nil && textParent != "title" && textParent != "textarea"
        let all = earlier + nodes + later
        for (position, node) in all.enumerated() {
            let record = arena.nodes[Int(node)]
            if record.kind == .text && (rawParent || position == 0) {
                let bytes = arena.bytes(start: record.dataStart, count: record.dataCount)
                if rawParent {
                    // Written as the serializer writes text in such an element: as it is.
                    html += String(decoding: bytes, as: UTF8.self)
                    continue
                }
                // The serializer doubles a newline that starts a pre, textarea or listing.
                if bytes.first == 0x0A, let last = chain.last, Self.dropsLeadingNewline(arena.nodes[Int(last)]) { html += "\n" }
            }
            html += Node(document: document, index: node).outerHTML
        }
        if let textParent {
            if textParent != "plaintext" { html += "</" + textParent + "><!--" + Self.probeMarker + "-->" }
        } else {
            html += "<!--" + Self.probeMarker + "-->"
        }

        let options = ParseOptions(scriptingEnabled: scriptingEnabled, collectsErrors: false)
        let parsed = isDocument ? Document(html: html, options: options)
            : Document(fragment: html, context: fragmentContext ?? .body, options: options)

        // Find the parent's counterpart: each element of the chain, as the last child of its name.
        var place: Int32 = 0
        for element in chain {
            let record = arena.nodes[Int(element)]
            let name = arena.names.spelling(of: record.name)
            var match = NodeArena.none
            var child = parsed.arena.nodes[Int(parsed.arena.templateContents[place] ?? place)].firstChild
            while child != NodeArena.none {
                let candidate = parsed.arena.nodes[Int(child)]
                if candidate.kind == .element, candidate.namespace == record.namespace,
                   parsed.arena.names.spelling(of: candidate.name) == name {
                    match = child
                }
                child = candidate.nextSibling
            }
            guard match != NodeArena.none else { throw refusal(nodes, parent: parent) }
            place = match
        }
        let parsedContainer = parsed.arena.templateContents[place] ?? place
        var parsedChildren: [Int32] = []
        var child = parsed.arena.nodes[Int(parsedContainer)].firstChild
        while child != NodeArena.none {
            parsedChildren.append(child)
            child = parsed.arena.nodes[Int(child)].nextSibling
        }
        // Where `html` elements sit, for leaving out the implied empty ones: at the document's top
        // (depth 0), or above the roots when they are the `html` element's children (depth -1).
        let htmlDepth: Int? = !(topLevel && isDocument) ? nil : chain.isEmpty ? 0 : -1
        let marker = "c:" + Self.probeMarker
        let expected = RoundTripShape(arena: arena, templates: arena.templateContents, htmlDepth: htmlDepth)
            .shape(of: all) + (textParent == nil ? [marker] : [])
        var found = RoundTripShape(arena: parsed.arena, templates: parsed.arena.templateContents, htmlDepth: htmlDepth)
            .shape(of: parsedChildren)
        // At the top of a document the parser may add what follows (an implied `html`); only what
        // comes up to the marker is compared there.
        if topLevel, let end = found.firstIndex(of: marker) { found = Array(found[...end]) }
        guard expected == found else { throw refusal(nodes, parent: parent) }
        if let textParent, textParent != "plaintext" {
            let next = parsed.arena.nodes[Int(place)].nextSibling
            guard next != NodeArena.none, parsed.arena.nodes[Int(next)].kind == .comment,
                  parsed.arena.string(of: next) == Self.probeMarker
            else { throw refusal(nodes, parent: parent) }
        }
    }

    /// The elements from the root down to `node` (a template's contents standing for the template),
    /// with runs of more than three identical elements (same name, namespace and attributes) cut to
    /// three — the parser treats a longer run as it treats three — or `nil` when `node` is not in
    /// the tree. Chains are remembered between edits that only add nodes, so building a deep tree
    /// one child at a time costs constant time per edit.
    mutating func probeChain(of node: Int32) -> [Int32]? {
        guard let entry = probeEntry(of: node) else { return nil }
        var chain: [Int32] = []
        var current = entry
        while current >= 0 {
            chain.append(probeChains.entries[Int(current)].element)
            current = probeChains.entries[Int(current)].previous
        }
        return chain.reversed()
    }

    /// The entry of the chain ending at `node` (-1 for the root), computed from the nearest
    /// remembered ancestor.
    private mutating func probeEntry(of node: Int32) -> Int32? {
        // Templates copied in by imports have contents the owner map has not seen yet.
        if templateOwners.count != arena.templateContents.count {
            for (template, content) in arena.templateContents { templateOwners[content] = template }
        }
        var pending: [Int32] = []
        var current = node
        var entry: Int32 = -1
        while current != 0 {
            if let known = probeChains.byNode[current] {
                entry = known
                break
            }
            let record = arena.nodes[Int(current)]
            if record.kind == .documentFragment, let owner = templateOwners[current] {
                current = owner
                continue
            }
            guard record.kind == .element, record.parent != NodeArena.none else { return nil }
            pending.append(current)
            current = record.parent
        }
        for element in pending.reversed() {
            if entry >= 0 {
                let last = probeChains.entries[Int(entry)]
                if last.run >= 3 && sameStartTag(last.element, element) {
                    probeChains.byNode[element] = entry
                    continue
                }
                let run: Int32 = sameStartTag(last.element, element) ? last.run + 1 : 1
                probeChains.entries.append(ProbeChains.Entry(element: element, previous: entry, run: run))
            } else {
                probeChains.entries.append(ProbeChains.Entry(element: element, previous: -1, run: 1))
            }
            entry = Int32(probeChains.entries.count - 1)
            probeChains.byNode[element] = entry
        }
        return entry
    }

    /// Whether two elements have the same name, namespace and attributes.
    private func sameStartTag(_ a: Int32, _ b: Int32) -> Bool {
        let left = arena.nodes[Int(a)]
        let right = arena.nodes[Int(b)]
        guard left.name == right.name, left.namespace == right.namespace, left.dataCount == right.dataCount else { return false }
        for offset in 0..<Int(left.dataCount) {
            let x = arena.attributes[Int(left.dataStart) + offset]
            let y = arena.attributes[Int(right.dataStart) + offset]
            guard x.name == y.name, x.namespace == y.namespace,
                  arena.bytes(start: x.valueStart, count: x.valueCount) == arena.bytes(start: y.valueStart, count: y.valueCount)
            else { return false }
        }
        return true
    }

    /// HTML elements in which a text node (with no NUL, which edits never store) is read back as one
    /// text node whatever surrounds them: the parser is "in body" (or "in cell", "in caption") there.
    /// (Not `form`: in a table the parser makes an empty one and goes on in the table.)
    private static let textKeepingElements = NameSet(
        .a, .abbr, .address, .article, .aside, .b, .bdi, .bdo, .big, .blockquote, .body, .button, .caption,
        .center, .cite, .code, .data, .dd, .del, .details, .dfn, .dialog, .div, .dl, .dt, .em, .fieldset,
        .figcaption, .figure, .font, .footer, .h1, .h2, .h3, .h4, .h5, .h6, .header, .hgroup, .i,
        .ins, .kbd, .label, .legend, .li, .main, .mark, .menu, .nav, .nobr, .ol, .p, .q, .s, .samp,
        .section, .small, .span, .strike, .strong, .sub, .summary, .sup, .td, .th, .time, .tt, .u, .ul, .var)

    /// Whether `node` is a text node that would come back unchanged in `parent` without a parse.
    private func keepsText(_ node: Int32, in parent: Int32) -> Bool {
        let record = arena.nodes[Int(node)]
        let parentRecord = arena.nodes[Int(parent)]
        guard record.kind == .text, parentRecord.kind == .element, parentRecord.namespace == .html,
              Self.textKeepingElements.contains(parentRecord.name) else { return false }
        return !arena.bytes(start: record.dataStart, count: record.dataCount).contains(0)
    }

    /// Whether `element` is a `select` with a `selectedcontent` inside, or a `selectedcontent`.
    func isInSelectWithSelectedContent(_ element: Int32) -> Bool {
        if isHTML(element, .selectedcontent) { return true }
        guard isHTML(element, .select) else { return false }
        var node = arena.following(element, within: element)
        while node != NodeArena.none {
            if isHTML(node, .selectedcontent) { return true }
            node = arena.following(node, within: element)
        }
        return false
    }

    /// Whether a `selectedcontent` element is at or below `node`.
    private func containsSelectedContent(_ node: Int32) -> Bool {
        if isHTML(node, .selectedcontent) { return true }
        var current = arena.following(node, within: node)
        while current != NodeArena.none {
            if isHTML(current, .selectedcontent) { return true }
            current = arena.following(current, within: node)
        }
        return false
    }

    /// The `html` element may hold a `head`, then a `body` or `frameset`, and no other element: the
    /// parser puts anything else inside them, and an empty duplicate would vanish unnoticed. Text
    /// there must be white space between the `head` and the `body` (elsewhere the parser drops it or
    /// moves it into the body).
    func checkDocumentElementChildren(
        inserting nodes: [Int32], into html: Int32, before reference: Int32, excluding: Set<Int32>
    ) throws(DocumentEditError) {
        var children: [Int32] = []
        var sibling = arena.nodes[Int(html)].firstChild
        var placed = false
        while true {
            if sibling == reference || sibling == NodeArena.none, !placed {
                children.append(contentsOf: nodes)
                placed = true
            }
            if sibling == NodeArena.none { break }
            if !excluding.contains(sibling) && !nodes.contains(sibling) { children.append(sibling) }
            sibling = arena.nodes[Int(sibling)].nextSibling
        }
        var stage = 0  // 0: nothing yet, 1: after head, 2: after body or frameset
        for child in children {
            switch arena.nodes[Int(child)].kind {
            case .comment:
                continue
            case .text:
                let bytes = arena.bytes(start: arena.nodes[Int(child)].dataStart, count: arena.nodes[Int(child)].dataCount)
                let blank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C }
                if stage == 1 && blank { continue }
                if bytes.isEmpty { continue }
            default:
                if isHTML(child, .head) && stage == 0 {
                    stage = 1
                    continue
                }
                if (isHTML(child, .body) || isHTML(child, .frameset)) && stage < 2 {
                    stage = 2
                    continue
                }
            }
            throw refusal(nodes.isEmpty ? [child] : nodes, parent: html)
        }
    }

    /// Whether the parser drops a newline right after the element's start tag.
    static func dropsLeadingNewline(_ record: NodeRecord) -> Bool {
        record.kind == .element && record.namespace == .html
            && (record.name == .pre || record.name == .textarea || record.name == .listing)
    }

    /// The name of an HTML element whose contents the tokenizer reads as text (raw text, RCDATA,
    /// plaintext; `noscript` when scripting is on), or `nil`.
    static func textElementName(_ record: NodeRecord, scripting: Bool) -> String? {
        guard record.kind == .element, record.namespace == .html else { return nil }
        switch record.name {
        case .title: return "title"
        case .textarea: return "textarea"
        case .style: return "style"
        case .script: return "script"
        case .xmp: return "xmp"
        case .iframe: return "iframe"
        case .noembed: return "noembed"
        case .noframes: return "noframes"
        case .plaintext: return "plaintext"
        case .noscript where scripting: return "noscript"
        default: return nil
        }
    }

    /// The error for nodes that would not come back as they are.
    private func refusal(_ nodes: [Int32], parent: Int32) -> DocumentEditError {
        func describe(_ node: Int32) -> String {
            let record = arena.nodes[Int(node)]
            switch record.kind {
            case .element:
                let prefix = record.namespace == .svg ? "svg " : record.namespace == .mathML ? "math " : ""
                return "<" + prefix + arena.names.spelling(of: record.name) + ">"
            case .text: return "text"
            case .comment: return "a comment"
            case .documentType: return "a doctype"
            default: return "content"
            }
        }
        let what = nodes.count == 1 ? describe(nodes[0]) : "this content"
        let whereTo = arena.nodes[Int(parent)].kind == .element ? "in " + describe(parent) : "here"
        return .wouldParseDifferently(
            "\(what) \(whereTo) would be parsed into a different tree when the HTML is read again")
    }

    private func isHTML(_ node: Int32, _ name: LocalName) -> Bool {
        let record = arena.nodes[Int(node)]
        return record.kind == .element && record.namespace == .html && record.name == name
    }

    private func firstDoctype() -> Int32? {
        var child = arena.nodes[0].firstChild
        while child != NodeArena.none {
            if arena.nodes[Int(child)].kind == .documentType { return child }
            child = arena.nodes[Int(child)].nextSibling
        }
        return nil
    }

    /// An element's start tag as the serializer writes it.
    private func startTag(of element: Int32) -> String {
        let record = arena.nodes[Int(element)]
        var tag = "<" + arena.names.spelling(of: record.name)
        for offset in 0..<Int(record.dataCount) {
            let attribute = arena.attributes[Int(record.dataStart) + offset]
            let name = Attribute(localName: arena.names.spelling(of: attribute.name), namespace: attribute.namespace, value: "").name
            var value = ""
            for scalar in String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self).unicodeScalars {
                switch scalar {
                case "&": value += "&amp;"
                case "\"": value += "&quot;"
                case "<": value += "&lt;"
                case ">": value += "&gt;"
                case "\u{A0}": value += "&nbsp;"
                default: value.unicodeScalars.append(scalar)
                }
            }
            tag += " " + name + "=\"" + value + "\""
        }
        return tag + ">"
    }

    /// A `Document` over this arena as it is, to serialise single nodes with (no copy is made).
    private func snapshotForSerialising() -> Document {
        Document(
            arena: arena, errors: [], quirksMode: quirksMode, encoding: .utf8,
            scriptingEnabled: scriptingEnabled, url: nil, fragmentContext: fragmentContext)
    }
}

/// The chains of ancestors ``MutableDocument/checkRoundTrip(inserting:into:before:excluding:)``
/// remembers, as a tree of entries: each entry is an element and the entry of the chain above it.
/// Forgotten on every edit that moves, removes or changes existing nodes.
struct ProbeChains: Sendable {
    struct Entry: Sendable {
        var element: Int32
        var previous: Int32
        /// How many identical elements end the chain here.
        var run: Int32
    }

    var entries: [Entry] = []
    var byNode: [Int32: Int32] = [:]

    mutating func forget() {
        if !byNode.isEmpty {
            entries.removeAll(keepingCapacity: true)
            byNode.removeAll(keepingCapacity: true)
        }
    }
}

/// A tree's shape for comparing two trees as a parse sees them: one token per element (namespace,
/// name, attributes), end of element, text (adjacent runs joined, empty ones dropped), comment and
/// doctype, with `template` contents in place of their element's children. Iterative.
struct RoundTripShape {
    let arena: NodeArena
    let templates: [Int32: Int32]
    /// The depth of `html` elements when the nodes are at a document's top, where empty `html`,
    /// `head` and `body` elements with no attributes are left out (the parser adds them where they
    /// are missing); `nil` elsewhere.
    let htmlDepth: Int?

    func shape(of roots: [Int32]) -> [String] {
        var tokens: [String] = []
        // (node, depth, closing): a closing entry writes the end of an element.
        var stack: [(Int32, Int, Bool)] = roots.reversed().map { ($0, 0, false) }
        while let (node, depth, closing) = stack.popLast() {
            if closing {
                tokens.append("/")
                continue
            }
            let record = arena.nodes[Int(node)]
            switch record.kind {
            case .text:
                let text = arena.string(of: node)
                if text.isEmpty { continue }
                if let last = tokens.last, last.hasPrefix("t:") {
                    tokens[tokens.count - 1] = last + text
                } else {
                    tokens.append("t:" + text)
                }
            case .comment:
                tokens.append("c:" + arena.string(of: node))
            case .documentType:
                tokens.append("d:" + arena.doctypes[Int(record.dataStart)].name)
            case .element:
                if let htmlDepth, depth <= htmlDepth + 1, isImpliedAndEmpty(node, depth: depth - htmlDepth) { continue }
                var token = "e:\(record.namespace.rawValue):" + arena.names.spelling(of: record.name)
                for offset in 0..<Int(record.dataCount) {
                    let attribute = arena.attributes[Int(record.dataStart) + offset]
                    token += " \(attribute.namespace.rawValue):" + arena.names.spelling(of: attribute.name) + "="
                        + String(decoding: arena.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                }
                tokens.append(token)
                stack.append((node, depth, true))
                var children: [Int32] = []
                var child = arena.nodes[Int(templates[node] ?? node)].firstChild
                while child != NodeArena.none {
                    children.append(child)
                    child = arena.nodes[Int(child)].nextSibling
                }
                for child in children.reversed() { stack.append((child, depth + 1, false)) }
            case .document, .documentFragment:
                break
            }
        }
        return tokens
    }

    /// An `html` (at relative depth 0) with no attributes whose children are all implied and empty,
    /// or a `head` or `body` (at relative depth 1) with no attributes and no children.
    private func isImpliedAndEmpty(_ node: Int32, depth: Int) -> Bool {
        let record = arena.nodes[Int(node)]
        guard record.namespace == .html, record.dataCount == 0 else { return false }
        if depth == 0 && record.name == .html {
            var child = record.firstChild
            while child != NodeArena.none {
                guard isImpliedAndEmpty(child, depth: 1) else { return false }
                child = arena.nodes[Int(child)].nextSibling
            }
            return true
        }
        return depth == 1 && (record.name == .head || record.name == .body) && record.firstChild == NodeArena.none
    }
}
