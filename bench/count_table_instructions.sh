#!/usr/bin/env bash
# Instructions per action of a table against its bare game (docs/performance.md, "Tables"),
# counted by valgrind's callgrind: deckhand_bench --count=GAME,table,ROUNDS plays each game's
# scripts (two whole games from a table's own record) through Table::act at a table of humans,
# events for every seat kept; --count=GAME,table-game,ROUNDS plays the same actions through
# Game::apply_text on a bare game with history. Only bench::counted_* is collected: the
# tables' and games' creation and first deal are not counted.
# Usage: bench/count_table_instructions.sh [BENCH_BINARY] [ROUNDS]
set -euo pipefail
BENCH=${1:-build/release/bench/deckhand_bench}
ROUNDS=${2:-1}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
printf '%-13s %8s %14s %14s %9s\n' game actions table/action game/action added
for game in $("$BENCH" --table-games); do
  for path in table table-game; do
    valgrind --tool=callgrind --toggle-collect='bench::counted_*' \
      --callgrind-out-file="$OUT/$game.$path" "$BENCH" --count="$game,$path,$ROUNDS" \
      2> /dev/null | awk '{ print $4 }' > "$OUT/$game.$path.actions"
  done
  awk -v g="$game" -v a="$(cat "$OUT/$game.table.actions")" \
    -v t="$(awk '/^summary:/ { print $2 }' "$OUT/$game.table")" \
    -v b="$(awk '/^summary:/ { print $2 }' "$OUT/$game.table-game")" \
    'BEGIN { printf "%-13s %8d %14.0f %14.0f %8.1f%%\n", g, a, t / a, b / a, 100 * (t - b) / b }'
done
