import AirdateCore
import Foundation
import WatchOrder

/// The list's query parameters, as arrowverse.info names them: `hide_show=NAME` (repeatable; a show's
/// name or id), `newest_first=1`, `from_date=YYYY-MM-DD`, `to_date=YYYY-MM-DD`. An empty value is no
/// value (what a form sends for a date left blank); anything else that cannot be read is a 400 that
/// names the parameter.
struct ListQuery: Sendable, Equatable {
    /// The names of the parameters, so a remembered choice can be told from other fields.
    static let names: Set<String> = ["hide_show", "newest_first", "from_date", "to_date"]

    var filter: EpisodeFilter
    /// The fields as given (hidden shows by name), to build links that keep the choice.
    var fields: FormFields

    /// Reads `fields` against the shows of `list`.
    init(_ fields: FormFields, list: WatchList) throws(WebError) {
        var filter = EpisodeFilter()
        for value in fields.all("hide_show") {
            let wanted = value.trimmingCharacters(in: .whitespaces)
            if wanted.isEmpty { continue }
            let slug = Show.slug(wanted)
            guard let show = list.shows.first(where: { $0.id == wanted || $0.id == slug || Show.slug($0.name) == slug }) else {
                throw .badParameter("hide_show", "no show \"\(wanted.prefix(60))\"; the shows are \(list.shows.map(\.name).joined(separator: ", ")).")
            }
            filter.hiddenShows.insert(show.id)
        }
        if let value = fields["newest_first"] {
            switch value.lowercased() {
            case "1", "true", "yes", "on": filter.newestFirst = true
            case "0", "false", "no", "off", "": filter.newestFirst = false
            default: throw .badParameter("newest_first", "\"\(value.prefix(40))\" is not 1 or 0.")
            }
        }
        filter.firstDay = try Self.day(fields, "from_date")
        filter.lastDay = try Self.day(fields, "to_date")
        if let first = filter.firstDay, let last = filter.lastDay, first > last {
            throw .badParameter("from_date", "\(first) is after to_date \(last); no episode can be shown.")
        }
        self.filter = filter
        self.fields = FormFields(pairs: fields.pairs.filter { Self.names.contains($0.name) && !$0.value.isEmpty })
    }

    /// A calendar day `YYYY-MM-DD`, or `nil` for no value.
    static func day(_ fields: FormFields, _ name: String) throws(WebError) -> CalendarDay? {
        guard let value = fields[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        guard value.utf8.count <= 40 else { throw .badParameter(name, "the value is not a calendar day; write it as YYYY-MM-DD, for example 2014-10-08.") }
        do {
            return try CalendarDay(parsing: value)
        } catch {
            throw .badParameter(name, ErrorText.line(error))
        }
    }

    /// `?hide_show=Arrow&newest_first=1`, or "" for no choice.
    var queryString: String { fields.isEmpty ? "" : "?" + fields.encoded }
}
