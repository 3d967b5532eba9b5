/// Where the extra episodes go when a date-range plan's episodes do not divide evenly by its days.
///
/// With 10 episodes over 4 days every day gets 2 and 2 days get one more:
/// - ``spread``: 2, 3, 2, 3 — the extra days spaced evenly, the last day always among them (the
///   default). With fewer episodes than days the work is spread over the whole period: 12 episodes
///   in 48 days are one every fourth day from the fourth, not one a day over the last 12 days;
/// - ``firstDays``: 3, 3, 2, 2 — get ahead early, a buffer for missed days;
/// - ``lastDays``: 2, 2, 3, 3 — everything as late as possible (the default before 0.3.0).
public enum RemainderPlacement: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first days get one more.
    case firstDays
    /// The last days get one more.
    case lastDays
    /// The days with one more are spaced evenly through the range (the default).
    case spread

    /// Whether day `index` (0-based) of `days` gets one of `extra` extra episodes.
    func getsExtra(_ index: Int, of days: Int, extra: Int) -> Bool {
        switch self {
        case .firstDays: return index < extra
        case .lastDays: return index >= days - extra
        case .spread: return (index + 1) * extra / days > index * extra / days
        }
    }
}
