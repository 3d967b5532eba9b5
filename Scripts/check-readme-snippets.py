#!/usr/bin/env python3
"""Type-checks every Swift code block of README.md against the package's built modules.

Each ```swift block is compiled on its own, exactly as a reader copies it from the rendered page, as
top-level code (so `try await` works as it does in a `main.swift`), with warnings treated as errors.
A block must declare everything it uses: a hidden prelude (an HTML comment such as
`<!-- snippet-prelude: let html = "<p>Hi</p>" -->`, which the page does not show) is refused, since
the copied code would not compile. Run it after `swift build` (it reads the modules from the build
folder):

    python3 Scripts/check-readme-snippets.py [--build-path .build]
"""
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def blocks(readme):
    lines = readme.split("\n")
    found = []
    prelude = []
    i = 0
    while i < len(lines):
        line = lines[i]
        match = re.match(r"\s*<!--\s*snippet-prelude:\s*(.*?)\s*-->\s*$", line)
        if match:
            prelude.append(match.group(1))
        elif line.strip() == "```swift":
            start = i + 1
            j = start
            while j < len(lines) and lines[j].strip() != "```":
                j += 1
            found.append((start + 1, "\n".join(lines[start:j]), prelude))
            prelude = []
            i = j
        elif line.strip():
            prelude = [] if not line.strip().startswith("<!--") else prelude
        i += 1
    return found


def main():
    build = ".build"
    if "--build-path" in sys.argv:
        build = sys.argv[sys.argv.index("--build-path") + 1]
    modules = os.path.join(ROOT, build, "debug", "Modules")
    if not os.path.isdir(modules):
        print(f"check-readme-snippets: {modules} is missing; run `swift build` first", file=sys.stderr)
        return 1
    includes = ["-I", modules]
    # The C modules that the Swift modules import (GRDB's SQLite, NIO's shims, CAirdateZlib): each
    # folder with a module map, in the checkouts and in the package's own Sources.
    modulemaps = glob.glob(os.path.join(ROOT, build, "checkouts", "*", "Sources", "**", "module.modulemap"), recursive=True)
    modulemaps += glob.glob(os.path.join(ROOT, "Sources", "*", "module.modulemap"))
    modulemaps += glob.glob(os.path.join(ROOT, build, "debug", "*.build", "module.modulemap"))
    for modulemap in sorted(set(modulemaps)):
        includes += ["-I", os.path.dirname(modulemap)]
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as handle:
        readme = handle.read()
    failures = 0
    snippets = blocks(readme)
    with tempfile.TemporaryDirectory() as folder:
        for number, (line, code, prelude) in enumerate(snippets, 1):
            code_lines = code.split("\n")
            imports = [l for l in code_lines if l.startswith("import ")]
            body = [l for l in code_lines if not l.startswith("import ")]
            if prelude:
                failures += 1
                print(f"README.md:{line}: the Swift snippet relies on a hidden prelude ({'; '.join(prelude)}); "
                      "declare those values in the snippet itself", file=sys.stderr)
                continue
            source = "\n".join(imports + body) + "\n"
            path = os.path.join(folder, f"readme_snippet_{number}.swift")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(source)
            result = subprocess.run(
                ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", *includes, path],
                capture_output=True, text=True)
            if result.returncode != 0:
                failures += 1
                print(f"README.md:{line}: the Swift snippet does not compile:\n{result.stderr}", file=sys.stderr)
    print(f"README snippets: {len(snippets) - failures}/{len(snippets)} compile")
    return 1 if failures or not snippets else 0


if __name__ == "__main__":
    sys.exit(main())
