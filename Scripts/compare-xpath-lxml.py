#!/usr/bin/env python3
"""Runs the same XPath 1.0 expressions through lxml and through HTMLScrape (the `scrape` example's
`--xpath … --json`) on real pages, and reports where they agree.

lxml evaluates on two trees of each page:
  * html5 — the page parsed by html5lib (an HTML5 tree builder) into an lxml tree with HTML elements
    in no namespace. Its trees are HTML5 trees, as ours are, so any disagreement here is an XPath
    difference (or one of html5lib 1.1's older tree-building rules; see PRINCIPLED below).
  * lxml.html — libxml2's own HTML parser. Its trees are not HTML5 trees (no implied <tbody>,
    different recovery from misnested tags, SVG names lower-cased), so it disagrees where the trees
    differ; the figure is reported for reference.

Principled differences, checked and left as they are:
  * string(number): XPath 1.0 writes numbers without an exponent and with as many digits as needed
    to tell the double apart (`1 div 3` → 0.3333333333333333, `1 div 1000000000` → 0.000000001);
    libxml2 writes 15 significant digits and switches to an exponent (0.333333333333333, 1e-09).
    Numbers are compared as numbers, so this shows only where a number is turned into a string.
  * Unprefixed names match HTML elements only here (as browsers' `document.evaluate`: `//title` is
    never an SVG `<title>`), as on the html5 tree, where lxml puts SVG and MathML elements in their
    namespaces; lxml.html, whose parser has no namespaces, matches them by local name.
  * lang() reads HTML's `lang` attribute here; libxml2 reads `xml:lang` only.
  * namespace-uri() of an HTML element is the XHTML namespace here (as in browsers); empty in lxml,
    whose HTML elements have no namespace.
  * id() finds nothing in lxml on the html5 tree (html5lib's lxml builder registers no IDs; libxml2's
    own HTML parser does), so expressions with id() count on the lxml.html tree only.

    python3 Scripts/compare-xpath-lxml.py                 # every page under the default folders
    python3 Scripts/compare-xpath-lxml.py --show 5        # and print up to 5 disagreements
    python3 Scripts/compare-xpath-lxml.py --scrape .build/release/scrape PAGE.html …
    python3 Scripts/compare-xpath-lxml.py --time Benchmarks/.build/release/HTMLScrapeThroughput

With `--time THROUGHPUT` (the benchmark tool, built with `swift build -c release --product
HTMLScrapeThroughput` in Benchmarks/) it also times each expression on each page, in process on
both sides: HTMLScrape compiling and evaluating it (the tool's `serve` mode), lxml's `tree.xpath()`
on the html5 tree (which compiles it each time too), and prints per expression the time summed over
the pages and the ratio lxml / HTMLScrape (above 1: HTMLScrape is faster).

Needs lxml and html5lib (pip install lxml html5lib) and a built `scrape` (swift build --product
scrape). Exits 1 when HTMLScrape and lxml disagree on the html5 tree outside the principled cases.
"""
import argparse
import glob
import json
import math
import os
import subprocess
import sys
import timeit

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

try:
    import html5lib
    import lxml.html
    from lxml import etree
except ImportError as error:  # pragma: no cover - tells the user what to install
    sys.exit(f"compare-xpath-lxml: {error}. Install the comparison's dependencies: pip install lxml html5lib")

# Expressions a scraper writes against episode lists and articles: paths, predicates, every axis,
# and the function library. `(lang)` marks the ones whose value depends on a principled difference.
EXPRESSIONS = [
    "count(//*)",
    "count(//text())",
    "count(//comment())",
    "count(//a[@href])",
    "//title/text()",
    "string(//title)",
    "normalize-space(//h1)",
    "//h1//text()",
    "//h2",
    "//h2/following-sibling::*[1]",
    "//h2[last()]/preceding-sibling::*[2]",
    "//a[starts-with(@href, '/wiki/')][position() <= 20]/@href",
    "//a[contains(@class, 'external')]/@href",
    "//a[@title and not(@class)][5]/@title",
    "//table[contains(concat(' ', normalize-space(@class), ' '), ' wikiepisodetable ')]//tr[contains(@class, 'vevent')]/td[2]",
    "//tr[contains(@class, 'vevent')]//span[contains(@class, 'published') or contains(@class, 'dtstart')]",
    "//table//tr[td][1]/td",
    "//table[1]//tr[count(td) > 3]/td[last()]",
    "count(//table//tr[not(td)])",
    "sum(//table//tr/th[@scope='row'][number(.) = number(.)])",
    "//th[@scope='col']",
    "//td[contains(., '2019')]",
    "//sup/ancestor::td[1]/@class",
    "//td[@class='summary']/preceding-sibling::*[1]",
    "//ul/li[3]",
    "//li[position() = last()]",
    "(//p)[1]",
    "(//p)[last()]//a[1]",
    "//div[@id='content']//p[1]",
    "//meta/@content",
    "//link[@rel='canonical']/@href",
    "//img/@alt",
    "//*[@id][1]/@id",
    "//span[@class='mw-headline']/@id | //h3/@id",
    "//a[translate(@href, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') != @href][position() < 10]/@href",
    "substring-before(//title, ' ')",
    "substring-after(//title, ' ')",
    "substring(//title, 3, 5)",
    "string-length(string(//body)) > 100",
    "round(count(//a) div 3)",
    "floor(count(//tr) div 2) + ceiling(count(//td) div 7)",
    "count(//div//div)",
    "count(//tr/following::tr)",
    "count(//td/preceding::th)",
    "count(//li/ancestor::*)",
    "count(//a/following-sibling::a)",
    "count(//td/preceding-sibling::td)",
    "//body/*[1]/descendant-or-self::*[3]",
    "//tr[td][2]/td[1]/following::td[3]",
    "//tr[td][3]/td[2]/preceding::td[1]",
    "//*[self::h2 or self::h3][1]",
    "//comment()[1]",
    "id('content')/@class",
    "name(//body/*[1])",
    "local-name(//*[@id][2])",
    "boolean(//table[@class])",
    "//a/@href = '/wiki/Main_Page'",
    "count(//*[@id]) > count(//*[@class])",
    "number(//table//tr[td][1]/td[1])",
    # Whole-document axes from many contexts, and text nodes.
    "//th/following::td[1]",
    "//li/preceding::h2[1]",
    "count(//text()[normalize-space()])",
    "count(//td/following::a[2])",
    "//a[last()]/preceding::li[1]",
    "count(//li/following::*[1])",
    "//h2/following::p[1]//a[1]/@href",
    # Unprefixed names are HTML elements only.
    "count(//title)",
    "count(//svg) + count(//*[local-name() = 'svg'])",
]


def lxml_value(result):
    """lxml's result, normalised to what `scrape --json` prints."""
    if isinstance(result, bool):
        return ("boolean", result)
    if isinstance(result, float):
        return ("number", result)
    if isinstance(result, str) and not isinstance(result, etree._ElementUnicodeResult):
        return ("string", str(result))
    if isinstance(result, etree._ElementUnicodeResult) and not (result.is_attribute or result.is_text or result.is_tail):
        return ("string", str(result))
    nodes = []
    for item in result:
        if isinstance(item, tuple):
            nodes.append(("namespace", item[0], item[1]))
        elif isinstance(item, etree._ElementUnicodeResult):
            if item.is_attribute:
                name = item.attrname
                if name.startswith("{"):
                    name = name.split("}", 1)[1]
                nodes.append(("attribute", name, str(item)))
            else:
                nodes.append(("text", "", str(item)))
        elif isinstance(item, etree._Comment):
            nodes.append(("comment", "", item.text or ""))
        elif isinstance(item, etree._Element):
            tag = item.tag if isinstance(item.tag, str) else ""
            if tag.startswith("{"):
                tag = tag.split("}", 1)[1]
            nodes.append(("element", tag, item.xpath("string(.)")))
        else:
            nodes.append(("other", "", str(item)))
    return ("nodes", nodes)


def ours(scrape, page, expression):
    run = subprocess.run([scrape, "--xpath", expression, "--json", page], capture_output=True, text=True)
    if run.returncode != 0:
        return ("error", run.stderr.strip())
    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
    if len(lines) == 1 and lines[0].get("type") in ("number", "string", "boolean") and "value" in lines[0]:
        kind = lines[0]["type"]
        value = lines[0]["value"]
        if kind == "number":
            value = float(value) if not isinstance(value, str) else {"NaN": math.nan, "Infinity": math.inf,
                                                                      "-Infinity": -math.inf}[value]
        return (kind, value)
    nodes = []
    for line in lines:
        kind = line["type"]
        name = line.get("name", "")
        if kind == "attribute" and ":" in name:
            name = name.split(":", 1)[1]
        nodes.append((kind, name if kind in ("element", "attribute", "namespace") else "", line["string"]))
    return ("nodes", nodes)


class Timer:
    """HTMLScrape's side of the timing: the benchmark tool's `serve` mode, one process for every page."""

    def __init__(self, tool):
        self.process = subprocess.Popen([tool, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, repeat, page, expression):
        self.process.stdin.write(f"xpath\t{repeat}\t{page}\t{expression}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        if answer.startswith("error") or not answer:
            return None
        return float(answer.split("\t")[0])

    def seconds(self, page, expression):
        first = self.ask(1, page, expression)
        if first is None:
            return None
        repeat = max(1, min(2000, int(0.05 / max(first, 1e-7))))
        return min(self.ask(repeat, page, expression) for _ in range(3))


def lxml_seconds(tree, expression):
    try:
        tree.xpath(expression)
    except etree.XPathError:
        return None
    timer = timeit.Timer(lambda: tree.xpath(expression))
    number, _ = timer.autorange()
    number = max(1, number // 4)
    return min(timer.repeat(repeat=3, number=number)) / number


def same(a, b):
    if a[0] != b[0]:
        return False
    if a[0] == "number":
        return (math.isnan(a[1]) and math.isnan(b[1])) or a[1] == b[1]
    return a[1] == b[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="HTML files (default: the wiki, html and arrowverse fixtures)")
    parser.add_argument("--scrape", default=os.path.join(ROOT, ".build", "debug", "scrape"))
    parser.add_argument("--show", type=int, default=0, help="print up to N disagreements on each tree")
    parser.add_argument("--time", metavar="THROUGHPUT", help="time each expression with this HTMLScrapeThroughput and lxml")
    arguments = parser.parse_args()
    timer = Timer(arguments.time) if arguments.time else None
    timings = {}
    if not os.access(arguments.scrape, os.X_OK):
        sys.exit(f"compare-xpath-lxml: no scrape at {arguments.scrape}; build it with: swift build --product scrape")
    pages = arguments.pages
    if not pages:
        shared = os.path.join(os.path.dirname(ROOT), "shared", "fixtures", "wiki")
        pages = sorted(glob.glob(os.path.join(shared, "*.html")))
        pages += sorted(glob.glob(os.path.join(ROOT, "Fixtures", "html", "*.html")))
        pages += sorted(glob.glob(os.path.join(ROOT, "Fixtures", "arrowverse", "**", "*.html"), recursive=True))
    totals = {"html5": [0, 0], "lxml.html": [0, 0]}
    shown = {"html5": 0, "lxml.html": 0}
    by_expression = {"html5": {}, "lxml.html": {}}
    for page in pages:
        with open(page, "rb") as handle:
            data = handle.read()
        # Pages without a declared encoding that are valid UTF-8 are read as UTF-8, as HTMLScrape's
        # (and browsers') UTF-8 detection reads them; html5lib and libxml2 would guess windows-1252.
        try:
            data.decode("utf-8")
            utf8 = True
        except UnicodeDecodeError:
            utf8 = False
        trees = {
            "html5": html5lib.parse(data, treebuilder="lxml", namespaceHTMLElements=False,
                                    **({"transport_encoding": "utf-8"} if utf8 else {})),
            "lxml.html": lxml.html.document_fromstring(
                data, parser=lxml.html.HTMLParser(encoding="utf-8") if utf8 else None),
        }
        for expression in EXPRESSIONS:
            if timer:
                mine_seconds = timer.seconds(os.path.abspath(page), expression)
                theirs_seconds = lxml_seconds(trees["html5"], expression)
                if mine_seconds is not None and theirs_seconds is not None:
                    total = timings.setdefault(expression, [0.0, 0.0, 0.0, ""])
                    total[0] += mine_seconds
                    total[1] += theirs_seconds
                    ratio = theirs_seconds / max(mine_seconds, 1e-9)
                    if total[3] == "" or ratio < total[2]:
                        total[2], total[3] = ratio, os.path.basename(page)
            mine = ours(arguments.scrape, page, expression)
            for name, tree in trees.items():
                if name == "html5" and "id(" in expression.replace("-id(", ""):
                    continue
                try:
                    theirs = lxml_value(tree.xpath(expression))
                except etree.XPathError as error:
                    theirs = ("error", str(error))
                totals[name][1] += 1
                if same(mine, theirs):
                    totals[name][0] += 1
                    continue
                by_expression[name][expression] = by_expression[name].get(expression, 0) + 1
                if shown[name] < arguments.show:
                    shown[name] += 1
                    detail = ""
                    left, right = mine, theirs
                    if mine[0] == theirs[0] == "nodes":
                        index = next((i for i, (a, b) in enumerate(zip(mine[1], theirs[1])) if a != b),
                                     min(len(mine[1]), len(theirs[1])))
                        detail = f" (counts {len(mine[1])} and {len(theirs[1])}, first difference at {index})"
                        left, right = ("nodes", mine[1][index:index + 2]), ("nodes", theirs[1][index:index + 2])
                    print(f"[{name}] {os.path.basename(page)}: {expression}{detail}\n  scrape: {str(left)[:300]}\n  lxml:   {str(right)[:300]}")
    for name, (agreed, total) in totals.items():
        print(f"{name}: {agreed}/{total} agree ({100.0 * agreed / max(total, 1):.1f} %) over {len(pages)} pages and {len(EXPRESSIONS)} expressions")
        for expression, count in sorted(by_expression[name].items(), key=lambda item: -item[1]):
            print(f"  {count:4d} pages differ on {expression}")
    if timer:
        print("\nexpression\tHTMLScrape ms\tlxml ms\tlxml/HTMLScrape\tworst page (its ratio)")
        slower = 0
        for expression, (mine_total, theirs_total, worst, worst_page) in timings.items():
            ratio = theirs_total / max(mine_total, 1e-12)
            slower += ratio < 1
            print(f"{expression}\t{mine_total * 1e3:.3f}\t{theirs_total * 1e3:.3f}\t{ratio:.2f}\t{worst_page} ({worst:.2f})")
        print(f"{len(timings)} expressions timed; {slower} slower than lxml in sum over the pages")
        timer.process.stdin.close()
    return 0 if totals["html5"][0] == totals["html5"][1] else 1


if __name__ == "__main__":
    sys.exit(main())
