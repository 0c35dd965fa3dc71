#!/usr/bin/env bash
# tests/replay/compare.sh CLI PROGRAM [ARGS...]: the shared replay fixture of the bindings.
# Creates awkward files in a scratch directory (long, quoted and non-UTF-8 names, a FIFO, a
# symlink loop, a path through a regular file, a directory, a missing file, records holding a
# NUL byte, an empty file, CRLF lines, a file over the 64 MiB cap) and runs `CLI replay PATH`
# and `PROGRAM [ARGS...] PATH` on each: standard output must be the same bytes and the exit
# status the same (standard error is not compared). Prints one line per case that differs and
# a summary; exits 1 if any differs. Each binding's replay test runs it with its own program.
set -uo pipefail
if [ $# -lt 2 ]; then echo "usage: $0 CLI PROGRAM [ARGS...]" >&2; exit 2; fi
# Relative commands are taken from the current directory (the cases run in a scratch one).
absolute() { case $1 in */*) echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;; *) command -v "$1" ;; esac; }
cli=$(absolute "$1")
shift
program=$(absolute "$1")
shift
set -- "$program" "$@"
[ -x "$cli" ] || { echo "compare.sh: the CLI $cli is not there (make native)" >&2; exit 2; }
[ -x "$program" ] || { echo "compare.sh: the program $program is not there" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
record=$root/tests/cli/one_hand.rec
bad=$root/tests/cli/bad_card.rec
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

long=$(printf 'd%.0s' $(seq 1 120))
mkdir -p "$long" dir
cp "$record" "$long/ok.rec"
cp "$record" $'line\nbreak.rec'
cp "$record" $'\xff\xfe-bytes.rec'
cp "$record" "it's \"quoted\" \\ here.rec"
printf 'deckhand 1\n\0game x\n' > nul-line2.rec
{ cat "$record"; printf '\0'; } > nul-at-end.rec
{ head -c 11 "$record"; printf '\0'; tail -c +12 "$record"; } > nul-after-header.rec
: > empty.rec
sed 's/$/\r/' "$record" > crlf.rec
sed 's/$/\r/' "$bad" > crlf-bad.rec
cp "$bad" bad.rec
printf 'not a record at all\n' > garbage.rec
mkfifo fifo.rec
ln -s loop.rec loop.rec
cp "$record" plain.rec
truncate -s 65M huge.rec

cases=(
  "$long/ok.rec" "$long/missing.rec" "$long/$long/$long.rec"
  $'line\nbreak.rec' $'esc\x1b[31m.rec' $'tab\there.rec' $'c1-\xc2\x85.rec' $'del\x7f.rec'
  $'\xff\xfe-bytes.rec' $'\xff\xfe-missing.rec' $'\xc3\xa9t\xc3\xa9.rec' $'cut\xe2\x82.rec'
  "it's \"quoted\" \\ here.rec" "it's missing.rec"
  nul-line2.rec nul-at-end.rec nul-after-header.rec empty.rec crlf.rec crlf-bad.rec bad.rec
  garbage.rec fifo.rec loop.rec plain.rec/child.rec dir missing.rec huge.rec
  "$work/plain.rec" "" " "
)
differ=0
n=0
for path in "${cases[@]}"; do
  n=$((n + 1))
  timeout 60 "$cli" replay "$path" > "$work/.want" 2> /dev/null
  want_status=$?
  timeout 60 "$@" "$path" > "$work/.got" 2> "$work/.err"
  got_status=$?
  if [ "$want_status" != "$got_status" ] || ! cmp -s "$work/.want" "$work/.got"; then
    differ=$((differ + 1))
    echo "DIFFERS: $(printf '%q' "$path"): exit $got_status (the CLI: $want_status)"
    echo "  CLI:     $(head -c 300 "$work/.want")"
    echo "  program: $(head -c 300 "$work/.got")"
    [ -s "$work/.err" ] && echo "  stderr:  $(head -c 300 "$work/.err")"
  fi
done
echo "replay cases: $((n - differ)) of $n the same as the CLI"
[ "$differ" -eq 0 ]
