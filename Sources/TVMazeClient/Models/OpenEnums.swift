import AirdateHTTP

/// A show's kind, as TVMaze names it ("Scripted", "Reality", "Talk Show"…). Values TVMaze adds
/// later decode too, as their raw text.
public struct ShowType: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Scripted".
    public static let scripted = ShowType(rawValue: "Scripted")
    /// "Reality".
    public static let reality = ShowType(rawValue: "Reality")
    /// "Animation".
    public static let animation = ShowType(rawValue: "Animation")
    /// "Talk Show".
    public static let talkShow = ShowType(rawValue: "Talk Show")
    /// "Documentary".
    public static let documentary = ShowType(rawValue: "Documentary")
    /// "News".
    public static let news = ShowType(rawValue: "News")
}

/// Whether a show still airs ("Running", "Ended", "To Be Determined", "In Development"); unknown
/// values decode as their raw text.
public struct ShowStatus: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Running".
    public static let running = ShowStatus(rawValue: "Running")
    /// "Ended".
    public static let ended = ShowStatus(rawValue: "Ended")
    /// "To Be Determined".
    public static let toBeDetermined = ShowStatus(rawValue: "To Be Determined")
    /// "In Development".
    public static let inDevelopment = ShowStatus(rawValue: "In Development")
}

/// An episode's kind ("regular", "significant_special", "insignificant_special"); unknown values
/// decode as their raw text.
public struct EpisodeType: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "regular".
    public static let regular = EpisodeType(rawValue: "regular")
    /// "significant_special".
    public static let significantSpecial = EpisodeType(rawValue: "significant_special")
    /// "insignificant_special".
    public static let insignificantSpecial = EpisodeType(rawValue: "insignificant_special")
}
