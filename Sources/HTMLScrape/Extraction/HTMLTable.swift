import Foundation

/// A `<table>` as a grid, with `rowspan` and `colspan` resolved by the HTML table model, header rows
/// detected, and body rows available as records keyed by header text.
///
/// A cell that spans several slots appears in each of them, so every row of ``grid`` reads like a
/// row of the rendered table. As browsers do, `colspan` is clamped to 1–1000, `rowspan` to 0–65534,
/// `rowspan=0` reaches to the end of the row group, and a span past the end of its row group
/// (`thead`, `tbody` or `tfoot`) is cut there. Nested tables are cells' content, not rows.
///
/// ```swift
/// let table = HTMLTable(try document.selectFirst("table.wikiepisodetable")!)!
/// for record in table.records { print(record["Title"] ?? "") }
/// ```
public struct HTMLTable: Sendable {
    /// One `td` or `th` and where it sits.
    public struct Cell: Hashable, Sendable {
        /// The `td` or `th` element.
        public let element: Element
        /// The grid row the cell starts in (0-based).
        public let row: Int
        /// The grid column the cell starts in (0-based).
        public let column: Int
        /// How many rows the cell covers, after clamping.
        public let rowSpan: Int
        /// How many columns the cell covers, after clamping.
        public let columnSpan: Int
        /// The cell's text: footnote `<sup>` markers removed, and white space (no-break spaces too)
        /// collapsed to single spaces.
        public let text: String

        /// Whether the cell is a `th`.
        public var isHeader: Bool { element.isHTML(.th) }

        /// Cells are the same when they are the same element.
        public static func == (lhs: Cell, rhs: Cell) -> Bool { lhs.element == rhs.element }

        /// Hashes the element.
        public func hash(into hasher: inout Hasher) { hasher.combine(element) }
    }

    /// A body row, read by header.
    public struct Record: Sendable {
        /// The row's `tr` element.
        public let row: Element
        /// The row's cell texts keyed by their column's header (see ``HTMLTable/headers``).
        public let values: [String: String]
        /// The cell of the full-width row that follows this one, if any: where MediaWiki episode
        /// tables keep an episode's summary.
        public let detail: Element?

        /// The value under a header.
        public subscript(header: String) -> String? { values[header] }
    }

    /// The `table` element.
    public let element: Element
    /// The `tr` element of each grid row, top to bottom.
    public let rows: [Element]
    /// The slots, row by row: each holds the cell covering it, or `nil` for a hole.
    public let grid: [[Cell?]]
    /// How many rows at the top are header rows: rows in `thead`, then rows whose cells are all `th`.
    public let headerRowCount: Int
    /// The record keys, left to right: one per header, where a header is the stack of header cells
    /// above a run of columns (a header cell spanning two columns names both). Each is the header
    /// cells' text, joined when there are several header rows, footnote markers removed, made unique
    /// with a suffix (`Title 2`); `Column 3` where a column has no header.
    public let headers: [String]
    /// The grid columns each of ``headers`` covers.
    let headerColumns: [Range<Int>]

    /// The number of grid columns.
    public let columnCount: Int

    /// Reads a table; `nil` when the element is not an HTML `table`.
    public init?(_ element: Element) {
        guard element.isHTML(.table) else { return nil }
        self.element = element
        var builder = GridBuilder(document: element.document)
        builder.readTable(element.node.index)
        rows = builder.rowElements.map { Element(node: Node(document: element.document, index: $0)) }
        let cells = builder.cells
        // Trailing columns where no cell starts (a summary row's `colspan` one too wide) render as
        // nothing in a browser; they are dropped.
        var anchored = [Bool](repeating: false, count: builder.width)
        for cell in cells { anchored[cell.column] = true }
        var width = builder.width
        while width > 0 && !anchored[width - 1] { width -= 1 }
        grid = builder.slots.map { row in
            (0..<width).map { column in column < row.count ? row[column].map { cells[$0] } : nil }
        }
        var cellsStartingIn = [[HTMLTable.Cell]](repeating: [], count: builder.rowElements.count)
        for cell in cells { cellsStartingIn[cell.row].append(cell) }
        var headerCount = 0
        for (index, row) in builder.rowElements.enumerated() {
            let inHead = builder.headRows.contains(row)
            let own = cellsStartingIn[index]
            if inHead || (!own.isEmpty && own.allSatisfy(\.isHeader)) {
                headerCount += 1
            } else {
                break
            }
        }
        headerRowCount = headerCount
        columnCount = width
        (headers, headerColumns) = Self.headers(grid: grid, headerRowCount: headerCount, width: width)
    }

    /// The body rows as records. Rows made of one cell spanning the whole width are not records: they
    /// are the ``Record/detail`` of the record above them.
    public var records: [Record] {
        var result: [Record] = []
        var pendingRow: Element?
        var pendingValues: [String: String] = [:]
        for index in headerRowCount..<grid.count {
            let row = grid[index]
            let distinct = row.compactMap { $0 }.reduce(into: [Cell]()) { if $0.last != $1 { $0.append($1) } }
            if distinct.isEmpty { continue }
            if distinct.count == 1 && row.allSatisfy({ $0 != nil }) && columnCount > 1 {
                if let previous = pendingRow {
                    result.append(Record(row: previous, values: pendingValues, detail: distinct[0].element))
                    pendingRow = nil
                }
                continue
            }
            if let previous = pendingRow {
                result.append(Record(row: previous, values: pendingValues, detail: nil))
            }
            var values: [String: String] = [:]
            for (header, columns) in zip(headers, headerColumns) {
                var parts: [String] = []
                var previous: Cell?
                for column in columns {
                    guard let cell = row[column], cell != previous else { continue }
                    previous = cell
                    if !cell.text.isEmpty && !parts.contains(cell.text) { parts.append(cell.text) }
                }
                values[header] = parts.joined(separator: " ")
            }
            pendingRow = rows[index]
            pendingValues = values
        }
        if let previous = pendingRow {
            result.append(Record(row: previous, values: pendingValues, detail: nil))
        }
        return result
    }

    /// The table as CSV (RFC 4180 quoting, `\n` line ends): a line of ``headers``, then one line per
    /// record (see ``records``), in column order.
    public func csv() -> String {
        var output = headers.map(Self.csvField).joined(separator: ",") + "\n"
        for record in records {
            output += headers.map { Self.csvField(record.values[$0] ?? "") }.joined(separator: ",") + "\n"
        }
        return output
    }

    private static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Header names and the columns each covers: consecutive columns under the same header cells
    /// share a name.
    private static func headers(
        grid: [[Cell?]], headerRowCount: Int, width: Int
    ) -> (names: [String], columns: [Range<Int>]) {
        var names: [String] = []
        var columns: [Range<Int>] = []
        var used: [String: Int] = [:]
        var column = 0
        while column < width {
            let stack = (0..<headerRowCount).map { grid[$0][column] }
            var end = column + 1
            if headerRowCount > 0 && stack.contains(where: { $0 != nil }) {
                while end < width && (0..<headerRowCount).map({ grid[$0][end] }) == stack { end += 1 }
            }
            var parts: [String] = []
            for cell in stack {
                guard let cell else { continue }
                let text = normalizedHeader(cell.text)
                if !text.isEmpty && parts.last != text { parts.append(text) }
            }
            var name = parts.joined(separator: " ")
            if name.isEmpty { name = "Column \(column + 1)" }
            let count = (used[name] ?? 0) + 1
            used[name] = count
            names.append(count == 1 ? name : "\(name) \(count)")
            columns.append(column..<end)
            column = end
        }
        return (names, columns)
    }

    /// Removes bracketed markers (`[1]`, `[a]`, `[note 2]`) and collapses white space.
    static func normalizedHeader(_ text: String) -> String {
        let stripped = text.replacingOccurrences(of: "\\[[^\\[\\]]{1,24}\\]", with: " ", options: .regularExpression)
        return stripped.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// The HTML table-forming algorithm, over the arena.
private struct GridBuilder {
    let document: Document
    var arena: NodeArena { document.arena }
    var slots: [[Int?]] = []
    var cells: [HTMLTable.Cell] = []
    var rowElements: [Int32] = []
    var headRows: Set<Int32> = []
    var width = 0

    init(document: Document) {
        self.document = document
    }

    private func isHTML(_ node: Int32, _ name: LocalName) -> Bool {
        let record = arena.nodes[Int(node)]
        return record.kind == .element && record.namespace == .html && record.name == name
    }

    private func children(_ node: Int32, where test: (Int32) -> Bool) -> [Int32] {
        var result: [Int32] = []
        var child = arena.nodes[Int(node)].firstChild
        while child != NodeArena.none {
            if test(child) { result.append(child) }
            child = arena.nodes[Int(child)].nextSibling
        }
        return result
    }

    mutating func readTable(_ table: Int32) {
        var pendingDirectRows: [Int32] = []
        for child in children(table, where: { arena.nodes[Int($0)].kind == .element }) {
            if isHTML(child, .tr) {
                pendingDirectRows.append(child)
                continue
            }
            if !pendingDirectRows.isEmpty {
                readGroup(pendingDirectRows)
                pendingDirectRows = []
            }
            if isHTML(child, .thead) || isHTML(child, .tbody) || isHTML(child, .tfoot) {
                let rows = children(child, where: { isHTML($0, .tr) })
                if isHTML(child, .thead) { headRows.formUnion(rows) }
                readGroup(rows)
            }
        }
        if !pendingDirectRows.isEmpty { readGroup(pendingDirectRows) }
    }

    private func span(_ cell: Int32, _ name: LocalName, default defaultValue: Int, range: ClosedRange<Int>) -> Int {
        guard let index = arena.attributeIndex(of: cell, name: name) else { return defaultValue }
        let attribute = arena.attributes[index]
        // HTML's rules for parsing non-negative integers: skip white space, read digits, ignore the rest.
        var value = 0
        var sawDigit = false
        for byte in arena.bytes(start: attribute.valueStart, count: attribute.valueCount) {
            if !sawDigit && TextRendering.isHTMLWhitespace(byte) { continue }
            if !sawDigit && byte == UInt8(ascii: "+") { continue }
            guard byte >= 0x30 && byte <= 0x39 else { break }
            sawDigit = true
            value = min(value * 10 + Int(byte - 0x30), 1_000_000)
        }
        guard sawDigit else { return defaultValue }
        return min(max(value, range.lowerBound), range.upperBound)
    }

    /// Lays out one row group; spans stop at its last row.
    private mutating func readGroup(_ rows: [Int32]) {
        let top = slots.count
        let bottom = top + rows.count
        slots.append(contentsOf: Array(repeating: [], count: rows.count))
        rowElements.append(contentsOf: rows)
        for (offset, row) in rows.enumerated() {
            let y = top + offset
            var x = 0
            let rowCells = children(row, where: { isHTML($0, .td) || isHTML($0, .th) })
            for cell in rowCells {
                while x < slots[y].count && slots[y][x] != nil { x += 1 }
                let columnSpan = span(cell, .colspan, default: 1, range: 1...1000)
                var rowSpan = span(cell, .rowspan, default: 1, range: 0...65534)
                if rowSpan == 0 { rowSpan = bottom - y }
                rowSpan = min(rowSpan, bottom - y)
                let index = cells.count
                cells.append(HTMLTable.Cell(
                    element: Element(node: Node(document: document, index: cell)), row: y, column: x,
                    rowSpan: rowSpan, columnSpan: columnSpan,
                    text: TextRendering.text(cell, in: arena, skippingFootnotes: true, collapsesNoBreakSpace: true)))
                for row in y..<y + rowSpan {
                    if slots[row].count < x + columnSpan {
                        slots[row].append(contentsOf: Array(repeating: nil, count: x + columnSpan - slots[row].count))
                    }
                    for column in x..<x + columnSpan where slots[row][column] == nil {
                        slots[row][column] = index
                    }
                }
                width = max(width, x + columnSpan)
                x += columnSpan
            }
        }
    }
}
