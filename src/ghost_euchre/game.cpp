// Ghost Hand Euchre behind the game-independent deckhand::Game interface: the state plus
// the event history that produced it, for the C ABI, records and tools.
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

Reason from_code(const ActionCode& c, Action* out, Error* err) {
  if (c.kind > uint8_t(ActionKind::play) || c.count != 0)
    return fail(err, Reason::malformed_action, "action kind %d with %d cards is not a ghost-euchre action",
                int(c.kind), int(c.count));
  *out = Action{c.seat, ActionKind(c.kind), c.arg};
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
      Event e{};
      e.type = Event::action;
      e.act = a;
      history_.push_back(e);
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
    return ghost_euchre::format_action(a);
  }

  size_t legal_actions(ActionCode* out, size_t cap) const override {
    Action acts[kMaxLegalActions];
    const int n = ghost_euchre::legal_actions(state_, acts);
    for (int i = 0; i < n && size_t(i) < cap; ++i) out[i] = to_code(acts[i]);
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

  std::vector<uint8_t> serialize() const override {
    std::vector<uint8_t> bytes(kSerializedSize + 4 + history_.size() * sizeof(Event));
    ghost_euchre::serialize(state_, bytes.data(), kSerializedSize);
    const uint32_t n = uint32_t(history_.size());
    std::memcpy(bytes.data() + kSerializedSize, &n, 4);
    if (n) std::memcpy(bytes.data() + kSerializedSize + 4, history_.data(), n * sizeof(Event));
    return bytes;
  }

  // Restores from Game::serialize bytes: the state image must be valid and equal to what
  // replaying the stored history from a new game produces.
  static std::unique_ptr<Game> restore(const uint8_t* bytes, size_t len, Error* err) {
    State image;
    if (len < kSerializedSize + 4) {
      fail(err, Reason::corrupt_state, "%zu bytes is too short for a ghost-euchre game", len);
      return nullptr;
    }
    if (ghost_euchre::deserialize(bytes, kSerializedSize, &image, err) != Reason::ok) return nullptr;
    uint32_t n;
    std::memcpy(&n, bytes + kSerializedSize, 4);
    if ((len - kSerializedSize - 4) != size_t(n) * sizeof(Event)) {
      fail(err, Reason::corrupt_state, "history of %u events does not fit %zu bytes", n, len);
      return nullptr;
    }
    auto game = std::make_unique<GhostEuchreGame>(image.options, image.first_dealer);
    for (uint32_t i = 0; i < n; ++i) {
      Event e;
      std::memcpy(&e, bytes + kSerializedSize + 4 + size_t(i) * sizeof(Event), sizeof e);
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
