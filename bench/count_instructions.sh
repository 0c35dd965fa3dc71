#!/usr/bin/env bash
# Instructions per hand and per action of random self-play through each API, counted by
# valgrind's callgrind over a fixed set of seeded hands (docs/performance.md, "Instructions
# per hand"): deckhand_bench --count plays 2,000 warm-up hands uncounted, then HANDS hands
# inside bench::counted_hands, the only function callgrind collects in. The games are those
# whose bench file benchmarks their pure API (deckhand_bench --pure-api-games).
# Usage: bench/count_instructions.sh [BENCH_BINARY] [HANDS]
set -euo pipefail
BENCH=${1:-build/release/bench/deckhand_bench}
HANDS=${2:-1000}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
printf '%-13s %-13s %12s %12s\n' game path instr/hand instr/action
for game in $("$BENCH" --pure-api-games); do
  for path in cpp capi-null capi-err capi-indexed; do
    actions=$(valgrind --tool=callgrind --toggle-collect='bench::counted_hands*' \
      --callgrind-out-file="$OUT/$game.$path" "$BENCH" --count="$game,$path,$HANDS" 2> /dev/null |
      awk '{ print $4 }')
    total=$(awk '/^summary:/ { print $2 }' "$OUT/$game.$path")
    awk -v g="$game" -v p="$path" -v t="$total" -v h="$HANDS" -v a="$actions" \
      'BEGIN { printf "%-13s %-13s %12.0f %12.1f\n", g, p, t / h, t / a }'
  done
done
