import Foundation

/// Text made safe for HTML: escaped for element content and for attribute values in double quotes.
enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as character references; other text as is.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Controls other than white space have no place in a page.
                if character.value < 0x20 && character != "\n" && character != "\t" { continue }
                out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A query string's value, percent-encoded (`+` for nothing: spaces become `%20`).
    static func queryValue(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
