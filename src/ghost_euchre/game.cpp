// Ghost Hand Euchre behind deckhand::Game (src/common/game_adapter.hpp).
#include <cstddef>
#include <cstring>

#include "../common/game_adapter.hpp"
#include "../common/games.hpp"
#include "internal.hpp"

namespace deckhand::ghost_euchre {

namespace {

// The game's entry in the catalog (deckhand games, dh_catalog_*): docs/rules/ghost-euchre.md.
constexpr OptionSpec kOptionSpecs[] = {
    {"swaps", "one|chain", "one", "G4", "one swap with the ghost hand per deal, or a chain"},
    {"all_pass", "redeal|stick_dealer", "redeal", "G5",
     "when all pass: throw the deal in, or the dealer must bid"},
    {"renege", "reject|penalize", "reject", "G8",
     "a failure to follow suit is refused, or allowed and costs 2 points"},
    {"declarer_scores", "tricks|bid", "tricks", "G9",
     "a declarer who makes the bid scores the tricks taken, or the bid"},
    {"moon_set", "24|6", "24", "G9", "what a failed moon costs the declarer"},
    {"target", "1..10000", "32", "G10", "the total that wins the game"},
    {"tiebreak", "extra_hand|highest", "extra_hand", "G10",
     "when two reach the target together: play tie-break hands, or the highest total wins"},
    {"max_hands", "0..1000000", "0", "G10",
     "the game also ends after this many scored hands, highest total winning; 0 = no limit"},
};
constexpr const char* kPhaseNames[] = {"deal", "bidding", "trump", "play", "over"};
constexpr ActionKindSpec kActionKinds[] = {{0, "swap", "swap", "swap your hand for the ghost hand"},
                                           {1, "pass", "pass", "pass"},
                                           {2, "bid", "bid 3|4|5|moon", "bid"},
                                           {3, "trump", "trump C|D|H|S", "name trump"},
                                           {4, "play", "play <card>", "play a card"}};

struct Rules {
  using State = ghost_euchre::State;
  using Action = ghost_euchre::Action;
  using Options = ghost_euchre::Options;
  static constexpr const char* kName = "ghost-euchre";
  static constexpr int kPlayers = ghost_euchre::kPlayers;
  static constexpr int kMaxLegalActions = ghost_euchre::kMaxLegalActions;
  static constexpr const char* kImageTag = detail::kImageTag;
  static constexpr bool kHasReshuffle = false;
  static constexpr size_t kSerializedSize = ghost_euchre::kSerializedSize;

  static Options base_options(int) { return Options{}; }
  static int players(const State&) { return kPlayers; }
  static State new_game(const Options& o, int dealer) { return ghost_euchre::new_game(o, dealer); }
  static Reason set_option(Options* o, std::string_view k, std::string_view v, Error* err) {
    return ghost_euchre::set_option(o, k, v, err);
  }
  static std::vector<std::string> option_strings(const Options& o) {
    std::string out[ghost_euchre::kOptionCount];
    int n = 0;
    ghost_euchre::option_strings(o, out, &n);
    return {out, out + n};
  }
  static Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
    return ghost_euchre::deal_seed(s, seed, out, err);
  }
  static Reason parse_deal(std::string_view text, const State&, std::string* bytes, Error* err) {
    CardSet h[kPlayers + 1];
    if (Reason r = ghost_euchre::parse_deal(text, h, &h[kPlayers], err); r != Reason::ok) return r;
    *bytes = deckhand::detail::pack_holdings(h, kPlayers + 1);
    return Reason::ok;
  }
  static Reason deal_bytes(const State& s, std::string_view bytes, State* out, Error* err) {
    CardSet h[kPlayers + 1];
    if (!deckhand::detail::unpack_holdings(bytes, h, kPlayers + 1))
      return fail(err, Reason::malformed_deal, "a ghost-euchre deal is %d card sets", kPlayers + 1);
    return deal_cards(s, h, h[kPlayers], out, err);
  }
  static std::string format_deal(std::string_view bytes) {
    CardSet h[kPlayers + 1] = {};
    deckhand::detail::unpack_holdings(bytes, h, kPlayers + 1);
    return ghost_euchre::format_deal(h, h[kPlayers]);
  }
  static Reason advance(State* s, Action a, Error* err) { return ghost_euchre::advance(s, a, err); }
  static void advance_listed(State* s, Action a) { detail::advance_listed(s, a); }
  static Reason check(const State& s, Action a, Error* err) {
    return ghost_euchre::check(s, a, err);
  }
  static int legal_actions(const State& s, Action* out) {
    return ghost_euchre::legal_actions(s, out);
  }
  static Reason parse_action(std::string_view text, int seat, Action* a, Error* err) {
    return ghost_euchre::parse_action(text, seat, a, err);
  }
  static std::string format_action(Action a) { return ghost_euchre::format_action(a); }
  static bool well_formed(Action a) {
    switch (a.kind) {
      case ActionKind::play:
        return kEuchreDeck.has(Card(a.arg));
      case ActionKind::bid:
        return a.arg >= 3 && a.arg <= kMoon;
      case ActionKind::trump:
        return a.arg < kSuitCount;
      default:
        return a.arg == 0;
    }
  }
  // ActionCode: seat, kind, arg, count 0: the Action's four bytes (its last one is zero).
  // A code is this word then 24 zero bytes: the action's own four bytes (count 0).
  static uint64_t code_first_word(Action a) { return deckhand::detail::load_le32(&a); }
  static void code_into(Action a, ActionCode* out) {
    deckhand::detail::write_code(out, code_first_word(a));
  }
  static ActionCode to_code(Action a) {
    ActionCode c;
    code_into(a, &c);
    return c;
  }
  // The code's first four bytes (seat, kind, arg, count 0) are the action's own, so it is
  // read as words: the C ABI's self-play path decodes a code for every action.
  static Reason from_code(const ActionCode& c, Action* out, Error* err) {
    using deckhand::detail::code_word;
    const uint64_t first = code_word(c, 0);
    const uint64_t rest = first >> 24 | code_word(c, 1) | code_word(c, 2) | code_word(c, 3);
    if (uint8_t(first >> 8) > uint8_t(ActionKind::play) || rest != 0)
      return fail(err, Reason::malformed_action,
                  "action kind %d with %d cards is not a ghost-euchre action (unused bytes must "
                  "be zero)",
                  int(c.kind), int(c.count));
    const uint32_t bits = uint32_t(first);
    static_assert(sizeof(Action) == 4 && offsetof(Action, zero) == 3);
    deckhand::detail::store_le32(out, bits);
    return Reason::ok;
  }
  static int to_act(const State& s) { return ghost_euchre::to_act(s); }
  static bool awaiting_deal(const State& s) { return s.phase == Phase::deal; }
  static bool is_over(const State& s) { return ghost_euchre::is_over(s); }
  static const char* phase_name(const State& s) { return detail::phase_name(s.phase); }
  static std::string result_json(const State& s) { return ghost_euchre::result_json(s.last); }
  static View view(const State& s, int seat) { return ghost_euchre::view(s, seat); }
  static std::string view_json(const View& v) { return ghost_euchre::view_json(v); }
  static std::string view_text(const View& v) { return ghost_euchre::view_text(v); }
  static size_t serialize(const State& s, uint8_t* buf, size_t cap) {
    return ghost_euchre::serialize(s, buf, cap);
  }
  static bool swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
    return detail::swap_hidden(s, seat, pick, out);
  }
  static Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
    return ghost_euchre::deserialize(buf, len, out, err);
  }
};

}  // namespace

// Its bots, sampler, solver and encoder (extensions.cpp).
const GameExtensions& extensions();

const GameDescriptor& descriptor() {
  static const GameSpec spec{"ghost-euchre",
                             kPlayers,
                             kPlayers,
                             "Ghost Hand Euchre: three players, a ghost hand to swap with, bids "
                             "of 3 to 5 tricks or the moon (G1-G11)",
                             kOptionSpecs,
                             kPhaseNames,
                             kActionKinds,
                             "max_hands",  // the option that bounds a game's length
                             100,          // its value for unattended play
                             false};       // higher totals win
  static const GameDescriptor d =
      with_extensions(deckhand::detail::describe<Rules>(spec), extensions());
  return d;
}

}  // namespace deckhand::ghost_euchre
