/// The named character references of the WHATWG HTML spec (`&amp;`, `&not`, `&NotEqualTilde;` …), as a
/// byte trie for the tokenizer's longest-match lookup.
///
/// The table is parsed once, lazily, from the generated string `source` into flat arrays: each node
/// owns a run of edges (a byte and a child node), sorted by byte; a node that ends a name holds the
/// UTF-8 bytes of the characters it stands for.
struct NamedCharacterReferences: Sendable {
    /// The trie, built on first use (thread-safe, immutable).
    static let shared = NamedCharacterReferences(parsing: source)

    /// For each node, the index of its first edge in `edgeBytes`/`edgeTargets`.
    private var edgeStart: [Int32] = []
    /// For each node, the number of its edges.
    private var edgeCount: [UInt8] = []
    /// The byte each edge consumes.
    private var edgeBytes: [UInt8] = []
    /// The node each edge leads to.
    private var edgeTargets: [Int32] = []
    /// For each node, where its replacement sits in `valueBytes` (`valueStart < 0`: no name ends here).
    private var valueStart: [Int32] = []
    private var valueCount: [UInt8] = []
    /// The UTF-8 bytes of every replacement, back to back.
    private var valueBytes: [UInt8] = []

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
        // Build a pointer-free trie first: children as dictionaries, then flatten breadth-first.
        var children: [[UInt8: Int]] = [[:]]
        var values: [[UInt8]?] = [nil]
        for line in source.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { continue }
            var node = 0
            for byte in line[line.startIndex..<space] {
                if let child = children[node][byte] {
                    node = child
                } else {
                    children.append([:])
                    values.append(nil)
                    children[node][byte] = children.count - 1
                    node = children.count - 1
                }
            }
            var utf8: [UInt8] = []
            for hex in line[line.index(after: space)...].split(separator: UInt8(ascii: ",")) {
                var code: UInt32 = 0
                for digit in hex {
                    code = code &* 16 &+ UInt32(Self.hexValue(digit))
                }
                if let scalar = Unicode.Scalar(code) {
                    utf8.append(contentsOf: String(scalar).utf8)
                }
            }
            values[node] = utf8
        }
        edgeStart = [Int32](repeating: 0, count: children.count)
        edgeCount = [UInt8](repeating: 0, count: children.count)
        valueStart = [Int32](repeating: -1, count: children.count)
        valueCount = [UInt8](repeating: 0, count: children.count)
        for node in 0..<children.count {
            edgeStart[node] = Int32(edgeBytes.count)
            edgeCount[node] = UInt8(children[node].count)
            for (byte, child) in children[node].sorted(by: { $0.key < $1.key }) {
                edgeBytes.append(byte)
                edgeTargets.append(Int32(child))
            }
            if let value = values[node] {
                valueStart[node] = Int32(valueBytes.count)
                valueCount[node] = UInt8(value.count)
                valueBytes.append(contentsOf: value)
            }
        }
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
        var node = 0
        var index = start
        var best: Match?
        while index < bytes.count {
            let byte = bytes[index]
            let first = Int(edgeStart[node])
            let count = Int(edgeCount[node])
            var next = -1
            var edge = first
            while edge < first + count {
                let edgeByte = edgeBytes[edge]
                if edgeByte == byte {
                    next = Int(edgeTargets[edge])
                    break
                }
                if edgeByte > byte { break }
                edge += 1
            }
            if next < 0 { break }
            node = next
            index += 1
            if valueStart[node] >= 0 {
                best = Match(
                    length: index - start, endsWithSemicolon: byte == UInt8(ascii: ";"),
                    valueStart: Int(valueStart[node]), valueCount: Int(valueCount[node]))
            }
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
