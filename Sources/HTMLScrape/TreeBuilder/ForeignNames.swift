/// The name fix-ups of foreign content: SVG tag names and attribute names whose spelling has capitals
/// (`foreignobject` → `foreignObject`, `viewbox` → `viewBox`), MathML's `definitionURL`, and the
/// namespaced attributes (`xlink:href` → `href` in the XLink namespace).
///
/// The tokenizer lower-cases names, so the lower-case spellings are mapped to the known mixed-case
/// names. Every name table holds those spellings with the same ids (``NameTable``), so the maps are
/// built once for the process (building them per document took about 750,000 instructions: a
/// quarter of the parse of a page with one inline SVG icon).
struct ForeignNames: Sendable {
    /// The maps, for every document.
    static let shared: ForeignNames = {
        var names = NameTable()
        return ForeignNames(names: &names)
    }()

    private var svgTags: [LocalName: LocalName] = [:]
    private var svgAttributes: [LocalName: LocalName] = [:]
    private var definitionURL = LocalName.definitionURL

    /// Builds the maps from the lower-case spellings' ids in `names` (the same in every table).
    init(names: inout NameTable) {
        let firstAttribute = LocalName.id.id
        for (index, spelling) in LocalName.knownSpellings.enumerated() {
            guard spelling.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { continue }
            let lower = names.intern(String(decoding: spelling.utf8.map(HTMLBytes.lower), as: UTF8.self))
            let known = LocalName(id: UInt32(index))
            if known == .definitionURL {
                definitionURL = lower
            } else if known.id < firstAttribute {
                svgTags[lower] = known
                if known == .glyphRef { svgAttributes[lower] = known }
            } else {
                svgAttributes[lower] = known
            }
        }
    }

    /// The SVG element name for a lower-case tag name.
    func svgTagName(_ name: LocalName) -> LocalName {
        svgTags[name] ?? name
    }

    /// An attribute's name and namespace on an element of the given foreign namespace.
    func adjustedAttribute(_ name: LocalName, in namespace: Namespace) -> (LocalName, Namespace) {
        switch name {
        case .xlinkActuate: return (.actuate, .xlink)
        case .xlinkArcrole: return (.arcrole, .xlink)
        case .xlinkHref: return (.href, .xlink)
        case .xlinkRole: return (.role, .xlink)
        case .xlinkShow: return (.show, .xlink)
        case .xlinkTitle: return (.title, .xlink)
        case .xlinkType: return (.type, .xlink)
        case .xmlLang: return (.lang, .xml)
        case .xmlSpace: return (.space, .xml)
        case .xmlns: return (.xmlns, .xmlns)
        case .xmlnsXlink: return (.xlink, .xmlns)
        default: break
        }
        if namespace == .svg { return (svgAttributes[name] ?? name, .none) }
        if namespace == .mathML && name == definitionURL { return (.definitionURL, .none) }
        return (name, .none)
    }
}

extension TreeBuilder {
    /// The foreign name maps, built on first use.
    mutating func foreignNameMap() -> ForeignNames {
        if let foreignNames { return foreignNames }
        let map = ForeignNames.shared
        foreignNames = map
        return map
    }
}
