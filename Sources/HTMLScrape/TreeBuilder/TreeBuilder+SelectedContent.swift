/// Customizable `select`: a `selectedcontent` element inside a `select` shows a copy of the selected
/// option's contents (the "maybe clone an option into selectedcontent" steps).
///
/// The copy is made once, when the parse ends, from the options' final contents: the same tree the
/// step-by-step cloning during the parse ends with. It costs nothing for documents without a
/// `selectedcontent` element.
extension TreeBuilder {
    /// Fills every `select`'s first `selectedcontent` with a copy of its selected option's children.
    mutating func fillSelectedContents() {
        var selects: [Int32] = []
        var node = arena.following(0, within: 0)
        while node != NodeArena.none {
            let record = arena.nodes[Int(node)]
            if record.kind == .element && record.namespace == .html && record.name == .select {
                selects.append(node)
            }
            node = arena.following(node, within: 0)
        }
        let multiple = tokenizer.names.lookup("multiple")
        for select in selects {
            if let multiple, arena.attributeIndex(of: select, name: multiple) != nil { continue }
            fillSelectedContent(of: select)
        }
    }

    /// Fills one `select`'s `selectedcontent`, if it has one and an option is selected.
    private mutating func fillSelectedContent(of select: Int32) {
        var selectedContent = NodeArena.none
        var firstEnabledOption = NodeArena.none
        var lastSelectedOption = NodeArena.none
        var node = arena.following(select, within: select)
        while node != NodeArena.none {
            let record = arena.nodes[Int(node)]
            if record.kind == .element && record.namespace == .html {
                if record.name == .selectedcontent && selectedContent == NodeArena.none { selectedContent = node }
                if record.name == .select {
                    // The first `selectedcontent` descendant in tree order may sit in a nested select
                    // (where it is disabled, below); that select's options are not this one's.
                    if selectedContent == NodeArena.none { selectedContent = firstSelectedContent(in: node) }
                    node = arena.followingSkippingChildren(node, within: select)
                    continue
                }
                if record.name == .option {
                    if arena.attributeIndex(of: node, name: .selected) != nil { lastSelectedOption = node }
                    if firstEnabledOption == NodeArena.none && arena.attributeIndex(of: node, name: .disabled) == nil {
                        firstEnabledOption = node
                    }
                }
            }
            node = arena.following(node, within: select)
        }
        let option = lastSelectedOption != NodeArena.none ? lastSelectedOption : firstEnabledOption
        guard selectedContent != NodeArena.none, option != NodeArena.none,
              !isDisabledSelectedContent(selectedContent, in: select)
        else { return }
        // Copy first (into a detached holder), then replace: the option may contain the
        // selectedcontent itself.
        let holder = arena.createElement(.selectedcontent, namespace: .html)
        copyChildren(of: option, to: holder)
        while case let child = arena.nodes[Int(selectedContent)].firstChild, child != NodeArena.none {
            arena.detach(child)
        }
        arena.moveChildren(of: holder, to: selectedContent)
    }

    /// The first `selectedcontent` element below `root`, in tree order, or `none`.
    private func firstSelectedContent(in root: Int32) -> Int32 {
        var node = arena.following(root, within: root)
        while node != NodeArena.none {
            let record = arena.nodes[Int(node)]
            if record.kind == .element && record.namespace == .html && record.name == .selectedcontent { return node }
            node = arena.following(node, within: root)
        }
        return NodeArena.none
    }

    /// The `selectedcontent` "disabled state" of the HTML standard: set when an `option`, another
    /// `selectedcontent` or another `select` stands between it and `select`. A disabled one is never
    /// filled, so `<select><option><selectedcontent>` does not copy the option into itself and
    /// serialising then parsing again gives the same tree.
    private func isDisabledSelectedContent(_ selectedContent: Int32, in select: Int32) -> Bool {
        var ancestor = arena.nodes[Int(selectedContent)].parent
        while ancestor != NodeArena.none && ancestor != select {
            let record = arena.nodes[Int(ancestor)]
            if record.kind == .element && record.namespace == .html
                && (record.name == .option || record.name == .selectedcontent || record.name == .select)
            {
                return true
            }
            ancestor = record.parent
        }
        return false
    }

    /// Appends deep copies of `source`'s children to `destination`, iteratively. Nodes created by
    /// the copy are never copied again, so the copy is finite whatever `destination` is.
    private mutating func copyChildren(of source: Int32, to destination: Int32) {
        let firstCopy = Int32(arena.nodes.count)
        var stack: [(Int32, Int32)] = []
        pushChildren(of: source, copyingInto: destination, onto: &stack)
        while let (original, parent) = stack.popLast() {
            let record = arena.nodes[Int(original)]
            let copy: Int32
            switch record.kind {
            case .element:
                copy = cloneElement(original).0
            case .text, .comment:
                let bytes = Array(arena.bytes(start: record.dataStart, count: record.dataCount))
                copy = bytes.withUnsafeBufferPointer {
                    record.kind == .text ? arena.createText($0) : arena.createComment($0)
                }
            default:
                continue
            }
            arena.append(copy, to: parent)
            if record.kind == .element && original < firstCopy {
                pushChildren(of: original, copyingInto: copy, onto: &stack)
            }
        }
    }

    /// Pushes a node's children, last first, so that they are copied in order.
    private func pushChildren(of node: Int32, copyingInto parent: Int32, onto stack: inout [(Int32, Int32)]) {
        var child = arena.nodes[Int(node)].lastChild
        while child != NodeArena.none {
            stack.append((child, parent))
            child = arena.nodes[Int(child)].previousSibling
        }
    }
}
