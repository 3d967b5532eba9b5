#!/usr/bin/env python3
"""Doubling ratios of HTMLScrape's public API paths, in instructions (callgrind), not seconds.

`HTMLScrapeThroughput paths` times each path of `Tools/HTMLScrapeThroughput/APIPaths.swift` at N, 2N
and 4N, but wall-clock time on a busy machine moves too much for small inputs. This script runs
`HTMLScrapeThroughput path NAME SIZE` under `valgrind --tool=callgrind`, counting only the timed part
(`--toggle-collect` on `runPath`: building and parsing the input are left out), at N, 2N and 4N, and
prints the two ratios: about 2 is linear, about 4 quadratic.

    cd Benchmarks
    swift build -c release --product HTMLScrapeThroughput
    python3 api-paths.py [--base N] [NAME ...]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = os.path.join(HERE, ".build", "release", "HTMLScrapeThroughput")


def names(binary):
    usage = subprocess.run([binary, "path"], capture_output=True, text=True).stdout
    return usage.split("names: ", 1)[1].strip().split(", ")


def count(binary, name, size):
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*runPath*",
             f"--callgrind-out-file={os.path.join(folder, 'out')}", binary, "path", name, str(size)],
            capture_output=True, text=True)
        match = re.search(r"Collected : (\d+)", result.stderr)
        if result.returncode != 0 or not match:
            sys.exit(f"{name} {size} failed:\n{result.stderr[-2000:]}")
        return int(match.group(1))


def main():
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("paths", nargs="*")
    arguments.add_argument("--base", type=int, default=10_000)
    arguments.add_argument("--binary", default=BINARY)
    options = arguments.parse_args()
    chosen = options.paths or names(options.binary)
    print(f"{'path':<36}{'N':>14}{'2N':>14}{'4N':>14}{'2N/N':>8}{'4N/2N':>8}")
    for name in chosen:
        counts = [count(options.binary, name, options.base * factor) for factor in (1, 2, 4)]
        print(f"{name:<36}" + "".join(f"{c:>14,}" for c in counts)
              + f"{counts[1] / counts[0]:>8.2f}{counts[2] / counts[1]:>8.2f}", flush=True)


if __name__ == "__main__":
    main()
