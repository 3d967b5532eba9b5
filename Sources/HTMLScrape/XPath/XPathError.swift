public import Foundation

/// Why an XPath expression could not be compiled or evaluated, and where.
///
/// The description reads like `expected a node test after "/" at offset 6 in "//div/"`; ``offset``
/// counts characters (Unicode scalars) from the start of the expression, starting at 0, as
/// ``SelectorError`` does for CSS selectors.
///
/// Compiling reports syntax errors, unknown functions, wrong argument counts, undeclared namespace
/// prefixes and expressions nested deeper than ``XPath/maximumNesting``. Evaluating reports what
/// only the values can tell: an unbound variable, or a value that is not a node-set where one is
/// needed (`count("a")`, `"a"/b`, `1 | //p`).
public struct XPathError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, such as `unknown function "foo"` or `unexpected ")"`.
    public let reason: String
    /// Where in ``expression`` the problem was found: a 0-based count of Unicode scalars.
    public let offset: Int
    /// The expression as given.
    public let expression: String

    /// Creates an error.
    public init(reason: String, offset: Int, expression: String) {
        self.reason = reason
        self.offset = offset
        self.expression = expression
    }

    /// The whole message: what, where and in which expression.
    public var description: String {
        "\(reason) at offset \(offset) in \"\(expression)\""
    }

    /// The same as ``description``.
    public var errorDescription: String? { description }
}
