/// The normalised text (as ``Element/text``) of a whole document in one buffer, with each element's
/// text located as a slice of it: an element's text is its subtree's stretch of the buffer, trimmed.
/// Built in one walk, it lets `:contains()` test every element of a page in linear time, where
/// computing each element's text on its own would cost the document's depth times its size.
final class TextIndex {
    /// The text of the document, lower-cased chunk by chunk when the index is for case-insensitive
    /// search.
    let bytes: [UInt8]
    /// Per node: where an element's text starts and ends in `bytes`; -1 when the index does not cover
    /// it (template contents, and `script`/`style` when the index leaves their text out).
    private let starts: [Int32]
    private let ends: [Int32]
    /// Every place each needle occurs, in order, found on first use.
    private var occurrences: [[UInt8]: [Int32]] = [:]

    /// With `includesScripts`, the text of `script` and `style` elements counts as text.
    init(arena: NodeArena, lowercased: Bool, includesScripts: Bool = false) {
        var buffer = TextRendering.CollapsingBuffer()
        var starts = [Int32](repeating: -1, count: arena.nodes.count)
        var ends = [Int32](repeating: -1, count: arena.nodes.count)
        TextRendering.walk(0, in: arena, enter: { node, record in
            switch record.kind {
            case .text:
                let text = arena.bytes(start: record.dataStart, count: record.dataCount)
                if lowercased {
                    buffer.append(ArraySlice(TextIndex.lowercased(text)))
                } else {
                    buffer.append(text)
                }
                return false
            case .element:
                guard record.namespace == .html else {
                    starts[Int(node)] = Int32(buffer.bytes.count)
                    return true
                }
                if record.name == .template { return false }
                if !includesScripts && (record.name == .script || record.name == .style) { return false }
                if record.name == .br || TextRendering.blocks.contains(record.name) || record.name == .td
                    || record.name == .th {
                    buffer.space()
                }
                starts[Int(node)] = Int32(buffer.bytes.count)
                return true
            default:
                return false
            }
        }, exit: { node, record in
            guard starts[Int(node)] >= 0 else { return }
            ends[Int(node)] = Int32(buffer.bytes.count)
            if record.namespace == .html
                && (TextRendering.blocks.contains(record.name) || record.name == .td || record.name == .th) {
                buffer.space()
            }
        })
        // Trim each slice: only single spaces can sit at its edges.
        let bytes = buffer.bytes
        for node in 0..<starts.count where starts[node] >= 0 {
            var start = starts[node]
            var end = ends[node]
            while start < end && bytes[Int(start)] == 0x20 { start += 1 }
            while end > start && bytes[Int(end) - 1] == 0x20 { end -= 1 }
            starts[node] = start
            ends[node] = end
        }
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
    }

    /// Lower-cases UTF-8 text as the index does: ASCII directly, anything else through `String`.
    static func lowercased(_ text: ArraySlice<UInt8>) -> [UInt8] {
        if text.allSatisfy({ $0 < 0x80 }) {
            return text.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        }
        return Array(String(decoding: text, as: UTF8.self).lowercased().utf8)
    }

    /// Whether `needle` occurs in `text`, byte for byte.
    static func find(_ needle: [UInt8], in text: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard needle.count <= text.count else { return false }
        var index = 0
        let last = text.count - needle.count
        while index <= last {
            if text[index] == first && text[index..<index + needle.count].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    /// An element's text, or `nil` when the index does not cover it.
    func text(of node: Int32) -> ArraySlice<UInt8>? {
        let start = starts[Int(node)]
        guard start >= 0 else { return nil }
        return bytes[Int(start)..<Int(ends[Int(node)])]
    }

    /// Whether an element's text contains `needle`; `nil` when the index does not cover it.
    func contains(_ needle: [UInt8], in node: Int32) -> Bool? {
        let start = starts[Int(node)]
        guard start >= 0 else { return nil }
        if needle.isEmpty { return true }
        let places = occurrences[needle] ?? find(needle)
        // The first occurrence at or after the start ends soonest; if it overruns, all later ones do.
        var low = 0
        var high = places.count
        while low < high {
            let middle = (low + high) / 2
            if places[middle] < start { low = middle + 1 } else { high = middle }
        }
        return low < places.count && Int(places[low]) + needle.count <= Int(ends[Int(node)])
    }

    private func find(_ needle: [UInt8]) -> [Int32] {
        var places: [Int32] = []
        let first = needle[0]
        let last = bytes.count - needle.count
        var index = 0
        while index <= last {
            if bytes[index] == first && bytes[index..<index + needle.count].elementsEqual(needle) {
                places.append(Int32(index))
            }
            index += 1
        }
        occurrences[needle] = places
        return places
    }
}
