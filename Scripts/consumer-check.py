#!/usr/bin/env python3
"""Builds a throwaway consumer package per library product of Airdate and prints, for each, the
packages SwiftPM fetched and the modules it compiled: what adding that one product costs an app.

Each consumer is a new package with one executable target that depends on one library product (by
path on this checkout) and imports it. The consumers share one build folder, so a module several
products need is compiled once for the whole check; what each consumer *would* compile on its own is
read from the build plan SwiftPM wrote for it (the modules its executable depends on, transitively).
Packages fetched are the pins of the consumer's own Package.resolved.

    python3 Scripts/consumer-check.py              # table, then exit 1 if a consumer fetched a forbidden package
    python3 Scripts/consumer-check.py --json       # the same as JSON
    python3 Scripts/consumer-check.py --product HTMLScrape --keep DIR

Forbidden for every consumer: what only the examples, the tests or the benchmarks use
(swift-argument-parser, Hummingbird, SwiftNIO, AsyncHTTPClient, FlyingFox, swift-clocks, benchmark),
and compiling a module only the examples or the tests use (the examples' support targets, the offline
data the programs carry as resources, the test servers). Expected per product: what it may fetch and
the modules it must compile (`WatchOrderSync` composes the watch-order bridges, nothing more).

A product behind a package trait (`AirdateAsyncHTTPClient`, trait `AsyncHTTPClient`) gets a second
consumer that enables the trait and names the product's type: it must build, and may fetch what the
trait is for (AsyncHTTPClient, SwiftNIO and their dependencies) and nothing else forbidden.
`--no-traits` leaves those out (they compile NIO: the slow part of the check).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORBIDDEN = re.compile(r"swift-argument-parser|hummingbird|swift-nio|async-http-client|flyingfox|swift-clocks|^benchmark$|package-benchmark", re.I)
# Modules of the package that no library product may compile (but its own): examples' support,
# resources, tests, the AsyncHTTPClient transport.
FORBIDDEN_MODULES = {"AirdateOfflineData", "ArrowverseCommandLine", "ArrowverseDocuments", "CommandLineSupport",
                     "AirdateTestServer", "AirdateTestSupport", "AirdateAsyncHTTPClient", "AirdateWebApp"}
# Per product: the packages it may fetch, and modules it must compile (beside its own).
EXPECTED = {
    "WatchOrderSync": {
        "fetches": {"grdb.swift", "swift-http-types", "swift-log"},
        "compiles": {"WatchOrder", "WatchOrderWiki", "WatchOrderTVMaze", "TVMazeClient", "AirdateHTTP", "AirdateCore",
                     "AirdateStore", "HTMLScrape", "GRDB"},
    },
}
# Products behind a trait: the trait, the code a consumer writes to use it, and what it may fetch.
TRAITS = {
    "AirdateAsyncHTTPClient": {
        "trait": "AsyncHTTPClient",
        "uses": "let transport = AsyncHTTPClientTransport()\ntry await transport.shutdown()\n",
        "allowed": re.compile(r"^(async-http-client|swift-nio.*)$", re.I),
    },
}


def library_products():
    dump = json.loads(subprocess.check_output(["swift", "package", "dump-package"], cwd=ROOT, text=True))
    return [p["name"] for p in dump["products"] if "library" in p["type"]]


def write_consumer(folder, product, trait=None):
    os.makedirs(os.path.join(folder, "Sources", "App"), exist_ok=True)
    identity = os.path.basename(ROOT.rstrip("/")).lower()
    with open(os.path.join(folder, "Package.swift"), "w") as f:
        f.write(f"""// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: {json.dumps(ROOT)}{f", traits: [{json.dumps(trait['trait'])}]" if trait else ""})],
    targets: [.executableTarget(name: "App", dependencies: [.product(name: "{product}", package: "{identity}")])]
)
""")
    with open(os.path.join(folder, "Sources", "App", "main.swift"), "w") as f:
        f.write(f"import {product}\n\n{trait['uses'] if trait else ''}print(\"{product} imported\")\n")


def build_plan_modules(scratch):
    """The modules the executable `App` depends on, read from the llbuild manifest SwiftPM wrote."""
    manifest = os.path.join(scratch, "debug.yaml")
    commands, producer = {}, {}
    current = None
    with open(manifest) as f:
        in_commands = False
        for line in f:
            if line.startswith("commands:"):
                in_commands = True
                continue
            if not in_commands:
                continue
            m = re.match(r'^  "(.+)":\s*$', line)
            if m:
                current = {"inputs": [], "outputs": [], "description": ""}
                commands[m.group(1)] = current
                continue
            if current is None:
                continue
            m = re.match(r"^    (inputs|outputs): (\[.*\])\s*$", line)
            if m:
                current[m.group(1)] = json.loads(m.group(2))
                continue
            m = re.match(r'^    description: (".*")\s*$', line)
            if m:
                current["description"] = json.loads(m.group(1))
    for key, command in commands.items():
        for output in command["outputs"]:
            producer[output] = key
    start = [k for k, c in commands.items() if "Linking" in c["description"] and re.search(r"/App$", " ".join(c["outputs"]))]
    if not start:
        start = [k for k, c in commands.items() if c["description"].startswith("Compiling Swift Module 'App'")]
    seen, stack, modules = set(start), list(start), set()
    while stack:
        command = commands[stack.pop()]
        m = re.match(r"Compiling Swift Module '([^']+)'", command["description"])
        if m:
            modules.add(m.group(1))
        m = re.match(r"Compiling (\S+) \S+\.c$", command["description"])
        if m:
            modules.add(m.group(1))
        for item in command["inputs"]:
            key = producer.get(item, item if item in commands else None)
            if key and key not in seen:
                seen.add(key)
                stack.append(key)
    modules.discard("App")
    return sorted(modules)


def pins(folder):
    path = os.path.join(folder, "Package.resolved")
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return sorted(pin["identity"] for pin in json.load(f).get("pins", []))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--product", action="append", help="check only these products")
    parser.add_argument("--keep", help="build in this folder and keep it")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--no-traits", action="store_true", help="skip the consumers that enable a trait")
    args = parser.parse_args()

    products = args.product or library_products()
    # HTMLScrape first: its build time is that of a consumer starting from nothing.
    products.sort(key=lambda p: (p != "HTMLScrape", p))
    runs = [(product, None) for product in products]
    if not args.no_traits:
        runs += [(product, TRAITS[product]) for product in products if product in TRAITS]
    work = args.keep or tempfile.mkdtemp(prefix="airdate-consumers-")
    scratch = os.path.join(work, "scratch")
    results, failed = [], False
    try:
        for product, trait in runs:
            name = product + (f" (trait {trait['trait']})" if trait else "")
            folder = os.path.join(work, product + ("-" + trait["trait"] if trait else ""))
            shutil.rmtree(folder, ignore_errors=True)
            write_consumer(folder, product, trait)
            started = time.monotonic()
            build = subprocess.run(["swift", "build", "--scratch-path", scratch], cwd=folder,
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            seconds = time.monotonic() - started
            if build.returncode != 0:
                print(build.stdout[-4000:], file=sys.stderr)
                print(f"consumer-check: the consumer of {name} did not build", file=sys.stderr)
                return 1
            fetched = pins(folder)
            modules = build_plan_modules(scratch)
            forbidden = [p for p in fetched if FORBIDDEN.search(p) and not (trait and trait["allowed"].search(p))]
            forbidden += sorted(m for m in modules if m in FORBIDDEN_MODULES and m != product)
            expected = EXPECTED.get(product)
            if expected:
                forbidden += [f"fetches {p} (expected only {', '.join(sorted(expected['fetches']))})"
                              for p in fetched if p not in expected["fetches"]]
                forbidden += [f"does not compile {m}" for m in sorted(expected["compiles"]) if m not in modules]
            failed = failed or bool(forbidden)
            results.append({"product": name, "fetched": fetched, "modules": modules,
                            "buildSeconds": round(seconds, 1), "forbidden": forbidden})
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print("consumer check: what a package that depends on one Airdate product fetches and compiles")
        for r in results:
            print(f"- {r['product']}: fetches {', '.join(r['fetched']) or 'nothing'}; "
                  f"compiles {len(r['modules'])} modules ({', '.join(r['modules'])}); "
                  f"build {r['buildSeconds']} s{' (shared build folder: modules built before were reused)' if r is not results[0] else ''}")
            if r["forbidden"]:
                print(f"  FORBIDDEN: {', '.join(r['forbidden'])}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
