// One implementation of deckhand::Game for every game (internal header): the game's state
// plus the event history that produced it, for the C ABI, records and tools.
//
// A game plugs in with a Rules struct of static functions and constants over its own State
// and Action (see src/ghost_euchre/game.cpp and src/sheepshead/game.cpp). Its State must
// have the fields every game shares: scores[], winners, hands_scored, last.deltas[],
// options, first_dealer.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "deckhand/cards.hpp"
#include "deckhand/game.hpp"

namespace deckhand::detail {

// FNV-1a over a serialized game: any change confined to one byte changes the sum.
uint64_t blob_checksum(const uint8_t* bytes, size_t n);

template <typename Rules>
class GameAdapter final : public Game {
 public:
  using State = typename Rules::State;
  using Action = typename Rules::Action;
  using Options = typename Rules::Options;
  static constexpr int kPlayers = Rules::kPlayers;
  static constexpr int kHolders = kPlayers + 1;  // the seats and the extra holder

  // One event of the history: a seeded deal, an explicit deal, or an action. Unused fields
  // stay zero, so that an event has exactly one byte image.
  struct Event {
    enum Type : uint8_t { seeded = 1, explicit_deal = 2, action = 3 };
    uint8_t type;
    Action act;
    uint8_t zero[7 - sizeof(Action)];
    uint64_t seed;
    CardSet holdings[kHolders];
  };
  static_assert(std::has_unique_object_representations_v<Event> &&
                std::is_trivially_copyable_v<Event>);

  GameAdapter(const Options& o, int dealer) : state_(Rules::new_game(o, dealer)) {
    history_.reserve(256);
  }

  std::unique_ptr<Game> clone() const override { return std::make_unique<GameAdapter>(*this); }
  const char* name() const override { return Rules::kName; }
  int players() const override { return kPlayers; }

  Reason deal_seed(uint64_t seed, Error* err) override {
    make_room();
    Reason r = Rules::deal_seed(state_, seed, &state_, err);
    if (r == Reason::ok) {
      legal_count_ = -1;
      Event& e = history_.emplace_back();
      e.type = Event::seeded;
      e.seed = seed;
    }
    return r;
  }

  Reason deal_text(std::string_view cards, Error* err) override {
    Event e{};
    e.type = Event::explicit_deal;
    if (Reason r = Rules::parse_deal(cards, e.holdings, err); r != Reason::ok) return r;
    return deal_event(e, err);
  }

  Reason apply_action(Action a, Error* err) {
    make_room();  // may throw: before the state changes, so a failed call changes nothing
    Reason r = Rules::advance(&state_, a, err);
    if (r == Reason::ok) {
      legal_count_ = -1;
      Event& e = history_.emplace_back();  // in place: this is the self-play hot path
      e.type = Event::action;
      e.act = a;
    }
    return r;
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
    Action acts[Rules::kMaxLegalActions];
    const int n = Rules::legal_actions(state_, acts);
    for (int i = 0; i < n && size_t(i) < cap; ++i) out[i] = Rules::to_code(acts[i]);
    return size_t(n);
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
    return apply_action(legal_cache_[index], err);
  }

  int to_act() const override { return Rules::to_act(state_); }
  bool awaiting_deal() const override { return Rules::awaiting_deal(state_); }
  bool over() const override { return Rules::is_over(state_); }
  const char* phase_name() const override { return Rules::phase_name(state_); }
  std::vector<int64_t> scores() const override {
    return {std::begin(state_.scores), std::end(state_.scores)};
  }
  std::vector<int> winners() const override {
    std::vector<int> w;
    for (int p = 0; p < kPlayers; ++p)
      if (state_.winners >> p & 1) w.push_back(p);
    return w;
  }
  uint32_t hands_scored() const override { return state_.hands_scored; }
  std::vector<int64_t> last_deltas() const override {
    if (state_.hands_scored == 0) return {};
    return {std::begin(state_.last.deltas), std::end(state_.last.deltas)};
  }
  std::string last_hand_json() const override { return Rules::result_json(state_.last); }
  std::string view_json(int seat) const override {
    return Rules::view_json(Rules::view(state_, seat));
  }
  std::string view_text(int seat) const override {
    return Rules::view_text(Rules::view(state_, seat));
  }

  // Layout: the checksummed state image, the event count (u32), the events, and a checksum
  // (u64) of everything before it, which also covers the history.
  std::vector<uint8_t> serialize() const override {
    const size_t body = Rules::kSerializedSize + 4 + history_.size() * sizeof(Event);
    std::vector<uint8_t> bytes(body + 8);
    Rules::serialize(state_, bytes.data(), Rules::kSerializedSize);
    const uint32_t n = uint32_t(history_.size());
    std::memcpy(bytes.data() + Rules::kSerializedSize, &n, 4);
    if (n)
      std::memcpy(bytes.data() + Rules::kSerializedSize + 4, history_.data(), n * sizeof(Event));
    const uint64_t sum = blob_checksum(bytes.data(), body);
    std::memcpy(bytes.data() + body, &sum, 8);
    return bytes;
  }

  // Restores Game::serialize bytes: the checksums must hold, the state image must be valid,
  // and replaying the history from a new game must give exactly that state.
  static std::unique_ptr<Game> restore(const uint8_t* bytes, size_t len, Error* err) {
    constexpr size_t kHead = Rules::kSerializedSize;
    State image;
    if (len < kHead + 4 + 8) {
      fail(err, Reason::corrupt_state, "%zu bytes is too short for a %s game", len, Rules::kName);
      return nullptr;
    }
    if (Rules::deserialize(bytes, kHead, &image, err) != Reason::ok) return nullptr;
    uint32_t n;
    std::memcpy(&n, bytes + kHead, 4);
    if ((len - kHead - 4 - 8) != size_t(n) * sizeof(Event)) {
      fail(err, Reason::corrupt_state, "history of %u events does not fit %zu bytes", n, len);
      return nullptr;
    }
    uint64_t sum;
    std::memcpy(&sum, bytes + len - 8, 8);
    if (sum != blob_checksum(bytes, len - 8)) {
      fail(err, Reason::corrupt_state, "checksum mismatch in the game history");
      return nullptr;
    }
    auto game = std::make_unique<GameAdapter>(image.options, image.first_dealer);
    for (uint32_t i = 0; i < n; ++i) {
      Event e;
      std::memcpy(static_cast<void*>(&e), bytes + kHead + 4 + size_t(i) * sizeof(Event), sizeof e);
      Event canonical{};  // the bytes the event's own fields would serialize to
      canonical.type = e.type;
      if (e.type == Event::seeded) canonical.seed = e.seed;
      if (e.type == Event::explicit_deal)
        std::memcpy(canonical.holdings, e.holdings, sizeof e.holdings);
      if (e.type == Event::action) canonical.act = e.act;
      if (std::memcmp(&canonical, &e, sizeof e) != 0) {
        fail(err, Reason::corrupt_state, "history event %u is malformed", i);
        return nullptr;
      }
      Error inner;
      Reason r = Reason::corrupt_state;
      if (e.type == Event::seeded)
        r = game->deal_seed(e.seed, &inner);
      else if (e.type == Event::explicit_deal)
        r = game->deal_event(e, &inner);
      else if (e.type == Event::action)
        r = game->apply_action(e.act, &inner);
      if (r != Reason::ok) {
        fail(err, Reason::corrupt_state, "history event %u does not replay (%s)", i, inner.message);
        return nullptr;
      }
    }
    if (std::memcmp(&game->state_, &image, sizeof image) != 0) {
      fail(err, Reason::corrupt_state, "the state does not match its history");
      return nullptr;
    }
    return game;
  }

  std::string record() const override {
    std::string out = std::string("deckhand 1\ngame ") + Rules::kName + "\nplayers " +
                      std::to_string(kPlayers) + "\n";
    for (const std::string& option : Rules::option_strings(state_.options))
      out += "option " + option + "\n";
    out += "dealer " + std::to_string(state_.first_dealer) + "\n";
    for (const Event& e : history_) {
      if (e.type == Event::seeded)
        out += "deal seed " + std::to_string(e.seed) + "\n";
      else if (e.type == Event::explicit_deal)
        out += "deal " + Rules::format_deal(e.holdings) + "\n";
      else
        out += std::to_string(e.act.seat) + " " + Rules::format_action(e.act) + "\n";
    }
    return out;
  }

  void reset() override {
    state_ = Rules::new_game(state_.options, state_.first_dealer);
    history_.clear();
    legal_count_ = -1;
  }

  const State& state() const { return state_; }

 private:
  // Grows the history ahead of a transition (geometrically), so recording it cannot fail.
  void make_room() {
    if (history_.size() == history_.capacity()) history_.reserve(2 * history_.size() + 64);
  }

  Reason deal_event(const Event& e, Error* err) {
    make_room();
    Reason r = Rules::deal_holdings(state_, e.holdings, &state_, err);
    if (r == Reason::ok) {
      legal_count_ = -1;
      history_.push_back(e);
    }
    return r;
  }

  // The legal actions of the current state, computed once per state for the fast path.
  void fill_legal_cache() const {
    if (legal_count_ < 0) legal_count_ = Rules::legal_actions(state_, legal_cache_);
  }

  Reason parse_checked(int seat, std::string_view text, Action* a, Error* err) const {
    if (seat < 0 || seat >= kPlayers)
      return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-%d)", seat, kPlayers - 1);
    return Rules::parse_action(text, seat, a, err);
  }

  State state_;
  std::vector<Event> history_;
  mutable Action legal_cache_[Rules::kMaxLegalActions];
  mutable int legal_count_ = -1;  // -1: legal_cache_ is stale
};

// Creates a game from `key=value` options through Rules::set_option.
template <typename Rules>
std::unique_ptr<Game> make_adapter(const OptionList& options, int first_dealer, Error* err) {
  typename Rules::Options o;
  for (const auto& [key, value] : options)
    if (Rules::set_option(&o, key, value, err) != Reason::ok) return nullptr;
  return std::make_unique<GameAdapter<Rules>>(o, first_dealer);
}

}  // namespace deckhand::detail
