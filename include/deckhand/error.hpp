// deckhand — refusal reasons shared by every game, the records and the C ABI.
//
// Each reason has a stable integer (never renumbered; new reasons are appended) and a
// snake_case name that records, the command-line tool and the C ABI report. An Error adds a
// readable message naming the card, seat or rule, e.g. "must_follow_suit: 9H held, hearts led".
#pragma once

#include <cstdint>

namespace deckhand {

#define DECKHAND_REASONS(X)                                                                     \
  X(ok, 0, "no error")                                                                          \
  X(malformed_action, 1, "the action text could not be parsed")                                 \
  X(invalid_card, 2, "not a card of this game")                                                 \
  X(malformed_deal, 3, "the deal is malformed or does not use each card exactly once")          \
  X(malformed_record, 4, "the record line is malformed")                                        \
  X(bad_option, 5, "unknown option or value")                                                   \
  X(unknown_game, 6, "unknown game name")                                                       \
  X(corrupt_state, 7, "the serialized state is damaged or inconsistent")                        \
  X(bad_seat, 8, "no such seat")                                                                \
  X(bad_header, 9, "record header missing, repeated or out of place")                           \
  X(bad_action_index, 10, "no legal action has that index")                                     \
  X(no_history, 11, "the game was created with history=off and keeps no history")               \
  X(wrong_seat, 20, "it is not this seat's turn")                                               \
  X(wrong_phase, 21, "this action does not belong to the current phase")                        \
  X(game_over, 22, "the game is over")                                                          \
  X(card_not_held, 30, "the card is not in the player's hand")                                  \
  X(must_follow_suit, 31, "the player must follow the suit led")                                \
  X(bid_not_higher, 32, "a bid must be higher than the highest bid so far")                     \
  X(second_swap, 33, "no further swap with the ghost or dead hand is allowed")                  \
  X(dealer_must_bid, 34, "stick-the-dealer: the dealer may not pass")                           \
  X(invalid_bid, 36, "bids are 3, 4, 5 or moon")                                                \
  X(dealer_must_pick, 40, "no_pick=forced: the dealer must pick up the blind")                  \
  X(must_keep_hold_card, 41, "the picker must keep a card of the called suit (S8)")             \
  X(called_card_held_back, 42, "the partner may not play the called card yet (S8)")             \
  X(must_lead_called_card, 43, "the partner leading the called suit must lead the called card") \
  X(must_play_called_card, 44, "the partner must play the called card now (S8)")                \
  X(must_play_unknown, 45, "the picker must play the unknown now (S8)")                         \
  X(unknown_held_back, 46, "the unknown is played only to the called suit or last (S7)")        \
  X(cannot_call_own_card, 47, "the picker may not call a card it owns (S7)")                    \
  X(no_hold_card, 48, "the picker must hold a card of the called suit (S7)")                    \
  X(ten_call_needs_all_aces, 49,                                                                \
    "a ten may be called only by a picker owning all three fail aces")                          \
  X(unknown_not_allowed, 50, "an unknown call is allowed only when no other call is (S7)")      \
  X(not_callable, 51, "only a fail ace or ten may be called (S7)")                              \
  X(doubler_limit, 52, "no more pending doublers can be counted (65,535)")                      \
  X(bad_player_count, 53, "the game is not for that many players")                              \
  X(internal_error, 54, "a bug or resource failure inside deckhand")                            \
  X(not_a_run, 60, "a run is one colour in consecutive numbers (T4)")                           \
  X(run_wraps, 61, "a run goes from low to high within 1..14; nothing wraps past 14 (T4)")      \
  X(not_a_set, 62, "a set is cards of one number (T4)")                                         \
  X(no_natural_card, 63, "a meld must contain at least one natural card (T4)")                  \
  X(meld_too_short, 64, "a run needs four or more cards, a set three or more (T4)")             \
  X(ambiguous_meld, 65, "the cards are both a run and a set; say which (run ... / set ...)")    \
  X(cannot_lay_off, 66, "the card does not extend that meld (T8)")                              \
  X(no_rook_to_swap, 67, "no Rook in that run stands for the card (T9)")                        \
  X(contract_not_met, 68, "the first meld of a round must be the whole contract (T2, T7)")      \
  X(not_down, 69, "only a player who is down may lay off (T8)")                                 \
  X(no_new_melds, 70, "a player who is down makes no new melds this round (T7)")                \
  X(cannot_discard_taken_card, 71, "a card of the face just taken may not be discarded (T5)")   \
  X(must_draw_from_stock, 72, "after a buy the current player draws from the stock (T6)")       \
  X(round11_must_go_out_whole, 73, "round 11: melds only to go out with the whole hand (T11)")  \
  X(rook_in_set_is_fixed, 74, "a Rook in a set can never be taken (T9)")                        \
  X(rook_must_be_played, 75, "a Rook taken by a swap must be played to the table (T9)")         \
  X(buy_limit, 76, "no more buys: one per turn, and max_buys per player per round (T6)")        \
  X(cannot_buy, 77, "only another player may buy, before the current player draws (T6)")        \
  X(reshuffle_needed, 78, "the stock is empty: the record must give the reshuffle (T13)")       \
  X(no_penalty_card, 79, "no card is left for the buyer's penalty card (T13)")                  \
  X(empty_discard_pile, 80, "the discard pile is empty")                                        \
  X(no_such_meld, 81, "no meld on the table has that id")                                       \
  X(time_backwards, 90, "the time given is earlier than a time the table was given before")     \
  X(seat_taken, 91, "a human or a bot already holds that seat")                                 \
  X(not_seated, 92, "no human holds that seat")                                                 \
  X(not_started, 93, "the table waits for every seat to be held")                               \
  X(events_dropped, 94, "the events after that sequence number are no longer kept")             \
  X(fair_deal_mismatch, 95, "a fair deal's reveal, commitment, nonces and seed do not agree")

enum class Reason : uint16_t {
#define DECKHAND_REASON_ENUM(name, value, text) name = value,
  DECKHAND_REASONS(DECKHAND_REASON_ENUM)
#undef DECKHAND_REASON_ENUM
};

// "must_follow_suit"; "unknown_reason" for a value that is not a reason.
const char* reason_name(Reason r);
// The fixed one-line description of the reason.
const char* reason_text(Reason r);
// Looks a reason up by name; false if there is none.
bool reason_from_name(const char* name, Reason* out);

struct Error {
  Reason reason = Reason::ok;
  char message[192];  // "<name>: <detail>", NUL-terminated; empty while reason is ok
  Error() { message[0] = '\0'; }
};

// Fills *err (if not NULL) with the reason and a printf-style detail, prefixed by the
// reason's name, and returns the reason so callers can `return fail(err, ...)`.
Reason fail(Error* err, Reason reason, const char* format, ...)
#if defined(__MINGW32__)  // mingw-w64: the C99 printf of __USE_MINGW_ANSI_STDIO (%zu, %lld)
    __attribute__((format(gnu_printf, 3, 4)))
#elif defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

}  // namespace deckhand
