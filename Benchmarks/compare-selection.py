#!/usr/bin/env python3
"""HTMLScrape's CSS selection next to lexbor's (selectolax `css()`, resiliparse `query_selector_all`),
selector by selector, on the same parsed pages, in one run.

Every page is parsed once by each library, outside the timing. Each timing is then N queries of one
selector text on one page: the selector is compiled on every query by all three (`css()` and
`query_selector_all` take text, and so does HTMLScrape's `Document.select(_: String)`), and every match
is collected (a list of node objects in Python, an `[Element]` in Swift). HTMLScrape runs in one
long-lived `HTMLScrapeThroughput serve` process; runs are interleaved and the best of `--rounds` is
kept. The numbers of matches must agree: a selector on which they differ is flagged.

Prints, per selector, the total time over all pages for each library and HTMLScrape's ratio to
each (`--pages` adds a line per page and selector; `--markdown` prints the table the Benchmarks README
keeps).

    cd Benchmarks
    pip install selectolax resiliparse
    swift build -c release --product HTMLScrapeThroughput
    python3 compare-selection.py [--rounds 5] [FILE_OR_FOLDER ...]

`--first` times the first query on a freshly parsed page instead: each timing is N rounds of a parse
followed by one query (HTMLScrape's `Document(bytes:)` then `select`, selectolax's
`LexborHTMLParser(data).css()`, resiliparse's `HTMLTree.parse_from_bytes(data)` then
`query_selector_all`), so what a document works out at its first query is inside the timing.
"""

import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BINARY = os.path.join(HERE, ".build", "release", "HTMLScrapeThroughput")
DEFAULT_SOURCES = [
    os.path.join(ROOT, "..", "shared", "fixtures", "wiki"),
    os.path.join(ROOT, "Fixtures", "html"),
    os.path.join(ROOT, "Fixtures", "arrowverse", "wikipedia", "List_of_Arrow_episodes.html"),
    os.path.join(ROOT, "Fixtures", "arrowverse", "fandom", "Season_1_(Arrow).html"),
]

# A realistic set: what scrapers write, one or more of each kind the issue names.
SELECTORS = [
    ("type", "a"),
    ("type", "td"),
    ("class", ".reference"),
    ("class", "span.mw-headline"),
    ("id", "#firstHeading"),
    ("attribute exists", "a[href]"),
    ("attribute =", 'a[rel="nofollow"]'),
    ("attribute ^=", 'a[href^="/wiki/"]'),
    ("attribute $=", 'img[src$=".jpg"]'),
    ("attribute *=", 'a[href*="action=edit"]'),
    ("attribute ~=", '[class~="wikitable"]'),
    ("descendant", "div p a"),
    ("descendant", "table tr td"),
    ("child", "ul > li > a"),
    ("child", "tr > td"),
    ("next sibling", "h2 + p"),
    ("later sibling", "h2 ~ p"),
    (":nth-child", "tr:nth-child(2n+1)"),
    (":nth-child", "li:nth-child(3)"),
    (":has", "li:has(> a)"),
    (":has", "tr:has(td)"),
    (":is", ":is(h2, h3) span"),
    (":where", ":where(ul, ol) > li"),
    (":not", 'a:not([href^="#"])'),
    (":not", "p:not(:first-child)"),
]


def html_files(sources):
    files = []
    for source in sources:
        if os.path.isfile(source):
            files.append(source)
            continue
        for folder, _, names in os.walk(source):
            files.extend(os.path.join(folder, name) for name in names if name.endswith(".html"))
    return sorted(os.path.normpath(path) for path in files)


class HTMLScrapeSelection:
    def __init__(self, binary):
        self.server = subprocess.Popen([binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                       bufsize=1)

    def time(self, path, selector, repeat, first=False):
        self.server.stdin.write(f"{'first' if first else 'select'}\t{repeat}\t{path}\t{selector}\n")
        self.server.stdin.flush()
        answer = self.server.stdout.readline().strip()
        fields = answer.split("\t")
        if len(fields) != 2:
            sys.exit(f"HTMLScrapeThroughput answered {answer!r} for {selector!r} on {path}")
        return float(fields[0]), int(fields[1])

    def close(self):
        self.server.stdin.close()
        self.server.wait()


def python_peers(contents, first=False):
    peers = {}
    from selectolax.lexbor import LexborHTMLParser
    if first:
        peers["selectolax"] = lambda path, selector: LexborHTMLParser(contents[path]).css(selector)
    else:
        trees = {path: LexborHTMLParser(data) for path, data in contents.items()}
        peers["selectolax"] = lambda path, selector: trees[path].css(selector)
    try:
        from resiliparse.parse.html import HTMLTree
        if first:
            peers["resiliparse"] = lambda path, selector: HTMLTree.parse_from_bytes(
                contents[path]).document.query_selector_all(selector)
        else:
            documents = {path: HTMLTree.parse_from_bytes(data) for path, data in contents.items()}
            peers["resiliparse"] = lambda path, selector: documents[path].document.query_selector_all(selector)
    except ImportError:
        print("(resiliparse not installed: skipped)")
    return peers


def time_python(query, path, selector, repeat):
    found = query(path, selector)
    start = time.perf_counter()
    for _ in range(repeat):
        query(path, selector)
    return (time.perf_counter() - start) / repeat, len(found)


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("sources", nargs="*", default=DEFAULT_SOURCES)
    arguments.add_argument("--rounds", type=int, default=3)
    arguments.add_argument("--repeat", type=int, default=20, help="queries per timing (at least)")
    arguments.add_argument("--binary", default=BINARY)
    arguments.add_argument("--pages", action="store_true", help="print each page's timings too")
    arguments.add_argument("--markdown", action="store_true")
    arguments.add_argument("--first", action="store_true", help="time a parse and the first query on the new document")
    arguments.add_argument("--selectors", help="only the selectors whose text contains this")
    options = arguments.parse_args()
    if not os.path.exists(options.binary):
        sys.exit("build it first: swift build -c release --product HTMLScrapeThroughput")
    files = html_files(options.sources)
    contents = {}
    for path in files:
        with open(path, "rb") as handle:
            contents[path] = handle.read()
    peers = python_peers(contents, first=options.first)
    selectors = [(kind, text) for kind, text in SELECTORS if not options.selectors or options.selectors in text]
    htmlscrape = HTMLScrapeSelection(options.binary)
    names = ["HTMLScrape"] + list(peers)
    totals = {}
    mismatches = []
    # The lowest per-page ratio to each peer, with its selector and page.
    lowest = {}
    for kind, selector in selectors:
        total = {name: 0.0 for name in names}
        matches = 0
        for path, data in contents.items():
            # Small pages get more queries, so that each timing lasts a while.
            repeat = max(options.repeat, int(2e6 / max(len(data), 1)))
            if options.first:
                repeat = max(3, repeat // 20)
            best = {name: float("inf") for name in names}
            counts = {}
            for _ in range(options.rounds):
                seconds, counts["HTMLScrape"] = htmlscrape.time(path, selector, repeat, first=options.first)
                best["HTMLScrape"] = min(best["HTMLScrape"], seconds)
                for name, query in peers.items():
                    seconds, counts[name] = time_python(query, path, selector, repeat)
                    best[name] = min(best[name], seconds)
            if len(set(counts.values())) != 1:
                mismatches.append((selector, path, counts))
            matches += counts["HTMLScrape"]
            for name in names[1:]:
                ratio = best[name] / best["HTMLScrape"]
                if name not in lowest or ratio < lowest[name][0]:
                    lowest[name] = (ratio, selector, os.path.basename(path))
            for name in names:
                total[name] += best[name]
            if options.pages:
                print(f"  {selector:<28} {os.path.basename(path)[:40]:<42}"
                      + "".join(f"{best[name] * 1e6:>10.1f}µs" for name in names)
                      + "".join(f"{best[name] / best['HTMLScrape']:>8.2f}×" for name in names[1:])
                      + f"  {counts}")
        totals[selector] = (kind, total, matches)
        print(f"{kind:<17}{selector:<28}{matches:>7} matches"
              + "".join(f"{total[name] * 1e3:>10.3f} ms" for name in names)
              + "".join(f"{total[name] / total['HTMLScrape']:>8.2f}×" for name in names[1:]), flush=True)
    htmlscrape.close()
    grand = {name: sum(total[name] for _, total, _ in totals.values()) for name in names}
    print(f"all {len(selectors)} selectors on {len(files)} pages: "
          + ", ".join(f"{name} {grand[name] * 1e3:.2f} ms" for name in names)
          + "; HTMLScrape " + ", ".join(f"{grand[name] / grand['HTMLScrape']:.2f}× {name}" for name in names[1:]))
    worst = {name: min(total[name] / total["HTMLScrape"] for _, total, _ in totals.values()) for name in names[1:]}
    print("slowest selector relative to each: " + ", ".join(f"{worst[name]:.2f}× {name}" for name in names[1:]))
    print("slowest page and selector relative to each: " + ", ".join(
        f"{lowest[name][0]:.2f}× {name} ({lowest[name][1]} on {lowest[name][2]})" for name in names[1:] if name in lowest))
    for selector, path, counts in mismatches:
        print(f"matches differ for {selector!r} on {os.path.basename(path)}: {counts}")
    if options.markdown:
        print()
        print("| kind | selector | matches | " + " | ".join(f"{name} ms" for name in names) + " | "
              + " | ".join(f"÷ {name}" for name in names[1:]) + " |")
        print("|---|---|---:|" + "---:|" * (2 * len(names) - 1))
        for selector, (kind, total, matches) in totals.items():
            print(f"| {kind} | `{selector}` | {matches} | " + " | ".join(f"{total[name] * 1e3:.3f}" for name in names)
                  + " | " + " | ".join(f"{total[name] / total['HTMLScrape']:.2f}×" for name in names[1:]) + " |")


if __name__ == "__main__":
    main()
