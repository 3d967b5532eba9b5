import Foundation

/// A CSV file (RFC 4180: comma-separated, fields quoted with `"` and `""` inside, CRLF or LF line
/// ends, line breaks inside quoted fields), read into a header and records, each record with the
/// line it starts on.
struct CSVTable {
    /// The header's column names, trimmed and lower-cased.
    var header: [String]
    /// The records after the header, with the line each starts on (the header is line 1).
    var records: [(line: Int, fields: [String])]

    enum Failure: Error, Equatable {
        case unterminatedQuote(line: Int)
        case empty
        case notText
    }

    /// Reads `data` (UTF-8, a byte-order mark allowed). Blank lines are left out.
    static func read(_ data: Data) throws(Failure) -> CSVTable {
        guard var text = String(data: data, encoding: .utf8) else { throw .notText }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var rows: [(line: Int, fields: [String])] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1, recordLine = 1, quoteLine = 1
        var fieldWasQuoted = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldWasQuoted) { rows.append((recordLine, fields)) }
            fields = []
            field = ""
            fieldWasQuoted = false
        }
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if inQuotes {
                if scalar == "\"" {
                    if index < scalars.count, scalars[index] == "\"" {
                        field.unicodeScalars.append("\"")
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                fieldWasQuoted = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
                fieldWasQuoted = false
            case "\r":
                if index < scalars.count, scalars[index] == "\n" { index += 1 }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .unterminatedQuote(line: quoteLine) }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        guard let first = rows.first else { throw .empty }
        return CSVTable(
            header: first.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() },
            records: Array(rows.dropFirst()))
    }

    /// The index of the first column named one of `names` (lower case).
    func column(_ names: [String]) -> Int? {
        for name in names { if let index = header.firstIndex(of: name) { return index } }
        return nil
    }

    /// Writes rows as CSV with CRLF line ends, quoting the fields that need it.
    static func write(header: [String], rows: [[String]]) -> Data {
        func quoted(_ field: String) -> String {
            guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        var text = ""
        for row in [header] + rows { text += row.map(quoted).joined(separator: ",") + "\r\n" }
        return Data(text.utf8)
    }
}
