import Foundation

/// Which state of a countdown a change was made against: a digest of every field of the countdown,
/// the same in every process and on every backend that stores the same countdown.
///
/// An app shows a countdown with its ``Countdown/revision`` and hands the revision back with the
/// user's edit or delete (a form's hidden field, say); the store applies the change only if the
/// countdown still has that revision (``CountdownStorage/update(id:expecting:_:)``,
/// ``CountdownStorage/delete(id:expecting:)``), and otherwise refuses it with
/// ``CountdownStoreError/Code/conflict`` — an edit made elsewhere meanwhile (another tab, another
/// program) is never overwritten unseen. A clock's millisecond would not tell two quick edits apart;
/// a digest of the content does, and needs no column of its own.
///
/// It is written as 16 hexadecimal digits (``description``), and read back from them.
public struct CountdownRevision: Hashable, Sendable, Codable, LosslessStringConvertible {
    /// The 64-bit digest.
    public let value: UInt64

    /// The revision with the digest `value`.
    public init(value: UInt64) {
        self.value = value
    }

    /// The revision written as `text` (16 hexadecimal digits, as ``description`` writes it), or
    /// `nil` when it is not one.
    public init?(_ text: String) {
        guard text.count == 16, text.allSatisfy(\.isHexDigit), let value = UInt64(text, radix: 16) else { return nil }
        self.value = value
    }

    /// The revision of `countdown` as it is now.
    public init(of countdown: Countdown) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(countdown)) ?? Data(countdown.id.uuidString.utf8)
        // FNV-1a, 64 bits: the same in every process (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// 16 lowercase hexadecimal digits.
    public var description: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// Decodes the 16 digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let revision = CountdownRevision(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text.prefix(40))\" is not a revision (16 hexadecimal digits)")
        }
        self = revision
    }

    /// Encodes the 16 digits.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension Countdown {
    /// The countdown's revision: changes whenever any of its fields does (see ``CountdownRevision``).
    public var revision: CountdownRevision { CountdownRevision(of: self) }
}
