#!/usr/bin/env bash
# The suite under load (issue 18's acceptance): `swift test` five times in a row, each run beside two
# clean builds of Benchmarks/ into fresh --scratch-path folders started just before it. Prints one
# line per run: exit status, wall time and Swift Testing's summary line.
#
#     bash Scripts/load-test.sh [runs]
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
swift build --build-tests >/dev/null
for i in $(seq 1 "$runs"); do
  scratch=$(mktemp -d)
  (cd Benchmarks && swift build --scratch-path "$scratch/a" >"$scratch/a.log" 2>&1) &
  (cd Benchmarks && swift build --scratch-path "$scratch/b" >"$scratch/b.log" 2>&1) &
  sleep 5
  start=$(date +%s)
  swift test >"$scratch/test.log" 2>&1
  status=$?
  end=$(date +%s)
  echo "run $i: exit $status, $((end - start)) s wall, $(grep -E '^(✔|✘) Test run' "$scratch/test.log" | tail -1)"
  wait
  rm -rf "$scratch/a" "$scratch/b"
done
