public import ArgumentParser
import AirdateCore
public import Foundation

/// The viewer's time zone, under one name in every program: `--time-zone ZONE` (an IANA name such
/// as `Asia/Tokyo`). The older spellings `--zone` and `--tz` are still read, but not shown in help.
///
/// ```swift
/// struct List: ParsableCommand {
///     @OptionGroup var timeZone: TimeZoneOption
///     func run() throws { let zone = try timeZone.resolved() }   // the system's zone when not given
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

    /// The zone given, or `fallback` (the system's) when none was.
    ///
    /// - Throws: a `ValidationError` (a usage error) naming the option when the name is not an IANA zone.
    public func resolved(default fallback: TimeZone = .current) throws -> TimeZone {
        guard let (option, value) = given else { return fallback }
        do {
            return try TimeZone.named(value)
        } catch {
            throw ValidationError("\(option) \"\(value.terminalSafe.fitted(toWidth: 60))\" is not valid; expected an IANA time zone such as America/New_York or UTC.")
        }
    }
}
