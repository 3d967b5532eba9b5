import Foundation

/// How ``APIClient`` decodes the elements of a list (``LenientList``).
public enum ListDecoding: Sendable, Hashable {
    /// An element that fails to decode is skipped and reported as a ``SkippedElement`` (to the
    /// configuration's ``APIClientConfiguration/diagnostics`` and logger); the rest of the list is
    /// kept. One odd episode does not lose a whole day's schedule.
    case lenient
    /// An element that fails to decode fails the whole response with
    /// ``APIClientError/decoding(path:reason:)``: for callers who would rather notice a changed shape.
    case strict
}

/// An element of a list that did not decode and was skipped (``ListDecoding/lenient``).
public struct SkippedElement: Sendable, Hashable, CustomStringConvertible {
    /// The URL of the response the list came from (empty when decoded outside ``APIClient``).
    public var url: String
    /// The key path of the list in the body (`data` for a Jikan page; empty for a top-level array).
    public var listPath: String
    /// The element's position in the list, from 0.
    public var index: Int
    /// The key path of the field that failed, from the body's root (`[4].season`).
    public var fieldPath: String
    /// Why it failed.
    public var reason: String

    /// A skipped element.
    public init(url: String, listPath: String, index: Int, fieldPath: String, reason: String) {
        self.url = url
        self.listPath = listPath
        self.index = index
        self.fieldPath = fieldPath
        self.reason = reason
    }

    /// `"skipped element 4 of the list at <url>: field [4].season: expected Int…"`.
    public var description: String {
        let list = listPath.isEmpty ? "the list" : "the list \(listPath)"
        return "skipped element \(index) of \(list) at \(url): field \(fieldPath.isEmpty ? "(element)" : fieldPath): \(reason)"
    }
}

/// Where a client reports the list elements it skipped: give one to
/// ``APIClientConfiguration/diagnostics`` and read ``skipped`` (or ``removeAll()``) after calls.
///
/// Safe to share between tasks and clients.
public final class DecodingDiagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [SkippedElement] = []
    private let limit: Int

    /// A collector that keeps the latest `limit` reports (older ones are dropped first).
    public init(limit: Int = 1_000) {
        self.limit = max(1, limit)
    }

    /// Every element skipped so far (at most `limit`, oldest first).
    public var skipped: [SkippedElement] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }

    /// Returns the reports so far and forgets them.
    @discardableResult
    public func removeAll() -> [SkippedElement] {
        lock.lock()
        defer { lock.unlock() }
        let all = elements
        elements.removeAll()
        return all
    }

    func record(_ element: SkippedElement) {
        lock.lock()
        defer { lock.unlock() }
        elements.append(element)
        if elements.count > limit { elements.removeFirst(elements.count - limit) }
    }
}

/// What one decode of a body needs to know about lists: the policy and where skips go.
final class ListDecodingContext: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "airdate.listDecoding")!  // a non-empty literal never fails

    let policy: ListDecoding
    let url: String
    private let lock = NSLock()
    private var skippedElements: [SkippedElement] = []

    init(policy: ListDecoding, url: String) {
        self.policy = policy
        self.url = url
    }

    var skipped: [SkippedElement] {
        lock.lock()
        defer { lock.unlock() }
        return skippedElements
    }

    func record(_ element: SkippedElement) {
        lock.lock()
        defer { lock.unlock() }
        skippedElements.append(element)
    }
}

/// A JSON array whose elements decode one by one: with ``ListDecoding/lenient`` (the default), an
/// element that fails is skipped and reported as a ``SkippedElement``; with
/// ``ListDecoding/strict`` it fails the whole decode.
///
/// Model types use it for the lists of a response (`{"data": […]}`), and ``APIClient/list(_:of:)``
/// for bodies that are a list.
public struct LenientList<Element: Decodable>: Decodable {
    /// The elements that decoded, in order.
    public var elements: [Element]

    /// Wraps elements.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Decodes the array element by element, as the decode's ``ListDecoding`` says.
    public init(from decoder: any Decoder) throws {
        let context = decoder.userInfo[ListDecodingContext.key] as? ListDecodingContext
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch let error as DecodingError {
                if context?.policy == .strict { throw error }
                _ = try container.decode(SkippedValue.self)
                if let context {
                    let failure = JSONBodyDecoder.clientError(for: error)
                    let fieldPath = failure.fieldPath ?? "", reason = failure.detail ?? String(describing: error)
                    context.record(SkippedElement(
                        url: context.url, listPath: JSONBodyDecoder.keyPath(decoder.codingPath),
                        index: index, fieldPath: fieldPath, reason: reason
                    ))
                }
            }
        }
        self.elements = elements
    }
}

/// Any JSON value, read and dropped: moves an unkeyed container past an element that failed.
private struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension KeyedDecodingContainer {
    /// The list at `key` decoded as a ``LenientList`` (empty when missing or null).
    public func lenientList<T: Decodable>(of type: T.Type, forKey key: Key) throws -> [T] {
        try decodeIfPresent(LenientList<T>.self, forKey: key)?.elements ?? []
    }
}
