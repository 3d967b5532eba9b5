import AirdateCore
import AirdateHTTP
import Foundation

// Jikan's loosely typed fields, read through AirdateHTTP's one lenient reader (`LenientContainer`):
// nulls everywhere, empty strings, numbers that are sometimes text, URLs as text. A value that is
// there but cannot be read becomes `nil` (or its default) and is reported with its key path.

extension LenientContainer {
    /// The calendar day at the start of Jikan's ISO 8601 text (`2005-10-23T00:00:00+00:00` →
    /// 2005-10-23); `nil` for null, missing or empty text, reported when unreadable.
    func day(_ key: Key) -> CalendarDay? {
        parsed(key, expecting: "an ISO 8601 date (YYYY-MM-DD…)", JikanAiredPeriod.day)
    }

    /// A nested summary; `nil` when missing or null, reported when unreadable.
    func summary(_ key: Key) -> JikanEntrySummary? {
        value(JikanEntrySummary.self, key)
    }

    /// A nested image set; empty when missing, null or unreadable (reported).
    func imageSet(_ key: Key) -> JikanImageSet {
        value(JikanImageSet.self, key) ?? JikanImageSet()
    }

    /// A list of strings; empty when missing. Elements that are not text are left out and reported.
    func strings(_ key: Key) -> [String] {
        list(String.self, key)
    }
}

/// A stable 63-bit number for `text` (FNV-1a), for items identified by text rather than a number.
func stableID(_ text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }
    return Int(hash >> 1)
}
