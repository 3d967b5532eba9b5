public import Foundation

/// Why a CSS selector could not be parsed, and where.
///
/// The description reads like `unexpected "]" at offset 12 in "table[class=]"`; ``offset`` counts
/// characters (Unicode scalars) from the start of the selector, starting at 0.
public struct SelectorError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `unexpected "]"` or `unknown pseudo-class ":hover"`.
    public let reason: String
    /// Where in ``selector`` the problem was found: a 0-based count of Unicode scalars.
    public let offset: Int
    /// The selector text as given.
    public let selector: String

    /// Creates an error.
    public init(reason: String, offset: Int, selector: String) {
        self.reason = reason
        self.offset = offset
        self.selector = selector
    }

    /// The whole message: what, where and in which selector.
    public var description: String {
        "\(reason) at offset \(offset) in \"\(selector)\""
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
