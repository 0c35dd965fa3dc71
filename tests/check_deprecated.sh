#!/usr/bin/env bash
# DH_DEPRECATED (deckhand.h) makes compilers warn where a deprecated function is used, with
# its message, in C and in C++; DH_DISABLE_DEPRECATION_WARNINGS silences it.
#   check_deprecated.sh CC CXX INCLUDE_DIR GENERATED_INCLUDE_DIR
set -uo pipefail
cc=$1 cxx=$2 inc=$3 gen=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/use.c" <<'SRC'
#include "deckhand.h"
DH_DEPRECATED("use dh_version_number instead") int dh_test_old_function(void);
int dh_test_old_function(void) { return 0; }
int main(void) { return dh_test_old_function(); }
SRC
cp "$work/use.c" "$work/use.cpp"
failed=0
for compiler in "$cc -std=c99" "$cxx -std=c++17"; do
  src=$work/use.c
  [[ $compiler == "$cxx"* ]] && src=$work/use.cpp
  out=$($compiler -Wall -c -I"$inc" -I"$gen" "$src" -o "$work/use.o" 2>&1)
  if ! grep -q "deprecated" <<<"$out" || ! grep -q "use dh_version_number instead" <<<"$out"; then
    echo "FAIL: $compiler gave no deprecation warning with the message:"; echo "$out"; failed=1
  fi
  out=$($compiler -Wall -DDH_DISABLE_DEPRECATION_WARNINGS -c -I"$inc" -I"$gen" "$src" -o "$work/use.o" 2>&1)
  if grep -q "deprecated" <<<"$out"; then
    echo "FAIL: $compiler warned despite DH_DISABLE_DEPRECATION_WARNINGS:"; echo "$out"; failed=1
  fi
done
# The library's own deprecated functions: the warning names what replaces them.
cat >"$work/buy.c" <<'SRC'
#include "deckhand.h"
int use(const dh_game* g) { int32_t seat; return dh_game_buy_winner(&seat, g, 1u); }
SRC
out=$($cc -std=c99 -Wall -c -I"$inc" -I"$gen" "$work/buy.c" -o "$work/buy.o" 2>&1)
if ! grep -q "deprecated" <<<"$out" || ! grep -q "dh_game_to_act" <<<"$out"; then
  echo "FAIL: dh_game_buy_winner gave no deprecation warning naming dh_game_to_act:"; echo "$out"
  failed=1
fi
[[ $failed -eq 0 ]] && echo "DH_DEPRECATED warns in C and C++ and can be silenced"
exit $failed
