// Ghost Hand Euchre behind the game-independent deckhand::Game interface: the state plus
// the event history that produced it, for the C ABI, records and tools.
#include <cstddef>
#include <cstring>

#include "../common/games.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

namespace {

// One event of the history, 32 bytes: a seeded deal, an explicit deal, or an action.
struct Event {
  enum Type : uint8_t { seeded = 1, explicit_deal = 2, action = 3 };
  uint8_t type;
  Action act;        // action
  uint8_t zero[4];
  uint64_t seed;     // seeded
  CardSet hands[kPlayers];  // explicit_deal
  CardSet ghost;
};
static_assert(sizeof(Event) == 32 && std::has_unique_object_representations_v<Event>);

ActionCode to_code(Action a) {
  ActionCode c;
  c.seat = a.seat;
  c.kind = uint8_t(a.kind);
  c.arg = a.arg;
  return c;
}

// FNV-1a over the serialized game: any change confined to one byte changes the sum.
uint64_t blob_checksum(const uint8_t* p, size_t n) {
  uint64_t h = 0xCBF29CE484222325ull ^ uint64_t(n);
  for (size_t i = 0; i < n; ++i) h = (h ^ p[i]) * 0x100000001B3ull;
  return h;
}

Reason from_code(const ActionCode& c, Action* out, Error* err) {
  if (c.kind > uint8_t(ActionKind::play) || c.count != 0)
    return fail(err, Reason::malformed_action, "action kind %d with %d cards is not a ghost-euchre action",
                int(c.kind), int(c.count));
  // seat, kind and arg lead both structs in the same order. One copy lets the compiler
  // assemble the by-value Action in a register; field by field, GCC goes through the stack
  // and stalls on the reload (store forwarding) on the C ABI's hot path.
  static_assert(offsetof(ActionCode, seat) == offsetof(Action, seat) &&
                offsetof(ActionCode, kind) == offsetof(Action, kind) &&
                offsetof(ActionCode, arg) == offsetof(Action, arg) && sizeof(Action) == 3);
  std::memcpy(static_cast<void*>(out), &c, sizeof *out);
  return Reason::ok;
}

class GhostEuchreGame final : public Game {
 public:
  GhostEuchreGame(const Options& o, int dealer) : state_(new_game(o, dealer)) { history_.reserve(256); }

  std::unique_ptr<Game> clone() const override { return std::make_unique<GhostEuchreGame>(*this); }
  const char* name() const override { return "ghost-euchre"; }
  int players() const override { return kPlayers; }

  Reason deal_seed(uint64_t seed, Error* err) override {
    Reason r = ghost_euchre::deal_seed(state_, seed, &state_, err);
    if (r == Reason::ok) {
      Event e{};
      e.type = Event::seeded;
      e.seed = seed;
      history_.push_back(e);
    }
    return r;
  }

  Reason deal_text(std::string_view cards, Error* err) override {
    Event e{};
    e.type = Event::explicit_deal;
    if (Reason r = parse_deal(cards, e.hands, &e.ghost, err); r != Reason::ok) return r;
    Reason r = deal_cards(state_, e.hands, e.ghost, &state_, err);
    if (r == Reason::ok) history_.push_back(e);
    return r;
  }

  Reason apply_action(Action a, Error* err) {
    Reason r = advance(&state_, a, err);
    if (r == Reason::ok) {
      // Built in place: the self-play hot path, where a copy through a temporary costs more
      // than the rest of the bookkeeping.
      Event& e = history_.emplace_back();
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
    if (Reason r = from_code(code, &a, err); r != Reason::ok) return r;
    return apply_action(a, err);
  }

  Reason check(const ActionCode& code, Error* err) const override {
    Action a;
    if (Reason r = from_code(code, &a, err); r != Reason::ok) return r;
    return ghost_euchre::check(state_, a, err);
  }

  Reason check_text(int seat, std::string_view text, Error* err) const override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    return ghost_euchre::check(state_, a, err);
  }

  Reason parse_action(int seat, std::string_view text, ActionCode* out, Error* err) const override {
    Action a;
    if (Reason r = parse_checked(seat, text, &a, err); r != Reason::ok) return r;
    *out = to_code(a);
    return Reason::ok;
  }

  std::string format_action(const ActionCode& code) const override {
    Action a;
    if (from_code(code, &a, nullptr) != Reason::ok) return "?";
    // Only actions of the game's action space have a text ("play ??" would not parse back).
    const bool well_formed = a.kind == ActionKind::play    ? kEuchreDeck.has(Card(a.arg))
                             : a.kind == ActionKind::bid   ? a.arg >= 3 && a.arg <= kMoon
                             : a.kind == ActionKind::trump ? a.arg < kSuitCount
                                                           : a.arg == 0;
    if (!well_formed) return "?";
    return ghost_euchre::format_action(a);
  }

  size_t legal_actions(ActionCode* out, size_t cap) const override {
    Action acts[kMaxLegalActions];
    const int n = ghost_euchre::legal_actions(state_, acts);
    for (int i = 0; i < n && size_t(i) < cap; ++i) {
      out[i] = ActionCode{};  // filled in place: a copy from a temporary costs a stall here
      out[i].seat = acts[i].seat;
      out[i].kind = uint8_t(acts[i].kind);
      out[i].arg = acts[i].arg;
    }
    return size_t(n);
  }

  int to_act() const override { return ghost_euchre::to_act(state_); }
  bool awaiting_deal() const override { return state_.phase == Phase::deal; }
  bool over() const override { return is_over(state_); }
  const char* phase_name() const override { return detail::phase_name(state_.phase); }
  std::vector<int64_t> scores() const override { return {state_.scores[0], state_.scores[1], state_.scores[2]}; }
  std::vector<int> winners() const override {
    std::vector<int> w;
    for (int p = 0; p < kPlayers; ++p)
      if (state_.winners >> p & 1) w.push_back(p);
    return w;
  }
  uint32_t hands_scored() const override { return state_.hands_scored; }
  std::vector<int64_t> last_deltas() const override {
    if (state_.last.declarer == kNoSeat) return {};
    return {state_.last.deltas[0], state_.last.deltas[1], state_.last.deltas[2]};
  }
  std::string last_hand_json() const override { return result_json(state_.last); }
  std::string view_json(int seat) const override { return ghost_euchre::view_json(view(state_, seat)); }
  std::string view_text(int seat) const override { return ghost_euchre::view_text(view(state_, seat)); }

  // Layout: the checksummed state image, the event count (u32), the events, and a checksum
  // (u64) of everything before it, so that damage to the history (which the state image does
  // not cover, and whose unused bytes replay the same) is detected too.
  std::vector<uint8_t> serialize() const override {
    const size_t body = kSerializedSize + 4 + history_.size() * sizeof(Event);
    std::vector<uint8_t> bytes(body + 8);
    ghost_euchre::serialize(state_, bytes.data(), kSerializedSize);
    const uint32_t n = uint32_t(history_.size());
    std::memcpy(bytes.data() + kSerializedSize, &n, 4);
    if (n) std::memcpy(bytes.data() + kSerializedSize + 4, history_.data(), n * sizeof(Event));
    const uint64_t sum = blob_checksum(bytes.data(), body);
    std::memcpy(bytes.data() + body, &sum, 8);
    return bytes;
  }

  // Restores from Game::serialize bytes: the state image must be valid and equal to what
  // replaying the stored history from a new game produces.
  static std::unique_ptr<Game> restore(const uint8_t* bytes, size_t len, Error* err) {
    State image;
    if (len < kSerializedSize + 4 + 8) {
      fail(err, Reason::corrupt_state, "%zu bytes is too short for a ghost-euchre game", len);
      return nullptr;
    }
    if (ghost_euchre::deserialize(bytes, kSerializedSize, &image, err) != Reason::ok) return nullptr;
    uint32_t n;
    std::memcpy(&n, bytes + kSerializedSize, 4);
    if ((len - kSerializedSize - 4 - 8) != size_t(n) * sizeof(Event)) {
      fail(err, Reason::corrupt_state, "history of %u events does not fit %zu bytes", n, len);
      return nullptr;
    }
    uint64_t sum;
    std::memcpy(&sum, bytes + len - 8, 8);
    if (sum != blob_checksum(bytes, len - 8)) {
      fail(err, Reason::corrupt_state, "checksum mismatch in the game history");
      return nullptr;
    }
    auto game = std::make_unique<GhostEuchreGame>(image.options, image.first_dealer);
    for (uint32_t i = 0; i < n; ++i) {
      Event e;
      std::memcpy(&e, bytes + kSerializedSize + 4 + size_t(i) * sizeof(Event), sizeof e);
      // Only canonical events: the bytes an event's own fields would serialize to.
      Event canonical{};
      canonical.type = e.type;
      if (e.type == Event::seeded) canonical.seed = e.seed;
      if (e.type == Event::explicit_deal) {
        std::memcpy(canonical.hands, e.hands, sizeof e.hands);
        canonical.ghost = e.ghost;
      }
      if (e.type == Event::action) canonical.act = e.act;
      if (std::memcmp(&canonical, &e, sizeof e) != 0) {
        fail(err, Reason::corrupt_state, "history event %u has stray bytes", i);
        return nullptr;
      }
      Error inner;
      Reason r = Reason::ok;
      if (e.type == Event::seeded) r = game->deal_seed(e.seed, &inner);
      else if (e.type == Event::explicit_deal) r = game->deal_cards_event(e, &inner);
      else if (e.type == Event::action) r = game->apply_action(e.act, &inner);
      else r = Reason::corrupt_state;
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
    std::string out = "deckhand 1\ngame ghost-euchre\nplayers 3\n";
    std::string opts[7];
    int n = 0;
    option_strings(state_.options, opts, &n);
    for (int i = 0; i < n; ++i) out += "option " + opts[i] + "\n";
    out += "dealer " + std::to_string(state_.first_dealer) + "\n";
    for (const Event& e : history_) {
      if (e.type == Event::seeded) out += "deal seed " + std::to_string(e.seed) + "\n";
      else if (e.type == Event::explicit_deal) out += "deal " + format_deal(e.hands, e.ghost) + "\n";
      else out += std::to_string(e.act.seat) + " " + ghost_euchre::format_action(e.act) + "\n";
    }
    return out;
  }

  void reset() override {
    state_ = new_game(state_.options, state_.first_dealer);
    history_.clear();
  }

  const State& state() const { return state_; }

 private:
  Reason deal_cards_event(const Event& e, Error* err) {
    Reason r = deal_cards(state_, e.hands, e.ghost, &state_, err);
    if (r == Reason::ok) history_.push_back(e);
    return r;
  }

  Reason parse_checked(int seat, std::string_view text, Action* a, Error* err) const {
    if (seat < 0 || seat >= kPlayers) return fail(err, Reason::bad_seat, "seat %d does not exist (seats 0-2)", seat);
    return ghost_euchre::parse_action(text, seat, a, err);
  }

  State state_;
  std::vector<Event> history_;
};

}  // namespace

std::unique_ptr<Game> make_ghost_euchre(const OptionList& options, int first_dealer, Error* err) {
  Options o;
  for (const auto& [key, value] : options)
    if (set_option(&o, key, value, err) != Reason::ok) return nullptr;
  return std::make_unique<GhostEuchreGame>(o, first_dealer);
}

std::unique_ptr<Game> restore_ghost_euchre(const uint8_t* bytes, size_t len, Error* err) {
  return GhostEuchreGame::restore(bytes, len, err);
}

}  // namespace deckhand::ghost_euchre
