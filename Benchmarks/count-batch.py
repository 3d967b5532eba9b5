#!/usr/bin/env python3
"""Instructions of many jobs (parses, first queries, queries, XPath expressions) of HTMLScrape and its
peers, counted by callgrind in one run per engine.

`count-instructions.py` counts one job per pair of callgrind runs (1 + K runs minus 1 run), which
is slow for a table of pages × selectors or pages × expressions. Here each engine runs every job in
one process, each job once to warm up and once between two calls of a marker function; callgrind
(`--dump-before=MARKER`) writes a dump at each call, so every second dump holds one measured job
and nothing else (no start-up, no reading of files, no interpreter import). A busy machine does not
move these counts.

    cd Benchmarks
    swift build -c release --product HTMLScrapeThroughput
    python3 count-batch.py parse FILE_OR_FOLDER …          # HTMLScrape, lexbor-c, rp-text, selectolax
    python3 count-batch.py first FILE_OR_FOLDER …          # parse + first query: HTMLScrape, selectolax
    python3 count-batch.py select FILE_OR_FOLDER …         # a query on a parsed page
    python3 count-batch.py xpath FILE_OR_FOLDER …          # an XPath expression: HTMLScrape, lxml

Selectors are compare-selection.py's (`--selector S` for others), expressions
Scripts/compare-xpath-lxml.py's (`--expression E`). With no file, the pages of compare-selection.py
(and, for xpath, compare-xpath-lxml.py's wiki and html pages) are used. `--baseline OLD_BINARY`
counts an older HTMLScrapeThroughput beside the current one; `--json FILE` saves every count;
`--markdown` prints tables for the README.

The peers: lexbor-c (lexbor's bare parse in C, compare-lexbor.py's lexbor-bare), rp-text
(resiliparse's `HTMLTree.parse` on text decoded outside the count), selectolax
(`LexborHTMLParser(data)`, `.css(selector)`), lxml (`tree.xpath(expression)` on the page parsed by
html5lib into an lxml tree, as compare-xpath-lxml.py times it). Python peers mark with
`zlib.adler32`.

Needs valgrind, and `pip install selectolax resiliparse lxml html5lib`.
"""

import argparse
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BINARY = os.path.join(HERE, ".build", "release", "HTMLScrapeThroughput")


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PYTHON_JOBS = r"""
import json, sys, zlib
jobs = json.load(open(sys.argv[1]))
peer = sys.argv[2]
files = {}
def read(path):
    if path not in files:
        files[path] = open(path, "rb").read()
    return files[path]
trees = {}
def make(kind, path, item):
    data = read(path)
    if peer == "rp-text":
        from resiliparse.parse.html import HTMLTree
        text = data.decode("utf-8", "replace")
        return lambda: HTMLTree.parse(text)
    if peer == "selectolax":
        from selectolax.lexbor import LexborHTMLParser
        if kind == "parse":
            return lambda: LexborHTMLParser(data)
        if kind == "first":
            return lambda: LexborHTMLParser(data).css(item)
        if path not in trees:
            trees[path] = LexborHTMLParser(data)
        tree = trees[path]
        return lambda: tree.css(item)
    if peer == "lxml":
        import html5lib
        from lxml import etree
        if path not in trees:
            try:
                data.decode("utf-8")
                extra = {"transport_encoding": "utf-8"}
            except UnicodeDecodeError:
                extra = {}
            trees[path] = html5lib.parse(data, treebuilder="lxml", namespaceHTMLElements=False, **extra)
        tree = trees[path]
        def run():
            try:
                return tree.xpath(item)
            except etree.XPathError:
                return None
        return run
    raise SystemExit("unknown peer " + peer)
for kind, path, item in jobs:
    job = make(kind, path, item)
    keep = job()
    zlib.adler32(b"")
    keep = job()
    zlib.adler32(b"")
    del keep
"""


def callgrind_jobs(command, marker, count):
    """Runs `command` under callgrind with a dump before each call of `marker`; returns the
    instructions of each of the `count` measured jobs (every second dump)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "out")
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--dump-before={marker}", "--dump-instr=no",
             f"--callgrind-out-file={out}"] + command,
            capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command[:3])} failed under valgrind:\n{result.stderr[-3000:]}")
        dumps = sorted((int(name.rsplit(".", 1)[1]), name) for name in os.listdir(folder) if re.fullmatch(r"out\.\d+", name))
        totals = []
        for _, name in dumps:
            with open(os.path.join(folder, name)) as handle:
                for line in handle:
                    if line.startswith("totals:") or line.startswith("summary:"):
                        totals.append(int(line.split()[1]))
                        break
        if len(totals) != 2 * count:
            sys.exit(f"expected {2 * count} dumps from {command[0]}, got {len(totals)}")
        return totals[1::2]


def htmlscrape_counts(binary, jobs):
    with tempfile.NamedTemporaryFile("w", suffix=".jobs", delete=False) as handle:
        for kind, path, item in jobs:
            handle.write(f"{kind}\t{path}" + (f"\t{item}" if item is not None else "") + "\n")
        name = handle.name
    try:
        return callgrind_jobs([binary, "marked", name], "*measureMark*", len(jobs))
    finally:
        os.unlink(name)


def python_counts(peer, jobs):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(jobs, handle)
        name = handle.name
    try:
        return callgrind_jobs([sys.executable, "-c", PYTHON_JOBS, name, peer], "adler32", len(jobs))
    finally:
        os.unlink(name)


def lexbor_c_counts(jobs):
    bare = load("compare_lexbor", os.path.join(HERE, "compare-lexbor.py")).lexbor_bare_command()
    if bare is None:
        return None
    return callgrind_jobs(bare + ["marked"] + [path for _, path, _ in jobs], "lexbor_measure_mark", len(jobs))


def html_files(sources):
    files = []
    for source in sources:
        if os.path.isfile(source):
            files.append(os.path.abspath(source))
        else:
            for folder, _, names in os.walk(source):
                files.extend(os.path.abspath(os.path.join(folder, name)) for name in sorted(names) if name.endswith(".html"))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["parse", "first", "select", "xpath"])
    parser.add_argument("sources", nargs="*")
    parser.add_argument("--binary", default=BINARY)
    parser.add_argument("--baseline", help="an older HTMLScrapeThroughput to count beside the current one")
    parser.add_argument("--selector", action="append", help="a selector (repeatable; default: compare-selection.py's)")
    parser.add_argument("--expression", action="append", help="an XPath expression (repeatable)")
    parser.add_argument("--peers", help="comma-separated peers (default: by kind)")
    parser.add_argument("--json", help="save every count to this file")
    parser.add_argument("--markdown", action="store_true")
    options = parser.parse_intermixed_args()

    if options.sources:
        files = html_files(options.sources)
    elif options.kind == "xpath":
        files = html_files([os.path.join(ROOT, "..", "shared", "fixtures", "wiki"), os.path.join(ROOT, "Fixtures", "html")])
    else:
        files = html_files(load("compare_selection", os.path.join(HERE, "compare-selection.py")).DEFAULT_SOURCES)
    if options.kind == "parse":
        items = [None]
    elif options.kind == "xpath":
        items = options.expression or load("compare_xpath", os.path.join(ROOT, "Scripts", "compare-xpath-lxml.py")).EXPRESSIONS
    else:
        items = options.selector or [s for _, s in load("compare_selection", os.path.join(HERE, "compare-selection.py")).SELECTORS]
    jobs = [(options.kind, path, item) for path in files for item in items]
    default_peers = {"parse": "lexbor-c,rp-text,selectolax", "first": "selectolax", "select": "selectolax", "xpath": "lxml"}
    peers = [p for p in (options.peers or default_peers[options.kind]).split(",") if p]

    counts = {}
    engines = [("HTMLScrape", options.binary)] + ([("baseline", options.baseline)] if options.baseline else [])
    for name, binary in engines:
        print(f"counting {name} ({len(jobs)} jobs)…", file=sys.stderr, flush=True)
        counts[name] = htmlscrape_counts(binary, jobs)
    for peer in peers:
        print(f"counting {peer}…", file=sys.stderr, flush=True)
        found = lexbor_c_counts(jobs) if peer == "lexbor-c" else python_counts(peer, jobs)
        if found is not None:
            counts[peer] = found
    peers = [p for p in peers if p in counts]
    if options.json:
        with open(options.json, "w") as handle:
            json.dump({"jobs": jobs, "counts": counts}, handle, indent=1)

    columns = [name for name, _ in engines] + peers
    def label(path, item):
        page = os.path.basename(path)
        return page if item is None else f"{item}  @ {page}"
    if options.markdown:
        print("| job | " + " | ".join(columns) + " | " + " | ".join(f"÷ {p}" for p in peers) + " |")
        print("|---|" + "---:|" * (len(columns) + len(peers)))
    else:
        print(f"{'job':<70}" + "".join(f"{c:>13}" for c in columns) + "".join(f"{'÷ ' + p:>13}" for p in peers))
    below = {p: [] for p in peers}
    for index, (kind, path, item) in enumerate(jobs):
        row = [counts[c][index] for c in columns]
        ratios = [counts[p][index] / max(counts["HTMLScrape"][index], 1) for p in peers]
        for p, ratio in zip(peers, ratios):
            if ratio < 1:
                below[p].append((ratio, label(path, item)))
        if options.markdown:
            print(f"| {label(path, item)} | " + " | ".join(f"{v / 1e6:.2f}M" for v in row) + " | "
                  + " | ".join(f"{r:.2f}×" for r in ratios) + " |")
        else:
            print(f"{label(path, item)[:69]:<70}" + "".join(f"{v / 1e6:>12.3f}M" for v in row)
                  + "".join(f"{r:>12.2f}×" for r in ratios))
    total = {c: sum(counts[c]) for c in columns}
    print(f"\n{'sum':<70}" + "".join(f"{total[c] / 1e6:>12.2f}M" for c in columns)
          + "".join(f"{total[p] / max(total['HTMLScrape'], 1):>12.2f}×" for p in peers))
    if len(items) > 1:
        for item in items:
            picked = [i for i, job in enumerate(jobs) if job[2] == item]
            line = f"{('sum ' + item)[:69]:<70}" + "".join(f"{sum(counts[c][i] for i in picked) / 1e6:>12.2f}M" for c in columns)
            line += "".join(f"{sum(counts[p][i] for i in picked) / max(sum(counts['HTMLScrape'][i] for i in picked), 1):>12.2f}×" for p in peers)
            print(line)
    for p in peers:
        print(f"\n{len(below[p])} of {len(jobs)} jobs cost HTMLScrape more instructions than {p}")
        for ratio, name in sorted(below[p])[:40]:
            print(f"  {ratio:.2f}×  {name}")


if __name__ == "__main__":
    main()
