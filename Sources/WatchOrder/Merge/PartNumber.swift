/// Reads "Part 2", "Part Two", "Part II" from a title.
enum PartNumber {
    private static let words = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
    ]

    static func `in`(_ title: String) -> Int? {
        let tokens = title.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber })
        for (index, token) in tokens.enumerated() where token == "part" && index + 1 < tokens.count {
            let word = String(tokens[index + 1])
            if let number = Int(word) { return number }
            if let number = words[word] { return number }
        }
        return nil
    }
}
