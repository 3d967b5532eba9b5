/// Reads "Part 2", "Part Two", "Part II" from a title.
enum PartNumber {
    private static let words = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
    ]

    static func `in`(_ title: String) -> Int? {
        guard containsPart(title.utf8) else { return nil }
        let tokens = title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        for (index, token) in tokens.enumerated() where token == "part" && index + 1 < tokens.count {
            let word = String(tokens[index + 1])
            if let number = Int(word) { return number }
            if let number = words[word] { return number }
        }
        return nil
    }

    /// Whether the bytes hold "part" in any case (a cheap test before splitting into words).
    private static func containsPart(_ bytes: String.UTF8View) -> Bool {
        var matched = 0
        let pattern: [UInt8] = [0x70, 0x61, 0x72, 0x74]  // p a r t
        for byte in bytes {
            let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            if lower == pattern[matched] {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = lower == pattern[0] ? 1 : 0
            }
        }
        return false
    }
}
