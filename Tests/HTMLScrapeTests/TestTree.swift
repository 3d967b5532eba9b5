@testable import HTMLScrape
import Foundation

/// Builds documents straight into a `NodeArena` from a strict, tiny markup language, so selector tests
/// do not depend on the HTML parser: `<tag a="v" b>` … `</tag>`, void elements (`br`, `img`, `input`,
/// `hr`, `meta`, `link`), text, `<!--comments-->` and `&lt; &gt; &amp;`. Elements inside `<svg>` and
/// `<math>` are foreign and keep the case of their names; HTML names are lower-cased.
enum TestTree {
    static let voids: Set<String> = ["br", "img", "input", "hr", "meta", "link", "base", "col", "area"]

    static func document(_ markup: String, quirks: Bool = false) -> Document {
        var arena = NodeArena()
        var stack: [(index: Int32, namespace: Namespace)] = [(0, .html)]
        let scalars = Array(markup.unicodeScalars)
        var i = 0
        func peek(_ k: Int = 0) -> Unicode.Scalar? { i + k < scalars.count ? scalars[i + k] : nil }
        func readName() -> String {
            var name = ""
            while let s = peek(), s != " ", s != ">", s != "/", s != "=", s != "\n" {
                name.unicodeScalars.append(s)
                i += 1
            }
            return name
        }
        func skipSpace() { while peek() == " " || peek() == "\n" { i += 1 } }
        func decode(_ text: String) -> String {
            text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        while i < scalars.count {
            if peek() == "<" && peek(1) == "!" {
                i += 4
                var text = ""
                while !(peek() == "-" && peek(1) == "-" && peek(2) == ">") {
                    text.unicodeScalars.append(scalars[i])
                    i += 1
                }
                i += 3
                var bytes = Array(text.utf8)
                let comment = bytes.withUnsafeMutableBufferPointer { arena.createComment(UnsafeBufferPointer($0)) }
                arena.append(comment, to: stack.last!.index)
            } else if peek() == "<" && peek(1) == "/" {
                i += 2
                _ = readName()
                i += 1
                stack.removeLast()
            } else if peek() == "<" {
                i += 1
                let written = readName()
                let parentNamespace = stack.last!.namespace
                var namespace = parentNamespace
                if written.lowercased() == "svg" { namespace = .svg }
                if written.lowercased() == "math" { namespace = .mathML }
                let name = namespace == .html ? written.lowercased() : written
                let element = arena.createElement(arena.names.intern(name), namespace: namespace)
                while true {
                    skipSpace()
                    if peek() == ">" || peek() == "/" { break }
                    let attributeName = readName()
                    var value = ""
                    if peek() == "=" {
                        i += 1
                        let quote = peek()!
                        i += 1
                        while peek() != quote {
                            value.unicodeScalars.append(scalars[i])
                            i += 1
                        }
                        i += 1
                    }
                    let storedName = namespace == .html ? attributeName.lowercased() : attributeName
                    var bytes = Array(decode(value).utf8)
                    var attributeNamespace = Namespace.none
                    var local = storedName
                    if storedName == "xml:lang" {
                        attributeNamespace = .xml
                        local = "lang"
                    }
                    let atom = arena.names.intern(local)
                    bytes.withUnsafeMutableBufferPointer {
                        arena.appendAttribute(to: element, name: atom, namespace: attributeNamespace,
                                              value: UnsafeBufferPointer($0))
                    }
                }
                let selfClosing = peek() == "/"
                if selfClosing { i += 1 }
                i += 1
                arena.append(element, to: stack.last!.index)
                if !selfClosing && !(namespace == .html && voids.contains(name)) {
                    stack.append((element, namespace))
                }
            } else {
                var text = ""
                while let s = peek(), s != "<" {
                    text.unicodeScalars.append(s)
                    i += 1
                }
                var bytes = Array(decode(text).utf8)
                bytes.withUnsafeMutableBufferPointer { arena.appendText(UnsafeBufferPointer($0), to: stack.last!.index) }
            }
        }
        return Document(arena: arena, errors: [], quirksMode: quirks ? .quirks : .noQuirks, encoding: .utf8,
                        scriptingEnabled: false)
    }
}

extension Document {
    /// The ids of the matches, for compact expectations (elements without an id show their tag).
    func ids(_ selector: String) throws -> [String] {
        try select(selector).map { $0.id ?? $0.localName }
    }
}
