import Foundation

/// Checks and normalises the attribute values a ``SanitizerPolicy`` treats specially: URLs, `srcset`
/// and `style`. Each function returns the value to keep, or `nil` to drop the attribute; each is
/// idempotent (its output passes unchanged), so that sanitising twice equals sanitising once.
struct AttributeValueCleaner {
    let policy: SanitizerPolicy

    /// Attributes whose value is one URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "cite", "action", "formaction", "poster", "background", "longdesc", "usemap",
        "data", "codebase", "lowsrc", "dynsrc", "manifest", "profile", "icon", "archive", "classid", "itemtype",
    ]

    /// Image types a `data:` URL may have where `data` is allowed.
    private static let dataImageTypes = ["image/png", "image/gif", "image/jpeg", "image/webp"]

    /// A URL as browsers read it: tabs and newlines removed anywhere, C0 controls and spaces stripped
    /// at both ends; `nil` when control characters remain inside.
    static func normalizedURL(_ value: String) -> String? {
        // Most URLs hold no space or control character at all: nothing to do.
        if !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == 0xC2 }) { return value }
        var scalars = value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        if scalars.contains(where: { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }) { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// The scheme of a URL (lower case), `""` for a relative URL, or `nil` when something that is not a
    /// valid scheme stands before a colon (which a browser might still read as one: refuse it).
    static func scheme(of url: String) -> String? {
        let utf8 = url.utf8
        guard let end = utf8.firstIndex(where: { $0 == 0x3A || $0 == 0x2F || $0 == 0x3F || $0 == 0x23 }),
              utf8[end] == 0x3A
        else { return "" }
        let candidate = utf8[..<end]
        guard let first = candidate.first, isASCIILetter(first) else { return nil }
        for byte in candidate {
            guard isASCIILetter(byte) || (0x30...0x39).contains(byte) || byte == 0x2B || byte == 0x2D || byte == 0x2E
            else { return nil }
        }
        return String(decoding: candidate.map { $0 | 0x20 }, as: UTF8.self)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The URL to keep for this attribute, or `nil`.
    func url(_ value: String, attribute: String) -> String? {
        guard let url = Self.normalizedURL(value), let scheme = Self.scheme(of: url) else { return nil }
        let allowed = policy.urlSchemes[attribute] ?? ["http", "https"]
        if scheme.isEmpty {
            guard policy.allowsRelativeURLs else { return nil }
            guard let base = policy.baseURL else { return url }
            guard let absolute = Self.resolve(url, against: base),
                  let resolvedScheme = Self.scheme(of: absolute), allowed.contains(resolvedScheme)
            else { return nil }
            return absolute
        }
        guard allowed.contains(scheme) else { return nil }
        if scheme == "data" {
            let body = url.dropFirst(5).lowercased()
            guard Self.dataImageTypes.contains(where: { body.hasPrefix($0 + ";") || body.hasPrefix($0 + ",") }) else {
                return nil
            }
        }
        return url
    }

    /// A relative URL made absolute, percent-encoding what Foundation's parser refuses (spaces…).
    static func resolve(_ relative: String, against base: URL) -> String? {
        if let url = URL(string: relative, relativeTo: base) { return url.absoluteURL.absoluteString }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.insert(charactersIn: "#%")
        guard let encoded = relative.addingPercentEncoding(withAllowedCharacters: allowed),
              let url = URL(string: encoded, relativeTo: base)
        else { return nil }
        return url.absoluteURL.absoluteString
    }

    /// A `srcset` whose every candidate URL passes, written back as `url descriptor, …`; `nil` when
    /// any candidate fails or a descriptor is not a plain width or density.
    func srcset(_ value: String) -> String? {
        var candidates: [String] = []
        var scalars = Substring(value).unicodeScalars[...]
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || ("\t"..."\r").contains(scalar) }
        while true {
            while let first = scalars.first, isSpace(first) || first == "," { scalars.removeFirst() }
            guard !scalars.isEmpty else { break }
            var urlScalars = String.UnicodeScalarView()
            while let first = scalars.first, !isSpace(first) {
                urlScalars.append(first)
                scalars.removeFirst()
            }
            var rawURL = String(urlScalars)
            var descriptor = ""
            if rawURL.hasSuffix(",") {
                while rawURL.hasSuffix(",") { rawURL.removeLast() }
            } else {
                var descriptorScalars = String.UnicodeScalarView()
                while let first = scalars.first, first != "," {
                    descriptorScalars.append(first)
                    scalars.removeFirst()
                }
                descriptor = String(descriptorScalars).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !rawURL.isEmpty, let url = url(rawURL, attribute: "srcset"),
                  !url.contains(","), !url.contains(" ")
            else { return nil }
            if descriptor.isEmpty {
                candidates.append(url)
            } else {
                guard Self.isPlainDescriptor(descriptor) else { return nil }
                candidates.append(url + " " + descriptor)
            }
        }
        return candidates.isEmpty ? nil : candidates.joined(separator: ", ")
    }

    /// `640w`, `1.5x`: a number and a unit letter.
    private static func isPlainDescriptor(_ descriptor: String) -> Bool {
        guard let unit = descriptor.last, unit == "w" || unit == "x" || unit == "h" else { return false }
        let number = descriptor.dropLast()
        return !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// The declarations of a `style` attribute whose property is allowed and whose value is plain,
    /// written back as `property: value; …`; `nil` when none is left.
    func style(_ value: String) -> String? {
        guard !policy.allowedStyleProperties.isEmpty else { return nil }
        var kept: [String] = []
        for declaration in value.split(separator: ";") {
            guard let colon = declaration.firstIndex(of: ":") else { continue }
            let property = declaration[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let declared = declaration[declaration.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard policy.allowedStyleProperties.contains(property), !declared.isEmpty, Self.isPlainCSSValue(declared)
            else { continue }
            kept.append(property + ": " + declared)
        }
        return kept.isEmpty ? nil : kept.joined(separator: "; ")
    }

    /// Letters, digits, spaces and `#%.,()-+!` only, and no function that loads or computes anything.
    private static func isPlainCSSValue(_ value: String) -> Bool {
        let allowedPunctuation: Set<Character> = ["#", "%", ".", ",", "(", ")", "-", "+", "!", " "]
        guard value.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || allowedPunctuation.contains($0) })
        else { return false }
        let lowered = value.lowercased()
        return !["url", "expression", "image", "var", "attr", "element", "env", "paint", "binding"]
            .contains { lowered.contains($0) }
    }
}
