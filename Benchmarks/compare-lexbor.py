#!/usr/bin/env python3
"""HTMLScrape next to lexbor (and resiliparse) on the same real pages, in one run.

HTMLScrape is timed by the release executable `HTMLScrapeThroughput serve`, one long-lived process
that parses each file N times when asked (so that it runs, like the Python parsers, in a process whose
memory allocator has already seen the earlier files; `--fresh-process` starts one process per timing
instead, which costs HTMLScrape the page faults of a cold heap); lexbor through selectolax's `LexborHTMLParser` and resiliparse through
`HTMLTree.parse_from_bytes`, each also N times in-process on the same bytes. Each parser gets the
bytes and decodes them itself, except `rp-text`: resiliparse's `HTMLTree.parse` on text
decoded before the timing, i.e. lexbor's bare parse with no decoding or detection (the fastest way to
call it, and the figure to beat). Prints MB/s per file and parser, and overall (total bytes over total
time) with HTMLScrape's ratio to each.

    cd Benchmarks
    pip install selectolax resiliparse          # resiliparse is optional
    swift build -c release --product HTMLScrapeThroughput
    python3 compare-lexbor.py [--repeat N] [FILE_OR_FOLDER ...]

Every parser first parses every file once, untimed, so that no process starts the timed rounds with an
allocator that has not yet seen a large page.

`--baseline OLD_BINARY` times an older build of HTMLScrapeThroughput (one with `serve`) in the same
run, file by file, for a before/after with the same noise. HTMLScrape parses with the options a user
gets by default (`ParseOptions()`); builds before HTMLScrape VI parsed without collecting errors in
`serve`, so `--baseline-errors` times such a baseline through `files --errors` instead (one process
per timing, warmed up by one parse), with the default options.

Runs are interleaved per file (HTMLScrape, then lexbor, then resiliparse) and the best of `--rounds`
rounds is kept, so a busy machine disturbs each parser alike as far as possible.

`lexbor-c` is lexbor's bare parse with no Python at all: `lexbor-bare.c`, built here with the C
compiler against the lexbor that selectolax's wheel ships (its C API is exported by the extension
module), parsing each file's bytes as UTF-8 in a long-lived process of its own, as HTMLScrape does.
`--markdown` prints the per-page table in the form the Benchmarks README keeps.
"""

import argparse
import math
import os
import subprocess
import sys
import sysconfig
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_SOURCES = [
    os.path.join(ROOT, "..", "shared", "fixtures", "wiki"),
    os.path.join(ROOT, "Fixtures", "arrowverse"),
    os.path.join(ROOT, "Fixtures", "html"),
]
BINARY = os.path.join(HERE, ".build", "release", "HTMLScrapeThroughput")


def html_files(sources):
    files = []
    for source in sources:
        if os.path.isfile(source):
            files.append(source)
            continue
        for folder, _, names in os.walk(source):
            files.extend(os.path.join(folder, name) for name in names if name.endswith(".html"))
    return sorted(os.path.normpath(path) for path in files)


def time_python(parse, data, repeat):
    parse(data)  # warm-up
    start = time.perf_counter()
    for _ in range(repeat):
        parse(data)
    return (time.perf_counter() - start) / repeat


class HTMLScrape:
    """Times HTMLScrape through `HTMLScrapeThroughput serve` (or one `files` process per timing); with
    `command`, any other program that speaks the same protocol (lexbor-bare)."""

    def __init__(self, binary, fresh_process, command=None, files_arguments=()):
        self.binary = binary
        self.command = command or [binary]
        self.files_arguments = list(files_arguments)
        self.server = None
        if not fresh_process:
            self.server = subprocess.Popen(
                self.command + ["serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
            )

    def time(self, path, repeat):
        if self.server is None:
            output = subprocess.run(
                self.command + ["files"] + self.files_arguments + ["--repeat", str(repeat), path],
                check=True, capture_output=True, text=True
            ).stdout.strip()
            return float(output.split("\t")[2])
        self.server.stdin.write(f"{repeat}\t{path}\n")
        self.server.stdin.flush()
        answer = self.server.stdout.readline().strip()
        try:
            return float(answer)
        except ValueError:
            sys.exit(f"{self.binary} serve answered {answer or 'nothing'!r} "
                     "(an older build without serve? swift build -c release --product HTMLScrapeThroughput)")

    def close(self):
        if self.server is not None:
            self.server.stdin.close()
            self.server.wait()


LEXBOR_BARE_SOURCE = os.path.join(HERE, "lexbor-bare.c")
LEXBOR_BARE = os.path.join(HERE, ".build", "lexbor-bare")


def lexbor_bare_command():
    """The command that runs lexbor-bare (built first when missing or older than its source), or
    `None` when it cannot be built here."""
    try:
        import selectolax.lexbor
    except ImportError:
        return None
    library = os.path.join(sysconfig.get_config_var("LIBDIR") or "", sysconfig.get_config_var("LDLIBRARY") or "")
    if not os.path.exists(library):
        print(f"(lexbor-c skipped: no shared libpython at {library})")
        return None
    if not os.path.exists(LEXBOR_BARE) or os.path.getmtime(LEXBOR_BARE) < os.path.getmtime(LEXBOR_BARE_SOURCE):
        os.makedirs(os.path.dirname(LEXBOR_BARE), exist_ok=True)
        built = subprocess.run(["cc", "-O2", "-o", LEXBOR_BARE, LEXBOR_BARE_SOURCE, "-ldl"], capture_output=True, text=True)
        if built.returncode != 0:
            print(f"(lexbor-c skipped: cc failed: {built.stderr.strip()[:200]})")
            return None
    return [LEXBOR_BARE, library, selectolax.lexbor.__file__]


def parsers():
    found = {}
    try:
        from selectolax.lexbor import LexborHTMLParser

        found["lexbor"] = (LexborHTMLParser, None)
    except ImportError:
        sys.exit("selectolax is missing: pip install selectolax")
    try:
        from resiliparse.parse.html import HTMLTree

        found["resiliparse"] = (HTMLTree.parse_from_bytes, None)
        # The same lexbor parse on text decoded beforehand, outside the timing: the bare parse, with
        # no decoding and no encoding detection, which is how resiliparse is fastest.
        found["rp-text"] = (HTMLTree.parse, lambda data: data.decode("utf-8", "replace"))
    except ImportError:
        print("(resiliparse not installed: skipped)")
    return found


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("sources", nargs="*", default=DEFAULT_SOURCES)
    arguments.add_argument("--repeat", type=int, default=20, help="parses per file and timing (at least about 5 MB worth)")
    arguments.add_argument("--rounds", type=int, default=3, help="timings per file and parser; best kept")
    arguments.add_argument("--binary", default=BINARY, help="the HTMLScrapeThroughput to run (e.g. an older build)")
    arguments.add_argument("--baseline", help="an older HTMLScrapeThroughput to time in the same run, for a before/after")
    arguments.add_argument("--baseline-errors", action="store_true",
                           help="time the baseline through `files --errors`, one process per timing: with the "
                                "default options (an older build's serve mode parsed without collecting errors)")
    arguments.add_argument("--fresh-process", action="store_true",
                           help="time HTMLScrape in a new process per file and round (a cold heap each time)")
    arguments.add_argument("--markdown", action="store_true", help="also print the per-page table as Markdown")
    options = arguments.parse_args()
    if not os.path.exists(options.binary):
        sys.exit("build it first: swift build -c release --product HTMLScrapeThroughput")
    others = parsers()
    files = html_files(options.sources)
    if not files:
        sys.exit("no .html files found")

    htmlscrape = HTMLScrape(options.binary, options.fresh_process)
    baseline = None
    if options.baseline:
        baseline = HTMLScrape(options.baseline, options.fresh_process or options.baseline_errors,
                              files_arguments=["--errors"] if options.baseline_errors else [])
    bare_command = lexbor_bare_command()
    bare = HTMLScrape(None, options.fresh_process, command=bare_command) if bare_command else None
    names = ["HTMLScrape"] + (["baseline"] if baseline else []) + (["lexbor-c"] if bare else []) + list(others)
    totals = {name: 0.0 for name in names}
    total_bytes = 0
    log_ratios = {name: 0.0 for name in names}
    rows = []
    header = f"{'file':<58}{'KB':>7}" + "".join(f"{name + ' MB/s':>18}" for name in names)
    compared = (["baseline"] if baseline else []) + (["lexbor-c"] if bare else []) + list(others)
    header += "".join(f"{'÷ ' + name:>16}" for name in compared)
    print(header)
    # One untimed parse of every file by every parser first: each process's allocator then starts the
    # timed rounds having seen the largest file (glibc raises its trim and mmap thresholds as it
    # frees large blocks), instead of the first files paying page faults that later ones do not.
    contents = {}
    for path in files:
        with open(path, "rb") as handle:
            contents[path] = handle.read()
    inputs = {(name, path): (prepare(data) if prepare else data)
              for path, data in contents.items() for name, (_, prepare) in others.items()}
    for path, data in contents.items():
        htmlscrape.time(path, 1)
        if baseline:
            baseline.time(path, 1)
        if bare:
            bare.time(path, 1)
        for name, (parse, _) in others.items():
            parse(inputs[(name, path)])
    for path, data in contents.items():
        # Small pages get more parses, so that each timing covers at least about 5 MB.
        repeat = max(options.repeat, int(5e6 / max(len(data), 1)))
        best = {name: float("inf") for name in names}
        for _ in range(options.rounds):
            best["HTMLScrape"] = min(best["HTMLScrape"], htmlscrape.time(path, repeat))
            if baseline:
                best["baseline"] = min(best["baseline"], baseline.time(path, repeat))
            if bare:
                best["lexbor-c"] = min(best["lexbor-c"], bare.time(path, repeat))
            for name, (parse, _) in others.items():
                best[name] = min(best[name], time_python(parse, inputs[(name, path)], repeat))
        total_bytes += len(data)
        for name in names:
            totals[name] += best[name]
        rates = {name: len(data) / 1e6 / best[name] for name in names}
        for name in names:
            log_ratios[name] += math.log(rates["HTMLScrape"] / rates[name])
        rows.append((os.path.relpath(path, ROOT), len(data), rates))
        line = f"{os.path.relpath(path, ROOT)[-57:]:<58}{len(data) / 1000:>7.0f}"
        line += "".join(f"{rates[name]:>18.1f}" for name in names)
        line += "".join(f"{rates['HTMLScrape'] / rates[name]:>16.2f}" for name in compared)
        print(line)
    htmlscrape.close()
    if baseline:
        baseline.close()
    if bare:
        bare.close()
    overall = {name: total_bytes / 1e6 / totals[name] for name in names}
    print()
    print(f"overall on {len(files)} files, {total_bytes / 1e6:.2f} MB: "
          + ", ".join(f"{name} {overall[name]:.1f} MB/s" for name in names))
    for name in compared:
        # Total bytes over total time weighs the largest pages most; the geometric mean of the
        # per-file ratios counts every page once.
        geometric = math.exp(log_ratios[name] / len(files))
        print(f"HTMLScrape / {name}: {overall['HTMLScrape'] / overall[name]:.2f}× overall, "
              f"{geometric:.2f}× geometric mean of the {len(files)} per-file ratios")
    if options.markdown:
        print()
        print("| page | KB | " + " | ".join(f"{name} MB/s" for name in names) + " | "
              + " | ".join(f"÷ {name}" for name in compared) + " |")
        print("|---|---:|" + "---:|" * (len(names) + len(compared)))
        for page, size, rates in rows:
            print(f"| {page} | {size / 1000:.0f} | " + " | ".join(f"{rates[name]:.0f}" for name in names) + " | "
                  + " | ".join(f"{rates['HTMLScrape'] / rates[name]:.2f}×" for name in compared) + " |")
        print(f"| **all {len(files)} pages** | {total_bytes / 1000:.0f} | "
              + " | ".join(f"{overall[name]:.0f}" for name in names) + " | "
              + " | ".join(f"{overall['HTMLScrape'] / overall[name]:.2f}×" for name in compared) + " |")


if __name__ == "__main__":
    main()
