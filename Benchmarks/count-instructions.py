#!/usr/bin/env python3
"""Instructions per parse (and per selection) of HTMLScrape and of lexbor, counted by callgrind.

Wall-clock timings on a shared 2-core machine move by ±30 % from run to run; the number of
instructions a parse executes does not (valgrind's callgrind counts them one by one, whatever else
the machine is doing). Each count is a difference, so that process start-up, Python's interpreter
and the import of the peer libraries drop out:

    instructions per parse = (count of a run with 1 + K parses − count of a run with 1 parse) / K

HTMLScrape runs as `HTMLScrapeThroughput files --repeat N FILE` (one warm-up parse, then N); lexbor
as `lexbor-c` (compare-lexbor.py's `lexbor-bare`: lexbor's create, parse and destroy called from C,
no Python at all, the figure to beat), and as Python code that reads the file, decodes it to text, and calls resiliparse's `HTMLTree.parse`
(lexbor's bare parse, the fastest way to call it: no encoding detection, no decoding in the count)
or selectolax's `LexborHTMLParser` (given the bytes) once, then N times more. The same holds for
`--select SELECTOR`: HTMLScrapeThroughput's `select` mode against selectolax's `css()`, the parse
outside the difference.

    cd Benchmarks
    swift build -c release --product HTMLScrapeThroughput
    python3 count-instructions.py ../Fixtures/html/fandom-article.html …
    python3 count-instructions.py --select "a[href^='/wiki/']" ../Fixtures/html/fandom-article.html
    python3 count-instructions.py --first "a[href^='/wiki/']" ../Fixtures/html/fandom-article.html

`--first SELECTOR` counts a parse followed by the first query on the fresh document (HTMLScrape's
`first` mode, selectolax's `LexborHTMLParser(data).css(selector)`), the parse inside the difference.
HTMLScrape parses with the options a user gets by default (`ParseOptions()`); `--errors` passes
`--errors` to the `files` mode of both builds, which makes an older build (whose `files` mode
parsed without errors unless told) use the default options too.

Needs valgrind, and `pip install selectolax resiliparse`.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, ".build", "release", "HTMLScrapeThroughput")

PYTHON_PARSE = r"""
import sys
path, repeat, which = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = open(path, "rb").read()
if which == "rp-text":
    from resiliparse.parse.html import HTMLTree
    text = data.decode("utf-8", "replace")
    parse = lambda: HTMLTree.parse(text)
else:
    from selectolax.lexbor import LexborHTMLParser
    parse = lambda: LexborHTMLParser(data)
keep = parse()
for _ in range(repeat):
    keep = parse()
"""

PYTHON_SELECT = r"""
import sys
path, repeat, which, selector = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
data = open(path, "rb").read()
if which == "rp-text":
    from resiliparse.parse.html import HTMLTree
    tree = HTMLTree.parse(data.decode("utf-8", "replace"))
    query = lambda: tree.document.query_selector_all(selector)
else:
    from selectolax.lexbor import LexborHTMLParser
    tree = LexborHTMLParser(data)
    query = lambda: tree.css(selector)
found = query()
for _ in range(repeat):
    found = query()
"""

PYTHON_FIRST = r"""
import sys
path, repeat, which, selector = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
data = open(path, "rb").read()
if which == "rp-text":
    from resiliparse.parse.html import HTMLTree
    text = data.decode("utf-8", "replace")
    first = lambda: HTMLTree.parse(text).document.query_selector_all(selector)
else:
    from selectolax.lexbor import LexborHTMLParser
    first = lambda: LexborHTMLParser(data).css(selector)
found = first()
for _ in range(repeat):
    found = first()
"""


def lexbor_bare_command():
    """compare-lexbor.py's lexbor-bare command (lexbor's bare parse in C, built when missing), or `None`."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("compare_lexbor", os.path.join(HERE, "compare-lexbor.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.lexbor_bare_command()


def callgrind(command):
    """The total instruction count of `command` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(folder, 'out')}"] + command,
            capture_output=True, text=True)
        if result.returncode != 0:
            sys.exit(f"{' '.join(command)} failed under valgrind:\n{result.stderr[-2000:]}")
        match = re.search(r"Collected : (\d+)", result.stderr)
        if not match:
            sys.exit(f"no instruction count in valgrind's output:\n{result.stderr[-2000:]}")
        return int(match.group(1))


def per_run(make_command, extra):
    """Instructions of one run: the difference between 1 + extra runs and 1 run, over extra."""
    return (callgrind(make_command(1 + extra)) - callgrind(make_command(1))) / extra


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("files", nargs="+")
    arguments.add_argument("--extra", type=int, default=2, help="the K extra runs in the difference (default 2)")
    arguments.add_argument("--binary", default=BINARY, help="the HTMLScrapeThroughput to count")
    arguments.add_argument("--baseline", help="an older HTMLScrapeThroughput to count beside it")
    arguments.add_argument("--peers", default="lexbor-c,rp-text,selectolax",
                           help="which of lexbor-c,rp-text,selectolax to count (lexbor-c: parses only)")
    arguments.add_argument("--select", help="count a selection instead of a parse")
    arguments.add_argument("--first", help="count a parse and the first selection on the new document")
    arguments.add_argument("--errors", action="store_true",
                           help="pass --errors to the builds' files mode (an older build then parses with the default options)")
    options = arguments.parse_args()
    peers = [name for name in options.peers.split(",") if name]
    bare = None
    if "lexbor-c" in peers:
        bare = None if options.select or options.first else lexbor_bare_command()
        if bare is None:
            peers.remove("lexbor-c")
    binaries = [("HTMLScrape", options.binary)] + ([("baseline", options.baseline)] if options.baseline else [])
    header = f"{'file':<44}{'KB':>7}" + "".join(f"{name:>14}" for name, _ in binaries) + "".join(f"{p:>14}" for p in peers)
    header += "".join(f"{'÷ ' + p:>12}" for p in peers) + f"{'instr/byte':>12}"
    print(header)
    for path in options.files:
        size = os.path.getsize(path)
        counts = {}
        for name, binary in binaries:
            if options.select:
                counts[name] = per_run(lambda n: [binary, "select", "--repeat", str(n), options.select, path], options.extra)
            elif options.first:
                counts[name] = per_run(lambda n: [binary, "first", "--repeat", str(n - 1), options.first, path], options.extra)
            else:
                # `files --repeat N` parses once to warm up, then N times.
                errors = ["--errors"] if options.errors else []
                counts[name] = per_run(lambda n: [binary, "files"] + errors + ["--repeat", str(n - 1), path], options.extra)
        for peer in peers:
            if peer == "lexbor-c":
                # lexbor-bare parses once to warm up, then N times, in C (no Python in the count).
                counts[peer] = per_run(lambda n: bare + ["files", "--repeat", str(n - 1), path], options.extra)
                continue
            which = "rp-text" if peer == "rp-text" else "selectolax"
            if options.select:
                counts[peer] = per_run(
                    lambda n: [sys.executable, "-c", PYTHON_SELECT, path, str(n - 1), which, options.select], options.extra)
            elif options.first:
                counts[peer] = per_run(
                    lambda n: [sys.executable, "-c", PYTHON_FIRST, path, str(n - 1), which, options.first], options.extra)
            else:
                counts[peer] = per_run(lambda n: [sys.executable, "-c", PYTHON_PARSE, path, str(n - 1), which], options.extra)
        line = f"{os.path.basename(path)[-43:]:<44}{size / 1000:>7.0f}"
        line += "".join(f"{counts[name] / 1e6:>13.2f}M" for name, _ in binaries)
        line += "".join(f"{counts[p] / 1e6:>13.2f}M" for p in peers)
        line += "".join(f"{counts[p] / counts['HTMLScrape']:>11.2f}×" for p in peers)
        line += f"{counts['HTMLScrape'] / max(size, 1):>12.1f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
