public import ArgumentParser
import AirdateCore
public import Foundation

/// The viewer's time zone, under one name in every program: `--time-zone ZONE` (an IANA name such
/// as `Asia/Tokyo`). The older spellings `--zone` and `--tz` are still read, but not shown in help.
///
/// ```swift
/// struct List: ParsableCommand {
///     @OptionGroup var timeZone: TimeZoneOption
///     func run() throws { let zone = try timeZone.resolved() }   // the system's zone when not given, as the help says
/// }
/// ```
public struct TimeZoneOption: ParsableArguments, Sendable {
    /// `--time-zone`, the documented name.
    @Option(name: .customLong("time-zone"),
            help: ArgumentHelp("The viewer's time zone, such as Asia/Tokyo: days and times are shown in it (default: the system's).",
                               valueName: "zone"))
    public var name: String?

    @Option(name: .customLong("zone"), help: .hidden) var zoneSpelling: String?
    @Option(name: .customLong("tz"), help: .hidden) var tzSpelling: String?

    /// No time zone given.
    public init() {}

    /// The value given and the spelling of the option it was given with, or `nil`.
    public var given: (option: String, value: String)? {
        if let name { return ("--time-zone", name) }
        if let zoneSpelling { return ("--zone", zoneSpelling) }
        if let tzSpelling { return ("--tz", tzSpelling) }
        return nil
    }

    /// Refuses a name that is not a time zone, and two spellings with different zones.
    public func validate() throws {
        let values = [name, zoneSpelling, tzSpelling].compactMap { $0 }
        if Set(values).count > 1 {
            throw ValidationError("Give the time zone once, with --time-zone.")
        }
        _ = try resolved()
    }

    /// The zone given, or the system's when none was — the default the help names.
    ///
    /// - Throws: a `ValidationError` (a usage error) naming the option when the name is not an IANA zone.
    public func resolved() throws -> TimeZone {
        try Self.zone(given) ?? .current
    }

    /// The zone `given` names, `nil` when none was given.
    static func zone(_ given: (option: String, value: String)?) throws -> TimeZone? {
        guard let (option, value) = given else { return nil }
        do {
            return try TimeZone.named(value)
        } catch {
            throw ValidationError("\(option) \"\(value.terminalSafe.fitted(toWidth: 60))\" is not valid; expected an IANA time zone such as America/New_York or UTC.")
        }
    }
}

/// The viewer's time zone for a country's schedule (`tvweek`): `--time-zone ZONE` as
/// ``TimeZoneOption`` reads it, whose default is the country's own zone (its help says so), not the
/// system's.
///
/// ```swift
/// @OptionGroup var timeZone: CountryTimeZoneOption
/// let zone = try timeZone.resolved(countryZone: WeekSchedule.timeZone(ofCountry: country))
/// ```
public struct CountryTimeZoneOption: ParsableArguments, Sendable {
    /// `--time-zone`, the documented name.
    @Option(name: .customLong("time-zone"),
            help: ArgumentHelp("The viewer's time zone, such as Asia/Tokyo: days and times are shown in it (default: the country's, such as America/New_York for --country US, Europe/London for GB; the system's for a country without one).",
                               valueName: "zone"))
    public var name: String?

    @Option(name: .customLong("zone"), help: .hidden) var zoneSpelling: String?
    @Option(name: .customLong("tz"), help: .hidden) var tzSpelling: String?

    /// No time zone given.
    public init() {}

    /// Refuses a name that is not a time zone, and two spellings with different zones.
    public func validate() throws {
        if Set([name, zoneSpelling, tzSpelling].compactMap { $0 }).count > 1 {
            throw ValidationError("Give the time zone once, with --time-zone.")
        }
        _ = try TimeZoneOption.zone(given)
    }

    /// The value given and the spelling of the option it was given with, or `nil`.
    public var given: (option: String, value: String)? {
        if let name { return ("--time-zone", name) }
        if let zoneSpelling { return ("--zone", zoneSpelling) }
        if let tzSpelling { return ("--tz", tzSpelling) }
        return nil
    }

    /// The zone given; else `countryZone` (the country's, as the help says); else the system's.
    ///
    /// - Throws: a `ValidationError` naming the option when the name is not an IANA zone.
    public func resolved(countryZone: TimeZone?) throws -> TimeZone {
        try TimeZoneOption.zone(given) ?? countryZone ?? .current
    }
}

extension TimeZone {
    /// The zone's name as a person gave it: its identifier, except that Foundation on Linux names the
    /// zone of `--time-zone UTC` "GMT" — shown as "UTC", the name asked for.
    public var shownName: String { identifier == "GMT" ? "UTC" : identifier }
}
