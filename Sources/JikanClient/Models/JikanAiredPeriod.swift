import AirdateHTTP
public import AirdateCore
import Foundation

/// When an anime aired (`aired`): first and last day as MyAnimeList records them, either of which
/// may be unknown, and MyAnimeList's own wording.
///
/// MyAnimeList records days, not instants: Jikan writes them as midnight with an offset
/// (`2005-10-23T00:00:00+00:00`), and the day is read from that text as written.
public struct JikanAiredPeriod: Sendable, Hashable, Decodable {
    /// The first day, if known.
    public var from: CalendarDay?
    /// The last day, if known (`nil` while airing or when unknown).
    public var to: CalendarDay?
    /// MyAnimeList's wording, such as `"Oct 23, 2005 to Jun 19, 2006"`.
    public var text: String?

    /// A period.
    public init(from: CalendarDay? = nil, to: CalendarDay? = nil, text: String? = nil) {
        self.from = from
        self.to = to
        self.text = text
    }

    private enum CodingKeys: String, CodingKey { case from, to, string }

    /// Decodes Jikan's object.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.lenientContainer(keyedBy: CodingKeys.self)
        from = c.day(.from)
        to = c.day(.to)
        text = c.string(.string)
    }

    /// The calendar day at the start of an ISO 8601 text (`"2005-10-23T00:00:00+00:00"`).
    static func day(_ text: String?) -> CalendarDay? {
        guard let text, text.count >= 10 else { return nil }
        return CalendarDay(String(text.prefix(10)))
    }
}
