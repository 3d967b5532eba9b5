/// Creating and inserting nodes, and the stack and list maintenance steps the modes share.
extension TreeBuilder {
    // MARK: The appropriate place for inserting a node

    /// The appropriate place for inserting a node (§13.2.6.1): a parent and the child to insert
    /// before (`none`: at the end), with foster parenting and template contents applied.
    ///
    /// Inlined: nearly always the place is the end of the current node, whose name the stack caches.
    @inline(__always)
    mutating func appropriatePlace(overrideTarget: Int32? = nil) -> (parent: Int32, before: Int32) {
        let target: Int32
        let name: LocalName
        let namespace: Namespace
        if let overrideTarget {
            target = overrideTarget
            (name, namespace) = (arena.nodes[Int(target)].name, arena.nodes[Int(target)].namespace)
        } else {
            target = open.current
            (name, namespace) = (open.currentInfo.name, open.currentInfo.namespace)
        }
        if namespace == .html && (name == .template || (fosterParenting && TagSets.tableTextContext.contains(name))) {
            return fosteredOrTemplatePlace(target: target, name: name)
        }
        return (target, NodeArena.none)
    }

    /// The appropriate place when the target is a `template` or foster parenting applies.
    @inline(never)
    private mutating func fosteredOrTemplatePlace(target: Int32, name: LocalName) -> (parent: Int32, before: Int32) {
        if fosterParenting && name != .template && TagSets.tableTextContext.contains(name) {
            let lastTable = open.topmostPosition(ofHTML: .table)
            let lastTemplate = open.topmostPosition(ofHTML: .template)
            if let lastTemplate, lastTemplate > (lastTable ?? -1) {
                return (arena.templateContent(of: open[lastTemplate]), NodeArena.none)
            }
            guard let lastTable else { return (open[0], NodeArena.none) }
            let table = open[lastTable]
            let parent = arena.nodes[Int(table)].parent
            if parent != NodeArena.none { return (parent, table) }
            return (open[lastTable - 1], NodeArena.none)
        }
        return (arena.templateContent(of: target), NodeArena.none)
    }

    // MARK: Elements

    /// Creates an element for a start tag, in a namespace, with the tag's attributes (adjusted for SVG
    /// and MathML), and works out its cached facts.
    mutating func createElement(for tag: StartTag, namespace: Namespace) -> (Int32, OpenElementInfo) {
        guard namespace == .html else { return createForeignElement(for: tag, namespace: namespace) }
        return createHTMLElement(for: tag, appendingTo: nil)
    }

    /// ``createElement(for:namespace:)`` for HTML: names as given, no integration point, the
    /// attributes appended in one go. With a `parent`, the element becomes its last child in the
    /// same step.
    @inline(__always)
    private mutating func createHTMLElement(for tag: StartTag, appendingTo parent: Int32?) -> (Int32, OpenElementInfo) {
        let element = if let parent {
            arena.createElement(tag.name, namespace: .html, appendingTo: parent)
        } else {
            arena.createElement(tag.name, namespace: .html)
        }
        if tag.hasTokenAttributes && !tokenizer.attributes.isEmpty {
            tokenizer.attributeBytes.withUnsafeBufferPointer {
                arena.appendTokenAttributes(tokenizer.attributes, values: $0, to: element)
            }
        }
        if tag.name == .selectedcontent { createdSelectedContent = true }
        // Every HTML `template` has its contents fragment from the start, so an empty `<template>`
        // has an empty one (created after the attributes, which stay contiguous).
        if tag.name == .template { _ = arena.templateContent(of: element) }
        return (element, OpenElementInfo(name: tag.name, namespace: .html, isHTMLIntegrationPoint: false))
    }

    /// ``createElement(for:namespace:)`` for SVG and MathML: names and attributes adjusted, and the
    /// integration points recognised.
    @inline(never)
    private mutating func createForeignElement(for tag: StartTag, namespace: Namespace) -> (Int32, OpenElementInfo) {
        var name = tag.name
        if namespace == .svg { name = foreignNameMap().svgTagName(name) }
        let element = arena.createElement(name, namespace: namespace)
        var integration = namespace == .svg && TagSets.svgHTMLIntegration.contains(name)
        if tag.hasTokenAttributes && !tokenizer.attributes.isEmpty {
            let attributes = tokenizer.attributes
            let values = tokenizer.attributeBytes
            let map = foreignNameMap()
            values.withUnsafeBufferPointer { buffer in
                for attribute in attributes {
                    let (attributeName, attributeNamespace) = map.adjustedAttribute(attribute.name, in: namespace)
                    if attribute.inInput {
                        // The arena's source is the tokenizer's input: the value is not copied.
                        arena.appendAttribute(
                            to: element, name: attributeName, namespace: attributeNamespace,
                            sourceStart: attribute.valueStart, count: attribute.valueCount)
                    } else {
                        let value = UnsafeBufferPointer(
                            rebasing: buffer[attribute.valueStart..<(attribute.valueStart + attribute.valueCount)])
                        arena.appendAttribute(
                            to: element, name: attributeName, namespace: attributeNamespace, value: value)
                    }
                }
            }
            if namespace == .mathML && name == .annotationXml {
                for attribute in attributes where attribute.name == .encoding {
                    let value = tokenizer.attributeValue(attribute)
                    integration = HTMLBytes.equalsIgnoringASCIICase(value, "text/html")
                        || HTMLBytes.equalsIgnoringASCIICase(value, "application/xhtml+xml")
                }
            }
        }
        return (element, OpenElementInfo(name: name, namespace: namespace, isHTMLIntegrationPoint: integration))
    }

    /// Inserts an element for a start tag at the appropriate place and pushes it ("insert an HTML
    /// element" / "insert a foreign element").
    @discardableResult
    mutating func insertElement(_ tag: StartTag, namespace: Namespace = .html) -> Int32 {
        let place = appropriatePlace()
        let element: Int32
        let info: OpenElementInfo
        if namespace == .html && place.before == NodeArena.none {
            // The usual case: an HTML element that becomes the last child of its parent, created
            // and linked in one step.
            (element, info) = createHTMLElement(for: tag, appendingTo: place.parent)
        } else {
            (element, info) = createElement(for: tag, namespace: namespace)
            arena.insert(element, into: place.parent, before: place.before)
        }
        open.push(element, info)
        return element
    }

    /// Inserts an HTML element that is popped at once (void elements), acknowledging `/>`.
    ///
    /// The spec pushes the element and pops it at once; nothing reads the stack in between, so it
    /// never joins it (a push and a pop less per `<br>`, `<img>`, `<input>`, `<meta>`…).
    mutating func insertVoidElement(_ tag: StartTag) {
        let place = appropriatePlace()
        if place.before == NodeArena.none {
            _ = createHTMLElement(for: tag, appendingTo: place.parent)
        } else {
            let (element, _) = createElement(for: tag, namespace: .html)
            arena.insert(element, into: place.parent, before: place.before)
        }
        selfClosingAcknowledged = true
    }

    /// A copy of an element (name, namespace and attributes), not yet in the tree: "create an element
    /// for the token for which the element was created".
    mutating func cloneElement(_ node: Int32, appendingTo parent: Int32? = nil) -> (Int32, OpenElementInfo) {
        let record = arena.nodes[Int(node)]
        let info = OpenElementInfo(name: record.name, namespace: record.namespace, isHTMLIntegrationPoint: false)
        let clone = if let parent {
            arena.createElement(record.name, namespace: record.namespace, appendingTo: parent)
        } else {
            arena.createElement(record.name, namespace: record.namespace)
        }
        // Most reopened formatting elements (`<i>`, `<b>` left open by a user) have no attributes.
        guard record.dataCount > 0 else { return (clone, info) }
        // Each record is read by index as it is copied, never through a slice: a slice would keep
        // the arena's attribute array shared, and the first append below would copy all of it
        // (every attribute of the page so far, once per clone). The appends never move the
        // records being read: they come before the clone's.
        let start = Int(record.dataStart)
        let sourceCount = arena.source.count
        for offset in 0..<Int(record.dataCount) {
            let attribute = arena.attributes[start + offset]
            if Int(attribute.valueStart) + Int(attribute.valueCount) <= sourceCount {
                // A value that is a run of the input stays one: nothing to copy.
                arena.appendAttribute(
                    to: clone, name: attribute.name, namespace: attribute.namespace,
                    sourceStart: Int(attribute.valueStart), count: Int(attribute.valueCount))
                continue
            }
            let value = Array(arena.bytes(start: attribute.valueStart, count: attribute.valueCount))
            value.withUnsafeBufferPointer {
                arena.appendAttribute(to: clone, name: attribute.name, namespace: attribute.namespace, value: $0)
            }
        }
        return (clone, info)
    }

    // MARK: Text and comments

    /// Inserts characters at the appropriate place, merging with a text node before them.
    mutating func insertCharacters(_ run: TextRun) {
        let place = appropriatePlace()
        // Only the document itself (node 0 of a document parse) takes no text.
        if place.parent == 0 && arena.nodes[0].kind == .document { return }
        arena.insertText(run, input: input, into: place.parent, before: place.before)
    }

    /// Inserts one U+FFFD REPLACEMENT CHARACTER.
    mutating func insertReplacementCharacter() {
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        replacement.withUnsafeBufferPointer { insertCharacters($0[...]) }
    }

    /// Inserts a comment at the appropriate place, or as the last child of `parent`.
    mutating func insertComment(_ data: TextRun, into parent: Int32? = nil) {
        let comment = arena.createComment(UnsafeBufferPointer(rebasing: data))
        if let parent {
            arena.append(comment, to: parent)
        } else {
            let place = appropriatePlace()
            arena.insert(comment, into: place.parent, before: place.before)
        }
    }

    // MARK: Active formatting elements

    /// Pushes a formatting element onto the list, applying the Noah's Ark clause (at most three
    /// identical entries after the last marker). The list is only scanned when at least three entries
    /// share the element's key, and keys are only computed once three entries share its name (most
    /// pages never have three open `<a>` or `<b>` at once).
    mutating func pushFormattingElement(_ node: Int32, name: LocalName) {
        guard formatting.count(named: name) >= 3 else {
            formatting.push(node, name: name, key: FormattingEntry.unknownKey)
            return
        }
        if formatting.unknownKeys(named: name) > 0 { computeArkKeys(named: name) }
        let key = formatting.arkKey(signature: arena.attributeSignature(node))
        if formatting.count(ofKey: key) >= 3 {
            var identical = 0
            var earliest = -1
            var i = formatting.count - 1
            while i >= 0 {
                let entry = formatting[i]
                if entry.isMarker { break }
                if entry.arkKey == key && entry.name == name && arena.sameAttributes(entry.node, node) {
                    identical += 1
                    earliest = i
                }
                i -= 1
            }
            if identical >= 3 { formatting.remove(at: earliest) }
        }
        formatting.push(node, name: name, key: key)
    }

    /// Gives every entry named `name` that has no key yet its key, scanning back from the end only
    /// as far as the earliest such entry (which the list reached when it held fewer than three of the
    /// name, or as an adoption agency clone of one: either way each entry is computed once).
    private mutating func computeArkKeys(named name: LocalName) {
        var markers = formatting.markerCount
        var i = formatting.count - 1
        while i >= 0 && formatting.unknownKeys(named: name) > 0 {
            let entry = formatting[i]
            if entry.isMarker {
                markers -= 1
            } else if entry.name == name && entry.arkKey == FormattingEntry.unknownKey {
                let signature = arena.attributeSignature(entry.node)
                formatting.setKey(at: i, ActiveFormattingElements.arkKey(signature: signature, markers: markers))
            }
            i -= 1
        }
    }

    /// Reconstructs the active formatting elements: reopens, at the current insertion point, the
    /// formatting elements that were closed implicitly.
    ///
    /// The test for nothing to reopen (the usual answer) is inlined; the reopening is not.
    @inline(__always)
    mutating func reconstructActiveFormattingElements() {
        guard let last = formatting.entries.last else { return }
        if last.isMarker || open.isOpenFormattingElement(last.node) { return }
        reopenFormattingElements()
    }

    /// The steps of ``reconstructActiveFormattingElements()`` past its first test.
    @inline(never)
    private mutating func reopenFormattingElements() {
        var index = formatting.count - 1
        while index > 0 {
            let previous = formatting[index - 1]
            if previous.isMarker || open.isOpenFormattingElement(previous.node) { break }
            index -= 1
        }
        while index < formatting.count {
            let entry = formatting[index]
            let place = appropriatePlace()
            let clone: Int32
            let info: OpenElementInfo
            if place.before == NodeArena.none {
                // The usual place, the end of the current node: created and linked in one step.
                (clone, info) = cloneElement(entry.node, appendingTo: place.parent)
            } else {
                (clone, info) = cloneElement(entry.node)
                arena.insert(clone, into: place.parent, before: place.before)
            }
            open.push(clone, info)
            formatting.replace(at: index, with: clone)
            index += 1
        }
    }

    // MARK: Closing elements

    /// Generates implied end tags, except for an element named `exception`.
    @inline(__always)
    mutating func generateImpliedEndTags(except exception: LocalName? = nil) {
        while !open.isEmpty {
            let info = open.currentInfo
            guard info.isHTML(in: TagSets.impliedEndTags), info.name != exception else { return }
            open.pop()
        }
    }

    /// Generates all implied end tags thoroughly.
    mutating func generateImpliedEndTagsThoroughly() {
        while !open.isEmpty && open.currentInfo.isHTML(in: TagSets.impliedEndTagsThoroughly) {
            open.pop()
        }
    }

    /// Whether the current node is the HTML element `name`.
    @inline(__always)
    func currentIs(_ name: LocalName) -> Bool {
        !open.isEmpty && open.currentInfo.isHTML(name)
    }

    /// Closes a `p` element.
    mutating func closePElement() {
        generateImpliedEndTags(except: .p)
        if !currentIs(.p) { error(.endTagWithOpenElements) }
        open.popUntilHTML(.p)
    }

    /// Closes a `p` element if one is in button scope.
    mutating func closePElementInButtonScope() {
        if open.hasInScope(.p, .button) { closePElement() }
    }

    /// Generates implied end tags, then pops until an HTML element `name` has been popped, with a parse
    /// error when it was not the current node.
    mutating func closeElement(_ name: LocalName) {
        generateImpliedEndTags()
        if !currentIs(name) { error(.endTagWithOpenElements) }
        open.popUntilHTML(name)
    }

    // MARK: Raw text and RCDATA

    /// The generic raw text and RCDATA element parsing algorithms.
    mutating func parseTextElement(_ tag: StartTag, as state: Tokenizer.ContentState) {
        insertElement(tag)
        tokenizer.switchTo(state)
        originalMode = mode
        mode = .text
    }

    // MARK: Resetting the insertion mode

    /// Resets the insertion mode appropriately (§13.2.4.1).
    mutating func resetInsertionMode() {
        var position = open.count - 1
        while position >= 0 {
            var info = open.info(at: position)
            let last = position == 0
            if last, let contextInfo { info = contextInfo }
            if info.namespace == .html {
                switch info.name {
                case .td where !last, .th where !last:
                    mode = .inCell
                    return
                case .tr:
                    mode = .inRow
                    return
                case .tbody, .thead, .tfoot:
                    mode = .inTableBody
                    return
                case .caption:
                    mode = .inCaption
                    return
                case .colgroup:
                    mode = .inColumnGroup
                    return
                case .table:
                    mode = .inTable
                    return
                case .template:
                    mode = templateModes.last ?? .inBody
                    return
                case .head where !last:
                    mode = .inHead
                    return
                case .body:
                    mode = .inBody
                    return
                case .frameset:
                    mode = .inFrameset
                    return
                case .html:
                    mode = headElement == NodeArena.none ? .beforeHead : .afterHead
                    return
                default:
                    break
                }
            }
            if last {
                mode = .inBody
                return
            }
            position -= 1
        }
        mode = .inBody
    }
}

/// The attribute comparisons of the Noah's Ark clause. They live on the arena, not the tree builder:
/// a non-mutating tree builder method called from a mutating one makes Swift copy the whole builder
/// (some 700 bytes and every reference in it) around the call.
extension NodeArena {
    /// Whether two elements have the same attributes (names, namespaces and values), in any order.
    func sameAttributes(_ a: Int32, _ b: Int32) -> Bool {
        let ra = nodes[Int(a)]
        let rb = nodes[Int(b)]
        guard ra.dataCount == rb.dataCount else { return false }
        let startA = Int(ra.dataStart)
        let startB = Int(rb.dataStart)
        for i in startA..<(startA + Int(ra.dataCount)) {
            let attribute = attributes[i]
            var found = false
            for j in startB..<(startB + Int(rb.dataCount)) {
                let other = attributes[j]
                if other.name == attribute.name && other.namespace == attribute.namespace {
                    found = bytes(start: attribute.valueStart, count: attribute.valueCount)
                        == bytes(start: other.valueStart, count: other.valueCount)
                    break
                }
            }
            if !found { return false }
        }
        return true
    }

    /// A hash of an element's name and attributes that does not depend on the attributes' order:
    /// identical elements (for the Noah's Ark clause) have equal signatures.
    func attributeSignature(_ node: Int32) -> UInt64 {
        let record = nodes[Int(node)]
        var signature = UInt64(record.name.id) &* 0x100_0000_01B3 ^ UInt64(record.dataCount) << 48
        let start = Int(record.dataStart)
        for attribute in attributes[start..<(start + Int(record.dataCount))] {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(attribute.name.id) << 8
                ^ UInt64(attribute.namespace.rawValue)
            withBytes(start: attribute.valueStart, count: attribute.valueCount) { value in
                guard let base = value.baseAddress else { return }
                // Eight bytes at a time, then the tail byte by byte.
                var index = 0
                let end = value.count
                while index + 8 <= end {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    hash = (hash ^ word) &* 0x100_0000_01B3
                    hash ^= hash >> 29
                    index += 8
                }
                while index < end {
                    hash = (hash ^ UInt64(base[index])) &* 0x100_0000_01B3
                    index += 1
                }
            }
            signature = signature &+ (hash ^ hash >> 32) &* 0x9E37_79B9_7F4A_7C15
        }
        return signature
    }
}
