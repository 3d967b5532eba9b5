/// The namespace of an element or an attribute.
///
/// Elements are in the HTML, SVG or MathML namespace. Attributes are in no namespace, except the
/// few that the HTML parser puts in the XLink, XML or XMLNS namespace inside SVG and MathML.
public enum Namespace: UInt8, Sendable, Hashable, CaseIterable {
    /// No namespace: ordinary attributes.
    case none
    /// `http://www.w3.org/1999/xhtml`
    case html
    /// `http://www.w3.org/2000/svg`
    case svg
    /// `http://www.w3.org/1998/Math/MathML`
    case mathML
    /// `http://www.w3.org/1999/xlink`
    case xlink
    /// `http://www.w3.org/XML/1998/namespace`
    case xml
    /// `http://www.w3.org/2000/xmlns/`
    case xmlns

    /// The namespace URI, or `nil` for no namespace.
    public var uri: String? {
        switch self {
        case .none: return nil
        case .html: return "http://www.w3.org/1999/xhtml"
        case .svg: return "http://www.w3.org/2000/svg"
        case .mathML: return "http://www.w3.org/1998/Math/MathML"
        case .xlink: return "http://www.w3.org/1999/xlink"
        case .xml: return "http://www.w3.org/XML/1998/namespace"
        case .xmlns: return "http://www.w3.org/2000/xmlns/"
        }
    }

    /// The prefix the serializer writes before an attribute in this namespace (`xlink`, `xml`, `xmlns`).
    var attributePrefix: String? {
        switch self {
        case .xlink: return "xlink"
        case .xml: return "xml"
        case .xmlns: return "xmlns"
        default: return nil
        }
    }
}
