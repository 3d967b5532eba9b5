#!/usr/bin/env bash
# Runs the whole test suite under the thread sanitizer and under the address sanitizer (with
# LeakSanitizer), each in a build folder of its own, and prints one summary line per sanitizer.
#
#   Scripts/sanitizers.sh              # both
#   Scripts/sanitizers.sh thread       # one of them: thread | address
#   SANITIZER_FILTER=AirdateHTTPTests Scripts/sanitizers.sh    # a part of the suite
#   SANITIZER_PARALLEL=1 Scripts/sanitizers.sh                 # tests in parallel (default: one at a time)
#
# Sanitized code runs 5–15 times slower; with every suite at once on two cores, loopback servers
# can go unanswered for longer than the clients' 10 s idle time-out. So tests run one at a time
# unless SANITIZER_PARALLEL=1.
# The toolchain's own clang runtime (libclang_rt.asan, which includes LeakSanitizer, and
# libclang_rt.tsan) is used; nothing else is installed. Reports go to .build-sanitizers/<name>.log
# and the sanitizers' own reports to .build-sanitizers/<name>-reports/. A leak counts against the
# package only when one of its frames is the package's own code (a leak inside Foundation, the
# Swift runtime or the test runner is listed, not counted).
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizers=("${@:-thread address}")
read -r -a sanitizers <<< "${sanitizers[*]}"
root=".build-sanitizers"
mkdir -p "$root"
filter=()
if [ -n "${SANITIZER_FILTER:-}" ]; then filter=(--filter "$SANITIZER_FILTER"); fi
if [ "${SANITIZER_PARALLEL:-0}" != "1" ]; then filter+=(--no-parallel); fi
status=0

# The package's own code: frames whose source file is under Sources/ (test modules such as
# AirdateStoreTests, whose names begin with a library's, and dependencies do not count).
own="$PWD/Sources/"

for sanitizer in "${sanitizers[@]}"; do
  log="$root/$sanitizer.log"
  reports="$root/$sanitizer-reports"
  rm -rf "$reports"
  mkdir -p "$reports"
  case "$sanitizer" in
    thread)
      export TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 log_path=$PWD/$reports/tsan"
      ;;
    address)
      export ASAN_OPTIONS="detect_leaks=1 halt_on_error=0 log_path=$PWD/$reports/asan"
      export LSAN_OPTIONS="report_objects=0"
      ;;
    *)
      echo "sanitizers.sh: unknown sanitizer '$sanitizer' (thread or address)" >&2
      exit 2
      ;;
  esac
  echo "== swift test --sanitize=$sanitizer (log: $log)"
  swift test --scratch-path "$root/$sanitizer" --sanitize="$sanitizer" "${filter[@]}" > "$log" 2>&1
  tests=$?
  unset TSAN_OPTIONS ASAN_OPTIONS LSAN_OPTIONS
  summary=$(grep -E "Test run with .* (passed|failed)|Executed .* tests" "$log" | tail -2 | tr '\n' ' ')
  races=$(cat "$reports"/* 2>/dev/null | grep -c "WARNING: ThreadSanitizer:" || true)
  # Reports with a frame in the package's own modules (the rest are in dependencies or the runtime).
  races_own=$(cat "$reports"/* 2>/dev/null | awk -v own="$own" '
    /WARNING: ThreadSanitizer:/ { if (block ~ own) n++; block = $0; next }
    /^SUMMARY: ThreadSanitizer/ { if (block ~ own) n++; block = ""; next }
    { if (block != "") block = block "\n" $0 }
    END { if (block ~ own) n++; print n + 0 }')
  memory=$(cat "$reports"/* 2>/dev/null | grep -E "ERROR: AddressSanitizer" | grep -vc "LeakSanitizer" || true)
  leaks_all=$(cat "$reports"/* 2>/dev/null | grep -cE "^(Direct|Indirect) leak" || true)
  # Leaks whose allocation stack has a frame in the package's own modules.
  leaks_own=$(cat "$reports"/* 2>/dev/null | awk -v own="$own" '
    /^(Direct|Indirect) leak/ { if (block != "" && block ~ own) n++; block = $0; next }
    /^$/ { if (block != "" && block ~ own) n++; block = ""; next }
    { if (block != "") block = block "\n" $0 }
    END { if (block != "" && block ~ own) n++; print n + 0 }')
  case "$sanitizer" in
    thread) echo "thread sanitizer: tests exit $tests; $races_own race report(s) in the package's code, $races in all; $summary" ;;
    address) echo "address sanitizer: tests exit $tests; $memory memory error(s); $leaks_own leak(s) from the package's code, $leaks_all in all; $summary" ;;
  esac
  # A sanitizer's own exit code (66) when it reported anything is judged by the counts above.
  if [ "$tests" -ne 0 ] && [ "$tests" -ne 66 ] && ! grep -qE "Test run with .* passed" "$log"; then status=1; fi
  if [ "$races_own" -ne 0 ] || [ "$memory" -ne 0 ] || [ "$leaks_own" -ne 0 ]; then status=1; fi
done
exit $status
