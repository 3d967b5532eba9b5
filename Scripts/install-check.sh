#!/usr/bin/env bash
# Proves the example programs install: a clean copy of the checkout is built in release mode, the
# executables and their resource bundles are copied to another folder, the copy and its .build are
# deleted, and the installed programs run offline from an unrelated folder:
#
#   arrowverse list                  828 episodes (the Arrowverse snapshot, a resource)
#   animeplan search … --offline     a search of the recorded Jikan answers (a resource)
#   tvweek --offline                 the recorded TVMaze week (a resource)
#   airdate-web /api/episodes        828 episodes over HTTP
#
#   Scripts/install-check.sh              # a temporary folder, removed at the end
#   Scripts/install-check.sh --keep DIR   # build and install in DIR, kept (DIR/install/bin)
#
# Each step says how long it took. Network use by the programs is refused through a proxy that does
# not exist (http_proxy/https_proxy), so an offline run that reached for the network would fail.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
keep=""
if [ "${1:-}" = "--keep" ]; then keep="${2:?--keep needs a folder}"; fi
work="${keep:-$(mktemp -d "${TMPDIR:-/tmp}/airdate-install-check.XXXXXX")}"
mkdir -p "$work"
if [ -z "$keep" ]; then trap 'rm -rf "$work"' EXIT; fi

started=$SECONDS
step() { echo "install-check: $* ($((SECONDS - started)) s so far)" >&2; }
fail() { echo "install-check: FAILED: $*" >&2; exit 1; }

# 1. A clean copy: the files git knows (tracked, and new ones not ignored), never .build.
src="$work/src"
rm -rf "$src"
mkdir -p "$src"
(cd "$root" && git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' file; do [ -f "$file" ] && printf '%s\0' "$file"; done \
  | tar --null -T - -cf -) | (cd "$src" && tar -xf -)
[ -f "$src/Package.swift" ] || fail "the copy of the checkout has no Package.swift"
step "copied the checkout to $src"

# 2. Release build of the four programs (their dependencies and resource bundles with them).
build_started=$SECONDS
for product in arrowverse animeplan tvweek airdate-web; do
  (cd "$src" && swift build -c release --product "$product" >"$work/build-$product.log" 2>&1) \
    || { tail -30 "$work/build-$product.log" >&2; fail "swift build -c release --product $product"; }
done
bin="$(cd "$src" && swift build -c release --show-bin-path)"
step "release build done in $((SECONDS - build_started)) s"

# 3. Install: the executables and every resource bundle beside them, then the checkout and its
# .build are deleted.
install="$work/install/bin"
rm -rf "$work/install"
mkdir -p "$install"
for program in arrowverse animeplan tvweek airdate-web; do cp "$bin/$program" "$install/"; done
for bundle in "$bin"/*.resources "$bin"/*.bundle; do
  [ -e "$bundle" ] && cp -R "$bundle" "$install/"
done
rm -rf "$src"
[ ! -e "$src" ] || fail "the checkout copy is still there"
step "installed into $install ($(ls "$install" | tr '\n' ' ')); the checkout and its .build are gone"

# 4. The checks, from an unrelated folder, with a home of their own and no way onto the network.
run="$work/run"
rm -rf "$run"
mkdir -p "$run/home"
cd "$run"
export HOME="$run/home" XDG_DATA_HOME="$run/home/.local/share"
export http_proxy="http://proxy.invalid:9" https_proxy="http://proxy.invalid:9" HTTP_PROXY="http://proxy.invalid:9" HTTPS_PROXY="http://proxy.invalid:9"

episodes="$("$install/arrowverse" list --db "$run/arrowverse.sqlite" | wc -l | tr -d ' ')"
[ "$episodes" = "828" ] || fail "arrowverse list printed $episodes lines, not 828"
step "arrowverse list: 828 episodes"

search="$("$install/animeplan" search mushishi --offline --db "$run/animeplan.sqlite")"
echo "$search" | grep -q "^457	Mushi-Shi" || fail "animeplan search mushishi --offline: $search"
step "animeplan search mushishi --offline: $(echo "$search" | head -1)"

week="$("$install/tvweek" --offline 2>/dev/null)"
echo "$week" | grep -q "TV schedule US, week 2019-07-15 to 2019-07-21" || fail "tvweek --offline: $(echo "$week" | head -3)"
airings="$(echo "$week" | grep -c "^  [0-9-][0-9-]:[0-9-][0-9-]  " || true)"
[ "$airings" -gt 100 ] || fail "tvweek --offline listed $airings airings"
step "tvweek --offline: the week of 2019-07-15, $airings airings"

"$install/airdate-web" --port 0 --db "$run/web.sqlite" --anime-db "$run/web-anime.sqlite" \
  --countdowns-db "$run/web-countdowns.sqlite" >"$run/web.out" 2>"$run/web.err" &
web=$!
port=""
for _ in $(seq 1 600); do
  port="$(sed -n 's|.*serving http://[^:]*:\([0-9]*\)/.*|\1|p' "$run/web.out")"
  [ -n "$port" ] && break
  kill -0 "$web" 2>/dev/null || break
  sleep 0.5
done
if [ -z "$port" ]; then
  kill "$web" 2>/dev/null || true
  fail "airdate-web did not start: $(cat "$run/web.err")"
fi
count="$(curl --noproxy '*' -sf "http://127.0.0.1:$port/api/episodes" \
  | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["episodes"]))' || echo "no answer")"
kill "$web" 2>/dev/null || true
wait "$web" 2>/dev/null || true
[ "$count" = "828" ] || fail "airdate-web /api/episodes gave $count episodes, not 828"
step "airdate-web /api/episodes: 828 episodes"

echo "install-check: passed: the installed arrowverse, animeplan, tvweek and airdate-web ran offline without the source tree ($((SECONDS - started)) s)"
