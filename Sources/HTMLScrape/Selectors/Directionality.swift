/// The directionality of elements (HTML §3.2.6.4 "The dir attribute"), what `:dir()` matches,
/// computed for one query and remembered per element.
///
/// An element's directionality is:
/// - `ltr` or `rtl` when its `dir` attribute says so;
/// - for `dir=auto`, and for a `bdi` without a valid `dir`: the first strong character of its text
///   (text inside `bdi`, `script`, `style`, `textarea` and elements with a valid `dir` of their own is
///   skipped), or of its value for a text-like `input` and for a `textarea`; `ltr` when there is none;
/// - `ltr` for an `input type=tel` without a valid `dir`, and for the document element without one;
/// - otherwise its parent element's directionality (`ltr` at the root).
///
/// Whether a character is strong right-to-left is taken from the Unicode blocks of the
/// right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their
/// supplements, and U+200F RIGHT-TO-LEFT MARK); other letters, and U+200E LEFT-TO-RIGHT MARK, are
/// strong left-to-right. Digits, punctuation and marks are neutral. That is the bidirectional class
/// of the Unicode Character Database for letters, without carrying its table.
///
/// Ancestor chains are climbed once: every element passed on the way records the answer, so a whole
/// query costs time linear in the document, however deep.
final class Directionality {
    private let arena: NodeArena
    /// Per node: 0 unknown, 1 ltr, 2 rtl.
    private let cache: NodeMap<UInt8>

    init(arena: NodeArena, pool: ScratchPool) {
        self.arena = arena
        cache = NodeMap(capacity: arena.nodes.count, pool: pool)
    }

    var isDense: Bool { cache.isDense }

    /// The directionality of an element.
    func direction(of element: Int32) -> TextDirection {
        var passed: [Int32] = []
        var current = element
        var result = TextDirection.leftToRight
        while true {
            let known = cache[Int(current)]
            if known != 0 {
                result = known == 2 ? .rightToLeft : .leftToRight
                break
            }
            if let own = ownDirection(of: current) {
                result = own
                cache[Int(current)] = own == .rightToLeft ? 2 : 1
                break
            }
            passed.append(current)
            let parent = arena.nodes[Int(current)].parent
            guard parent != NodeArena.none, arena.nodes[Int(parent)].kind == .element else { break }
            current = parent
        }
        let value: UInt8 = result == .rightToLeft ? 2 : 1
        for node in passed { cache[Int(node)] = value }
        return result
    }

    /// The `dir` attribute's state: `ltr`, `rtl`, `auto`, or `nil` when missing or invalid.
    private enum DirState { case ltr, rtl, auto }

    private func dirState(of node: Int32) -> DirState? {
        guard let value = attribute(.dir, of: node) else { return nil }
        if HTMLBytes.equalsIgnoringASCIICase(value, "ltr") { return .ltr }
        if HTMLBytes.equalsIgnoringASCIICase(value, "rtl") { return .rtl }
        if HTMLBytes.equalsIgnoringASCIICase(value, "auto") { return .auto }
        return nil
    }

    private func attribute(_ name: LocalName, of node: Int32) -> ArraySlice<UInt8>? {
        guard let index = arena.attributeIndex(of: node, name: name) else { return nil }
        let attribute = arena.attributes[index]
        return arena.bytes(start: attribute.valueStart, count: attribute.valueCount)
    }

    /// The element's direction when it does not come from its parent; `nil` when it does.
    private func ownDirection(of node: Int32) -> TextDirection? {
        let record = arena.nodes[Int(node)]
        let isHTML = record.namespace == .html
        let state = isHTML ? dirState(of: node) : nil
        switch state {
        case .ltr: return .leftToRight
        case .rtl: return .rightToLeft
        case .auto: return autoDirection(of: node, record) ?? .leftToRight
        case nil:
            if isHTML && record.name == .bdi { return autoDirection(of: node, record) ?? .leftToRight }
            if isHTML && record.name == .input, let type = attribute(.type, of: node),
               HTMLBytes.equalsIgnoringASCIICase(type, "tel") {
                return .leftToRight
            }
            let parent = record.parent
            if parent == NodeArena.none || arena.nodes[Int(parent)].kind != .element { return .leftToRight }
            return nil
        }
    }

    /// `input` types whose value decides a `dir=auto` direction.
    private static let valueTypes: [StaticString] = ["hidden", "text", "search", "tel", "url", "email", "password", "submit",
                                     "reset", "button"]

    /// The "auto directionality" of an element: from its value (text-like `input`, `textarea`) or
    /// its contained text; `nil` when nothing strong is found.
    private func autoDirection(of node: Int32, _ record: NodeRecord) -> TextDirection? {
        if record.namespace == .html && record.name == .input {
            let type = attribute(.type, of: node)
            let isValueType = type.map { type in
                Self.valueTypes.contains { HTMLBytes.equalsIgnoringASCIICase(type, $0) }
            } ?? true
            if isValueType {
                let value = attribute(.value, of: node) ?? []
                if let direction = Self.firstStrongDirection(value) { return direction }
                return value.isEmpty ? nil : .leftToRight
            }
        }
        if record.namespace == .html && record.name == .textarea {
            var text: [UInt8] = []
            var child = record.firstChild
            while child != NodeArena.none {
                let childRecord = arena.nodes[Int(child)]
                if childRecord.kind == .text {
                    text.append(contentsOf: arena.bytes(start: childRecord.dataStart, count: childRecord.dataCount))
                }
                child = childRecord.nextSibling
            }
            if let direction = Self.firstStrongDirection(text[...]) { return direction }
            return text.isEmpty ? nil : .leftToRight
        }
        // The contained text, skipping what decides its own direction or is not text a reader sees.
        var current = arena.following(node, within: node)
        while current != NodeArena.none {
            let currentRecord = arena.nodes[Int(current)]
            if currentRecord.kind == .element {
                let skips = currentRecord.namespace == .html
                    && (currentRecord.name == .bdi || currentRecord.name == .script || currentRecord.name == .style
                        || currentRecord.name == .textarea || dirState(of: current) != nil)
                if skips {
                    current = arena.followingSkippingChildren(current, within: node)
                    continue
                }
            } else if currentRecord.kind == .text,
                      let direction = Self.firstStrongDirection(
                        arena.bytes(start: currentRecord.dataStart, count: currentRecord.dataCount)) {
                return direction
            }
            current = arena.following(current, within: node)
        }
        return nil
    }

    /// The direction of the first strong character of UTF-8 text, if it has one.
    static func firstStrongDirection(_ text: ArraySlice<UInt8>) -> TextDirection? {
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            if let direction = strongDirection(scalar) { return direction }
        }
        return nil
    }

    /// Whether a character is strong left-to-right, strong right-to-left, or neither (`nil`).
    static func strongDirection(_ scalar: Unicode.Scalar) -> TextDirection? {
        let value = scalar.value
        if value < 0x80 {
            let isLetter = (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
            return isLetter ? .leftToRight : nil
        }
        if value == 0x200E { return .leftToRight }
        if value == 0x200F || value == 0x061C { return .rightToLeft }
        let isLetter: Bool
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .spacingMark:
            isLetter = true
        default:
            isLetter = false
        }
        guard isLetter else { return nil }
        return isRightToLeftBlock(value) ? .rightToLeft : .leftToRight
    }

    /// The blocks of the right-to-left scripts.
    private static func isRightToLeftBlock(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, NKo, Samaritan, Mandaic…
             0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms A
             0xFE70...0xFEFF,  // Arabic presentation forms B
             0x10800...0x10FFF,  // Cypriot … Old Turkic and the other historic right-to-left scripts
             0x1E800...0x1EFFF:  // Mende Kikakui, Adlam, Arabic mathematical symbols
            return true
        default:
            return false
        }
    }
}
