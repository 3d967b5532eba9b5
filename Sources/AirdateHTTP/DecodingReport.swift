import AirdateLocking
import Foundation

/// What one decode of a body collects: the ``DecodingIssue``s of its lenient lists and fields. It
/// travels in the decoder's `userInfo`, so that ``LenientList`` and ``LenientContainer`` find it at
/// any depth.
final class DecodingReport: Sendable {
    static let key = CodingUserInfoKey(rawValue: "airdate.decodingReport")!  // a non-empty literal never fails

    let url: String
    private let recorded = LockBox<[DecodingIssue]>([])

    init(url: String) {
        self.url = url
    }

    /// The report of `decoder`'s decode, if it has one.
    static func of(_ decoder: any Decoder) -> DecodingReport? {
        decoder.userInfo[key] as? DecodingReport
    }

    var issues: [DecodingIssue] {
        recorded.withLock { $0 }
    }

    /// How many issues are recorded: a mark to roll back to.
    var mark: Int {
        recorded.withLock { $0.count }
    }

    /// Forgets the issues recorded after `mark` (those of an element that was then skipped whole).
    func rollBack(to mark: Int) {
        recorded.withLock { recorded in
            if recorded.count > mark { recorded.removeSubrange(mark...) }
        }
    }

    func record(_ kind: DecodingIssue.Kind, path: [any CodingKey], failurePath: [any CodingKey]? = nil, reason: String) {
        let issue = DecodingIssue(
            kind: kind, url: url, path: JSONBodyDecoder.keyPath(path),
            failurePath: failurePath.map(JSONBodyDecoder.keyPath), reason: reason)
        recorded.withLock { $0.append(issue) }
    }
}

/// A coding key made at run time: an object's key by name, or a position in a list.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    package init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }

    /// The key of element `index` of a list (rendered `[index]` in key paths).
    static func index(_ index: Int) -> AnyCodingKey {
        var key = AnyCodingKey(intValue: index)
        key.stringValue = "Index \(index)"
        return key
    }
}
