/// Decides the document's quirks mode from its doctype (§13.2.6.4.1, the "initial" mode).
enum DoctypeQuirks {
    /// Public identifiers that mean quirks mode when the doctype's starts with one (compared in ASCII
    /// lower case).
    static let quirkyPublicPrefixes: [String] = [
        "+//silmaril//dtd html pro v0r11 19970101//",
        "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//",
        "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//",
        "-//ietf//dtd html 2.0 strict level 1//",
        "-//ietf//dtd html 2.0 strict level 2//",
        "-//ietf//dtd html 2.0 strict//",
        "-//ietf//dtd html 2.0//",
        "-//ietf//dtd html 2.1e//",
        "-//ietf//dtd html 3.0//",
        "-//ietf//dtd html 3.2 final//",
        "-//ietf//dtd html 3.2//",
        "-//ietf//dtd html 3//",
        "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//",
        "-//ietf//dtd html level 2//",
        "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//",
        "-//ietf//dtd html strict level 1//",
        "-//ietf//dtd html strict level 2//",
        "-//ietf//dtd html strict level 3//",
        "-//ietf//dtd html strict//",
        "-//ietf//dtd html//",
        "-//metrius//dtd metrius presentational//",
        "-//microsoft//dtd internet explorer 2.0 html strict//",
        "-//microsoft//dtd internet explorer 2.0 html//",
        "-//microsoft//dtd internet explorer 2.0 tables//",
        "-//microsoft//dtd internet explorer 3.0 html strict//",
        "-//microsoft//dtd internet explorer 3.0 html//",
        "-//microsoft//dtd internet explorer 3.0 tables//",
        "-//netscape comm. corp.//dtd html//",
        "-//netscape comm. corp.//dtd strict html//",
        "-//o'reilly and associates//dtd html 2.0//",
        "-//o'reilly and associates//dtd html extended 1.0//",
        "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//",
        "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//",
        "-//spyglass//dtd html 2.0 extended//",
        "-//sun microsystems corp.//dtd hotjava html//",
        "-//sun microsystems corp.//dtd hotjava strict html//",
        "-//w3c//dtd html 3 1995-03-24//",
        "-//w3c//dtd html 3.2 draft//",
        "-//w3c//dtd html 3.2 final//",
        "-//w3c//dtd html 3.2//",
        "-//w3c//dtd html 3.2s draft//",
        "-//w3c//dtd html 4.0 frameset//",
        "-//w3c//dtd html 4.0 transitional//",
        "-//w3c//dtd html experimental 19960712//",
        "-//w3c//dtd html experimental 970421//",
        "-//w3c//dtd w3 html//",
        "-//w3o//dtd w3 html 3.0//",
        "-//webtechs//dtd mozilla html 2.0//",
        "-//webtechs//dtd mozilla html//",
    ]

    /// The quirks mode a doctype token selects.
    static func mode(for doctype: DoctypeToken) -> QuirksMode {
        if doctype.forceQuirks || doctype.name != "html" { return .quirks }
        let publicID = doctype.publicID.map(asciiLowercase)
        let systemID = doctype.systemID.map(asciiLowercase)
        if let publicID {
            if publicID == "-//w3o//dtd w3 html strict 3.0//en//" || publicID == "-/w3c/dtd html 4.0 transitional/en"
                || publicID == "html"
            {
                return .quirks
            }
            if quirkyPublicPrefixes.contains(where: { publicID.hasPrefix($0) }) { return .quirks }
            let html401 = publicID.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                || publicID.hasPrefix("-//w3c//dtd html 4.01 transitional//")
            if systemID == nil && html401 { return .quirks }
            if publicID.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//")
                || publicID.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//")
            {
                return .limitedQuirks
            }
            if systemID != nil && html401 { return .limitedQuirks }
        }
        if systemID == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        return .noQuirks
    }

    /// Whether a doctype is one the spec allows without a parse error.
    static func isConforming(_ doctype: DoctypeToken) -> Bool {
        guard doctype.name == "html", doctype.publicID == nil else { return false }
        return doctype.systemID == nil || doctype.systemID == "about:legacy-compat"
    }

    private static func asciiLowercase(_ string: String) -> String {
        String(decoding: string.utf8.map(HTMLBytes.lower), as: UTF8.self)
    }
}
