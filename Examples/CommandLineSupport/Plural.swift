/// Counts with the noun in the right number: "1 episode", "2 episodes", "0 episodes".
///
/// ```swift
/// Plural.count(1, "episode")                      // "1 episode"
/// Plural.count(3, "series", plural: "series")     // "3 series"
/// Plural.noun(2, "day")                           // "days"
/// ```
public enum Plural {
    /// `count` and the noun: the singular for exactly 1 (or -1), else the plural (`singular + "s"`
    /// unless given).
    public static func count(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        "\(count) \(noun(count, singular, plural: plural))"
    }

    /// The noun alone, in the number `count` asks for.
    public static func noun(_ count: Int, _ singular: String, plural: String? = nil) -> String {
        count == 1 || count == -1 ? singular : (plural ?? singular + "s")
    }
}
