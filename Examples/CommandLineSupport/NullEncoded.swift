/// An optional value of a `--json` document that is written as `null` when absent, so that every
/// document of a kind has the same keys (synthesized `Encodable` leaves absent optionals out).
///
/// ```swift
/// struct Entry: Encodable { @NullEncoded var finish: CalendarDay? }   // {"finish": null}
/// ```
@propertyWrapper
public struct NullEncoded<Value: Encodable>: Encodable {
    /// The value, or `nil` for `null`.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// Encodes the value, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension NullEncoded: Sendable where Value: Sendable {}
