public import Foundation

extension WeekSchedule {
    /// The zones schedules are read in by default, by ISO country code: where most of the country's
    /// viewers live (for the United States, Eastern time, in which TVMaze's US days are counted).
    static let countryTimeZones: [String: String] = [
        "US": "America/New_York", "CA": "America/Toronto", "MX": "America/Mexico_City", "BR": "America/Sao_Paulo",
        "AR": "America/Argentina/Buenos_Aires", "GB": "Europe/London", "IE": "Europe/Dublin", "FR": "Europe/Paris",
        "DE": "Europe/Berlin", "AT": "Europe/Vienna", "CH": "Europe/Zurich", "NL": "Europe/Amsterdam",
        "BE": "Europe/Brussels", "ES": "Europe/Madrid", "PT": "Europe/Lisbon", "IT": "Europe/Rome",
        "SE": "Europe/Stockholm", "NO": "Europe/Oslo", "DK": "Europe/Copenhagen", "FI": "Europe/Helsinki",
        "PL": "Europe/Warsaw", "RU": "Europe/Moscow", "TR": "Europe/Istanbul", "IL": "Asia/Jerusalem",
        "IN": "Asia/Kolkata", "CN": "Asia/Shanghai", "JP": "Asia/Tokyo", "KR": "Asia/Seoul", "TW": "Asia/Taipei",
        "AU": "Australia/Sydney", "NZ": "Pacific/Auckland", "ZA": "Africa/Johannesburg",
    ]

    /// The time zone a country's schedule is shown in when the viewer chose none: the zone of most
    /// of its viewers (`America/New_York` for `US`, `Europe/London` for `GB`), so that the week's days
    /// are the country's own days, as TVMaze counts them. `nil` for a country this table does not
    /// know (show the viewer's zone then, and say which it is).
    ///
    /// ```swift
    /// let zone = WeekSchedule.timeZone(ofCountry: "US") ?? .current   // America/New_York
    /// ```
    public static func timeZone(ofCountry code: String) -> TimeZone? {
        countryTimeZones[code.uppercased()].flatMap(TimeZone.init(identifier:))
    }
}
