public import AirdateHTTP

/// A show's kind, as TVMaze names it ("Scripted", "Reality", "Talk Show"…). Values TVMaze adds
/// later decode too, as their raw text.
public struct TVMazeShowType: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Scripted".
    public static let scripted = TVMazeShowType(rawValue: "Scripted")
    /// "Reality".
    public static let reality = TVMazeShowType(rawValue: "Reality")
    /// "Animation".
    public static let animation = TVMazeShowType(rawValue: "Animation")
    /// "Talk Show".
    public static let talkShow = TVMazeShowType(rawValue: "Talk Show")
    /// "Documentary".
    public static let documentary = TVMazeShowType(rawValue: "Documentary")
    /// "News".
    public static let news = TVMazeShowType(rawValue: "News")
}

/// Whether a show still airs ("Running", "Ended", "To Be Determined", "In Development"); unknown
/// values decode as their raw text.
public struct TVMazeShowStatus: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "Running".
    public static let running = TVMazeShowStatus(rawValue: "Running")
    /// "Ended".
    public static let ended = TVMazeShowStatus(rawValue: "Ended")
    /// "To Be Determined".
    public static let toBeDetermined = TVMazeShowStatus(rawValue: "To Be Determined")
    /// "In Development".
    public static let inDevelopment = TVMazeShowStatus(rawValue: "In Development")
}

/// An episode's kind ("regular", "significant_special", "insignificant_special"); unknown values
/// decode as their raw text.
public struct TVMazeEpisodeType: OpenEnumeration {
    /// TVMaze's text.
    public var rawValue: String
    /// Wraps TVMaze's text.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// "regular".
    public static let regular = TVMazeEpisodeType(rawValue: "regular")
    /// "significant_special".
    public static let significantSpecial = TVMazeEpisodeType(rawValue: "significant_special")
    /// "insignificant_special".
    public static let insignificantSpecial = TVMazeEpisodeType(rawValue: "insignificant_special")
}
