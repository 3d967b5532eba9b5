/// A day of the week, numbered as Foundation's `Calendar` numbers them (Sunday is 1).
public enum Weekday: Int, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Sunday (1).
    case sunday = 1
    /// Monday (2).
    case monday
    /// Tuesday (3).
    case tuesday
    /// Wednesday (4).
    case wednesday
    /// Thursday (5).
    case thursday
    /// Friday (6).
    case friday
    /// Saturday (7).
    case saturday

    /// The English name, for example "Monday".
    public var name: String {
        switch self {
        case .sunday: "Sunday"
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        }
    }

    /// Earlier first.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
}
