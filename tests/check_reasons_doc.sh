#!/usr/bin/env bash
# docs/reasons.md lists every reason of include/deckhand/error.hpp with its number.
set -euo pipefail
root=$1
missing=0
while read -r name number; do
  if ! grep -q "^| $number | \`$name\` |" "$root/docs/reasons.md"; then
    echo "docs/reasons.md does not list reason $number $name"
    missing=$((missing + 1))
  fi
done < <(grep -oE 'X\([a-z0-9_]+, [0-9]+' "$root/include/deckhand/error.hpp" | sed -E 's/X\(([a-z0-9_]+), ([0-9]+)/\1 \2/')
[ "$missing" -eq 0 ] && echo "every reason is documented"
