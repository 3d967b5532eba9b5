#!/usr/bin/env bash
# Runs HTMLScrape's test suite and its fuzz modes under AddressSanitizer (with LeakSanitizer), in a
# build of HTMLScrape alone (`AIRDATE_PACKAGE_SUBSET=HTMLScrape`: no other module or outside package
# is built), and prints one line per fuzz mode and one summary line.
#
#   Scripts/fuzz.sh                        # the suite and every mode, each mode its default cases (CI)
#   FUZZ_SECONDS=600 Scripts/fuzz.sh       # each mode for ten minutes (a long run), after the suite
#   FUZZ_SEED=7 FUZZ_ITERATIONS=50000 Scripts/fuzz.sh     # another seed, a number of cases per mode
#   FUZZ_SUITE=0 Scripts/fuzz.sh           # the fuzz modes only
#   FUZZ_MODES="selectors xpath" Scripts/fuzz.sh          # some modes only
#
# The modes: documents, fragments (tree construction on random tag soup), selectors, xpath,
# roundtrip (serialise → parse → serialise must be stable after one round) and editing (random edit
# sequences; the edited tree must survive serialising). Each mode is its own test process, so a
# crash names its mode; `FUZZ_TRACE=1` prints every case before it runs, to replay one.
# The build folder is .build-asan (a first build takes a few minutes on two cores). Reports go to
# .build-asan/fuzz-logs/. Exits 1 when a test fails, AddressSanitizer reports a memory error, or
# LeakSanitizer a leak whose allocation passes through the package's own code.
set -uo pipefail
cd "$(dirname "$0")/.."

export AIRDATE_PACKAGE_SUBSET=HTMLScrape
scratch=".build-asan"
logs="$scratch/fuzz-logs"
mkdir -p "$logs"
rm -f "$logs"/asan.*
export ASAN_OPTIONS="detect_leaks=1 log_path=$PWD/$logs/asan"
export LSAN_OPTIONS="report_objects=0"
own="$PWD/Sources/"
status=0

declare -A filters=(
  [documents]='TreeBuilderFuzzTests/randomTagSoupNeverBreaksTheTree\('
  [fragments]='TreeBuilderFuzzTests/randomTagSoupInFragmentsNeverBreaksTheTree'
  [selectors]='FuzzModesTests/selectors'
  [xpath]='FuzzModesTests/xpathExpressions'
  [roundtrip]='FuzzModesTests/serialiseParseRoundTrips'
  [editing]='FuzzModesTests/editSequences'
)
modes=(${FUZZ_MODES:-documents fragments selectors xpath roundtrip editing})

if ! swift build --build-tests --sanitize=address --scratch-path "$scratch" > "$logs/build.log" 2>&1; then
  tail -30 "$logs/build.log" >&2
  echo "fuzz: the AddressSanitizer build failed (log: $logs/build.log)" >&2
  exit 1
fi

run() {
  # Runs `swift test` on the sanitized build; prints the log's summary line.
  local name="$1"
  shift
  swift test --skip-build --sanitize=address --scratch-path "$scratch" "$@" > "$logs/$name.log" 2>&1
  local code=$?
  if [ "$code" -ne 0 ] && ! grep -qE "Test run with .* passed" "$logs/$name.log"; then
    status=1
    echo "fuzz: $name failed (exit $code; log: $logs/$name.log)" >&2
    grep -E "error|Expectation failed|ERROR: AddressSanitizer|SUMMARY" "$logs/$name.log" | head -20 >&2
  fi
}

if [ "${FUZZ_SUITE:-1}" != "0" ]; then
  # The whole suite, with the fuzz modes at their fixed CI budget; the long runs below come after.
  # One test at a time, as Scripts/sanitizers.sh runs them: sanitized code is 5–15 times slower,
  # and a test's time limit would otherwise count the minutes it waits for the heavy tests ahead.
  saved_seconds="${FUZZ_SECONDS-}"
  unset FUZZ_SECONDS
  run suite --no-parallel --filter HTMLScrapeTests
  echo "fuzz: HTMLScrapeTests under AddressSanitizer: $(grep -E 'Test run with .* (passed|failed)' "$logs/suite.log" | tail -1)"
  # What each fuzz mode ran within the suite (its fixed seed and number of cases).
  grep -E "^[a-z -]+ fuzz: [0-9]+ " "$logs/suite.log" | sed 's/^/fuzz: in the suite, /'
  if [ -n "$saved_seconds" ]; then export FUZZ_SECONDS="$saved_seconds"; fi
fi

if [ -n "${FUZZ_SECONDS-}" ] || [ -n "${FUZZ_ITERATIONS-}" ] || [ "${FUZZ_SUITE:-1}" = "0" ]; then
  for mode in "${modes[@]}"; do
    filter="${filters[$mode]:-}"
    if [ -z "$filter" ]; then
      echo "fuzz: unknown mode '$mode' (documents fragments selectors xpath roundtrip editing)" >&2
      exit 2
    fi
    run "$mode" --filter "$filter"
    line=$(grep -E "fuzz: [0-9]+ " "$logs/$mode.log" | tail -1)
    echo "fuzz: $mode: ${line#*fuzz: }"
  done
fi

memory=$(cat "$logs"/asan.* 2>/dev/null | grep -E "ERROR: AddressSanitizer" | grep -vc "LeakSanitizer" || true)
leaks_own=$(cat "$logs"/asan.* 2>/dev/null | awk -v own="$own" '
  /^(Direct|Indirect) leak/ { if (block != "" && block ~ own) n++; block = $0; next }
  /^$/ { if (block != "" && block ~ own) n++; block = ""; next }
  { if (block != "") block = block "\n" $0 }
  END { if (block != "" && block ~ own) n++; print n + 0 }')
leaks_all=$(cat "$logs"/asan.* 2>/dev/null | grep -cE "^(Direct|Indirect) leak" || true)
echo "fuzz: address sanitizer: $memory memory error(s); $leaks_own leak(s) from the package's code, $leaks_all in all"
if [ "$memory" -ne 0 ] || [ "$leaks_own" -ne 0 ]; then status=1; fi
exit $status
