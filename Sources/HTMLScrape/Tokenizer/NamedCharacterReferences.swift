/// The named character references of the WHATWG HTML spec (`&amp;`, `&not`, `&NotEqualTilde;` …), as a
/// byte trie for the tokenizer's longest-match lookup.
///
/// The table is parsed once, lazily, from the generated string `source`. The trie is built in one
/// pass over the sorted names, as flat arrays in first-child / next-sibling form (siblings sorted by
/// byte), with a direct table for the first byte; a node that ends a name holds the UTF-8 bytes of the
/// characters it stands for.
final class NamedCharacterReferences: Sendable {
    /// The trie, built on first use (thread-safe, immutable).
    static let shared = NamedCharacterReferences(parsing: source)

    /// For each node, the byte that leads to it.
    private let nodeBytes: [UInt8]
    /// For each node, its first child (-1: none).
    private let firstChild: [Int32]
    /// For each node, its next sibling, whose byte is greater (-1: none).
    private let nextSibling: [Int32]
    /// For each ASCII byte, the root's child for it (-1: none).
    private let rootChildren: [Int32]
    /// For each node, where its replacement sits in `valueBytes` (`valueStart < 0`: no name ends here).
    private let valueStart: [Int32]
    private let valueCount: [UInt8]
    /// The UTF-8 bytes of every replacement, back to back.
    private let valueBytes: [UInt8]

    /// A match: how many bytes of the name matched (after the `&`), and the replacement's location.
    struct Match {
        /// The number of input bytes the name covers (not counting the `&`).
        var length: Int
        /// Whether the matched name ends with `;`.
        var endsWithSemicolon: Bool
        fileprivate var valueStart: Int
        fileprivate var valueCount: Int
    }

    private init(parsing source: String) {
        let utf8 = Array(source.utf8)
        // Entries: name and code-point ranges in `utf8`.
        var entries: [(name: Range<Int>, codes: Range<Int>)] = []
        entries.reserveCapacity(2300)
        var index = 0
        while index < utf8.count {
            let lineStart = index
            while index < utf8.count && utf8[index] != UInt8(ascii: "\n") { index += 1 }
            let lineEnd = index
            index += 1
            var space = lineStart
            while space < lineEnd && utf8[space] != UInt8(ascii: " ") { space += 1 }
            guard space > lineStart && space < lineEnd else { continue }
            entries.append((lineStart..<space, (space + 1)..<lineEnd))
        }
        entries.sort { utf8[$0.name].lexicographicallyPrecedes(utf8[$1.name]) }

        var nodeBytes: [UInt8] = [0]
        var firstChild: [Int32] = [-1]
        var nextSibling: [Int32] = [-1]
        var valueStart: [Int32] = [-1]
        var valueCount: [UInt8] = [0]
        var valueBytes: [UInt8] = []
        var path: [Int] = []  // path[d]: the node at depth d + 1 of the previous name
        var previous: Range<Int> = 0..<0
        for entry in entries {
            let name = entry.name
            var common = 0
            while common < name.count && common < previous.count
                && utf8[name.lowerBound + common] == utf8[previous.lowerBound + common]
            {
                common += 1
            }
            var siblingBefore = common < path.count ? path[common] : -1
            path.removeLast(path.count - min(common, path.count))
            var parent = common == 0 ? 0 : path[common - 1]
            for depth in common..<name.count {
                let node = nodeBytes.count
                nodeBytes.append(utf8[name.lowerBound + depth])
                firstChild.append(-1)
                nextSibling.append(-1)
                valueStart.append(-1)
                valueCount.append(0)
                if siblingBefore >= 0 {
                    nextSibling[siblingBefore] = Int32(node)
                } else {
                    firstChild[parent] = Int32(node)
                }
                siblingBefore = -1
                path.append(node)
                parent = node
            }
            // The replacement: comma-separated hex code points.
            let before = valueBytes.count
            var code: UInt32 = 0
            for offset in entry.codes {
                let digit = utf8[offset]
                if digit == UInt8(ascii: ",") {
                    Tokenizer.appendUTF8(code, to: &valueBytes)
                    code = 0
                } else {
                    code = code &* 16 &+ UInt32(Self.hexValue(digit))
                }
            }
            Tokenizer.appendUTF8(code, to: &valueBytes)
            if parent > 0 {
                valueStart[parent] = Int32(before)
                valueCount[parent] = UInt8(valueBytes.count - before)
            }
            previous = name
        }
        var rootChildren = [Int32](repeating: -1, count: 128)
        var child = Int(firstChild[0])
        while child >= 0 {
            if nodeBytes[child] < 128 { rootChildren[Int(nodeBytes[child])] = Int32(child) }
            child = Int(nextSibling[child])
        }
        self.nodeBytes = nodeBytes
        self.firstChild = firstChild
        self.nextSibling = nextSibling
        self.rootChildren = rootChildren
        self.valueStart = valueStart
        self.valueCount = valueCount
        self.valueBytes = valueBytes
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        default: return 0
        }
    }

    /// The longest name that `bytes[start...]` begins with, if any.
    func longestMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Match? {
        guard start < bytes.count, bytes[start] < 128 else { return nil }
        var node = Int(rootChildren[Int(bytes[start])])
        var index = start
        var best: Match?
        while node >= 0 {
            index += 1
            if valueStart[node] >= 0 {
                best = Match(
                    length: index - start, endsWithSemicolon: nodeBytes[node] == UInt8(ascii: ";"),
                    valueStart: Int(valueStart[node]), valueCount: Int(valueCount[node]))
            }
            guard index < bytes.count else { break }
            let byte = bytes[index]
            var child = Int(firstChild[node])
            while child >= 0 && nodeBytes[child] < byte { child = Int(nextSibling[child]) }
            guard child >= 0 && nodeBytes[child] == byte else { break }
            node = child
        }
        return best
    }

    /// Appends the UTF-8 replacement of a match to a buffer.
    func appendValue(of match: Match, to buffer: inout [UInt8]) {
        valueBytes.withUnsafeBufferPointer { all in
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: all[match.valueStart..<(match.valueStart + match.valueCount)]))
        }
    }
}
