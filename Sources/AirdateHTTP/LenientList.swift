import Foundation

/// A JSON array whose elements decode one by one: with ``DecodingPolicy/lenient`` (the default),
/// an element that fails is left out and reported as a ``DecodingIssue`` of kind
/// `DecodingIssue.Kind.skippedElement`; with ``DecodingPolicy/strict`` it fails the whole response.
///
/// ``APIClient/list(_:of:)`` decodes bodies that are a list with it, and the clients' models decode
/// every list inside a response with it.
public struct LenientList<Element: Decodable>: Decodable {
    /// The elements that decoded, in order.
    public var elements: [Element]

    /// Wraps elements.
    public init(_ elements: [Element]) {
        self.elements = elements
    }

    /// Decodes the array element by element, reporting the ones left out.
    public init(from decoder: any Decoder) throws {
        let report = DecodingReport.of(decoder)
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            let mark = report?.mark ?? 0
            do {
                elements.append(try container.decode(Element.self))
            } catch let error as DecodingError {
                _ = try container.decode(SkippedValue.self)
                guard let report else { continue }
                // What the element's own fields reported no longer matters: the element is gone.
                report.rollBack(to: mark)
                let failure = DecodingFailure(error)
                report.record(
                    .skippedElement, path: decoder.codingPath + [AnyCodingKey.index(index)],
                    failurePath: failure.codingPath, reason: failure.reason)
            }
        }
        self.elements = elements
    }
}

/// Any JSON value, read and dropped: moves an unkeyed container past an element that failed.
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Where a `DecodingError` happened and why, in words.
struct DecodingFailure {
    /// The coding path of the field that failed (`nil` when unknown).
    var codingPath: [any CodingKey]?
    /// Why, for people: `expected Int, found a string`.
    var reason: String

    init(_ error: any Error) {
        guard let error = error as? DecodingError else {
            codingPath = nil
            reason = String(describing: error)
            return
        }
        switch error {
        case .typeMismatch(let type, let context):
            codingPath = context.codingPath
            reason = "expected \(type): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            codingPath = context.codingPath
            reason = "expected \(type) but found null"
        case .keyNotFound(let key, let context):
            codingPath = context.codingPath + [key]
            reason = "the key is missing"
        case .dataCorrupted(let context):
            codingPath = context.codingPath
            if context.codingPath.isEmpty {
                let underlying = (context.underlyingError as NSError?)?.localizedDescription
                reason = "not valid JSON" + (underlying.map { " (\($0))" } ?? "")
            } else {
                reason = context.debugDescription
            }
        @unknown default:
            codingPath = nil
            reason = String(describing: error)
        }
    }
}
