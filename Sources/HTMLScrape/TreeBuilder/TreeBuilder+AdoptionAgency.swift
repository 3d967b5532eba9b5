/// The adoption agency algorithm (§13.2.6.4.7, "in body", end tags of formatting elements).
extension TreeBuilder {
    /// Runs the adoption agency algorithm for an end tag named `subject`. Returns `false` when the
    /// caller must act as for "any other end tag" instead.
    ///
    /// The outer loop runs at most 8 times and the inner loop's removals start after 3 steps, as the
    /// spec says, so misnested markup costs a bounded amount of work per end tag.
    mutating func adoptionAgency(_ subject: LocalName) -> Bool {
        if currentIs(subject) && formatting.position(of: open.current) == nil {
            open.pop()
            return true
        }
        // The well-nested case (`<b>x</b>`): the formatting element is the current node, so it is in
        // scope and there is no furthest block: the outer loop's first pass pops it and drops its entry.
        if let (formattingPosition, formattingElement) = formatting.lastElement(named: subject),
           formattingElement == open.current {
            open.pop()
            formatting.remove(at: formattingPosition)
            return true
        }
        for _ in 0..<8 {
            guard let (formattingPosition, formattingElement) = formatting.lastElement(named: subject) else {
                return false
            }
            guard open.isOpenFormattingElement(formattingElement),
                let stackPosition = open.position(of: formattingElement)
            else {
                error(.misnestedFormatting)
                formatting.remove(at: formattingPosition)
                return true
            }
            guard open.hasNodeInScope(formattingElement) else {
                error(.misnestedFormatting)
                return true
            }
            if stackPosition != open.count - 1 { error(.misnestedFormatting) }

            var furthestPosition = stackPosition + 1
            while furthestPosition < open.count && !open.info(at: furthestPosition).isSpecial {
                furthestPosition += 1
            }
            if furthestPosition >= open.count {
                while open.count > stackPosition { open.pop() }
                formatting.remove(at: formattingPosition)
                return true
            }
            let furthestBlock = open[furthestPosition]
            let commonAncestor = open[stackPosition - 1]
            var bookmark = formattingPosition
            var node: Int32
            var lastNode = furthestBlock
            var nodePosition = furthestPosition
            var innerCount = 0
            while true {
                innerCount += 1
                nodePosition -= 1
                node = open[nodePosition]
                if node == formattingElement { break }
                var entryPosition = formatting.position(of: node)
                if innerCount > 3, let position = entryPosition {
                    formatting.remove(at: position)
                    if position < bookmark { bookmark -= 1 }
                    entryPosition = nil
                }
                guard let entry = entryPosition else {
                    open.remove(at: nodePosition)
                    continue
                }
                let (clone, info) = cloneElement(node)
                formatting.replace(at: entry, with: clone)
                open.replace(at: nodePosition, with: clone, info)
                node = clone
                if lastNode == furthestBlock { bookmark = entry + 1 }
                arena.detach(lastNode)
                arena.append(lastNode, to: node)
                lastNode = node
            }
            arena.detach(lastNode)
            let place = appropriatePlace(overrideTarget: commonAncestor)
            arena.insert(lastNode, into: place.parent, before: place.before)

            let (newElement, newInfo) = cloneElement(formattingElement)
            arena.moveChildren(of: furthestBlock, to: newElement)
            arena.append(newElement, to: furthestBlock)

            // The clone takes the key of the entry it replaces (same name and attributes, same
            // markers before it), computed or not.
            var key = FormattingEntry.unknownKey
            if let position = formatting.position(of: formattingElement) {
                key = formatting[position].arkKey
                formatting.remove(at: position)
                if position < bookmark { bookmark -= 1 }
            }
            formatting.insert(newElement, name: subject, key: key, at: min(bookmark, formatting.count))

            // The formatting element is below the furthest block: move the elements between down
            // one slot and put the new element above the furthest block, touching nothing else.
            if let removed = open.position(of: formattingElement), let furthest = open.position(of: furthestBlock),
               removed < furthest {
                open.remove(at: removed, insertingAbove: furthest, newElement, newInfo)
            } else {
                if let position = open.position(of: formattingElement) { open.remove(at: position) }
                if let position = open.position(of: furthestBlock) {
                    open.insert(newElement, newInfo, at: position + 1)
                }
            }
        }
        return true
    }
}
