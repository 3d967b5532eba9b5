/// The insertion modes of the tree construction stage (WHATWG HTML §13.2.4.1).
///
/// The current spec (since the 2025 `select` parsing change) has no "in select" or "in select in
/// table" modes: `select` content is parsed by the "in body" rules.
enum InsertionMode: UInt8, Sendable {
    // One case per insertion mode of the spec, in the spec's order.
    case initial
    case beforeHTML
    case beforeHead
    case inHead
    case inHeadNoscript
    case afterHead
    case inBody
    case text
    case inTable
    case inTableText
    case inCaption
    case inColumnGroup
    case inTableBody
    case inRow
    case inCell
    case inTemplate
    case afterBody
    case inFrameset
    case afterFrameset
    case afterAfterBody
    case afterAfterFrameset
}
