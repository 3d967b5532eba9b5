/// The form-control states the `:checked`, `:disabled` and `:enabled` selectors look at.
enum FormState {
    private static let disableable = NameSet(.button, .input, .select, .textarea, .fieldset, .optgroup, .option)

    /// Whether an element is disabled (HTML's "actually disabled" rules, `fieldset` and its first
    /// `legend` included), or `nil` when it is not an element that can be enabled or disabled.
    ///
    /// `insideDisabledFieldset`, when given, answers the `fieldset` rule for the element (a caller
    /// that asks of many elements remembers it along the way); without it the ancestors are climbed.
    static func isDisabled(
        _ node: Int32, in arena: NodeArena, insideDisabledFieldset: ((Int32) -> Bool)? = nil
    ) -> Bool? {
        let record = arena.nodes[Int(node)]
        guard record.namespace == .html, disableable.contains(record.name) else { return nil }
        if arena.attributeIndex(of: node, name: .disabled) != nil { return true }
        switch record.name {
        case .optgroup:
            return false
        case .option:
            let parent = record.parent
            if parent != NodeArena.none, arena.nodes[Int(parent)].namespace == .html,
               arena.nodes[Int(parent)].name == .optgroup {
                return arena.attributeIndex(of: parent, name: .disabled) != nil
            }
            return false
        default:
            // A disabled fieldset ancestor disables it, unless it sits in that fieldset's first legend.
            if let insideDisabledFieldset { return insideDisabledFieldset(node) }
            var child = node
            var ancestor = record.parent
            while ancestor != NodeArena.none && arena.nodes[Int(ancestor)].kind == .element {
                let ancestorRecord = arena.nodes[Int(ancestor)]
                if ancestorRecord.namespace == .html && ancestorRecord.name == .fieldset
                    && arena.attributeIndex(of: ancestor, name: .disabled) != nil
                    && !isFirstLegend(child, of: ancestor, in: arena) {
                    return true
                }
                child = ancestor
                ancestor = ancestorRecord.parent
            }
            return false
        }
    }

    private static func isFirstLegend(_ node: Int32, of fieldset: Int32, in arena: NodeArena) -> Bool {
        let record = arena.nodes[Int(node)]
        guard record.kind == .element, record.namespace == .html, record.name == .legend else { return false }
        var child = arena.nodes[Int(fieldset)].firstChild
        while child != NodeArena.none {
            let candidate = arena.nodes[Int(child)]
            if candidate.kind == .element && candidate.namespace == .html && candidate.name == .legend {
                return child == node
            }
            child = candidate.nextSibling
        }
        return false
    }
}
