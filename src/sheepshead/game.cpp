// Sheepshead behind deckhand::Game (src/common/game_adapter.hpp).
#include <array>
#include <bit>
#include <cstddef>
#include <cstring>

#include "../common/game_adapter.hpp"
#include "../common/games.hpp"
#include "internal.hpp"

namespace deckhand::sheepshead {

namespace {

// The game's entry in the catalog (deckhand games, dh_catalog_*): docs/rules/sheepshead.md.
constexpr OptionSpec kOptionSpecs[] = {
    {"no_pick", "leaster|doubler|forced", "leaster", "S5",
     "when nobody picks: a leaster, a doubled next hand, or the dealer must pick"},
    {"unknown", "on|off", "on", "S7", "a picker holding every callable ace may call an unknown"},
    {"double_on_bump", "off|on", "off", "S11", "a picker who loses pays double"},
    {"leaster_blind", "last_trick|none", "last_trick", "S14",
     "in a leaster the blind goes to the last trick's winner, or to nobody"},
    {"hands", "0..1000000", "0", "S15",
     "the game ends after this many scored hands; 0 is an endless session"},
};
constexpr const char* kPhaseNames[] = {"deal", "picking", "burying", "calling", "play", "over"};
constexpr ActionKindSpec kActionKinds[] = {
    {0, "pick", "pick", "pick up the blind"},
    {1, "pass", "pass", "pass"},
    {2, "bury", "bury <card> <card>", "choose two cards to bury"},
    {3, "call", "call <card> [unknown <card>]", "call your partner's card"},
    {4, "alone", "alone", "go alone"},
    {5, "play", "play <card>", "play a card"}};

struct Rules {
  using State = sheepshead::State;
  using Action = sheepshead::Action;
  using Options = sheepshead::Options;
  static constexpr const char* kName = "sheepshead";
  static constexpr int kPlayers = sheepshead::kPlayers;
  static constexpr int kMaxLegalActions = sheepshead::kMaxLegalActions;
  static constexpr const char* kImageTag = detail::kImageTag;
  static constexpr bool kHasReshuffle = false;
  static constexpr size_t kSerializedSize = sheepshead::kSerializedSize;

  static Options base_options(int) { return Options{}; }
  static int players(const State&) { return kPlayers; }
  static State new_game(const Options& o, int dealer) { return sheepshead::new_game(o, dealer); }
  static Reason set_option(Options* o, std::string_view k, std::string_view v, Error* err) {
    return sheepshead::set_option(o, k, v, err);
  }
  static std::vector<std::string> option_strings(const Options& o) {
    std::string out[5];
    int n = 0;
    sheepshead::option_strings(o, out, &n);
    return {out, out + n};
  }
  static Reason deal_seed(const State& s, uint64_t seed, State* out, Error* err) {
    return sheepshead::deal_seed(s, seed, out, err);
  }
  static Reason parse_deal(std::string_view text, const State&, std::string* bytes, Error* err) {
    CardSet h[kPlayers + 1];
    if (Reason r = sheepshead::parse_deal(text, h, &h[kPlayers], err); r != Reason::ok) return r;
    *bytes = deckhand::detail::pack_holdings(h, kPlayers + 1);
    return Reason::ok;
  }
  static Reason deal_bytes(const State& s, std::string_view bytes, State* out, Error* err) {
    CardSet h[kPlayers + 1];
    if (!deckhand::detail::unpack_holdings(bytes, h, kPlayers + 1))
      return fail(err, Reason::malformed_deal, "a sheepshead deal is %d card sets", kPlayers + 1);
    return deal_cards(s, h, h[kPlayers], out, err);
  }
  static std::string format_deal(std::string_view bytes) {
    CardSet h[kPlayers + 1] = {};
    deckhand::detail::unpack_holdings(bytes, h, kPlayers + 1);
    return sheepshead::format_deal(h, h[kPlayers]);
  }
  static Reason advance(State* s, Action a, Error* err) { return sheepshead::advance(s, a, err); }
  static void advance_listed(State* s, Action a) { detail::advance_listed(s, a); }
  static Reason check(const State& s, Action a, Error* err) { return sheepshead::check(s, a, err); }
  static int legal_actions(const State& s, Action* out) {
    return sheepshead::legal_actions(s, out);
  }
  static Reason parse_action(std::string_view text, int seat, Action* a, Error* err) {
    return sheepshead::parse_action(text, seat, a, err);
  }
  static std::string format_action(Action a) { return sheepshead::format_action(a); }
  static bool well_formed(Action a) {
    switch (a.kind) {
      case ActionKind::pick:
      case ActionKind::pass:
      case ActionKind::alone:
        return a.a == kNoCard && a.b == kNoCard;
      case ActionKind::bury:
        return a.a < a.b && a.b < 32;
      case ActionKind::call:
        return a.a < 32 && (a.b == kNoCard || a.b < 32);
      case ActionKind::play:
        return a.a < 32 && a.b == kNoCard;
    }
    return false;
  }
  // ActionCode: arg = first card (or none); count 1 and cards[0] = second card (bury, or the
  // unknown of a call).
  // A code is this word then 24 zero bytes, made from the action as one word (the C ABI
  // writes a code for every legal action listed): a second card b becomes count 1, cards[0].
  // The count and cards[0] bytes of the code for each value of the action's second card (a
  // table: no branch, fewer instructions per listed action than computing them).
  static constexpr auto kSecondCard = [] {
    std::array<uint64_t, 256> t{};
    for (uint64_t b = 0; b < 256; ++b) t[b] = b == kNoCard ? 0 : uint64_t(1) << 24 | b << 32;
    return t;
  }();
  static uint64_t code_first_word(Action a) {
    const uint32_t bits = deckhand::detail::load_le32(&a);
    return (bits & 0xFFFFFF) | kSecondCard[bits >> 24];
  }
  static void code_into(Action a, ActionCode* out) {
    deckhand::detail::write_code(out, code_first_word(a));
  }
  static ActionCode to_code(Action a) {
    ActionCode c;
    code_into(a, &c);
    return c;
  }
  // The C ABI lists plays (nearly every list) straight into the caller's buffer, and knows a
  // listed play from the state alone, with no legal-action cache between: a play's code is
  // its seat, kind and card (count 0), listed as legal_actions lists them (the playable set,
  // then the unknown). kMaxDirect: every card and the unknown, the most a list can hold.
  static constexpr size_t kMaxDirect = 33;
  static constexpr uint64_t kPlayCode = uint64_t(ActionKind::play) << 8;
  static int list_direct(const State& s, ActionCode* out) {
    if (s.phase != Phase::play) return -1;
    const uint64_t base = s.to_act | kPlayCode;
    int n = 0;
    for (uint32_t bits = s.playable.bits(); bits; bits &= bits - 1)
      deckhand::detail::write_code(&out[n++], base | uint64_t(std::countr_zero(bits)) << 16);
    if (s.unknown_playable)
      deckhand::detail::write_code(&out[n++], base | uint64_t(s.unknown) << 16);
    return n;
  }
  // Whether `c` is one of the plays list_direct lists, and which (outside the play phase the
  // playable set is empty and the unknown not playable, so nothing is).
  static bool recognise_direct(const State& s, const ActionCode& c, Action* a) {
    using deckhand::detail::code_word;
    const uint64_t first = code_word(c, 0);
    const uint64_t card = first >> 16;  // under 32: count and cards[] are zero
    if ((first & 0xFFFF) != (s.to_act | kPlayCode) || card >= 32 ||
        (code_word(c, 1) | code_word(c, 2) | code_word(c, 3)) != 0)
      return false;
    if (!(s.playable.bits() >> card & 1) && !(s.unknown_playable && card == s.unknown))
      return false;
    const uint32_t bits = uint32_t(first) | uint32_t(kNoCard) << 24;
    deckhand::detail::store_le32(a, bits);
    return true;
  }
  // Read as words (the C ABI's self-play path decodes a code for every action): bytes 0-2
  // are the action's seat, kind and first argument; a second card, if any, is cards[0].
  static Reason from_code(const ActionCode& c, Action* out, Error* err) {
    using deckhand::detail::code_word;
    const uint64_t first = code_word(c, 0);
    const uint64_t count = first >> 24 & 0xFF, second = first >> 32 & 0xFF;
    const uint64_t rest = first >> 40 | code_word(c, 1) | code_word(c, 2) | code_word(c, 3);
    // One code per action: no second card is count 0 with cards[0] zero.
    const bool second_ok = count == 0 ? second == 0 : count == 1 && second != kNoCard;
    if (uint8_t(first >> 8) > uint8_t(ActionKind::play) || rest != 0 || !second_ok)
      return fail(err, Reason::malformed_action,
                  "action kind %d with %d cards is not a sheepshead action (unused bytes must "
                  "be zero)",
                  int(c.kind), int(c.count));
    const uint32_t bits = uint32_t(first & 0xFFFFFF) | uint32_t(count ? second : kNoCard) << 24;
    static_assert(sizeof(Action) == 4 && offsetof(Action, b) == 3);
    deckhand::detail::store_le32(out, bits);
    return Reason::ok;
  }
  static int to_act(const State& s) { return sheepshead::to_act(s); }
  static bool awaiting_deal(const State& s) { return s.phase == Phase::deal; }
  static bool is_over(const State& s) { return sheepshead::is_over(s); }
  static const char* phase_name(const State& s) { return detail::phase_name(s.phase); }
  static std::string result_json(const State& s) { return sheepshead::result_json(s.last); }
  static View view(const State& s, int seat) { return sheepshead::view(s, seat); }
  static std::string view_json(const View& v) { return sheepshead::view_json(v); }
  static std::string view_text(const View& v) { return sheepshead::view_text(v); }
  static size_t serialize(const State& s, uint8_t* buf, size_t cap) {
    return sheepshead::serialize(s, buf, cap);
  }
  static bool swap_hidden(const State& s, int seat, uint64_t pick, State* out) {
    return detail::swap_hidden(s, seat, pick, out);
  }
  static Reason deserialize(const uint8_t* buf, size_t len, State* out, Error* err) {
    return sheepshead::deserialize(buf, len, out, err);
  }
};

}  // namespace

// Its bots, sampler, solver and encoder (extensions.cpp).
const GameExtensions& extensions();

const GameDescriptor& descriptor() {
  static const GameSpec spec{"sheepshead",
                             kPlayers,
                             kPlayers,
                             "Sheepshead, five-handed with a called ace: the picker and a "
                             "partner against three (S1-S15)",
                             kOptionSpecs,
                             kPhaseNames,
                             kActionKinds,
                             "hands",  // the option that bounds a game's length
                             5,        // for unattended play: each seat deals once
                             false};   // higher totals win
  static const GameDescriptor d =
      with_extensions(deckhand::detail::describe<Rules>(spec), extensions());
  return d;
}

}  // namespace deckhand::sheepshead
