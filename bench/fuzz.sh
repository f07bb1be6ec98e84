#!/usr/bin/env bash
# Fuzzes the engine's option parser and --bssplit (libFuzzer with ASan and UBSan) for MINUTES minutes, starting from
# the seed corpus in src/main/c/fuzz/corpus, and prints executions, crashes and coverage.
# Needs clang with its sanitizer runtimes (Debian: clang libclang-rt-14-dev). Usage: bench/fuzz.sh [MINUTES]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
minutes=${1:-10}
[[ $minutes =~ ^[0-9]+$ && $minutes -ge 1 ]] || { echo "usage: bench/fuzz.sh MINUTES (a whole number from 1)" >&2; exit 2; }

out=$PWD/target
work=$out/fuzz/work
make -s -C src/main/c OUT="$out" fuzz
rm -rf "$work"
mkdir -p "$work/corpus" "$work/artifacts"
# the repository's seeds stay as they are; what the fuzzer finds goes to target/
cp src/main/c/fuzz/corpus/options/* "$work/corpus/"

echo "fuzzing the option parser for $minutes min (log: $work/fuzz.log)"
set +e
"$out/fuzz/fuzz_options" -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$work/corpus" > "$work/fuzz.log" 2>&1
rc=$?
set -e

last=$(grep -E '^#[0-9]+' "$work/fuzz.log" | tail -1)
execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$work/fuzz.log" | grep -oE '[0-9]+$' || true)
cov=$(sed -nE 's/.*cov: ([0-9]+).*/\1/p' <<< "$last")
ft=$(sed -nE 's/.*ft: ([0-9]+).*/\1/p' <<< "$last")
crashes=$(find "$work/artifacts" -type f | wc -l)
echo "minutes:   $minutes"
echo "execs:     ${execs:-?}"
echo "crashes:   $crashes"
echo "coverage:  ${cov:-?} edges, ${ft:-?} features"
echo "corpus:    $(find "$work/corpus" -type f | wc -l) inputs"
if ((crashes)); then
    echo "crashing inputs (replay: $out/fuzz/fuzz_options FILE):"
    find "$work/artifacts" -type f
fi
((rc == 0 && crashes == 0))
