#!/usr/bin/env bash
# The command-line contract of docs/cli.md: `deckhand replay` prints one JSON object and exits
# 0 (every line legal), 1 (a line refused or malformed) or 2 (usage error); `view`,
# `simulate` and `demo` work end to end.
set -uo pipefail
deckhand=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

check() {  # check NAME EXPECTED_EXIT EXPECTED_STDOUT_SUBSTRING -- command...
  local name=$1 want_rc=$2 want_out=$3
  shift 4
  local out rc
  out=$("$@" 2>"$tmp/stderr")
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || [[ "$out" != *"$want_out"* ]]; then
    echo "FAIL $name: exit $rc (want $want_rc); stdout: $out; stderr: $(cat "$tmp/stderr")"
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
}

# play_session NAME EXPECTED_EXIT EXPECTED_STDOUT_SUBSTRING TYPED -- play's arguments...: a
# `deckhand play` session with TYPED (printf escapes: 'hint\nquit\n') as the human's input.
play_session() {
  local name=$1 want_rc=$2 want_out=$3 typed=$4
  shift 5
  check "$name" "$want_rc" "$want_out" -- bash -c 'printf "$1" | "$2" play "${@:3}"' _ "$typed" "$deckhand" "$@"
}

# Valid records: a thrown-in deal does not count as a hand; between hands to_act is null.
check "replay ok" 0 '{"ok": true, "game": "ghost-euchre", "hands": [{"deltas": [0, 1, 5]}], "scores": [0, 1, 5], "over": false, "winners": [], "to_act": null}' \
  -- "$deckhand" replay "$dir/one_hand.rec"
check "replay stdin" 0 '"ok": true' -- sh -c "\"$deckhand\" replay - < \"$dir/one_hand.rec\""
check "replay mid-hand" 0 '"to_act": 1}' -- "$deckhand" replay "$dir/mid_hand.rec"
# Refused records: the exact first refused line and its code.
check "replay renege" 1 '{"ok": false, "line": 13, "code": "must_follow_suit", "message": "must_follow_suit: ' \
  -- "$deckhand" replay "$dir/renege.rec"
check "replay bad magic" 1 '{"ok": false, "line": 1, "code": "bad_header"' -- "$deckhand" replay "$dir/bad_magic.rec"
check "replay bad card" 1 '"line": 7, "code": "invalid_card"' -- "$deckhand" replay "$dir/bad_card.rec"
# A fair table's record (docs/records.md#fair-deals): checked, one key more; a nonce changed is
# refused at the reveal that shows it.
check "replay fair" 0 '"to_act": null, "fair": {"committed": 3, "revealed": 3}}' \
  -- "$deckhand" replay "$dir/fair.rec"
check "replay fair tampered" 1 '{"ok": false, "line": 25, "code": "fair_deal_mismatch", "message": "fair_deal_mismatch: deal 1 was dealt with seed 6894884726401160230, not ' \
  -- "$deckhand" replay "$dir/fair_tampered.rec"
# Usage errors. A record that cannot be read gets the refusal JSON with line 0.
check "replay no file" 2 '{"ok": false, "line": 0, "code": "unreadable_input", "message": "unreadable_input: cannot read' \
  -- "$deckhand" replay "$tmp/does-not-exist.rec"
check "replay no args" 2 '' -- "$deckhand" replay
check "replay a directory" 2 '"code": "unreadable_input"' -- "$deckhand" replay "$tmp"
# Input caps: a record over 64 MiB is refused without being read to its end (JSON, exit 2).
too_large='{"ok": false, "line": 0, "code": "input_too_large", "message": "input_too_large: '
check "replay stdin over the cap" 2 "${too_large}standard input is larger than 64 MiB, the most deckhand reads\"}" \
  -- sh -c "head -c 70M /dev/zero | \"$deckhand\" replay -"
check "replay endless stdin" 2 "$too_large" -- timeout 300 sh -c "yes | \"$deckhand\" replay -"
truncate -s $((64 * 1024 * 1024 + 1)) "$tmp/over.rec"
check "replay file over the cap" 2 "${too_large}'$tmp/over.rec' is larger than 64 MiB" \
  -- "$deckhand" replay "$tmp/over.rec"
check "view file over the cap" 2 "$too_large" -- "$deckhand" view "$tmp/over.rec" --seat 0
check "view stdin over the cap" 2 "$too_large" -- sh -c "head -c 70M /dev/zero | \"$deckhand\" view - --seat 0"
truncate -s $((64 * 1024 * 1024)) "$tmp/at-cap.rec"  # exactly the cap: read, then refused as a record
check "replay file at the cap" 1 '{"ok": false, "line": 1, "code": "bad_header"' -- "$deckhand" replay "$tmp/at-cap.rec"
rm -f "$tmp/over.rec" "$tmp/at-cap.rec"
check "play line over the cap" 2 '' -- sh -c "head -c 70M /dev/zero | \"$deckhand\" play ghost-euchre --seed 5"
if ! grep -q 'input_too_large: a line of standard input is larger than 64 MiB' "$tmp/stderr"; then
  echo "FAIL play line over the cap: stderr $(cat "$tmp/stderr")"; failed=$((failed + 1))
fi
# Messages quote input with control characters escaped: the NUL shows, nothing is cut at it.
check "NUL in the first line" 1 "record format version '1\\\\x00' is not supported (deckhand 1)" \
  -- sh -c "printf 'deckhand 1\\000\\ngame ghost-euchre\\n' | \"$deckhand\" replay -"
check "escape in an action" 1 "unknown action 'pl\\\\x1by'" \
  -- sh -c "printf 'deckhand 1\\ngame ghost-euchre\\ndeal seed 1\\n1 pl\\033y\\n' | \"$deckhand\" replay -"
check "unknown command" 2 '' -- "$deckhand" frobnicate
check "unknown command quoted" 2 '' -- "$deckhand" "frob$(printf '\033')[2J"
if ! grep -qF "unknown command 'frob\x1b[2J'" "$tmp/stderr"; then  # no terminal escape gets out
  echo "FAIL unknown command quoted: stderr $(cat "$tmp/stderr")"; failed=$((failed + 1))
fi
check "simulate unknown game" 2 '' -- "$deckhand" simulate chess --games 1
check "view needs seat" 2 '' -- "$deckhand" view "$dir/one_hand.rec"
# view: a seat sees its own cards, never another's.
check "view seat 1" 0 'your hand: 9C TC JC QC KC AC' -- "$deckhand" view "$dir/dealt.rec" --seat 0
out=$("$deckhand" view "$dir/dealt.rec" --seat 1 --json)
if [[ "$out" == *'"hand": ["9D", "TD", "JD", "QD", "KD", "AD"]'* && "$out" != *'"9C"'* && "$out" != *'"9S"'* ]]; then
  passed=$((passed + 1))
else
  echo "FAIL view json hides other hands: $out"; failed=$((failed + 1))
fi
# simulate and demo run whole games.
check "simulate" 0 'games/s' -- "$deckhand" simulate ghost-euchre --games 50 --seed 3
check "demo" 0 'the replay reproduces the game exactly' -- "$deckhand" demo --seed 7 --out "$tmp/demo"
check "demo record replays" 0 '"over": true' -- "$deckhand" replay "$tmp/demo/ghost-euchre.rec"
# issue 27: the demo says which build it is, and a Debug build how to get the fast one.
first=$("$deckhand" demo --seed 7 --out "$tmp/demo" | head -1)
if [[ "$first" == "This is a Debug build of deckhand"*"\`make release\` builds the fast tool, \`make install\` installs it." ||
  "$first" == "This is an optimised (Release) build of deckhand." ]]; then
  passed=$((passed + 1))
else
  echo "FAIL demo says its build: $first"; failed=$((failed + 1))
fi
check "demo sheepshead record replays" 0 '{"ok": true, "game": "sheepshead", "hands": [{"deltas": [' \
  -- "$deckhand" replay "$tmp/demo/sheepshead.rec"
check "simulate sheepshead" 0 'games/s' -- "$deckhand" simulate sheepshead --games 20 --seed 3
play_session "play sheepshead" 0 'legal: pick | pass' 'bury 7C 8C\nquit\n' -- sheepshead --seed 5 --seat 1
check "play euchre bad seat" 2 '' -- "$deckhand" play ghost-euchre --seat 4
# Sheepshead views: only the picker sees the blind (S13).
printf 'deckhand 1\ngame sheepshead\ndeal 0: 7C 8C 9C TC JC QC; 1: KC AC 7D 8D 9D TD; 2: JD QD KD AD 7H 8H; 3: 9H TH JH QH KH AH; 4: 7S 8S 9S TS JS QS; blind: KS AS\n1 pick\n' > "$tmp/sheep.rec"
check "sheepshead picker sees the blind" 0 'blind: KS AS' -- "$deckhand" view "$tmp/sheep.rec" --seat 1
out=$("$deckhand" view "$tmp/sheep.rec" --seat 2 --json)
if [[ "$out" == *'"blind": null'* && "$out" != *'"KS"'* && "$out" != *'"AS"'* ]]; then
  passed=$((passed + 1))
else
  echo "FAIL sheepshead view hides the blind: $out"; failed=$((failed + 1))
fi
# play: a scripted human who quits at once, and one whose input ends.
check "play quit" 0 'legal:' -- sh -c "echo quit | \"$deckhand\" play ghost-euchre --seed 5"
play_session "play refuses" 0 'refused — ' 'play 7C\nbid 9\n' -- ghost-euchre --seed 5

# Toonerville: complete games of 3, 4 and 5 players replay to their scores (penalty points per
# round, totals, the lowest total wins after round 11).
for n in 3 4 5; do
  check "toonerville ${n}-player game" 0 "$(cat "$dir/toonerville_${n}p.json")" \
    -- "$deckhand" replay "$dir/toonerville_${n}p.rec"
done
check "toonerville over" 0 '"over": true, "winners": [' -- "$deckhand" replay "$dir/toonerville_5p.rec"
check "toonerville refused line" 1 '{"ok": false, "line": 7, "code": "cannot_discard_taken_card"' \
  -- "$deckhand" replay "$dir/toonerville_refused.rec"
check "toonerville no players header" 1 '"line": 3, "code": "bad_header"' \
  -- sh -c "printf 'deckhand 1\ngame toonerville\ndeal seed 1\n' | \"$deckhand\" replay -"
check "toonerville buy" 0 '"to_act": 2}' -- "$deckhand" replay "$dir/toonerville_view.rec"

# Records written by deckhand 0.2, before T6's offer was part of the state (random and basic
# bots, 3-5 players, max_buys, explicit deals with reshuffles, games cut off anywhere, also
# right after a buy and while the draw after a buy waits for a reshuffle): each replays to the
# JSON 0.2 printed for it, byte for byte.
for rec in "$dir"/compat/*.rec; do
  want=$(cat "${rec%.rec}.json")
  out=$("$deckhand" replay "$rec" 2>&1)
  if [ "$out" != "$want" ]; then
    echo "FAIL 0.2 record $(basename "$rec"): $out (want $want)"; failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
done

# play as a new user would (docs/cli.md): the seed is printed, hint, undo, an empty line (the
# prompt alone, not the board), bare cards, a single choice made and said, save, and the saved
# record replays.
cards=""; for i in 1 2 3 4 5 6; do cards="${cards}JC\nAC\nAH\nTS\nJS\nAS\n"; done
session="hint\npass\nundo\n\npass\n${cards}save $tmp/mid.rec\nquit\n"
out=$(printf "$session" | "$deckhand" play ghost-euchre --seed 5 --save "$tmp/saved.rec" 2>&1)
want=("Seed 5 (--seed 5 deals this game again)" "hint: bid 5" "undone: back to your previous decision"
  "> >   you pass" "(your only choice: play AS — made for you)" "record saved to $tmp/mid.rec"
  "record saved to $tmp/saved.rec")
for w in "${want[@]}"; do
  if [[ "$out" == *"$w"* ]]; then passed=$((passed + 1)); else echo "FAIL play session: no '$w' in: $out"; failed=$((failed + 1)); fi
done
boards=$(grep -c 'your hand:' <<<"$out")
if [ "$boards" -eq 9 ]; then passed=$((passed + 1)); else echo "FAIL play session: $boards boards shown, not 9"; failed=$((failed + 1)); fi
check "play session record replays" 0 '"hands": [{"deltas": [0, 6, 0]}], "scores": [0, 6, 0]' -- "$deckhand" replay "$tmp/saved.rec"
check "play save mid-game" 0 '"ok": true' -- "$deckhand" replay "$tmp/mid.rec"
check "play refuses another game's seat" 2 '' -- "$deckhand" play sheepshead --seat 5
check "play --option" 0 'option target=5' -- sh -c "printf 'quit\n' | \"$deckhand\" play ghost-euchre --seed 1 --option target=5 --save \"$tmp/t5.rec\" >/dev/null && cat \"$tmp/t5.rec\""
check "play refuses a bad option" 2 "--option target=0: bad_option" -- sh -c "\"$deckhand\" play ghost-euchre --option target=0 2>&1"
play_session "toonerville buy question" 0 'seat 1 draws instead of taking the 6G: buy it? It is of little use to you: it would only pair your 6B (a set needs three) (contract: 2 sets).
(buy: it and a penalty card from the stock; pass; '"'offers useful' or 'offers never' asks less)
legal: buy | pass" 'quit\n' -- toonerville --players 3 --seed 2
play_session "toonerville legal lists all" 0 'discard 14Y' 'pass\nlegal\nquit\n' -- toonerville --players 3 --seed 2
play_session "sheepshead trumps marked" 0 'trumps: 7D 9D   other: TC(10) 9H TH(10) 7S' \
  'quit\n' -- sheepshead --seed 5 --seat 1
# play --level: the opponents and hint are the library's bots (bots::make_bot) of that level,
# deterministic for the seed; a bad level or bot option is a usage error.
play_session "play --level basic hint" 0 'hint: bid 5' 'hint\nquit\n' -- ghost-euchre --seed 5 --level basic
play_session "play --level names the bots" 0 'You are seat 0; random bots play the other 2 seats.' \
  'quit\n' -- ghost-euchre --seed 5 --level Random
# Random bots bid moon before seat 0 may bid (its pass is made for it): its first decision is a
# card, and the random bot's hint is not the basic heuristic's.
play_session "play --level random hint" 0 '> hint: play JS' 'hint\nquit\n' -- ghost-euchre --seed 5 --level random
play_session "play --level strong hint" 0 '> hint: bid moon' 'hint\nquit\n' -- ghost-euchre --seed 5 --level strong
# the expert's hint says why, from its search, and values every legal action
play_session "play --level expert hint says why" 0 '  why: bid moon: worth +24.00 points' 'hint\nquit\n' -- ghost-euchre --seed 5 --level expert
play_session "play --level expert hint values" 0 '  bid 5   ' 'hint\nquit\n' -- ghost-euchre --seed 5 --level expert
random_game="pass\n${cards}quit\n"
printf "$random_game" | "$deckhand" play ghost-euchre --seed 9 --level random --save "$tmp/random.rec" >"$tmp/random1.out" 2>&1
play_session "play --level random repeats for its seed" 0 "$(cat "$tmp/random1.out")" "$random_game" \
  -- ghost-euchre --seed 9 --level random --save "$tmp/random.rec"
check "play --level random record replays" 0 '"ok": true' -- "$deckhand" replay "$tmp/random.rec"
check "play refuses a bad level" 2 "no bot level 'grandmaster'" -- sh -c "\"$deckhand\" play ghost-euchre --level grandmaster 2>&1"
check "play refuses a bad bot option" 2 "bot option 'samples'" -- sh -c "\"$deckhand\" play sheepshead --bot-option samples=0 2>&1"
# T6 in the state: seat 1 (a bot) draws rather than take; seat 2, nearest, is offered the
# discard first and its bot buys it, so the human (seat 0) is not asked; seat 1 then draws.
play_session "play toonerville a bot buys" 0 'seat 1 draws instead of taking the 6G: it is offered to the others
  seat 2 buys 6G and takes a penalty card; seat 1 draws from the stock' \
  'quit\n' -- toonerville --players 3 --seed 18
# When the human draws, the bots may buy the discard first; the human's draw follows at once.
play_session "play toonerville bots buy before your draw" 0 'seat 2 buys 8B and takes a penalty card; you draw from the stock
  you draw 14Y' 'draw\nquit\n' -- toonerville --players 3 --seed 5 --seat 1
play_session "play toonerville hint buy" 0 '> hint: buy' 'hint\nquit\n' -- toonerville --players 3 --seed 11
play_session "play toonerville the human buys" 0 '>   you buy 6G and take a penalty card, 3R; seat 1 draws from the stock' \
  'buy\nquit\n' -- toonerville --players 3 --seed 11 --save "$tmp/bought.rec"
play_session "play toonerville the human passes" 0 '>   you pass
  seat 1 passes
  seat 2 draws' 'pass\nquit\n' -- toonerville --players 3 --seed 3
check "play toonerville bought record replays" 0 '"ok": true' -- "$deckhand" replay "$tmp/bought.rec"
# issue 27: the terminal game talks like a player.
# A bare card is the card action of the phase (the plug-in's card_kind), and a card the rules
# refuse gets their reason, not "unknown action".
play_session "play bare card refused with the rules' reason" 0 '> refused — must_follow_suit: KH held, trump led (JH led by seat 1; G7)' \
  'pass\nQS\nquit\n' -- ghost-euchre --seed 4
play_session "play bare card played" 0 '>   you play KH' 'pass\nKH\nquit\n' -- ghost-euchre --seed 4
# Where every action is one kind with an argument, the argument alone is that action.
play_session "play bare trump suit" 0 '>   you name hearts trump and lead' 'bid 5\nH\nquit\n' -- ghost-euchre --seed 5
play_session "play bare word is still unknown" 0 "refused — malformed_action: unknown action 'frob'" \
  'pass\nfrob\nquit\n' -- ghost-euchre --seed 4
play_session "play sheepshead bare bury and call" 0 '>   you bury TC KC' 'pick\nTC KC\nAH\nquit\n' -- sheepshead --seed 5 --seat 1
play_session "play sheepshead bare call" 0 '>   you call AH' 'pick\nTC KC\nAH\nquit\n' -- sheepshead --seed 5 --seat 1
# The session's limit is said at the start, with where it comes from.
play_session "play announces the play limit" 0 'Play limit: hands=5 — the game ends after this many scored hands (play'"'"'s default; --option hands=N changes it).' \
  'quit\n' -- sheepshead --seed 5
play_session "play announces a chosen limit" 0 'Play limit: max_hands=3 — the game also ends after this many scored hands, highest total winning (set by --option).' \
  'quit\n' -- ghost-euchre --seed 5 --option max_hands=3
# Your moves in the second person, the others' in the third; running tricks and card points.
play_session "play narrates you" 0 '>   you pass
  seat 1 names diamonds trump and leads
  seat 1 plays JD
  seat 2 plays QD' 'pass\nquit\n' -- ghost-euchre --seed 5
play_session "play euchre tricks so far" 0 '  trick 1: 1:JD 2:QD 0:JC  — seat 1 takes it
  tricks so far: you 0, seat 1 1, seat 2 0' 'pass\nJC\nquit\n' -- ghost-euchre --seed 5
play_session "play sheepshead tricks and points so far" 0 '  trick 1: 1:7S 2:TS 3:AS 4:8S 0:9S  — seat 3 takes 21 points
  tricks/card points so far: seat 0 0/0, you 0/0, seat 2 0/0, seat 3 1/21, seat 4 0/0' \
  'pick\nTC KC\nAH\n7S\nquit\n' -- sheepshead --seed 5 --seat 1
# Toonerville asks about a buy saying what the card would do for the hand, and --offers or
# the command `offers` decline for the player.
play_session "toonerville buy that makes a set" 0 'buy it? It makes a set of 6s with your 6G 6Y (contract: 2 sets).' \
  'quit\n' -- toonerville --players 3 --seed 11
play_session "toonerville penalty points in hand" 0 'penalty points in your hand: 70 (T12)' \
  'quit\n' -- toonerville --players 3 --seed 11
play_session "toonerville buy that completes the contract" 0 'buy it? It completes your contract (2 sets): with it you can go down.' \
  'quit\n' -- toonerville --players 3 --seed 15
play_session "toonerville buy of no use" 0 'buy it? It is of no use to you: you can go down with 2 sets already, and it adds 10 penalty points.' \
  'quit\n' -- toonerville --players 3 --seed 32
play_session "toonerville --offers useful declines a useless buy" 0 "  (offers useful: pass for you, as it would not help you; 'offers ask' asks again)
  you pass" 'quit\n' -- toonerville --players 3 --seed 2 --offers useful
play_session "toonerville --offers useful still asks a useful buy" 0 'buy it? It makes a set of 6s' \
  'quit\n' -- toonerville --players 3 --seed 11 --offers useful
play_session "toonerville --offers never" 0 "  (offers never: pass for you; 'offers ask' asks again)
  you pass" 'quit\n' -- toonerville --players 3 --seed 11 --offers never
play_session "toonerville the offers command" 0 "> offers: never
  (offers never: pass for you; 'offers ask' asks again)" 'offers never\nquit\n' -- toonerville --players 3 --seed 11
play_session "toonerville offers without a word" 0 '> offers: ask (every offer, the default), useful' \
  'offers\nquit\n' -- toonerville --players 3 --seed 11
check "play refuses a bad --offers" 2 "--offers takes ask, useful or never, not 'sometimes'" -- \
  sh -c "\"$deckhand\" play toonerville --offers sometimes 2>&1"
play_session "toonerville bare card discards" 0 '>   you discard 12Y' 'pass\npass\ndraw\n12Y\nquit\n' -- toonerville --players 3 --seed 2
# undo rewinds the bots: the same move after an undo gets the same answers (random and strong
# bots draw on their generators, made afresh for each position).
undo_same() {  # undo_same NAME TYPED(first move, undo, the same move) -- play's arguments...
  local name=$1 typed=$2
  shift 3
  local out first second
  out=$(printf "$typed" | "$deckhand" play "$@" 2>&1)
  # The output from each typed line (it starts at the prompt "> ") to the next list: the move
  # typed just before the undo, and again just after it.
  local undo_at
  undo_at=$(awk '/^> /{n++} /^> undone:/{print n; exit}' <<<"$out")
  first=$(awk -v k=$((undo_at - 1)) '/^> /{n++} n==k' <<<"$out" | sed -n '1,/^legal:/p')
  second=$(awk -v k=$((undo_at + 1)) '/^> /{n++} n==k' <<<"$out" | sed -n '1,/^legal:/p')
  if [ -n "$first" ] && [ "$first" == "$second" ] && [[ "$out" == *"undone: back to your previous decision"* ]]; then
    passed=$((passed + 1))
  else
    echo "FAIL $name: after the undo the bots answered otherwise: first: $first; second: $second"
    failed=$((failed + 1))
  fi
}
undo_same "undo rewinds random bots" 'pass\nundo\npass\nquit\n' -- ghost-euchre --seed 9 --level random
undo_same "undo rewinds strong bots" 'TD\nundo\nTD\nquit\n' -- ghost-euchre --seed 9 --level strong
undo_same "undo rewinds strong sheepshead bots" 'pick\nTC KC\nAH\n7S\nundo\n7S\nquit\n' -- sheepshead --seed 5 --seat 1 --level strong
undo_same "undo rewinds random toonerville bots" 'draw\n12Y\nundo\n12Y\nquit\n' -- toonerville --players 3 --seed 2 --level random --offers never
# ... and the deals: an undo back over a deal deals the same cards again.
hands2=$(printf "pass\n${cards}undo\n${cards}quit\n" | "$deckhand" play ghost-euchre --seed 5 2>&1 |
  grep -A3 '^Ghost Hand Euchre — seat 0, hand 2, phase bidding' | grep '^your hand:')
if [ "$(wc -l <<<"$hands2")" -eq 2 ] && [ "$(sort -u <<<"$hands2" | wc -l)" -eq 1 ]; then
  passed=$((passed + 1))
else
  echo "FAIL undo over a deal deals the same cards: $hands2"; failed=$((failed + 1))
fi
for c in replay view simulate play demo games arena analyze; do
  check "$c --help" 0 "deckhand $c" -- "$deckhand" "$c" --help
done
# simulate: JSON lines, records, per-seat results.
check "simulate json" 0 '{"game": "ghost-euchre", "index": 2, "players": 3, "hands": ' -- "$deckhand" simulate ghost-euchre --games 2 --json
check "simulate records" 0 'records written to' -- "$deckhand" simulate sheepshead --games 2 --records "$tmp/recs"
check "simulate record replays" 0 '"over": true' -- "$deckhand" replay "$tmp/recs/sheepshead-000002.rec"
# issue 28: history=off keeps no record, so --records is refused before any file is written
# (it wrote 0-byte records and exited 0); without --records, history=off is taken once.
check "simulate --records refuses history=off" 2 '--option history=off keeps none' -- \
  sh -c "\"$deckhand\" simulate sheepshead --games 2 --option history=off --records \"$tmp/offrecs\" 2>&1"
if [ -e "$tmp/offrecs" ] && [ -n "$(ls -A "$tmp/offrecs")" ]; then
  echo "FAIL simulate --records history=off wrote files: $(ls "$tmp/offrecs")"; failed=$((failed + 1))
else
  passed=$((passed + 1))
fi
check "simulate history=off without records" 0 'games/s' -- \
  "$deckhand" simulate sheepshead --games 2 --option history=off
check "simulate per-seat results" 0 'mean final score' -- "$deckhand" simulate toonerville --games 2 --players 5

check "toonerville view" 0 'your hand: 1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B 13B 13G' \
  -- "$deckhand" view "$dir/toonerville_view.rec" --seat 0
out=$("$deckhand" view "$dir/toonerville_view.rec" --seat 2 --json)
if [[ "$out" == *'"hand_sizes": [14, 12, 12]'* && "$out" != *'"13G"'* && "$out" != *'"1B"'* && "$out" != *'"1G"'* ]]; then
  passed=$((passed + 1))
else
  echo "FAIL toonerville view hides other hands (T14): $out"; failed=$((failed + 1))
fi
check "simulate toonerville" 0 'games/s' -- "$deckhand" simulate toonerville --players 5 --games 5 --seed 3
check "simulate toonerville 3 players" 0 '3 players' -- "$deckhand" simulate toonerville --players 3 --games 3
check "simulate toonerville bad players" 2 '' -- "$deckhand" simulate toonerville --players 6
check "simulate euchre with 4 players" 2 '' -- "$deckhand" simulate ghost-euchre --players 4
# simulate --option: the game's options; every game ends (G10 max_hands, S15 hands, T13 max_turns).
check "simulate sets a default limit" 0 "max_hands=100 (simulate's default limit" -- \
  "$deckhand" simulate ghost-euchre --games 5
check "simulate --option" 0 'max_hands=3' -- \
  "$deckhand" simulate ghost-euchre --games 20 --option max_hands=3 --option target=100 --option renege=penalize
check "simulate sheepshead --option hands" 0 'hands=2' -- "$deckhand" simulate sheepshead --games 5 --option hands=2
check "simulate toonerville max_turns" 0 'rounds ended by max_turns: 33' -- \
  "$deckhand" simulate toonerville --players 3 --games 3 --option max_turns=5
check "simulate refuses a bad option" 2 "--option tiebreak=lowest: bad_option" -- \
  sh -c "\"$deckhand\" simulate ghost-euchre --option tiebreak=lowest 2>&1"
check "simulate refuses an unknown option" 2 "sheepshead has no option 'max_hands'" -- \
  sh -c "\"$deckhand\" simulate sheepshead --option max_hands=3 2>&1"
check "simulate refuses no limit" 2 'would let a game go on forever' -- \
  sh -c "\"$deckhand\" simulate toonerville --option max_turns=0 2>&1"
check "simulate refuses a limit out of range" 2 'from 0 (no limit) to 1000000' -- \
  sh -c "\"$deckhand\" simulate sheepshead --option hands=1000001 2>&1"
check "simulate --option needs KEY=VALUE" 2 "--option takes KEY=VALUE, not 'max_turns'" -- \
  sh -c "\"$deckhand\" simulate toonerville --option max_turns 2>&1"
check "simulate --option needs a value" 2 '--option needs a value' -- \
  sh -c "\"$deckhand\" simulate toonerville --option 2>&1"
play_session "play toonerville" 0 'legal: ' 'discard 9Z\nquit\n' -- toonerville --players 3 --seat 1 --seed 2
play_session "play toonerville refuses" 0 'refused — ' 'discard 9Z\nquit\n' -- toonerville --players 3 --seat 1 --seed 2
check "demo toonerville record replays" 0 '{"ok": true, "game": "toonerville", "hands": [{"deltas": [' \
  -- "$deckhand" replay "$tmp/demo/toonerville.rec"

# games: the catalog, as text and as JSON (valid JSON, every game and option).
check "games" 0 'toonerville (3-5 players)' -- "$deckhand" games
check "games lists options" 0 'max_buys' -- "$deckhand" games
check "games json" 0 '{"games": [{"name": "ghost-euchre", "min_players": 3, "max_players": 3' -- "$deckhand" games --json
check "games json parses" 0 'sheepshead history' -- sh -c "\"$deckhand\" games --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); print(\" \".join(g[\"name\"] + \" \" + g[\"options\"][-1][\"name\"] for g in d[\"games\"]))'"
check "games takes no game" 2 '' -- "$deckhand" games sheepshead
check "games json facts" 0 '"limit_option": "max_turns", "unattended_limit": 300, "lower_is_better": true' -- "$deckhand" games --json
check "games lower is better" 0 'the lowest total wins' -- "$deckhand" games

# arena: duplicate deals between library bots; JSON with bots and pairs; the same seed gives
# the same result; bad seats and levels are usage errors.
check "arena" 0 'basic - random: +' -- "$deckhand" arena --game ghost-euchre --seats basic,random,random --games 30 --seed 5
check "arena json" 0 '"bots": [{"name": "strong", "hands": ' -- "$deckhand" arena --game sheepshead --seats strong,basic,basic,basic,basic --games 2 --bot-option samples=2 --json
check "arena json parses" 0 'basic random 90 180 True' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,random,random --games 30 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); p=d[\"pairs\"][0]; b=d[\"bots\"]; print(p[\"a\"], p[\"b\"], b[0][\"hands\"], b[1][\"hands\"], p[\"ci95\"][0] <= p[\"diff\"] <= p[\"ci95\"][1])'"
"$deckhand" arena --game toonerville --seats basic,random,strong --games 1 --option max_turns=5 --bot-option samples=2 --json > "$tmp/arena1.json" 2>&1
check "arena repeats" 0 "$(cat "$tmp/arena1.json")" -- "$deckhand" arena --game toonerville --seats basic,random,strong --games 1 --option max_turns=5 --bot-option samples=2 --json
# A Toonerville round is a deal: 2 games of 11 rounds, each played in 3 seatings.
check "arena toonerville rounds are deals" 0 '22 66 132 True' -- sh -c "\"$deckhand\" arena --game toonerville --seats basic,random,random --games 2 --option max_turns=5 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); b=d[\"bots\"]; p=d[\"pairs\"][0]; print(d[\"deals\"], b[0][\"hands\"], b[1][\"hands\"], p[\"ci95\"][0] <= p[\"diff\"] <= p[\"ci95\"][1])'"
# A lineup of three different bots or more is played in its mirror image too (each bot as often
# after each other bot as before it); a lineup of one level against another is not.
check "arena mirrors three bots" 0 '6 60 60' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,random,1 --games 10 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); b=d[\"bots\"]; print(d[\"seatings\"], b[0][\"hands\"], b[2][\"hands\"])'"
check "arena mirrors three of five" 0 '10 100 300' -- sh -c "\"$deckhand\" arena --game sheepshead --seats basic,random,1,1,1 --games 10 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); b=d[\"bots\"]; print(d[\"seatings\"], b[0][\"hands\"], b[2][\"hands\"])'"
check "arena does not mirror two" 0 '3 30 60' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,random,random --games 10 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); b=d[\"bots\"]; print(d[\"seatings\"], b[0][\"hands\"], b[1][\"hands\"])'"
# --per-deal: a row per deal, each bot's mean per hand; the JSON's means and pair are theirs.
check "arena per-deal" 0 '30 deal,basic,random True True' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,random,random --games 30 --seed 9 --per-deal \"$tmp/per_deal.csv\" --json | /usr/bin/python3 -c 'import csv,json,sys; d=json.load(sys.stdin); rows=list(csv.reader(open(sys.argv[1]))); body=rows[1:]; mean=lambda c: sum(float(r[c]) for r in body)/len(body); print(len(body), \",\".join(rows[0]), [int(r[0]) for r in body]==list(range(30)), abs(mean(1)-mean(2)-d[\"pairs\"][0][\"diff\"]) < 1e-4 and abs(mean(1)-d[\"bots\"][0][\"mean_per_hand\"]) < 1e-4)' \"$tmp/per_deal.csv\""
check "arena per-deal toonerville rounds" 0 '22' -- sh -c "\"$deckhand\" arena --game toonerville --seats basic,random,random --games 2 --option max_turns=5 --per-deal \"$tmp/rounds.csv\" > /dev/null && tail -n +2 \"$tmp/rounds.csv\" | wc -l"
check "arena per-deal with ladder" 2 '--per-deal goes with --seats, not --ladder' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,2 --per-deal \"$tmp/x.csv\" 2>&1"
check "arena per-deal no directory" 2 "no directory '$tmp/missing' to write into" -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,basic,basic --games 1 --per-deal \"$tmp/missing/x.csv\" 2>&1"
check "arena per-deal empty" 2 "--per-deal takes a file name, not ''" -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,basic,basic --games 1 --per-deal '' 2>&1"
check "arena per-deal a directory" 2 "'$tmp' is a directory" -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats basic,basic,basic --games 1 --per-deal \"$tmp\" 2>&1"
check "arena per-deal cannot write" 1 '"pairs": [{"a": "basic"' -- "$deckhand" arena --game ghost-euchre --seats basic,random,random --games 5 --per-deal /dev/full --json
check "arena per-deal refused writes nothing" 0 'absent' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,2 --per-deal \"$tmp/never.csv\" 2>/dev/null; test -e \"$tmp/never.csv\" && echo present || echo absent"
# Without a limit given, a deal ends by the game's unattended limit (random Toonerville play
# would otherwise go on for ever, T13), and a limit of 0 is refused.
check "arena plays with the play limit" 0 '"deals": 11' -- "$deckhand" arena --game toonerville --seats random,random,random --games 1 --json
check "arena refuses no limit" 2 'would let a game go on forever' -- \
  sh -c "\"$deckhand\" arena --game toonerville --seats basic,basic,basic --option max_turns=0 2>&1"
check "arena wrong seat count" 2 '' -- "$deckhand" arena --game sheepshead --seats basic,basic,basic
check "arena unknown level" 2 '' -- "$deckhand" arena --game ghost-euchre --seats basic,grandmaster,basic
check "arena no game" 2 '' -- "$deckhand" arena --seats basic,basic,basic
# arena --ladder: every level against every other, Bradley-Terry ratings; bad flags refused.
check "arena ladder json" 0 '3 3 1 0.0 True True' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,3,random --games 40 --json | /usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); r=d[\"ratings\"]; p=d[\"pairs\"]; print(len(r), len(p), d[\"anchor\"], r[0][\"elo\"], all(x[\"ci95\"][0] <= x[\"elo\"] <= x[\"ci95\"][1] for x in r), all(q[\"wins\"]+q[\"losses\"]+q[\"ties\"] == 40 for q in p))'"
"$deckhand" arena --game ghost-euchre --ladder --seats 1,3,random --games 20 --json > "$tmp/ladder1.json" 2> "$tmp/ladder1.err"
check "arena ladder steps json" 0 "[['1', '3'], ['3', 'random']] True True" -- sh -c "/usr/bin/python3 -c 'import json,sys; d=json.load(sys.stdin); r=d[\"ratings\"]; s=d[\"steps\"]; print([[x[\"from\"], x[\"to\"]] for x in s], all(abs(x[\"elo\"] - (r[i + 1][\"elo\"] - r[i][\"elo\"])) <= 0.11 for i, x in enumerate(s)), all(x[\"ci95\"][0] <= x[\"elo\"] <= x[\"ci95\"][1] for x in s))' < \"$tmp/ladder1.json\""
check "arena ladder steps text" 0 'random over 3' -- "$deckhand" arena --game ghost-euchre --ladder --seats 1,3,random --games 20
check "arena ladder jobs, the same results" 0 "$(cat "$tmp/ladder1.json")" -- "$deckhand" arena --game ghost-euchre --ladder --seats 1,3,random --games 20 --jobs 3 --json
# Each pair's line goes to stderr as it is played, the same line as the results' (in any order).
check "arena ladder progress" 0 '3 pairs 3 lines' -- sh -c "{ grep -c '^deckhand arena: pair [123] of 3 played ([0-9]* s): ' \"$tmp/ladder1.err\" | sed 's/\$/ pairs/'; \"$deckhand\" arena --game ghost-euchre --ladder --seats 1,3,random --games 20 | grep ' per hand ' | while read -r line; do grep -cF \"): \$line\" \"$tmp/ladder1.err\"; done | grep -cx 1 | sed 's/\$/ lines/'; } | tr '\n' ' '"
# --pool: earlier ladder runs' JSON fitted as one. The pairs split over runs of the same seed are
# the same games as one run of every level: the same ratings, differences and deals won.
"$deckhand" arena --game ghost-euchre --ladder --seats 1,3 --games 20 --json > "$tmp/pool_13.json" 2>/dev/null
"$deckhand" arena --game ghost-euchre --ladder --seats 1,random --games 20 --json > "$tmp/pool_1r.json" 2>/dev/null
"$deckhand" arena --game ghost-euchre --ladder --seats 3,random --games 20 --json > "$tmp/pool_3r.json" 2>/dev/null
"$deckhand" arena --game ghost-euchre --ladder --seats 1,3 --games 20 --seed 2001 --json > "$tmp/pool_13_2001.json" 2>/dev/null
"$deckhand" arena --game ghost-euchre --ladder --seats 3,1 --games 20 --json > "$tmp/pool_31.json" 2>/dev/null
ladder_facts="import json,sys; d=json.load(sys.stdin); print([(r['level'], r['elo'], r['ci95']) for r in d['ratings']], [(p['a'], p['b'], round(p['diff'], 3), p['wins'], p['losses'], p['ties']) for p in d['pairs']])"
check "arena pool: split runs fit as one" 0 "$(/usr/bin/python3 -c "$ladder_facts" < "$tmp/ladder1.json")" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,3,random --pool \"$tmp/pool_3r.json\" --pool \"$tmp/pool_13.json\" --pool \"$tmp/pool_1r.json\" --json | /usr/bin/python3 -c \"$ladder_facts\""
# Another seed's deals add up; the difference is the mean over all deals. 3 alone against two
# 1s is another lineup than 1 alone against two 3s: a pair of its own, not the same games.
check "arena pool: seeds add" 0 "40 2 $(/usr/bin/python3 -c "import json; a=json.load(open('$tmp/pool_13.json'))['pairs'][0]; b=json.load(open('$tmp/pool_13_2001.json'))['pairs'][0]; print(a['wins']+b['wins'], a['losses']+b['losses'], round((a['diff']+b['diff'])/2, 3))")" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_13.json\" --pool \"$tmp/pool_13_2001.json\" --json | /usr/bin/python3 -c \"import json,sys; p=json.load(sys.stdin)['pairs'][0]; print(p['wins']+p['losses']+p['ties'], len(p['runs']), p['wins'], p['losses'], round(p['diff'], 3))\""
check "arena pool: text" 0 '2 files pooled (seeds 1, 2001)' -- "$deckhand" arena --game ghost-euchre --ladder --pool "$tmp/pool_13.json" --pool "$tmp/pool_13_2001.json"
check "arena pool: a pair turned round is its own" 0 '[["1", "3"], ["3", "1"]]' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_13.json\" --pool \"$tmp/pool_31.json\" --json | /usr/bin/python3 -c \"import json,sys; print(json.dumps([[p['a'], p['b']] for p in json.load(sys.stdin)['pairs']]))\""
check "arena pool: --seats picks and orders" 0 '["random", "1"] 1' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats random,1 --pool \"$tmp/ladder1.json\" --json | /usr/bin/python3 -c \"import json,sys; d=json.load(sys.stdin); print(json.dumps(d['levels']), len(d['pairs']))\""
check "arena pool: the same games twice" 2 "--pool: 1 - 3: the run of seed 1 (20 games) in '$tmp/ladder1.json' and that of seed 1 (20 games) in '$tmp/pool_13.json' deal hands from the same seeds (the same games twice)" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_13.json\" --pool \"$tmp/ladder1.json\" 2>&1"
# Game g of a run is dealt from seed + 100 g: seeds 1 and 101 share 19 of 20 games' deals.
"$deckhand" arena --game ghost-euchre --ladder --seats 1,3 --games 20 --seed 101 --json > "$tmp/pool_13_101.json" 2>/dev/null
check "arena pool: seeds that share deals" 2 "the run of seed 101 (20 games) in '$tmp/pool_13_101.json' and that of seed 1 (20 games)" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_13.json\" --pool \"$tmp/pool_13_101.json\" 2>&1"
"$deckhand" arena --game ghost-euchre --ladder --seats 1,3 --games 20 --seed 4001 --option target=5 --json > "$tmp/pool_13_t5.json" 2>/dev/null
check "arena pool: other options" 2 "--pool: '$tmp/pool_13_t5.json' was played with options" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_13.json\" --pool \"$tmp/pool_13_t5.json\" 2>&1"
check "arena pool: levels not linked" 2 "--pool: no chain of pairs in the files links level 'random' to level '1'" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,3,random --pool \"$tmp/pool_13.json\" 2>&1"
check "arena pool: without ladder" 2 '--pool goes with --ladder' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats 1,2,3 --pool \"$tmp/pool_13.json\" 2>&1"
check "arena pool: plays nothing" 2 '--pool plays no deals (it fits the runs in its files): --games has no use with it' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --games 5 --pool \"$tmp/pool_13.json\" 2>&1"
check "arena pool: empty name" 2 "--pool takes a file name, not ''" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool '' 2>&1"
check "arena pool: missing file" 2 "--pool: cannot read '$tmp/none.json'" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/none.json\" 2>&1"
check "arena pool: a directory" 2 "--pool: cannot read '$tmp'" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp\" 2>&1"
printf '{"game": "ghost-euchre", "players": 3, ' > "$tmp/pool_cut.json"
check "arena pool: not JSON" 2 "--pool: '$tmp/pool_cut.json' is not JSON" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_cut.json\" 2>&1"
"$deckhand" arena --game ghost-euchre --seats 1,3,3 --games 3 --json > "$tmp/pool_arena.json"
check "arena pool: an arena's JSON" 2 "--pool: '$tmp/pool_arena.json' is not what \`deckhand arena --ladder --json\` writes: no \"players\"" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_arena.json\" 2>&1"
# pool_refusal NAME SED MESSAGE: pool_13.json edited by SED is refused with MESSAGE.
pool_refusal() {
  sed "$2" "$tmp/pool_13.json" > "$tmp/pool_edited.json"
  check "arena pool: $1" 2 "$3" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --pool \"$tmp/pool_edited.json\" 2>&1"
}
pool_refusal "a bad count" 's/"wins": [0-9]*/"wins": -1/' "pair 1: no deals won, lost and tied"
pool_refusal "a count too large" 's/"wins": [0-9]*/"wins": 9223372036854775807/' "pair 1: no deals won, lost and tied"
pool_refusal "a difference out of bounds" 's/"diff": [-0-9.]*, "ci95": \[[-0-9.]*, [-0-9.]*\]/"diff": 1e308, "ci95": [1e308, 1e308]/' 'pair 1: no "diff" per hand with its "ci95"'
pool_refusal "runs that do not add up" 's/"deals": 20}/"deals": 19}/' "pair 1: its runs' 19 deals are not the 20 it won, lost and tied"
pool_refusal "players the game does not take" 's/"players": 3/"players": 7/' "--pool: '$tmp/pool_edited.json' is of 7 players; ghost-euchre takes 3"
pool_refusal "another game" 's/"game": "[a-z-]*"/"game": "whist"/' "--pool: '$tmp/pool_edited.json' rates whist, not ghost-euchre"
check "arena pool: other players" 2 "--pool: '$tmp/pool_13.json' is of 3 players, --players of 4" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --players 4 --pool \"$tmp/pool_13.json\" 2>&1"
# The runs behind docs/bots.md's Toonerville ladder pool into its table.
results="$dir/../../docs/results/ladder-toonerville-3p"
# Every levels-*.json there is a run of the ladder (basic-strong.json is not a rung).
committed_pools=""
for run in "$results"/levels-*.json; do committed_pools="$committed_pools --pool \"$run\""; done
committed_ladder="\"$deckhand\" arena --game toonerville --ladder --seats 1,2,3,4,5$committed_pools"
check "arena pool: the committed Toonerville ladder" 0 '4 +137.3 [+132.6, +142.1]' -- sh -c "$committed_ladder | tr -s ' '"
check "arena pool: the committed Toonerville ladder's level 5, its interval apart from 4's" 0 '5 +149.3 [+142.9, +155.8]' -- sh -c "$committed_ladder | tr -s ' '"
check "arena pool: the committed Toonerville ladder's steps" 0 '5 over 4 +12.0 [+4.8, +19.1]' -- sh -c "$committed_ladder | tr -s ' '"
check "arena jobs without ladder" 2 '--jobs goes with --ladder' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats 1,2,3 --jobs 2 2>&1"
check "arena jobs zero" 2 '--jobs takes a number of threads from 1 to 256' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --jobs 0 2>&1"
check "arena ladder text" 0 '1 - 2: ' -- "$deckhand" arena --game sheepshead --ladder --seats 1,2 --games 5
check "arena ladder level twice" 2 "level '3' is in --seats twice" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 3,3 2>&1"
check "arena ladder one level" 2 'two levels or more' -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 3 2>&1"
check "arena ladder players" 2 'needs 3 to 5 seats in --players, not 6' -- sh -c "\"$deckhand\" arena --game toonerville --ladder --players 6 2>&1"
check "arena players without ladder" 2 '--players goes with --ladder' -- sh -c "\"$deckhand\" arena --game ghost-euchre --seats 1,2,3 --players 3 2>&1"
check "arena ladder bad level" 2 "no bot level 'seven'" -- sh -c "\"$deckhand\" arena --game ghost-euchre --ladder --seats 1,seven 2>&1"
check "arena bad game option" 2 '' -- "$deckhand" arena --game ghost-euchre --seats basic,basic,basic --option renege=sometimes
# analyze: each card played against the open-hand solver's best. In one_hand.rec seat 2 (all
# hearts, trump) leads TH and loses a trick to the left bower; leading JH first takes all six.
check "analyze json" 0 '{"line": 14, "hand": 1, "trick": 1, "seat": 2, "played": "TH", "value": 5, "best": ["JH"], "best_value": 6, "loss": 1}' \
  -- "$deckhand" analyze "$dir/one_hand.rec" --seat 2 --json
check "analyze seats" 0 '"seats": [{"seat": 2, "plays": 6, "below_best": 1, "points_lost": 1}]}' \
  -- "$deckhand" analyze "$dir/one_hand.rec" --json --seat 2
check "analyze text" 0 'line 14: hand 1 trick 1 seat 2 played TH +5, best +6 (JH): loses 1' \
  -- "$deckhand" analyze "$dir/one_hand.rec"
check "analyze every seat" 0 'line 16: hand 1 trick 1 seat 1 played JD +1, best +1 (JD)' \
  -- "$deckhand" analyze "$dir/one_hand.rec"
check "analyze sheepshead demo" 0 'seat 4: 36 plays' -- "$deckhand" analyze "$tmp/demo/sheepshead.rec"
check "analyze refused record" 1 '{"ok": false, "line": 13, "code": "must_follow_suit"' \
  -- "$deckhand" analyze "$dir/renege.rec"
check "analyze toonerville" 2 '' -- "$deckhand" analyze "$dir/toonerville_3p.rec"
check "analyze bad seat" 2 '' -- "$deckhand" analyze "$dir/one_hand.rec" --seat 3
check "analyze no record" 2 '' -- "$deckhand" analyze
check "analyze no file" 2 '' -- "$deckhand" analyze "$tmp/does-not-exist.rec"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
