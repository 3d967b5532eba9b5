public import Foundation

/// The examples' `--json` output: one JSON document on standard output, keys sorted (so output is
/// stable from run to run), instants in ISO 8601 with a time-zone offset, calendar days as
/// `YYYY-MM-DD` (their own encoding).
public enum JSONOutput {
    /// The encoder every example uses for `--json`.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Prints `value` as one JSON document, with a final newline.
    public static func print<Value: Encodable>(_ value: Value) throws {
        let data = try encoder().encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}

/// The version every example reports for `--version`: the package's, from this one place.
public enum ProgramVersion {
    /// The package version, e.g. "0.2.0".
    public static let current = "0.2.0"
}
