/// The tag-name sets that the tree construction rules test against, built once.
///
/// Every set holds HTML tag names; the namespace is checked by the caller.
enum TagSets {
    /// The "special" category of HTML elements.
    static let special = NameSet(
        .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body, .br,
        .button, .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt, .embed, .fieldset,
        .figcaption, .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3, .h4, .h5, .h6, .head, .header,
        .hgroup, .hr, .html, .iframe, .img, .input, .keygen, .li, .link, .listing, .main, .marquee, .menu,
        .meta, .nav, .noembed, .noframes, .noscript, .object, .ol, .p, .param, .plaintext, .pre, .script,
        .search, .section, .select, .source, .style, .summary, .table, .tbody, .td, .template, .textarea,
        .tfoot, .th, .thead, .title, .tr, .track, .ul, .wbr, .xmp)

    /// HTML elements that bound the default scope.
    static let defaultScope = NameSet(
        .applet, .caption, .html, .table, .td, .th, .marquee, .object, .template)
    /// HTML elements that bound list item scope.
    static let listItemScope = defaultScope.union(NameSet(.ol, .ul))
    /// HTML elements that bound button scope.
    static let buttonScope = defaultScope.union(NameSet(.button))
    /// HTML elements that bound table scope.
    static let tableScope = NameSet(.html, .table, .template)

    /// "Clear the stack back to a table context": pops until one of these is current.
    static let tableContext = NameSet(.table, .template, .html)
    /// "Clear the stack back to a table body context".
    static let tableBodyContext = NameSet(.tbody, .tfoot, .thead, .template, .html)
    /// "Clear the stack back to a table row context".
    static let tableRowContext = NameSet(.tr, .template, .html)
    /// What an `li` start tag closes.
    static let listItems = NameSet(.li)
    /// What a `dd` or `dt` start tag closes.
    static let definitionItems = NameSet(.dd, .dt)

    /// MathML elements that bound the default scopes (and are special).
    static let mathMLScope = NameSet(.mi, .mo, .mn, .ms, .mtext, .annotationXml)
    /// SVG elements that bound the default scopes (and are special).
    static let svgScope = NameSet(.foreignObject, .desc, .title)

    /// Elements whose end tags "generate implied end tags" closes.
    static let impliedEndTags = NameSet(.dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc)
    /// Elements that "generate all implied end tags thoroughly" closes.
    static let impliedEndTagsThoroughly = impliedEndTags.union(NameSet(
        .caption, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr))

    /// The formatting elements.
    static let formatting = NameSet(
        .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u)
    /// `h1` to `h6`.
    static let headings = NameSet(.h1, .h2, .h3, .h4, .h5, .h6)
    /// `tbody`, `thead`, `tfoot`.
    static let tableSections = NameSet(.tbody, .thead, .tfoot)
    /// `td`, `th`.
    static let cells = NameSet(.td, .th)

    /// Elements that may stay open at the end of the body without a parse error.
    static let closableAtEndOfBody = NameSet(
        .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc, .tbody, .td, .tfoot, .th, .thead, .tr,
        .body, .html)

    /// Start tags that close a `p` and open a block ("address", "article", …).
    static let blockStartTags = NameSet(
        .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl, .fieldset,
        .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p, .search, .section,
        .summary, .ul)
    /// End tags that close a block element in scope.
    static let blockEndTags = NameSet(
        .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir, .div, .dl,
        .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu, .nav, .ol, .pre,
        .search, .section, .summary, .ul)
    /// Start tags handled by the "in head" rules from other modes.
    static let headContent = NameSet(
        .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template, .title)
    /// Start tags "in body" treats as void elements that disable frameset.
    static let voidFramesetBreakers = NameSet(.area, .br, .embed, .img, .keygen, .wbr)
    /// Start tags inserted and immediately popped without touching frameset-ok.
    static let voidParams = NameSet(.param, .source, .track)
    /// The start tags the "in body" mode ignores as misplaced table parts.
    static let misplacedTableParts = NameSet(
        .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr)
    /// Start tags that make the "in caption" and "in cell" modes close and reprocess.
    static let tableStructure = NameSet(
        .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr)
    /// End tags that the table modes ignore.
    static let ignoredInTable = NameSet(
        .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr)
    /// Elements for which "in table" text goes to the pending table character tokens.
    static let tableTextContext = NameSet(.table, .tbody, .template, .tfoot, .thead, .tr)
    /// "in table" start tags that go to the "in head" rules.
    static let tableHeadContent = NameSet(.style, .script, .template)

    /// HTML start tags that break out of foreign content.
    static let foreignBreakout = NameSet(
        .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed, .h1, .h2, .h3,
        .h4, .h5, .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr, .ol, .p, .pre, .ruby, .s,
        .small, .span, .strong, .strike, .sub, .sup, .table, .tt, .u, .ul, .var)
    /// MathML text integration points.
    static let mathMLTextIntegration = NameSet(.mi, .mo, .mn, .ms, .mtext)
    /// SVG elements that are HTML integration points.
    static let svgHTMLIntegration = NameSet(.foreignObject, .desc, .title)
}
