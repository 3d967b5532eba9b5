import Foundation
import HTTPTypes

/// What a 2xx answer must pass before it is decoded as JSON: it is not an HTML page (a captive
/// portal or proxy answering instead of the API), and it is read in its declared charset.
enum JSONBodyCheck {
    /// The body as UTF-8 JSON text, or a typed error.
    static func prepare(_ response: HTTPTransportResponse, url: String) throws -> Data {
        let contentType = response.head.headerFields[.contentType]
        let mediaType = contentType.map(Self.mediaType) ?? ""
        if mediaType == "text/html" || mediaType == "application/xhtml+xml" || looksLikeHTML(response.body) {
            throw APIClientError.htmlInsteadOfJSON(url: url, contentType: contentType)
        }
        guard let charset = contentType.flatMap(Self.charset) else { return response.body }
        return try utf8(response.body, charset: charset)
    }

    /// `text/html` from `text/html; charset=utf-8`, lower-cased.
    static func mediaType(_ contentType: String) -> String {
        (contentType.split(separator: ";").first.map(String.init) ?? contentType)
            .trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The `charset` parameter, lower-cased and unquoted.
    static func charset(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            let value = parts[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            return value.isEmpty ? nil : value.lowercased()
        }
        return nil
    }

    /// Whether the body starts (after white space and a BOM) like an HTML document, which JSON
    /// never does.
    static func looksLikeHTML(_ body: Data) -> Bool {
        var index = body.startIndex
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { index += 3 }
        while index < body.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
        guard index < body.endIndex, body[index] == UInt8(ascii: "<") else { return false }
        let head = String(decoding: body[index..<min(body.endIndex, index + 64)], as: UTF8.self).lowercased()
        return head.hasPrefix("<!doctype html") || head.hasPrefix("<html") || head.hasPrefix("<head")
            || head.hasPrefix("<body") || head.hasPrefix("<!--") || head.hasPrefix("<meta") || head.hasPrefix("<title")
    }

    /// `body` converted from `charset` to UTF-8.
    static func utf8(_ body: Data, charset: String) throws -> Data {
        let encoding: String.Encoding
        switch charset {
        case "utf-8", "utf8", "us-ascii", "ascii": return body
        case "utf-16": encoding = .utf16
        case "utf-16le": encoding = .utf16LittleEndian
        case "utf-16be": encoding = .utf16BigEndian
        case "utf-32": encoding = .utf32
        case "utf-32le": encoding = .utf32LittleEndian
        case "utf-32be": encoding = .utf32BigEndian
        case "iso-8859-1", "latin1", "iso_8859-1", "l1": encoding = .isoLatin1
        case "iso-8859-2", "latin2": encoding = .isoLatin2
        case "windows-1252", "cp1252": encoding = .windowsCP1252
        case "windows-1250", "cp1250": encoding = .windowsCP1250
        case "windows-1251", "cp1251": encoding = .windowsCP1251
        case "shift_jis", "shift-jis", "sjis": encoding = .shiftJIS
        case "euc-jp": encoding = .japaneseEUC
        case "iso-2022-jp": encoding = .iso2022JP
        default: throw APIClientError.unsupportedCharset(charset)
        }
        guard let text = String(data: body, encoding: encoding) else {
            throw APIClientError.decoding(path: "", reason: "the body is not valid \(charset) text as its Content-Type declares")
        }
        return Data(text.utf8)
    }
}
