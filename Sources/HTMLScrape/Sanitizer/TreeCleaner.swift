/// Copies the parts of a tree that a ``SanitizerPolicy`` allows into a new arena: one iterative
/// pre-order walk that keeps, unwraps or skips each element, filters attributes and merges the text
/// that unwrapping brings together.
struct TreeCleaner {
    let policy: SanitizerPolicy
    let source: NodeArena
    private let values: AttributeValueCleaner
    /// Decisions by element name id, as names repeat.
    private var decisions: [UInt32: HTMLSanitizer.Decision] = [:]
    /// Attribute spellings by name id.
    private var spellings: [UInt32: String] = [:]

    /// Elements whose `target="_blank"` opens a page that could reach back through `window.opener`.
    private static let linkElements: Set<String> = ["a", "area", "form"]
    /// Attributes never kept: they hold markup or send requests.
    private static let forbiddenAttributes: Set<String> = ["srcdoc", "ping", "xmlns"]

    init(policy: SanitizerPolicy, source: NodeArena) {
        self.policy = policy
        self.source = source
        values = AttributeValueCleaner(policy: policy)
    }

    /// Copies what is allowed below `sourceRoot` into `outputRoot`.
    ///
    /// Where an unwrapped element was a block (a paragraph, a list item, a heading, a table row…) or a
    /// `<br>`, the text keeps a line break, and a tab where it was a table cell: `<li>Arrow</li><li>The
    /// Flash</li>` with every element unwrapped is "Arrow\nThe Flash", never "ArrowThe Flash". The walk
    /// is iterative and visits each node once on the way in and once on the way out.
    mutating func copyContent(of sourceRoot: Int32, into outputRoot: Int32, of output: inout NodeArena) {
        var containers = [Int32](repeating: NodeArena.none, count: source.nodes.count)
        containers[Int(sourceRoot)] = outputRoot
        /// The boundary an unwrapped block left, written before the next visible content.
        var pending: Boundary?
        var node = source.nodes[Int(sourceRoot)].firstChild
        while node != NodeArena.none {
            let record = source.nodes[Int(node)]
            let container = containers[Int(record.parent)]
            var descends = false
            switch record.kind {
            case .text where record.dataCount > 0 && container != NodeArena.none:
                let text = source.bytes(start: record.dataStart, count: record.dataCount)
                if let boundary = pending, !text.allSatisfy(TextRendering.isHTMLWhitespace) {
                    Self.write(boundary, at: container, root: outputRoot, in: &output)
                    pending = nil
                }
                text.withUnsafeBufferPointer { output.appendText($0, to: container) }
            case .comment where policy.keepsComments && container != NodeArena.none:
                let data = source.string(of: node)
                if MutableDocument.isValidCommentData(data) && !data.contains("[if") && !data.contains("<!") {
                    source.bytes(start: record.dataStart, count: record.dataCount).withUnsafeBufferPointer {
                        output.append(output.createComment($0), to: container)
                    }
                }
            case .element:
                switch decision(for: record) {
                case .remove:
                    break
                case .unwrap:
                    containers[Int(node)] = container
                    if let boundary = Boundary(record) { pending = max(pending ?? boundary, boundary) }
                    descends = true
                case .keep:
                    if let boundary = pending, container != NodeArena.none {
                        Self.write(boundary, at: container, root: outputRoot, in: &output)
                        pending = nil
                    }
                    let copy = copyElement(node, into: &output)
                    output.append(copy, to: container)
                    containers[Int(node)] = copy
                    descends = true
                }
            default:
                break
            }
            if descends && record.firstChild != NodeArena.none {
                node = record.firstChild
                continue
            }
            // Leave the node, then climb until a next sibling appears; an unwrapped block left
            // behind leaves its boundary.
            var current = node
            node = NodeArena.none
            while current != sourceRoot {
                let left = source.nodes[Int(current)]
                if left.kind == .element, let boundary = Boundary(left), decision(for: left) == .unwrap {
                    pending = max(pending ?? boundary, boundary)
                }
                if left.nextSibling != NodeArena.none {
                    node = left.nextSibling
                    break
                }
                current = left.parent
                if current == NodeArena.none { break }
            }
        }
    }

    /// What an unwrapped element leaves in the text: a tab for a table cell, a line break for a
    /// block or a `<br>` (the stronger when both meet).
    enum Boundary: Comparable {
        case tab
        case lineBreak

        /// The boundary `record` leaves when unwrapped, or `nil` for an inline element.
        init?(_ record: NodeRecord) {
            guard record.namespace == .html else { return nil }
            if record.name == .td || record.name == .th {
                self = .tab
            } else if record.name == .br || TextRendering.blocks.contains(record.name) {
                self = .lineBreak
            } else {
                return nil
            }
        }

        var byte: UInt8 { self == .tab ? 0x09 : 0x0A }
    }

    /// Writes `boundary` where the next content goes: at the end of `container`; when that is the
    /// start of the container, just before it, and so on up to `root` (the start of the whole output
    /// needs none). Text that already ends in a line break (or, for a tab, in any white space) is left
    /// as it is.
    private static func write(_ boundary: Boundary, at container: Int32, root: Int32, in output: inout NodeArena) {
        var parent = container
        var reference = NodeArena.none  // insert before this; `none`: at the end of `parent`
        var previous = output.nodes[Int(parent)].lastChild
        while previous == NodeArena.none {
            guard parent != root else { return }
            let up = output.nodes[Int(parent)].parent
            guard up != NodeArena.none else { return }
            reference = parent
            parent = up
            previous = output.nodes[Int(reference)].previousSibling
        }
        if output.nodes[Int(previous)].kind == .text {
            let record = output.nodes[Int(previous)]
            let last = output.bytes(start: record.dataStart, count: record.dataCount).last
            if last == 0x0A || (boundary == .tab && last.map(TextRendering.isHTMLWhitespace) == true) { return }
            [boundary.byte].withUnsafeBufferPointer { output.extendText(previous, with: $0) }
        } else {
            let text = [boundary.byte].withUnsafeBufferPointer { output.createText($0) }
            output.insert(text, into: parent, before: reference)
        }
    }

    private mutating func decision(for record: NodeRecord) -> HTMLSanitizer.Decision {
        guard record.namespace == .html else { return .remove }
        if let known = decisions[record.name.id] { return known }
        let name = source.names.spelling(of: record.name)
        let decision: HTMLSanitizer.Decision
        if SanitizerPolicy.alwaysRemovedWithContent.contains(name) || policy.removedWithContent.contains(name) {
            decision = .remove
        } else if SanitizerPolicy.neverAllowed.contains(name) {
            decision = .unwrap
        } else if policy.allowedElements.contains(name) || Self.isImplied(name, by: policy.allowedElements) {
            decision = .keep
        } else {
            decision = .unwrap
        }
        decisions[record.name.id] = decision
        return decision
    }

    /// Whether the parser would put `name` back wherever the allowed elements are, so that unwrapping
    /// it could never settle (the whole table would be dropped instead): `tbody` in a `table`, and
    /// `tr` around the cells of a table.
    private static func isImplied(_ name: String, by allowed: Set<String>) -> Bool {
        switch name {
        case "tbody": return allowed.contains("table")
        case "tr": return allowed.contains("table") && (allowed.contains("td") || allowed.contains("th"))
        default: return false
        }
    }

    private mutating func spelling(of name: LocalName) -> String {
        if let known = spellings[name.id] { return known }
        let spelling = source.names.spelling(of: name)
        spellings[name.id] = spelling
        return spelling
    }

    /// What happens to one attribute of one element, decided once per pair of names.
    private enum AttributeRule {
        case drop
        /// Kept as it is.
        case copy
        /// Kept after ``cleanValue(_:of:)`` (URLs, `srcset`, `style`, `id`, `name`).
        case clean(String)
    }

    private var attributeRules: [UInt64: AttributeRule] = [:]

    private mutating func rule(for attribute: LocalName, on element: LocalName, elementName: String) -> AttributeRule {
        let key = UInt64(element.id) << 32 | UInt64(attribute.id)
        if let known = attributeRules[key] { return known }
        let name = spelling(of: attribute)
        let rule: AttributeRule
        if name.hasPrefix("on") || Self.forbiddenAttributes.contains(name) || !policy.allows(attribute: name, on: elementName) {
            rule = .drop
        } else if name == "id" || name == "name" || name == "style" || name == "srcset"
                    || AttributeValueCleaner.urlAttributes.contains(name) {
            rule = .clean(name)
        } else {
            rule = .copy
        }
        attributeRules[key] = rule
        return rule
    }

    /// An attribute to write: the source's bytes, or a cleaned value.
    private enum Kept {
        case source(AttributeRecord)
        case value(name: String, value: String)
    }

    /// A copy of an allowed element with the attributes that pass, in their order.
    private mutating func copyElement(_ node: Int32, into output: inout NodeArena) -> Int32 {
        let record = source.nodes[Int(node)]
        let elementName = spelling(of: record.name)
        var kept: [Kept] = []
        var i = Int(record.dataStart)
        let end = i + Int(record.dataCount)
        while i < end {
            let attribute = source.attributes[i]
            i += 1
            guard attribute.namespace == .none else { continue }
            switch rule(for: attribute.name, on: record.name, elementName: elementName) {
            case .drop:
                continue
            case .copy:
                kept.append(.source(attribute))
            case let .clean(name):
                let raw = String(decoding: source.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self)
                if let value = cleanValue(raw, of: name) { kept.append(.value(name: name, value: value)) }
            }
        }
        if policy.enforcedAttributes[elementName] != nil
            || (policy.addsNoopenerToBlankTargets && Self.linkElements.contains(elementName)) {
            // Rare: work on strings.
            var strings = kept.map { entry -> (name: String, value: String) in
                switch entry {
                case let .source(attribute):
                    return (spelling(of: attribute.name), String(
                        decoding: source.bytes(start: attribute.valueStart, count: attribute.valueCount), as: UTF8.self))
                case let .value(name, value):
                    return (name, value)
                }
            }
            adjust(&strings, of: elementName)
            kept = strings.map { .value(name: $0.name, value: $0.value) }
        }
        let copy = output.createElement(record.name, namespace: .html)
        for entry in kept {
            switch entry {
            case let .source(attribute):
                source.bytes(start: attribute.valueStart, count: attribute.valueCount).withUnsafeBufferPointer {
                    output.appendAttribute(to: copy, name: attribute.name, namespace: .none, value: $0)
                }
            case let .value(name, value):
                let atom = output.names.intern(name)
                var utf8 = Array(value.utf8)
                utf8.withUnsafeMutableBufferPointer {
                    output.appendAttribute(to: copy, name: atom, namespace: .none, value: UnsafeBufferPointer($0))
                }
            }
        }
        return copy
    }

    /// Enforced attributes, and `rel="noopener noreferrer"` on links that open a blank target.
    private func adjust(_ kept: inout [(name: String, value: String)], of elementName: String) {
        for (name, value) in policy.enforcedAttributes[elementName] ?? [:] {
            let lowered = name.asciiLowercased
            guard MutableDocument.isValidAttributeName(lowered), !lowered.hasPrefix("on") else { continue }
            set(lowered, to: value, in: &kept)
        }
        if policy.addsNoopenerToBlankTargets, Self.linkElements.contains(elementName),
           let target = kept.first(where: { $0.name == "target" })?.value,
           target.trimmingHTMLWhitespace.asciiLowercased == "_blank" {
            var tokens = (kept.first { $0.name == "rel" }?.value ?? "")
                .split(whereSeparator: { $0.isHTMLWhitespace }).map(String.init)
            for needed in ["noopener", "noreferrer"] where !tokens.contains(where: { $0.asciiLowercased == needed }) {
                tokens.append(needed)
            }
            set("rel", to: tokens.joined(separator: " "), in: &kept)
        }
    }

    private func set(_ name: String, to value: String, in kept: inout [(name: String, value: String)]) {
        if let index = kept.firstIndex(where: { $0.name == name }) {
            kept[index].value = value
        } else {
            kept.append((name, value))
        }
    }

    /// The value to keep for an allowed attribute, or `nil` to drop it.
    private func cleanValue(_ value: String, of name: String) -> String? {
        switch name {
        case "id", "name":
            switch policy.identifiers {
            case .drop: return nil
            case .keep: return value
            case let .prefix(prefix): return value.hasPrefix(prefix) ? value : prefix + value
            }
        case "style":
            return values.style(value)
        case "srcset":
            return values.srcset(value)
        default:
            if AttributeValueCleaner.urlAttributes.contains(name) { return values.url(value, attribute: name) }
            return value
        }
    }
}

extension String {
    /// The string without ASCII white space at either end.
    var trimmingHTMLWhitespace: Substring {
        var view = self[...]
        while let first = view.first, first.isHTMLWhitespace { view.removeFirst() }
        while let last = view.last, last.isHTMLWhitespace { view.removeLast() }
        return view
    }
}

extension Substring {
    /// The substring with ASCII upper-case letters lowered.
    var asciiLowercased: String { String(self).asciiLowercased }
}
