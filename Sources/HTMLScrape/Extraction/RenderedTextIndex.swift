/// What ``TextRendering/renderedText(_:in:)`` does over a whole document, recorded once as a list of
/// steps (text to append, line breaks to require, a `<br>`, a tab between cells) with each element's
/// stretch of it, so that the rendered text of any element is a replay of its stretch.
///
/// The list is compressed where that changes nothing: consecutive "require line breaks" steps (the
/// starts and ends of nested blocks) become one, keeping the largest count; white space between
/// such a step and the next one or the next text is left out (a required break drops a pending
/// space). The stretch of an element nested N blocks deep in otherwise empty blocks is then a few
/// steps, not N, and asking for the rendered text of every element of a deep tree costs time
/// linear in the tree.
///
/// Only elements that the standalone rendering would treat the same way are covered: an element
/// inside (or being) a `pre`, `listing`, `textarea`, `plaintext` or `xmp` (whose text a standalone
/// rendering of a descendant would collapse) or inside a hidden element (`script`, `head`… whose
/// rendering skips it) is left to a walk.
final class RenderedTextIndex: Sendable {
    /// One step of the rendering.
    private struct Step {
        enum Kind: UInt8 {
            /// Append the text of `node`, collapsing white space.
            case collapsing
            /// Append the text of `node` as it is (inside preformatted elements).
            case raw
            /// Require `node` line breaks (1 or 2).
            case breaks
            /// A `<br>`.
            case lineBreak
            /// A tab before a table cell.
            case tab
        }

        var kind: Kind
        var node: Int32
    }

    private let steps: [Step]
    /// Per node: where an element's stretch starts and ends in `steps`; -1 when not covered.
    private let starts: [Int32]
    private let ends: [Int32]

    init(arena: NodeArena) {
        var steps: [Step] = []
        var starts = [Int32](repeating: -1, count: arena.nodes.count)
        var ends = [Int32](repeating: -1, count: arena.nodes.count)
        var preformattedDepth = 0
        /// Whether the last step is white space only (collapsing).
        var lastIsSpace = false

        func requireBreaks(_ count: Int32) {
            if let last = steps.last {
                if last.kind == .breaks {
                    steps[steps.count - 1].node = max(last.node, count)
                    return
                }
                if lastIsSpace {
                    // The space would be dropped by the break: the step becomes the break, in place
                    // (stretches recorded around it keep their indices).
                    steps[steps.count - 1] = Step(kind: .breaks, node: count)
                    lastIsSpace = false
                    return
                }
            }
            steps.append(Step(kind: .breaks, node: count))
        }

        func append(_ step: Step) {
            steps.append(step)
            lastIsSpace = false
        }

        var rowsWithCell = Set<Int32>()
        TextRendering.walk(0, in: arena, enter: { node, record in
            switch record.kind {
            case .text:
                guard record.dataCount > 0 else { return false }
                if preformattedDepth > 0 {
                    append(Step(kind: .raw, node: node))
                    return false
                }
                let isSpace = arena.withBytes(start: record.dataStart, count: record.dataCount) { bytes in
                    bytes.allSatisfy(TextRendering.isHTMLWhitespace)
                }
                if isSpace {
                    // Next to a required break, white space changes nothing.
                    if steps.last?.kind == .breaks || lastIsSpace { return false }
                    steps.append(Step(kind: .collapsing, node: node))
                    lastIsSpace = true
                    return false
                }
                append(Step(kind: .collapsing, node: node))
                return false
            case .element:
                guard record.namespace == .html else {
                    if preformattedDepth == 0 { starts[Int(node)] = Int32(steps.count) }
                    return true
                }
                if TextRendering.hidden.contains(record.name) { return false }
                if record.name == .br {
                    append(Step(kind: .lineBreak, node: node))
                    return false
                }
                if record.name == .p { requireBreaks(2) } else if TextRendering.blocks.contains(record.name) {
                    requireBreaks(1)
                }
                if record.name == .td || record.name == .th {
                    if !rowsWithCell.insert(record.parent).inserted { append(Step(kind: .tab, node: node)) }
                }
                if TextRendering.preformatted.contains(record.name) { preformattedDepth += 1 }
                if preformattedDepth == 0 { starts[Int(node)] = Int32(steps.count) }
                return true
            default:
                return false
            }
        }, exit: { node, record in
            if starts[Int(node)] >= 0 { ends[Int(node)] = Int32(steps.count) }
            guard record.namespace == .html else { return }
            if TextRendering.preformatted.contains(record.name) { preformattedDepth -= 1 }
            if record.name == .p { requireBreaks(2) } else if TextRendering.blocks.contains(record.name) {
                requireBreaks(1)
            }
        })
        self.steps = steps
        self.starts = starts
        self.ends = ends
    }

    /// The rendered text of `node`, or `nil` when the index does not cover it.
    func renderedText(of node: Int32, in arena: NodeArena) -> String? {
        let start = starts[Int(node)]
        guard start >= 0 else { return nil }
        var renderer = TextRendering.Renderer()
        for step in steps[Int(start)..<Int(ends[Int(node)])] {
            switch step.kind {
            case .collapsing:
                let record = arena.nodes[Int(step.node)]
                renderer.appendCollapsing(arena.bytes(start: record.dataStart, count: record.dataCount))
            case .raw:
                let record = arena.nodes[Int(step.node)]
                renderer.appendRaw(arena.bytes(start: record.dataStart, count: record.dataCount))
            case .breaks:
                renderer.requireBreaks(Int(step.node))
            case .lineBreak:
                renderer.lineBreak()
            case .tab:
                renderer.tab()
            }
        }
        return renderer.finish()
    }
}
