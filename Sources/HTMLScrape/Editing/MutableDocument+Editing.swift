/// Where ``MutableDocument/insertHTML(_:_:relativeTo:)`` puts the parsed nodes, as in the DOM's
/// `insertAdjacentHTML`.
public enum AdjacentPosition: Sendable, Hashable {
    /// Before the node, as its previous siblings.
    case beforeBegin
    /// Inside the node, before its first child.
    case afterBegin
    /// Inside the node, after its last child.
    case beforeEnd
    /// After the node, as its next siblings.
    case afterEnd
}

extension MutableDocument {
    // MARK: Creating nodes

    /// Creates a detached element; insert it with ``append(_:to:)`` and friends.
    ///
    /// Without a namespace the element is in the namespace the parser would give its name: `svg`
    /// is an SVG element, `math` a MathML element, anything else HTML. Give `.svg` or `.mathML` for
    /// the elements inside them (`rect`, `mi`). Names are spelled as the parser spells them, so that
    /// the element parses back the same: HTML names lower-cased, SVG names lower-cased and then given
    /// their SVG capitals (`foreignObject`, `clipPath`), MathML names lower-cased. Attributes follow
    /// ``setAttribute(_:to:on:)``'s rules.
    ///
    /// - Throws: ``DocumentEditError/invalidName(_:)`` for a name the HTML parser could not produce.
    public mutating func createElement(
        _ localName: String, namespace: Namespace? = nil, attributes: KeyValuePairs<String, String> = [:]
    ) throws(DocumentEditError) -> NodeID {
        guard Self.isValidElementName(localName) else { throw .invalidName(localName) }
        for (name, _) in attributes where !Self.isValidAttributeName(name) { throw .invalidName(name) }
        let elementNamespace = Self.elementNamespace(localName, namespace)
        let name = arena.names.intern(ParserSpelling.elementName(localName, in: elementNamespace))
        let element = arena.createElement(name, namespace: elementNamespace)
        for (attributeName, value) in attributes {
            let (spelling, attributeNamespace) = ParserSpelling.attributeName(attributeName, on: elementNamespace)
            arena.setAttribute(arena.names.intern(spelling), namespace: attributeNamespace, value: Self.asParsed(value), on: element)
        }
        return id(element)
    }

    /// The namespace of a new element: the one given, else the one the parser gives the name.
    static func elementNamespace(_ localName: String, _ namespace: Namespace?) -> Namespace {
        switch namespace {
        case .html?, .svg?, .mathML?: return namespace!
        case nil, .none?:
            switch localName.asciiLowercased {
            case "svg": return .svg
            case "math": return .mathML
            default: return .html
            }
        default: return .html
        }
    }

    /// Creates a detached text node.
    public mutating func createText(_ text: String) -> NodeID {
        var utf8 = Array(Self.asParsed(text).utf8)
        return id(utf8.withUnsafeMutableBufferPointer { arena.createText(UnsafeBufferPointer($0)) })
    }

    /// Creates a detached comment.
    ///
    /// - Throws: ``DocumentEditError/invalidCommentData(_:)`` when the text would end the comment early.
    public mutating func createComment(_ data: String) throws(DocumentEditError) -> NodeID {
        guard Self.isValidCommentData(data) else { throw .invalidCommentData(data) }
        var utf8 = Array(Self.asParsed(data).utf8)
        return id(utf8.withUnsafeMutableBufferPointer { arena.createComment(UnsafeBufferPointer($0)) })
    }

    /// Text as a parse of its HTML would store it: CR and CRLF as LF, NUL as U+FFFD (the input
    /// stream's rules), so that edited text serialises and parses back unchanged. Text, comments
    /// and attribute values set by edits are stored this way.
    static func asParsed(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x00 }) else { return text }
        var result = String.UnicodeScalarView()
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                result.append("\n")
                previousCR = true
                continue
            case "\n" where previousCR:
                break
            case "\u{0}":
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
            previousCR = false
        }
        return String(result)
    }

    /// A deep copy of a node of any parsed ``Document`` (attributes, text, template contents),
    /// detached, ready to insert here.
    ///
    /// - Throws: ``DocumentEditError/cannotInsert(_:into:)`` for a document or fragment root, which
    ///   cannot be a child: import its children instead.
    public mutating func importNode(_ node: Node) throws(DocumentEditError) -> NodeID {
        let kind = node.kind
        guard kind != .document && kind != .documentFragment else { throw .cannotInsert(kind, into: .element) }
        var names = NodeArena.NameTranslation(sameTable: false)
        return id(arena.importSubtree(node.index, from: node.document.arena, names: &names))
    }

    /// A deep copy of a node of another editor, detached, ready to insert here. To move a node
    /// between documents, import it here and remove it there.
    ///
    /// - Throws: ``DocumentEditError/unknownNode`` when `node` is not one of `other`'s nodes;
    ///   ``DocumentEditError/cannotInsert(_:into:)`` for a document or fragment root.
    public mutating func importNode(_ node: NodeID, from other: MutableDocument) throws(DocumentEditError) -> NodeID {
        let index = try other.index(node)
        let kind = other.arena.nodes[Int(index)].kind
        guard kind != .document && kind != .documentFragment else { throw .cannotInsert(kind, into: .element) }
        var names = NodeArena.NameTranslation(sameTable: false)
        return id(arena.importSubtree(index, from: other.arena, names: &names))
    }

    /// A deep copy of one of this document's nodes, detached.
    ///
    /// - Throws: ``DocumentEditError/unknownNode``; ``DocumentEditError/cannotInsert(_:into:)`` for
    ///   the root.
    public mutating func clone(_ node: NodeID) throws(DocumentEditError) -> NodeID {
        let index = try index(node)
        let kind = arena.nodes[Int(index)].kind
        guard kind != .document && kind != .documentFragment else { throw .cannotInsert(kind, into: .element) }
        var names = NodeArena.NameTranslation(sameTable: true)
        let source = arena
        return id(arena.importSubtree(index, from: source, names: &names))
    }

    // MARK: Inserting, moving and removing

    /// Makes `child` the last child of `parent`, moving it from wherever it was.
    ///
    /// - Throws: ``DocumentEditError/wouldCreateCycle`` when `parent` is `child` or inside it;
    ///   ``DocumentEditError/cannotInsert(_:into:)`` or ``DocumentEditError/documentAlreadyHasElement``
    ///   for a child the parent cannot hold; ``DocumentEditError/unknownNode``.
    public mutating func append(_ child: NodeID, to parent: NodeID) throws(DocumentEditError) {
        let childIndex = try index(child)
        let parentIndex = try index(parent)
        try validateInsertion(of: childIndex, into: parentIndex)
        try checkRoundTrip(inserting: [childIndex], into: parentIndex, excluding: [childIndex])
        let container = container(of: parentIndex)
        forgetChainsIfAttached(childIndex)
        arena.detach(childIndex)
        arena.append(childIndex, to: container)
    }

    /// Makes `child` the first child of `parent`, moving it from wherever it was.
    ///
    /// - Throws: as ``append(_:to:)``.
    public mutating func prepend(_ child: NodeID, to parent: NodeID) throws(DocumentEditError) {
        let childIndex = try index(child)
        let parentIndex = try index(parent)
        try validateInsertion(of: childIndex, into: parentIndex)
        let container = container(of: parentIndex)
        let first = arena.nodes[Int(container)].firstChild
        if first == childIndex { return }
        try checkRoundTrip(inserting: [childIndex], into: parentIndex, before: first, excluding: [childIndex])
        forgetChainsIfAttached(childIndex)
        arena.detach(childIndex)
        arena.insert(childIndex, into: container, before: arena.nodes[Int(container)].firstChild)
    }

    /// Inserts `node` just before `reference`, moving it from wherever it was.
    ///
    /// - Throws: ``DocumentEditError/noParent`` when `reference` has no parent; otherwise as
    ///   ``append(_:to:)``.
    public mutating func insert(_ node: NodeID, before reference: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        let referenceIndex = try index(reference)
        let parent = arena.nodes[Int(referenceIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        if nodeIndex == referenceIndex { return }
        try validateInsertion(of: nodeIndex, into: parent)
        try checkRoundTrip(inserting: [nodeIndex], into: parent, before: referenceIndex, excluding: [nodeIndex])
        forgetChainsIfAttached(nodeIndex)
        arena.detach(nodeIndex)
        arena.insert(nodeIndex, into: parent, before: referenceIndex)
    }

    /// Inserts `node` just after `reference`, moving it from wherever it was.
    ///
    /// - Throws: as ``insert(_:before:)``.
    public mutating func insert(_ node: NodeID, after reference: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        let referenceIndex = try index(reference)
        let parent = arena.nodes[Int(referenceIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        if nodeIndex == referenceIndex { return }
        try validateInsertion(of: nodeIndex, into: parent)
        var next = arena.nodes[Int(referenceIndex)].nextSibling
        if next == nodeIndex { next = arena.nodes[Int(nodeIndex)].nextSibling }
        try checkRoundTrip(inserting: [nodeIndex], into: parent, before: next, excluding: [nodeIndex])
        forgetChainsIfAttached(nodeIndex)
        arena.detach(nodeIndex)
        arena.insert(nodeIndex, into: parent, before: arena.nodes[Int(referenceIndex)].nextSibling)
    }

    /// Takes a node (and everything below it) out of the tree. It stays valid and can be inserted
    /// again; removing a detached node or the root does nothing.
    ///
    /// - Throws: ``DocumentEditError/unknownNode``.
    public mutating func remove(_ node: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        try checkRemoval(of: [nodeIndex])
        probeChains.forget()
        arena.detach(nodeIndex)
    }

    /// Removing nodes changes how the rest parses in two places only: among the `html` element's
    /// children (white space left before the `body` without a `head` would be dropped) and in a
    /// `select` whose `selectedcontent` copies an option.
    ///
    /// - Throws: ``DocumentEditError/wouldParseDifferently(_:)``.
    private mutating func checkRemoval(of removed: [Int32]) throws(DocumentEditError) {
        guard let first = removed.first else { return }
        let parent = arena.nodes[Int(first)].parent
        guard parent != NodeArena.none else { return }
        var ancestor = parent
        while ancestor != NodeArena.none {
            if arena.nodes[Int(ancestor)].kind == .element, isInSelectWithSelectedContent(ancestor) {
                throw .wouldParseDifferently("removing this from a select whose selectedcontent copies an option would change the copy when the HTML is read again")
            }
            ancestor = arena.nodes[Int(ancestor)].parent
        }
        let record = arena.nodes[Int(parent)]
        if arena.nodes[0].kind == .document, record.kind == .element, record.namespace == .html, record.name == .html,
           record.parent == 0 {
            try checkDocumentElementChildren(inserting: [], into: parent, before: NodeArena.none, excluding: Set(removed))
        }
    }

    /// Removes every child of a node (for a `template`, its contents).
    ///
    /// - Throws: ``DocumentEditError/unknownNode``.
    public mutating func removeChildren(of node: NodeID) throws(DocumentEditError) {
        let parent = try index(node)
        let container = arena.templateContents[parent] ?? parent
        let first = arena.nodes[Int(container)].firstChild
        if first != NodeArena.none {
            var children: [Int32] = []
            var child = first
            while child != NodeArena.none {
                children.append(child)
                child = arena.nodes[Int(child)].nextSibling
            }
            try checkRemoval(of: children)
            probeChains.forget()
        }
        while case let child = arena.nodes[Int(container)].firstChild, child != NodeArena.none {
            arena.detach(child)
        }
    }

    /// Puts `replacement` where `node` is, and takes `node` out of the tree.
    ///
    /// - Throws: ``DocumentEditError/noParent`` when `node` has no parent; otherwise as
    ///   ``append(_:to:)``.
    public mutating func replace(_ node: NodeID, with replacement: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        let replacementIndex = try index(replacement)
        let parent = arena.nodes[Int(nodeIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        if nodeIndex == replacementIndex { return }
        try validateInsertion(of: replacementIndex, into: parent, replacing: nodeIndex)
        try checkRoundTrip(
            inserting: [replacementIndex], into: parent, before: nodeIndex, excluding: [nodeIndex, replacementIndex])
        probeChains.forget()
        arena.detach(replacementIndex)
        arena.insert(replacementIndex, into: parent, before: nodeIndex)
        arena.detach(nodeIndex)
    }

    /// Puts `wrapper` where `node` is and moves `node` into it: into its innermost first element
    /// (the deepest element reached by following first element children), after what is there.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)`` when `wrapper` is not an element;
    ///   ``DocumentEditError/noParent`` when `node` has no parent;
    ///   ``DocumentEditError/wouldCreateCycle`` when `wrapper` is `node` or one of its ancestors.
    public mutating func wrap(_ node: NodeID, in wrapper: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        let wrapperIndex = try index(wrapper)
        let wrapperKind = arena.nodes[Int(wrapperIndex)].kind
        guard wrapperKind == .element else { throw .notAnElement(wrapperKind) }
        let parent = arena.nodes[Int(nodeIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        if nodeIndex == wrapperIndex { throw .wouldCreateCycle }
        try validateInsertion(of: wrapperIndex, into: parent, replacing: nodeIndex)
        var innermost = wrapperIndex
        while let next = firstElementChild(of: innermost), next != nodeIndex { innermost = next }
        try validateKinds(of: nodeIndex, into: innermost)
        // Wrapped, the wrapper is checked in the node's place; a refusal puts both back.
        let nodeNext = arena.nodes[Int(nodeIndex)].nextSibling
        let wrapperParent = arena.nodes[Int(wrapperIndex)].parent
        let wrapperNext = arena.nodes[Int(wrapperIndex)].nextSibling
        probeChains.forget()
        arena.detach(wrapperIndex)
        arena.insert(wrapperIndex, into: parent, before: nodeIndex)
        arena.detach(nodeIndex)
        arena.append(nodeIndex, to: container(of: innermost))
        do {
            try checkRoundTrip(
                inserting: [wrapperIndex], into: parent, before: arena.nodes[Int(wrapperIndex)].nextSibling,
                excluding: [wrapperIndex])
        } catch {
            arena.detach(nodeIndex)
            arena.detach(wrapperIndex)
            if nodeNext == wrapperIndex {
                arena.insert(wrapperIndex, into: parent, before: wrapperNext)
                arena.insert(nodeIndex, into: parent, before: wrapperIndex)
            } else {
                arena.insert(nodeIndex, into: parent, before: nodeNext)
                if wrapperParent != NodeArena.none { arena.insert(wrapperIndex, into: wrapperParent, before: wrapperNext) }
            }
            throw error
        }
    }

    /// Wraps `node` in elements parsed from `html` (such as `<div class="quote"></div>`) in the
    /// context of `node`'s parent; see ``wrap(_:in:)``. Returns the wrapper.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)`` when `html` holds no element; otherwise as
    ///   ``wrap(_:in:)``.
    @discardableResult
    public mutating func wrap(_ node: NodeID, inHTML html: String) throws(DocumentEditError) -> NodeID {
        let nodeIndex = try index(node)
        let parent = arena.nodes[Int(nodeIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        let parsed = parseFragment(html, context: context(of: parent) ?? .body)
        guard let first = parsed.root.childNodes.first(where: { $0.kind == .element }) else {
            throw .notAnElement(parsed.root.firstChild?.kind ?? .documentFragment)
        }
        let wrapper = try importNode(first)
        try wrap(node, in: wrapper)
        return wrapper
    }

    /// Replaces an element by its children (for a `template`, its contents); returns the first of
    /// them, or `nil` when it had none.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``; ``DocumentEditError/noParent``;
    ///   ``DocumentEditError/cannotInsert(_:into:)`` when the parent could not hold the children.
    @discardableResult
    public mutating func unwrap(_ element: NodeID) throws(DocumentEditError) -> NodeID? {
        let elementIndex = try index(element)
        let kind = arena.nodes[Int(elementIndex)].kind
        guard kind == .element else { throw .notAnElement(kind) }
        let parent = arena.nodes[Int(elementIndex)].parent
        guard parent != NodeArena.none else { throw .noParent }
        let source = arena.templateContents[elementIndex] ?? elementIndex
        var elementChildren = 0
        var child = arena.nodes[Int(source)].firstChild
        while child != NodeArena.none {
            try validateKinds(of: child, into: parent)
            if arena.nodes[Int(child)].kind == .element { elementChildren += 1 }
            child = arena.nodes[Int(child)].nextSibling
        }
        if arena.nodes[Int(parent)].kind == .document && elementChildren > 1 { throw .documentAlreadyHasElement }
        var moving: [Int32] = []
        child = arena.nodes[Int(source)].firstChild
        while child != NodeArena.none {
            moving.append(child)
            child = arena.nodes[Int(child)].nextSibling
        }
        if moving.isEmpty { try checkRemoval(of: [elementIndex]) }
        try checkRoundTrip(inserting: moving, into: parent, before: elementIndex, excluding: [elementIndex])
        probeChains.forget()
        let first = arena.nodes[Int(source)].firstChild
        while case let moved = arena.nodes[Int(source)].firstChild, moved != NodeArena.none {
            arena.detach(moved)
            arena.insert(moved, into: parent, before: elementIndex)
        }
        arena.detach(elementIndex)
        return optionalNodeID(first)
    }

    // MARK: Attributes and classes

    /// Sets an attribute of an element, adding it when missing, named as the parser would name it
    /// from the same markup: lower-cased on HTML elements; on SVG and MathML elements lower-cased and
    /// given their capitals (`viewBox`, `definitionURL`), and `xlink:href`, `xml:lang`, `xmlns` and
    /// friends put in their namespaces.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``; ``DocumentEditError/invalidName(_:)``.
    public mutating func setAttribute(_ name: String, to value: String, on element: NodeID) throws(DocumentEditError) {
        let elementIndex = try elementIndex(element)
        guard Self.isValidAttributeName(name) else { throw .invalidName(name) }
        let (spelling, namespace) = ParserSpelling.attributeName(name, on: arena.nodes[Int(elementIndex)].namespace)
        probeChains.forget()
        arena.setAttribute(arena.names.intern(spelling), namespace: namespace, value: Self.asParsed(value), on: elementIndex)
    }

    /// Removes an attribute (in no namespace) of an element; returns whether it had it.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``.
    @discardableResult
    public mutating func removeAttribute(_ name: String, from element: NodeID) throws(DocumentEditError) -> Bool {
        let elementIndex = try elementIndex(element)
        let (spelling, namespace) = ParserSpelling.attributeName(name, on: arena.nodes[Int(elementIndex)].namespace)
        guard let atom = arena.names.lookup(spelling) else { return false }
        probeChains.forget()
        return arena.removeAttribute(atom, namespace: namespace, from: elementIndex)
    }

    /// Adds a class to an element's `class` attribute, unless it has it.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``.
    public mutating func addClass(_ name: String, to element: NodeID) throws(DocumentEditError) {
        var classes = classNames(of: element)
        guard !classes.contains(name) else { _ = try elementIndex(element); return }
        classes.append(name)
        try setAttribute("class", to: classes.joined(separator: " "), on: element)
    }

    /// Removes a class from an element; the `class` attribute goes when no class is left.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``.
    public mutating func removeClass(_ name: String, from element: NodeID) throws(DocumentEditError) {
        _ = try elementIndex(element)
        var classes = classNames(of: element)
        guard let position = classes.firstIndex(of: name) else { return }
        classes.remove(at: position)
        if classes.isEmpty {
            try removeAttribute("class", from: element)
        } else {
            try setAttribute("class", to: classes.joined(separator: " "), on: element)
        }
    }

    /// Adds the class when the element lacks it and removes it otherwise; returns whether the
    /// element has it now.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)``.
    @discardableResult
    public mutating func toggleClass(_ name: String, on element: NodeID) throws(DocumentEditError) -> Bool {
        if hasClass(name, on: element) {
            try removeClass(name, from: element)
            return false
        }
        try addClass(name, to: element)
        return true
    }

    // MARK: Text and HTML

    /// Sets the text of a node: an element's (or fragment's) children become one text node (none for
    /// empty text), as the DOM's `textContent` setter; a text node's or a comment's data is replaced.
    ///
    /// Text in an element whose contents are written as they are — `style`, `script`, `xmp`,
    /// `iframe`, `noembed`, `noframes`, `plaintext`, and `noscript` when scripting is on — cannot
    /// hold what would end the element (`</style>`, or `<!--<script>` in a script), since HTML has
    /// no escape there; such text is refused. Everywhere else `&`, `<` and `>` are escaped when
    /// serialised (in `textarea` and `title` too), so any text is kept as it is.
    ///
    /// - Throws: ``DocumentEditError/cannotInsert(_:into:)`` for a document or doctype;
    ///   ``DocumentEditError/invalidCommentData(_:)`` for comment text that would end it early;
    ///   ``DocumentEditError/wouldParseDifferently(_:)`` for text that would end its element.
    public mutating func setText(_ text: String, of node: NodeID) throws(DocumentEditError) {
        let nodeIndex = try index(node)
        let kind = arena.nodes[Int(nodeIndex)].kind
        switch kind {
        case .text, .comment:
            if kind == .comment { guard Self.isValidCommentData(text) else { throw .invalidCommentData(text) } }
            let parent = arena.nodes[Int(nodeIndex)].parent
            if parent != NodeArena.none {
                // The new data, checked in the node's place.
                var utf8 = Array(Self.asParsed(text).utf8)
                let probe = utf8.withUnsafeMutableBufferPointer {
                    kind == .text ? arena.createText(UnsafeBufferPointer($0)) : arena.createComment(UnsafeBufferPointer($0))
                }
                try checkRoundTrip(inserting: [probe], into: parent, before: nodeIndex, excluding: [nodeIndex])
            }
            arena.setData(of: nodeIndex, to: Self.asParsed(text))
        case .document, .documentType:
            throw .cannotInsert(.text, into: kind)
        case .element, .documentFragment:
            var textNode: NodeID?
            if !text.isEmpty {
                let created = createText(text)
                try checkRoundTrip(inserting: [created.index], into: nodeIndex, excluding: Set(childIndices(of: nodeIndex)))
                textNode = created
            }
            try removeChildren(of: node)
            if let textNode { arena.append(textNode.index, to: container(of: nodeIndex)) }
        }
    }

    /// Forgets the remembered ancestor chains when a node that moves is in a tree now (its
    /// descendants' chains change).
    private mutating func forgetChainsIfAttached(_ node: Int32) {
        if arena.nodes[Int(node)].parent != NodeArena.none { probeChains.forget() }
    }

    /// The children of a node (for a `template`, of its contents).
    private func childIndices(of node: Int32) -> [Int32] {
        var result: [Int32] = []
        var child = arena.nodes[Int(arena.templateContents[node] ?? node)].firstChild
        while child != NodeArena.none {
            result.append(child)
            child = arena.nodes[Int(child)].nextSibling
        }
        return result
    }

    /// Replaces the children of an element (or the fragment root, or a `template`'s contents) with
    /// `html` parsed as a fragment in the element's context, as the DOM's `innerHTML` setter; on the
    /// document node, parses `html` as a whole document. Returns the new children.
    ///
    /// - Throws: ``DocumentEditError/notAnElement(_:)`` for a text, comment or doctype node.
    @discardableResult
    public mutating func setInnerHTML(_ html: String, of node: NodeID) throws(DocumentEditError) -> [NodeID] {
        let nodeIndex = try index(node)
        let kind = arena.nodes[Int(nodeIndex)].kind
        let parsed: Document
        if kind == .document {
            parsed = Document(html: html, options: ParseOptions(scriptingEnabled: scriptingEnabled, collectsErrors: false))
        } else if let context = context(of: nodeIndex) {
            parsed = parseFragment(html, context: context)
        } else {
            throw .notAnElement(kind)
        }
        var copies: [Int32] = []
        var names = NodeArena.NameTranslation(sameTable: false)
        for child in parsed.root.childNodes {
            copies.append(arena.importSubtree(child.index, from: parsed.arena, names: &names))
        }
        // Parsed in the element's context alone, the nodes may still change among its ancestors
        // (`<p>` set in a `span` inside a `p`).
        try checkRoundTrip(inserting: copies, into: nodeIndex, excluding: Set(childIndices(of: nodeIndex)))
        try removeChildren(of: node)
        if kind == .document { quirksMode = parsed.quirksMode }
        let container = container(of: nodeIndex)
        for copy in copies { arena.append(copy, to: container) }
        return copies.map(id)
    }

    /// Replaces a node with `html` parsed as a fragment in its parent's context, as the DOM's
    /// `outerHTML` setter. Returns the new nodes.
    ///
    /// - Throws: ``DocumentEditError/noParent`` for a detached node or the root;
    ///   ``DocumentEditError/cannotInsert(_:into:)`` for a child of the document node.
    @discardableResult
    public mutating func setOuterHTML(_ html: String, of node: NodeID) throws(DocumentEditError) -> [NodeID] {
        let nodeIndex = try index(node)
        let inserted = try insertHTML(html, .beforeBegin, relativeTo: node)
        probeChains.forget()
        arena.detach(nodeIndex)
        return inserted
    }

    /// Parses `html` as a fragment and inserts the nodes at `position` relative to `node`, as the
    /// DOM's `insertAdjacentHTML`: in the context of `node` itself for ``AdjacentPosition/afterBegin``
    /// and ``AdjacentPosition/beforeEnd``, of its parent otherwise. Returns the new nodes.
    ///
    /// - Throws: ``DocumentEditError/noParent`` (beside a parentless node);
    ///   ``DocumentEditError/cannotInsert(_:into:)`` (beside a child of the document node);
    ///   ``DocumentEditError/notAnElement(_:)`` (inside a text, comment, doctype or document node).
    @discardableResult
    public mutating func insertHTML(
        _ html: String, _ position: AdjacentPosition, relativeTo node: NodeID
    ) throws(DocumentEditError) -> [NodeID] {
        let nodeIndex = try index(node)
        let target: Int32
        switch position {
        case .beforeBegin, .afterEnd:
            target = arena.nodes[Int(nodeIndex)].parent
            guard target != NodeArena.none else { throw .noParent }
        case .afterBegin, .beforeEnd:
            target = nodeIndex
        }
        let targetKind = arena.nodes[Int(target)].kind
        guard let context = context(of: target) else {
            if targetKind == .document { throw .cannotInsert(.documentFragment, into: .document) }
            throw .notAnElement(targetKind)
        }
        let parsed = parseFragment(html, context: context)
        let container = container(of: target)
        let before: Int32
        switch position {
        case .beforeBegin: before = nodeIndex
        case .afterBegin: before = arena.nodes[Int(container)].firstChild
        case .beforeEnd: before = NodeArena.none
        case .afterEnd: before = arena.nodes[Int(nodeIndex)].nextSibling
        }
        var copies: [Int32] = []
        var names = NodeArena.NameTranslation(sameTable: false)
        for child in parsed.root.childNodes {
            copies.append(arena.importSubtree(child.index, from: parsed.arena, names: &names))
        }
        try checkRoundTrip(inserting: copies, into: target, before: before)
        for copy in copies { arena.insert(copy, into: container, before: before) }
        return copies.map(id)
    }

    // MARK: Rules

    /// The node that holds `parent`'s children: a `template` element's contents, created on demand.
    private mutating func container(of parent: Int32) -> Int32 {
        let record = arena.nodes[Int(parent)]
        guard record.kind == .element, record.namespace == .html, record.name == .template else { return parent }
        let content = arena.templateContent(of: parent)
        templateOwners[content] = parent
        return content
    }

    /// The fragment-parsing context for the children of `node`; `nil` when it cannot have parsed children.
    private func context(of node: Int32) -> FragmentContext? {
        let record = arena.nodes[Int(node)]
        switch record.kind {
        case .element:
            return FragmentContext(localName: arena.names.spelling(of: record.name), namespace: record.namespace)
        case .documentFragment:
            if templateOwners[node] != nil { return FragmentContext(localName: "template") }
            return fragmentContext ?? .body
        default:
            return nil
        }
    }

    private func parseFragment(_ html: String, context: FragmentContext) -> Document {
        Document(
            fragment: html, context: context,
            options: ParseOptions(scriptingEnabled: scriptingEnabled, collectsErrors: false))
    }

    private func optionalNodeID(_ index: Int32) -> NodeID? {
        index == NodeArena.none ? nil : id(index)
    }

    private func elementIndex(_ node: NodeID) throws(DocumentEditError) -> Int32 {
        let nodeIndex = try index(node)
        let kind = arena.nodes[Int(nodeIndex)].kind
        guard kind == .element else { throw .notAnElement(kind) }
        return nodeIndex
    }

    private func firstElementChild(of node: Int32) -> Int32? {
        var child = arena.nodes[Int(arena.templateContents[node] ?? node)].firstChild
        while child != NodeArena.none {
            if arena.nodes[Int(child)].kind == .element { return child }
            child = arena.nodes[Int(child)].nextSibling
        }
        return nil
    }

    /// Whether `ancestor` is `node` or above it, looking through `template` contents to their element.
    private func isInclusiveAncestor(_ ancestor: Int32, of node: Int32) -> Bool {
        var current = node
        while current != NodeArena.none {
            if current == ancestor { return true }
            let parent = arena.nodes[Int(current)].parent
            current = parent != NodeArena.none ? parent : (templateOwners[current] ?? NodeArena.none)
        }
        return false
    }

    /// Whether a node of this kind may be a child of that parent (DOM's pre-insertion rules).
    private func validateKinds(of child: Int32, into parent: Int32) throws(DocumentEditError) {
        let parentKind = arena.nodes[Int(parent)].kind
        let childKind = arena.nodes[Int(child)].kind
        switch parentKind {
        case .element, .document, .documentFragment: break
        default: throw .cannotInsert(childKind, into: parentKind)
        }
        switch childKind {
        case .element, .comment: break
        case .text where parentKind != .document: break
        case .documentType where parentKind == .document: break
        default: throw .cannotInsert(childKind, into: parentKind)
        }
    }

    /// Checks that `child` can go into `parent` (possibly in place of `replaced`) without breaking
    /// the tree: kinds, one element per document, no cycle.
    private func validateInsertion(
        of child: Int32, into parent: Int32, replacing replaced: Int32 = NodeArena.none
    ) throws(DocumentEditError) {
        try validateKinds(of: child, into: parent)
        if arena.nodes[Int(parent)].kind == .document && arena.nodes[Int(child)].kind == .element {
            var sibling = arena.nodes[Int(parent)].firstChild
            while sibling != NodeArena.none {
                if sibling != child && sibling != replaced && arena.nodes[Int(sibling)].kind == .element {
                    throw .documentAlreadyHasElement
                }
                sibling = arena.nodes[Int(sibling)].nextSibling
            }
        }
        if child == parent { throw .wouldCreateCycle }
        let hasDescendants = arena.nodes[Int(child)].firstChild != NodeArena.none || arena.templateContents[child] != nil
        if hasDescendants && isInclusiveAncestor(child, of: parent) { throw .wouldCreateCycle }
    }

    static func isValidElementName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first) else {
            return false
        }
        return !name.utf8.contains { Self.breaksName($0) }
    }

    static func isValidAttributeName(_ name: String) -> Bool {
        !name.isEmpty && !name.utf8.contains { Self.breaksName($0) || $0 == UInt8(ascii: "=") }
    }

    /// Bytes that end or confuse a tag or attribute name in markup.
    private static func breaksName(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "<"),
             UInt8(ascii: "\""), UInt8(ascii: "'"):
            return true
        default:
            return false
        }
    }

    static func isValidCommentData(_ data: String) -> Bool {
        !data.contains("-->") && !data.contains("--!>") && !data.hasPrefix(">") && !data.hasPrefix("->")
    }
}
