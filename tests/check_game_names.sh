#!/usr/bin/env bash
# The rule of docs/adding-a-game.md: outside its own folder and plug-in files, a game's name
# appears only in the list of games (src/common/game_list.cpp) and in documentation. The
# generic code — bots, RL, solver, registry, the C ABI's sources and the command-line tool
# but for its plug-ins — reaches every game through the descriptors (GameExtensions) and the
# plug-ins, so its code (comments aside) names none. The names are the list's own: each
# game's namespace (ghost_euchre), its dashed form (ghost-euchre) and its last word (euchre).
set -euo pipefail
root=$1
names=$(grep -oE '&[a-z_]+::descriptor' "$root/src/common/game_list.cpp" | sed -E 's/&([a-z_]+)::descriptor/\1/')
[ -n "$names" ] || { echo "no games found in src/common/game_list.cpp"; exit 1; }
pattern=""
for n in $names; do
  pattern+="${pattern:+|}${n//_/[-_]}"
  [[ $n == *_* ]] && pattern+="|${n##*_}"
done
found=0
while IFS= read -r file; do
  # Code only: // comments are documentation.
  if hits=$(sed -E 's://.*$::' "$file" | grep -niE "$pattern"); then
    echo "$hits" | sed "s|^|${file#"$root"/}:|"
    found=1
  fi
done < <(find "$root/src/bots" "$root/src/rl" "$root/src/solve" "$root/src/common" \
              "$root/capi/src" "$root/src/cli" -type f \( -name '*.cpp' -o -name '*.hpp' \) \
              ! -path "$root/src/common/game_list.cpp" ! -name '*_cli.cpp' ! -name 'plugins.cpp' | sort)
if [ "$found" -ne 0 ]; then
  echo "generic code names a game (pattern $pattern): reach it through its descriptor or plug-in"
  exit 1
fi
echo "no generic code names a game ($(echo $names | wc -w) games)"
