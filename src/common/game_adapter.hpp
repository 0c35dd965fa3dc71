// One implementation of deckhand::Game for every game (internal header): the game's state
// plus the event history that produced it, for the C ABI, records and tools.
//
// A game plugs in with a Rules struct of static functions and constants over its own State
// and Action (see src/ghost_euchre/game.cpp, src/sheepshead/game.cpp and
// src/toonerville/game.cpp). Its State must have the fields every game shares: scores[],
// winners, hands_scored, last.deltas[], options, first_dealer. Explicit deals (and
// Toonerville's reshuffles, when Rules::kHasReshuffle) travel as the game's own bytes.
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "c_game.hpp"
#include "deckhand/cards.hpp"
#include "deckhand/game.hpp"
#include "endian.hpp"
#include "games.hpp"

namespace deckhand::detail {

// FNV-1a over a serialized game: any change confined to one byte changes the sum.
uint64_t blob_checksum(const uint8_t* bytes, size_t n);

// The trick-taking games' explicit deals as event bytes: the holders' card masks in order.
// Each mask is little-endian, as in the state images.
inline std::string pack_holdings(const CardSet* holdings, int holders) {
  static_assert(sizeof(CardSet) == 4);
  std::string bytes(size_t(holders) * 4, '\0');
  for (int i = 0; i < holders; ++i) store_le32(bytes.data() + 4 * size_t(i), holdings[i].bits());
  return bytes;
}
inline bool unpack_holdings(std::string_view bytes, CardSet* holdings, int holders) {
  if (bytes.size() != size_t(holders) * sizeof(CardSet)) return false;
  for (int i = 0; i < holders; ++i) holdings[i] = CardSet(load_le32(bytes.data() + 4 * size_t(i)));
  return true;
}

// Writes an action code whose bytes past the first eight are zero, the first eight given as
// one little-endian word (seat, kind, arg, count, cards[0..3]): whole-word stores, where
// byte-by-byte assembly through a temporary stalls the CPU on reloading it (the C ABI's
// self-play path writes a code for every legal action).
inline void write_code(ActionCode* out, uint64_t first8) {
  auto* bytes = reinterpret_cast<unsigned char*>(out);
  store_le64(bytes, first8);
  std::memset(bytes + 8, 0, sizeof *out - 8);
}

// Word i (bytes 8i..8i+7) of an action code; byte j of a word is its bits 8j.. (little-endian,
// as write_code's packing assumes too). Read word by word, each read lies inside one of
// write_code's stores, so the CPU can forward it from its store buffer (a 16-byte read across
// two stores cannot be); measured, this gained nothing beyond noise (docs/performance.md).
inline uint64_t code_word(const ActionCode& c, int i) {
  return load_le64(reinterpret_cast<const unsigned char*>(&c) + 8 * i);
}

// True when cards[used..] of an action code are all zero (deckhand.h: unused bytes must be
// zero, so that every action has exactly one code).
inline bool unused_cards_zero(const ActionCode& c, int used) {
  static_assert(sizeof c == 32 && offsetof(ActionCode, cards) == 4);
  const int first = 4 + used;  // the first byte of the code that must be zero
  uint64_t any = 0;
  for (int i = 0; i < 4; ++i) {
    const int lo = 8 * i;  // the word's bytes below `first` are the used ones
    if (first < lo + 8)
      any |= first <= lo ? code_word(c, i) : code_word(c, i) >> (8 * (first - lo));
  }
  return any == 0;
}

// What a game's rules must provide to plug into GameAdapter: a Rules struct of constants and
// static functions over the game's own State, Action and Options (the pure per-game API of
// include/deckhand/<game>.hpp, wrapped). A game with reshuffles (kHasReshuffle) provides the
// reshuffle and buy hooks too. docs/adding-a-game.md describes each member.
template <typename R>
concept GameRules = std::is_trivially_copyable_v<typename R::State> &&
    std::is_trivially_copyable_v<typename R::Action> &&
    std::default_initializable<typename R::Options> &&
    requires(typename R::State s, const typename R::State& cs, typename R::State* out,
             typename R::Options* options, const typename R::Action& a, typename R::Action* actions,
             ActionCode* code, const ActionCode& ccode, std::string_view text, std::string* bytes,
             const uint8_t* image, uint8_t* buf, size_t len, uint64_t seed, int seat, Error* err) {
  { R::kName } -> std::convertible_to<const char*>;
  { R::kImageTag } -> std::convertible_to<const char*>;
  { R::kMaxLegalActions } -> std::convertible_to<int>;
  { R::kHasReshuffle } -> std::convertible_to<bool>;
  { R::kSerializedSize } -> std::convertible_to<size_t>;
  // Setup: the options a game of `players` starts from, then key=value changes to them.
  { R::base_options(seat) } -> std::same_as<typename R::Options>;
  { R::set_option(options, text, text, err) } -> std::same_as<Reason>;
  { R::option_strings(*options) } -> std::same_as<std::vector<std::string>>;
  { R::new_game(*options, seat) } -> std::same_as<typename R::State>;
  // Chance: seeded deals, and explicit deals as the game's own bytes.
  { R::deal_seed(cs, seed, out, err) } -> std::same_as<Reason>;
  { R::parse_deal(text, cs, bytes, err) } -> std::same_as<Reason>;
  { R::deal_bytes(cs, text, out, err) } -> std::same_as<Reason>;
  { R::format_deal(text) } -> std::same_as<std::string>;
  // Actions: transitions, legality, text and the C ABI's codes.
  { R::advance(&s, a, err) } -> std::same_as<Reason>;
  { R::check(cs, a, err) } -> std::same_as<Reason>;
  { R::legal_actions(cs, actions) } -> std::same_as<int>;
  { R::parse_action(text, seat, actions, err) } -> std::same_as<Reason>;
  { R::format_action(a) } -> std::same_as<std::string>;
  { R::well_formed(a) } -> std::same_as<bool>;
  R::code_into(a, code);
  { R::to_code(a) } -> std::same_as<ActionCode>;
  { R::from_code(ccode, actions, err) } -> std::same_as<Reason>;
  // Queries and views.
  { R::players(cs) } -> std::same_as<int>;
  { R::to_act(cs) } -> std::same_as<int>;
  { R::awaiting_deal(cs) } -> std::same_as<bool>;
  { R::is_over(cs) } -> std::same_as<bool>;
  { R::phase_name(cs) } -> std::same_as<const char*>;
  { R::result_json(cs) } -> std::same_as<std::string>;
  { R::view_json(R::view(cs, seat)) } -> std::same_as<std::string>;
  { R::view_text(R::view(cs, seat)) } -> std::same_as<std::string>;
  // The checksummed state image.
  { R::serialize(cs, buf, len) } -> std::same_as<size_t>;
  { R::deserialize(image, len, out, err) } -> std::same_as<Reason>;
  // The fields every game's State shares (scores, winners, hands, the last hand's deltas).
  cs.scores[0];
  cs.winners;
  cs.hands_scored;
  cs.last.deltas[0];
  cs.options;
  cs.first_dealer;
} &&(!R::kHasReshuffle ||
     requires(const typename R::State& cs, typename R::State* out, std::string_view text,
              std::string* bytes, uint64_t seed, Error* err) {
       { R::reshuffle_seed(cs, seed, out, err) } -> std::same_as<Reason>;
       { R::parse_reshuffle(cs, text, bytes, err) } -> std::same_as<Reason>;
       { R::reshuffle_bytes(cs, text, out, err) } -> std::same_as<Reason>;
       { R::format_reshuffle(text) } -> std::same_as<std::string>;
       { R::needs_reshuffle(cs) } -> std::same_as<bool>;
     });

// A game whose turn may wait on an offer that other seats answer in turn (Toonerville's T6)
// keeps its history, and so its records, in the form they had before the offer was part of
// the state (docs/records.md): once the offer is over, its winning answer (and a reshuffle the
// draw waited for) comes before the draw that opened it, and its passes are left out; a draw
// event or line is then the draw and every pass of the offer it opens. Only an offer still
// open at the history's end keeps its draw (as Event::declined, the line `decline`) and its
// answers as they came.
template <typename R>
concept HasOffers = requires(const typename R::State& cs, typename R::Action* a,
                             const typename R::Action& ca, std::string_view text, int seat,
                             bool* flag, Error* err) {
  { R::parse_record_action(text, seat, a, flag, err) } -> std::same_as<Reason>;
  { R::implied_pass(cs, a) } -> std::same_as<bool>;
  { R::is_pass(ca) } -> std::same_as<bool>;
  { R::offer_open(cs) } -> std::same_as<bool>;
  { R::decline_text() } -> std::same_as<std::string>;
};

template <GameRules Rules>
class GameAdapter final : public CGame {
 public:
  using State = typename Rules::State;
  using Action = typename Rules::Action;
  using Options = typename Rules::Options;
  static constexpr size_t kEventPad = 7 - sizeof(Action) % 8;
  static_assert(kEventPad > 0, "an action of 8k + 7 bytes needs another event layout");

  // One event of the history: a seeded deal, an explicit deal (its bytes are payload_[offset,
  // offset + size)), an action, or a reshuffle by seed or by explicit order. Unused fields
  // stay zero, so that an event has exactly one byte image.
  struct Event {
    enum Type : uint8_t {
      seeded = 1,
      explicit_deal = 2,
      action = 3,
      reshuffle_seeded = 4,
      reshuffle_explicit = 5,
      declined = 6  // HasOffers: a draw whose offer is still open at the history's end
    };
    uint8_t type;
    Action act;
    uint8_t zero[kEventPad];
    uint64_t seed;
    uint32_t offset;
    uint32_t size;
  };
  static_assert(std::has_unique_object_representations_v<Event> &&
                std::is_trivially_copyable_v<Event>);

  // The history: events in order, with room for more made ahead of each transition
  // (make_room), so that recording one cannot fail. Unlike a std::vector's, the room past
  // size() is storage already: an action's event is written there before the action is
  // applied and counted after (the self-play path then keeps fewer values across the call),
  // and copies take only the events.
  class EventLog {
   public:
    EventLog() = default;
    EventLog(const EventLog& other)
        : slots_(other.begin(), other.end()), size_(other.size_), room_(other.size_) {}
    // Allocates only when this log has less room than `other` has events.
    EventLog& operator=(const EventLog& other) {
      reserve(other.size_);
      std::copy(other.begin(), other.end(), slots_.begin());
      size_ = other.size_;
      return *this;
    }
    size_t size() const { return size_; }
    const size_t* size_address() const { return &size_; }
    const Event* data() const { return slots_.data(); }
    const Event* begin() const { return slots_.data(); }
    const Event* end() const { return slots_.data() + size_; }
    bool full() const { return size_ == room_; }
    void reserve(size_t n) {
      if (n <= room_) return;
      slots_.resize(n);  // may throw; the events stay as they were
      room_ = n;
    }
    void clear() { size_ = 0; }
    void push(const Event& e) { slots_[size_++] = e; }  // there must be room
    Event& at(size_t i) { return slots_[i]; }
    void truncate(size_t n) { size_ = n; }
    // Writes an action's event into the room past the end (there must be room); commit()
    // counts it. The trick games' event is three whole words: type and action, then zero seed
    // and payload.
    void stage(const Action& a) {
      if constexpr (sizeof(Action) <= 7) {
        static_assert(offsetof(Event, act) == 1 && offsetof(Event, seed) == 8 &&
                      sizeof(Event) == 24);
        unsigned char act[8] = {};  // the action's bytes, then the word's byte 0 is the type
        std::memcpy(act, &a, sizeof a);
        const uint64_t first = load_le64(act) << 8 | Event::action;
        const uint64_t zero = 0;
        auto* slot = reinterpret_cast<unsigned char*>(slots_.data() + size_);
        store_le64(slot, first);
        std::memcpy(slot + 8, &zero, 8);
        std::memcpy(slot + 16, &zero, 8);
      } else {
        Event e{};
        e.type = Event::action;
        e.act = a;
        slots_[size_] = e;
      }
    }
    void commit(bool staged) { size_ += staged; }

   private:
    std::vector<Event> slots_;
    size_t size_ = 0;
    size_t room_ = 0;  // slots_.size(), kept so that full() is one comparison
  };

  GameAdapter(const Options& o, int dealer, bool keep_history)
      : state_(Rules::new_game(o, dealer)), keep_history_(keep_history) {
    if (keep_history_) history_.reserve(256);
  }
  // Copies leave the legal-action cache behind but for its valid entries (Toonerville's holds
  // hundreds of actions; search bots copy games millions of times).
  GameAdapter(const GameAdapter& other)
      : state_(other.state_),
        keep_history_(other.keep_history_),
        history_(other.history_),
        payload_(other.payload_) {
    copy_legal_cache(other);
  }
  struct StateOnly {};
  GameAdapter(const GameAdapter& other, StateOnly) : state_(other.state_), keep_history_(false) {
    copy_legal_cache(other);
  }
  // All or nothing: the only steps that can fail (growing the buffers) come first, after them
  // the copies reuse this game's memory and cannot fail.
  GameAdapter& operator=(const GameAdapter& other) {
    history_.reserve(other.history_.size());
    payload_.reserve(other.payload_.size());
    state_ = other.state_;
    keep_history_ = other.keep_history_;
    history_ = other.history_;
    payload_ = other.payload_;
    copy_legal_cache(other);
    return *this;
  }

  std::unique_ptr<Game> clone() const override { return std::make_unique<GameAdapter>(*this); }
  std::unique_ptr<Game> clone_without_history() const override {
    return std::unique_ptr<GameAdapter>(new GameAdapter(*this, StateOnly{}));
  }
  bool copy_from(const Game& other) override {
    const auto* same = dynamic_cast<const GameAdapter*>(&other);
    if (!same) return false;
    if (same != this) *this = *same;
    return true;
  }
  bool keeps_history() const override { return keep_history_; }
  const void* state_data() const override { return &state_; }
  const char* name() const override { return Rules::kName; }
  int players() const override { return Rules::players(state_); }

  Reason deal_seed(uint64_t seed, Error* err) override {
    return seed_event(Event::seeded, seed, err);
  }

  Reason deal_text(std::string_view cards, Error* err) override {
    std::string bytes;
    if (Reason r = Rules::parse_deal(cards, state_, &bytes, err); r != Reason::ok) return r;
    return bytes_event(Event::explicit_deal, bytes, err);
  }

  Reason reshuffle_seed(uint64_t seed, Error* err) override {
    if constexpr (Rules::kHasReshuffle) {
      return seed_event(Event::reshuffle_seeded, seed, err);
    } else {
      (void)seed;
      return fail(err, Reason::wrong_phase, "%s has no reshuffles", Rules::kName);
    }
  }

  Reason reshuffle_text(std::string_view cards, Error* err) override {
    if constexpr (Rules::kHasReshuffle) {
      std::string bytes;
      if (Reason r = Rules::parse_reshuffle(state_, cards, &bytes, err); r != Reason::ok) return r;
      return bytes_event(Event::reshuffle_explicit, bytes, err);
    } else {
      (void)cards;
      return fail(err, Reason::wrong_phase, "%s has no reshuffles", Rules::kName);
    }
  }

  bool needs_reshuffle() const override {
    if constexpr (Rules::kHasReshuffle) return Rules::needs_reshuffle(state_);
    return false;
  }

  // Rules with advance_listed skip the checks for an action known to be legal (listed); with
  // code_first_word (an action's code is that word and 24 zero bytes), the C ABI recognises
  // a listed action by its code.
  static constexpr bool kHasListedPath = requires(State * s, const Action& a) {
    Rules::advance_listed(s, a);
    { Rules::code_first_word(a) } -> std::same_as<uint64_t>;
  };
  // Rules with list_direct list most states' actions (-1: not this state's) straight into a
  // C ABI buffer of at least kMaxDirect codes, and recognise_direct knows a code of such a
  // list from the state alone: the self-play path then keeps no legal-action cache, and
  // writes and reads each listed code once.
  static constexpr bool kListsDirect =
      kHasListedPath &&
      requires(const State& cs, ActionCode* out, const ActionCode& code, Action* a) {
    { Rules::kMaxDirect } -> std::convertible_to<size_t>;
    { Rules::list_direct(cs, out) } -> std::same_as<int>;
    { Rules::recognise_direct(cs, code, a) } -> std::same_as<bool>;
  };

  // The self-play hot path: growing the history is out of line. kListed: `a` is one of the
  // current state's legal actions (legal_cache_).
  // kRoomMade: the caller made room in the history already (make_room).
  template <bool kListed = false, bool kRoomMade = false>
  Reason apply_action(const Action& a, Error* err) {
    [[maybe_unused]] bool was_open = false;
    if constexpr (HasOffers<Rules>) was_open = Rules::offer_open(state_);
    // The event staged first, then counted: fewer values live across the rules' call.
    if (keep_history_) {
      // May throw: before the state changes, so a failed call changes nothing.
      if (!kRoomMade) make_room();
      history_.stage(a);
    }
    if constexpr (kListed && kHasListedPath) {
      assert(Rules::check(state_, a, nullptr) == Reason::ok);
      Rules::advance_listed(&state_, a);
    } else if (const Reason r = Rules::advance(&state_, a, err); r != Reason::ok) {
      return r;
    }
    legal_count_ = -1;
    history_.commit(keep_history_);
    if constexpr (HasOffers<Rules>)
      if (keep_history_ && (was_open || Rules::offer_open(state_))) [[unlikely]]
        settle_offer(was_open);
    return Reason::ok;
  }

  // HasOffers: the last event opened an offer (mark its draw declined), or ended one (write
  // the offer's events in the form of a record: the winning answer and any reshuffle first,
  // then the draw, without the passes).
  void settle_offer(bool was_open) {
    if (!was_open) {
      history_.at(history_.size() - 1).type = Event::declined;
      return;
    }
    if (Rules::offer_open(state_)) return;  // a pass to the next seat: the offer goes on
    size_t draw = history_.size() - 1;
    while (history_.at(draw).type != Event::declined) --draw;
    Event opened = history_.at(draw);
    opened.type = Event::action;
    size_t kept = draw;
    for (size_t i = draw + 1; i < history_.size(); ++i) {
      const Event e = history_.at(i);
      if (!(e.type == Event::action && Rules::is_pass(e.act))) history_.at(kept++) = e;
    }
    history_.at(kept++) = opened;
    history_.truncate(kept);
  }

  Reason apply_text(int seat, std::string_view text, Error* err) override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    return apply_action(a, err);
  }

  Reason apply(const ActionCode& code, Error* err) override {
    Action a;
    if (Reason r = Rules::from_code(code, &a, err); r != Reason::ok) return r;
    return apply_action(a, err);
  }

  Reason apply_text_code(int seat, std::string_view text, ActionCode* out, Error* err) override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    *out = Rules::to_code(a);
    return apply_action(a, err);
  }

  // HasOffers: every seat offered the discard now passes (a record's draw line, a draw
  // event): each pass is the offered seat's legal answer.
  void pass_offer() {
    if constexpr (HasOffers<Rules>) {
      for (Action pass; Rules::implied_pass(state_, &pass);)
        if (apply_action(pass, nullptr) != Reason::ok) return;
    }
  }

  Reason apply_record_text(int seat, std::string_view text, Error* err) override {
    if constexpr (HasOffers<Rules>) {
      if (seat < 0 || seat >= players())
        return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat,
                    players() - 1);
      Action a;
      bool answers = false;
      if (Reason r = Rules::parse_record_action(text, seat, &a, &answers, err); r != Reason::ok)
        return r;
      if (Reason r = apply_action(a, err); r != Reason::ok) return r;
      if (answers) pass_offer();
      return Reason::ok;
    } else {
      return apply_text(seat, text, err);
    }
  }

  Reason check(const ActionCode& code, Error* err) const override {
    Action a;
    if (Reason r = Rules::from_code(code, &a, err); r != Reason::ok) return r;
    return Rules::check(state_, a, err);
  }

  Reason check_text(int seat, std::string_view text, Error* err) const override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    return Rules::check(state_, a, err);
  }

  Reason parse_action(int seat, std::string_view text, ActionCode* out, Error* err) const override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    *out = Rules::to_code(a);
    return Reason::ok;
  }

  // "?" for anything outside the game's action space ("play ??" would not parse back).
  std::string format_action(const ActionCode& code) const override {
    Action a;
    if (Rules::from_code(code, &a, nullptr) != Reason::ok || !Rules::well_formed(a)) return "?";
    return Rules::format_action(a);
  }

  size_t legal_actions(ActionCode* out, size_t cap) const override {
    fill_legal_cache();  // also serves apply_legal on the same state
    return write_codes(out, cap);
  }

  // The C ABI's self-play loop lists the actions c_apply has just computed (below), or with
  // kListsDirect those the state itself lists (a room of kMaxDirect holds any such list, so
  // it is written before it is counted), so this is a leaf then: no call, no registers to
  // save. The list of a state reached otherwise (a deal, an undo by copy, ...) is computed
  // out of line.
  int c_legal_actions(size_t* out_count, ActionCode* out, size_t room) const noexcept override {
    if constexpr (kListsDirect) {
      if (room >= Rules::kMaxDirect) {
        if (const int n = Rules::list_direct(state_, out); n >= 0) {
          assert(lists_match(out, n));
          *out_count = size_t(n);
          return 0;
        }
      }
    }
    if (legal_count_ < 0) [[unlikely]]
      return c_legal_actions_computed(out_count, out, room);
    const size_t n = write_codes(out, room);
    listed_ = out;
    *out_count = n;
    return n > room ? kCBufferTooSmall : 0;
  }

  // A listed action (in place in the cached list, or any code recognise_direct knows) is
  // legal and cannot be refused: with room in the history and a whole dh_error (or none),
  // its success is written, its event recorded, and the rules entered by a tail call, so
  // that this function calls nothing else and needs no frame. Anything else (an unlisted
  // code, a full history, an older caller's smaller dh_error) takes the general path, which
  // gives the same answer.
  int c_apply(const ActionCode& code, dh_error* err) noexcept override {
    Action a;
    bool direct = false;
    if constexpr (kListsDirect) direct = Rules::recognise_direct(state_, code, &a);
    if (!direct) {
      const Action* listed = find_listed(code);
      if (!listed) [[unlikely]]
        return c_apply_decoded(code, err);
      a = *listed;
    }
    if ((keep_history_ && history_.full()) || (err && !has_every_field(err))) [[unlikely]]
      return c_apply_decoded(code, err);
    if (keep_history_) {
      history_.stage(a);
      history_.commit(true);
    }
    if (err) report_ok_in_full(err);
    assert(Rules::check(state_, a, nullptr) == Reason::ok);
    if (direct) {  // the next list is direct too, or computed when asked for
      legal_count_ = -1;
      return advance_listed_only(&state_, a);
    }
    return advance_listed_and_list(&state_, a, legal_cache_, &legal_count_);
  }
  [[gnu::noinline]] static int advance_listed_only(State* s, Action a) noexcept {
    if constexpr (kHasListedPath) Rules::advance_listed(s, a);
    return 0;
  }
  // Applies a listed action, then lists the next state's actions, which the caller lists
  // next (the trick games' lists are short and cheap).
  [[gnu::noinline]] static int advance_listed_and_list(State* s, Action a, Action* legal,
                                                       int* count) noexcept {
    if constexpr (kHasListedPath) {
      Rules::advance_listed(s, a);
      *count = Rules::legal_actions(*s, legal);
    }
    return 0;
  }

  size_t legal_count() const override {
    fill_legal_cache();
    return size_t(legal_count_);
  }

  Reason apply_legal(size_t index, Error* err) override {
    fill_legal_cache();
    if (index >= size_t(legal_count_))
      return fail(err, Reason::bad_action_index, "there are %d legal actions; index %zu is not one",
                  legal_count_, index);
    return apply_action<true>(legal_cache_[index], err);
  }

  int to_act() const override { return Rules::to_act(state_); }
  bool awaiting_deal() const override { return Rules::awaiting_deal(state_); }
  bool over() const override { return Rules::is_over(state_); }
  const char* phase_name() const override { return Rules::phase_name(state_); }
  std::vector<int64_t> scores() const override {
    return {std::begin(state_.scores), std::begin(state_.scores) + players()};
  }
  std::vector<int> winners() const override {
    std::vector<int> w;
    for (int p = 0; p < players(); ++p)
      if (state_.winners >> p & 1) w.push_back(p);
    return w;
  }
  uint32_t hands_scored() const override { return state_.hands_scored; }
  std::vector<int64_t> last_deltas() const override {
    if (state_.hands_scored == 0) return {};
    return {std::begin(state_.last.deltas), std::begin(state_.last.deltas) + players()};
  }
  std::string last_hand_json() const override { return Rules::result_json(state_); }
  std::string view_json(int seat) const override {
    return Rules::view_json(Rules::view(state_, seat));
  }
  std::string view_text(int seat) const override {
    return Rules::view_text(Rules::view(state_, seat));
  }

  // Layout with history: the checksummed state image, the event count (u32), the events, the
  // payload size (u32) and bytes, and a checksum (u64) of everything before it. Without
  // history: the state image and kNoHistory (u32); the image's own checksum covers it.
  static constexpr uint32_t kNoHistory = 0xFFFFFFFF;
  size_t serialize_into(uint8_t* buf, size_t cap) const override {
    constexpr size_t kHead = Rules::kSerializedSize;
    if (!keep_history_) {
      if (buf && cap >= kHead + 4) {
        Rules::serialize(state_, buf, kHead);
        store_le32(buf + kHead, kNoHistory);
      }
      return kHead + 4;
    }
    const size_t events = history_.size() * sizeof(Event);
    const size_t body = kHead + 4 + events + 4 + payload_.size();
    if (!buf || cap < body + 8) return body + 8;
    uint8_t* at = buf;
    Rules::serialize(state_, at, kHead);
    at += kHead;
    const uint32_t n = uint32_t(history_.size()), p = uint32_t(payload_.size());
    store_le32(at, n);
    if constexpr (kBigEndian) {
      for (uint32_t i = 0; i < n; ++i) {
        Event e = history_.data()[i];
        swap_fields(e.seed, e.offset, e.size);
        std::memcpy(at + 4 + size_t(i) * sizeof e, &e, sizeof e);
      }
    } else if (n) {
      std::memcpy(at + 4, history_.data(), events);
    }
    at += 4 + events;
    store_le32(at, p);
    if (p) std::memcpy(at + 4, payload_.data(), p);
    store_le64(buf + body, blob_checksum(buf, body));
    return body + 8;
  }

  Reason load(const uint8_t* bytes, size_t len, Error* err) override {
    State image;
    if (is_stateless_image(bytes, len)) {  // the fast path: no allocation
      if (Reason r = Rules::deserialize(bytes, Rules::kSerializedSize, &image, err);
          r != Reason::ok)
        return r;
      state_ = image;
      keep_history_ = false;
      history_.clear();
      payload_.clear();
      legal_count_ = -1;
      return Reason::ok;
    }
    std::unique_ptr<Game> restored = restore(bytes, len, err);
    if (!restored) return Reason::corrupt_state;
    *this = static_cast<const GameAdapter&>(*restored);
    return Reason::ok;
  }

  // Restores Game::serialize bytes: the checksums must hold, the state image must be valid,
  // and replaying the history from a new game must give exactly that state. Bytes without
  // history are trusted as far as the state's invariants go.
  // A game without history in state `s` (which must hold the game's invariants).
  static std::unique_ptr<Game> from_state(const State& s) {
    auto game = std::make_unique<GameAdapter>(s.options, s.first_dealer, false);
    game->state_ = s;
    return game;
  }

  static std::unique_ptr<Game> restore(const uint8_t* bytes, size_t len, Error* err) {
    constexpr size_t kHead = Rules::kSerializedSize;
    State image;
    if (is_stateless_image(bytes, len)) {
      if (Rules::deserialize(bytes, kHead, &image, err) != Reason::ok) return nullptr;
      auto game = std::make_unique<GameAdapter>(image.options, image.first_dealer, false);
      game->state_ = image;
      return game;
    }
    if (len < kHead + 4 + 8) {
      fail(err, Reason::corrupt_state, "%zu bytes is too short for a %s game", len, Rules::kName);
      return nullptr;
    }
    if (Rules::deserialize(bytes, kHead, &image, err) != Reason::ok) return nullptr;
    const uint32_t n = load_le32(bytes + kHead);
    if ((len - kHead - 4 - 8) / sizeof(Event) < n ||
        len - kHead - 4 - 8 - size_t(n) * sizeof(Event) < 4) {
      fail(err, Reason::corrupt_state, "history of %u events does not fit %zu bytes", n, len);
      return nullptr;
    }
    const uint8_t* payload = bytes + kHead + 4 + size_t(n) * sizeof(Event);
    const uint32_t payload_size = load_le32(payload);
    payload += 4;
    if (size_t(bytes + len - 8 - payload) != payload_size) {
      fail(err, Reason::corrupt_state, "payload of %u bytes does not fit %zu bytes", payload_size,
           len);
      return nullptr;
    }
    if (load_le64(bytes + len - 8) != blob_checksum(bytes, len - 8)) {
      fail(err, Reason::corrupt_state, "checksum mismatch in the game history");
      return nullptr;
    }
    auto game = std::make_unique<GameAdapter>(image.options, image.first_dealer, true);
    uint32_t used = 0;  // payload bytes claimed by the events so far, in order
    for (uint32_t i = 0; i < n; ++i) {
      Event e;
      std::memcpy(static_cast<void*>(&e), bytes + kHead + 4 + size_t(i) * sizeof(Event), sizeof e);
      if constexpr (kBigEndian) swap_fields(e.seed, e.offset, e.size);
      Event canonical{};  // the bytes the event's own fields would serialize to
      canonical.type = e.type;
      const bool seeded = e.type == Event::seeded || e.type == Event::reshuffle_seeded;
      const bool carries = e.type == Event::explicit_deal || e.type == Event::reshuffle_explicit;
      if (seeded) canonical.seed = e.seed;
      if (carries) canonical.offset = used, canonical.size = e.size;
      const bool is_action =
          e.type == Event::action || (HasOffers<Rules> && e.type == Event::declined);
      if (is_action) canonical.act = e.act;
      if (std::memcmp(&canonical, &e, sizeof e) != 0 || e.size > payload_size - used ||
          (is_action && !Rules::well_formed(e.act))) {  // one byte form per event
        fail(err, Reason::corrupt_state, "history event %u is malformed", i);
        return nullptr;
      }
      const std::string_view data(reinterpret_cast<const char*>(payload) + used, e.size);
      used += e.size;
      Error inner;
      bool open_before = false;
      if constexpr (HasOffers<Rules>) open_before = Rules::offer_open(game->state_);
      Reason r = Reason::corrupt_state;
      if (seeded && (e.type == Event::seeded || Rules::kHasReshuffle))
        r = game->seed_event(typename Event::Type(e.type), e.seed, &inner);
      else if (carries && (e.type == Event::explicit_deal || Rules::kHasReshuffle))
        r = game->bytes_event(typename Event::Type(e.type), data, &inner);
      else if (is_action)
        r = game->apply_action(e.act, &inner);
      // A draw event of a finished offer stands for the offer's passes too (HasOffers); an
      // answer to an offer still open (after Event::declined) stands for itself.
      if (r == Reason::ok && e.type == Event::action && !open_before) game->pass_offer();
      if (r != Reason::ok) {
        fail(err, Reason::corrupt_state, "history event %u does not replay (%s)", i, inner.message);
        return nullptr;
      }
      // Replaying rebuilds the history: it must give these very events (HasOffers: an offer
      // once over is kept as a record writes it, an open one as its answers came).
      if (game->history_.size() != size_t(i) + 1 ||
          std::memcmp(&game->history_.at(i), &e, sizeof e) != 0) {
        fail(err, Reason::corrupt_state, "history event %u is not as replaying it writes it", i);
        return nullptr;
      }
    }
    if (used != payload_size) {
      fail(err, Reason::corrupt_state, "%u payload bytes belong to no event", payload_size - used);
      return nullptr;
    }
    if (std::memcmp(&game->state_, &image, sizeof image) != 0) {
      fail(err, Reason::corrupt_state, "the state does not match its history");
      return nullptr;
    }
    return game;
  }

  Reason write_record(std::string* record_out, Error* err) const override {
    return write_record_with_comments({}, record_out, err);
  }
  size_t history_size() const override { return history_.size(); }
  const size_t* history_size_address() const override { return history_.size_address(); }
  Reason write_record_with_comments(std::span<const std::pair<size_t, std::string>> comments,
                                    std::string* record_out, Error* err) const override {
    if (!keep_history_)
      return fail(err, Reason::no_history,
                  "this %s game was created with history=off and keeps no record", Rules::kName);
    std::string out = std::string("deckhand 1\ngame ") + Rules::kName + "\nplayers " +
                      std::to_string(players()) + "\n";
    for (const std::string& option : Rules::option_strings(state_.options))
      out += "option " + option + "\n";
    out += "dealer " + std::to_string(state_.first_dealer) + "\n";
    size_t next = 0;
    auto comments_before = [&](size_t index) {
      for (; next < comments.size() && comments[next].first <= index; ++next)
        out += "# " + comments[next].second + "\n";
    };
    for (size_t i = 0; i < history_.size(); ++i) {
      comments_before(i);
      write_event(history_.begin()[i], &out);
    }
    comments_before(SIZE_MAX);
    *record_out = std::move(out);
    return Reason::ok;
  }

  // One event's record line.
  void write_event(const Event& e, std::string* out) const {
    const std::string_view data(payload_.data() + e.offset, e.size);
    if (e.type == Event::seeded) {
      *out += "deal seed " + std::to_string(e.seed) + "\n";
    } else if (e.type == Event::explicit_deal) {
      *out += "deal " + Rules::format_deal(data) + "\n";
    } else if (e.type == Event::action) {
      *out += std::to_string(e.act.seat) + " " + Rules::format_action(e.act) + "\n";
    } else if (e.type == Event::declined) {
      if constexpr (HasOffers<Rules>)
        *out += std::to_string(e.act.seat) + " " + Rules::decline_text() + "\n";
    } else if constexpr (Rules::kHasReshuffle) {
      if (e.type == Event::reshuffle_seeded)
        *out += "reshuffle seed " + std::to_string(e.seed) + "\n";
      else
        *out += "reshuffle " + Rules::format_reshuffle(data) + "\n";
    }
  }

  void reset() override {
    state_ = Rules::new_game(state_.options, state_.first_dealer);
    history_.clear();
    payload_.clear();
    legal_count_ = -1;
  }

  const State& state() const { return state_; }

 private:
  // Grows the history ahead of a transition (geometrically), so recording it cannot fail.
  void make_room() {
    if (keep_history_ && history_.full()) [[unlikely]]
      grow_history();
  }
  [[gnu::noinline, gnu::cold]] void grow_history() { history_.reserve(2 * history_.size() + 64); }

  static bool is_stateless_image(const uint8_t* bytes, size_t len) {
    return len == Rules::kSerializedSize + 4 &&
           std::memcmp(bytes + Rules::kSerializedSize, &kNoHistory, 4) == 0;
  }

  void copy_legal_cache(const GameAdapter& other) {
    legal_count_ = other.legal_count_;
    if (legal_count_ > 0)
      std::copy(other.legal_cache_, other.legal_cache_ + legal_count_, legal_cache_);
  }

  Reason seed_event(typename Event::Type type, uint64_t seed, Error* err) {
    make_room();
    [[maybe_unused]] bool was_open = false;
    if constexpr (HasOffers<Rules>) was_open = Rules::offer_open(state_);
    Reason r;
    if constexpr (Rules::kHasReshuffle)
      r = type == Event::seeded ? Rules::deal_seed(state_, seed, &state_, err)
                                : Rules::reshuffle_seed(state_, seed, &state_, err);
    else
      r = Rules::deal_seed(state_, seed, &state_, err);
    if (r == Reason::ok) {
      legal_count_ = -1;
      if (keep_history_) {
        Event e{};
        e.type = type;
        e.seed = seed;
        history_.push(e);
        if constexpr (HasOffers<Rules>)
          if (was_open) settle_offer(true);  // the draw waited for this reshuffle
      }
    }
    return r;
  }

  Reason bytes_event(typename Event::Type type, std::string_view bytes, Error* err) {
    make_room();
    if (keep_history_) payload_.reserve(payload_.size() + bytes.size());  // may throw first
    [[maybe_unused]] bool was_open = false;
    if constexpr (HasOffers<Rules>) was_open = Rules::offer_open(state_);
    Reason r;
    if constexpr (Rules::kHasReshuffle)
      r = type == Event::explicit_deal ? Rules::deal_bytes(state_, bytes, &state_, err)
                                       : Rules::reshuffle_bytes(state_, bytes, &state_, err);
    else
      r = Rules::deal_bytes(state_, bytes, &state_, err);
    if (r == Reason::ok && keep_history_) {
      Event e{};
      e.type = type;
      e.offset = uint32_t(payload_.size());
      e.size = uint32_t(bytes.size());
      history_.push(e);
      payload_.append(bytes);
      if constexpr (HasOffers<Rules>)
        if (was_open) settle_offer(true);  // the draw waited for this reshuffle
    }
    if (r == Reason::ok) legal_count_ = -1;
    return r;
  }

  // The legal action whose code `code` is, when `code` sits where c_legal_actions wrote that
  // action's code last (the usual self-play loop); else nullptr, and the full decoding and
  // checks decide. The comparison of every byte alone makes it legal: the place only names
  // the entry to compare with.
  const Action* find_listed(const ActionCode& code) const {
    if constexpr (!kHasListedPath) {
      (void)code;
      return nullptr;
    } else {
      const size_t i = (reinterpret_cast<uintptr_t>(&code) - reinterpret_cast<uintptr_t>(listed_)) /
                       sizeof(ActionCode);
      if (legal_count_ < 0 || i >= size_t(legal_count_)) return nullptr;
      const uint64_t rest = code_word(code, 1) | code_word(code, 2) | code_word(code, 3);
      const Action* entry = &legal_cache_[i];
      return rest == 0 && code_word(code, 0) == Rules::code_first_word(*entry) ? entry : nullptr;
    }
  }

  // c_apply of a code that is not where this state's list was written, decoded and checked
  // in full (Toonerville's every code: it has no listed path).
  [[gnu::noinline]] int c_apply_decoded(const ActionCode& code, dh_error* err) noexcept {
    try {
      Action a;
      Reason r = Rules::from_code(code, &a, nullptr);
      if (r == Reason::ok) r = apply_action(a, nullptr);
      if (r != Reason::ok) [[unlikely]]
        return c_apply_failed(code, c_status(r), err);
      // The next state's actions, which the caller lists next (the trick games' lists are
      // short and cheap; Toonerville's can be long, and only listing computes them).
      if constexpr (kHasListedPath) fill_legal_cache();
      if (err) report_ok(err);
      return 0;
    } catch (...) {  // growing the history ran out of memory, before anything changed
      return c_apply_failed(code, c_status(Reason::internal_error), err);
    }
  }
  int c_apply_failed(const ActionCode& code, int status, dh_error* err) noexcept {
    return err ? report_apply_failure(*this, code, status, err) : status;
  }

  [[gnu::noinline]] int c_legal_actions_computed(size_t* out_count, ActionCode* out,
                                                 size_t room) const noexcept {
    try {
      fill_legal_cache();
    } catch (...) {  // a workspace's first use ran out of memory (Toonerville's contract finder)
      return c_status(Reason::internal_error);
    }
    return c_legal_actions(out_count, out, room);
  }

  // The codes of the cached legal actions into out when they fit in cap; their count.
  [[gnu::always_inline]] size_t write_codes(ActionCode* out, size_t cap) const {
    // Locals: the codes may alias anything, so members would be reloaded after every store.
    const size_t n = size_t(legal_count_);
    if (n > cap) return n;
    const Action* legal = legal_cache_;
    for (size_t i = 0; i < n; ++i) Rules::code_into(legal[i], &out[i]);  // the hot path
    return n;
  }

  // Whether a direct list is what legal_actions lists, as codes (debug builds).
  bool lists_match(const ActionCode* codes, int n) const {
    Action expected[Rules::kMaxLegalActions];
    if (Rules::legal_actions(state_, expected) != n) return false;
    for (int i = 0; i < n; ++i) {
      Action a;
      if (!(Rules::to_code(expected[i]) == codes[i]) ||
          !Rules::recognise_direct(state_, codes[i], &a) ||
          std::memcmp(&a, &expected[i], sizeof a) != 0)
        return false;
    }
    return true;
  }

  // The legal actions of the current state, computed once per state for the fast path.
  void fill_legal_cache() const {
    if (legal_count_ < 0) legal_count_ = Rules::legal_actions(state_, legal_cache_);
  }

  Reason parse_checked(int seat, std::string_view text, Action* a, Error* err) const {
    if (seat < 0 || seat >= players())
      return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat,
                  players() - 1);
    return Rules::parse_action(text, seat, a, err);
  }

  State state_;
  bool keep_history_ = true;
  EventLog history_;
  std::string payload_;  // the bytes of explicit deals and reshuffles, in event order
  mutable Action legal_cache_[Rules::kMaxLegalActions];
  mutable int legal_count_ = -1;                // -1: legal_cache_ is stale
  mutable const ActionCode* listed_ = nullptr;  // where c_legal_actions wrote codes last
};

// Creates a game from `key=value` options through Rules::set_option, over the options the game
// fixes at creation (Rules::base_options: Toonerville's player count).
template <GameRules Rules>
std::unique_ptr<Game> make_adapter(const OptionList& options, const EngineOptions& engine,
                                   int players, int first_dealer, Error* err) {
  typename Rules::Options base = Rules::base_options(players);
  for (const auto& [key, value] : options)
    if (Rules::set_option(&base, key, value, err) != Reason::ok) return nullptr;
  return std::make_unique<GameAdapter<Rules>>(base, first_dealer, engine.history);
}

template <GameRules Rules>
std::unique_ptr<Game> swap_hidden(const Game& game, int seat, uint64_t pick) {
  typename Rules::State swapped;
  if (!Rules::swap_hidden(*static_cast<const typename Rules::State*>(game.state_data()), seat, pick,
                          &swapped))
    return nullptr;
  return GameAdapter<Rules>::from_state(swapped);
}

// A game's descriptor: its catalog entry, and factory, restore and hooks made from its Rules.
template <GameRules Rules>
GameDescriptor describe(const GameSpec& spec) {
  return GameDescriptor{spec, Rules::kImageTag, &make_adapter<Rules>, &GameAdapter<Rules>::restore,
                        &swap_hidden<Rules>};
}

}  // namespace deckhand::detail
