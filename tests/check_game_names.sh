#!/usr/bin/env bash
# The rule of docs/adding-a-game.md: a new game is its folder, its plug-ins and its entry in
# the list of games (src/common/game_list.cpp); nothing else is edited to add it. Two checks:
#
# 1. The generic code — bots, RL, solver, registry, the C ABI's sources, the command-line
#    tool but for its plug-ins, the fuzz targets and the benchmarks' harness (bench/ but for
#    the files of one game's benchmarks and the solvers', bench_solve.cpp) — reaches every
#    game through the descriptors (GameExtensions), the plug-ins or the catalog, so its code
#    (comments aside) names none.
# 2. The bindings, tools and tests — python/, web/ (src, app, test, bench), bindings/ (Rust,
#    Go, Java, Kotlin and C# sources too), bench/, the command-line tool and tests/ — take their list of
#    games and the games' facts from the catalog (dh_catalog_*, deckhand.games(),
#    dh.games()). Their code may name a game in a test or benchmark of that game, but has no
#    per-game list or fact table: no line names two games (a CMake line's file names aside),
#    no game is a key of a table (`"toonerville": ...`) or the head of a table row
#    (`{"toonerville", ...}`), and no fact is decided by comparing with a name (`name ==
#    "toonerville"`, Java's `"toonerville".equals(name)`; checking a game's own name in an
#    assertion is a test of that game). Files named after a game
#    (test_sheepshead_rules.cpp, bench_toonerville.cpp, euchre_cli.cpp) are that game's own.
# 3. A binding, and the table server (server/src, server/bin), is game-blind: the code of bindings/ outside its tests (the library, its
#    examples and programs, and the scripts without an extension such as bindings/*/replay,
#    found by their #! line) names no game at all. Tests (tests/, src/test/, *_test.go) may
#    name a game in a test of that game, under check 2.
#
# The names are the list's own: each game's namespace (ghost_euchre), its dashed form
# (ghost-euchre) and its last word (euchre). Comments and docstrings are documentation.
set -euo pipefail
root=$1
names=$(grep -oE '&[a-z_]+::descriptor' "$root/src/common/game_list.cpp" | sed -E 's/&([a-z_]+)::descriptor/\1/')
[ -n "$names" ] || { echo "no games found in src/common/game_list.cpp"; exit 1; }
# One alternation per game (check 2 counts games, not spellings), and all of them.
games=()
for n in $names; do
  alternatives="${n//_/[-_]}"
  [[ $n == *_* ]] && alternatives+="|${n##*_}"
  games+=("$alternatives")
done
pattern=$(IFS='|'; echo "${games[*]}")
# The command-line tool (src/cli).
cli_dirs=("$root/src/cli")

found=0
while IFS= read -r file; do
  # Code only: // comments are documentation.
  if hits=$(sed -E 's://.*$::' "$file" | grep -niE "$pattern"); then
    echo "$hits" | sed "s|^|${file#"$root"/}:|"
    found=1
  fi
done < <({ find "$root/src/bots" "$root/src/rl" "$root/src/solve" "$root/src/common" \
                "$root/capi/src" "${cli_dirs[@]}" "$root/tests/fuzz" -type f \
                \( -name '*.cpp' -o -name '*.hpp' \) ! -path "$root/src/common/game_list.cpp" \
                ! -name '*_cli.cpp' ! -name 'plugins.cpp'
          find "$root/bench" -type f \( -name '*.cpp' -o -name '*.hpp' \) ! -name 'bench_solve.cpp' |
            while IFS= read -r f; do basename "$f" | grep -qiE "$pattern" || echo "$f"; done
        } | sort)
if [ "$found" -ne 0 ]; then
  echo "generic code names a game (pattern $pattern): reach it through its descriptor or plug-in"
fi

# Check 2: prints file:line: text for each line that breaks it.
# shellcheck disable=SC2016
tables='
BEGIN { n = split(games, game, "\t") }
FNR == 1 {
  in_block = 0; in_doc = 0
  py = FILENAME ~ /\.py$/; hash = py || FILENAME ~ /(\.sh|CMakeLists\.txt|\.cmake)$/
  if (FILENAME ~ /\/[^\/.]+$/) hash = 1  # a script without an extension (its #! line)
}
{
  line = $0
  if (py) {  # docstrings: whole lines between triple quotes, and the lines that hold them
    quotes = gsub(/"""/, "&", line)
    if (in_doc || quotes) { if (quotes % 2) in_doc = !in_doc; next }
  }
  if (hash) {
    sub(/(^|[ \t])#.*$/, "", line)
    if (FILENAME ~ /CMakeLists\.txt$/) gsub(/[^ \t()]+\.(c|cpp|h|hpp)/, "", line)  # its files
  } else {
    if (in_block) { if (!sub(/^.*\*\//, "", line)) next; in_block = 0 }
    gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
    if (sub(/\/\*.*$/, "", line)) in_block = 1
    sub(/\/\/.*$/, "", line)
  }
  line = tolower(line)  # the names are lower case
  named = 0; which = ""
  for (i = 1; i <= n; ++i)
    if (line ~ ("(" game[i] ")")) { ++named; which = game[i] }
  if (named == 0) next
  q = "[\"'\''`]"
  name = q "(" which ")([:.][^\"'\''`]*)?" q
  why = ""
  if (blind) why = "a game named in a binding (a binding is game-blind: ask the catalog)"
  else if (named >= 2) why = "a list of games"
  else if (line ~ (name "[ \t]*:") || line ~ ("\\{[ \t]*" name "[ \t]*,"))
    why = "a per-game table"
  else if (compare && (line ~ ("[=!]=[=]?[ \t]*" name) || line ~ (name "[ \t]*[=!]=") ||
                       line ~ ("equals(ignorecase)?\\([ \t]*" name) || line ~ (name "\\.equals")) &&
           line !~ /(check|require|assert|expect)/)  # a test of one game may check its name
    why = "a fact decided by the game'\''s name"
  if (why != "") { printf "%s:%d: %s: %s\n", FILENAME, FNR, why, $0; bad = 1 }
}
END { exit bad }
'
game_list=$(IFS=$'\t'; echo "${games[*]}")
# A file named after a game is that game's own (its tests, benchmarks, plug-in).
own() { basename "$1" | grep -qiE "$pattern"; }
sources() {
  for d in "$@"; do
    [ -d "$d" ] || continue
    find "$d" -type f \( -name '*.py' -o -name '*.c' -o -name '*.h' -o -name '*.cpp' \
         -o -name '*.hpp' -o -name '*.js' -o -name '*.mjs' -o -name '*.ts' -o -name '*.mts' \
         -o -name '*.sh' -o -name 'CMakeLists.txt' -o -name '*.rs' -o -name '*.go' -o -name '*.java' -o -name '*.kt' -o -name '*.cs' \) \
         ! -path '*/node_modules/*' ! -path '*/target/*' \
         ! -path '*/corpus/*' ! -name 'plugins.cpp' ! -name 'check_game_names.sh'
  done | sort | while IFS= read -r f; do own "$f" || echo "$f"; done
  # Scripts without an extension (their #! line), in the bindings: bindings/*/replay.
  for d in "$@"; do
    [[ $d == "$root/bindings"* && -d $d ]] || continue
    find "$d" -type f ! -name '*.*' ! -path '*/target/*' ! -path '*/bin/*' ! -path '*/obj/*' |
      while IFS= read -r f; do [ "$(head -c 2 "$f")" = '#!' ] && echo "$f"; done
  done | sort
}
# The code of the bindings outside their tests (check 3).
# The table server (server/src, server/bin) is game-blind too: it asks the catalog.
blind_sources() {
  sources "$root/bindings" | grep -vE '/tests/|/src/test/|_test\.go$' || true
  sources "$root/server/src" "$root/server/bin"
}
strict=$(sources "$root/python" "$root/web/src" "$root/web/test" "$root/web/bench" \
                 "$root/web/app" "$root/bench" "${cli_dirs[@]}" "$root/tests" "$root/bindings" \
                 "$root/server/test" "$root/server/bench")
app=""
listed=0
if [ -n "$strict" ]; then
  # shellcheck disable=SC2086
  echo "$strict" | xargs awk -v games="$game_list" -v compare=1 "$tables" | sed "s|^$root/||" || listed=1
fi
blind=$(blind_sources)
if [ -n "$blind" ]; then
  # shellcheck disable=SC2086
  echo "$blind" | xargs awk -v games="$game_list" -v compare=1 -v blind=1 "$tables" | sed "s|^$root/||" || listed=1
fi
if [ -n "$app" ]; then
  # shellcheck disable=SC2086
  echo "$app" | xargs awk -v games="$game_list" -v compare=0 "$tables" | sed "s|^$root/||" || listed=1
fi
if [ "$listed" -ne 0 ]; then
  echo "per-game lists or facts outside the games' files: take the games and their facts from"
  echo "the catalog (dh_catalog_game, deckhand.games(), dh.games()), or write a test of one game"
fi
[ "$found" -eq 0 ] && [ "$listed" -eq 0 ] || exit 1
echo "no generic code names a game, and no binding, tool or test keeps a per-game list" \
     "($(echo $names | wc -w) games)"
